"""Synthetic photos of dice: 3-D cubes projected through a pinhole camera onto procedural tables.

Used to train the models (varied dice, pips, backgrounds, light and camera angles) and by the tests,
which need photos with known values and boxes. Only numpy and OpenCV.
"""

from __future__ import annotations

from dataclasses import dataclass

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
GEM_PIP_COLOURS = {
    "red": (30, 30, 190),
    "dark red": (20, 20, 130),
    "white": (235, 235, 235),
    "gold": (60, 170, 210),
    "black": (20, 20, 20),
}


@dataclass(frozen=True)
class RenderedDie:
    value: int
    box: tuple[int, int, int, int]  # x, y, w, h of the whole die (top face and visible sides)
    top_centre: tuple[float, float]


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


def marble_share(size: int, rng: np.random.Generator) -> np.ndarray:
    """Veins of a marbled die: a smooth random field folded into thin bands, 0..1, size x size."""
    field: np.ndarray = cv2.resize(rng.normal(0, 1, (4, 4)).astype(np.float32), (size, size), interpolation=cv2.INTER_CUBIC)
    field = field + cv2.resize(rng.normal(0, 0.4, (9, 9)).astype(np.float32), (size, size), interpolation=cv2.INTER_CUBIC)
    bands = np.abs(np.sin(field * rng.uniform(1, 4)))
    return np.asarray(np.clip(1 - bands / rng.uniform(0.4, 1.2), 0, 1) * rng.uniform(0.5, 1), np.float32)


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


def _rotation(yaw: float, tilt_x: float, tilt_y: float) -> np.ndarray:
    cz, sz = np.cos(yaw), np.sin(yaw)
    cx, sx = np.cos(tilt_x), np.sin(tilt_x)
    cy, sy = np.cos(tilt_y), np.sin(tilt_y)
    rz = np.array([[cz, -sz, 0], [sz, cz, 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, cx, -sx], [0, sx, cx]])
    ry = np.array([[cy, 0, sy], [0, 1, 0], [-sy, 0, cy]])
    return rz @ rx @ ry


# cube faces: (normal axis index, sign) -> corners in unit-cube coordinates, ordered for texture
_FACES = {
    "top": np.array([[-1, -1, 1], [1, -1, 1], [1, 1, 1], [-1, 1, 1]], np.float64),
    "bottom": np.array([[-1, 1, -1], [1, 1, -1], [1, -1, -1], [-1, -1, -1]], np.float64),
    "px": np.array([[1, -1, 1], [1, 1, 1], [1, 1, -1], [1, -1, -1]], np.float64),
    "nx": np.array([[-1, 1, 1], [-1, -1, 1], [-1, -1, -1], [-1, 1, -1]], np.float64),
    "py": np.array([[1, 1, 1], [-1, 1, 1], [-1, 1, -1], [1, 1, -1]], np.float64),
    "ny": np.array([[-1, -1, 1], [1, -1, 1], [1, -1, -1], [-1, -1, -1]], np.float64),
}
_NORMALS = {
    "top": (0, 0, 1),
    "bottom": (0, 0, -1),
    "px": (1, 0, 0),
    "nx": (-1, 0, 0),
    "py": (0, 1, 0),
    "ny": (0, -1, 0),
}


