"""Contact sheets of a reading's errors, to look at what went wrong (bench/vision.py `--sheet DIR`).

Each error gets a tile: the photo around the die, enlarged, with the label's box and value in
green (top left) and the read's box and value in red (top right), captioned with the photo's
name and the kind of error. Whether a disagreement is the reader's fault or the label's (a loose
box, a wrong value, a die nobody labelled) is then for a person to see.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

from vision.scoring import Mistake

TILE = 200  # a tile's side in pixels
CAPTION = 24  # pixels at a tile's foot for its caption
COLUMNS = 6
PER_SHEET = 48  # tiles on one sheet; more errors go on further sheets
LABEL = (60, 220, 60)
READ = (40, 40, 240)


def tile(image: np.ndarray, mistake: Mistake, caption: str, side: int = TILE) -> np.ndarray:
    """The photo around the error, enlarged to `side` x `side`, boxes and values drawn."""
    boxes = [b for b in (mistake.label[1] if mistake.label else None, mistake.read.box if mistake.read else None)
             if b is not None]
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    span = max(x1 - x0, y1 - y0) * 1.8 + 8
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    view = side - CAPTION
    scale = view / span
    m = np.array([[scale, 0, view / 2 - cx * scale], [0, scale, view / 2 - cy * scale]])
    out = np.zeros((side, side, 3), np.uint8)
    out[:view] = cv2.warpAffine(image, m, (side, view), flags=cv2.INTER_CUBIC,
                                      borderMode=cv2.BORDER_CONSTANT)

    def draw(box: Sequence[float], colour: tuple[int, int, int], text: str, right: bool) -> None:
        p0 = (round(box[0] * scale + m[0, 2]), round(box[1] * scale + m[1, 2]))
        p1 = (round((box[0] + box[2]) * scale + m[0, 2]), round((box[1] + box[3]) * scale + m[1, 2]))
        cv2.rectangle(out, p0, p1, colour, 2)
        org = (p1[0] - 14, p0[1] - 4) if right else (p0[0], p0[1] - 4)
        cv2.putText(out, text, (max(0, org[0]), max(16, org[1])), cv2.FONT_HERSHEY_SIMPLEX, 0.6, colour, 2)

    if mistake.label:
        draw(mistake.label[1], LABEL, str(mistake.label[0]), False)
    if mistake.read:
        draw(mistake.read.box, READ, str(mistake.read.value), True)
    cv2.putText(out, caption[-28:], (4, side - 8), cv2.FONT_HERSHEY_SIMPLEX, 0.4, (230, 230, 230), 1)
    return out


def write_sheets(errors: Sequence[tuple[str, np.ndarray, Mistake]], path: Path) -> list[Path]:
    """Sheets of (photo name, photo pixels, error) tiles: `path` itself (a .png), and for more
    than PER_SHEET errors path-2.png, path-3.png ...; the files written."""
    written = []
    for first in range(0, len(errors), PER_SHEET):
        tiles = [tile(img, mk, f"{mk.kind} {Path(name).stem}") for name, img, mk in errors[first:first + PER_SHEET]]
        tiles += [np.zeros_like(tiles[0])] * (-len(tiles) % COLUMNS)
        sheet = np.vstack([np.hstack(tiles[r:r + COLUMNS]) for r in range(0, len(tiles), COLUMNS)])
        out = path if not first else path.with_name(f"{path.stem}-{first // PER_SHEET + 1}{path.suffix}")
        out.parent.mkdir(parents=True, exist_ok=True)
        cv2.imwrite(str(out), sheet)
        written.append(out)
    return written
