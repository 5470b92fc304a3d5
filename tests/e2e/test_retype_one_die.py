"""One die thrown again, its face typed alone and Enter: the most common re-throw at a table
(four alike, throw the fifth). The screen redrawn after the throw keeps its keys field; the digit
typed first after that redraw must reach the game."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def submit(tab: Tab, digits: str) -> None:
    """Type `digits` in the keys field and press Enter (once the die thrown again has rolled: keys
    typed straight after a throw are a key too many, and said so)."""
    time.sleep(1.0)
    tab.type_dice(digits)
    time.sleep(0.2)
    tab.page.keyboard.press("Enter")


def test_one_digit_retyped_after_a_full_throw_with_fences_and_after_a_reload(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "ru_fences", ["Аня", "Борис"])
    # A fresh game: 6-6-6-6-3, the 3 pale; `4` and Enter is the next throw.
    tab.type_dice("66663")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))
    tab.wait_text("die-5", re.compile("3$"))
    submit(tab, "4")
    tab.wait_text("turn", re.compile("Аня.*бросок 2 из 3"), timeout=3)
    tab.wait_text("die-5", re.compile("4$"))
    assert not tab.has("reason")
    tab.tap("box-1-1-four")  # «Каре»: 24, and one fence for the throw left
    tab.wait_text("box-1-1-four", "24")
    # Борис strikes a box before throwing: fences in the bank.
    tab.wait_text("turn", re.compile("Борис.*бросок 0 из 3"))
    tab.tap("cross-out")
    tab.tap("box-2-1-large_straight")
    tab.wait_text("box-2-1-large_straight", "0")
    # Аня's throws with fences in the bank («бросок 1 из 4»): the single digit, twice in a row.
    tab.wait_text("turn", re.compile("Аня.*бросок 0 из 4"))
    tab.type_dice("55552")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 4"))
    submit(tab, "3")
    tab.wait_text("turn", re.compile("Аня.*бросок 2 из 4"), timeout=3)
    tab.wait_text("die-5", re.compile("3$"))
    submit(tab, "1")
    tab.wait_text("turn", re.compile("Аня.*бросок 3 из 4"), timeout=3)
    tab.wait_text("die-5", re.compile("1$"))
    # After a reload (the same server session, the sheet built anew): the single digit again.
    tab.open(reload=True)
    tab.wait_text("turn", re.compile("Аня.*бросок 3 из 4"))
    tab.wait_text("die-5", re.compile("1$"))
    submit(tab, "6")
    tab.wait_text("turn", re.compile("Аня.*бросок 4 из 4"), timeout=3)
    tab.wait_text("die-5", re.compile("6$"))
    assert not tab.has("reason")
    tab.shot("retyped-one-die")
