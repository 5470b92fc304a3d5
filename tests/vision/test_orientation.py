"""EXIF orientation: the photo is turned upright before reading, and boxes are in upright pixels."""

from __future__ import annotations

import numpy as np
import pytest

import vision
from tests.vision.helpers import jpeg, matched, stored_for, with_orientation
from vision.imageio import read_header
from vision.synth import render_scene


def upright_image() -> np.ndarray:
    """An image whose every turn and mirror image differ: a gradient and a corner mark."""
    h, w = 60, 100
    img = np.zeros((h, w, 3), np.uint8)
    img[..., 0] = np.linspace(0, 255, w, dtype=np.uint8)[None, :]
    img[..., 1] = np.linspace(0, 255, h, dtype=np.uint8)[:, None]
    img[:15, :25, 2] = 255
    return img


@pytest.mark.parametrize("orientation", range(1, 9))
@pytest.mark.parametrize("big_endian", [False, True])
def test_every_orientation_is_turned_upright(orientation: int, big_endian: bool) -> None:
    upright = upright_image()
    data = with_orientation(jpeg(stored_for(upright, orientation), 95), orientation, big_endian)
    assert read_header(data).orientation == orientation
    photo = vision.load_photo(data)
    assert photo.pixels.shape == upright.shape
    assert (photo.width, photo.height) == (100, 60)
    diff = np.abs(photo.pixels.astype(int) - upright.astype(int)).mean()
    assert diff < 6, f"orientation {orientation}: mean difference {diff:.1f}"


def test_no_exif_means_as_stored() -> None:
    upright = upright_image()
    assert read_header(jpeg(upright)).orientation == 1
    assert vision.load_photo(jpeg(upright)).pixels.shape == upright.shape


@pytest.mark.parametrize("orientation", [3, 6, 8])
def test_dice_boxes_are_in_upright_pixels(orientation: int) -> None:
    rng = np.random.default_rng(40 + orientation)
    scene, truth = render_scene(rng, (640, 480), values=[1, 2, 3, 4, 5, 6], die_px=(50, 60),
                                pitch_deg=(0, 10), body="white", pip="black", distractors=False)
    data = with_orientation(jpeg(stored_for(scene, orientation)), orientation)
    dice = vision.read_dice(data)
    assert all(d.box[0] + d.box[2] <= 640 and d.box[1] + d.box[3] <= 480 for d in dice)
    hits = matched(dice, [(d.value, d.box) for d in truth])
    assert hits >= 5, f"{hits}/6 dice right with orientation {orientation}: {dice}"
