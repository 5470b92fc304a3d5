"""Back from a game goes Home; the theme chosen in Settings applies on Settings itself."""

from __future__ import annotations

import re
import time

import numpy as np
import pytest

from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def test_back_from_a_game_started_on_the_form_goes_home(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "yahtzee", ["Аня", "Борис"])
    tab.page.wait_for_url(re.compile(r"/game/\d+$"), timeout=10_000)
    tab.type_dice("66612")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.page.go_back()  # the browser's (and the phone's) Back
    tab.wait("new-game")
    assert tab.has("resume")  # Home, with the game under way to resume
    assert not tab.has("start-game")  # not the form that started it
    tab.page.wait_for_url(re.compile(r":\d+/$"), timeout=5_000)
    tab.shot("back-from-game")
    tab.tap("resume")  # the game goes on from Home
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))


def brightness(tab: Tab) -> float:
    """The mean brightness (0-255) of the screen's lower half, below the settings' buttons."""
    import cv2

    shot = cv2.imdecode(np.frombuffer(tab.page.screenshot(), np.uint8), cv2.IMREAD_GRAYSCALE)
    return float(shot[shot.shape[0] // 2:].mean())


def wait_brightness(tab: Tab, dark: bool, timeout: float = 1.5) -> float:
    deadline = time.monotonic() + timeout
    while True:
        level = brightness(tab)
        if (level < 80) if dark else (level > 180):
            return level
        assert time.monotonic() < deadline, f"the screen's brightness stays {level:.0f}"
        time.sleep(0.1)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_theme_chosen_applies_on_settings_at_once(new_tab, scheme: str) -> None:
    tab = new_tab(color_scheme=scheme)
    tab.tap("settings")
    tab.wait("theme-dark")
    first, second = ("dark", "light") if scheme == "light" else ("light", "dark")
    wait_brightness(tab, dark=scheme == "dark")
    tab.tap(f"theme-{first}")
    wait_brightness(tab, dark=first == "dark")
    tab.shot(f"settings-theme-{first}")
    tab.tap(f"theme-{second}")
    wait_brightness(tab, dark=second == "dark")
    tab.tap("theme-system")  # the browser's own again, as the next test expects
    wait_brightness(tab, dark=scheme == "dark")
