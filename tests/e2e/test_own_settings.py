"""Each browser keeps its own language and theme: through reloads, other phones and a restart."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.settings.model import Settings
from tests.e2e.conftest import PHONE, AppServer, Tab

pytestmark = pytest.mark.e2e

RU = re.compile("Новая игра")
EN = re.compile("New game")


def brightness(tab: Tab) -> float:
    """The mean grey level (0–255) of the empty lower part of the home screen."""
    import cv2
    import numpy as np

    png = np.frombuffer(tab.page.screenshot(clip={"x": 0, "y": 700, "width": 390, "height": 140}), np.uint8)
    return float(cv2.imdecode(png, cv2.IMREAD_GRAYSCALE).mean())


def wait_looks(tab: Tab, dark: bool, timeout: float = 20.0) -> None:
    """Wait until the screen is dark (or light)."""
    deadline = time.monotonic() + timeout
    while (brightness(tab) < 128) != dark:
        if time.monotonic() > deadline:
            raise AssertionError(f"the screen is not {'dark' if dark else 'light'}")
        time.sleep(0.2)


def test_each_browser_keeps_its_own_choice(browser: Any, tmp_path: Path) -> None:
    app = AppServer(tmp_path / "table.sqlite").start()
    contexts: list[Any] = []

    def phone(locale: str | None = None) -> Any:
        context = browser.new_context(viewport=PHONE, color_scheme="light", device_scale_factor=1,
                                      **({"locale": locale} if locale else {}))
        contexts.append(context)
        return context

    def open_in(context: Any) -> Tab:
        tab = Tab(context.new_page(), app.url)
        tab.open()
        return tab

    try:
        mine, other = phone(), phone()
        tab, other_tab = open_in(mine), open_in(other)
        tab.wait_text("new-game", RU)
        other_tab.wait_text("new-game", RU)
        wait_looks(tab, dark=False)

        # One player switches to English and the dark theme.
        tab.tap("settings")
        tab.tap("lang-en")
        tab.wait_text("lang-en", re.compile("English"))
        tab.tap("theme-dark")
        tab.tap("back")
        tab.wait_text("new-game", EN)
        wait_looks(tab, dark=True)

        # The other phone, already open, stays Russian and light through a reload; so does a
        # Russian phone that opens the app afterwards.
        other_tab.open(reload=True)
        other_tab.wait_text("new-game", RU)
        wait_looks(other_tab, dark=False)
        third = open_in(phone("ru-RU"))
        third.wait_text("new-game", RU)
        wait_looks(third, dark=False)

        # The first keeps its choice through a reload, in a new tab (a new session, read from
        # the browser's storage), and after the server restarted.
        tab.open(reload=True)
        tab.wait_text("new-game", EN)
        wait_looks(tab, dark=True)
        again = open_in(mine)
        again.wait_text("new-game", EN)
        wait_looks(again, dark=True)
        app.stop()
        app.start()
        tab.open(reload=True)
        tab.wait_text("new-game", EN)
        wait_looks(tab, dark=True)
        other_tab.open(reload=True)
        other_tab.wait_text("new-game", RU)
        wait_looks(other_tab, dark=False)

        # A browser in neither language starts from the server's default: the last language
        # chosen; the theme stays the server's own (following the phone's light or dark).
        assert Settings.load(app.db.with_name(app.db.name + ".settings.json")) == Settings(lang="en")
        german = open_in(phone("de-DE"))
        german.wait_text("new-game", EN)
        wait_looks(german, dark=False)
    finally:
        for context in contexts:
            context.close()
        app.stop()


def test_a_browser_in_english_opens_in_english(new_tab) -> None:
    tab = new_tab(locale="en-US")
    tab.wait_text("new-game", EN)
