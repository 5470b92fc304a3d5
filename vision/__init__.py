"""Reading dice from a photo.

    >>> import vision
    >>> dice = vision.read_dice(open("roll.jpg", "rb").read())
    >>> sorted(d.value for d in dice)
    [1, 3, 3, 5, 6]

`read_dice` takes the encoded bytes of a photo (JPEG, PNG, WebP, BMP), a decoded BGR numpy array or
a path, and returns one :class:`Die` per die found: its value (the face pointing up), its box in the
pixels of the original, upright image, a confidence, the probability of each face and the
probability that it is a die at all. Bad input raises :class:`ImageError` (a ValueError) whose
message says what was wrong; nothing else about the input is trusted.

How: the photo is decoded safely (vision.imageio: size and pixel limits read from the header,
large JPEGs decoded at reduced scale, EXIF orientation applied) and brightened if dark; a detector
finds die centres and sizes, looking again closer where the dice are small and from further back
where they are large; a classifier reads a crop around each as "not a die" or a face 1..6 and
refits its box (vision.compact, every setting in vision.config). The two networks, how they are
built and their figures: docs/vision.md.

Only OpenCV and numpy are needed at run time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision import compact
from vision.config import READ, ReadConfig
from vision.imageio import MAX_BYTES, MAX_PIXELS, ImageError, Photo, decode, from_array, read_bytes

__all__ = ["Die", "ImageError", "MAX_BYTES", "MAX_PIXELS", "MIN_CONFIDENCE", "read_dice", "read_photo", "load_photo"]

WORK_MAX_SIDE = 2048  # arrays and non-JPEG photos larger than this are scaled down first


@dataclass(frozen=True)
class Die:
    """One die on the photo.

    value: the face pointing up, 1..6.
    box: (x, y, width, height) of the whole die in pixels of the original upright image.
    confidence: 0..1, how sure the reader is of this die and its value: die * faces[value - 1].
    faces: the probability of each face 1..6 (empty in a Die made without them).
    die: the probability that this is a die at all.
    """

    value: int
    box: tuple[int, int, int, int]
    confidence: float
    faces: tuple[float, ...] = ()
    die: float = 1.0


ImageSource = bytes | bytearray | memoryview | np.ndarray | str | os.PathLike[str]


def load_photo(image: ImageSource) -> Photo:
    """Decode `image` (bytes, array, or a file path) into an upright photo, within the limits."""
    if isinstance(image, np.ndarray):
        photo = from_array(image)
    elif isinstance(image, bytes | bytearray | memoryview):
        photo = decode(bytes(image))
    elif isinstance(image, str | os.PathLike):
        photo = decode(read_bytes(Path(image)))
    else:
        raise ImageError(f"expected image bytes, a numpy array or a path, got {type(image).__name__}")
    h, w = photo.pixels.shape[:2]
    if max(h, w) > WORK_MAX_SIDE:
        s = WORK_MAX_SIDE / max(h, w)
        small = cv2.resize(photo.pixels, (round(w * s), round(h * s)), interpolation=cv2.INTER_AREA)
        photo = Photo(small, photo.width / small.shape[1], photo.width, photo.height)
    return photo


MIN_CONFIDENCE = 0.2
"""Default of read_dice's `min_confidence` (a die's confidence: the probability that it is a die
times that of its face). Reads under it are left out: most are wrong, things that are not dice (a
printed token, the pattern of a bare table) or misread dice, and leaving them out costs almost no
die read right; a higher cut loses more right dice than wrong ones. Reads over it but under the
app's mark (scorekeeper.app.photo.model.LOW_CONFIDENCE) are returned, and the app asks the player
to check them. Figures: docs/vision.md."""


def read_photo(photo: Photo, min_confidence: float = MIN_CONFIDENCE, settings: ReadConfig = READ) -> list[Die]:
    """The dice on a photo already decoded by load_photo, read with `settings` (read_dice's order)."""
    dice = [Die(v, box, c, faces, die) for v, box, c, faces, die in compact.read(photo, settings) if c >= min_confidence]
    return reading_order(dice)


def reading_order(dice: list[Die]) -> list[Die]:
    """Rows of dice top to bottom (a row: centres within half a die's height), each left to right,
    so that a list of the values follows the dice on the photo as a player reads them."""
    def middle(d: Die) -> float:
        return d.box[1] + d.box[3] / 2

    rows: list[list[Die]] = []
    for d in sorted(dice, key=lambda d: (middle(d), d.box[0])):
        if rows and abs(middle(d) - middle(rows[-1][0])) < 0.5 * rows[-1][0].box[3]:
            rows[-1].append(d)
        else:
            rows.append([d])
    return [d for row in rows for d in sorted(row, key=lambda d: d.box[0])]


def read_dice(image: ImageSource, min_confidence: float = MIN_CONFIDENCE) -> list[Die]:
    """The dice on a photo, in reading order (rows top to bottom, each left to right).

    `image`: the encoded bytes of a photo (JPEG with any EXIF orientation, PNG, WebP, BMP; at most
    `MAX_BYTES` bytes and `MAX_PIXELS` pixels, checked before decoding), a BGR (or grey, BGRA)
    numpy array, or a path to a file. Boxes are in pixels of the original image as it is meant to
    be seen (after its EXIF orientation). Dice read with a confidence below `min_confidence` are
    left out (0 keeps every die the reader found). Raises ImageError for anything that is not such
    a photo, FileNotFoundError where the networks are missing. Safe to call from several threads.
    """
    return read_photo(load_photo(image), min_confidence)
