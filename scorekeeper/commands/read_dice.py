"""`scorekeeper read-dice IMAGE... [--annotate DIR]`: one JSON line per photo (CLI.md)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import cv2
import numpy as np

import vision
from scorekeeper.commands import UsageError, print_json
from vision import compact


def annotate(photo: np.ndarray, dice: list[vision.Die], scale: float = 1.0) -> np.ndarray:
    """The photo with a box and the value drawn on each die (`scale`: original px per photo px)."""
    out = photo.copy()
    h, w = out.shape[:2]
    thick = max(2, round(max(h, w) / 500))
    for d in dice:
        x, y, bw, bh = (round(v / scale) for v in d.box)
        colour = (40, 200, 40) if d.confidence >= 0.8 else (0, 165, 255)
        cv2.rectangle(out, (x, y), (x + bw, y + bh), colour, thick)
        font = max(0.6, bh / 45)
        text = str(d.value)
        (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, font, thick)
        ty = y - thick if y - th - base - thick > 0 else y + bh + th + thick
        cv2.rectangle(out, (x, ty - th - base), (x + tw + 2 * thick, ty + base), colour, -1)
        cv2.putText(out, text, (x + thick, ty), cv2.FONT_HERSHEY_SIMPLEX, font, (0, 0, 0), thick, cv2.LINE_AA)
    return out


def _drawing_name(image: str, taken: set[str]) -> str:
    """The file name of `image`'s drawing: its stem and .jpg, or where an image read before in
    this call took that name (the same name in another folder, or a.png beside a.jpg), its stem
    with -2, -3, ... added. The name is added to `taken`."""
    stem = Path(image).stem
    name, k = f"{stem}.jpg", 1
    while name.casefold() in taken:
        k += 1
        name = f"{stem}-{k}.jpg"
    taken.add(name.casefold())
    return name


def run_read_dice(args: argparse.Namespace) -> int:
    """Read every image given; unreadable ones get an error line, and the exit code is then 2."""
    status = 0
    out_dir = Path(args.annotate) if args.annotate else None
    if out_dir is not None:
        if out_dir.exists() and not out_dir.is_dir():
            raise UsageError(f"--annotate {out_dir}: not a folder")
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise UsageError(f"--annotate {out_dir}: cannot make the folder ({error.strerror or error})") from None
    try:
        compact.networks()  # load the networks once, outside the per-photo timing
    except (FileNotFoundError, ValueError) as error:  # a folder of networks missing a file, or broken
        raise UsageError(f"the dice reader cannot start: {error}") from None
    drawn_names: set[str] = set()
    for name in args.images:
        t0 = time.perf_counter()
        try:
            data = vision.imageio.read_bytes(name)
            dice = vision.read_dice(data)
        except vision.ImageError as exc:
            print_json({"image": name, "error": str(exc)})
            print(f"scorekeeper read-dice: {name}: {exc}", file=sys.stderr)
            status = 2
            continue
        ms = (time.perf_counter() - t0) * 1000
        print_json({
            "image": name,
            "values": sorted(d.value for d in dice),
            "ms": round(ms, 1),
            "dice": [{"value": d.value, "box": list(d.box), "confidence": d.confidence} for d in dice],
        })
        if out_dir is not None:
            photo = vision.imageio.decode(data, work_long_side=2000)
            target = out_dir / _drawing_name(name, drawn_names)
            drawn = annotate(photo.pixels, dice, photo.scale)
            ok, enc = cv2.imencode(".jpg", drawn, [cv2.IMWRITE_JPEG_QUALITY, 90])
            try:
                if not ok:
                    raise OSError("the drawing could not be encoded as JPEG")
                target.write_bytes(enc.tobytes())
            except OSError as exc:
                print(f"scorekeeper read-dice: --annotate: cannot write {target} ({exc})", file=sys.stderr)
                status = 2
    return status
