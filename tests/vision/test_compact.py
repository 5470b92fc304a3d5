"""The two-network reader (vision.compact): its contract, its probabilities, hard scenes, real photos.

Its accuracy is asserted as it stands (docs/vision.md has the figures); it is not the shipped reader.
"""

from __future__ import annotations

import numpy as np
import pytest

import vision
from tests.vision.helpers import jpeg, matched, plain_scene
from vision import compact
from vision.model import assets_dir
from vision.training.scenes import scenes

pytestmark = pytest.mark.skipif(
    not (assets_dir() / compact.DETECTOR).exists() or not (assets_dir() / compact.CLASSIFIER).exists(),
    reason=f"the compact reader's networks are not built (python -m vision.training writes {compact.DETECTOR})",
)


def test_each_die_carries_its_face_and_die_probabilities() -> None:
    img, truth = plain_scene()
    dice = compact.read_dice(jpeg(img))
    assert matched(dice, truth) >= 4 and len(dice) <= 5
    for d in dice:
        assert len(d.faces) == 6 and abs(sum(d.faces) - 1) < 0.01
        assert d.value == int(np.argmax(d.faces)) + 1
        assert 0 <= d.die <= 1 and d.confidence == pytest.approx(d.die * d.faces[d.value - 1], abs=0.002)


def test_bad_input_is_refused_with_a_message() -> None:
    with pytest.raises(vision.ImageError, match="not an image: expected a JPEG, PNG, WebP or BMP"):
        compact.read_dice(b"this is not a photo at all")


def test_dice_come_in_reading_order_with_boxes_in_the_photo() -> None:
    img, _truth = plain_scene()
    dice = compact.read_dice(img)
    h, w = img.shape[:2]
    for d in dice:
        x, y, bw, bh = d.box
        assert 0 <= x and 0 <= y and x + bw <= w and y + bh <= h
    rows = [(d.box[1] + d.box[3] / 2, d.box[0]) for d in dice]
    assert rows == sorted(rows)


def test_tables_with_printed_things_and_no_dice_read_next_to_no_dice() -> None:
    photos = scenes("no_dice", 10, 4242)
    false = sum(len(compact.read_dice(s.image)) for s in photos)
    assert false <= 5, f"{false} dice read on 10 tables with none"


def test_printed_tokens_cards_and_dominoes_beside_the_dice_are_not_read_as_dice() -> None:
    from vision.scoring import score_photo, whole_die

    photos = scenes("distractors", 10, 4244)
    scores = [score_photo(compact.read_dice(s.image), list(zip(s.values.tolist(), s.boxes.tolist(), strict=True)),
                          whole_die()) for s in photos]
    found, true = sum(sc.hits for sc in scores), sum(len(s.boxes) for s in photos)
    false = sum(m.kind in ("extra", "box") for sc in scores for m in sc.mistakes)
    assert found >= 0.85 * true and false <= 2, f"{found} of {true} dice found, {false} read that are no die"


def test_a_close_up_does_not_read_its_pips_as_dice() -> None:
    photos = scenes("close_ups", 8, 4243)
    read = sum(len(compact.read_dice(s.image)) for s in photos)
    true = sum(len(s.boxes) for s in photos)
    assert 0 < read <= true, f"{read} dice read where there are {true}"


def test_real_photos_held_out_read_well(datasets: object) -> None:
    from vision.training.data import real_training
    from vision.training.validate import measure

    m = measure(compact.read_dice, real_training(holdout=True), True)
    assert m["f1"] >= 0.9, m  # 0.935 as built (docs/vision.md)


def test_a_photo_in_a_dim_room_reads_as_in_daylight() -> None:
    from vision.training.faults import dim

    img, truth = plain_scene()
    dark = dim(0.3)(img)
    assert float(np.percentile(dark, 99)) < compact.READ.dark_below
    assert matched(compact.read_dice(dark), truth) >= matched(compact.read_dice(img), truth) - 1 >= 3
