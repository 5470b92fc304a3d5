"""Phones at one table on the network: a phone's Undo of a move entered on another asks first, and a
phone that closed its tab comes back by the game's address without the join code."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.invite.model import lan_address
from tests.e2e.conftest import PHONE, AppServer, Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def test_two_phones_on_the_network(browser: Any, lan_server: AppServer) -> None:
    code = re.search(r"join code (\d{4})", Path(lan_server.log).read_text(encoding="utf-8"))
    assert code
    address = f"http://{lan_address()}:{lan_server.port}"
    anna_phone = browser.new_context(viewport=PHONE)
    boris_phone = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        anna = Tab(anna_phone.new_page(), f"{address}/?join={code.group(1)}")
        anna.open()
        start_game(anna, "yahtzee", ["Аня", "Борис"])
        game = re.search(r"/game/\d+", anna.page.url)
        assert game
        boris = Tab(boris_phone.new_page(), f"{address}{game.group(0)}?join={code.group(1)}")
        boris.open()
        boris.wait_text("turn", re.compile("Аня.*бросок 0 из 3"))

        anna.type_dice("55523")
        boris.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))
        boris.tap("undo")  # Аня's throw, from Борис's phone: asked first
        boris.wait_text("reason", re.compile("другом экране"))
        boris.close_dialog("dismiss")
        anna.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))

        boris.page.close()  # the tab closed; the game's address opened anew, without the code
        boris = Tab(boris_phone.new_page(), f"{address}{game.group(0)}")
        boris.open()
        boris.wait_text("turn", re.compile("Аня.*бросок 1 из 3"), timeout=20)
        assert not boris.has("join-code-field")

        anna.tap("undo")  # her own throw, on her own phone: taken back at once
        boris.wait_text("turn", re.compile("Аня.*бросок 0 из 3"))
        assert not anna.has("reason")
    finally:
        anna_phone.close()
        boris_phone.close()
