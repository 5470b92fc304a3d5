"""Looks a real die seldom has in the photos the classifier learns from, given to a crop of it:
pips hardly lighter than a dark die, and a glare streak on a glossy one. The die keeps its value,
so the classifier learns the pips' pattern, not their contrast or a bright spot, as the face."""

from __future__ import annotations

import cv2
import numpy as np

FACE = 0.49  # the die's top face: a rounded square of half this times its box's side
FAINT = (0.22, 0.45)  # the pips' contrast against the face kept, from the crop's
GLARE_LENGTH = (0.08, 0.3)  # a glare's half length, times the die's side
GLARE_ROUNDNESS = (0.2, 1.0)  # its half width over its half length: from a streak to a spot


def face_mask(size: int, cx: float, cy: float, side: float, turn: float) -> np.ndarray:
    """A soft rounded square over the die's box in a size x size crop, its sides along `turn`
    (radians): 1 inside, 0 beyond its edge."""
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32)
    c, s = np.cos(turn), np.sin(turn)
    half = max(FACE * side, 1.0)
    u = ((xx - cx) * c + (yy - cy) * s) / half
    v = (-(xx - cx) * s + (yy - cy) * c) / half
    r = (u**4 + v**4) ** 0.25  # a superellipse: a square with rounded corners
    return np.clip((1.0 - r) * half, 0.0, 1.0)[..., None]  # a pixel's soft edge


def faint_pips(img: np.ndarray, mask: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The face turned dark with pips barely lighter (the face inverted first half the time, so light
    pips on a dark die and dark pips on a light one both occur), the table as it was."""
    out = img.astype(np.float32)
    face = 255.0 - out if rng.random() < 0.5 else out
    weight = float(mask.sum()) or 1.0
    mean = (face * mask).sum((0, 1)) / weight
    level = rng.uniform(25, 110) * rng.uniform(0.8, 1.2, 3)  # the face's new colour, mostly dark
    faint = level + (face - mean) * rng.uniform(*FAINT)
    return np.clip(out * (1 - mask) + faint * mask, 0, 255).astype(np.uint8)


def glare(img: np.ndarray, mask: np.ndarray, rng: np.random.Generator, cx: float, cy: float,
          side: float) -> np.ndarray:
    """A lamp's reflection on the face: a bright soft ellipse somewhere on it, any way turned."""
    size = img.shape[0]
    a = side * rng.uniform(*GLARE_LENGTH)
    b = a * rng.uniform(*GLARE_ROUNDNESS)
    turn = rng.uniform(0, 360)
    gx, gy = cx + rng.uniform(-0.35, 0.35) * side, cy + rng.uniform(-0.35, 0.35) * side
    spot = np.zeros((size, size), np.float32)
    cv2.ellipse(spot, ((float(gx), float(gy)), (float(2 * a), float(2 * b)), float(turn)), 1.0, -1, cv2.LINE_AA)
    spot = cv2.GaussianBlur(spot, (0, 0), max(0.6, 0.35 * b))[..., None] * mask
    tint = rng.uniform(225, 255, 3)
    alpha = rng.uniform(0.6, 1.0)
    out = img.astype(np.float32)
    return np.clip(out + (tint - out) * spot * alpha, 0, 255).astype(np.uint8)


def die_look(img: np.ndarray, rng: np.random.Generator, cx: float, cy: float, side: float,
             turn: float) -> np.ndarray:
    """`img` (a crop around a die's box centred at (cx, cy), `side` pixels wide in it, its sides
    along `turn` radians) with faint pips or a glare, one or the other."""
    mask = face_mask(img.shape[0], cx, cy, side, turn)
    if rng.random() < 0.5:
        return faint_pips(img, mask, rng)
    return glare(img, mask, rng, cx, cy, side)
