"""Two phones at one table on the same game: each sees the other's actions, none is applied twice."""

from __future__ import annotations

import re
import time

import pytest

from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def keys_field(tab: Tab) -> object:
    field = tab.find("dice-keys").locator("input").first
    field.click()
    time.sleep(0.3)
    return field


def test_a_reload_shows_a_game_started_on_another_phone(new_tab) -> None:
    other = new_tab(color_scheme="dark")
    other.wait("new-game")
    tab = new_tab(color_scheme="dark")
    start_game(tab, "yatzy", ["Лена", "Миша"])
    tab.page.wait_for_url(re.compile(r"/game/\d+$"), timeout=10000)  # the address follows the sheet
    game_id = re.search(r"/game/(\d+)$", tab.page.url).group(1)
    other.open(reload=True)  # the phone's session outlives a reload: the home screen is built anew
    other.wait(f"resume-{game_id}")


def test_the_same_throw_typed_on_two_phones_is_recorded_once(new_tab) -> None:
    tab = new_tab(color_scheme="dark")
    start_game(tab, "yatzy", ["Нина", "Олег"])
    other = new_tab(tab.page.url, color_scheme="dark", viewport={"width": 360, "height": 780})
    other.wait_text("turn", re.compile("Нина.*бросок 0 из 3"))

    keys_field(other)
    other.page.keyboard.type("5552", delay=30)  # the second phone is still typing the throw ...
    tab.type_dice("55523")  # ... that the first one records
    tab.wait_text("turn", re.compile("Нина.*бросок 1 из 3"))
    other.wait_text("turn", re.compile("Нина.*бросок 1 из 3"))
    keys_field(other)
    other.page.keyboard.type("3", delay=30)
    time.sleep(1.0)
    if other.has("reason"):  # the browser sent the rest of the old typing: it is refused, and says why
        assert "другом экране" in other.text("reason")
        other.close_dialog()
    other.wait_text("turn", re.compile("Нина.*бросок 1 из 3"))
    tab.wait_text("turn", re.compile("Нина.*бросок 1 из 3"))
    assert other.find("dice-keys").locator("input").first.input_value() != "55523"

    # Undo on one phone takes the throw back on both (asked first: the other phone entered it); the
    # game goes on from either. Both say what was taken back, until the next action.
    other.tap("undo")
    other.wait_text("reason", re.compile("другом экране"))
    other.close_dialog("confirm-undo")
    tab.wait_text("turn", re.compile("Нина.*бросок 0 из 3"))
    other.wait_text("turn", re.compile("Нина.*бросок 0 из 3"))
    tab.wait_text("undone-note", re.compile("Отменено: Нина — бросок 5-5-5-2-3"))
    other.wait_text("undone-note", re.compile("Отменено: Нина — бросок 5-5-5-2-3"))
    other.shot("sheet-after-undo-360")
    other.type_dice("66612")
    tab.wait_text("turn", re.compile("Нина.*бросок 1 из 3"))
    assert not tab.has("undone-note")
    tab.tap("box-1-1-sixes")
    other.wait_text("box-1-1-sixes", "18")
    other.wait_text("turn", re.compile("Олег.*бросок 0 из 3"))
    other.tap("undo")  # Нина's box, now that it is Олег's turn: asked first, naming her move
    other.wait_text("reason", re.compile("Сейчас ходит Олег"))
    other.close_dialog("dismiss")
    tab.wait_text("box-1-1-sixes", "18")


def test_a_phone_put_away_while_another_records_leaves_no_error_behind(new_tab, server) -> None:
    """A tab closed while the server sends it the other phone's throw ends its connection quietly:
    the organiser's terminal shows no traceback."""
    tab = new_tab(color_scheme="dark")
    start_game(tab, "yahtzee", ["Ира"])
    start = server.log.stat().st_size
    for _ in range(4):  # the closing tab and the update race: several rounds make the race likely
        other = new_tab(tab.page.url, color_scheme="dark")
        other.wait_text("turn", re.compile("Ира.*бросок 0 из 3"))
        tab.type_dice("12345")
        other.page.context.close()
        tab.wait_text("turn", re.compile("бросок 1 из 3"))
        tab.tap("undo")
        tab.wait_text("turn", re.compile("бросок 0 из 3"))
    time.sleep(1.0)
    with open(server.log, "rb") as log:
        log.seek(start)
        written = log.read().decode(errors="replace")
    assert "Traceback" not in written and "WebSocketDisconnect" not in written, written[-3000:]
