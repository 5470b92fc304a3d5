"""A phone that lost its connection to the server says so, says what became of its taps, and catches
up once it is back (Chromium's offline switch, as a phone's lost Wi-Fi)."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def banner(tab: Tab) -> str:
    node = tab.page.locator("#connection-banner")
    return node.inner_text() if node.count() and node.is_visible() else ""


def wait_banner(tab: Tab, expected: str, timeout: float = 2.0) -> str:
    deadline = time.monotonic() + timeout
    while expected not in (seen := banner(tab)):
        assert time.monotonic() < deadline, f"the banner says {seen!r}, expected {expected!r}"
        time.sleep(0.05)
    return seen


def test_a_phone_offline_says_so_counts_its_taps_and_catches_up(new_tab) -> None:
    one = new_tab()
    start_game(one, "yahtzee", ["Нина", "Олег"])
    two = new_tab(one.page.url, viewport={"width": 360, "height": 780})
    two.wait_text("turn", re.compile("Нина.*бросок 0 из 3"))
    assert banner(two) == ""

    # Offline: said at once, and a tap made meanwhile is counted and sent once the phone is back.
    two.page.context.set_offline(True)
    wait_banner(two, "Нет связи с сервером игры", timeout=1.0)
    assert "Нажатия не пропадут" in banner(two)
    two.shot("offline-banner")
    face = two.node("face-1").bounding_box()
    assert face is not None
    two.page.mouse.click(face["x"] + face["width"] / 2, face["y"] + face["height"] / 2)  # the pad's «1»
    wait_banner(two, "Нажатий без связи: 1")
    two.shot("offline-banner-tap")
    time.sleep(3)  # away for a while
    two.page.context.set_offline(False)
    wait_banner(two, "Связь восстановлена")
    two.wait_text("die-1", re.compile("1$"), timeout=2)  # the tap made offline, applied
    two.shot("online-again")
    deadline = time.monotonic() + 5
    while banner(two):  # the news goes by itself
        assert time.monotonic() < deadline
        time.sleep(0.1)

    # The other phone records a throw while this one is away: shown within a second of coming back.
    two.page.context.set_offline(True)
    wait_banner(two, "Нет связи")
    one.type_dice("55523")
    one.wait_text("turn", re.compile("Нина.*бросок 1 из 3"))
    time.sleep(1)
    assert re.search("Нина.*бросок 0 из 3", two.text("turn"))  # still the old sheet, and it says why
    two.page.context.set_offline(False)
    t0 = time.monotonic()
    two.wait_text("turn", re.compile("Нина.*бросок 1 из 3"), timeout=3)
    caught_up = time.monotonic() - t0
    print(f"\ncaught up in {caught_up:.2f} s")
    assert caught_up < 1.5
