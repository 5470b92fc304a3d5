"""The photo flow's logic without a browser: boxes on the shown photo, count messages, edits, reading."""

from __future__ import annotations

import csv
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from scorekeeper.app.photo.model import (
    LOW_CONFIDENCE,
    MAX_PHOTO_BYTES,
    PhotoReading,
    analyse,
    count_message,
    dice_region,
    error_message,
    fit,
    label_font,
    label_size,
    label_spots,
    overlap,
    shown_box,
    size_message,
    tap_areas,
)
from vision.synth import render_scene

DICE_A = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "dice-a"


def reading(values: list[int], needed: int = 5, confidence: float = 0.95) -> PhotoReading:
    found = [(v, (10.0 + 50 * i, 20.0, 40.0, 40.0), confidence) for i, v in enumerate(values)]
    return PhotoReading.from_dice(found, (400, 300), needed)


# --- mapping the reader's boxes onto the photo as shown --------------------------------------------

def test_fit_keeps_proportions_inside_the_room() -> None:
    assert fit((4000, 3000), 340, 360) == pytest.approx((340, 255))
    assert fit((3000, 4000), 340, 360) == pytest.approx((270, 360))
    assert fit((100, 100), 340, 360) == pytest.approx((340, 340))  # small photos are enlarged


def test_shown_box_scales_with_the_shown_size() -> None:
    assert shown_box((1000, 500, 200, 100), (4000, 3000), (340, 255)) == pytest.approx((85, 42.5, 17, 8.5))


def test_shown_box_is_clamped_to_the_photo() -> None:
    left, top, w, h = shown_box((-20, 290, 60, 40), (400, 300), (200, 150))
    assert (left, top) == (0, 145)
    assert w == pytest.approx(20) and h == pytest.approx(5)
    assert left + w <= 200 and top + h <= 150


def dice_a_boxes(min_dice: int) -> list[list[tuple[float, float, float, float]]]:
    """The labelled dice of every dice-a photo with at least `min_dice`, as boxes on a 340 px square."""
    with open(DICE_A / "manifest.csv") as f:
        names = [row["image"] for row in csv.DictReader(f) if int(row["n_dice"]) >= min_dice]
    photos = []
    for name in names:
        lines = (DICE_A / "labels" / name).with_suffix(".txt").read_text().split("\n")
        rows = [[float(v) * 340 for v in line.split()[1:]] for line in lines if line.strip()]
        photos.append([(cx - w / 2, cy - h / 2, w, h) for cx, cy, w, h in rows])
    return photos


@pytest.mark.skipif(not DICE_A.exists(), reason="../shared/datasets/dice-a is absent")
def test_values_are_written_beside_the_dice_not_over_them() -> None:
    photos = dice_a_boxes(7)
    assert len(photos) > 50
    clear = 0
    for boxes in photos:
        font = label_font(boxes)
        assert font <= 13  # dice of about 20 px: small labels
        spots = label_spots(boxes, (340, 340), label_size(font))
        for left, top, w, h in spots:
            assert 0 <= left and left + w <= 340 and 0 <= top and top + h <= 340
        covered = [sum(overlap(spot, box) for spot in spots) / (box[2] * box[3]) for box in boxes]
        assert max(covered) <= 0.25  # at worst a corner of a die in a heap
        clear += max(covered) == 0
    assert clear >= 0.85 * len(photos)


def test_a_label_goes_above_its_die_or_beside_it_at_the_edge() -> None:
    size = label_size(11)
    above, at_top = label_spots([(100, 100, 20, 20), (100, 0, 20, 20)], (340, 340), size)
    assert above[1] + above[3] <= 100 and above[0] < 120 and above[0] + above[2] > 100
    assert overlap(at_top, (100, 0, 20, 20)) == 0 and at_top[1] >= 0


def test_tap_targets_grow_towards_the_minimum_without_overlapping() -> None:
    boxes = [(10.0, 10.0, 18.0, 18.0), (40.0, 10.0, 18.0, 18.0), (200.0, 200.0, 18.0, 18.0)]
    areas = tap_areas(boxes, (340, 340), 48)
    assert areas[2][2] == pytest.approx(48) and areas[2][3] == pytest.approx(48)  # alone: full size
    assert overlap(areas[0], areas[1]) == 0 and areas[0][2] >= 18 + 10  # neighbours: as far as they can
    for (x, y, w, h), (ax, ay, aw, ah) in zip(boxes, areas, strict=True):
        assert ax <= x and ay <= y and ax + aw >= x + w and ay + ah >= y + h