def render_scene(
    rng: np.random.Generator,
    size: tuple[int, int] = (640, 480),
    n_dice: int | None = None,
    values: list[int] | None = None,
    die_px: tuple[float, float] = (28, 90),
    pitch_deg: tuple[float, float] = (0, 45),
    patches: list[np.ndarray] | None = None,
    body: str | None = None,
    pip: str | None = None,
    distractors: bool = True,
    marbled: float = 0.0,
    see_through: float = 0.0,
    touching: float = 0.0,
    chinese: float = 0.0,
    glare: float = 0.0,
    glints: float = 0.0,
) -> tuple[np.ndarray, list[RenderedDie]]:
    """A photo of dice on a table and the truth about each die (value of the face pointing up).

    `size` is (width, height); `die_px` the range of the dice's apparent side in pixels; `pitch_deg`
    the camera's angle from straight down; `marbled` the chance that a die is veined with a second
    colour (when 0, as by default, the same seed renders the same scene as before that option);
    `see_through` the chance that a die is a translucent gem die (GEM_COLOURS), its hidden faces'
    pips showing through the body around the upper face's (likewise); `touching` the chance that a
    die lies against a face of one already placed, as thrown dice often do (likewise); `chinese` the
    chance that a die is of the Chinese kind, its one a large pip and its one and four red (likewise);
    `glare` the chance that a lamp or a window shines back from a glossy die's upper face (likewise);
    `glints` the chance that its upper face shows small reflections beside its pips instead (likewise).
    """
    w, h = size
    if values is None:
        n = int(n_dice if n_dice is not None else rng.integers(1, 13))
        values = [int(v) for v in rng.integers(1, 7, n)]
    img = background(h, w, rng, patches)
    # uneven light
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    light = 1 + rng.uniform(0, 0.35) * ((xx / w - 0.5) * gx + (yy / h - 0.5) * gy)
    if distractors and rng.random() < 0.5:
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

    pitch = np.deg2rad(rng.uniform(*pitch_deg))
    cam_yaw = rng.uniform(0, 2 * np.pi)
    f = w / 2 / np.tan(np.deg2rad(rng.uniform(25, 35)))
    dist = 10.0
    # camera looks at the origin of the table from `dist`, tilted by `pitch`
    cp, sp = np.cos(pitch), np.sin(pitch)
    # world->camera: camera axes (x right, y down in image, z forward)
    r_cam = np.array([[1, 0, 0], [0, -cp, -sp], [0, sp, -cp]], np.float64)
    cyaw, syaw = np.cos(cam_yaw), np.sin(cam_yaw)
    r_cam = r_cam @ np.array([[cyaw, -syaw, 0], [syaw, cyaw, 0], [0, 0, 1]])
    cam_pos = np.linalg.inv(r_cam) @ np.array([0, 0, -dist])

    def project(pts: np.ndarray) -> np.ndarray:
        pc = (r_cam @ (pts - cam_pos).T).T
        return np.stack([f * pc[:, 0] / pc[:, 2] + w / 2, f * pc[:, 1] / pc[:, 2] + h / 2], 1)

    def table_point(u: float, v: float) -> np.ndarray:
        ray = np.linalg.inv(r_cam) @ np.array([(u - w / 2) / f, (v - h / 2) / f, 1.0])
        t = -cam_pos[2] / ray[2]
        return cam_pos + t * ray

    light_dir = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), 1.0])
    light_dir /= np.linalg.norm(light_dir)
    shadow_dir = -light_dir[:2] / max(light_dir[2], 0.3)

    body_name = body
    dice: list[RenderedDie] = []
    scenes: list[tuple[int, np.ndarray, float, float | None]] = []  # value, centre, side, yaw (None: drawn later)

    def apart(p: np.ndarray, side: float, but: int = -1) -> bool:
        return all(np.hypot(p[0] - q[0], p[1] - q[1]) > 0.9 * (side + s) for k, (_v, q, s, _y) in enumerate(scenes) if k != but)

    for value in values:
        yaw: float | None = None
        if touching > 0:
            yaw = float(rng.uniform(0, 2 * np.pi))
            if scenes and rng.random() < touching:  # against a face of a die already placed, turned alike
                k = int(rng.integers(len(scenes)))
                _v, q, side, neighbour_yaw = scenes[k]
                qyaw = neighbour_yaw or 0.0
                towards = qyaw + int(rng.integers(4)) * np.pi / 2
                gap = side * rng.uniform(1.02, 1.2)
                p = np.array([q[0] + gap * np.cos(towards), q[1] + gap * np.sin(towards), 0.0])
                u, v = project(p[None])[0]
                margin = side * f / (r_cam @ (p - cam_pos))[2]
                if margin < u < w - margin and margin < v < h - margin and apart(p, side, but=k):
                    scenes.append((value, p, side, qyaw + float(rng.normal(0, 0.06))))
                    continue
        for _attempt in range(60):
            target = rng.uniform(*die_px)
            u = rng.uniform(target, w - target)
            v = rng.uniform(target, h - target)
            p = table_point(u, v)
            depth = (r_cam @ (p - cam_pos))[2]
            side = target * depth / f
            if apart(p, side):
                break
        else:
            continue
        scenes.append((value, p, side, yaw))

    order = sorted(range(len(scenes)), key=lambda i: -np.linalg.norm(scenes[i][1] - cam_pos))
    for i in order:
        value, p, side, yaw = scenes[i]
        bname = body_name or str(rng.choice(list(DIE_COLOURS)))
        bcol = tuple(np.clip(np.array(DIE_COLOURS[bname], np.float64) + rng.uniform(-25, 25, 3), 0, 255))
        choices = [k for k, c in PIP_COLOURS.items() if abs(_luma(c) - _luma(bcol)) > 60]  # type: ignore[arg-type]
        pname = pip or str(rng.choice(choices or ["black"]))
        pcol = tuple(np.clip(np.array(PIP_COLOURS[pname], np.float64) + rng.uniform(-15, 15, 3), 0, 255))
        translucent = rng.random() < 0.15
        vein: tuple[int, int, int] | None = None
        if marbled > 0 and rng.random() < marbled:
            mrng = np.random.default_rng(int(rng.integers(2**31)))
            vc = np.clip(np.array(DIE_COLOURS[str(mrng.choice(list(DIE_COLOURS)))]) + mrng.uniform(-40, 40, 3), 0, 255)
            vein = (int(vc[0]), int(vc[1]), int(vc[2]))
        gem: tuple[float, float] | None = None  # how opaque the body is, how bright what shows through
        if see_through > 0 and rng.random() < see_through:
            grng = np.random.default_rng(int(rng.integers(2**31)))
            gname = str(grng.choice(list(GEM_COLOURS)))
            bcol = tuple(np.clip(np.array(GEM_COLOURS[gname], np.float64) + grng.uniform(-15, 15, 3), 0, 255))
            far = [k for k, c in GEM_PIP_COLOURS.items() if np.linalg.norm(np.subtract(c, bcol)) > 70]
            pcol = tuple(np.clip(np.array(GEM_PIP_COLOURS[str(grng.choice(far))], np.float64)
                                 + grng.uniform(-15, 15, 3), 0, 255))
            gem = (float(grng.uniform(0.4, 0.75)), float(grng.uniform(0.45, 0.8)))
            translucent = False
        pr = rng.uniform(0.075, 0.12)
        kind: tuple[float, tuple[int, int, int]] | None = None
        if chinese > 0 and rng.random() < chinese:
            crng = np.random.default_rng(int(rng.integers(2**31)))
            red = np.clip(np.array(PIP_COLOURS["red"], np.float64) + crng.uniform(-20, 20, 3), 0, 255)
            accent = red if np.linalg.norm(red - np.asarray(bcol)) > 90 else np.asarray(pcol)
            kind = (float(crng.uniform(0.15, 0.24)), (int(accent[0]), int(accent[1]), int(accent[2])))
        shine: np.random.Generator | None = None
        if glare > 0 and rng.random() < glare:
            shine = np.random.default_rng(int(rng.integers(2**31)))
        glint: np.random.Generator | None = None
        if glints > 0 and rng.random() < glints:
            glint = np.random.default_rng(int(rng.integers(2**31)))
        # face values: top=value, bottom=7-value, sides from the other pairs
        others = [v for v in (1, 2, 3) if v not in (value, 7 - value)]
        a, b = others
        if rng.random() < 0.5:
            a = 7 - a
        if rng.random() < 0.5:
            b = 7 - b
        face_vals = {"top": value, "bottom": 7 - value, "px": a, "nx": 7 - a, "py": b, "ny": 7 - b}
        rot = _rotation(rng.uniform(0, 2 * np.pi) if yaw is None else yaw, rng.normal(0, 0.04), rng.normal(0, 0.04))
        half = side / 2
        centre = np.array([p[0], p[1], half])
        # soft shadow on the table
        base = (rot @ (_FACES["bottom"] * half).T).T + centre
        sh = base.copy()
        sh[:, :2] += shadow_dir * side * rng.uniform(0.2, 0.8)
        poly = np.concatenate([project(base), project(sh)])
        hull = cv2.convexHull(poly.astype(np.float32)).astype(np.int32)
        shadow: np.ndarray = np.zeros((h, w), np.float32)
        cv2.fillConvexPoly(shadow, hull, 1.0, cv2.LINE_AA)
        k = max(3, int(side * f / depth * 0.15) | 1)
        shadow = cv2.GaussianBlur(shadow, (k, k), 0)
        img *= (1 - rng.uniform(0.2, 0.55) * shadow)[..., None]

        tex_size = int(np.clip(side * f / depth * 1.5, 32, 160))
        faces = []
        hidden = []  # (distance, name, world, shade) of the faces turned away, for a gem die
        for name, corners in _FACES.items():
            normal = rot @ np.array(_NORMALS[name], np.float64)
            world = (rot @ (corners * half).T).T + centre
            fc = world.mean(0)
            if np.dot(normal, cam_pos - fc) <= 0:
                if gem is not None:
                    hidden.append((float(np.linalg.norm(fc - cam_pos)), name, world, gem[1]))
                continue
            shade = 0.55 + 0.45 * max(0.0, float(np.dot(normal, light_dir)))
            faces.append((name, world, shade))
        all_pts = []
        seen_through = [(name, world, shade, False) for _d, name, world, shade in sorted(hidden, reverse=True)]
        for name, world, shade, visible in seen_through + [(n, wd, sh, True) for n, wd, sh in faces]:
            quad = project(world).astype(np.float32)
            if visible:
                all_pts.append(quad)
            marble = None if vein is None else (vein, marble_share(tex_size, mrng))
            glinting = glint is not None and visible and name == "top"
            pips = np.zeros((tex_size, tex_size), np.float32) if gem is not None or glinting else None
            tex = face_texture(face_vals[name], bcol, pcol, tex_size, rng, pr, marble, pips, kind)  # type: ignore[arg-type]
            tex *= shade
            if shine is not None and visible and (name == "top" or shine.random() < 0.2):
                add_glare(tex, shine)
            if glinting and glint is not None and pips is not None:
                for _ in range(1 + int(glint.random() < 0.3)):
                    add_glint(tex, pips, glint)
            src = np.array([[0, 0], [tex_size - 1, 0], [tex_size - 1, tex_size - 1], [0, tex_size - 1]], np.float32)
            x0, y0 = np.floor(quad.min(0)).astype(int) - 2
            x1, y1 = np.ceil(quad.max(0)).astype(int) + 2
            x0, y0 = max(x0, 0), max(y0, 0)
            x1, y1 = min(x1, w), min(y1, h)
            if x1 <= x0 or y1 <= y0:
                continue
            m = cv2.getPerspectiveTransform(src, quad - np.array([x0, y0], np.float32))
            warped = cv2.warpPerspective(tex, m, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
            mask = cv2.warpPerspective(np.ones((tex_size, tex_size), np.float32), m, (x1 - x0, y1 - y0))
            if gem is not None and pips is not None:  # the body lets through what lies behind, the pips do not
                opaque = gem[0] + (1 - gem[0]) * pips if visible else np.full_like(pips, 0.8)
                alpha = (mask * cv2.warpPerspective(opaque, m, (x1 - x0, y1 - y0)))[..., None]
            else:
                alpha = mask[..., None] * (rng.uniform(0.55, 0.8) if translucent else 1.0)
            roi = img[y0:y1, x0:x1]
            roi[:] = roi * (1 - alpha) + warped * alpha
        pts = np.concatenate(all_pts)
        bx0, by0 = np.clip(pts.min(0), 0, [w - 1, h - 1])
        bx1, by1 = np.clip(pts.max(0), 0, [w - 1, h - 1])
        top = project((rot @ (_FACES["top"] * half).T).T + centre).mean(0)
        dice.append(
            RenderedDie(
                value,
                (int(round(bx0)), int(round(by0)), int(round(bx1 - bx0)), int(round(by1 - by0))),
                (float(top[0]), float(top[1])),
            )
        )
    img *= light[..., None]
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), rng.uniform(0.3, 1.2))
    img += rng.normal(0, rng.uniform(0, 5), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(50, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out, dice
