"""The reader behind vision.read_dice: a centre-net die detector and a face classifier, run by cv2.dnn.

The detector looks at the photo scaled to READ.detector_long_side, and again closer where the dice it
found (or, in a large photo, nothing at all) are too small for it. Each candidate is cut out as a
40 x 40 crop, read by the classifier in the views of READ.test_time_augmentation, and its
probabilities averaged: "not a die" and each face. The classifier's and the detector's evidence are
weighed into one probability of a die by the build's calibration (die_odds in models.json);
candidates under READ.die_threshold are dropped, the rest thinned by non-maximum suppression. Every setting is in vision.config; the networks
(assets/die_detector.onnx, assets/die_faces.onnx, or those under $SCOREKEEPER_ASSETS) are built by
`python -m vision.training`.
"""

from __future__ import annotations

import json
import math
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import cv2
import numpy as np

from vision.config import READ, ReadConfig
from vision.imageio import Photo

DETECTOR = "die_detector.onnx"
CLASSIFIER = "die_faces.onnx"
STRIDE = 4
ALIGN = 32  # the detector's input sides are multiples of its coarsest stride
CROP = 40  # the classifier's input: CROP x CROP pixels around a candidate
CROP_SPAN = 1.15  # a crop covers this times the candidate's side


def assets_dir() -> Path:
    """Where the networks are: $SCOREKEEPER_ASSETS, else the repository's assets/."""
    env = os.environ.get("SCOREKEEPER_ASSETS")
    if env:
        return Path(env)
    return Path(__file__).resolve().parents[1] / "assets"


@contextmanager
def assets_in(folder: Path) -> Iterator[None]:
    """Read with the networks in `folder` while inside (as $SCOREKEEPER_ASSETS names them)."""
    before = os.environ.get("SCOREKEEPER_ASSETS")
    os.environ["SCOREKEEPER_ASSETS"] = str(folder)
    try:
        yield
    finally:
        if before is None:
            del os.environ["SCOREKEEPER_ASSETS"]
        else:
            os.environ["SCOREKEEPER_ASSETS"] = before


def die_source(image: np.ndarray, cx: float, cy: float, side: float, size: int = CROP) -> tuple[np.ndarray, int, int]:
    """What a view of the die at (cx, cy) is cut from, and its origin in `image`: the image
    itself, or where a view shrinks it to less than half, the part around the die blurred first
    (warpAffine does not average over large areas)."""
    scale = size / max(side * CROP_SPAN, 1.0)
    if scale < 0.5:
        k = int(1 / scale) | 1
        x0, y0 = int(max(cx - side, 0)), int(max(cy - side, 0))
        x1, y1 = int(min(cx + side + 1, image.shape[1])), int(min(cy + side + 1, image.shape[0]))
        if x1 > x0 and y1 > y0:
            return cv2.GaussianBlur(image[y0:y1, x0:x1], (k, k), 0), x0, y0
    return image, 0, 0


def crop_die(image: np.ndarray, cx: float, cy: float, side: float, angle: float = 0.0, size: int = CROP) -> np.ndarray:
    """A size x size view of the square of `side` pixels centred on (cx, cy), turned by `angle`
    degrees counter-clockwise: what the classifier reads, and learns from."""
    scale = size / max(side * CROP_SPAN, 1.0)
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, scale)
    m[:, 2] += np.array([size / 2 - cx, size / 2 - cy])
    interp = cv2.INTER_AREA if scale < 0.7 else cv2.INTER_LINEAR
    src, x0, y0 = die_source(image, cx, cy, side, size)
    if x0 or y0:
        m[:, 2] += m[:, :2] @ np.array([x0, y0])
    return cv2.warpAffine(src, m, (size, size), flags=interp, borderMode=cv2.BORDER_REPLICATE)

# a candidate: centre x, y, width, height (image pixels), detector score
Candidate = tuple[float, float, float, float, float]
# a read: box (centre x, y, width, height), probabilities (not a die, faces 1..6), and the evidence
# they were weighed from (the classifier's die probability, the detector's score)
Reading = tuple[np.ndarray, np.ndarray, tuple[float, float]]
Odds = tuple[float, float, float]


def die_odds(directory: Path) -> Odds | None:
    """The build's calibration in models.json: the weights of a logistic regression of "a die is
    here" on the logits of the classifier's die probability and of the detector's score (None: a
    build without one)."""
    path = directory / "models.json"
    if not path.exists():
        return None
    try:
        weights = json.loads(path.read_text()).get("die_odds", {}).get("weights")
        if weights is None:
            return None
        a, b, c = (float(w) for w in weights)
    except (ValueError, TypeError, AttributeError) as e:  # JSON errors are ValueErrors
        raise ValueError(f"{path}: die_odds.weights must be three numbers "
                         "(python -m vision.training.calibrate writes them)") from e
    return (a, b, c)


def logit(x: float) -> float:
    """log(x / (1 - x)), with x kept a hair inside (0, 1): a network's 0 or 1 is not certainty."""
    x = min(max(x, 1e-4), 1 - 1e-4)
    return math.log(x / (1 - x))


