"""How a die looks up close: pip layouts, body and pip colours, a face's texture, glare and glints,
marbled veins. The pieces vision.synth draws its dice from."""

from __future__ import annotations

import cv2
import numpy as np

PIPS: dict[int, list[tuple[float, float]]] = {
    1: [(0.5, 0.5)],
    2: [(0.25, 0.25), (0.75, 0.75)],
    3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
    4: [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
    5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
    6: [(0.25, 0.22), (0.75, 0.22), (0.25, 0.5), (0.75, 0.5), (0.25, 0.78), (0.75, 0.78)],
}

DIE_COLOURS = {  # BGR
    "white": (235, 235, 232),
    "ivory": (200, 230, 240),
    "black": (30, 28, 28),
    "red": (40, 40, 200),
    "green": (60, 150, 40),
    "blue": (170, 90, 30),
    "purple": (130, 40, 100),
    "yellow": (40, 210, 235),
    "orange": (30, 120, 235),
    "pink": (180, 140, 240),
    "grey": (140, 140, 140),
}
PIP_COLOURS = {
    "black": (20, 20, 20),
    "white": (245, 245, 245),
    "red": (30, 30, 190),
    "yellow": (30, 215, 240),
    "gold": (60, 170, 210),
    "blue": (160, 60, 20),
}
# translucent ("gem") dice: body colours one sees the other faces through, and their pips, which
# may be dark on a dark body (dark red on smoke)
GEM_COLOURS = {
    "smoke": (50, 50, 55),
    "dark smoke": (30, 30, 34),
    "ruby": (30, 20, 120),
    "sapphire": (110, 40, 15),
    "emerald": (50, 90, 20),
    "amethyst": (90, 30, 70),
    "amber": (20, 90, 170),
    "clear": (200, 200, 195),
}
# dark opaque dice whose pips differ in hue more than in brightness (red on black): the rule that an
# opaque die's pips differ from its body in brightness never draws them, yet they are common
DARK_COLOURS = {
    "black": (30, 28, 28),
    "charcoal": (55, 55, 58),
    "navy": (75, 35, 20),
    "plum": (65, 25, 55),
    "bottle": (40, 70, 25),
    "maroon": (25, 25, 95),
}
DARK_PIP_COLOURS = {
    "red": (30, 30, 190),
    "dark red": (30, 30, 140),
    "gold": (60, 170, 210),
    "blue": (200, 110, 40),
    "green": (60, 170, 60),
}
GEM_PIP_COLOURS = {
    "red": (30, 30, 190),
    "dark red": (20, 20, 130),
    "white": (235, 235, 235),
    "gold": (60, 170, 210),
    "black": (20, 20, 20),
}


def _luma(bgr: tuple[int, int, int]) -> float:
    b, g, r = bgr
    return 0.114 * b + 0.587 * g + 0.299 * r


def face_texture(
    value: int,
    body: tuple[int, int, int],
    pip: tuple[int, int, int],
    size: int,
    rng: np.random.Generator,
    pip_radius: float = 0.1,
    marble: tuple[tuple[int, int, int], np.ndarray] | None = None,
    pip_mask: np.ndarray | None = None,
    chinese: tuple[float, tuple[int, int, int]] | None = None,
) -> np.ndarray:
    """A square face of a die: body colour (veined with a second colour by `marble`: that colour
    and its share, size x size), rounded-corner shading, `value` pips (also drawn as 1 into
    `pip_mask`, size x size, where given). `chinese`: the radius of the one's single pip and the
    colour of the one's and the four's pips, as on dice of the Chinese kind."""
    tex = np.empty((size, size, 3), np.float32)
    tex[:] = body
    if marble is not None:
        colour, share = marble
        tex += (np.asarray(colour, np.float32) - tex) * share[..., None]
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / (size - 1)
    edge = np.minimum(np.minimum(xx, 1 - xx), np.minimum(yy, 1 - yy))
    rim = np.clip(edge / 0.08, 0, 1)[..., None]
    tex = tex * (0.75 + 0.25 * rim)
    pts = PIPS[value]
    k = int(rng.integers(4))
    r = pip_radius * size
    if chinese is not None and value in (1, 4):
        pip = chinese[1]
        if value == 1:
            r = chinese[0] * size
    for px, py in pts:
        for _ in range(k):
            px, py = 1 - py, px
        centre = (round(px * (size - 1) * 16), round(py * (size - 1) * 16))
        cv2.circle(tex, centre, round(r * 16), tuple(float(c) for c in pip), -1, cv2.LINE_AA, 4)
        if pip_mask is not None:
            cv2.circle(pip_mask, centre, round(r * 16), 1.0, -1, cv2.LINE_AA, 4)
        # a little dimple shadow
        cv2.circle(
            tex, centre, round(r * 16), tuple(float(c) * 0.6 for c in pip), 1, cv2.LINE_AA, 4
        )
    return tex


def add_glare(tex: np.ndarray, rng: np.random.Generator) -> None:
    """A reflection on a glossy face, in place (float texture, size x size): a lamp's soft spot or a
    window's bright patch, near white, anywhere on the face, as large as a pip or several."""
    size = tex.shape[0]
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / (size - 1)
    cx, cy = rng.uniform(0.12, 0.88, 2)
    a = rng.uniform(0, np.pi)
    u = (xx - cx) * np.cos(a) + (yy - cy) * np.sin(a)
    v = (yy - cy) * np.cos(a) - (xx - cx) * np.sin(a)
    s, stretch = rng.uniform(0.03, 0.12), rng.uniform(1.0, 3.0)
    if rng.random() < 0.5:  # a lamp
        g = np.exp(-0.5 * ((u / (s * stretch)) ** 2 + (v / s) ** 2))
    else:  # a window
        g = ((np.abs(u) < 1.5 * s * stretch) & (np.abs(v) < 1.5 * s)).astype(np.float32)
        g = cv2.GaussianBlur(g, (0, 0), max(0.5, 0.015 * size))
    white = rng.uniform(225, 255, 3).astype(np.float32)
    tex += np.maximum(white - tex, 0) * (rng.uniform(0.6, 1.0) * g)[..., None]  # light only adds


GRID = [(x, y) for y in (0.25, 0.5, 0.75) for x in (0.25, 0.5, 0.75)]  # where a face's pips may lie


def add_glint(tex: np.ndarray, pip_mask: np.ndarray, rng: np.random.Generator) -> None:
    """A reflection on a glossy face, in place (float texture, size x size): a lamp's spot as
    large as a pip, or a streak across the face, bent as a rounded face bends a window's edge;
    near white and soft-edged, it lights the face around its pips (`pip_mask`, 1 on the pips) and
    leaves them as they are to be read. Half of them are centred where a pip of another face would
    lie (the middle of a four, a corner of a three), where a glint looks most like a pip."""
    size = tex.shape[0]
    free = [(x, y) for x, y in GRID if pip_mask[round(y * (size - 1)), round(x * (size - 1))] < 0.5]
    if free and rng.random() < 0.5:
        cx, cy = free[int(rng.integers(len(free)))]
        cx, cy = cx + rng.normal(0, 0.03), cy + rng.normal(0, 0.03)
    else:
        cx, cy = rng.uniform(0.12, 0.88, 2)
    yy, xx = np.mgrid[0:size, 0:size].astype(np.float32) / (size - 1)
    a = rng.uniform(0, np.pi)
    u = (xx - cx) * np.cos(a) + (yy - cy) * np.sin(a)
    v = (yy - cy) * np.cos(a) - (xx - cx) * np.sin(a)
    if rng.random() < 0.5:  # a lamp's spot, round or drawn out a little
        s = rng.uniform(0.035, 0.08)
        g = np.exp(-0.5 * ((u / (s * rng.uniform(1.0, 2.0))) ** 2 + (v / s) ** 2))
    else:  # a streak, bent as a rounded face bends it
        v = v - rng.uniform(-1.5, 1.5) * u**2
        g = np.exp(-0.5 * ((u / rng.uniform(0.15, 0.4)) ** 2 + (v / rng.uniform(0.02, 0.06)) ** 2))
    g = g * (1 - cv2.GaussianBlur(pip_mask, (0, 0), max(0.5, 0.02 * size)))  # not over a pip
    white = rng.uniform(215, 255, 3).astype(np.float32)
    tex += np.maximum(white - tex, 0) * (rng.uniform(0.6, 1.0) * g)[..., None]  # light only adds


def marble_share(size: int, rng: np.random.Generator) -> np.ndarray:
    """Veins of a marbled die: a smooth random field folded into thin bands, 0..1, size x size."""
    field: np.ndarray = cv2.resize(rng.normal(0, 1, (4, 4)).astype(np.float32), (size, size), interpolation=cv2.INTER_CUBIC)
    field = field + cv2.resize(rng.normal(0, 0.4, (9, 9)).astype(np.float32), (size, size), interpolation=cv2.INTER_CUBIC)
    bands = np.abs(np.sin(field * rng.uniform(1, 4)))
    return np.asarray(np.clip(1 - bands / rng.uniform(0.4, 1.2), 0, 1) * rng.uniform(0.5, 1), np.float32)
