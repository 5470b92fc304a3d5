"""A phone that entered the table's code comes back (a closed tab, the game's address opened anew)
without typing it again; a browser that never entered it, or entered an old server's, sees the join
screen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.config import AppConfig
from scorekeeper.app.invite.view import JoinScreen
from scorekeeper.app.settings.storage import KEY_JOIN, BrowserState
from scorekeeper.app.shell import Shell
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.app.conftest import StandInPage


class Phone(StandInPage):
    """Another device at the table, on a game's address."""

    def __init__(self, route: str) -> None:
        super().__init__()
        self.client_ip = "192.0.2.9"
        self.web = True
        self.route = route

    def run_task(self, handler: Any, *args: Any) -> None:
        asyncio.run(handler(*args))


class Storage:
    """A browser's local storage."""

    def __init__(self) -> None:
        self.kept: dict[str, object] = {}

    async def read(self) -> tuple[object, object]:
        return None, None

    async def get(self, key: str) -> object:
        return self.kept.get(key)

    async def save(self, key: str, value: str) -> bool:
        self.kept[key] = value
        return True


def _open(monkeypatch: pytest.MonkeyPatch, store: Store, config: AppConfig, storage: Storage, route: str) -> Shell:
    async def read_browser(page: Any) -> BrowserState:
        return BrowserState(storage=storage)  # type: ignore[arg-type]

    monkeypatch.setattr("scorekeeper.app.shell.read_browser", read_browser)
    shell = Shell(Phone(route), config, store)  # type: ignore[arg-type]
    asyncio.run(shell.load_browser_settings())
    shell.start()
    return shell


def test_a_phone_that_joined_comes_back_by_the_games_address(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    store = Store(tmp_path / "g.sqlite")
    config = AppConfig(db_path=tmp_path / "g.sqlite", host="0.0.0.0", join_code="4821")
    game = GameService.create(store, "yahtzee", ["Аня", "Борис"]).game_id
    storage = Storage()

    first = _open(monkeypatch, store, config, storage, "/")
    assert isinstance(first.screen, JoinScreen)
    first.screen.field.value = "4821"
    first.screen._try(None)
    assert storage.kept[KEY_JOIN] == "4821"

    again = _open(monkeypatch, store, config, storage, f"/game/{game}")  # the tab closed, opened anew
    assert not isinstance(again.screen, JoinScreen) and again.route == f"/game/{game}"

    by_qr = Storage()
    qr = _open(monkeypatch, store, config, by_qr, "/?join=4821")
    assert not isinstance(qr.screen, JoinScreen) and by_qr.kept[KEY_JOIN] == "4821"

    stale = Storage()
    stale.kept[KEY_JOIN] = "1111"  # another evening's server
    assert isinstance(_open(monkeypatch, store, config, stale, f"/game/{game}").screen, JoinScreen)
    assert isinstance(_open(monkeypatch, store, config, Storage(), f"/game/{game}").screen, JoinScreen)
