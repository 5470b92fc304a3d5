"""The learned reader: a centre-net die detector and a face classifier, both ONNX run by cv2.dnn.

A view costs the classifier about 0.33 ms on one core whether read in batches of 4 or of 48 (run in
two parts by cv2.dnn's two engines, Classifier; 0.45 as one network by either), so the reader's
time is mostly its number of views. Tried and not kept: the classifier quantized to 8 bits
(ONNX Runtime's static quantization, per channel, calibrated on 1,650 of the reader's views): cv2.dnn
5.0 runs it at 0.81 ms a view against 0.43 for the float network, and does not load its QDQ form."""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

CROP = 40
# the classifier looks at each die straight and mirrored, and turned a little either way: (degrees
# turned, mirrored left to right) of each view, the first two unturned; two views more (turned 5
# degrees) read the held-out photos and renders no better, at a third more of the cost
VIEW_TURNS = ((0.0, False), (0.0, True), (-10.0, False), (10.0, True), (10.0, False), (-10.0, True))
VIEWS = len(VIEW_TURNS)
CROP_SPAN = 1.15  # a crop covers this times the detected die's side
STRIDE = 4
DET_LONG_SIDE = 352  # the detector's input (long side) for the first look
DET_MAX_LONG_SIDE = 1280  # ... and the most the second look grows to for photos of small dice
HEAT_THRESHOLD = 0.15  # detector peaks above this are candidates; the classifier sorts out what is not a die
NOT_A_DIE = 0.05  # classifier probability of "not a die" above which a detection is dropped
FLOAT_SHRINK_PIXELS = 1_300_000  # the detector's input shrunk through floats up to this size of photo (shrink)
TAIL = ".tail.onnx"  # a classifier's layers after its first pooling, saved apart (Classifier)
SIZE_GAIN = 1.0  # boxes are scaled by this (calibrated on the training photos)
# other sets of classifiers (their files' name) and the average confidence of the dice read so far under
# which vision.reader._read_again asks each, in this order: gone on with renders from 25-60 degrees off
# overhead, asked under 0.93 (under 0.95 it read every validation set alike, but for a box of the
# photos learnt from, in half of them rather than 29 %: on dice-a's test split 84 views a photo at the
# median, not 64); with camera faults (blur, shake, noise, JPEG), asked only under 0.8 (under 0.95, as
# the first is, it read a held-out photo worse: 0.982 -> 0.979)
OTHER_SETS = {"steep_classifier": 0.93, "faults_classifier": 0.8}
# a classifier (its file's name) that asks only whether a die kept is a die at all, in GATE_VIEWS views,
# the die dropped where "not a die" is above GATE_NOT_A_DIE (vision.reader._gated): the first set reads a
# score sheet's digits, a keyboard's keys or a printed label beside the dice as dice, doubtfully ("not a
# die" 0.005-0.15 at its last read, against under 0.005 for seven in ten dice read right, which are not asked:
# GATE_DOUBT); this one went on with such things beside the renders' dice and reads most of them as what
# they are (above 0.1 it dropped more dice of the Chinese kind, above 0.2 fewer keys; in one view, fewer)
GATE = "gate_classifier"
GATE_VIEWS = 2
GATE_NOT_A_DIE = 0.15
GATE_DOUBT = 0.005
# a larger classifier (its file's name: 24 and 32 channels at full resolution, twice the others' after),
# asked of each die the others read under vision.reader.REFEREE_DOUBT at its last read, in VIEWS views,
# its probabilities and theirs averaged (vision.reader._refereed)
REFEREE = "referee_classifier"


