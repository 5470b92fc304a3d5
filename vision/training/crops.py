"""The classifier's training crops around dice and around what is not a die, and the jitter and
camera faults every training view is given.

Crops are cut by vision.compact.crop_die, as the reader cuts them.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from vision.compact import CROP, CROP_SPAN, crop_die
from vision.training.data import Sample
from vision.training.faults import out_of_focus, recompressed
from vision.training.looks import die_look

LEAN = 0.08  # top face's centre this far (times the die's side) from the box's: a die seen at an angle
UPRIGHT_JITTER = 12.0  # degrees a die seen at an angle is turned at most
CLOSE_VIEW = (0.15, 0.45)  # a close view of part of a die (not a die) spans this much of its side
CLUTTER_VIEWS = 3  # views of each thing beside a render's dice that is not a die (a score sheet, keys, a label)
NOT_A_DIE = (0.0, 0.0, 0.0, 0.0, 0.0)  # the box target of a crop of no die: weight 0

Examples = tuple[np.ndarray, np.ndarray, np.ndarray]  # crops (n, CROP, CROP, 3), classes (n,), box targets (n, 5)
Reader = Callable[[np.ndarray], np.ndarray]  # crops (n, CROP, CROP, 3) -> probabilities (n, 7): not a die, faces 1..6


def camera_faults(img: np.ndarray, rng: np.random.Generator, p: float) -> np.ndarray:
    """What a phone camera may add, each with chance `p`: defocus or a shaken hand's blur, sensor
    noise in dim light, strong JPEG compression (photos sent on by messengers)."""
    out: np.ndarray = img
    if rng.random() < p:
        if rng.random() < 0.5:
            out = out_of_focus(rng.uniform(0.6, 2.2))(out)
        else:  # a shaken hand, in any direction
            k = int(rng.integers(3, 8))
            line = np.zeros((k, k), np.float32)
            line[k // 2] = 1.0 / k
            turn = cv2.getRotationMatrix2D(((k - 1) / 2, (k - 1) / 2), float(rng.uniform(0, 180)), 1.0)
            kernel = cv2.warpAffine(line, turn, (k, k))
            kernel = (kernel / max(float(kernel.sum()), 1e-6)).astype(np.float32)
            out = cv2.filter2D(out, -1, kernel, borderType=cv2.BORDER_REFLECT)
    if rng.random() < p:
        noisy = out.astype(np.float32) + rng.normal(0, rng.uniform(4, 14), out.shape).astype(np.float32)
        out = np.clip(noisy, 0, 255).astype(np.uint8)
    if rng.random() < p:
        out = recompressed(int(rng.integers(20, 90)))(out)
    return out


def colour_jitter(
    img: np.ndarray, rng: np.random.Generator, hue_p: float = 0.6, invert_p: float = 0.2, faults: float = 0.0
) -> np.ndarray:
    """`img` in other colours and light: hue turned (chance `hue_p`), grey, inverted (`invert_p`:
    light dice on dark tables and the reverse), brighter or darker, a light gradient, blur, noise;
    and camera_faults with chance `faults` each."""
    out: np.ndarray = img.astype(np.float32)
    if rng.random() < hue_p:
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    if rng.random() < 0.1:
        g = cv2.cvtColor(out.astype(np.uint8), cv2.COLOR_BGR2GRAY).astype(np.float32)
        out = np.repeat(g[..., None], 3, 2)
    if rng.random() < invert_p:
        out = 255 - out
    out = out * rng.uniform(0.6, 1.3) + rng.uniform(-40, 40)
    out = out * rng.uniform(0.85, 1.15, 3)
    if rng.random() < 0.3:
        h, w = out.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        gx, gy = rng.uniform(-1, 1, 2)
        out *= (1 + 0.5 * ((xx / w - 0.5) * gx + (yy / h - 0.5) * gy))[..., None]
    if rng.random() < 0.3:
        k = int(rng.choice([3, 5]))
        out = cv2.GaussianBlur(out, (k, k), 0)
    out += rng.normal(0, rng.uniform(0, 6), out.shape).astype(np.float32)
    out8 = np.clip(out, 0, 255).astype(np.uint8)
    return camera_faults(out8, rng, faults) if faults else out8


def _near_a_die(boxes: np.ndarray, cx: float, cy: float) -> bool:
    """(cx, cy) lies within 0.45 of a die's side from its centre: no place for a view of no die."""
    if not len(boxes):
        return False
    d = np.hypot(boxes[:, 0] + boxes[:, 2] / 2 - cx, boxes[:, 1] + boxes[:, 3] / 2 - cy)
    return bool(np.min(d / np.maximum(boxes[:, 2], boxes[:, 3])) < 0.45)


