"""Each browser's own language and theme: how they are chosen and where a choice is saved."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import flet as ft
import pytest

from scorekeeper.app import shell as shell_module
from scorekeeper.app.config import AppConfig
from scorekeeper.app.settings import storage as storage_module
from scorekeeper.app.settings.model import Settings, as_lang, as_theme, locale_lang
from scorekeeper.app.settings.storage import KEY_LANG, KEY_THEME, BrowserState
from scorekeeper.app.shell import Shell
from scorekeeper.i18n.ui import tr
from scorekeeper.store import Store
from tests.app.conftest import StandInPage
from tests.app.controls import texts


def test_a_browser_language_counts_when_it_is_its_main_one_and_the_app_speaks_it() -> None:
    assert locale_lang(["ru-RU", "en"]) == "ru"
    assert locale_lang(["en_US"]) == "en"
    assert locale_lang(["EN"]) == "en"
    assert locale_lang(["de-DE", "en-US"]) is None  # a German phone: the server's language
    assert locale_lang([]) is None
    assert as_lang("en") == "en" and as_lang("fr") is None and as_lang(None) is None
    assert as_theme("dark") == "dark" and as_theme("sepia") is None and as_theme(3) is None


def test_what_a_browser_stored_comes_first_then_its_language_then_the_server() -> None:
    server = Settings(lang="ru", theme="light")
    assert server.for_browser("en", "dark", ["ru-RU"]) == Settings(lang="en", theme="dark")
    assert server.for_browser(None, None, ["en-US"]) == Settings(lang="en", theme="light")
    assert server.for_browser(None, None, ["de-DE"]) == server
    assert server.for_browser("xx", "sepia", []) == server  # unknown stored values are ignored
    assert Settings(lang="en").for_browser(None, None, ["uk-UA"]).lang == "en"


def test_saving_a_language_keeps_the_saved_theme(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    Settings.save_lang(path, "en")
    assert Settings.load(path) == Settings(lang="en")
    Settings(lang="en", theme="dark").save(path)
    Settings.save_lang(path, "ru")
    assert Settings.load(path) == Settings(lang="ru", theme="dark")
    Settings.save_lang(None, "ru")  # no file: nothing to do


class BrowserPage(StandInPage):
    """A stand-in page of a browser tab."""

    web = True

    def run_task(self, handler: Any, *args: Any) -> None:  # type: ignore[override]
        asyncio.run(handler(*args))


class FakeStorage:
    """A browser's storage that keeps what it is given (or refuses it)."""

    def __init__(self, works: bool = True) -> None:
        self.works = works
        self.kept: dict[str, str] = {}

    async def save(self, key: str, value: str) -> bool:
        if self.works:
            self.kept[key] = value
        return self.works


def shell_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, state: BrowserState) -> Shell:
    async def read_browser(page: Any) -> BrowserState:
        return state

    monkeypatch.setattr(shell_module, "read_browser", read_browser)
    config = AppConfig(db_path=tmp_path / "g.sqlite")
    Settings(lang="ru", theme="light").save(config.settings_path)
    shell = Shell(BrowserPage(), config, Store(config.db_path))  # type: ignore[arg-type]
    asyncio.run(shell.load_browser_settings())
    shell.start()
    return shell


def test_a_choice_is_kept_by_the_browser_and_its_language_by_the_server(tmp_path, monkeypatch) -> None:
    storage = FakeStorage()
    shell = shell_for(tmp_path, monkeypatch, BrowserState(storage=storage, languages=["ru-RU"]))  # type: ignore[arg-type]
    assert shell.settings == Settings(lang="ru", theme="light")
    shell.set_lang("en")
    shell.set_theme("dark")
    assert storage.kept == {KEY_LANG: "en", KEY_THEME: "dark"}
    # The server's default follows the language (for a browser in neither language), not the theme.
    assert Settings.load(shell.config.settings_path) == Settings(lang="en", theme="light")


def test_a_browser_that_stored_a_choice_opens_with_it(tmp_path, monkeypatch) -> None:
    state = BrowserState(storage=FakeStorage(), lang="en", theme="dark", languages=["ru-RU"])  # type: ignore[arg-type]
    shell = shell_for(tmp_path, monkeypatch, state)
    assert shell.settings == Settings(lang="en", theme="dark")
    # The first screen is built in them: no other language or theme shows first.
    assert shell.page.title == tr("app_title", "en")
    assert shell.page.theme_mode == ft.ThemeMode.DARK  # type: ignore[attr-defined]
    assert "New game" in " ".join(texts(shell.page.controls[0]))


def test_without_the_browsers_storage_the_server_file_holds_the_choice(tmp_path, monkeypatch) -> None:
    shell = shell_for(tmp_path, monkeypatch, BrowserState(languages=["en-US"]))
    assert shell.browser is None and shell.settings == Settings(lang="ru", theme="light")
    shell.set_theme("dark")
    assert Settings.load(shell.config.settings_path) == Settings(lang="ru", theme="dark")


def test_a_write_the_browser_refuses_goes_to_the_server_file(tmp_path, monkeypatch) -> None:
    shell = shell_for(tmp_path, monkeypatch, BrowserState(storage=FakeStorage(works=False)))  # type: ignore[arg-type]
    shell.set_theme("dark")
    assert Settings.load(shell.config.settings_path) == Settings(lang="ru", theme="dark")


def test_a_page_that_is_no_browser_uses_the_server_file(tmp_path: Path) -> None:
    config = AppConfig(db_path=tmp_path / "g.sqlite")
    Settings(lang="en", theme="dark").save(config.settings_path)
    shell = Shell(StandInPage(), config, Store(config.db_path))  # type: ignore[arg-type]
    asyncio.run(shell.load_browser_settings())
    assert shell.browser is None and shell.settings == Settings(lang="en", theme="dark")
    shell.start()
    shell.set_lang("ru")
    assert Settings.load(config.settings_path) == Settings(lang="ru", theme="dark")


def test_a_browser_that_misses_the_first_ask_is_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first session after the server started sometimes never hears back from its first ask:
    the phone is asked again rather than opened with the server's theme."""
    monkeypatch.setattr(storage_module, "FIRST_ASK_S", 0.05)

    class Prefs:
        def __init__(self) -> None:
            self.asks = 0

        async def get(self, key: str) -> object:
            self.asks += 1
            if self.asks == 1:
                await asyncio.sleep(60)  # never answered
            return {KEY_LANG: "en", KEY_THEME: "dark"}.get(key)  # the hint never chosen

    prefs = Prefs()
    stored = asyncio.run(storage_module.BrowserStorage(prefs).read())  # type: ignore[arg-type]
    assert stored == ("en", "dark", None) and prefs.asks == 4
