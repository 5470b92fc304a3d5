"""Faults a phone camera puts in a photo, made deterministically: for the renders the reader learns
from and is validated on (vision.training.scenes) and for measuring how it copes
(tests/vision/test_real_photos.py)."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np

Fault = Callable[[np.ndarray], np.ndarray]


def out_of_focus(sigma: float) -> Fault:
    return lambda image: cv2.GaussianBlur(image, (0, 0), sigma)


def shaken(length: int) -> Fault:
    """A hand moving sideways while the shutter is open: `length` pixels of motion blur."""
    kernel = np.zeros((length, length), np.float32)
    kernel[length // 2] = 1.0 / length
    return lambda image: cv2.filter2D(image, -1, kernel)


def grainy(sd: float) -> Fault:
    def spoil(image: np.ndarray) -> np.ndarray:
        noise = np.random.default_rng(5).normal(0, sd, image.shape)
        return np.clip(image + noise, 0, 255).astype(np.uint8)
    return spoil


def recompressed(quality: int) -> Fault:
    """Sent on by a messenger: saved again as a JPEG of low quality."""
    def spoil(image: np.ndarray) -> np.ndarray:
        ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        decoded = cv2.imdecode(data, cv2.IMREAD_COLOR) if ok else None
        if decoded is None:
            raise ValueError("JPEG encoding failed")
        return decoded
    return spoil


def dim(factor: float) -> Fault:
    """Little light: darker, and grainy."""
    def spoil(image: np.ndarray) -> np.ndarray:
        noise = np.random.default_rng(6).normal(0, 6, image.shape)
        return np.clip(image * factor + noise, 0, 255).astype(np.uint8)
    return spoil


def warm_light(image: np.ndarray) -> np.ndarray:
    """A lamp's yellow light, uncorrected."""
    return np.clip(image * np.array([0.6, 0.9, 1.25]), 0, 255).astype(np.uint8)


def grey(image: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), cv2.COLOR_GRAY2BGR)


PHOTO_FAULTS: dict[str, Fault] = {
    "out of focus (blur of 2 px)": out_of_focus(2.0),
    "shaken (7 px)": shaken(7),
    "grainy (noise of 8 levels)": grainy(8),
    "JPEG quality 30": recompressed(30),
    "dim (a third of the light)": dim(0.35),
    "warm light": warm_light,
    "grey": grey,
}
