"""Non-maximum suppression: which of the reads that overlap are one die."""

from __future__ import annotations

import numpy as np

from vision.compact import Reading, nms
from vision.config import READ


def read(cx: float, cy: float, side: float, not_a_die: float) -> Reading:
    box = np.array([cx, cy, side, side], np.float32)
    return box, np.array([not_a_die, 1 - not_a_die, 0, 0, 0, 0, 0]), (1 - not_a_die, 1.0)


def test_a_pip_read_inside_a_surer_die_is_part_of_it() -> None:
    die, pip = read(100, 100, 60, 0.01), read(112, 95, 14, 0.2)
    assert [r[0].tolist() for r in nms([pip, die], READ.nms_iou)] == [die[0].tolist()]


def test_a_die_that_a_nearer_one_partly_hides_stays_a_die() -> None:
    """Its box, seen at an angle, reaches into the nearer die's: centred inside it, but as large."""
    near, behind = read(100, 100, 60, 0.01), read(100, 72, 52, 0.1)
    assert len(nms([near, behind], READ.nms_iou)) == 2


def test_two_reads_of_one_die_are_one() -> None:
    assert len(nms([read(100, 100, 60, 0.05), read(104, 98, 58, 0.02)], READ.nms_iou)) == 1
