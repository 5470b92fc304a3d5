"""From a decoded photo to dice: detect, look closer where dice are small, classify each die."""

from __future__ import annotations

import numpy as np

from vision import Die
from vision.imageio import Photo
from vision.model import (
    DET_LONG_SIDE,
    DET_MAX_LONG_SIDE,
    MIN_DIE_PX,
    NOT_A_DIE,
    Detection,
    models,
)

TARGET_DIE_PX = 30.0  # apparent die side the finer pass aims at


def detect(image: np.ndarray) -> list[Detection]:
    m = models()
    long_side = max(image.shape[:2])
    first = min(DET_LONG_SIDE, max(long_side, 256))
    dets, back = m.detect(image, first)
    sides = [max(d.w, d.h) / back for d in dets]
    finer = 0
    if dets and float(np.median(sides)) < MIN_DIE_PX:
        finer = int(first * TARGET_DIE_PX / float(np.median(sides)))
    elif not dets and long_side > first:
        finer = first * 2
    finer = min(finer, DET_MAX_LONG_SIDE, int(long_side * 1.5))
    if finer > first * 1.2:
        dets, _ = m.detect(image, finer)
    return dets


def read_photo(photo: Photo) -> list[Die]:
    image = photo.pixels
    dets = detect(image)
    probs = models().classify(image, dets)
    dice = []
    s = photo.scale
    for d, p in zip(dets, probs, strict=True):
        if p[0] > NOT_A_DIE:
            continue
        value = int(np.argmax(p[1:])) + 1
        conf = float(p[value]) * min(1.0, d.score / 0.5)
        x0 = max(0, round((d.cx - d.w / 2) * s))
        y0 = max(0, round((d.cy - d.h / 2) * s))
        x1 = min(photo.width, round((d.cx + d.w / 2) * s))
        y1 = min(photo.height, round((d.cy + d.h / 2) * s))
        if x1 <= x0 or y1 <= y0:
            continue
        dice.append(Die(value, (x0, y0, x1 - x0, y1 - y0), round(conf, 3)))
    dice.sort(key=lambda d: (d.box[1] + d.box[3] / 2, d.box[0]))
    return _reading_order(dice)


def _reading_order(dice: list[Die]) -> list[Die]:
    """Rows of dice top to bottom (a row: centres within half a die's height), each left to right."""
    rows: list[list[Die]] = []
    for d in dice:
        cy = d.box[1] + d.box[3] / 2
        if rows:
            last = rows[-1]
            ref = last[0].box[1] + last[0].box[3] / 2
            if abs(cy - ref) < 0.5 * last[0].box[3]:
                last.append(d)
                continue
        rows.append([d])
    return [d for row in rows for d in sorted(row, key=lambda d: d.box[0])]