def die_probability(classifier: float, detector: float, odds: Odds | None, cfg: ReadConfig = READ) -> float:
    """How likely a candidate is a die, from the classifier's die probability and the detector's score."""
    if odds is None:  # builds before the calibration: the detector's doubt alone lowers the classifier's
        return classifier * min(1.0, detector / cfg.detector_sure)
    return 1 / (1 + math.exp(-(odds[0] + odds[1] * logit(classifier) + odds[2] * logit(detector))))


def detect(net: cv2.dnn.Net, image: np.ndarray, long_side: int, cfg: ReadConfig = READ) -> list[Candidate]:
    """The detector's candidates on `image` scaled to `long_side`: peaks of its heat map over
    heat_threshold, at most max_candidates, in image pixels."""
    h, w = image.shape[:2]
    s = long_side / max(h, w)
    iw, ih = max(ALIGN, round(w * s / ALIGN) * ALIGN), max(ALIGN, round(h * s / ALIGN) * ALIGN)
    interp = cv2.INTER_AREA if s < 1 else cv2.INTER_LINEAR
    small = cv2.resize(image, (iw, ih), interpolation=interp)
    net.setInput(cv2.dnn.blobFromImage(small, 1 / 255.0))
    out = net.forward()[0]
    heat = out[0]
    peaks = (heat >= cv2.dilate(heat, np.ones((3, 3), np.uint8))) & (heat > cfg.heat_threshold)
    ys, xs = np.nonzero(peaks)
    order = np.argsort(-heat[ys, xs])[: cfg.max_candidates]
    sx, sy = w / iw, h / ih
    found = []
    for y, x in zip(ys[order], xs[order], strict=True):
        cx = (x + out[3, y, x]) * STRIDE * sx
        cy = (y + out[4, y, x]) * STRIDE * sy
        bw = math.exp(float(out[1, y, x])) * STRIDE * sx
        bh = math.exp(float(out[2, y, x])) * STRIDE * sy
        found.append((float(cx), float(cy), bw, bh, float(heat[y, x])))
    return found


class Networks:
    """The two networks of one directory, loaded once per thread (cv2.dnn nets are not shareable)."""

    def __init__(self, directory: Path) -> None:
        for name in (DETECTOR, CLASSIFIER):
            if not (directory / name).exists():
                raise FileNotFoundError(f"model file missing: {directory / name} (build with python -m vision.training)")
        self.odds = die_odds(directory)
        self.detector = cv2.dnn.readNetFromONNX(str(directory / DETECTOR))
        self.classifier = cv2.dnn.readNetFromONNX(str(directory / CLASSIFIER))

    def detect(self, image: np.ndarray, long_side: int, cfg: ReadConfig) -> list[Candidate]:
        return detect(self.detector, image, long_side, cfg)

    def classify(self, image: np.ndarray, cands: list[Candidate], cfg: ReadConfig) -> tuple[np.ndarray, np.ndarray]:
        """Each candidate's averaged probabilities (n, 7: not a die, faces 1..6) and refitted box (n, 4)."""
        views = cfg.test_time_augmentation
        crops = []
        for cx, cy, bw, bh, _score in cands:
            for angle, mirrored in views:
                crop = crop_die(image, cx, cy, max(bw, bh), angle=angle)
                crops.append(crop[:, ::-1] if mirrored else crop)
        self.classifier.setInput(cv2.dnn.blobFromImages(crops, 1 / 255.0))
        out = self.classifier.forward().reshape(len(cands), len(views), -1)
        logits = out[..., :7] - out[..., :7].max(-1, keepdims=True)
        probs = np.exp(logits) / np.exp(logits).sum(-1, keepdims=True)
        # the box is refitted from the unturned views, a mirrored one mirrored back
        straight = [k for k, (angle, _m) in enumerate(views) if angle == 0] or [0]
        fit = out[:, straight, 7:11].copy()
        for j, k in enumerate(straight):
            if views[k][1]:
                fit[:, j, 0] = -fit[:, j, 0]
        fit = fit.mean(1)
        boxes = np.zeros((len(cands), 4), np.float32)
        for i, (cx, cy, bw, bh, _score) in enumerate(cands):
            span = max(bw, bh) * CROP_SPAN
            boxes[i] = (cx + fit[i, 0] * span, cy + fit[i, 1] * span,
                        math.exp(fit[i, 2]) * span, math.exp(fit[i, 3]) * span)
        return probs.mean(1), boxes


_local = threading.local()


def networks() -> Networks:
    """The networks of assets_dir(), loaded once per thread and directory."""
    directory = assets_dir()
    loaded: dict[Path, Networks] | None = getattr(_local, "nets", None)
    if loaded is None:
        loaded = _local.nets = {}
    if directory not in loaded:
        loaded[directory] = Networks(directory)
    return loaded[directory]


def forget() -> None:
    """Drop this thread's loaded networks: the next read loads them again, with their die odds."""
    _local.nets = {}


