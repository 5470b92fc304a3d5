"""The matching that the bench and the validation report with: hits and each kind of error."""

from __future__ import annotations

from vision import Die
from vision.scoring import accuracy, marked, pip_centre, score_photo

TRUTH = [(1, (0, 0, 40, 40)), (2, (100, 0, 40, 40)), (3, (200, 0, 40, 40)), (4, (300, 0, 40, 40))]


def test_each_kind_of_error_is_named() -> None:
    read = [
        Die(1, (2, 2, 40, 40), 0.9),  # right
        Die(5, (100, 0, 40, 40), 0.9),  # the box matches, the value does not
        Die(3, (215, 15, 40, 40), 0.9),  # overlaps die 3 (IoU 0.22), too little to match
        Die(6, (500, 500, 40, 40), 0.9),  # nothing there
    ]  # and die 4 is not read at all
    s = score_photo(read, TRUTH)
    assert (s.hits, s.read, s.true) == (1, 4, 4)
    assert dict(s.errors) == {"value": 1, "box": 1, "missed": 1, "extra": 1}
    assert not s.all_right
    assert any(n.startswith("read 5 for 2") for n in s.notes)


def test_a_label_is_matched_once_by_the_surer_read() -> None:
    read = [Die(1, (0, 0, 40, 40), 0.5), Die(2, (1, 1, 40, 40), 0.9)]
    s = score_photo(read, TRUTH[:1])
    assert s.hits == 0 and s.errors["value"] == 1 and s.errors["extra"] == 1


def test_pip_labels_match_on_their_centre() -> None:
    pips = [(3, (10, 10, 20, 20))]  # the label boxes the pips only
    assert score_photo([Die(3, (0, 0, 40, 40), 0.9)], pips, pip_centre).all_right
    assert score_photo([Die(3, (18, 18, 40, 40), 0.9)], pips, pip_centre).hits == 0


def test_accuracy_sums_photos() -> None:
    right = score_photo([Die(v, b, 0.9) for v, b in TRUTH], TRUTH)
    half = score_photo([Die(v, b, 0.9) for v, b in TRUTH[:2]], TRUTH)
    m = accuracy([right, half], [10.0, 30.0])
    assert m["precision"] == 1.0 and m["recall"] == 6 / 8
    assert m["all_right"] == 0.5 and m["missed"] == 2 and m["ms"] == 20.0


def test_reads_marked_for_checking_are_counted_right_and_wrong() -> None:
    """The bench says how many wrong reads the app would mark for the player (and how many right)."""
    read = [
        Die(1, (0, 0, 40, 40), 0.95),  # right, sure
        Die(2, (100, 0, 40, 40), 0.4),  # right, unsure
        Die(6, (200, 0, 40, 40), 0.5),  # wrong value, unsure
        Die(4, (500, 0, 40, 40), 0.9),  # nothing there, sure
    ]
    s = score_photo(read, TRUTH)
    assert sorted(s.reads) == [(0.4, True), (0.5, False), (0.9, False), (0.95, True)]
    assert marked([s], 0.6) == {"wrong": 2, "wrong_marked": 1, "right": 2, "right_marked": 1}
