"""Hand validation: bad input is named, good input is kept as thrown."""

from __future__ import annotations

import pytest

from scorekeeper.dice import Hand, InvalidDice


def test_a_hand_keeps_values_and_counts():
    hand = Hand.parse([5, "5", 5, 2, 3])
    assert hand.values == (5, 5, 5, 2, 3)
    assert hand.count(5) == 3 and hand.total == 20 and hand.shape == (3, 1, 1)
    assert str(hand) == "2-3-5-5-5"


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([1, 2, 3, 4], "expected 5 dice, got 4"),
        ([1, 2, 3, 4, 5, 6], "expected 5 dice, got 6"),
        ([1, 2, 3, 4, 7], "die 5: 7 is out of range (expected 1..6)"),
        ([0, 2, 3, 4, 5], "die 1: 0 is out of range"),
        ([1, 2, "x", 4, 5], "die 3: 'x' is not a whole number"),
        ([1, 2, 3.5, 4, 5], "die 3: 3.5 is not a whole number"),
        ([True, 2, 3, 4, 5], "die 1: True is not a number"),
        ("12345", "got the text"),
    ],
)
def test_bad_dice_are_refused_with_a_message_naming_the_problem(raw, message):
    with pytest.raises(InvalidDice, match=message.replace("(", r"\(").replace(")", r"\)")):
        Hand.parse(raw)


def test_goal_counts_have_no_upper_limit():
    assert Hand.parse([0, 9, 12, 1, 1], low=0, high=None).total == 23
