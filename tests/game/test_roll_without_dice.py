"""A throw recorded without its dice: it counts as a throw, and a later throw gives the dice."""

from __future__ import annotations

import pytest

from scorekeeper.game import (
    DiceNotEntered,
    InvalidAction,
    RollWithoutDice,
    TooManyThrows,
    from_payload,
    to_payload,
)
from tests.game.helpers import column, run, start

SKIP = {"roll_without_dice": True}


def test_it_counts_as_a_throw_and_leaves_no_dice() -> None:
    s = run(start("ru_fences"), SKIP)
    turn = s.sheet()["turn"]
    assert (turn["throws"], turn["dice"]) == (1, None)
    s = run(s, {"roll": [5, 5, 5, 3, 3]}, {"score": "full"})
    assert column(s, "Аня")["stages"][0]["boxes"]["full"] == 5 * 3 + 3 * 2
    assert column(s, "Аня")["fences"] == 1  # two throws of three: one fence banked


def test_writing_or_striking_needs_the_dice_of_the_last_throw() -> None:
    s = run(start("ru_fences"), SKIP)
    with pytest.raises(DiceNotEntered) as error:
        s.verify_score("chance")
    assert error.value.text.en == ("Throw 1 was recorded without its dice: enter the next throw's dice "
                                   "before you write a box.")
    assert "Бросок 1 записан без кубиков" in error.value.text.ru
    assert not s.can_cross_out("full")
    assert s.can_roll([1, 2, 3, 4, 5])


def test_the_last_possible_throw_of_a_turn_needs_its_dice() -> None:
    s = run(start("yahtzee"), SKIP, SKIP)
    assert s.throws == 2 and not s.can_roll_without_dice()
    with pytest.raises(TooManyThrows) as error:
        s.verify_roll_without_dice()
    assert error.value.text.en == "Throw 3 is this turn's last: enter its dice."
    s = run(s, {"roll": [2, 2, 2, 2, 2]}, {"score": "poker"})
    assert column(s, "Аня")["stages"][0]["boxes"]["poker"] == 50


def test_a_banked_fence_allows_one_more_throw_without_dice() -> None:
    s = run(start("ru_fences"), {"cross_out": "large_straight"})  # Аня banks 3
    s = run(s, {"roll": [1, 2, 3, 4, 5]}, {"score": "chance"})  # Борис
    assert column(s, "Аня")["fences"] == 3
    s = run(s, SKIP, SKIP, SKIP, SKIP, SKIP)  # throws 1–5 of 6 without dice
    assert not s.can_roll_without_dice()
    s = run(s, {"roll": [6, 6, 6, 6, 6]}, {"score": "poker"})
    assert column(s, "Аня")["fences"] == 0  # six throws: all three fences spent


def test_football_tours_and_servida_count_it() -> None:
    assert not start("ru_football").can_roll_without_dice()  # a tour is one throw
    s = run(start("generala"), SKIP, {"roll": [4, 4, 4, 4, 4]}, {"score": "poker"})
    assert not s.finished  # a generala on the second throw is no servida
    assert column(s, "Аня")["stages"][0]["boxes"]["poker"] == 50


def test_undo_takes_it_back_and_its_json_form_round_trips() -> None:
    s = run(start("yahtzee"), SKIP, {"undo": 1})
    assert s.throws == 0
    assert to_payload(from_payload(SKIP)) == SKIP
    assert from_payload(SKIP) == RollWithoutDice()
    with pytest.raises(InvalidAction, match="roll_without_dice: expected true"):
        from_payload({"roll_without_dice": 1})


def test_the_dice_kept_through_it_are_saved_and_refused_when_they_are_no_dice() -> None:
    kept = {"roll_without_dice": True, "kept": [6, 6]}
    s = run(start("yahtzee"), kept)
    assert s.last_action == RollWithoutDice((6, 6)) and s.dice is None
    assert to_payload(from_payload(kept)) == kept
    s = run(s, {"roll": [1, 2, 3, 4, 5]}, {"score": "large_straight"})  # the throw decides, not the kept dice
    assert column(s, "Аня")["stages"][0]["boxes"]["large_straight"] == 40
    for bad, said in (([6, 6, 6, 6, 6], "at most 4"), ([7], "7 is not a face"), ([0], "0 is not a face"),
                      (["6"], "'6' is not a face"), ([True], "True is not a face"), (6, "expected a list")):
        with pytest.raises(InvalidAction, match=said):
            from_payload({"roll_without_dice": True, "kept": bad})
    with pytest.raises(InvalidAction, match="unexpected keys"):
        from_payload({"roll": [1, 2, 3, 4, 5], "kept": [6]})
