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
    assert generala.at_once_rule and not generala.extras_rule  # a Generala servida wins at once
    assert not yatzy.at_once_rule and not yatzy.extras_rule  # Yatzy has neither


def test_a_card_shows_the_extra_yahtzee_points_and_the_games_won_at_once(tmp_path: Path) -> None:
    from scorekeeper.app.statistics.view import StatisticsScreen
    from tests.app.controls import identifiers, texts
    from tests.app.test_history_model import FakeShell
    from tests.test_store import _extra_yahtzees_and_a_servida

    with Store(tmp_path / "g.sqlite") as store:
        _extra_yahtzees_and_a_servida(store)
        cards = {r.identifier: r for r in stat_rows(store, "Аня")} | {r.identifier: r for r in stat_rows(store, "Борис")}
        screen = StatisticsScreen(FakeShell(store), "Борис")  # type: ignore[arg-type]
        shown = identifiers(screen.build())
    assert (cards["stats-row-Аня-yahtzee"].extra_points, cards["stats-row-Борис-generala"].won_at_once) == (100, 1)
    card = shown["stats-row-Борис-generala"]
    said = texts(card)
    assert said[said.index("Побед сразу") - 1] == "1" and "Доп. бонусы" not in said
    assert card.label.endswith("Побед сразу 1")
