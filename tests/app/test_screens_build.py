"""Every screen builds its controls for every variant, without a browser (a stand-in page)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorekeeper.app.config import AppConfig
from scorekeeper.app.shell import Shell
from scorekeeper.rules import VARIANT_IDS
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.app.controls import texts, walk


class StandInPage:
    """What the app asks of a Flet page, recorded instead of sent to a browser."""

    def __init__(self) -> None:
        self.controls: list[ft.Control] = []
        self.dialogs: list[Any] = []
        self.updates = 0
        self.client_ip = "127.0.0.1"
        self.client_user_agent = "HeadlessChrome"
        self.title = ""
        self.on_close = None
        self.on_keyboard_event = None

    def update(self) -> None:
        self.updates += 1

    def show_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()

    def run_task(self, handler: Any) -> None:
        import asyncio

        asyncio.run(handler())



@pytest.fixture
def shell(tmp_path: Path) -> Shell:
    store = Store(tmp_path / "g.sqlite")
    page = StandInPage()
    shell = Shell(page, AppConfig(db_path=tmp_path / "g.sqlite"), store)  # type: ignore[arg-type]
    shell.start()
    return shell


def test_home_settings_new_game_invite(shell: Shell) -> None:
    from scorekeeper.app.invite.view import InviteScreen
    from scorekeeper.app.new_game.view import NewGameScreen
    from scorekeeper.app.settings.view import SettingsScreen

    assert "Новая игра" in " ".join(texts(shell.page.controls[0]))
    for screen in (SettingsScreen, NewGameScreen, InviteScreen):
        shell.show(lambda screen=screen: screen(shell))
        assert shell.page.controls
    shell.set_lang("en")
    shell.home()
    assert "New game" in " ".join(texts(shell.page.controls[0]))


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_variant_has_a_sheet_that_takes_a_throw(shell: Shell, variant: str) -> None:
    from scorekeeper.app.sheet.view import SheetScreen

    service = GameService.create(shell.store, variant, ["Аня", "Борис", "Вера", "Глеб", "Дина"])
    shell.open_game(service.game_id)
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    values = (3, 3, 3, 2, 5)
    screen._roll(values)
    assert service.state.throws == 1 and service.state.dice is not None
    assert tuple(service.state.dice.values) == values
    shell.redraw()
    words = " ".join(texts(shell.page.controls[0]))
    assert "Аня" in words and "Дина" in words
    screen.dispose()


def test_a_stale_screen_cannot_write_into_the_next_players_column(shell: Shell) -> None:
    from scorekeeper.app.sheet.view import SheetScreen

    service = GameService.create(shell.store, "ru_fences", ["Аня", "Борис"])
    shell.open_game(service.game_id)
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    service.roll((5, 5, 5, 2, 3))
    assert screen.shown_player == "Аня"
    shell.page.run_task = lambda handler: None  # type: ignore[method-assign]  # news not arrived yet
    service.score("three")  # …and another phone writes her box meanwhile
    service.roll((6, 6, 1, 2, 4))  # Борис throws there too
    screen._tap_box("pair")  # this phone still shows Аня: refused, nothing written
    assert service.state.sheets[1].stages[0].is_open("pair")
    assert shell.page.dialogs  # the reason is shown


def test_home_lists_the_game_played_last_first_with_whose_turn(shell: Shell) -> None:
    older = GameService.create(shell.store, "ru_fences", ["Аня", "Борис"])
    newer = GameService.create(shell.store, "yahtzee", ["Вера"])
    time.sleep(0.01)  # the store's times are in milliseconds
    older.roll([5, 5, 5, 2, 3])  # played after the newer game was created
    shell.home()
    shown = texts(shell.page.controls[0])
    fences_turn = shown.index("Ходит Аня · этап 1 · бросок 1 из 3")
    yahtzee_turn = shown.index("Ходит Вера · бросок 0 из 3")
    assert fences_turn < yahtzee_turn
    assert newer.game_id != older.game_id


def test_a_game_address_opens_its_sheet_and_an_unknown_one_home(tmp_path: Path) -> None:
    from scorekeeper.app.home.view import HomeScreen
    from scorekeeper.app.sheet.view import SheetScreen

    store = Store(tmp_path / "g.sqlite")
    game = GameService.create(store, "ru_fences", ["Аня", "Борис"])
    for route, screen in ((f"/game/{game.game_id}", SheetScreen), ("/game/999", HomeScreen), ("/x", HomeScreen)):
        page = StandInPage()
        page.route = route  # type: ignore[attr-defined]
        shell = Shell(page, AppConfig(db_path=tmp_path / "g.sqlite"), store)  # type: ignore[arg-type]
        shell.start()
        assert isinstance(shell.screen, screen), route


def test_many_unfinished_games_leave_the_other_screens_above_them(shell: Shell) -> None:
    for n in range(8):
        GameService.create(shell.store, "yatzy", [f"Игрок {n}", "Борис"])
    shell.home()
    order = [c.identifier for c in walk(shell.page.controls[0]) if getattr(c, "identifier", None)]
    resumes = [i for i, name in enumerate(order) if name.startswith("resume-")]
    assert len(resumes) == 8
    for screen in ("history", "statistics", "settings", "invite"):
        assert order.index(screen) < resumes[0]


def test_russian_average_has_a_decimal_comma(shell: Shell) -> None:
    import random

    from scorekeeper.app.statistics.view import StatisticsScreen
    from scorekeeper.game import new_game
    from scorekeeper.game.simulate import play_random

    for seed in (1, 2):
        service = GameService.create(shell.store, "yatzy", ["Аня"])
        for action, _ in play_random(new_game(service.state.variant, ["Аня"]), random.Random(seed)):
            service.act(action)
    average = shell.store.player_stats("Аня")[0]["average"]
    shown = f"{average:.1f}"
    shell.show(lambda: StatisticsScreen(shell))
    assert shown.replace(".", ",") in texts(shell.page.controls[0])
    shell.set_lang("en")
    shell.show(lambda: StatisticsScreen(shell))
    assert shown in texts(shell.page.controls[0])