def _read(nets: Networks, image: np.ndarray, long_side: int, cfg: ReadConfig) -> list[Reading]:
    """Each candidate of one look read as a die: its box (cx, cy, w, h), probabilities (not a die,
    faces 1..6) and evidence; the faces share the probability of a die as the classifier shares its own."""
    cands = nets.detect(image, long_side, cfg)
    if not cands:
        return []
    probs, boxes = nets.classify(image, cands, cfg)
    odds = cfg.die_odds or nets.odds
    out = []
    for c, b, p in zip(cands, boxes, probs, strict=True):
        classifier = 1 - float(p[0])
        die = die_probability(classifier, c[4], odds, cfg)
        if die >= cfg.die_threshold:
            out.append((b, np.concatenate([[1 - die], p[1:] * die / max(classifier, 1e-9)]), (classifier, c[4])))
    return out


def _iou(a: np.ndarray, b: np.ndarray) -> float:
    ix = max(0.0, min(a[0] + a[2] / 2, b[0] + b[2] / 2) - max(a[0] - a[2] / 2, b[0] - b[2] / 2))
    iy = max(0.0, min(a[1] + a[3] / 2, b[1] + b[3] / 2) - max(a[1] - a[3] / 2, b[1] - b[3] / 2))
    inter = ix * iy
    return float(inter / (a[2] * a[3] + b[2] * b[3] - inter + 1e-9))


def _within(a: np.ndarray, b: np.ndarray, share: float) -> bool:
    """`a`'s centre lies inside `b` and `a` is under `share` of its area: part of die `b` (a
    close-up's pip, a group of pips), not a die beside it that `b` partly hides."""
    return bool(abs(a[0] - b[0]) < b[2] / 2 and abs(a[1] - b[1]) < b[3] / 2 and a[2] * a[3] < share * b[2] * b[3])


def nms(reads: list[Reading], threshold: float, part_share: float = READ.part_share) -> list[Reading]:
    """Non-maximum suppression, surest dice first; a small read within a surer die is part of it."""
    kept: list[Reading] = []
    for r in sorted(reads, key=lambda r: r[1][0]):
        if all(_iou(r[0], k[0]) <= threshold and not _within(r[0], k[0], part_share) for k in kept):
            kept.append(r)
    return kept


def lit(image: np.ndarray, cfg: ReadConfig = READ) -> np.ndarray:
    """`image`, brightened where it is dark (its brightest hundredth under cfg.dark_below)."""
    top = float(np.percentile(image[::4, ::4], 99))
    if top >= cfg.dark_below:
        return image
    gain = min(cfg.brighten_to / max(top, 1.0), cfg.most_gain)
    return cv2.convertScaleAbs(image, alpha=gain)


def find(image: np.ndarray, cfg: ReadConfig = READ) -> list[Reading]:
    """The dice on `image`: each box (cx, cy, w, h in its pixels), probabilities (not a die, 1..6) and evidence."""
    nets = networks()
    image = lit(image, cfg)
    long = max(image.shape[:2])
    first = min(cfg.detector_long_side, long * 2)
    reads = _read(nets, image, first, cfg)
    if cfg.wide_long_side and long > cfg.wide_long_side * 1.5:  # from further back: dice too large for the first look
        big = cfg.target_die_px * long / cfg.wide_long_side
        reads += [r for r in _read(nets, image, cfg.wide_long_side, cfg) if max(r[0][2], r[0][3]) >= big]
    closer = 0
    if reads:
        side = float(np.median([max(r[0][2], r[0][3]) for r in reads])) * first / long
        if side * cfg.rescale_tolerance < cfg.target_die_px:
            closer = round(first * cfg.target_die_px / side)
    elif long > 2 * first:  # a large photo and nothing found: dice too small for the first look?
        closer = long
    closer = min(closer, cfg.detector_max_long_side, long * 2)
    if closer > first * cfg.rescale_tolerance:
        reads += _read(nets, image, closer, cfg)
    return nms(reads, cfg.nms_iou, cfg.part_share)


Read = tuple[int, tuple[int, int, int, int], float, tuple[float, ...], float]


def read(photo: Photo, cfg: ReadConfig = READ) -> list[Read]:
    """(value, box in the photo's pixels, confidence, face probabilities, die probability) of each
    die on `photo`; the confidence is the die probability times the face's."""
    out: list[Read] = []
    s = photo.scale
    for (cx, cy, bw, bh), p, _evidence in find(photo.pixels, cfg):
        bw, bh = bw * cfg.box_scale, bh * cfg.box_scale
        die = float(1 - p[0])
        faces = p[1:] / max(float(p[1:].sum()), 1e-9)
        value = int(np.argmax(faces)) + 1
        x0, y0 = max(0, round((cx - bw / 2) * s)), max(0, round((cy - bh / 2) * s))
        x1, y1 = min(photo.width, round((cx + bw / 2) * s)), min(photo.height, round((cy + bh / 2) * s))
        if x1 > x0 and y1 > y0:
            out.append((value, (x0, y0, x1 - x0, y1 - y0), round(die * float(faces[value - 1]), 3),
                        tuple(round(float(f), 4) for f in faces), round(die, 4)))
    return out
