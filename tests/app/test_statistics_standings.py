"""Statistics without a chosen player: one standings table per variant and form of play, a line per
player that fits a narrow phone; a tap on a line chooses that player, whose cards keep every count."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import flet as ft
import pytest

from scorekeeper.app.shell import Shell
from scorekeeper.app.statistics.model import decimal, standings, stat_rows
from scorekeeper.app.statistics.view import COLUMN_GAP, COLUMNS, TABLE_PAD, StatisticsScreen
from scorekeeper.store import Store
from tests.app.controls import identifiers, texts, walk
from tests.app.test_season_views import finish, shell_on


@pytest.fixture
def season(tmp_path: Path) -> Shell:
    store = Store(tmp_path / "g.sqlite")
    for seed in range(3):
        finish(store, "yatzy", ["Аня", "Борис", "Константин Константинопольский"], seed)
    finish(store, "ru_fences", ["Аня", "Борис"], 7)
    finish(store, "ru_encyclopedia", ["Аня", "Борис"], 8)
    finish(store, "ru_encyclopedia", ["Аня", "Вера"], 9, {"mode": "series", "series_games": 3})
    return shell_on(store, tmp_path)


def shown(shell: Shell) -> dict[str, ft.Control]:
    return identifiers(shell.page.controls[0])


def test_one_table_per_variant_and_form_the_leader_first(season: Shell) -> None:
    rows = stat_rows(season.store)
    tables = standings(rows)
    assert [t.identifier for t in tables] == ["stats-table-yatzy", "stats-table-ru_encyclopedia",
                                              "stats-table-ru_encyclopedia-series3", "stats-table-ru_fences"]
    assert [r for t in tables for r in t.rows] == rows  # the same rows, in the same order
    yatzy = tables[0].rows
    assert len(yatzy) == 3 and {r.variant for r in yatzy} == {"yatzy"}
    assert [(r.wins, -r.games, r.average) for r in yatzy] == sorted(
        ((r.wins, -r.games, r.average) for r in yatzy), reverse=True)
    assert [r.name for r in tables[2].rows] in (["Аня", "Вера"], ["Вера", "Аня"])


def test_games_of_fewer_stages_than_the_rules_have_a_table_of_their_own(season: Shell) -> None:
    finish(season.store, "ru_fences", ["Аня", "Борис"], 11, {"stages": 1})  # a third as long
    tables = {t.identifier: t for t in standings(stat_rows(season.store))}
    assert "stats-table-ru_fences" in tables and "stats-table-ru_fences-stages1" in tables
    assert all(r.games == 1 for r in tables["stats-table-ru_fences"].rows)  # the 3-stage game alone
    season.show(lambda: StatisticsScreen(season))
    assert texts(shown(season)["stats-table-ru_fences-stages1"])[0] == "Покер с оградами · 1 этап"


def test_statistics_show_a_table_per_variant_with_a_line_per_player(season: Shell) -> None:
    season.show(lambda: StatisticsScreen(season))
    found = shown(season)
    assert "stats-hint" in found
    tables = [i for i in found if i.startswith("stats-table-")]
    assert tables == [t.identifier for t in standings(stat_rows(season.store))]
    for table in standings(stat_rows(season.store)):
        node = found[table.identifier]
        lines = [i for i in identifiers(node) if i.startswith("stats-row-")]
        assert lines == [r.identifier for r in table.rows]  # one line per player, the leader first
        head = texts(node)
        assert head[:6] == [head[0], "Игрок", "Игр", "Побед", "Сред.", "Лучш."]
        for place, row in enumerate(table.rows, start=1):
            line = found[row.identifier]
            assert texts(line) == [str(place), row.name, str(row.games), str(row.wins),
                                   decimal(row.average, "ru"), str(row.best).replace("-", "−")]
            assert "," in decimal(row.average, "ru")
            # what the line leaves out a screen reader still hears: premiums, penalties, fences
            assert f"Игр {row.games}, Побед {row.wins}" in line.label
            assert ("Ограды +" in line.label) == (row.variant == "ru_fences")
    title = texts(found["stats-table-ru_encyclopedia-series3"])[0]
    assert title == "Покер (энциклопедия) · серия из 3"
    # the charts stay below the tables
    assert "chart-results" in found and "chart-running-totals" in found


def test_a_line_fits_a_narrow_phone_and_cuts_a_long_name(season: Shell) -> None:
    season.show(lambda: StatisticsScreen(season))
    line = shown(season)["stats-row-Константин Константинопольский-yatzy"]
    name = [c for c in walk(line) if isinstance(c, ft.Text) and c.value.startswith("Константин")][0]
    assert name.no_wrap and name.overflow == ft.TextOverflow.ELLIPSIS and name.expand
    figures = [c for c in walk(line) if isinstance(c, ft.Text)]
    assert all(c.no_wrap for c in figures)
    assert [c.width for c in figures if c is not name] == list(COLUMNS)
    assert all(c.size >= 15 for c in figures)  # read at arm's length
    assert line.content.height >= 48  # a tap target
    # On a 360 px phone (12 px of screen padding each side) the name keeps at least 80 px.
    left = 360 - 2 * 12 - 2 * TABLE_PAD - 2 * 2 - sum(COLUMNS) - COLUMN_GAP * len(COLUMNS)
    assert left >= 80


def test_a_tap_on_a_line_chooses_the_player_and_shows_their_cards(season: Shell) -> None:
    screen = StatisticsScreen(season)
    season.show(lambda: screen)
    row = standings(stat_rows(season.store))[-1].rows[0]  # ru_fences: fences and the «гора»
    shown(season)[row.identifier].content.on_click(None)
    assert screen.player == row.name and screen.variant is None
    found = shown(season)
    assert not [i for i in found if i.startswith("stats-table-")] and "stats-hint" not in found
    card = texts(found[row.identifier])
    assert {"Премии", "Штрафы", "Ограды +", "Ограды −"} <= set(card)
    assert found[f"stats-filter-player-{row.name}"].selected
    assert "chart-results" in found


def test_a_variant_chosen_shows_its_tables_only_in_english_too(season: Shell) -> None:
    season.settings = dataclasses.replace(season.settings, lang="en")
    season.show(lambda: StatisticsScreen(season, None, "ru_encyclopedia"))
    found = shown(season)
    assert [i for i in found if i.startswith("stats-table-")] == [
        "stats-table-ru_encyclopedia", "stats-table-ru_encyclopedia-series3"]
    table = texts(found["stats-table-ru_encyclopedia-series3"])
    assert table[:6] == ["Poker (encyclopedia) · series of 3", "Player", "Games", "Wins", "Avg", "Best"]
    assert any("." in text for text in table[6:])  # 31.5: the English decimal point
    row = standings(stat_rows(season.store, variant="ru_encyclopedia"))[0].rows[0]
    screen = season.screen
    assert isinstance(screen, StatisticsScreen)
    found[row.identifier].content.on_click(None)
    assert (screen.player, screen.variant) == (row.name, "ru_encyclopedia")  # the variant stays chosen
