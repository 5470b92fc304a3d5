"""Photos that must be refused with a clear message, quickly and without decoding them."""

from __future__ import annotations

import resource
import struct
import time
import zlib
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from tests.vision.helpers import jpeg
from vision.imageio import read_bytes


def small_jpeg() -> bytes:
    rng = np.random.default_rng(0)
    return jpeg(rng.integers(0, 255, (64, 80, 3), dtype=np.uint8))


def jpeg_claiming(width: int, height: int) -> bytes:
    """A valid small JPEG whose frame header is patched to claim width x height."""
    data = bytearray(small_jpeg())
    i = data.find(b"\xff\xc0")
    assert i > 0
    data[i + 5 : i + 9] = struct.pack(">HH", height, width)
    return bytes(data)


def png_claiming(width: int, height: int) -> bytes:
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    chunk = lambda kind, body: (  # noqa: E731
        struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    )
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\0" * 1000)) + chunk(b"IEND", b"")


def test_zero_bytes_is_refused() -> None:
    with pytest.raises(vision.ImageError, match="empty"):
        vision.read_dice(b"")


def test_truncated_jpeg_is_refused() -> None:
    data = small_jpeg()
    with pytest.raises(vision.ImageError, match="truncated JPEG"):
        vision.read_dice(data[: len(data) // 2])
    with pytest.raises(vision.ImageError, match="truncated JPEG"):
        vision.read_dice(data[:40])


def test_non_image_is_refused() -> None:
    with pytest.raises(vision.ImageError, match="not an image"):
        vision.read_dice(b"%PDF-1.4 this is a document, not a photo" * 10)
    with pytest.raises(vision.ImageError, match="not an image"):
        vision.read_dice(b"hello" * 3)


@pytest.mark.parametrize("brand", [b"heic", b"heix", b"hevc", b"mif1", b"msf1", b"avif"])
def test_heic_is_refused_with_a_hint(brand: bytes) -> None:
    with pytest.raises(vision.ImageError, match="HEIC/AVIF photos are not supported: save the photo as JPEG"):
        vision.read_dice(b"\x00\x00\x00\x18ftyp" + brand + b"\x00" * 100)


def test_tiff_and_gif_are_named_not_called_non_images() -> None:
    image = np.zeros((64, 64, 3), np.uint8)
    ok, tiff = cv2.imencode(".tiff", image)
    assert ok
    with pytest.raises(vision.ImageError, match="TIFF .* not supported: save the photo as JPEG"):
        vision.read_dice(tiff.tobytes())
    with pytest.raises(vision.ImageError, match="GIF files are not supported"):
        vision.read_dice(b"GIF89a" + b"\x00" * 100)


def test_decompression_bomb_is_refused_before_decoding() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t0 = time.perf_counter()
    for bomb in (jpeg_claiming(30000, 30000), png_claiming(30000, 30000)):
        with pytest.raises(vision.ImageError, match=r"too large: 30000 x 30000"):
            vision.read_dice(bomb)
    assert time.perf_counter() - t0 < 1.0
    grown_mb = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert grown_mb < 100  # decoding 30000 x 30000 would take 2.7 GB


def test_limits_are_as_documented() -> None:
    # 48 MP (8000 x 6000) is a phone photo and passes the header check; 60 MP does not
    header = vision.imageio.read_header(jpeg_claiming(8000, 6000))
    assert (header.format, header.width, header.height) == ("JPEG", 8000, 6000)
    assert 8000 * 6000 <= vision.MAX_PIXELS < 60_000_000
    with pytest.raises(vision.ImageError, match="too large: 10000 x 6000 pixels"):
        vision.read_dice(jpeg_claiming(10000, 6000))


def test_sixty_megabyte_file_is_refused(tmp_path: Path) -> None:
    big = tmp_path / "huge.jpg"
    with open(big, "wb") as fh:
        fh.write(small_jpeg()[:-2])
        fh.seek(60 * 1024 * 1024)
        fh.write(b"\xff\xd9")
    with pytest.raises(vision.ImageError, match=r"file too large: 62\.9 MB"):
        read_bytes(big)  # refused on its size, before reading
    with pytest.raises(vision.ImageError, match="file too large"):
        vision.read_dice(big)
    with pytest.raises(vision.ImageError, match="file too large"):
        vision.read_dice(b"\xff\xd8\xff" + bytes(60 * 1024 * 1024))


def test_missing_file_and_bad_types(tmp_path: Path) -> None:
    with pytest.raises(vision.ImageError, match="cannot open"):
        vision.read_dice(tmp_path / "nope.jpg")
    with pytest.raises(vision.ImageError, match="expected"):
        vision.read_dice(12345)  # type: ignore[arg-type]
    with pytest.raises(vision.ImageError, match="shape"):
        vision.read_dice(np.zeros((0, 0, 3), np.uint8))


def test_corrupt_data_after_a_good_header_is_refused() -> None:
    data = bytearray(small_jpeg())
    sos = data.find(b"\xff\xda")
    data[sos + 2 : sos + 4] = b"\x00\x01"  # a segment length that cannot be
    with pytest.raises(vision.ImageError, match="JPEG"):
        vision.read_dice(bytes(data))
