"""«Покер с оградами»: fences in the turn being advised, strikes before a throw, the stage's chances."""

from __future__ import annotations

import pytest

from scorekeeper.advisor import AdviceError, Position, advise
from scorekeeper.rules import get_variant

FENCES = get_variant("ru_fences")
ALL = frozenset(FENCES.box_ids)


def test_a_turn_about_to_start_offers_a_throw_and_every_strike() -> None:
    a = advise(FENCES, Position(ALL))
    assert a.best.keep == ()
    struck = {o.box for o in a.options if o.box}
    assert struck == set(FENCES.zero_throw_boxes)  # lower boxes only, never the «гора»'s
    assert all(o.score == 0 for o in a.options if o.box)
    assert a.p_bonus is not None and a.p_penalty is not None and a.p_bonus + a.p_penalty <= 1


def test_a_hopeless_box_is_struck_for_three_fences() -> None:
    # five alike within three throws is worth 50 x 0.046 = 2.3 points: three fences are worth more
    a = advise(FENCES, Position(frozenset({"poker", "chance"})))
    assert a.best.box == "poker" and a.best.score == 0


def test_banked_fences_buy_throws() -> None:
    pos = Position(frozenset({"sixes", "chance"}), fences=2, dice=(6, 6, 6, 1, 2), throw=4)
    with_fences = advise(FENCES, pos)
    assert any(o.keep is not None for o in with_fences.options)  # a fifth throw is still there
    last = advise(FENCES, Position(frozenset({"sixes", "chance"}), fences=2, dice=(6, 6, 6, 1, 2), throw=5))
    assert all(o.box is not None for o in last.options)
    with pytest.raises(AdviceError, match="--throw"):
        advise(FENCES, Position(frozenset({"sixes", "chance"}), fences=2, dice=(6, 6, 6, 1, 2), throw=6))


def test_more_fences_are_worth_more() -> None:
    values = [advise(FENCES, Position(ALL, fences=f)).expected for f in (0, 1, 4)]
    assert values[0] < values[1] < values[2]


def test_the_premium_comes_closer_with_the_throw() -> None:
    start = advise(FENCES, Position(frozenset({"fives", "chance", "pair"}), upper=-1))
    lucky = advise(FENCES, Position(frozenset({"fives", "chance", "pair"}), upper=-1, dice=(5, 5, 5, 5, 2),
                                    throw=1))
    assert start.p_bonus is not None and lucky.p_bonus is not None
    assert lucky.p_bonus > start.p_bonus
    assert lucky.best.box == "fives" and lucky.best.score == 5


@pytest.mark.slow
def test_the_fences_played_as_advised_do_no_worse_than_three_throws_a_turn() -> None:
    """With fences worth nothing, the advised play throws at least as often as the stage table's
    three-throw play, so a stage scores at least the table's value (within the noise)."""
    from scorekeeper.advisor.model import game_of
    from scorekeeper.advisor.simulate import simulate_fences
    from scorekeeper.advisor.store import table_for

    one_stage = get_variant("ru_fences", stages=1)
    game = game_of(one_stage)
    table = table_for(game, build=False)
    assert table is not None
    table_value = table.at((1 << game.n) - 1, 0, 0)[0]  # 180.70: a stage, three throws a turn
    results = simulate_fences(one_stage, 1000, seed=4, worth=0.0)
    assert results.mean > table_value - 3 * results.stderr
    assert results.totals.shape == (1000,)
