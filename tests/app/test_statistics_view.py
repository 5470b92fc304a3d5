"""The statistics cards: in what order, and which counts each variant's card shows."""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper.app.statistics.model import stat_rows
from scorekeeper.game import new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.service import GameService
from scorekeeper.store import Store


def _finish(store: Store, variant: str, players: list[str], seed: int) -> None:
    service = GameService.create(store, variant, players)
    for action, _ in play_random(new_game(service.state.variant, players), random.Random(seed)):
        service.act(action)


def test_the_variant_played_most_comes_first_and_each_card_shows_what_its_rules_count(tmp_path: Path) -> None:
    with Store(tmp_path / "g.sqlite") as store:
        _finish(store, "generala", ["Аня", "Борис"], 1)
        for seed in (2, 3, 4):
            _finish(store, "yatzy", ["Борис", "Аня"], seed)
        _finish(store, "yatzy", ["Борис"], 5)
        rows = stat_rows(store)
    assert [r.variant for r in rows] == ["yatzy", "yatzy", "generala", "generala"]  # 7 games against 2
    assert {(r.name, r.games) for r in rows[:2]} == {("Борис", 4), ("Аня", 3)}
    assert rows[0].wins >= rows[1].wins  # the season's leader in the variant first
    assert rows[2].wins >= rows[3].wins  # one game each: the winner first
    yatzy, generala = rows[0], rows[2]
    assert not generala.premium_rule and not generala.penalty_rule  # Generala has no upper bonus
    assert yatzy.premium_rule and not yatzy.penalty_rule  # Yatzy's bonus, and no penalty
