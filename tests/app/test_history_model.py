"""History and statistics without a browser: running totals, results over time, rows, the screens' build."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.statistics.model import (
    StatRow,
    axis_step,
    competition_places,
    match_running,
    num,
    played_variants,
    results_over_time,
    running_totals,
    stat_rows,
    totals_by_game,
    when,
)
from scorekeeper.game import Roll, Score, apply, new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.i18n.ui import tr
from scorekeeper.rules import get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.app.controls import identifiers, texts, walk


@pytest.fixture
def store(tmp_path: Path) -> Store:
    store = Store(tmp_path / "games.sqlite")
    rng = random.Random(5)
    for variant, players, limit in [
        ("ru_fences", ["Аня", "Борис"], None),
        ("yahtzee", ["Аня", "Вера"], None),
        ("ru_fences", ["Борис", "Аня", "Вера"], None),
        ("ru_fences", ["Аня", "Борис"], 7),
    ]:
        service = GameService.create(store, variant, players)
        for action, _ in play_random(service.state, rng, max_actions=limit):
            service.act(action)
        service.close()
    return store


def test_running_totals_start_at_zero_and_end_at_the_totals(store: Store) -> None:
    _, state, _ = store.load(1)
    series = running_totals(state)
    sheet = state.sheet()
    assert [s[0] for s in series] == [0, 0]
    assert [s[-1] for s in series] == [p["total"] for p in sheet["players"]]
    boxes = len(state.variant.box_ids) * state.variant.stages
    assert [len(s) for s in series] == [boxes + 1, boxes + 1]  # one point per turn


def test_running_totals_follow_each_write() -> None:
    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
    state = apply(state, Roll((5, 5, 5, 2, 3)))
    state = apply(state, Score("three"))
    state = apply(state, Roll((6, 6, 6, 6, 1)))
    state = apply(state, Score("four"))
    assert running_totals(state) == [[0, state.sheets[0].total(state.variant)],
                                     [0, state.sheets[1].total(state.variant)]]


def test_results_over_time_oldest_first_with_winners(store: Store) -> None:
    results = results_over_time(store, "ru_fences")
    assert [r.game_id for r in results] == [1, 3]  # game 4 is not finished
    assert set(results[1].totals) == {"Борис", "Аня", "Вера"}
    assert results[0].winners and set(results[0].winners) <= set(results[0].totals)
    assert [r.game_id for r in results_over_time(store, "ru_fences", "Вера")] == [3]
    assert results_over_time(store, "generala") == []


def test_stat_rows_match_the_store(store: Store) -> None:
    rows = stat_rows(store)
    assert {(r.name, r.variant) for r in rows} == {
        ("Аня", "ru_fences"), ("Борис", "ru_fences"), ("Вера", "ru_fences"), ("Аня", "yahtzee"), ("Вера", "yahtzee")}
    anna = next(r for r in rows if r.identifier == "stats-row-Аня-ru_fences")
    assert anna.games == 2 and anna.fences
    assert not next(r for r in rows if r.variant == "yahtzee").fences
    assert [r.identifier for r in stat_rows(store, "Вера", "yahtzee")] == ["stats-row-Вера-yahtzee"]


def test_players_without_a_win_rank_by_their_average_not_by_fewer_games() -> None:
    """Most wins first, fewer games breaking a tie in wins; with no win, fewer games is no merit."""
    def row(name: str, games: int, wins: int, average: float) -> StatRow:
        return StatRow(name, "yahtzee", games, wins, average, 0, 0, 0, 0, 0, False)

    rows = [row("Аня", 2, 0, 15.5), row("Вика", 3, 0, 31.3), row("Гриша", 4, 2, 20.0), row("Оля", 3, 2, 18.0),
            row("Дима", 4, 0, 31.3)]
    ordered = sorted(rows, key=lambda r: (*r.standing, r.name))
    assert [r.name for r in ordered] == ["Оля", "Гриша", "Вика", "Дима", "Аня"]
    assert competition_places(ordered) == [1, 2, 3, 3, 5]


def test_totals_by_game_and_played_variants(store: Store) -> None:
    totals = totals_by_game(store, [1, 2, 4])
    assert set(totals) == {1, 2}
    assert set(totals[2]) == {"Аня", "Вера"}
    assert totals_by_game(store, []) == {}
    assert played_variants(store) == ["ru_fences", "yahtzee"]


def test_small_helpers() -> None:
    assert num(-14) == "−14" and num(3) == "3"
    assert [axis_step(t) for t in (0, 7, 45, 120, 437)] == [1.0, 2.0, 10.0, 50.0, 100.0]
    assert when("2026-11-29T13:05:00+00:00", "ru", time=False).endswith(".2026")
    assert when("2026-11-29T13:05:00+00:00", "en", time=False).startswith("Nov 29")
    assert when(None, "ru") == ""


class FakeShell:
    """What the screens use of the shell, without a page."""

    def __init__(self, store: Store, lang: str = "ru") -> None:
        self.store = store
        self.lang = lang
        self.width = 390.0  # the page's width, as Shell.width gives it
        self.shown: list[Any] = []

    def t(self, key: str, **values: object) -> str:
        return tr(key, self.lang, **values)  # type: ignore[arg-type]

    def home(self) -> None: ...

    def redraw(self) -> None: ...

    def show(self, make: Any) -> None:
        self.shown.append(make())

    def open_game(self, game_id: int) -> None: ...

    def explaining(self, title: str, reason: str) -> Any:
        return lambda _: None


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_screens_build_with_their_identifiers(store: Store, lang: str) -> None:
    from scorekeeper.app.history.view import GameSheetScreen, HistoryScreen
    from scorekeeper.app.statistics.view import StatisticsScreen

    shell = FakeShell(store, lang)
    history = identifiers(HistoryScreen(shell).build()).keys()  # type: ignore[arg-type]
    assert {f"history-game-{i}" for i in (1, 2, 3, 4)} <= history
    assert {"history-filter-player-all", "history-filter-player-Вера", "history-filter-variant-yahtzee"} <= history
    sheet = identifiers(GameSheetScreen(shell, 1).build()).keys()  # type: ignore[arg-type]
    assert {"history-sheet", "chart-running-totals", "history-total-1", "history-box-2-3-three"} <= sheet
    assert "history-resume" not in sheet
    assert "history-resume" in identifiers(GameSheetScreen(shell, 4).build()).keys()  # type: ignore[arg-type]
    stats = identifiers(StatisticsScreen(shell).build()).keys()  # type: ignore[arg-type]
    assert {"stats-row-Аня-ru_fences", "stats-row-Вера-yahtzee", "chart-running-totals", "chart-results"} <= stats
    only = identifiers(StatisticsScreen(shell, "Вера", "yahtzee").build()).keys()  # type: ignore[arg-type]
    assert "stats-row-Аня-ru_fences" not in only and "stats-row-Вера-yahtzee" in only


def test_empty_store_says_so(tmp_path: Path) -> None:
    from scorekeeper.app.history.view import HistoryScreen
    from scorekeeper.app.statistics.view import StatisticsScreen

    shell = FakeShell(Store(tmp_path / "empty.sqlite"))
    assert "history-empty" in identifiers(HistoryScreen(shell).build()).keys()  # type: ignore[arg-type]
    stats = identifiers(StatisticsScreen(shell).build()).keys()  # type: ignore[arg-type]
    assert "stats-empty" in stats and "chart-results" not in stats


def test_a_player_sitting_an_extra_game_out_is_drawn_level_with_the_others(tmp_path: Path) -> None:
    from tests.app.test_match_view import HIGH, LOW, play

    with Store(tmp_path / "match.db") as own:
        service = GameService.create(own, "ru_encyclopedia", ["Аня", "Борис", "Вера"],
                                     {"mode": "series", "series_games": 2})
        play(service, {"Аня": HIGH, "Борис": HIGH, "Вера": LOW})  # a tie: Аня and Борис play it off
        play(service, {"Аня": HIGH, "Борис": LOW})  # the extra game, Вера sitting out
        play(service, {"Аня": LOW, "Борис": LOW, "Вера": HIGH})  # game 2, all three
        series = running_totals(service.state)
    boxes = len(service.state.variant.box_ids)
    assert [len(s) for s in series] == [3 * boxes + 1] * 3  # game 2 at the same turns for everyone
    vera = series[2]
    assert vera[boxes:2 * boxes + 1] == [vera[boxes]] * (boxes + 1)  # level through the extra game
    assert vera[-1] > vera[boxes]


def test_the_running_chart_of_a_match_marks_where_each_next_game_begins(tmp_path: Path) -> None:
    import flet_charts as fch

    from scorekeeper.app.widgets.charts import MARK_DASH, running_chart
    from tests.app.test_match_view import BOXES, HIGH, LOW, play

    with Store(tmp_path / "match.db") as own:
        service = GameService.create(own, "ru_encyclopedia", ["Аня", "Борис", "Вера"],
                                     {"mode": "series", "series_games": 2})
        play(service, {"Аня": HIGH, "Борис": HIGH, "Вера": LOW})  # a tie: Аня and Борис play it off
        play(service, {"Аня": HIGH, "Борис": LOW})  # the extra game
        play(service, {"Аня": LOW, "Борис": LOW, "Вера": HIGH})  # game 2: Аня and Вера level on wins
        assert service.state.extra_game and not match_running(service.state)[1][2:]  # due, not begun
        service.roll(LOW)
        service.score(BOXES[0])  # the next extra game's first turn
        series, starts = match_running(service.state)
        shell = FakeShell(own)
        chart = running_chart(shell, ["Аня", "Борис", "Вера"], series, starts)  # type: ignore[arg-type]
    boxes = len(service.state.variant.box_ids)
    assert [(s.at, s.extra) for s in starts] == [(boxes + 0.5, True), (2 * boxes + 0.5, False), (3 * boxes + 0.5, True)]
    assert series == running_totals(service.state)
    lines = [c for c in walk(chart) if isinstance(c, fch.LineChart)][0].data_series
    dashed = [line for line in lines if line.dash_pattern == MARK_DASH]
    assert [{p.x for p in line.points} for line in dashed] == [{boxes + 0.5}, {2 * boxes + 0.5}, {3 * boxes + 0.5}]
    assert len(lines) == 3 + 3
    spoken = chart.label  # type: ignore[attr-defined]
    assert spoken.endswith(f"доп. игра с хода {boxes + 1}, игра 2 с хода {2 * boxes + 1}, доп. игра с хода {3 * boxes + 1}")
    assert "Сумма очков после каждого хода. Пунктир — начало следующей игры." in texts(chart)


def test_a_single_game_s_chart_has_no_game_marks(store: Store) -> None:
    from scorekeeper.app.widgets.charts import running_chart

    state = store.load(1)[1]
    series, starts = match_running(state)
    chart = running_chart(FakeShell(store), state.players, series, starts)  # type: ignore[arg-type]
    assert starts == [] and "Пунктир" not in " ".join(texts(chart))


@pytest.mark.parametrize(("variant", "options"), [
    ("ru_encyclopedia", {"mode": "series", "series_games": 3}),
    ("ru_encyclopedia", {"mode": "target", "target": 150}),
    ("ru_fences", {"tie_break": "extra_game", "stages": 1}),
    ("generala", {"tie_break": "extra_game"}),
])
def test_each_game_of_a_match_replayed_alone_ends_with_the_match_s_totals(variant: str, options: dict[str, Any]) -> None:
    from scorekeeper.game.moves import match_games

    extra = 0
    for seed in range(12):
        state = new_game(get_variant(variant, **options), ["Аня", "Борис", "Вера"][: 2 + seed % 2])
        for action, _ in play_random(state, random.Random(seed)):
            state = apply(state, action)
        games = match_games(state)
        assert len(games) == len(state.games)
        for record, game in zip(state.games, games, strict=True):
            assert game.finished
            assert {p["name"]: p["total"] for p in game.sheet()["players"]} == {
                state.players[seat]: total for seat, total in zip(record.seats, record.totals, strict=True)}
            extra += record.extra
    assert match_games(new_game(get_variant("yatzy"), ["Аня"])) == []
    if variant == "ru_encyclopedia" and options["mode"] == "series":
        assert extra > 0  # extra games were among them