def test_from_dice_takes_vision_dice_and_drops_impossible_values() -> None:
    dice = [vision.Die(3, (1, 2, 3, 4), 0.9), vision.Die(7, (1, 2, 3, 4), 0.9)]
    r = PhotoReading.from_dice(dice, (10, 10), 5)
    assert r.values() == [3]
    assert r.dice[0].box == (1, 2, 3, 4)


# --- messages --------------------------------------------------------------------------------------

def test_right_count_says_check_and_use() -> None:
    r = reading([1, 2, 3, 4, 5])
    assert r.ready() and r.use() == [1, 2, 3, 4, 5]
    assert "Найдено 5 кубиков" in r.message().ru
    assert "Use" in r.message().en


def test_too_many_dice_says_how_many_to_remove_and_use_is_refused() -> None:
    r = reading([1, 2, 3, 4, 5, 6, 6])
    assert not r.ready() and r.use() is None
    assert "уберите 2" in r.message().ru
    assert "remove 2" in r.message().en


def test_too_few_dice_says_how_many_to_add() -> None:
    r = reading([6, 6, 6])
    assert r.use() is None
    assert "Найдено 3 кубика, а нужно 5: добавьте 2" in r.message().ru
    assert "add 2" in r.message().en


def test_dice_taken_away_are_counted_apart_from_those_found() -> None:
    r = reading([1, 2, 3, 4, 5, 6, 6])  # seven on the photo: two too many
    r.keep_best()
    r.tap(4)
    r.remove()  # and one more the player saw was no die
    assert r.message().ru.startswith("Осталось 4 кубика (убрано: 3), а нужно 5: добавьте 1")
    assert r.message().en.startswith("4 dice left (3 removed), 5 needed: add 1")
    r.add(6)
    assert r.message().ru.startswith("5 кубиков (с фото: 4, добавлено вручную: 1, убрано: 3).")
    assert "Найдено" not in r.message().ru
    r.remove()  # the die added by hand (selected) taken back: no more taken away from the photo
    assert r.message().ru.startswith("Осталось 4 кубика (убрано: 3)")


def test_no_dice_found_is_said_plainly() -> None:
    assert "не нашлось" in count_message(0, 5).ru
    assert "No dice found" in count_message(0, 5).en


def test_one_die_is_singular() -> None:
    assert "Найден 1 кубик," in count_message(1, 5).ru
    assert "Найдено 21 кубик," not in count_message(21, 5).ru and "Найден 21 кубик," in count_message(21, 5).ru
    assert "Found 1 die," in count_message(1, 5).en


def test_doubtful_dice_are_marked_until_looked_at() -> None:
    r = reading([2, 2, 2, 2, 2], confidence=LOW_CONFIDENCE / 2)
    assert r.uncertain() == [0, 1, 2, 3, 4]
    assert "Check the marked ones (5)" in r.message().en
    r.tap(0)
    assert r.uncertain() == [1, 2, 3, 4]


# --- edits -----------------------------------------------------------------------------------------

def test_the_app_marks_dice_from_the_readers_probabilities() -> None:
    sure = vision.Die(4, (10, 20, 40, 40), 0.9, (0.0, 0.0, 0.02, 0.96, 0.02, 0.0), 0.99)
    torn = vision.Die(5, (60, 20, 40, 40), 0.9, (0.0, 0.0, 0.0, 0.0, 0.52, 0.48), 0.99)  # a 5 or a 6?
    not_sure_a_die = vision.Die(2, (110, 20, 40, 40), 0.9, (0.0, 0.98, 0.02, 0.0, 0.0, 0.0), 0.55)
    r = PhotoReading.from_dice([sure, torn, not_sure_a_die], (400, 300), 3)
    assert r.uncertain() == [1, 2]
    r.tap(1)  # looked at by the player: no longer marked
    assert r.uncertain() == [2]


def test_a_reader_without_probabilities_is_judged_by_its_confidence() -> None:
    r = PhotoReading.from_dice([vision.Die(3, (10, 20, 40, 40), LOW_CONFIDENCE - 0.01)], (400, 300), 1)
    assert r.uncertain() == [0]


