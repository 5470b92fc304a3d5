"""The table under the synthetic dice and what lies on it beside them: procedural surfaces, plain
shapes, and printed things (score sheets, keys, labels) whose digits and squares are not dice."""

from __future__ import annotations

import cv2
import numpy as np

FONTS = (cv2.FONT_HERSHEY_SIMPLEX, cv2.FONT_HERSHEY_PLAIN, cv2.FONT_HERSHEY_DUPLEX, cv2.FONT_HERSHEY_COMPLEX,
         cv2.FONT_HERSHEY_SCRIPT_SIMPLEX, cv2.FONT_HERSHEY_SCRIPT_COMPLEX)
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+-=:."


def add_clutter(img: np.ndarray, dice: list[tuple[float, float, float, float]], die_px: float,
                rng: np.random.Generator) -> list[tuple[int, int, int, int]]:
    """What else lies on a table beside the dice, drawn in place where no die is (`dice`: their
    boxes): a paper score sheet (a grid of numbers written in), a keyboard's keys or a phone's, a
    printed label or card; one to three of them, each a few dice (`die_px`) across. Their digits,
    letters and squares are not dice. Returns their boxes (x, y, w, h)."""
    h, w = img.shape[:2]
    placed: list[tuple[int, int, int, int]] = []
    for _ in range(int(rng.integers(1, 4))):
        for _try in range(10):
            pw, ph = int(die_px * rng.uniform(1.5, 5)), int(die_px * rng.uniform(1.2, 4))
            if pw >= w or ph >= h:
                break
            x, y = int(rng.integers(0, w - pw)), int(rng.integers(0, h - ph))
            if not any(x < bx + bw and bx < x + pw and y < by + bh and by < y + ph
                       for bx, by, bw, bh in [*dice, *placed]):
                break
        else:
            continue
        if pw >= w or ph >= h:
            break
        patch = img[y:y + ph, x:x + pw]
        font = int(rng.choice(FONTS))
        kind = rng.integers(3)
        if kind == 0:  # a score sheet: ruled squares, numbers written in most
            patch[:] = rng.uniform(200, 250) + rng.uniform(-8, 8, 3)
            step = max(6, int(die_px * rng.uniform(0.35, 0.9)))
            ink = tuple(float(c) for c in rng.uniform(0, 120, 3))
            rule = tuple(float(c) for c in rng.uniform(60, 170, 3))
            for gx in range(int(rng.integers(step)), pw, step):
                cv2.line(patch, (gx, 0), (gx, ph), rule, 1, cv2.LINE_AA)
            for gy in range(int(rng.integers(step)), ph, step):
                cv2.line(patch, (0, gy), (pw, gy), rule, 1, cv2.LINE_AA)
            for gy in range(step, ph + step, step):
                for gx in range(0, pw, step):
                    if rng.random() < 0.6:
                        cv2.putText(patch, str(int(rng.integers(0, 100)) if rng.random() < 0.8 else -int(rng.integers(1, 30))),
                                    (gx + 1, gy - 2), font, step / 36 * rng.uniform(0.7, 1.2), ink,
                                    1 + int(rng.random() < 0.3), cv2.LINE_AA)
        elif kind == 1:  # keys, dark or light, a letter on each
            dark = rng.random() < 0.6
            patch[:] = rng.uniform(10, 60) if dark else rng.uniform(170, 230)
            k = max(6, int(die_px * rng.uniform(0.45, 0.9)))
            gap = max(2, k // 8)
            for gy in range(gap, ph - k, k + gap):
                for gx in range(gap + int(rng.integers(k // 2)), pw - k, k + gap):
                    key = rng.uniform(0, 45) if dark else rng.uniform(215, 255)
                    cv2.rectangle(patch, (gx, gy), (gx + k, gy + k), (key, key, key), -1, cv2.LINE_AA)
                    mark = rng.uniform(190, 245) if dark else rng.uniform(10, 70)
                    cv2.putText(patch, str(rng.choice(list(LETTERS))), (gx + k // 4, gy + 3 * k // 4), font, k / 45,
                                (mark, mark, mark), 1, cv2.LINE_AA)
        else:  # a printed label or card: a few large letters and digits
            patch[:] = rng.uniform(40, 250, 3)
            ink = tuple(float(c) for c in (patch[0, 0].astype(np.float32) + 128) % 256 * rng.uniform(0.3, 1.0))
            text = "".join(str(c) for c in rng.choice(list(LETTERS), int(rng.integers(2, 6))))
            cv2.putText(patch, text, (int(rng.integers(0, max(1, pw // 4))), int(ph * rng.uniform(0.5, 0.8))), font,
                        ph / 45 * rng.uniform(0.6, 1.1), ink, max(1, ph // int(rng.integers(12, 30))), cv2.LINE_AA)
        placed.append((x, y, pw, ph))
    return placed


def background(h: int, w: int, rng: np.random.Generator, patches: list[np.ndarray] | None = None) -> np.ndarray:
    """A procedural table: plain, felt, wood, cloth pattern, or a real patch when given."""
    kind = rng.choice(["plain", "felt", "wood", "check", "stripes", "patch"])
    base = rng.uniform(0, 255, 3)
    if rng.random() < 0.35:
        base = np.full(3, rng.uniform(150, 250)) + rng.uniform(-15, 15, 3)
    if kind == "patch" and patches:
        src = patches[int(rng.integers(len(patches)))]
        patch = cv2.resize(src, (w, h), interpolation=cv2.INTER_LINEAR).astype(np.float32)
        if rng.random() < 0.5:
            patch = np.ascontiguousarray(patch[:, ::-1])
        return patch
    img: np.ndarray = np.empty((h, w, 3), np.float32)
    img[:] = base
    if kind == "felt":
        noise: np.ndarray = cv2.resize(rng.normal(0, 1, (h // 4 + 1, w // 4 + 1)).astype(np.float32), (w, h))
        img += noise[..., None] * rng.uniform(5, 25)
    elif kind == "wood":
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        warp = cv2.resize(rng.normal(0, 1, (6, 6)).astype(np.float32), (w, h))
        freq = rng.uniform(0.02, 0.08)
        ang = rng.uniform(0, np.pi)
        t = (xx * np.cos(ang) + yy * np.sin(ang)) * freq + warp * rng.uniform(2, 6)
        grain = np.sin(t) * 0.5 + 0.5
        dark = base * rng.uniform(0.55, 0.85)
        img = img * (1 - grain[..., None] * 0.5) + dark * grain[..., None] * 0.5
    elif kind == "check":
        cell = int(rng.integers(12, 80))
        yy, xx = np.mgrid[0:h, 0:w]
        mask = ((xx // cell + yy // cell) % 2).astype(np.float32)[..., None]
        other = rng.uniform(0, 255, 3)
        img = img * (1 - mask) + other * mask
    elif kind == "stripes":
        period = int(rng.integers(6, 60))
        yy, xx = np.mgrid[0:h, 0:w]
        mask = (((xx + yy * rng.uniform(-1, 1)) // period) % 2).astype(np.float32)[..., None]
        other = base * rng.uniform(0.6, 1.2)
        img = img * (1 - mask) + other * mask
    img = img + np.asarray(rng.normal(0, rng.uniform(1, 6), img.shape), np.float32)
    return np.asarray(img, np.float32)


def scribbles(img: np.ndarray, rng: np.random.Generator, w: int, h: int) -> None:
    """A few plain shapes on the table (discs, lines, blocks) that are not dice."""
    for _ in range(int(rng.integers(1, 5))):
        col = tuple(float(c) for c in rng.uniform(0, 255, 3))
        cxy = (int(rng.integers(w)), int(rng.integers(h)))
        shape = rng.integers(3)
        if shape == 0:
            cv2.circle(img, cxy, int(rng.integers(3, max(4, w // 8))), col, -1, cv2.LINE_AA)
        elif shape == 1:
            cv2.line(img, cxy, (int(rng.integers(w)), int(rng.integers(h))), col,
                     int(rng.integers(1, 8)), cv2.LINE_AA)
        else:
            d = int(rng.integers(5, max(6, w // 6)))
            cv2.rectangle(img, cxy, (cxy[0] + d, cxy[1] + int(d * rng.uniform(0.3, 3))), col, -1)
