"""The review of a played game: each decision against the advised play."""

from __future__ import annotations

import pytest

from scorekeeper.advisor import Position, advise
from scorekeeper.advisor.review import given_up, review
from scorekeeper.game.actions import Roll, RollWithoutDice, Score, Undo
from scorekeeper.rules import get_variant

YAHTZEE = get_variant("yahtzee")


def test_followed_advice_gives_up_nothing_and_a_poor_box_its_difference() -> None:
    actions = [
        Roll((6, 6, 6, 2, 1)), Roll((6, 6, 6, 5, 4)), Score("chance"),  # kept the sixes, then Chance
        Roll((1, 1, 1, 1, 1)), Undo(1),  # taken back: not a decision
        Roll((2, 2, 3, 4, 5)), RollWithoutDice(kept=(2, 3, 4, 5)), Roll((2, 3, 4, 5, 6)), Score("large_straight"),
    ]
    decisions = review(YAHTZEE, ["Аня"], actions)
    assert [d.throw for d in decisions] == [1, 2, 1, 3]
    first, chance, straight, large = decisions
    assert first.best.keep == (6, 6, 6) and first.chosen.keep == (6, 6, 6) and first.lost == 0
    open_all = frozenset(YAHTZEE.box_ids)
    after = advise(YAHTZEE, Position(open_all, dice=(4, 5, 6, 6, 6), throw=2))
    wrote = next(o for o in after.options if o.box == "chance")
    assert chance.chosen.box == "chance" and chance.chosen.score == 27
    assert chance.lost == pytest.approx(after.best.expected - wrote.expected) and chance.lost > 0
    assert straight.chosen.keep == (2, 3, 4, 5)  # named with the throw whose dice were not entered
    assert large.chosen.box == "large_straight" and large.lost == pytest.approx(0, abs=1e-9)
    assert given_up(decisions) == {"Аня": pytest.approx(sum(d.lost for d in decisions))}


def test_two_players_are_reviewed_apart() -> None:
    actions = [Roll((5, 5, 5, 5, 5)), Score("poker"), Roll((1, 2, 3, 3, 6)), Score("ones")]
    decisions = review(YAHTZEE, ["Аня", "Борис"], actions)
    assert [d.player for d in decisions] == ["Аня", "Борис"]
    assert decisions[0].lost == pytest.approx(0, abs=1e-9)  # five alike on the first throw: Yahtzee
    assert decisions[1].lost > 0
