"""Screenshots of every main screen at 390×844, light and dark, into artifacts/screens/ (not committed)."""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_screens(new_tab, scheme: str) -> None:
    tab = new_tab(color_scheme=scheme)
    tab.wait("new-game")
    tab.shot(f"home-{scheme}")
    tab.tap("new-game")
    tab.wait("start-game")
    tab.shot(f"new-game-{scheme}")
    tab.tap("options")
    tab.wait("option-gora_premium")
    tab.shot(f"new-game-options-{scheme}")
    tab.tap("back")
    start_game(tab, "ru_fences", ["Аня", "Борис", "Вера"])
    tab.shot(f"sheet-start-{scheme}")
    tab.type_dice("55523")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.shot(f"sheet-throw-{scheme}")
    tab.tap("box-1-1-full")
    tab.wait("reason")
    tab.shot(f"sheet-reason-{scheme}")
    tab.close_dialog()
    tab.tap("box-1-1-fives")
    tab.wait_text("box-1-1-fives", "0")
    tab.type_dice("64431")
    tab.wait_text("turn", re.compile("Борис.*бросок 1 из 3"))
    tab.tap("box-2-1-fours")
    tab.wait_text("box-2-1-fours", "−4")
    tab.shot(f"sheet-later-{scheme}")
    for face in "66":  # Вера keeps two sixes and throws the rest without entering this throw
        tab.tap(f"face-{face}")
    tab.wait_text("dice-hint", re.compile("перебросить"))
    tab.shot(f"sheet-keep-{scheme}")
    tab.tap("throw")
    tab.wait_text("dice-hint", re.compile("без кубиков"))
    tab.shot(f"sheet-without-dice-{scheme}")
    tab.tap("back")
    for screen in ("settings", "invite", "history", "statistics"):
        tab.tap(screen)
        tab.wait("back")
        tab.shot(f"{screen}-{scheme}")
        tab.tap("back")
        tab.wait("new-game")
    start_game(tab, "ru_football", ["Зенит", "Спартак"])
    tab.type_dice("21034")
    tab.wait_text("die-1", re.compile("2$"))
    tab.shot(f"sheet-football-{scheme}")


def test_a_narrow_phone_fits_the_sheet_and_the_dice(new_tab) -> None:
    width = 360
    tab = new_tab(viewport={"width": width, "height": 800}, color_scheme="dark")
    tab.tap("new-game")
    tab.wait("start-game")
    for identifier in ("move-up-1", "remove-player-1"):
        box = tab.node(identifier).bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, (identifier, box)
    tab.tap("back")
    start_game(tab, "ru_fences", ["Аня", "Борис", "Вера"])
    tab.type_dice("55523")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.shot("sheet-360")
    for identifier in ("total-3", "fences-3", "photo", "die-5", "face-6", "throw"):
        box = tab.node(identifier).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, (identifier, box)
    photo = tab.node("photo").bounding_box()
    assert photo["width"] >= 44 and photo["height"] >= 44, photo