def test_tap_selects_then_steps_the_value_round_six() -> None:
    r = reading([5, 1, 1, 1, 1])
    r.tap(0)
    assert r.selected == 0 and r.values()[0] == 5
    r.tap(0)
    assert r.values()[0] == 6
    r.tap(0)
    assert r.values()[0] == 1


def test_face_pad_sets_the_selected_die() -> None:
    r = reading([5, 1, 1, 1, 1])
    r.set_value(3)  # nothing selected: nothing changes
    assert r.values() == [5, 1, 1, 1, 1]
    r.tap(2)
    r.set_value(4)
    assert r.values() == [5, 1, 4, 1, 1]
    r.set_value(9)
    assert r.values() == [5, 1, 4, 1, 1]


def test_remove_and_add_fix_the_count() -> None:
    r = reading([1, 2, 3, 4, 5, 6])
    r.tap(5)
    r.remove()
    assert r.values() == [1, 2, 3, 4, 5] and r.selected is None and r.ready()
    r.tap(0)
    r.remove()
    r.add()
    assert r.selected == 4 and r.dice[4].box is None
    r.set_value(6)
    assert r.use() == [2, 3, 4, 5, 6]


def test_keep_best_keeps_the_surest_in_photo_order() -> None:
    found = [(v, (10.0 * i, 0.0, 8.0, 8.0), c) for i, (v, c) in
             enumerate([(1, 0.2), (2, 0.9), (3, 0.8), (4, 0.1), (5, 0.95), (6, 0.7), (6, 0.85)])]
    r = PhotoReading.from_dice(found, (100, 10), 5)
    assert "keep the 5 surest" in r.message().en
    r.tap(4)
    r.keep_best()
    assert r.values() == [2, 3, 5, 6, 6] and r.selected is None and r.ready()
    r.keep_best()  # nothing more to drop
    assert r.values() == [2, 3, 5, 6, 6]


def test_keep_best_keeps_a_die_the_player_set() -> None:
    found = [(v, (10.0 * i, 0.0, 8.0, 8.0), c) for i, (v, c) in
             enumerate([(4, 0.9), (2, 0.95), (3, 0.45), (5, 0.85), (6, 0.9), (1, 0.7), (6, 0.8)])]
    r = PhotoReading.from_dice(found, (100, 10), 5)
    assert r.uncertain() == [2]
    r.tap(2)
    r.set_value(5)  # the doubtful die, corrected
    r.keep_best()
    assert r.values() == [4, 2, 5, 5, 6]  # kept; the least sure of the others go


def test_dice_added_by_hand_are_not_said_to_be_found() -> None:
    r = reading([])
    for value in (1, 2, 3, 4, 5):
        r.add(value)
    assert "Найдено" not in r.message().ru and "Found" not in r.message().en
    assert r.message().ru.startswith("Добавлено вручную 5 кубиков. Проверьте значения")
    assert r.message().en.startswith("5 dice added by hand. Check the values")
    r = reading([6, 6, 6])
    r.add()
    r.add()
    assert r.message().ru.startswith("5 кубиков (с фото: 3, добавлено вручную: 2). ")
    assert r.message().en.startswith("5 dice (3 from the photo, 2 added by hand). ")
    r.add()
    assert "а нужно 5: уберите 1" in r.message().ru


def test_taps_out_of_range_are_ignored() -> None:
    r = reading([1, 2])
    r.tap(5)
    r.remove()
    assert r.values() == [1, 2] and r.selected is None


# --- refusals --------------------------------------------------------------------------------------

def test_size_limit() -> None:
    assert size_message(3_000_000) is None
    refusal = size_message(MAX_PHOTO_BYTES + 1)
    assert refusal is not None and "слишком большое" in refusal.ru and "too large" in refusal.en
    empty = size_message(0)
    assert empty is not None and "empty" in empty.en


@pytest.mark.parametrize(
    ("data", "ru", "en"),
    [
        (b"", "Файл пустой.", "The file is empty."),
        (b"hello, this is not a photo at all", "не похоже на фото", "does not look like a photo"),
        (b"\xff\xd8\xff\xe0" + b"\x00" * 40, "Фото", "The photo"),
    ],
)
def test_bad_files_become_a_sentence(data: bytes, ru: str, en: str) -> None:
    """One plain sentence in either language (not the reader's words after a colon), and what to do."""
    with pytest.raises(vision.ImageError) as caught:
        analyse(data, 5)
    text = error_message(str(caught.value))
    assert ru in text.ru and en in text.en
    assert text.en.endswith("Choose another photo or enter the dice by hand.") and ": " not in text.en


