"""Safe decoding of photos: size and pixel limits checked on the header, EXIF orientation applied.

Every refusal is an :class:`ImageError` whose message says what was wrong with the input.
"""

from __future__ import annotations

import os
import struct
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

MAX_BYTES = 40 * 1024 * 1024
"""Largest encoded file accepted (40 MiB)."""

MAX_PIXELS = 50_000_000
"""Largest image accepted, in pixels (width x height, read from the header before decoding)."""

WORK_LONG_SIDE = 1600
"""Photos are decoded at a reduced scale (1/2, 1/4, 1/8) while their long side stays at least this."""


class ImageError(ValueError):
    """The input is not a photo that can be read; the message names the problem."""


@dataclass(frozen=True)
class Header:
    """What the file header says, before any pixel is decoded."""

    format: str
    width: int
    height: int
    orientation: int = 1  # EXIF orientation tag, 1..8 (1: as stored)


_SOF_MARKERS = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _exif_orientation(payload: bytes) -> int:
    """Orientation tag (0x0112) of IFD0 in an APP1 'Exif' payload; 1 when absent or malformed."""
    if not payload.startswith(b"Exif\x00\x00"):
        return 1
    tiff = payload[6:]
    if len(tiff) < 8:
        return 1
    order = tiff[:2]
    if order == b"II":
        end = "<"
    elif order == b"MM":
        end = ">"
    else:
        return 1
    try:
        (ifd,) = struct.unpack(end + "I", tiff[4:8])
        (count,) = struct.unpack(end + "H", tiff[ifd : ifd + 2])
        for i in range(count):
            entry = tiff[ifd + 2 + 12 * i : ifd + 14 + 12 * i]
            if len(entry) < 12:
                break
            tag, typ, _n = struct.unpack(end + "HHI", entry[:8])
            if tag == 0x0112:
                if typ == 3:  # SHORT
                    (value,) = struct.unpack(end + "H", entry[8:10])
                elif typ == 4:  # LONG
                    (value,) = struct.unpack(end + "I", entry[8:12])
                else:
                    return 1
                return value if 1 <= value <= 8 else 1
    except struct.error:
        return 1
    return 1


def _jpeg_header(data: bytes) -> Header:
    pos = 2
    orientation = 1
    size: tuple[int, int] | None = None
    n = len(data)
    while pos < n:
        # skip fill bytes
        if data[pos] != 0xFF:
            raise ImageError("corrupt JPEG: bad marker structure")
        while pos < n and data[pos] == 0xFF:
            pos += 1
        if pos >= n:
            break
        marker = data[pos]
        pos += 1
        if marker in (0xD8, 0x01) or 0xD0 <= marker <= 0xD7:
            continue
        if marker == 0xD9:
            break
        if pos + 2 > n:
            break
        (length,) = struct.unpack(">H", data[pos : pos + 2])
        if length < 2:
            raise ImageError("corrupt JPEG: bad segment length")
        seg = data[pos + 2 : pos + length]
        if marker == 0xE1 and orientation == 1:
            orientation = _exif_orientation(seg)
        elif marker in _SOF_MARKERS and size is None:
            if len(seg) < 5:
                raise ImageError("truncated JPEG: the file ends inside its header")
            height, width = struct.unpack(">HH", seg[1:5])
            size = (width, height)
        elif marker == 0xDA:  # start of scan: entropy-coded data follows
            if size is None:
                raise ImageError("corrupt JPEG: no frame header before the image data")
            scan_start = pos + length
            if data.find(b"\xff\xd9", scan_start) < 0:
                raise ImageError("truncated JPEG: the file ends before the end of the image data")
            return Header("JPEG", size[0], size[1], orientation)
        pos += length
    raise ImageError("truncated JPEG: the file ends before the image data")


def _png_header(data: bytes) -> Header:
    if len(data) < 24 or data[12:16] != b"IHDR":
        raise ImageError("truncated PNG: no image header")
    width, height = struct.unpack(">II", data[16:24])
    if b"IEND" not in data[-64:]:
        raise ImageError("truncated PNG: the file ends before its last chunk")
    return Header("PNG", width, height)


def _bmp_header(data: bytes) -> Header:
    if len(data) < 26:
        raise ImageError("truncated BMP: no image header")
    width, height = struct.unpack("<ii", data[18:26])
    return Header("BMP", abs(width), abs(height))