def assets_dir() -> Path:
    """Where the model files are: $SCOREKEEPER_ASSETS, else the repository's assets/."""
    env = os.environ.get("SCOREKEEPER_ASSETS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "assets"


def classifier_files(directory: Path, name: str) -> list[Path]:
    """A set of classifiers' files: NAME.onnx, then NAME_2.onnx, NAME_3.onnx, ... (not their tails)."""
    return [directory / f"{name}.onnx", *sorted(p for p in directory.glob(f"{name}_*.onnx") if not p.name.endswith(TAIL))]


class Classifier:
    """One classifier file run in two parts, as fast as cv2.dnn runs it: its layers up to its first
    pooling (two 3 x 3 convolutions at full resolution, most of the arithmetic) by the classic
    engine, whose Winograd convolutions are the faster there, and the rest, saved apart beside it
    (NAME.tail.onnx, vision.training.layout), by the new engine, the faster for the rest: a view
    in about 0.75 of the time either engine alone takes. Without the tail file, or in an OpenCV
    without the classic engine (5.1 dropped it), the whole by the new engine."""

    def __init__(self, path: Path) -> None:
        tail = tail_path(path)
        self.head: cv2.dnn.Net | None = None
        if tail.exists() and hasattr(cv2.dnn, "ENGINE_CLASSIC"):
            self.head = cv2.dnn.readNetFromONNX(str(path), engine=cv2.dnn.ENGINE_CLASSIC)
            self.cut = next(n for n in self.head.getLayerNames() if self.head.getLayer(n).type == "Pooling")
        self.tail = cv2.dnn.readNetFromONNX(str(tail if self.head is not None else path))

    def forward(self, blob: np.ndarray) -> np.ndarray:
        """The classifier's outputs (n, 11) for the views `blob` (n, 3, CROP, CROP)."""
        if self.head is not None:
            self.head.setInput(blob)
            blob = self.head.forward(self.cut)
        self.tail.setInput(blob)
        out: np.ndarray = self.tail.forward()
        return out


def die_source(image: np.ndarray, cx: float, cy: float, side: float, size: int = CROP) -> tuple[np.ndarray, int, int]:
    """What the views of the die at (cx, cy) are cut from, and its origin in `image`: the image
    itself, or where a view shrinks it to less than half, the part around the die blurred first
    (warpAffine does not average over large areas). Made once per die, shared by its views."""
    scale = size / max(side * CROP_SPAN, 1.0)
    if scale < 0.5:
        k = int(1 / scale) | 1
        x0, y0 = int(max(cx - side, 0)), int(max(cy - side, 0))
        x1, y1 = int(min(cx + side + 1, image.shape[1])), int(min(cy + side + 1, image.shape[0]))
        if x1 > x0 and y1 > y0:
            return cv2.GaussianBlur(image[y0:y1, x0:x1], (k, k), 0), x0, y0
    return image, 0, 0


def crop_die(
    image: np.ndarray, cx: float, cy: float, side: float, angle: float = 0.0, size: int = CROP,
    source: tuple[np.ndarray, int, int] | None = None,
) -> np.ndarray:
    """A size x size view of the square of `side` pixels centred on (cx, cy), turned by `angle`;
    `source` is die_source(image, cx, cy, side, size) where the caller already has it."""
    scale = size / max(side * CROP_SPAN, 1.0)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, scale)
    m[:, 2] += np.array([size / 2 - cx, size / 2 - cy])
    interp = cv2.INTER_AREA if scale < 0.7 else cv2.INTER_LINEAR
    src, x0, y0 = source if source is not None else die_source(image, cx, cy, side, size)
    if x0 or y0:
        m[:, 2] += m[:, :2] @ np.array([x0, y0])
    return cv2.warpAffine(src, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)


def shrink(image: np.ndarray, w: int, h: int) -> np.ndarray:
    """`image` (uint8) shrunk to w x h by area, as cv2.resize with INTER_AREA gives it, in about
    0.7 of the time for a photo of up to FLOAT_SHRINK_PIXELS where the ratio is not a whole number:
    OpenCV computes that resize in floats whatever the depth and rounds to the nearest level, which
    a float image's resize, so rounded, matches exactly, and its float path is the faster. A
    whole-number ratio takes OpenCV's own faster path; a larger photo, the float copy costs more
    than it saves."""
    iw, ih = image.shape[1], image.shape[0]
    if iw % w == 0 and ih % h == 0 or iw * ih > FLOAT_SHRINK_PIXELS:
        return cv2.resize(image, (w, h), interpolation=cv2.INTER_AREA)
    out: np.ndarray = cv2.resize(image.astype(np.float32), (w, h), interpolation=cv2.INTER_AREA)
    return cv2.convertScaleAbs(out)