def cls_examples(
    samples: list[Sample], rng: np.random.Generator, per_die: int, negatives: float, upright: bool = False,
    faults: float = 0.0, looks: float = 0.0, views: list[np.ndarray] | None = None,
) -> Examples:
    """Crops, classes and box targets: the die's centre offset and log size relative to the crop,
    and a weight (0 where the box is unknown or turned off-axis). `per_die` views of each die, and
    a close view of part of it (not a die) three times in ten; `negatives` views of the table
    (not a die) a die; CLUTTER_VIEWS views of each thing of a render's clutter (Sample.clutter:
    distractors, not dice). Dice are turned any way, except with `upright` those seen at an angle
    (renders), which are turned only a little: in a photo taken at an angle the top face is the
    upper one. `faults`: the chance of each of camera_faults; `looks`: of a die's view given faint
    pips or a glare (vision.training.looks); `views`: each sample's views of each die, in place of
    `per_die` (hard_views)."""
    xs: list[np.ndarray] = []
    ys: list[int] = []
    bs: list[tuple[float, ...]] = []

    def add(img: np.ndarray, value: int, box: tuple[float, ...] = NOT_A_DIE) -> None:
        xs.append(colour_jitter(img, rng, 0.4, 0.1, faults))
        ys.append(value)
        bs.append(box)

    for i, s in enumerate(samples):
        h, w = s.image.shape[:2]
        for d, ((bx, by, bw, bh), v) in enumerate(zip(s.boxes, s.values, strict=True)):
            side = max(bw, bh)
            gcx, gcy = bx + bw / 2, by + bh / 2
            # a die seen at an angle (its top face off the middle of its box) keeps its up direction
            leans = upright and s.tops is not None and math.hypot(*(s.tops[d] - (gcx, gcy))) > LEAN * side
            for _ in range(per_die if views is None else int(views[i][d])):
                j = 0.15 * side
                cx = gcx + rng.uniform(-j, j)
                cy = gcy + rng.uniform(-j, j)
                sd = side * math.exp(rng.uniform(math.log(0.75), math.log(1.4)))
                square = rng.random() < 0.6
                if leans:
                    angle = 0.0 if square else float(rng.uniform(-UPRIGHT_JITTER, UPRIGHT_JITTER))
                else:
                    angle = float(rng.integers(4) * 90) if square else float(rng.uniform(0, 360))
                img = crop_die(s.image, cx, cy, sd, angle=angle)
                span = sd * CROP_SPAN
                m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, CROP / span)
                m[:, 2] += np.array([CROP / 2 - cx, CROP / 2 - cy])
                px, py = m @ np.array([gcx, gcy, 1.0])
                tw, th = (bh, bw) if square and angle % 180 else (bw, bh)
                wt = 1.0 if square and s.has_size else 0.0
                if looks and rng.random() < looks:
                    turn = math.atan2(m[1, 0], m[0, 0])
                    img = die_look(img, rng, float(px), float(py), CROP * side / span, turn)
                add(img, int(v), (px / CROP - 0.5, py / CROP - 0.5, math.log(tw / span), math.log(th / span), wt))
            if leans:
                rng.random()  # drawn as when the networks in assets/ were built: a seed cuts the same crops
            if rng.random() < 0.3:  # a close view of part of a die (one pip) is not a die
                pcx = gcx + rng.uniform(-0.3, 0.3) * side
                pcy = gcy + rng.uniform(-0.3, 0.3) * side
                add(crop_die(s.image, pcx, pcy, side * rng.uniform(*CLOSE_VIEW), angle=float(rng.uniform(0, 360))), 0)
        n_neg = int(round(negatives * len(s.boxes) * per_die)) + (1 if rng.random() < negatives else 0)
        sides = np.maximum(s.boxes[:, 2], s.boxes[:, 3]) if len(s.boxes) else np.array([40.0])
        for _ in range(n_neg):
            side = float(rng.choice(sides)) * rng.uniform(0.7, 1.5)
            if len(s.boxes) and rng.random() < 0.5:  # half off a die, or between two
                k = int(rng.integers(len(s.boxes)))
                bx, by, bw, bh = s.boxes[k]
                a = rng.uniform(0, 2 * math.pi)
                r = rng.uniform(0.55, 0.9) * max(bw, bh)
                cx, cy = bx + bw / 2 + r * math.cos(a), by + bh / 2 + r * math.sin(a)
            else:
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            if not _near_a_die(s.boxes, cx, cy):
                add(crop_die(s.image, cx, cy, side, angle=float(rng.uniform(0, 360))), 0)
        for x, y, cw, ch in s.clutter.tolist() if s.clutter is not None else ():
            for _ in range(CLUTTER_VIEWS):
                cx, cy = x + rng.uniform(0, cw), y + rng.uniform(0, ch)
                if _near_a_die(s.boxes, cx, cy):
                    continue
                side = float(rng.choice(sides)) * rng.uniform(0.6, 1.4)
                turn = rng.uniform(0, 360) if rng.random() < 0.3 else rng.uniform(-30, 30)  # mostly as printed
                add(crop_die(s.image, cx, cy, side, angle=float(turn)), 0)
    return np.stack(xs), np.array(ys, np.int64), np.array(bs, np.float32)


def hard_views(samples: list[Sample], read: Reader, per_die: int, extra: int, below: float) -> tuple[list[np.ndarray], int]:
    """Views of each die for cls_examples: `per_die`, and `extra` more for a die whose own face
    `read` gives under `below` in a straight crop of its box; and how many dice are so. Online
    hard example mining, a refresh at a time."""
    out, hard = [], 0
    for s in samples:
        if not len(s.boxes):
            out.append(np.zeros(0, np.int64))
            continue
        crops = np.stack([crop_die(s.image, x + bw / 2, y + bh / 2, max(bw, bh)) for x, y, bw, bh in s.boxes])
        low = read(crops)[np.arange(len(s.values)), s.values] < below
        hard += int(low.sum())
        out.append(np.where(low, per_die + extra, per_die).astype(np.int64))
    return out, hard
