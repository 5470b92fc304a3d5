"""A simple hand-made reader, kept as the baseline the learned one is measured against.

Dice: pixels that differ from a heavily smoothed background, closed into blobs of die-like shape.
Value: pips as blobs of an adaptive threshold (dark pips or light pips, whichever gives a clean
count) inside the die's box.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision import Die
from vision.imageio import Photo


def count_pips(crop: np.ndarray) -> tuple[int, float]:
    """Pips on a die crop (BGR): (count 1..6, crude confidence)."""
    grey = cv2.cvtColor(crop, cv2.COLOR_BGR2GRAY)
    side = min(grey.shape[:2])
    block = max(3, (side // 4) | 1)
    best = (1, 0.0)
    for polarity in (cv2.THRESH_BINARY_INV, cv2.THRESH_BINARY):
        mask = cv2.adaptiveThreshold(grey, 255, cv2.ADAPTIVE_THRESH_MEAN_C, polarity, block, 12)
        n, _, stats, cents = cv2.connectedComponentsWithStats(mask)
        pips = []
        for i in range(1, n):
            x, y, w, h, area = stats[i]
            if not (0.004 * side * side <= area <= 0.05 * side * side):
                continue
            if max(w, h) > 1.8 * min(w, h) or area < 0.5 * w * h:
                continue
            cx, cy = cents[i]
            if min(cx, cy, side - cx, side - cy) < 0.08 * side:
                continue
            pips.append(area)
        if 1 <= len(pips) <= 6:
            spread = float(np.std(pips) / (np.mean(pips) + 1e-6))
            score = 1.0 / (1.0 + spread)
            if score > best[1]:
                best = (len(pips), score)
    return best


def read_photo_classical(photo: Photo) -> list[Die]:
    """The dice on `photo` as the hand-made reader finds them (boxes in the original's pixels)."""
    image = photo.pixels
    h, w = image.shape[:2]
    s = 640 / max(h, w)
    small = cv2.resize(image, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB).astype(np.float32)
    bg = cv2.medianBlur(small, 31)
    bg_lab = cv2.cvtColor(bg, cv2.COLOR_BGR2LAB).astype(np.float32)
    diff = np.linalg.norm(lab - bg_lab, axis=2)
    mask = (diff > 25).astype(np.uint8) * 255
    mask = cv2.morphologyEx(mask, cv2.MORPH_CLOSE, np.ones((7, 7), np.uint8))
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    n, _, stats, _ = cv2.connectedComponentsWithStats(mask)
    dice = []
    for i in range(1, n):
        x, y, bw, bh, area = stats[i]
        if not (12 <= bw <= 200 and 12 <= bh <= 200):
            continue
        if max(bw, bh) > 1.6 * min(bw, bh) or area < 0.45 * bw * bh:
            continue
        x0, y0 = int(x / s), int(y / s)
        x1, y1 = int((x + bw) / s), int((y + bh) / s)
        crop = image[y0:y1, x0:x1]
        side = max(x1 - x0, y1 - y0)
        crop = cv2.resize(crop, (64, 64)) if side > 0 else crop
        value, conf = count_pips(crop)
        sc = photo.scale
        dice.append(Die(value, (round(x0 * sc), round(y0 * sc), round((x1 - x0) * sc), round((y1 - y0) * sc)), round(conf, 3)))
    return dice
