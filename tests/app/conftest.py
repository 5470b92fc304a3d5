"""What the app's tests share: a stand-in for the browser's page, a started shell, a game's sheet."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from scorekeeper.app.config import AppConfig
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from scorekeeper.service import GameService
from scorekeeper.store import Store


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
        self.session: Any = SimpleNamespace(connection=object())  # a tab that is connected

    def update(self) -> None:
        self.updates += 1

    def show_dialog(self, dialog: Any) -> None:
        dialog.open = True  # as Flet's page marks a dialog it shows
        self.dialogs.append(dialog)

    def pop_dialog(self) -> Any:
        dialog = self.dialogs.pop() if self.dialogs else None
        if dialog is not None:
            dialog.open = False
        return dialog

    def run_task(self, handler: Any) -> None:
        import asyncio
        import threading

        try:
            asyncio.get_running_loop()
        except RuntimeError:
            asyncio.run(handler())
            return
        # A task that starts another (as Flet's page allows): run it to its end, on a loop of its own.
        thread = threading.Thread(target=asyncio.run, args=(handler(),))
        thread.start()
        thread.join()


@pytest.fixture
def shell(tmp_path: Path) -> Shell:
    store = Store(tmp_path / "g.sqlite")
    page = StandInPage()
    shell = Shell(page, AppConfig(db_path=tmp_path / "g.sqlite"), store)  # type: ignore[arg-type]
    shell.start()
    return shell


def open_sheet(shell: Shell, variant: str, players: list[str], options: dict[str, Any] | None = None
               ) -> tuple[GameService, SheetScreen]:
    """A new game saved and its sheet shown."""
    service = GameService.create(shell.store, variant, players, options)
    shell.open_game(service.game_id)
    assert isinstance(shell.screen, SheetScreen)
    return service, shell.screen