def taken_apart(x: np.ndarray) -> np.ndarray:
    """A batch (n, c, h, w) of even sides taken apart into (n, 4c, h / 2, w / 2): channel 4k + 2p + q
    holds channel k's pixels (2u + p, 2v + q)."""
    n, c, h, w = x.shape
    return x.reshape(n, c, h // 2, 2, w // 2, 2).transpose(0, 1, 3, 5, 2, 4).reshape(n, 4 * c, h // 2, w // 2)


def space_to_depth(image: np.ndarray) -> np.ndarray:
    """The detector's input (1, 12, h / 2, w / 2) from a BGR image of even sides (taken_apart),
    levels made 0-1. The detector's first layer, a 3 x 3 convolution at stride 2 on three channels,
    is shipped as the same arithmetic on these twelve (a 2 x 2 convolution at stride 1;
    vision.training.layout), which cv2.dnn runs in four fifths of the time."""
    return taken_apart(image.transpose(2, 0, 1)[None]).astype(np.float32) * np.float32(1 / 255.0)


def tail_path(path: Path) -> Path:
    """Where a classifier's layers after its first pooling are saved apart: NAME.tail.onnx beside NAME.onnx."""
    return path.with_name(path.stem + TAIL)


@dataclass(frozen=True)
class Detection:
    """A die found: its centre, width and height in image pixels, the detector's score, and the
    look that found it (the detector input's long side; 0 for a box made otherwise)."""

    cx: float
    cy: float
    w: float
    h: float
    score: float
    look: int = 0


class Models:
    """The networks, loaded once per process (cv2.dnn nets are not shared across threads): the
    detector and one or more classifiers (dice_classifier.onnx, dice_classifier_2.onnx, ...),
    trained alike from different seeds, which take turns over the views of each die; and where
    present, the other sets of OTHER_SETS (steep_classifier.onnx, ...), each gone on from the
    first with photos of one kind, which it reads better, and the rest no better, and the gate
    (GATE: gate_classifier.onnx)."""

    def __init__(self, directory: Path) -> None:
        det = directory / "dice_detector.onnx"
        cls = classifier_files(directory, "dice_classifier")
        for p in (det, cls[0]):
            if not p.exists():
                raise FileNotFoundError(f"model file missing: {p} (train with vision/training/train.py)")
        self.det = cv2.dnn.readNetFromONNX(str(det))
        self.cls = [Classifier(p) for p in cls]
        self.others = {name: [Classifier(p) for p in files]
                       for name in OTHER_SETS if (files := [p for p in classifier_files(directory, name) if p.exists()])}
        self.gate = [Classifier(p) for p in classifier_files(directory, GATE) if p.exists()]
        self.referee = [Classifier(p) for p in classifier_files(directory, REFEREE) if p.exists()]
        self.lock = threading.Lock()

    def detect(
        self, image: np.ndarray, long_side: int, region: tuple[int, int, int, int] | None = None,
    ) -> tuple[list[Detection], float]:
        """Dice centres and sizes in `image` pixels; also the scale used (image px per input px).
        `region` (x0, y0, x1, y1): only that part of the image looked at (in the detector's input,
        widened to its stride of 32 pixels, so that what it finds there is as in the whole image)."""
        h, w = image.shape[:2]
        s = min(1.0 * long_side / max(h, w), 4.0)
        nw, nh = max(32, round(w * s)), max(32, round(h * s))
        pw, ph = -(-nw // 32) * 32, -(-nh // 32) * 32
        small = shrink(image, nw, nh) if s < 1 else cv2.resize(image, (nw, nh), interpolation=cv2.INTER_LINEAR)
        if (pw, ph) != (nw, nh):
            small = cv2.copyMakeBorder(small, 0, ph - nh, 0, pw - nw, cv2.BORDER_REPLICATE)
        ox, oy = 0, 0
        if region is not None:
            x0, y0, x1, y1 = region
            ox, oy = int(x0 * nw / w) // 32 * 32, int(y0 * nh / h) // 32 * 32
            ex, ey = min(pw, -(-int(x1 * nw / w + 1) // 32) * 32), min(ph, -(-int(y1 * nh / h + 1) // 32) * 32)
            small = small[oy:ey, ox:ex]
        blob = space_to_depth(small)
        with self.lock:
            self.det.setInput(blob)
            out = self.det.forward()[0]
        heat = out[0]
        peaks = (heat == cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat > HEAT_THRESHOLD)
        ys, xs = np.nonzero(peaks)
        back = (w / nw + h / nh) / 2
        dets = []
        for y, x in zip(ys.tolist(), xs.tolist(), strict=True):
            if ox + x * STRIDE >= nw or oy + y * STRIDE >= nh:
                continue
            cx = (ox + (x + float(out[3, y, x])) * STRIDE) * back
            cy = (oy + (y + float(out[4, y, x])) * STRIDE) * back
            bw = float(np.exp(out[1, y, x])) * STRIDE * back * SIZE_GAIN
            bh = float(np.exp(out[2, y, x])) * STRIDE * back * SIZE_GAIN
            dets.append(Detection(cx, cy, bw, bh, float(heat[y, x]), long_side))
        return nms(dets), back

    def classify(
        self, image: np.ndarray, dets: list[Detection], views: int = VIEWS, turn: float = 0.0, other: str | None = None,
    ) -> tuple[np.ndarray, list[Detection]]:
        """Class probabilities (n, 7): column 0 'not a die', columns 1..6 the face values; and each
        detection with its box as the classifier sees it on the closer view. Each die is read in
        `views` of VIEW_TURNS, view k by classifier k modulo their number, and the outputs averaged.
        The views keep the photo's up direction: in a photo taken at an angle the top face is the
        upper one, and the classifiers learnt so from renders. `turn` (degrees, counter-clockwise)
        is added to every view: the direction of the table's far side when it is not up. `other`:
        read by that set of OTHER_SETS (self.others), or by the gate (GATE), instead."""
        return summarise(dets, self.read_views(image, dets, views, turn, other))

    def read_views(
        self, image: np.ndarray, dets: list[Detection], views: int = VIEWS, turn: float = 0.0, other: str | None = None,
        first: int = 0,
    ) -> Views:
        """Views `first` to `views` - 1 of VIEW_TURNS of each detection as classify reads them, not
        yet averaged (see summarise): a read in two parts, the second only for some dice, is the
        same as one read of them all."""
        n = len(dets)
        chosen = tuple((angle + turn, mirrored) for angle, mirrored in VIEW_TURNS[:max(1, min(views, VIEWS))])
        mine_all = range(first, len(chosen))
        if not n:
            return Views(np.zeros((len(mine_all), 0, 7), np.float32), np.zeros((len(mine_all), 0, 4), np.float32))
        all_out = np.zeros((len(chosen) * n, 11), np.float32)
        sources = [die_source(image, d.cx, d.cy, max(d.w, d.h)) for d in dets]
        cut: dict[float, list[np.ndarray]] = {}  # each angle's views, cut once (a mirrored view flips one)
        nets = (self.gate if other == GATE else self.referee if other == REFEREE
                else self.others[other] if other else self.cls)
        for j, net in enumerate(nets[:len(chosen)]):
            mine = [v for v in range(j, len(chosen), len(nets)) if v in mine_all]
            if not mine:
                continue
            crops: list[np.ndarray] = []
            for v in mine:
                angle, mirrored = chosen[v]
                if angle not in cut:
                    cut[angle] = [crop_die(image, d.cx, d.cy, max(d.w, d.h), angle=angle, source=src)
                                  for d, src in zip(dets, sources, strict=True)]
                crops.extend(np.ascontiguousarray(c[:, ::-1]) if mirrored else c for c in cut[angle])
            blob = cv2.dnn.blobFromImages(crops, 1 / 255.0)
            with self.lock:
                out = net.forward(blob)
            for i, v in enumerate(mine):
                all_out[v * n:(v + 1) * n] = out[i * n:(i + 1) * n, :11]
        logits = all_out[:, :7] - all_out[:, :7].max(1, keepdims=True)
        e = np.exp(logits)
        e /= e.sum(1, keepdims=True)
        probs = e.reshape(len(chosen), n, 7)[mine_all.start:]
        boxes = in_photo_frame(all_out[:, 7:11].reshape(len(chosen), n, 4), chosen)[mine_all.start:]
        return Views(probs, boxes)


@dataclass(frozen=True)
class Views:
    """Each view's class probabilities (views, n, 7) and box in the photo's frame (views, n, 4),
    of n dice (see Models.read_views)."""

    probs: np.ndarray
    boxes: np.ndarray

    def take(self, index: list[int]) -> Views:
        """The views of the dice at `index` only."""
        return Views(self.probs[:, index], self.boxes[:, index])

    def then(self, more: Views) -> Views:
        """These views and `more` of the same dice."""
        return Views(np.concatenate([self.probs, more.probs]), np.concatenate([self.boxes, more.boxes]))


def summarise(dets: list[Detection], views: Views) -> tuple[np.ndarray, list[Detection]]:
    """The dice's views averaged, as Models.classify gives them: class probabilities (n, 7) and each
    detection with its box as the classifier refitted it."""
    if not dets:
        return np.zeros((0, 7), np.float32), []
    p = views.probs.mean(0)
    box = views.boxes.mean(0)
    boxes = []
    for d, (tx, ty, lw, lh) in zip(dets, box.tolist(), strict=True):
        span = max(d.w, d.h) * CROP_SPAN
        boxes.append(Detection(d.cx + tx * span, d.cy + ty * span, float(np.exp(lw)) * span,
                               float(np.exp(lh)) * span, d.score))
    return p, boxes


def in_photo_frame(box: np.ndarray, views: tuple[tuple[float, bool], ...]) -> np.ndarray:
    """Boxes as the classifier gives them in each view, (views, n, 4): the die's centre offset
    from the view's centre in view spans and its log width and height, brought back to the
    photo's frame: unmirrored, turned back, width and height swapped for a view turned a quarter."""
    out = box.astype(np.float32)  # a copy: the offsets are read whole before either is written
    for v, (angle, mirrored) in enumerate(views):
        tx = -box[v, :, 0] if mirrored else box[v, :, 0]
        ty = box[v, :, 1]
        cos, sin = np.cos(np.deg2rad(angle)), np.sin(np.deg2rad(angle))
        out[v, :, 0] = cos * tx - sin * ty
        out[v, :, 1] = sin * tx + cos * ty
        if round(angle / 90) % 2:  # a view turned a quarter: its width is the photo's height
            out[v, :, 2:4] = box[v, :, 3:1:-1]
    return out


def iou(a: Detection, b: Detection) -> float:
    """Intersection over union of two detections' boxes."""
    ax0, ay0, ax1, ay1 = a.cx - a.w / 2, a.cy - a.h / 2, a.cx + a.w / 2, a.cy + a.h / 2
    bx0, by0, bx1, by1 = b.cx - b.w / 2, b.cy - b.h / 2, b.cx + b.w / 2, b.cy + b.h / 2
    iw = max(0.0, min(ax1, bx1) - max(ax0, bx0))
    ih = max(0.0, min(ay1, by1) - max(ay0, by0))
    inter = iw * ih
    union = a.w * a.h + b.w * b.h - inter
    return inter / union if union > 0 else 0.0


def nms(dets: list[Detection], threshold: float = 0.45) -> list[Detection]:
    """The detections, surest first, less those overlapping a surer one by `threshold` (IoU) or more."""
    keep: list[Detection] = []
    for d in sorted(dets, key=lambda d: -d.score):
        if all(iou(d, k) < threshold for k in keep):
            keep.append(d)
    return keep


_models: Models | None = None
_models_lock = threading.Lock()


def models() -> Models:
    """The networks of this process, loaded on first use."""
    global _models
    with _models_lock:
        if _models is None:
            _models = Models(assets_dir())
        return _models
