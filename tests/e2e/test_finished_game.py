"""A finished Yahtzee's extra bonus, Undo and Play again; the «гора» row and the bar at 360 px.

The games are written beforehand through the store into the session's database, so that each test
starts at the turn it is about.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from scorekeeper.game import Roll, Score
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.e2e.conftest import Tab

pytestmark = pytest.mark.e2e

EDGE = 8  # px: the least room between a button and the screen's right edge


def written(db: Path, variant: str, players: list[str], actions: list[Roll | Score]) -> int:
    """A new game in the database with these actions taken; its id."""
    with Store(db) as store:
        service = GameService.create(store, variant, players)
        for action in actions:
            service.act(action)
        game_id = service.game_id
        service.close()
    return game_id


def right_margin(tab: Tab, identifier: str) -> float:
    box = tab.find(identifier).bounding_box()
    assert box is not None
    return float(tab.page.viewport_size["width"] - (box["x"] + box["width"]))


def test_undo_asks_before_reopening_and_play_again_moves_the_address(new_tab, server, db_path) -> None:
    from scorekeeper.rules import get_variant

    # A Yahtzee, an extra one (+100, in Sixes by the joker rule), 1-2-3-4-5 everywhere but Chance.
    actions: list[Roll | Score] = [Roll((6,) * 5), Score("poker"), Roll((6,) * 5), Score("sixes")]
    for box in get_variant("yahtzee").box_ids:
        if box not in ("poker", "sixes", "chance"):
            actions += [Roll((1, 2, 3, 4, 5)), Score(box)]
    game_id = written(db_path, "yahtzee", ["Соло"], actions)
    tab = new_tab(url=f"{server.url}game/{game_id}")
    tab.wait_text("extra-1-1", "100")  # counted in the total, and shown in a row of its own
    tab.type_dice("12345")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.tap("box-1-1-chance")
    tab.wait_text("turn", re.compile("Игра окончена"))
    assert right_margin(tab, "rematch") >= EDGE

    tab.tap("undo")  # a finished game: asked first, nothing undone yet
    tab.wait_text("reason", re.compile("снова откроет"))
    tab.close_dialog("dismiss")
    tab.wait_text("turn", re.compile("Игра окончена"))
    tab.tap("undo")
    tab.close_dialog("confirm-undo")
    tab.wait_text("turn", re.compile("Соло · бросок 1 из 3"))
    tab.tap("box-1-1-chance")
    tab.wait_text("turn", re.compile("Игра окончена"))

    tab.tap("rematch")
    tab.wait_text("turn", re.compile("Соло · бросок 0 из 3"))
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:  # Flutter's own history entry (Playwright's page.url lags it)
        address = str(tab.page.evaluate("location.href"))
        if not address.endswith(f"/game/{game_id}"):
            break
        time.sleep(0.1)
    match = re.search(r"/game/(\d+)$", address)
    assert match and int(match.group(1)) > game_id, address


def test_the_gora_row_and_the_bar_on_a_narrow_phone(new_tab, server, db_path) -> None:
    game_id = written(db_path, "ru_fences", ["Аня", "Борис", "Вера", "Глеб"],
                      [Roll((3, 3, 3, 1, 2)), Score("threes")])
    tab = new_tab(url=f"{server.url}game/{game_id}", viewport={"width": 360, "height": 800}, color_scheme="dark")
    tab.wait_text("gora-1-1", "0")  # three threes: net 0 so far
    tab.wait_text("gora-2-1", "")  # nothing written: no net to show
    assert right_margin(tab, "cross-out") >= EDGE
    tab.shot("sheet-gora-360")
