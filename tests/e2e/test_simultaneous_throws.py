"""One throw entered on two phones at once: the phone that lost the race says so, and its taps
still arriving for that throw do not act on the throw the other phone recorded."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.test_fences_game import pad, start_game

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("throw", ["12346", "55552"])
def test_the_second_phone_says_the_throw_was_recorded_on_the_other(new_tab, throw: str) -> None:
    one = new_tab()
    start_game(one, "yatzy", ["Нина", "Олег"])
    two = new_tab(one.page.url, viewport={"width": 360, "height": 780})
    two.wait_text("turn", re.compile("Нина.*бросок 0 из 3"))
    pad(two, throw[:4])  # the second phone taps four of the dice ...
    two.wait_text("die-4", re.compile(f"{throw[3]}$"))
    one.type_dice(throw)  # ... while the first one records the throw
    two.wait_text("turn", re.compile("Нина.*бросок 1 из 3"), timeout=2)
    two.tap(f"face-{throw[4]}")  # its fifth tap, meant for the throw already recorded
    hint = two.wait_text("dice-hint", re.compile("Этот бросок уже записали на другом телефоне"), timeout=2)
    assert "-".join(throw) in hint
    time.sleep(1.0)
    for tab in (one, two):  # one throw recorded, as the first phone entered it
        assert re.search("Нина.*бросок 1 из 3", tab.text("turn"))
        assert tab.text("die-5").endswith(throw[4])
    two.shot(f"thrown-elsewhere-{throw}")
    # The second phone goes on as usual: the next throw is its own.
    two.type_dice("66666")
    one.wait_text("turn", re.compile("Нина.*бросок 2 из 3"))
