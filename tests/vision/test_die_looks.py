"""The looks a real die's training crop may be given (vision.training.looks): faint pips on a dark
face, or a glare, on the die's face only, the table around it untouched."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from vision.training.looks import die_look, face_mask, faint_pips, glare

SIZE, CENTRE, SIDE = 40, 20.0, 30.0


def white_three() -> np.ndarray:
    """A grey table with a white die showing 3, its box 30 px wide in the middle of the crop."""
    img = np.full((SIZE, SIZE, 3), 120, np.uint8)
    cv2.rectangle(img, (6, 6), (33, 33), (235, 235, 235), -1)
    for x, y in ((12, 12), (20, 20), (28, 28)):
        cv2.circle(img, (x, y), 3, (20, 20, 20), -1)
    return img


def test_faint_pips_darken_the_face_and_keep_its_pips_faintly() -> None:
    img = white_three()
    mask = face_mask(SIZE, CENTRE, CENTRE, SIDE, 0.0)
    for seed in range(20):
        out = faint_pips(img, mask, np.random.default_rng(seed)).astype(int)
        assert np.array_equal(out[mask[..., 0] == 0], img[mask[..., 0] == 0]), "the table is as it was"
        pip, face = out[20, 20], out[20, 15]  # the centre pip, and the face between two pips
        gap = np.abs(pip - face).mean()
        assert 0.2 * 215 <= gap <= 0.5 * 215, f"seed {seed}: the pip stands {gap:.0f} from the face, not faintly"
        assert face.mean() < 150 or pip.mean() < 150, "the face or its pips come out dark"


def test_a_glare_brightens_part_of_the_face_and_nothing_else() -> None:
    img = np.full((SIZE, SIZE, 3), 60, np.uint8)  # a dark die filling its box on a dark table
    mask = face_mask(SIZE, CENTRE, CENTRE, SIDE, 0.3)
    for seed in range(20):
        out = glare(img, mask, np.random.default_rng(seed), CENTRE, CENTRE, SIDE)
        lit = out.astype(int).sum(2) > img.astype(int).sum(2) + 30
        assert lit.any(), f"seed {seed}: no glare"
        assert not (lit & (mask[..., 0] == 0)).any(), "a glare lies on the face"
        assert lit.mean() < 0.5, "a glare covers part of the face, not all of it"


def test_the_face_follows_the_box_turned() -> None:
    square = face_mask(SIZE, CENTRE, CENTRE, SIDE, 0.0)[..., 0]
    turned = face_mask(SIZE, CENTRE, CENTRE, SIDE, np.pi / 4)[..., 0]
    # (31, 31) lies 15.6 px from the centre, towards a corner of the box
    assert square[31, 31] > 0.5, "near a corner is on the face: a rounded square, not a disc of half the side"
    assert turned[31, 31] == 0.0, "turned 45 degrees, the same point lies beyond an edge"
    assert square[20, 20] == turned[20, 20] == 1.0


@pytest.mark.parametrize("seed", range(6))
def test_a_look_keeps_the_crop_a_crop(seed: int) -> None:
    out = die_look(white_three(), np.random.default_rng(seed), CENTRE, CENTRE, SIDE, 0.0)
    assert out.shape == (SIZE, SIZE, 3) and out.dtype == np.uint8
