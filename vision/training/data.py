"""Training data: the labelled photo sets under ../shared/datasets and synthetic renders.

Only the splits allowed for training are read here: dice-a `train` and dice-c `train`. A few dice-a
train photos are held out for choosing thresholds (HOLDOUT).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, replace
from pathlib import Path

import cv2
import numpy as np

from vision.synth import RenderedDie, render_scene
from vision.tables import add_clutter

DATASETS = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"
HOLDOUT_EVERY = 7  # every 7th dice-a train photo is held out for tuning


@dataclass
class Sample:
    image: np.ndarray  # BGR uint8
    boxes: np.ndarray  # (n, 4) x, y, w, h of whole dice
    values: np.ndarray  # (n,) 1..6
    has_size: bool  # False when the box size is only estimated (dice-c)
    source: str
    tops: np.ndarray | None = None  # (n, 2) centres of the top faces where known (renders)
    clutter: np.ndarray | None = None  # (m, 4) x, y, w, h of things that are not dice (renders)


def _yolo(path: Path, w: int, h: int) -> tuple[np.ndarray, np.ndarray]:
    boxes, values = [], []
    if path.exists():
        for line in path.read_text().split("\n"):
            parts = line.split()
            if len(parts) != 5:
                continue
            c, xc, yc, bw, bh = (float(p) for p in parts)
            boxes.append(((xc - bw / 2) * w, (yc - bh / 2) * h, bw * w, bh * h))
            values.append(int(c) + 1)
    return np.array(boxes, np.float32).reshape(-1, 4), np.array(values, np.int64)


def manifest(name: str) -> list[dict[str, str]]:
    with open(DATASETS / name / "manifest.csv", newline="") as fh:
        return list(csv.DictReader(fh))


def load_real(name: str, split: str) -> list[tuple[str, np.ndarray, np.ndarray, np.ndarray]]:
    """(file, image, boxes, values) of one split of one data set, boxes as labelled."""
    out = []
    for row in manifest(name):
        if row["origin_split"] != split:
            continue
        img = cv2.imread(str(DATASETS / name / "images" / row["image"]), cv2.IMREAD_COLOR)
        if img is None:
            raise FileNotFoundError(DATASETS / name / "images" / row["image"])
        h, w = img.shape[:2]
        boxes, values = _yolo(DATASETS / name / "labels" / (Path(row["image"]).stem + ".txt"), w, h)
        out.append((row["image"], img, boxes, values))
    return out


def dice_c_whole_boxes(boxes: np.ndarray, values: np.ndarray) -> np.ndarray:
    """dice-c labels box the pip pattern only; estimate a whole-die box around its centre.

    The pip pattern of a 4, 5 or 6 spans about 62 % of the die's side; photos without such a die
    use the set's typical side (65 px at 640 x 480).
    """
    big = [max(b[2], b[3]) for b, v in zip(boxes, values, strict=True) if v >= 4]
    side = float(np.median(big)) / 0.62 if big else 65.0
    cx = boxes[:, 0] + boxes[:, 2] / 2
    cy = boxes[:, 1] + boxes[:, 3] / 2
    return np.stack([cx - side / 2, cy - side / 2, np.full_like(cx, side), np.full_like(cx, side)], 1)


def real_training(holdout: bool = False) -> list[Sample]:
    """dice-a train (minus the held-out photos unless `holdout`) and dice-c train."""
    samples = []
    for i, (name, img, boxes, values) in enumerate(load_real("dice-a", "train")):
        held = i % HOLDOUT_EVERY == 0
        if held == holdout:
            samples.append(Sample(img, boxes, values, True, "dice-a/" + name))
    if not holdout:
        for name, img, boxes, values in load_real("dice-c", "train"):
            samples.append(Sample(img, dice_c_whole_boxes(boxes, values), values, False, "dice-c/" + name))
    return samples


def synthetic(
    n: int, seed: int, patches: list[np.ndarray] | None = None, marbled: float = 0.0,
    pitch: tuple[float, float] = (0, 50), see_through: float = 0.0, touching: float = 0.0,
    chinese: float = 0.0, glare: float = 0.0, glints: float = 0.0, clutter: float = 0.0,
) -> list[Sample]:
    """`n` renders; `pitch` the range of the camera's angle from straight down, in degrees;
    `marbled` and `see_through` the share of veined and of translucent gem dice, `touching` of
    dice placed against another, `chinese` of dice with a large red one, `glare` of glossy dice
    shining back a lamp or a window, `glints` of glossy dice with small reflections beside their pips
    (vision.synth); `clutter` the share of renders with a score sheet, keys or a label beside the
    dice (vision.tables.add_clutter)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        w = int(rng.choice([480, 560, 640]))
        h = int(w * rng.choice([0.75, 1.0, 0.5625]))
        lo = rng.uniform(14, 40)
        img, dice = render_scene(
            rng, (w, h), n_dice=int(rng.integers(1, 16)), die_px=(lo, lo * rng.uniform(1.1, 2.5)),
            pitch_deg=pitch, patches=patches, marbled=marbled, see_through=see_through,
            touching=touching, chinese=chinese, glare=glare, glints=glints,
        )
        sample = _rendered(img, dice, "synth")
        if clutter > 0 and rng.random() < clutter:
            mess = np.random.default_rng(int(rng.integers(2**31)))
            side = float(np.median([max(d.box[2], d.box[3]) for d in dice])) if dice else lo * 1.5
            things = add_clutter(img, [d.box for d in dice], side, mess)
            sample = replace(sample, clutter=np.array(things, np.float32).reshape(-1, 4))
        out.append(sample)
    return out


def _rendered(img: np.ndarray, dice: list[RenderedDie], source: str) -> Sample:
    boxes = np.array([d.box for d in dice], np.float32).reshape(-1, 4)
    values = np.array([d.value for d in dice], np.int64)
    tops = np.array([d.top_centre for d in dice], np.float32).reshape(-1, 2)
    return Sample(img, boxes, values, True, source, tops)


def turned(s: Sample, quarters: int) -> Sample:
    """`s` turned `quarters` quarter turns counter-clockwise, as a photo saved sideways (or upside
    down) without its EXIF orientation."""
    img = np.ascontiguousarray(np.rot90(s.image, quarters))
    h, w = s.image.shape[:2]
    x, y, bw, bh = s.boxes.T
    q = quarters % 4
    if q == 1:  # (x, y) -> (y, w - x)
        boxes = np.stack([y, w - x - bw, bh, bw], 1)
    elif q == 2:
        boxes = np.stack([w - x - bw, h - y - bh, bw, bh], 1)
    elif q == 3:  # (x, y) -> (h - y, x)
        boxes = np.stack([h - y - bh, x, bh, bw], 1)
    else:
        boxes = s.boxes.copy()
    return Sample(img, boxes.astype(np.float32).reshape(-1, 4), s.values, s.has_size,
                  f"{s.source} (turned {90 * q})")


def far_away(n: int, seed: int) -> list[Sample]:
    """`n` large photos (12 megapixels or near) of a whole table from standing height: three to
    fifteen dice, each 0.6-1.2 % of the photo's width, camera 0-30 degrees off overhead."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        w = int(rng.choice([3000, 4000]))
        side = w * rng.uniform(0.006, 0.01)
        img, dice = render_scene(rng, (w, w * 3 // 4), n_dice=int(rng.integers(3, 16)),
                                 die_px=(side, side * 1.2), pitch_deg=(0, 30))
        out.append(_rendered(img, dice, "far away"))
    return out
