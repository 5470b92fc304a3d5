"""Eight players on one phone: the box names stay put, the columns scroll, the current one is shown."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жора", "Зоя"]


def test_eight_players_each_write_in_their_own_column(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "ru_encyclopedia", NAMES)
    for n, name in enumerate(NAMES, start=1):
        tab.wait_text("turn", re.compile(f"Ходит {name}"))
        tab.type_dice("66612")
        tab.wait_text("turn", re.compile("бросок 1 из 3"))
        tab.tap(f"box-{n}-1-sixes")  # the player's column is on the screen to be tapped
        tab.wait_text(f"box-{n}-1-sixes", "18")
        if n == 7:
            tab.shot("sheet-eight-players")
    tab.wait_text("turn", re.compile("Ходит Аня"))
    for n in range(1, len(NAMES) + 1):
        tab.wait_text(f"total-{n}", "18")
