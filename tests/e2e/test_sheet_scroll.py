"""The sheet on a phone keeps its place through a move, and a throw shows where it scores most."""

from __future__ import annotations

import re
import time

import pytest

from scorekeeper.game import Roll, Score
from tests.e2e.conftest import Tab
from tests.e2e.test_finished_game import written

pytestmark = pytest.mark.e2e


def in_view(tab: Tab, identifier: str, timeout: float = 4.0) -> bool:
    """The node comes to lie on the screen, uncovered, without the test scrolling to it."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if tab.has(identifier) and tab._uncovered(tab.node(identifier)):
            return True
        time.sleep(0.1)
    return False


def test_the_boxes_stay_where_the_player_scrolled_them(new_tab, server, db_path) -> None:
    game_id = written(db_path, "ru_fences", ["Аня", "Борис", "Вера"], [Roll((5, 5, 5, 2, 3))])
    tab = new_tab(url=f"{server.url}game/{game_id}", color_scheme="dark")
    tab.wait_text("box-1-1-three", "")
    assert not in_view(tab, "box-1-1-chance", timeout=0.5)  # three players: the lower boxes need a scroll
    tab.tap("box-1-1-chance")  # the player scrolls down to «Шанс» and writes it
    tab.wait_text("box-1-1-chance", "20")
    tab.wait_text("turn", re.compile("Борис"))
    assert in_view(tab, "box-2-1-chance")  # the sheet drawn anew for Борис, still scrolled down
    assert not in_view(tab, "box-2-1-ones", timeout=0.5)


def test_a_throw_brings_the_box_it_scores_most_in_into_view(new_tab, server, db_path) -> None:
    game_id = written(db_path, "ru_fences", ["Аня", "Борис", "Вера"], [Roll((5, 5, 5, 2, 3)), Score("three")])
    tab = new_tab(url=f"{server.url}game/{game_id}", color_scheme="dark")
    tab.wait_text("turn", re.compile("Борис"))
    assert in_view(tab, "box-2-1-ones") and not in_view(tab, "box-2-1-poker", timeout=0.5)
    tab.type_dice("66666")
    tab.wait_text("turn", re.compile("бросок 1"))
    assert in_view(tab, "box-2-1-poker")  # «Покер» 50, at the foot of the boxes, scrolled up to
    tab.shot("sheet-throw-shows-its-best-box")
    tab.tap("box-2-1-poker")
    tab.wait_text("box-2-1-poker", "50")


def test_a_throw_keeps_the_upper_box_it_makes_best_in_view_beside_the_lower_one(new_tab, server, db_path) -> None:
    """1-1-1-2-3 scores most in «Шанс» at the foot of the sheet, yet the «гора»'s «Единицы» at its
    head is the choice a player weighs: where the two do not fit the view together, the upper one
    stays in view, with the lower boxes below it that fit («Тройка»), not «Шанс» alone."""
    game_id = written(db_path, "ru_fences", ["Аня", "Борис", "Вера"], [Roll((5, 5, 5, 2, 3)), Score("three")])
    tab = new_tab(url=f"{server.url}game/{game_id}", color_scheme="dark")
    tab.wait_text("turn", re.compile("Борис"))
    tab.type_dice("11123")
    tab.wait_text("turn", re.compile("бросок 1"))
    time.sleep(0.5)  # scrolled, if at all
    assert in_view(tab, "box-2-1-ones") and in_view(tab, "box-2-1-three")
    tab.shot("sheet-throw-keeps-the-gora-in-view")
