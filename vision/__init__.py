"""Reading dice from a photo.

    >>> import vision
    >>> dice = vision.read_dice(open("roll.jpg", "rb").read())
    >>> sorted(d.value for d in dice)
    [1, 3, 3, 5, 6]

`read_dice` takes the encoded bytes of a photo (JPEG, PNG, WebP, BMP) or a decoded BGR numpy array
and returns one :class:`Die` per die found: its value (the face pointing up), its box in the pixels of
the original, upright image, and a confidence. Bad input raises :class:`ImageError` (a ValueError)
whose message says what was wrong; nothing else about the input is trusted.

How: the photo is decoded safely (vision.imageio: size and pixel limits read from the header,
large JPEGs decoded at reduced scale, EXIF orientation applied); a small centre-net finds die
centres and sizes where dice appear about 24 px wide, small classifiers read each die in several
views as "not a die" or 1..6 and refit its box, and photos saved sideways are turned back where
their dice read surest so. The models, their training and their figures: docs/vision.md.

Only OpenCV and numpy are needed at run time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from vision.imageio import MAX_BYTES, MAX_PIXELS, ImageError, Photo, decode, from_array, read_bytes

__all__ = ["Die", "ImageError", "MAX_BYTES", "MAX_PIXELS", "MIN_CONFIDENCE", "read_dice", "load_photo"]

WORK_MAX_SIDE = 2048  # arrays and non-JPEG photos larger than this are scaled down first


@dataclass(frozen=True)
class Die:
    """One die on the photo.

    value: the face pointing up, 1..6.
    box: (x, y, width, height) of the whole die in pixels of the original upright image.
    confidence: 0..1, how sure the reader is of this die and its value.
    faces: the probability of each face 1..6 (empty where the reader gives none).
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


MIN_CONFIDENCE = 0.3
"""Default of read_dice's `min_confidence`. A die read with less is rarely a die read right: most
are misread faces or things that are not dice (a screw head in a grainy photo); leaving them out
read the held-out photos and renders as well or better (held-out 0.979 -> 0.982, renders from
45-60 degrees 0.823 -> 0.836, grainy photos 0.899 -> 0.947; shaken photos 0.875 -> 0.869). Dice
read with more but under 0.6 are still returned, and the app asks the player to check them."""


def read_dice(image: ImageSource, min_confidence: float = MIN_CONFIDENCE) -> list[Die]:
    """The dice on a photo, in reading order (top to bottom, then left to right).

    `image`: the encoded bytes of a photo (JPEG with any EXIF orientation, PNG, WebP, BMP; at most
    `MAX_BYTES` bytes and `MAX_PIXELS` pixels, checked before decoding), a BGR (or grey, BGRA)
    numpy array, or a path to a file. Boxes are in pixels of the original image as it is meant to
    be seen (after its EXIF orientation). Dice read with a confidence below `min_confidence` are
    left out (0 keeps every candidate the reader found). Raises ImageError for anything that is
    not such a photo. Safe to call from several threads.
    """
    from vision.reader import read_photo

    return [d for d in read_photo(load_photo(image)) if d.confidence >= min_confidence]
