"""Helpers for the vision tests: JPEG/EXIF crafting, box matching, where the real photos are."""

from __future__ import annotations

import struct
from pathlib import Path

import cv2
import numpy as np

from vision.scoring import score_photo, whole_die

DATASETS = Path(__file__).resolve().parents[2].parent / "shared" / "datasets"


def jpeg(image: np.ndarray, quality: int = 92) -> bytes:
    ok, enc = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return enc.tobytes()


def with_orientation(data: bytes, orientation: int, big_endian: bool = False) -> bytes:
    """A JPEG with an EXIF APP1 segment carrying `orientation` inserted after SOI."""
    end = ">" if big_endian else "<"
    tiff = (b"MM" if big_endian else b"II") + struct.pack(end + "HI", 42, 8)
    tiff += struct.pack(end + "H", 1)
    tiff += struct.pack(end + "HHI", 0x0112, 3, 1) + struct.pack(end + "HH", orientation, 0)
    tiff += struct.pack(end + "I", 0)
    payload = b"Exif\x00\x00" + tiff
    app1 = b"\xff\xe1" + struct.pack(">H", len(payload) + 2) + payload
    return data[:2] + app1 + data[2:]


def stored_for(upright: np.ndarray, orientation: int) -> np.ndarray:
    """The pixels a camera stores for an upright view shown with EXIF `orientation`."""
    inverse = {
        1: lambda a: a,
        2: lambda a: cv2.flip(a, 1),
        3: lambda a: cv2.rotate(a, cv2.ROTATE_180),
        4: lambda a: cv2.flip(a, 0),
        5: lambda a: cv2.rotate(cv2.flip(a, 1), cv2.ROTATE_90_COUNTERCLOCKWISE),
        6: lambda a: cv2.rotate(a, cv2.ROTATE_90_COUNTERCLOCKWISE),
        7: lambda a: cv2.rotate(cv2.flip(a, 1), cv2.ROTATE_90_CLOCKWISE),
        8: lambda a: cv2.rotate(a, cv2.ROTATE_90_CLOCKWISE),
    }
    return inverse[orientation](upright)


def matched(found: list, truth: list[tuple[int, tuple[float, ...]]], min_iou: float = 0.5) -> int:
    """Dice found with a box over a true die (IoU >= min_iou) and its right value."""
    return score_photo(found, truth, whole_die(min_iou)).hits


def mostly_right(found: list, truth: list[tuple[int, tuple[float, ...]]]) -> bool:
    """All dice read right but at most one, and nothing read where there is no die: the reader reads
    about 39 dice in 40 on plain tables, so one photo's five dice are all right only most of the time."""
    return matched(found, truth) >= len(truth) - 1 and len(found) <= len(truth)


def plain_scene() -> tuple[np.ndarray, list[tuple[int, tuple[int, int, int, int]]]]:
    """Five white dice with black pips (1..5) seen from above on a plain table, 640 x 480."""
    from vision.synth import render_scene

    rng = np.random.default_rng(1021)
    img, truth = render_scene(rng, (640, 480), values=[1, 2, 3, 4, 5], die_px=(45, 60),
                              pitch_deg=(0, 5), body="white", pip="black")
    return img, [(d.value, d.box) for d in truth]
