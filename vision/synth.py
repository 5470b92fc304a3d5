"""Synthetic photos of dice: 3-D cubes projected through a pinhole camera onto procedural tables.

Used to train the models (varied dice, pips, backgrounds, light and camera angles) and by the tests,
which need photos with known values and boxes. Only numpy and OpenCV.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

from vision.tables import background, scribbles
from vision.textures import (
    DARK_COLOURS,
    DARK_PIP_COLOURS,
    DIE_COLOURS,
    GEM_COLOURS,
    GEM_PIP_COLOURS,
    PIP_COLOURS,
    PIPS,
    _luma,
    add_glare,
    add_glint,
    face_texture,
    marble_share,
)

__all__ = ["GEM_COLOURS", "PIPS", "RenderedDie", "add_glare", "add_glint", "face_texture", "render_scene"]

@dataclass(frozen=True)
class RenderedDie:
    value: int
    box: tuple[int, int, int, int]  # x, y, w, h of the whole die (top face and visible sides)
    top_centre: tuple[float, float]


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


class _Camera:
    """A pinhole camera `pitch` off straight down, turned `yaw` about the table's normal, looking at
    the table's origin from `dist`; focal length `f` in pixels for an image w x h."""

    def __init__(self, w: int, h: int, pitch: float, yaw: float, f: float, dist: float = 10.0) -> None:
        self.w, self.h, self.f = w, h, f
        cp, sp = np.cos(pitch), np.sin(pitch)
        # world->camera: camera axes (x right, y down in image, z forward)
        r_cam = np.array([[1, 0, 0], [0, -cp, -sp], [0, sp, -cp]], np.float64)
        cyaw, syaw = np.cos(yaw), np.sin(yaw)
        self.r = r_cam @ np.array([[cyaw, -syaw, 0], [syaw, cyaw, 0], [0, 0, 1]])
        self.pos = np.linalg.inv(self.r) @ np.array([0, 0, -dist])

    def project(self, pts: np.ndarray) -> np.ndarray:
        pc = (self.r @ (pts - self.pos).T).T
        return np.stack([self.f * pc[:, 0] / pc[:, 2] + self.w / 2, self.f * pc[:, 1] / pc[:, 2] + self.h / 2], 1)

    def table_point(self, u: float, v: float) -> np.ndarray:
        ray = np.linalg.inv(self.r) @ np.array([(u - self.w / 2) / self.f, (v - self.h / 2) / self.f, 1.0])
        t = -self.pos[2] / ray[2]
        return np.asarray(self.pos + t * ray)

    def depth(self, p: np.ndarray) -> float:
        return float((self.r @ (p - self.pos))[2])


_Placed = tuple[int, np.ndarray, float, "float | None"]  # value, centre, side, yaw (None: drawn later)


def _place(rng: np.random.Generator, values: list[int], cam: _Camera, die_px: tuple[float, float],
           touching: float) -> tuple[list[_Placed], float]:
    """Where each die lies on the table, apart from the others or (`touching`) against a face of one
    placed before; and the depth of the last die placed at random, which sizes shadows and textures."""
    w, h, f = cam.w, cam.h, cam.f
    scenes: list[_Placed] = []
    depth = 0.0

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
                u, v = cam.project(p[None])[0]
                margin = side * f / cam.depth(p)
                if margin < u < w - margin and margin < v < h - margin and apart(p, side, but=k):
                    scenes.append((value, p, side, qyaw + float(rng.normal(0, 0.06))))
                    continue
        for _attempt in range(60):
            target = rng.uniform(*die_px)
            u = rng.uniform(target, w - target)
            v = rng.uniform(target, h - target)
            p = cam.table_point(u, v)
            depth = cam.depth(p)
            side = target * depth / f
            if apart(p, side):
                break
        else:
            continue
        scenes.append((value, p, side, yaw))
    return scenes, depth


@dataclass
class _Look:
    """One die's colours and finish, drawn from the scene's options."""

    body: tuple[float, ...]
    pip: tuple[float, ...]
    translucent: bool
    pip_radius: float
    vein: tuple[int, int, int] | None = None
    veins: np.random.Generator | None = None
    gem: tuple[float, float] | None = None  # how opaque the body is, how bright what shows through
    kind: tuple[float, tuple[int, int, int]] | None = None
    shine: np.random.Generator | None = None
    glint: np.random.Generator | None = None


