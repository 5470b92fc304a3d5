"""Statistics: players level on every count share a place; chips lead only to finished games."""

from __future__ import annotations

from scorekeeper.app.shell import Shell
from scorekeeper.app.statistics.view import StatisticsScreen
from scorekeeper.service import GameService
from tests.app.controls import identifiers, texts


def _shared_win(shell: Shell) -> None:
    """A Kniffel game that Аня and Борис end level, Вера behind them: a shared win."""
    service = GameService.create(shell.store, "kniffel", ["Аня", "Борис", "Вера"])
    for box in service.state.variant.box_ids:
        for seat in range(3):
            service.roll((1, 1, 1, 1, 2))
            if seat < 2 and box == "chance":  # Аня and Борис write their chance, 6 points each
                service.score(box)
            else:
                service.cross_out(box)
    assert service.state.finished and service.state.sheet()["winners"] == ["Аня", "Борис"]


def test_players_level_on_every_count_share_a_place(shell: Shell) -> None:
    _shared_win(shell)
    shell.show(lambda: StatisticsScreen(shell))
    ids = identifiers(shell.page.controls[0])
    places = {name: texts(ids[f"stats-row-{name}-kniffel"])[0] for name in ("Аня", "Борис", "Вера")}
    assert places == {"Аня": "1", "Борис": "1", "Вера": "3"}


def test_chips_offer_only_players_and_games_with_finished_games(shell: Shell) -> None:
    _shared_win(shell)
    started = GameService.create(shell.store, "yahtzee", ["Глеб", "Аня"])
    started.roll((6, 6, 6, 1, 2))
    shell.show(lambda: StatisticsScreen(shell))
    ids = identifiers(shell.page.controls[0])
    assert "stats-filter-variant-yahtzee" not in ids and "stats-filter-player-Глеб" not in ids
    assert "stats-filter-player-Вера" in ids

    shell.show(lambda: StatisticsScreen(shell, None, "yahtzee"))  # an old address: chosen, yet empty
    ids = identifiers(shell.page.controls[0])
    assert "stats-empty" in ids
    assert "stats-game" not in ids  # no chart of the unfinished game under «no finished games»


def test_the_running_chart_steps_through_finished_games_only(shell: Shell) -> None:
    """A game under way, newer than the finished one, is not offered by the chart's arrows."""
    _shared_win(shell)
    started = GameService.create(shell.store, "kniffel", ["Аня", "Борис"])
    started.roll((6, 6, 6, 1, 2))
    screen = StatisticsScreen(shell)
    shell.show(lambda: screen)
    ids = identifiers(shell.page.controls[0])
    assert texts(ids["stats-game"])[0].startswith("Игра №1 ")
    assert ids["stats-game-newer"].content.disabled and ids["stats-game-older"].content.disabled
    screen._step(-1)  # newer: still the finished game
    assert texts(identifiers(shell.page.controls[0])["stats-game"])[0].startswith("Игра №1 ")
