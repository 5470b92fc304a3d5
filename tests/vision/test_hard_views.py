"""Online hard example mining of the classifier's crops (vision.training.crops.hard_views): a die
the classifier so far misreads gets more views at the next refresh, and with none hard the crops
are those of a build without it."""

from __future__ import annotations

import cv2
import numpy as np

from vision.training.crops import cls_examples, hard_views
from vision.training.data import Sample

DICE = ((60, 60, 3, (235, 235, 235)), (160, 60, 5, (40, 40, 40)), (110, 150, 2, (235, 235, 235)))


def table() -> Sample:
    """A grey table with two white dice (3 and 2) and a dark one (5), each 40 px wide."""
    img = np.full((220, 220, 3), 120, np.uint8)
    boxes, values = [], []
    for x, y, value, colour in DICE:
        cv2.rectangle(img, (x - 20, y - 20), (x + 19, y + 19), colour, -1)
        boxes.append((x - 20, y - 20, 40, 40))
        values.append(value)
    return Sample(img, np.array(boxes, np.float32), np.array(values, np.int64), True, "test")


def test_a_misread_die_gets_more_views_and_a_sure_one_does_not() -> None:
    sample = table()

    def read(crops: np.ndarray) -> np.ndarray:
        # the light dice read as their own face, the dark one spread over all six
        light = crops[:, 15:25, 15:25].mean((1, 2, 3)) > 128
        out = np.full((len(crops), 7), 0.98 / 6)
        out[:, 0] = 0.02
        for k, value in enumerate(sample.values):
            if light[k]:
                out[k] = 0.0
                out[k, value] = 1.0
        return out

    views, hard = hard_views([sample], read, per_die=4, extra=6, below=0.5)
    assert hard == 1, "one die, the dark 5, is read under half its own face"
    assert views[0].tolist() == [4, 10, 4]


def test_the_crops_follow_the_views() -> None:
    sample = table()
    rng = np.random.default_rng(3)
    _x, y, _b = cls_examples([sample], rng, 4, 0.0, views=[np.array([4, 10, 4])])
    counts = np.bincount(y, minlength=7)
    assert (counts[3], counts[5], counts[2]) == (4, 10, 4), "the dark 5 is cut 10 times, the others 4"


def test_no_die_hard_cuts_the_crops_of_a_build_without_it() -> None:
    sample = table()
    plain = cls_examples([sample], np.random.default_rng(7), 4, 0.3, faults=0.2)
    same = cls_examples([sample], np.random.default_rng(7), 4, 0.3, faults=0.2, views=[np.array([4, 4, 4])])
    for a, b in zip(plain, same, strict=True):
        assert np.array_equal(a, b)


def test_an_empty_table_has_no_views() -> None:
    empty = Sample(np.full((100, 100, 3), 120, np.uint8), np.zeros((0, 4), np.float32), np.zeros(0, np.int64),
                   True, "test")
    views, hard = hard_views([empty], lambda crops: np.zeros((len(crops), 7)), 4, 6, 0.5)
    assert hard == 0 and views[0].shape == (0,)
