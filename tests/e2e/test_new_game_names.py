"""The New game form at a table: empty names are stand-ins, not players remembered; a full table
says why «add» is off; a very long name keeps the turn line to two lines."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def test_empty_names_play_as_stand_ins_and_are_not_offered_later(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "yahtzee", ["", ""])  # a table in a hurry: both fields left empty
    tab.wait_text("turn", re.compile("Ходит Игрок 1"))
    tab.tap("back")
    tab.tap("new-game")
    tab.wait("player-name-1")
    time.sleep(0.5)
    for n in (1, 2):  # the form does not fill in the stand-ins, nor offers them as known players
        field = tab.find(f"player-name-{n}").locator("input").first
        field.click()  # the browser shows a field's text to the page while it is being edited
        time.sleep(0.4)
        # other games on this server may offer a real player's name; never a stand-in
        assert not re.fullmatch(r"(Игрок|Player) \d+", field.input_value().strip()), field.input_value()
        assert not tab.has(f"known-name-Игрок {n}")
    tab.shot("new-game-after-stand-ins")


def test_a_full_table_says_why_add_is_off(new_tab) -> None:
    tab = new_tab()
    tab.tap("new-game")
    tab.tap("variant-ru_fences")  # a game for any number of players: the sheet's 12 is the limit
    for _ in range(10):  # 2 seats to start with, 12 in all
        tab.tap("add-player")
        time.sleep(0.2)
    tab.wait("player-name-12")
    tab.wait_text("players-full", re.compile("^Игроков 12: больше на одном листе не помещается"))
    tab.shot("new-game-full-table")
    tab.tap("remove-player-12")
    deadline = time.monotonic() + 5
    while tab.has("players-full"):  # a seat free again: nothing to explain
        assert time.monotonic() < deadline
        time.sleep(0.1)


def test_a_very_long_name_keeps_the_turn_line_to_two_lines(new_tab) -> None:
    tab = new_tab(viewport={"width": 360, "height": 780})  # a narrow phone
    long_name = "Александра Владимировна Петрова-Водкина-Заболоцкая"
    start_game(tab, "ru_fences", [long_name, "Борис"])
    said = tab.wait_text("turn", re.compile("Ходит Александра"))
    assert "бросок 0 из 3" in said  # the throw count is never the part cut off
    box = tab.node("turn").bounding_box()
    assert box is not None and box["height"] <= 2 * 17 * 1.5, box  # two lines of 17 px at most
    tab.shot("sheet-long-name")