def test_too_large_bytes_are_refused_before_decoding() -> None:
    with pytest.raises(vision.ImageError, match="too large"):
        analyse(b"\xff\xd8\xff" + b"\x00" * MAX_PHOTO_BYTES, 5)


def models_present() -> bool:
    from vision.compact import CLASSIFIER, DETECTOR, assets_dir

    return (assets_dir() / DETECTOR).exists() and (assets_dir() / CLASSIFIER).exists()


@pytest.mark.skipif(not models_present(), reason="the dice reader's ONNX models are not in assets/")
def test_analyse_reads_a_synthetic_photo_and_gives_a_preview_of_the_same_frame() -> None:
    image, _truth = render_scene(np.random.default_rng(3), size=(1600, 1200), values=[1, 2, 3, 4, 5],
                                 pitch_deg=(0, 10), distractors=False)
    ok, encoded = cv2.imencode(".jpg", image)
    assert ok
    found, preview = analyse(encoded.tobytes(), 5)
    assert found.size == (1600, 1200)
    shown = cv2.imdecode(np.frombuffer(preview, np.uint8), cv2.IMREAD_COLOR)
    assert shown.shape[1] == 1280 and shown.shape[0] == 960  # the same frame, smaller
    for die in found.dice:  # every box lies on the photo
        assert die.box is not None
        x, y, w, h = die.box
        assert 0 <= x and 0 <= y and x + w <= 1600 and y + h <= 1200
    assert found.needed == 5


@pytest.mark.skipif(not models_present(), reason="the dice reader's ONNX models are not in assets/")
def test_a_photo_of_a_whole_table_is_shown_from_where_its_dice_lie() -> None:
    import vision

    scene, _truth = render_scene(np.random.default_rng(5), size=(640, 480), values=[6, 5, 4, 3, 2],
                                 die_px=(50, 56), pitch_deg=(0, 10), distractors=False)
    table = np.full((2400, 3200, 3), scene[0, 0], np.uint8)  # the dice in one part of a large table
    table[1500:1980, 2200:2840] = scene
    ok, encoded = cv2.imencode(".jpg", table)
    assert ok
    whole = sorted(d.value for d in vision.read_dice(table))
    found, preview = analyse(encoded.tobytes(), 5)
    assert sorted(found.values()) == whole == [2, 3, 4, 5, 6]
    width, height = found.size
    assert width * height <= 0.5 * 3200 * 2400  # the part with the dice, not the whole table
    assert width >= height / 2 and height >= width / 2
    shown = cv2.imdecode(np.frombuffer(preview, np.uint8), cv2.IMREAD_COLOR)
    assert shown.shape[1] / shown.shape[0] == pytest.approx(width / height, rel=0.01)
    for die in found.dice:  # each box on its die in the part shown
        assert die.box is not None
        x, y, w, h = die.box
        assert 0 <= x and 0 <= y and x + w <= width and y + h <= height
    offset = [(d.box[0], d.box[1]) for d in found.dice if d.box is not None]
    assert min(x for x, _ in offset) > 0 and min(y for _, y in offset) > 0  # a margin around the dice


def test_the_region_shown_keeps_the_whole_photo_where_the_dice_fill_it() -> None:
    from types import SimpleNamespace

    spread = [SimpleNamespace(value=1, box=(x, y, 60, 60), confidence=0.9) for x, y in ((10, 10), (900, 700))]
    assert dice_region(spread, 1000, 800) == (0, 0, 1000, 800)
    assert dice_region([], 1000, 800) == (0, 0, 1000, 800)
    row = [SimpleNamespace(value=2, box=(2000 + 60 * i, 1000, 50, 50), confidence=0.9) for i in range(5)]
    x0, y0, x1, y1 = dice_region(row, 4000, 3000)  # five dice in a row: widened to half as high as wide
    assert x0 < 2000 and x1 > 2290 and (y1 - y0) * 2 >= (x1 - x0) - 1
