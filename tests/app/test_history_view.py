"""History's screens without a browser: the game's sheet at the page's width, its addresses, the filters."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorekeeper.app.config import AppConfig
from scorekeeper.app.history.view import GameSheetScreen, HistoryScreen
from scorekeeper.app.shell import Shell
from scorekeeper.game import new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.app.conftest import StandInPage
from tests.app.controls import identifiers, texts, walk


def shell_at(tmp_path: Path, width: float = 390, route: str = "/") -> Shell:
    """A started shell on a stand-in page this wide, opened at `route`."""
    page: Any = StandInPage()
    page.width = width
    page.route = route
    shell = Shell(page, AppConfig(db_path=tmp_path / "g.sqlite"), Store(tmp_path / "g.sqlite"))
    shell.start()
    return shell


def played(store: Store, variant: str, players: list[str], seed: int = 1) -> int:
    """A finished game of random play; its id."""
    service = GameService.create(store, variant, players)
    for action, _ in play_random(new_game(service.state.variant, players), random.Random(seed)):
        service.act(action)
    assert service.state.finished
    return service.game_id


def shown(shell: Shell) -> ft.Control:
    return shell.page.controls[0]


def test_a_crossed_box_is_a_dash_spoken_as_crossed_out(tmp_path: Path) -> None:
    shell = shell_at(tmp_path)
    service = GameService.create(shell.store, "ru_fences", ["Аня", "Борис"])
    service.roll((1, 2, 3, 4, 6))
    service.cross_out("full")
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    cell = identifiers(shown(shell))["history-box-1-1-full"]
    text = next(c for c in walk(cell) if isinstance(c, ft.Text))
    assert text.value == "—"
    assert text.semantics_label == "вычеркнута"
    assert "✕" not in texts(shown(shell))


def test_the_gora_boxes_are_written_with_their_sign(tmp_path: Path) -> None:
    shell = shell_at(tmp_path)
    service = GameService.create(shell.store, "ru_fences", ["Аня", "Борис"])
    service.roll((4, 4, 4, 4, 1))
    service.score("fours")
    service.roll((2, 3, 3, 5, 6))
    service.score("ones")
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    cells = identifiers(shown(shell))
    assert texts(cells["history-box-1-1-fours"]) == ["+4"] and texts(cells["history-box-2-1-ones"]) == ["−3"]
    cells["history-gora-2-1"].content.on_click(None)  # and the «гора» both ways, as on the live sheet
    said = " ".join(texts(shell.page.dialogs[-1]))
    assert "Гора · Борис · этап 1" in said
    assert "По знакам −3, по сумме кубиков 0 из 3 в записанных клетках (во всех шести — из 63): нужно +3." in said
    # the fences banked, as the live sheet's row: Аня wrote on her first throw (+2), Борис too
    assert [texts(cells[f"history-fences-{n}"]) for n in (1, 2)] == [["2"], ["2"]]
    assert "history-fences-1" not in identifiers(shown_game(shell, "yatzy"))  # only where there are fences


@pytest.mark.parametrize("width", [360, 390])
def test_four_players_fit_the_width_of_the_phone(tmp_path: Path, width: int) -> None:
    shell = shell_at(tmp_path, width)
    game_id = played(shell.store, "yatzy", ["Аня", "Борис", "Вера", "Глеб"])
    shell.show(lambda: GameSheetScreen(shell, game_id))
    found = identifiers(shown(shell))
    row = [found[f"history-box-{n}-1-chance"].content for n in range(1, 5)]
    label_width = 118  # the box names' column with four players
    assert label_width + sum(c.width for c in row) <= width - 24  # the screen's padding
    assert not any(getattr(c, "scroll", None) for c in walk(found["history-sheet"]))
    title = texts(shown(shell))[0]
    assert title.startswith(f"№{game_id} ·"), title  # the number survives a cut title


def test_twelve_players_scroll_sideways_with_the_box_names_put(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, 390)
    names = [f"Игрок {n}" for n in range(1, 13)]
    game_id = played(shell.store, "ru_encyclopedia", names)
    shell.show(lambda: GameSheetScreen(shell, game_id))
    sheet = identifiers(shown(shell))["history-sheet"]
    sideways = [c for c in walk(sheet) if isinstance(c, ft.Row) and c.scroll]
    assert len(sideways) == 1
    inside = identifiers(sideways[0])
    assert "history-sheet-total-12" in inside and "history-box-12-1-full" in inside
    assert "Итого" not in texts(sideways[0])  # the names of the rows stay put
    assert all(inside[f"history-sheet-total-{n}"].content.width >= 44 for n in range(1, 13))


def test_place_cards_go_by_place_and_a_long_name_ends_in_an_ellipsis(tmp_path: Path) -> None:
    shell = shell_at(tmp_path)
    game_id = played(shell.store, "yatzy", ["Александра-Измайлова", "Борис", "Вера", "Глеб"], seed=3)
    _, state, _ = shell.store.load(game_id)
    ranks = [p["rank"] for p in state.sheet()["players"]]
    shell.show(lambda: GameSheetScreen(shell, game_id))
    cards = [i for i in identifiers(shown(shell)) if i.startswith("history-total-")]
    assert [ranks[int(i.rsplit("-", 1)[1]) - 1] for i in cards] == sorted(ranks)
    name = next(c for c in walk(shown(shell)) if isinstance(c, ft.Text) and c.value == "Александра-Измайлова")
    assert name.expand and name.overflow == ft.TextOverflow.ELLIPSIS  # held to the card's width


def test_a_game_of_one_day_shows_its_date_once() -> None:
    from scorekeeper.app.history.view import played_when

    day = played_when("2026-12-02T01:05:00+00:00", "2026-12-02T01:40:00+00:00", "ru")
    assert day.count("2026") == 1 and day.endswith(" — " + played_when("2026-12-02T01:40:00+00:00", None, "ru")[-5:])
    two = played_when("2026-12-01T10:00:00+00:00", "2026-12-05T10:00:00+00:00", "en")
    assert two.count("2026") == 2


@pytest.mark.parametrize(
    ("route", "screen"),
    [("/history", "HistoryScreen"), ("/statistics", "StatisticsScreen"), ("/settings", "SettingsScreen"),
     ("/invite", "InviteScreen"), ("/new", "NewGameScreen"), ("/history/1", "GameSheetScreen"),
     ("/history/99", "HomeScreen")],
)
def test_each_screen_opens_at_its_own_address(tmp_path: Path, route: str, screen: str) -> None:
    played(Store(tmp_path / "g.sqlite"), "yatzy", ["Аня"])
    shell = shell_at(tmp_path, route=route)
    assert type(shell.screen).__name__ == screen
    assert shell.route == (route if screen != "HomeScreen" else "/")


def test_going_through_history_changes_the_address_and_back_returns(tmp_path: Path) -> None:
    from scorekeeper.app.home.view import HomeScreen

    played(Store(tmp_path / "g.sqlite"), "yatzy", ["Аня"])
    shell = shell_at(tmp_path)
    home = shell.screen
    assert isinstance(home, HomeScreen)
    home._history()
    assert shell.route == "/history"
    history = shell.screen
    assert isinstance(history, HistoryScreen)
    history._open(1)
    assert shell.route == "/history/1" and isinstance(shell.screen, GameSheetScreen)
    shell._route_changed(ft.RouteChangeEvent(route="/history", name="route_change", control=shell.page))  # Back
    assert shell.route == "/history" and isinstance(shell.screen, HistoryScreen)
    shell._route_changed(ft.RouteChangeEvent(route="/", name="route_change", control=shell.page))
    assert isinstance(shell.screen, HomeScreen)
    home2 = shell.screen
    home2._statistics()
    assert shell.route == "/statistics"


@pytest.mark.parametrize("prefix", ["history-filter", "stats-filter"])
def test_a_chosen_player_stays_in_sight_at_the_start_of_its_row(tmp_path: Path, prefix: str) -> None:
    from scorekeeper.app.statistics.view import StatisticsScreen

    shell = shell_at(tmp_path, 360)
    played(shell.store, "yahtzee", ["Яна"], 9)  # the oldest game: the last chips of both rows
    for seed, name in enumerate(["Аня", "Вера", "Глеб", "Дина", "Ефим", "Жанна", "Зоя"]):
        played(shell.store, "yatzy", [name, "Борис"], seed)
    played(shell.store, "generala", ["Борис"], 8)
    make = HistoryScreen if prefix == "history-filter" else StatisticsScreen
    shell.show(lambda: make(shell, "Яна", "yahtzee"))
    rows = [c for c in walk(shown(shell)) if isinstance(c, ft.Row) and c.scroll
            and any(getattr(k, "identifier", "").startswith(f"{prefix}-") for k in c.controls)]
    players = [chip.identifier for chip in rows[0].controls]
    assert players[:2] == [f"{prefix}-player-all", f"{prefix}-player-Яна"], players
    variants = [chip.identifier for chip in rows[1].controls]
    assert variants[:2] == [f"{prefix}-variant-all", f"{prefix}-variant-yahtzee"], variants


def shown_game(shell: Shell, variant: str) -> ft.Control:
    """History's sheet of a game of `variant` with one throw written."""
    service = GameService.create(shell.store, variant, ["Аня"])
    service.roll((1, 2, 3, 4, 5))
    service.score("chance")
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    return shown(shell)


@pytest.mark.parametrize(("players", "size"), [(["Аня", "Борис"], 14), (["Аня", "Борис", "Вера", "Глеб", "Дина"], 12)])
def test_a_box_name_two_lines_long_in_the_narrower_column_is_drawn_smaller_not_cut(
        tmp_path: Path, players: list[str], size: int) -> None:
    """«Малый стрит» fits the names' column of two players on one line; in the narrower column of five
    it takes two lines, drawn smaller so that both show in the row (at full size the second was cut)."""
    shell = shell_at(tmp_path)
    game_id = played(shell.store, "ru_encyclopedia", players)
    shell.show(lambda: GameSheetScreen(shell, game_id))
    labels = [c for c in walk(identifiers(shell.page.controls[0])["history-sheet"])
              if isinstance(c, ft.Text) and c.value == "Малый стрит"]
    assert [c.size for c in labels] == [size]