def _look(rng: np.random.Generator, body: str | None, pip: str | None, marbled: float, see_through: float,
          chinese: float, glare: float, glints: float, dark_pips: float = 0.0) -> _Look:
    bname = body or str(rng.choice(list(DIE_COLOURS)))
    bcol = tuple(np.clip(np.array(DIE_COLOURS[bname], np.float64) + rng.uniform(-25, 25, 3), 0, 255))
    choices = [k for k, c in PIP_COLOURS.items() if abs(_luma(c) - _luma(bcol)) > 60]  # type: ignore[arg-type]
    pname = pip or str(rng.choice(choices or ["black"]))
    pcol = tuple(np.clip(np.array(PIP_COLOURS[pname], np.float64) + rng.uniform(-15, 15, 3), 0, 255))
    look = _Look(bcol, pcol, rng.random() < 0.15, 0.0)
    if marbled > 0 and rng.random() < marbled:
        look.veins = mrng = np.random.default_rng(int(rng.integers(2**31)))
        vc = np.clip(np.array(DIE_COLOURS[str(mrng.choice(list(DIE_COLOURS)))]) + mrng.uniform(-40, 40, 3), 0, 255)
        look.vein = (int(vc[0]), int(vc[1]), int(vc[2]))
    if see_through > 0 and rng.random() < see_through:
        grng = np.random.default_rng(int(rng.integers(2**31)))
        gname = str(grng.choice(list(GEM_COLOURS)))
        look.body = tuple(np.clip(np.array(GEM_COLOURS[gname], np.float64) + grng.uniform(-15, 15, 3), 0, 255))
        far = [k for k, c in GEM_PIP_COLOURS.items() if np.linalg.norm(np.subtract(c, look.body)) > 70]
        look.pip = tuple(np.clip(np.array(GEM_PIP_COLOURS[str(grng.choice(far))], np.float64)
                                 + grng.uniform(-15, 15, 3), 0, 255))
        look.gem = (float(grng.uniform(0.4, 0.75)), float(grng.uniform(0.45, 0.8)))
        look.translucent = False
    elif dark_pips > 0 and rng.random() < dark_pips:
        drng = np.random.default_rng(int(rng.integers(2**31)))
        dark = np.clip(np.array(DARK_COLOURS[str(drng.choice(list(DARK_COLOURS)))], np.float64)
                       + drng.uniform(-12, 12, 3), 0, 255)
        near = [k for k, c in DARK_PIP_COLOURS.items() if np.linalg.norm(np.subtract(c, dark)) > 90]
        look.body = tuple(dark)
        look.pip = tuple(np.clip(np.array(DARK_PIP_COLOURS[str(drng.choice(near))], np.float64)
                                 + drng.uniform(-15, 15, 3), 0, 255))
    look.pip_radius = rng.uniform(0.075, 0.12)
    if chinese > 0 and rng.random() < chinese:
        crng = np.random.default_rng(int(rng.integers(2**31)))
        red = np.clip(np.array(PIP_COLOURS["red"], np.float64) + crng.uniform(-20, 20, 3), 0, 255)
        accent = red if np.linalg.norm(red - np.asarray(look.body)) > 90 else np.asarray(look.pip)
        look.kind = (float(crng.uniform(0.15, 0.24)), (int(accent[0]), int(accent[1]), int(accent[2])))
    if glare > 0 and rng.random() < glare:
        look.shine = np.random.default_rng(int(rng.integers(2**31)))
    if glints > 0 and rng.random() < glints:
        look.glint = np.random.default_rng(int(rng.integers(2**31)))
    return look


def _face_values(rng: np.random.Generator, value: int) -> dict[str, int]:
    """Top = value, bottom = 7 - value, the sides from the other pairs, either way round."""
    a, b = [v for v in (1, 2, 3) if v not in (value, 7 - value)]
    if rng.random() < 0.5:
        a = 7 - a
    if rng.random() < 0.5:
        b = 7 - b
    return {"top": value, "bottom": 7 - value, "px": a, "nx": 7 - a, "py": b, "ny": 7 - b}


def _paste(img: np.ndarray, tex: np.ndarray, quad: np.ndarray, alpha_of: Callable[[np.ndarray, np.ndarray], np.ndarray]
           ) -> None:
    """`tex` warped onto `quad` of `img`, blended by the alpha that `alpha_of(mask, warp)` gives."""
    h, w = img.shape[:2]
    tex_size = tex.shape[0]
    src = np.array([[0, 0], [tex_size - 1, 0], [tex_size - 1, tex_size - 1], [0, tex_size - 1]], np.float32)
    x0, y0 = np.floor(quad.min(0)).astype(int) - 2
    x1, y1 = np.ceil(quad.max(0)).astype(int) + 2
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, w), min(y1, h)
    if x1 <= x0 or y1 <= y0:
        return
    m = cv2.getPerspectiveTransform(src, quad - np.array([x0, y0], np.float32))
    warped = cv2.warpPerspective(tex, m, (x1 - x0, y1 - y0), flags=cv2.INTER_LINEAR)
    mask = cv2.warpPerspective(np.ones((tex_size, tex_size), np.float32), m, (x1 - x0, y1 - y0))
    alpha = alpha_of(mask, m)
    roi = img[y0:y1, x0:x1]
    roi[:] = roi * (1 - alpha) + warped * alpha


