"""A game's screen, redrawn after each action, is changed where it changed, not drawn anew: the
keys field, kept from one drawing to the next, keeps the focus."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e

FOCUSED = "() => document.activeElement && document.activeElement.closest('[flt-semantics-identifier]')" \
          "?.getAttribute('flt-semantics-identifier')"


def test_the_keys_keep_the_focus_from_throw_to_throw(new_tab) -> None:
    tab = new_tab(viewport={"width": 1024, "height": 900})  # a laptop: the throws are typed
    start_game(tab, "yahtzee", ["Аня", "Борис"])
    tab.type_dice("66612")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))
    assert tab.page.evaluate(FOCUSED) == "dice-keys"  # the field typed in still has the focus
    tab.tap("box-1-1-sixes")
    tab.wait_text("box-1-1-sixes", "18")
    tab.wait_text("turn", re.compile("Борис.*бросок 0 из 3"))
    assert tab.page.evaluate(FOCUSED) == "dice-keys"
    # Борис types his throw straight away: the keys field kept the focus through Аня's write.
    tab.page.keyboard.type("55512", delay=30)
    tab.wait_text("turn", re.compile("Борис.*бросок 1 из 3"))
    assert "5" in tab.text("die-1")


def test_a_phone_turned_sideways_and_back_mid_turn_keeps_the_throw_and_takes_the_next(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "yahtzee", ["Аня", "Борис"])
    tab.type_dice("66612")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))
    tab.page.set_viewport_size({"width": 844, "height": 390})  # the dice beside the sheet
    tab.wait_text("die-1", re.compile("6"))
    tab.tap("box-1-1-sixes")
    tab.wait_text("box-1-1-sixes", "18")
    tab.wait_text("turn", re.compile("Борис.*бросок 0 из 3"))
    tab.page.set_viewport_size({"width": 390, "height": 844})
    tab.page.wait_for_timeout(1000)  # laid out again for the new width
    for face in "55512":  # the fifth face tapped records the throw
        tab.tap(f"face-{face}")
    tab.wait_text("turn", re.compile("Борис.*бросок 1 из 3"))
    tab.tap("box-2-1-fives")
    tab.wait_text("box-2-1-fives", "15")
    tab.wait_text("total-2", "15")
