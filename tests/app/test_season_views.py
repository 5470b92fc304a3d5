"""History and statistics over a season: games listed a page at a time under the day they were
played, matches kept apart from single games, the leader first, a results chart that stays readable."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import flet as ft

from scorekeeper.app.config import AppConfig
from scorekeeper.app.history.view import PAGE, HistoryScreen
from scorekeeper.app.shell import Shell
from scorekeeper.app.statistics.model import results_over_time, stat_rows
from scorekeeper.app.statistics.view import MAX_LINES, StatisticsScreen
from scorekeeper.game.simulate import play_random
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.app.conftest import StandInPage
from tests.app.controls import identifiers, texts, walk


def shell_on(store: Store, tmp_path: Path) -> Shell:
    page: Any = StandInPage()
    page.width = 390
    page.route = "/"
    shell = Shell(page, AppConfig(db_path=tmp_path / "g.sqlite"), store)
    shell.start()
    return shell


def finish(store: Store, variant: str, players: list[str], seed: int, options: dict[str, Any] | None = None) -> int:
    service = GameService.create(store, variant, players, options)
    for action, _ in play_random(service.state, random.Random(seed)):
        service.act(action)
    assert service.state.finished
    service.close()
    return service.game_id


def games_listed(shell: Shell) -> list[str]:
    return [i for i in identifiers(shell.page.controls[0]) if i.startswith("history-game-")]


def test_history_lists_a_page_of_games_says_how_many_there_are_and_shows_more(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    for seed in range(PAGE + 7):
        finish(store, "generala", ["Аня", "Борис"], seed)
    shell = shell_on(store, tmp_path)
    screen = HistoryScreen(shell)
    shell.show(lambda: screen)
    shown = identifiers(shell.page.controls[0])
    assert len(games_listed(shell)) == PAGE
    assert shown["history-count"].content.value == f"Игр: {PAGE + 7}, показаны последние {PAGE}"
    assert "Показать ещё 7" in texts(shown["history-more"])
    updates = shell.page.updates
    screen._more()  # the button's tap
    assert len(games_listed(shell)) == PAGE + 7  # the older ones added below, the screen not rebuilt
    assert "history-more" not in identifiers(shell.page.controls[0])
    assert shown["history-count"].content.value == f"Игр: {PAGE + 7}"
    assert shell.page.updates == updates + 1
    # one day: one heading above its games, however many pages they take
    assert len([i for i in identifiers(shell.page.controls[0]) if i.startswith("history-day-")]) == 1


def test_history_puts_each_day_under_its_heading_with_the_hours_on_the_tiles(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    first, second = (finish(store, "yatzy", ["Аня"], seed) for seed in (1, 2))
    for game_id, created, finished in ((first, "2026-05-22T18:30:00+00:00", "2026-05-22T18:55:00+00:00"),
                                       (second, "2026-05-29T18:00:00+00:00", "2026-05-29T18:20:00+00:00")):
        store._db.execute("UPDATE games SET created = ?, finished = ? WHERE id = ?", (created, finished, game_id))
    shell = shell_on(store, tmp_path)
    shell.show(lambda: HistoryScreen(shell))
    shown = identifiers(shell.page.controls[0])
    days = [i for i in shown if i.startswith("history-day-")]
    assert days == ["history-day-2026-05-29", "history-day-2026-05-22"]  # newest first
    assert texts(shown[days[0]])[0].endswith("29.05.2026") and texts(shown[days[0]])[0][:2] in ("пт", "сб")
    tile = texts(shown[f"history-game-{first}"])
    assert not any("2026" in text for text in tile)  # the day is in the heading, the tile has the hours
    assert any("—" in text and ":" in text for text in tile)


def test_a_match_is_one_game_with_its_totals_kept_apart_from_single_games(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    single = [finish(store, "ru_encyclopedia", ["Аня", "Борис"], seed) for seed in (1, 2)]
    series = finish(store, "ru_encyclopedia", ["Аня", "Борис"], 3, {"mode": "series", "series_games": 3})
    target = finish(store, "ru_encyclopedia", ["Аня", "Борис"], 4, {"mode": "target", "target": 200})
    rows = {r.identifier: r for r in stat_rows(store, player="Аня")}
    assert set(rows) == {"stats-row-Аня-ru_encyclopedia", "stats-row-Аня-ru_encyclopedia-series3",
                         "stats-row-Аня-ru_encyclopedia-target200"}
    results = dict(store.execute("SELECT game_id, total FROM results WHERE name = 'Аня'"))
    alone = rows["stats-row-Аня-ru_encyclopedia"]
    assert alone.games == 2 and alone.average == sum(results[g] for g in single) / 2
    assert alone.best == max(results[g] for g in single)
    match = rows["stats-row-Аня-ru_encyclopedia-series3"]
    _, state, _ = store.load(series)
    assert match.games == 1 and match.best == state.sheet()["match"]["totals"]["Аня"] == results[series]
    to_target = rows["stats-row-Аня-ru_encyclopedia-target200"]
    assert to_target.games == 1 and to_target.best == results[target]
    # the single games come before the matches, each card named by its form
    assert [r.form for r in stat_rows(store, player="Аня")] == ["", "series:3", "target:200"]
    assert [r.game_id for r in results_over_time(store, "ru_encyclopedia", form="")] == single
    assert [r.game_id for r in results_over_time(store, "ru_encyclopedia", form="series:3")] == [series]
    shell = shell_on(store, tmp_path)
    shell.show(lambda: StatisticsScreen(shell, "Аня"))
    shown = identifiers(shell.page.controls[0])
    assert "Покер (энциклопедия) · серия из 3" in texts(shown["stats-row-Аня-ru_encyclopedia-series3"])
    assert "Покер (энциклопедия) · до 200" in texts(shown["stats-row-Аня-ru_encyclopedia-target200"])
    # the results chart draws the form of the latest finished game only: the target match
    assert any(text.startswith("Покер (энциклопедия) · до 200.") for text in texts(shown["chart-results"]))


def test_the_results_chart_draws_the_players_with_most_games_and_says_so(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    names = ["Аня", "Борис", "Вера", "Глеб", "Даша", "Егор", "Жанна", "Захар", "Ира"]
    rng = random.Random(5)
    for seed in range(14):
        finish(store, "generala", ["Аня", *rng.sample(names[1:], 3)], seed)
    shell = shell_on(store, tmp_path)
    shell.show(lambda: StatisticsScreen(shell, None, "generala"))
    chart = identifiers(shell.page.controls[0])["chart-results"]
    lines = [c for c in walk(chart) if type(c).__name__ == "LineChart"][0].data_series
    assert len(lines) == MAX_LINES
    legend = [c.value for c in walk(chart) if isinstance(c, ft.Text)]
    assert "Аня" in legend  # the one who played every game
    assert any("Линии 6 игроков" in text for text in legend)
    # one player chosen: that player's line first, whatever their count
    shell.show(lambda: StatisticsScreen(shell, "Ира", "generala"))
    chart = identifiers(shell.page.controls[0])["chart-results"]
    assert chart.label.startswith("Результаты по играм: Ира:")


def test_a_player_has_one_colour_in_both_charts(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    for seed in range(3):
        finish(store, "yatzy", ["Борис", "Аня", "Вера"], seed)
    finish(store, "yatzy", ["Вера", "Аня"], 9)  # the latest game: its running totals are drawn
    shell = shell_on(store, tmp_path)
    shell.show(lambda: StatisticsScreen(shell, "Аня"))  # Аня's results line comes first

    def colours(identifier: str) -> dict[str, str]:
        chart = identifiers(shell.page.controls[0])[identifier]
        lines = [c for c in walk(chart) if type(c).__name__ == "LineChart"][0].data_series
        return {line.points[-1].tooltip.split(":")[0]: line.color for line in lines}

    running, results = colours("chart-running-totals"), colours("chart-results")
    assert set(running) == {"Вера", "Аня"} and set(results) == {"Борис", "Аня", "Вера"}
    assert all(results[name] == colour for name, colour in running.items())
    assert len(set(results.values())) == 3


def test_statistics_put_the_leader_of_a_variant_first(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    for seed in range(6):
        finish(store, "yatzy", ["Аня", "Борис", "Вера"], seed)
    rows = stat_rows(store, variant="yatzy")
    assert [r.wins for r in rows] == sorted((r.wins for r in rows), reverse=True)


def test_home_offers_an_open_game_however_many_games_came_after_it(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    old = GameService.create(store, "yatzy", ["Аня"]).game_id
    for seed in range(35):
        finish(store, "generala", ["Борис"], seed)
    assert [g["id"] for g in store.games(open_only=True)] == [old]
    shell = shell_on(store, tmp_path)
    shell.home()
    assert f"resume-{old}" in identifiers(shell.page.controls[0])