def _draw_die(img: np.ndarray, rng: np.random.Generator, cam: _Camera, placed: _Placed, look: _Look,
              depth: float, light_dir: np.ndarray, shadow_dir: np.ndarray) -> RenderedDie:
    """One die drawn into `img`, its shadow first, then its faces (a gem die's hidden ones too)."""
    h, w = img.shape[:2]
    f = cam.f
    value, p, side, yaw = placed
    face_vals = _face_values(rng, value)
    rot = _rotation(rng.uniform(0, 2 * np.pi) if yaw is None else yaw, rng.normal(0, 0.04), rng.normal(0, 0.04))
    half = side / 2
    centre = np.array([p[0], p[1], half])
    # soft shadow on the table
    base = (rot @ (_FACES["bottom"] * half).T).T + centre
    sh = base.copy()
    sh[:, :2] += shadow_dir * side * rng.uniform(0.2, 0.8)
    poly = np.concatenate([cam.project(base), cam.project(sh)])
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
        if np.dot(normal, cam.pos - fc) <= 0:
            if look.gem is not None:
                hidden.append((float(np.linalg.norm(fc - cam.pos)), name, world, look.gem[1]))
            continue
        shade = 0.55 + 0.45 * max(0.0, float(np.dot(normal, light_dir)))
        faces.append((name, world, shade))
    all_pts = []
    seen_through = [(name, world, shade, False) for _d, name, world, shade in sorted(hidden, reverse=True)]
    for name, world, shade, visible in seen_through + [(n, wd, sh, True) for n, wd, sh in faces]:
        quad = cam.project(world).astype(np.float32)
        if visible:
            all_pts.append(quad)
        marble = None if look.vein is None or look.veins is None else (look.vein, marble_share(tex_size, look.veins))
        glinting = look.glint is not None and visible and name == "top"
        pips = np.zeros((tex_size, tex_size), np.float32) if look.gem is not None or glinting else None
        tex = face_texture(face_vals[name], look.body, look.pip, tex_size, rng, look.pip_radius,  # type: ignore[arg-type]
                           marble, pips, look.kind)
        tex *= shade
        if look.shine is not None and visible and (name == "top" or look.shine.random() < 0.2):
            add_glare(tex, look.shine)
        if glinting and look.glint is not None and pips is not None:
            for _ in range(1 + int(look.glint.random() < 0.3)):
                add_glint(tex, pips, look.glint)

        def alpha_of(mask: np.ndarray, m: np.ndarray, visible: bool = visible, pips: np.ndarray | None = pips
                     ) -> np.ndarray:
            if look.gem is not None and pips is not None:  # the body lets through what lies behind, the pips do not
                opaque = look.gem[0] + (1 - look.gem[0]) * pips if visible else np.full_like(pips, 0.8)
                return np.asarray((mask * cv2.warpPerspective(opaque, m, mask.shape[::-1]))[..., None])
            return np.asarray(mask[..., None] * (rng.uniform(0.55, 0.8) if look.translucent else 1.0))

        _paste(img, tex, quad, alpha_of)
    pts = np.concatenate(all_pts)
    bx0, by0 = np.clip(pts.min(0), 0, [w - 1, h - 1])
    bx1, by1 = np.clip(pts.max(0), 0, [w - 1, h - 1])
    top = cam.project((rot @ (_FACES["top"] * half).T).T + centre).mean(0)
    return RenderedDie(value, (int(round(bx0)), int(round(by0)), int(round(bx1 - bx0)), int(round(by1 - by0))),
                       (float(top[0]), float(top[1])))


def _finish(img: np.ndarray, light: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """The camera's part: uneven light, a little blur, noise and JPEG compression."""
    img *= light[..., None]
    if rng.random() < 0.5:
        k = int(rng.choice([3, 5]))
        img = cv2.GaussianBlur(img, (k, k), rng.uniform(0.3, 1.2))
    img += rng.normal(0, rng.uniform(0, 5), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(50, 95))])
        out = cv2.imdecode(enc, cv2.IMREAD_COLOR)
    return out


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
    dark_pips: float = 0.0,
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
    `glints` the chance that its upper face shows small reflections beside its pips instead (likewise);
    `dark_pips` the chance that an opaque die is dark with pips hardly lighter (red on black, likewise).
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
        scribbles(img, rng, w, h)
    pitch = np.deg2rad(rng.uniform(*pitch_deg))
    cam_yaw = rng.uniform(0, 2 * np.pi)
    cam = _Camera(w, h, pitch, cam_yaw, w / 2 / np.tan(np.deg2rad(rng.uniform(25, 35))))
    light_dir = np.array([rng.uniform(-0.6, 0.6), rng.uniform(-0.6, 0.6), 1.0])
    light_dir /= np.linalg.norm(light_dir)
    shadow_dir = -light_dir[:2] / max(light_dir[2], 0.3)
    scenes, depth = _place(rng, values, cam, die_px, touching)
    dice: list[RenderedDie] = []
    for i in sorted(range(len(scenes)), key=lambda i: -np.linalg.norm(scenes[i][1] - cam.pos)):  # far ones first
        look = _look(rng, body, pip, marbled, see_through, chinese, glare, glints, dark_pips)
        dice.append(_draw_die(img, rng, cam, scenes[i], look, depth, light_dir, shadow_dir))
    return _finish(img, light, rng), dice