def _webp_header(data: bytes) -> Header:
    chunk = data[12:16]
    body = data[20:]
    if chunk == b"VP8 " and len(body) >= 10:
        width, height = struct.unpack("<HH", body[6:10])
        return Header("WebP", width & 0x3FFF, height & 0x3FFF)
    if chunk == b"VP8L" and len(body) >= 5:
        bits = int.from_bytes(body[1:5], "little")
        return Header("WebP", (bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if chunk == b"VP8X" and len(body) >= 10:
        width = int.from_bytes(body[4:7], "little") + 1
        height = int.from_bytes(body[7:10], "little") + 1
        return Header("WebP", width, height)
    raise ImageError("truncated or unsupported WebP: no image header")


def read_header(data: bytes) -> Header:
    """Format, size and orientation from the first bytes; ImageError for anything else."""
    if len(data) == 0:
        raise ImageError("empty file (0 bytes): not an image")
    if data[:3] == b"\xff\xd8\xff":
        return _jpeg_header(data)
    if data[:8] == b"\x89PNG\r\n\x1a\n":
        return _png_header(data)
    if data[:2] == b"BM":
        return _bmp_header(data)
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return _webp_header(data)
    if data[4:8] == b"ftyp" and data[8:12] in (b"heic", b"heix", b"hevc", b"hevx", b"heim", b"heis",
                                                  b"mif1", b"msf1", b"avif", b"avis"):
        raise ImageError("HEIC/AVIF photos are not supported: save the photo as JPEG or PNG")
    if data[:4] in (b"II*\x00", b"MM\x00*"):
        raise ImageError("TIFF (or camera raw) files are not supported: save the photo as JPEG or PNG")
    if data[:6] in (b"GIF87a", b"GIF89a"):
        raise ImageError("GIF files are not supported: save the photo as JPEG or PNG")
    raise ImageError("not an image: expected a JPEG, PNG, WebP or BMP file")


def apply_orientation(image: np.ndarray, orientation: int) -> np.ndarray:
    """Turn pixels stored with EXIF orientation `orientation` (1..8) upright."""
    if orientation == 2:
        return cv2.flip(image, 1)
    if orientation == 3:
        return cv2.rotate(image, cv2.ROTATE_180)
    if orientation == 4:
        return cv2.flip(image, 0)
    if orientation == 5:
        return cv2.flip(cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE), 1)
    if orientation == 6:
        return cv2.rotate(image, cv2.ROTATE_90_CLOCKWISE)
    if orientation == 7:
        return cv2.flip(cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE), 1)
    if orientation == 8:
        return cv2.rotate(image, cv2.ROTATE_90_COUNTERCLOCKWISE)
    return image


@dataclass(frozen=True)
class Photo:
    """A decoded photo, upright, possibly at a reduced scale."""

    pixels: np.ndarray  # BGR uint8, upright
    scale: float  # original pixels per pixel of `pixels`
    width: int  # upright size of the original
    height: int


def read_bytes(source: str | os.PathLike[str]) -> bytes:
    """The bytes of a file, refusing files over MAX_BYTES before reading them."""
    path = Path(source)
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise ImageError(f"cannot open {str(path)!r}: {exc.strerror or exc}") from None
    if not path.is_file():
        raise ImageError(f"{str(path)!r} is not a file")
    if size > MAX_BYTES:
        raise ImageError(
            f"file too large: {size / 1e6:.1f} MB (the limit is {MAX_BYTES / 1e6:.0f} MB)"
        )
    return path.read_bytes()


def decode(data: bytes, work_long_side: int = WORK_LONG_SIDE) -> Photo:
    """Decode encoded bytes safely into an upright BGR photo (reduced scale for large photos)."""
    if not isinstance(data, bytes | bytearray | memoryview):
        raise ImageError(f"expected encoded image bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > MAX_BYTES:
        raise ImageError(
            f"file too large: {len(data) / 1e6:.1f} MB (the limit is {MAX_BYTES / 1e6:.0f} MB)"
        )
    header = read_header(data)
    if header.width <= 0 or header.height <= 0:
        raise ImageError(f"corrupt {header.format}: the header gives an empty image")
    pixels = header.width * header.height
    if pixels > MAX_PIXELS:
        raise ImageError(
            f"image too large: {header.width} x {header.height} pixels "
            f"({pixels / 1e6:.0f} MP; the limit is {MAX_PIXELS / 1e6:.0f} MP)"
        )
    reduce = 1
    if header.format == "JPEG":
        long_side = max(header.width, header.height)
        while reduce < 8 and long_side / (reduce * 2) >= work_long_side:
            reduce *= 2
    flags = {
        1: cv2.IMREAD_COLOR,
        2: cv2.IMREAD_REDUCED_COLOR_2,
        4: cv2.IMREAD_REDUCED_COLOR_4,
        8: cv2.IMREAD_REDUCED_COLOR_8,
    }[reduce] | cv2.IMREAD_IGNORE_ORIENTATION
    buf = np.frombuffer(data, dtype=np.uint8)
    image = cv2.imdecode(buf, flags)
    if image is None or image.size == 0:
        raise ImageError(f"corrupt {header.format}: the image data cannot be decoded")
    image = apply_orientation(image, header.orientation)
    swap = header.orientation >= 5
    width, height = (header.height, header.width) if swap else (header.width, header.height)
    scale = width / image.shape[1]
    return Photo(image, scale, width, height)


def from_array(array: np.ndarray) -> Photo:
    """A photo from a numpy array: HxW grey, HxWx3 BGR or HxWx4 BGRA, any integer/float dtype."""
    if not isinstance(array, np.ndarray):
        raise ImageError(f"expected a numpy array, got {type(array).__name__}")
    if array.ndim not in (2, 3) or array.size == 0:
        raise ImageError(f"expected an HxW or HxWxC image array, got shape {array.shape}")
    if array.shape[0] * array.shape[1] > MAX_PIXELS:
        raise ImageError(
            f"image too large: {array.shape[1]} x {array.shape[0]} pixels "
            f"(the limit is {MAX_PIXELS / 1e6:.0f} MP)"
        )
    image = array
    if image.dtype != np.uint8:
        if np.issubdtype(image.dtype, np.floating) and float(np.nanmax(image)) <= 1.0:
            image = image * 255.0
        image = np.clip(np.nan_to_num(image), 0, 255).astype(np.uint8)
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    elif image.shape[2] == 1:
        image = cv2.cvtColor(image[:, :, 0], cv2.COLOR_GRAY2BGR)
    elif image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    elif image.shape[2] != 3:
        raise ImageError(f"expected 1, 3 or 4 channels, got {image.shape[2]}")
    image = np.ascontiguousarray(image)
    return Photo(image, 1.0, image.shape[1], image.shape[0])
