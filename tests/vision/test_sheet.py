"""The contact sheets that show a reading's errors: one tile per error, the label drawn in green,
the read in red, so that a person sees whose fault each is."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

import vision
from vision.scoring import score_photo
from vision.synth import render_scene
from vision.training.sheet import COLUMNS, LABEL, PER_SHEET, READ, TILE, write_sheets


def drawn(tile: np.ndarray, colour: tuple[int, int, int]) -> int:
    return int(np.all(tile == np.array(colour, np.uint8), axis=2).sum())


def test_each_error_gets_a_tile_with_label_and_read_drawn(tmp_path: Path) -> None:
    rng = np.random.default_rng(1001)
    img, truth = render_scene(rng, (640, 480), values=[1, 2, 3, 4, 5], die_px=(45, 60), pitch_deg=(0, 5),
                              body="white", pip="black")
    # reads a few pixels off the truth, as a reader's are: the sheet is under test here, not the networks
    dice = [vision.Die(d.value, (round(d.box[0]) + 6, round(d.box[1]) + 6, round(d.box[2]), round(d.box[3])), 0.9)
            for d in truth]
    labels = [(d.value, d.box) for d in truth]
    wrong = (labels[0][0] % 6 + 1, labels[0][1])  # a label with the wrong value
    corner = (2, (600.0, 440.0, 30.0, 30.0))  # a die labelled where there is none
    score = score_photo(dice, [wrong, *labels[2:], corner])  # and the second die left unlabelled
    assert [m.kind for m in score.mistakes] == ["value", "missed", "extra"]

    sheets = write_sheets([("scene", img, m) for m in score.mistakes], tmp_path / "errors.png")
    assert sheets == [tmp_path / "errors.png"]
    sheet = cv2.imread(str(sheets[0]))
    assert sheet.shape == (TILE, COLUMNS * TILE, 3)
    value, missed, extra, blank = (sheet[:, k * TILE:(k + 1) * TILE] for k in range(4))
    assert drawn(value, LABEL) > 100 and drawn(value, READ) > 100
    assert drawn(missed, LABEL) > 100 and drawn(missed, READ) == 0
    assert drawn(extra, READ) > 100 and drawn(extra, LABEL) == 0
    assert not blank.any()


def test_many_errors_go_on_further_sheets(tmp_path: Path) -> None:
    img = np.full((200, 200, 3), 128, np.uint8)
    score = score_photo([], [(3, (50.0, 50.0, 40.0, 40.0))] * (PER_SHEET + 1))
    sheets = write_sheets([("grey", img, m) for m in score.mistakes], tmp_path / "missed.png")
    assert sheets == [tmp_path / "missed.png", tmp_path / "missed-2.png"]
    assert cv2.imread(str(sheets[1])).shape == (TILE, COLUMNS * TILE, 3)
