"""Rendered scenes of each kind the reader must hold up on, for training and for validation.

Printed distractors (number tokens with dots under the numbers, board tiles, dominoes, playing
cards, score sheets, coins, buttons, a dice cup) are drawn where no die lies and returned as boxes of
things that are not dice. Each scene kind has a builder taking a random generator; training and
validation use different seeds.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np

from vision.synth import PIPS, render_scene
from vision.tables import add_clutter
from vision.training.data import Sample, _rendered
from vision.training.faults import dim, out_of_focus, shaken

Box = tuple[int, int, int, int]
FONT = cv2.FONT_HERSHEY_SIMPLEX


def _colour(rng: np.random.Generator, lo: float = 0, hi: float = 255) -> tuple[float, float, float]:
    c = rng.uniform(lo, hi, 3)
    return float(c[0]), float(c[1]), float(c[2])


def _token(s: int, rng: np.random.Generator) -> np.ndarray:
    """A board game's number token: a light disc, a number, dots under it (as Catan's)."""
    img = np.zeros((s, s, 4), np.uint8)
    cv2.circle(img, (s // 2, s // 2), s // 2 - 1, (*_colour(rng, 150, 245), 255), -1, cv2.LINE_AA)
    red = rng.random() < 0.3
    ink = (30, 30, 180, 255) if red else (25, 25, 25, 255)
    n = int(rng.choice([2, 3, 4, 5, 6, 8, 9, 10, 11, 12]))
    text = str(n)
    scale = s / 55
    (tw, th), _ = cv2.getTextSize(text, FONT, scale, max(1, s // 18))
    cv2.putText(img, text, ((s - tw) // 2, s // 2 + th // 3), FONT, scale, ink, max(1, s // 18), cv2.LINE_AA)
    dots = 6 - abs(7 - n)
    r = max(1, s // 22)
    for k in range(dots):
        x = s // 2 + int((k - (dots - 1) / 2) * r * 3)
        cv2.circle(img, (x, int(s * 0.72)), r, ink, -1, cv2.LINE_AA)
    return img


def _pips(img: np.ndarray, x0: int, y0: int, side: int, value: int, ink: tuple[float, ...]) -> None:
    r = max(1, int(side * 0.09))
    for px, py in PIPS[value]:
        cv2.circle(img, (x0 + int(px * side), y0 + int(py * side)), r, ink, -1, cv2.LINE_AA)


def _domino(s: int, rng: np.random.Generator) -> np.ndarray:
    """A domino: two pip faces side by side, a line between (each half looks like a die's face)."""
    half = s // 2
    img = np.zeros((half, s, 4), np.uint8)
    light = rng.random() < 0.7
    body = (*_colour(rng, 200, 250), 255) if light else (*_colour(rng, 10, 50), 255)
    ink = (20, 20, 20, 255) if light else (235, 235, 235, 255)
    cv2.rectangle(img, (0, 0), (s - 1, half - 1), body, -1)
    cv2.line(img, (half, 3), (half, half - 4), ink, max(1, s // 40))
    for k in range(2):
        v = int(rng.integers(0, 7))
        if v:
            _pips(img, k * half, 0, half, v, ink)
    return img


def _card(s: int, rng: np.random.Generator) -> np.ndarray:
    """A playing card: white, a rank in the corners, its suit's marks in a grid."""
    w, h = int(s * 0.7), s
    img = np.zeros((h, w, 4), np.uint8)
    cv2.rectangle(img, (0, 0), (w - 1, h - 1), (245, 245, 245, 255), -1)
    ink = (30, 30, 200, 255) if rng.random() < 0.5 else (20, 20, 20, 255)
    n = int(rng.integers(1, 11))
    cv2.putText(img, "A" if n == 1 else str(n), (3, max(8, h // 9)), FONT, h / 160, ink, 1, cv2.LINE_AA)
    r = max(2, w // 14)
    cols = 1 if n < 4 else 2
    rows = math.ceil(n / cols)
    for k in range(n):
        x = int(w * ((k % cols + 1) / (cols + 1)))
        y = int(h * (0.2 + 0.6 * (k // cols + 0.5) / rows))
        if rng.random() < 0.5:
            cv2.circle(img, (x, y), r, ink, -1, cv2.LINE_AA)
        else:
            pts = np.array([[x, y - r], [x + r, y], [x, y + r], [x - r, y]], np.int32)
            cv2.fillPoly(img, [pts], ink, cv2.LINE_AA)
    return img


def _coin(s: int, rng: np.random.Generator) -> np.ndarray:
    """A coin: a metal disc, its rim and a few embossed marks."""
    img = np.zeros((s, s, 4), np.uint8)
    metal = (60, 150, 200) if rng.random() < 0.5 else (170, 170, 170)
    base = np.array(metal, np.float64) * rng.uniform(0.7, 1.2)
    cv2.circle(img, (s // 2, s // 2), s // 2 - 1, (*np.clip(base, 0, 255).tolist(), 255), -1, cv2.LINE_AA)
    cv2.circle(img, (s // 2, s // 2), int(s * 0.42), (*np.clip(base * 0.7, 0, 255).tolist(), 255),
               max(1, s // 25), cv2.LINE_AA)
    cv2.putText(img, str(int(rng.choice([1, 2, 5, 10]))), (s // 3, int(s * 0.62)), FONT, s / 70,
                (*np.clip(base * 0.6, 0, 255).tolist(), 255), max(1, s // 20), cv2.LINE_AA)
    return img


def _button(s: int, rng: np.random.Generator) -> np.ndarray:
    """A sewing button: a disc with two or four holes (a die's two or four, nearly)."""
    img = np.zeros((s, s, 4), np.uint8)
    body = _colour(rng)
    cv2.circle(img, (s // 2, s // 2), s // 2 - 1, (*body, 255), -1, cv2.LINE_AA)
    hole = tuple(c * 0.3 for c in body)
    d = s * 0.14
    spots = [(-d, 0), (d, 0)] if rng.random() < 0.4 else [(-d, -d), (d, -d), (-d, d), (d, d)]
    for dx, dy in spots:
        cv2.circle(img, (int(s / 2 + dx), int(s / 2 + dy)), max(1, s // 14), (*hole, 255), -1, cv2.LINE_AA)
    return img


def _cup(s: int, rng: np.random.Generator) -> np.ndarray:
    """A dice cup seen from above: a dark ring of leather or plastic, its inside darker."""
    img = np.zeros((s, s, 4), np.uint8)
    body = _colour(rng, 10, 120)
    cv2.circle(img, (s // 2, s // 2), s // 2 - 1, (*body, 255), -1, cv2.LINE_AA)
    cv2.circle(img, (s // 2, s // 2), int(s * 0.4), (*(c * 0.5 for c in body), 255), -1, cv2.LINE_AA)
    return img


def _tile(s: int, rng: np.random.Generator) -> np.ndarray:
    """A board tile: a coloured hexagon with a printed pattern, a number token on most."""
    img = np.zeros((s, s, 4), np.uint8)
    pts = np.array([[s / 2 + (s / 2 - 1) * math.cos(a), s / 2 + (s / 2 - 1) * math.sin(a)]
                    for a in np.arange(6) * math.pi / 3 + math.pi / 6], np.int32)
    cv2.fillPoly(img, [pts], (*_colour(rng, 30, 220), 255), cv2.LINE_AA)
    for _ in range(int(rng.integers(3, 12))):
        x, y = (int(v) for v in rng.integers(s // 5, 4 * s // 5, 2))
        cv2.circle(img, (x, y), int(rng.integers(1, max(2, s // 12))), (*_colour(rng), 255), -1, cv2.LINE_AA)
    if rng.random() < 0.7:
        t = _token(s // 3, rng)
        o = s // 2 - s // 6
        mask = t[..., 3:] > 0
        img[o:o + t.shape[0], o:o + t.shape[1]] = np.where(mask, t, img[o:o + t.shape[0], o:o + t.shape[1]])
    return img


DISTRACTORS: dict[str, tuple[Callable[[int, np.random.Generator], np.ndarray], tuple[float, float]]] = {
    # what it is, and its size in die sides
    "token": (_token, (0.9, 1.8)),
    "tile": (_tile, (2.5, 5.0)),
    "domino": (_domino, (1.6, 2.6)),
    "card": (_card, (2.5, 4.0)),
    "coin": (_coin, (0.6, 1.4)),
    "button": (_button, (0.4, 1.1)),
    "cup": (_cup, (2.5, 4.5)),
}


def _paste(img: np.ndarray, thing: np.ndarray, x: int, y: int, angle: float) -> Box:
    """Paste an RGBA `thing` turned by `angle` with its centre at (x, y); the box it covers."""
    h, w = thing.shape[:2]
    d = int(math.hypot(w, h)) + 2
    m = cv2.getRotationMatrix2D((w / 2, h / 2), angle, 1.0)
    m[:, 2] += (d / 2 - w / 2, d / 2 - h / 2)
    turned = cv2.warpAffine(thing, m, (d, d), flags=cv2.INTER_LINEAR, borderValue=(0, 0, 0, 0))
    x0, y0 = x - d // 2, y - d // 2
    ix0, iy0 = max(0, x0), max(0, y0)
    ix1, iy1 = min(img.shape[1], x0 + d), min(img.shape[0], y0 + d)
    if ix1 <= ix0 or iy1 <= iy0:
        return (0, 0, 0, 0)
    part = turned[iy0 - y0:iy1 - y0, ix0 - x0:ix1 - x0].astype(np.float32)
    alpha = part[..., 3:] / 255.0
    region = img[iy0:iy1, ix0:ix1].astype(np.float32)
    img[iy0:iy1, ix0:ix1] = np.clip(region * (1 - alpha) + part[..., :3] * alpha, 0, 255).astype(np.uint8)
    ys, xs = np.nonzero(part[..., 3] > 0)
    if not len(xs):
        return (0, 0, 0, 0)
    return (ix0 + int(xs.min()), iy0 + int(ys.min()), int(np.ptp(xs)) + 1, int(np.ptp(ys)) + 1)


def add_distractors(img: np.ndarray, dice: list[tuple[float, float, float, float]], die_px: float,
                    rng: np.random.Generator, count: int, kinds: tuple[str, ...] = (*DISTRACTORS, "sheet")) -> list[Box]:
    """Draw `count` printed distractors of `kinds` (DISTRACTORS, and "sheet": score sheets, keys and
    labels, vision.tables.add_clutter) where no die lies; their boxes."""
    h, w = img.shape[:2]
    placed: list[Box] = []
    for _ in range(count):
        kind = str(rng.choice(list(kinds)))
        if kind == "sheet":
            placed += add_clutter(img, [*dice, *placed], die_px, rng)
            continue
        draw, (lo, hi) = DISTRACTORS[kind]
        s = max(8, int(die_px * rng.uniform(lo, hi)))
        if s >= min(w, h):
            continue
        for _try in range(12):
            x, y = int(rng.integers(s // 2, w - s // 2)), int(rng.integers(s // 2, h - s // 2))
            r = s * 0.75
            if not any(x + r > bx and bx + bw > x - r and y + r > by and by + bh > y - r
                       for bx, by, bw, bh in [*dice, *placed]):
                box = _paste(img, draw(s, rng), x, y, float(rng.uniform(0, 360)))
                if box[2] and box[3]:
                    placed.append(box)
                break
    return placed


def _scene(rng: np.random.Generator, size: tuple[int, int], n: int, die_px: tuple[float, float],
           pitch: tuple[float, float], source: str, distractors: int = 0, **kinds: float) -> Sample:
    img, dice = render_scene(rng, size, values=[int(v) for v in rng.integers(1, 7, n)], die_px=die_px,
                             pitch_deg=pitch, **kinds)  # type: ignore[arg-type]
    sample = _rendered(img, dice, source)
    if distractors:
        side = float(np.median([max(d.box[2], d.box[3]) for d in dice])) if dice else float(np.mean(die_px))
        boxes = add_distractors(img, [d.box for d in dice], side, rng, distractors)
        sample.clutter = np.array(boxes, np.float32).reshape(-1, 4)
    return sample


def _size(rng: np.random.Generator, widths: tuple[int, ...]) -> tuple[int, int]:
    w = int(rng.choice(widths))
    return w, int(w * rng.choice([0.75, 0.5625, 1.0]))


def plain(rng: np.random.Generator) -> Sample:
    lo = rng.uniform(22, 45)
    return _scene(rng, _size(rng, (480, 640, 800)), int(rng.integers(1, 13)), (lo, lo * 1.4), (0, 45), "plain",
                  marbled=0.2)


def distractor_scene(rng: np.random.Generator) -> Sample:
    lo = rng.uniform(22, 45)
    return _scene(rng, _size(rng, (640, 800, 1024)), int(rng.integers(0, 9)), (lo, lo * 1.3), (0, 40),
                  "distractors", distractors=int(rng.integers(3, 9)))


def close_up(rng: np.random.Generator) -> Sample:
    w, h = _size(rng, (640, 800, 1200))
    lo = min(w, h) * rng.uniform(0.2, 0.4)
    return _scene(rng, (w, h), int(rng.integers(1, 5)), (lo, lo * 1.15), (0, 45), "close-up")


def crowd(rng: np.random.Generator) -> Sample:
    lo = rng.uniform(20, 34)
    return _scene(rng, _size(rng, (800, 1024)), int(rng.integers(15, 41)), (lo, lo * 1.2), (0, 35), "crowd",
                  touching=0.6)


def tiny(rng: np.random.Generator) -> Sample:
    w = int(rng.choice([1280, 1600, 2000]))
    lo = rng.uniform(7.5, 10)  # the top face's side: boxes with the sides seen are 12-20 px
    return _scene(rng, (w, w * 3 // 4), int(rng.integers(3, 16)), (lo, lo + 2), (0, 30), "tiny")


def oblique(rng: np.random.Generator) -> Sample:
    lo = rng.uniform(26, 45)
    return _scene(rng, _size(rng, (640, 800)), int(rng.integers(1, 11)), (lo, lo * 1.4), (40, 60), "oblique")


def kinds(rng: np.random.Generator) -> Sample:
    lo = rng.uniform(24, 45)
    return _scene(rng, _size(rng, (640, 800)), int(rng.integers(1, 11)), (lo, lo * 1.4), (0, 40), "kinds",
                  marbled=0.3, see_through=0.3, chinese=0.3)


def no_dice(rng: np.random.Generator) -> Sample:
    return _scene(rng, _size(rng, (640, 800, 1024)), 0, (25, 45), (0, 40), "no dice",
                  distractors=int(rng.integers(2, 9)))


def dark_dice(rng: np.random.Generator) -> Sample:
    """Dark dice whose pips differ from the body in hue more than in brightness (red on black), some
    translucent: the detector finds them, but their faces are misread."""
    lo = rng.uniform(22, 45)
    return _scene(rng, _size(rng, (480, 640, 800)), int(rng.integers(1, 11)), (lo, lo * 1.4), (0, 45), "dark dice",
                  dark_pips=0.7, see_through=0.15)


def dim_table(rng: np.random.Generator) -> Sample:
    """A table with distractors and no die in dim light: its noise and shadows are not dark dice."""
    s = no_dice(rng)
    s.image = dim(float(rng.uniform(0.2, 0.4)))(s.image)
    s.source = "dim table"
    return s


def blurred(rng: np.random.Generator) -> Sample:
    s = plain(rng)
    spoil = out_of_focus(float(rng.uniform(1.2, 2.2))) if rng.random() < 0.5 else shaken(int(rng.integers(5, 9)))
    s.image = spoil(s.image)
    s.source = "blur"
    return s


def dim_light(rng: np.random.Generator) -> Sample:
    s = plain(rng)
    s.image = dim(float(rng.uniform(0.2, 0.4)))(s.image)
    s.source = "dim"
    return s


BUILDERS: dict[str, Callable[[np.random.Generator], Sample]] = {
    "plain": plain, "distractors": distractor_scene, "close_ups": close_up, "crowds": crowd, "tiny": tiny,
    "oblique": oblique, "kinds": kinds, "no_dice": no_dice, "blur": blurred, "dim": dim_light,
    "dark_dice": dark_dice, "dim_tables": dim_table,
}


def scenes(kind: str, n: int, seed: int) -> list[Sample]:
    """`n` scenes of `kind` (a key of BUILDERS) from `seed`."""
    rng = np.random.default_rng(seed)
    return [BUILDERS[kind](np.random.default_rng(int(rng.integers(2**31)))) for _ in range(n)]
