"""A screen built again is sent as what changed: through a real Flet session, whose messages are
encoded as they are for the browser and read back."""

from __future__ import annotations

import asyncio
from typing import Any

import flet as ft
import msgpack
from flet.controls.base_control import BaseControl
from flet.messaging.connection import Connection
from flet.messaging.protocol import Message, configure_encode_object_for_msgpack
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app.redraw import patch_in_place

ENCODE = configure_encode_object_for_msgpack(BaseControl)


class Browser(Connection):
    """A connection that keeps what would go to the browser, encoded and decoded as sent."""

    def __init__(self) -> None:
        super().__init__()
        self.sent: list[Any] = []
        self.pubsubhub = PubSubHub()

    def send_message(self, message: Message) -> None:
        packed = msgpack.packb([message.action, message.body], default=ENCODE)
        self.sent.append(msgpack.unpackb(packed, strict_map_key=False))

    def taken(self) -> str:
        """What was sent since the last call, as text."""
        text, self.sent = repr(self.sent), []
        return text


def shown(*controls: ft.Control) -> tuple[Browser, Session, ft.SafeArea]:
    """A page showing `controls` in a column, as the browser got it when it connected."""
    browser = Browser()
    session = Session(browser)
    root = ft.SafeArea(content=ft.Column(list(controls)))
    session.page.controls.append(root)
    msgpack.packb(session.get_page_patch(), default=ENCODE)  # the first screen, sent whole
    return browser, session, root


def test_only_what_changed_is_sent_and_the_new_controls_are_the_ones_shown() -> None:
    browser, session, root = shown(ft.Text("Аня"), ft.Text("бросок 0 из 3"), ft.Text("total 0"))
    clicks: list[str] = []
    box = ft.Container(content=ft.Text("18"), on_click=lambda _: clicks.append("sixes"))
    new = ft.Column([ft.Text("Аня"), ft.Text("бросок 1 из 3"), ft.Text("total 0"), box])

    assert patch_in_place(session.page, root, new)

    sent = browser.taken()
    assert "бросок 1 из 3" in sent and "18" in sent
    assert "Аня" not in sent and "total 0" not in sent  # unchanged: not sent again
    assert root.content is new
    # The new controls stand for the old ones: changed in place later, the change is sent ...
    new.controls[2].value = "total 18"
    new.controls[2].update()
    assert "total 18" in browser.taken()
    # ... and a tap on the screen reaches the new control's handler.
    asyncio.run(session.dispatch_event(box._i, "click", None))
    assert clicks == ["sixes"]


def test_a_control_kept_between_builds_stays_and_its_changes_are_sent() -> None:
    keys = ft.TextField(value="55")  # the dice panel keeps its keys field (focus, what is typed)
    browser, session, root = shown(ft.Text("hint"), keys)
    keys.value = "556"  # changed while the screen was built again
    new = ft.Column([ft.Text("hint"), keys])

    assert patch_in_place(session.page, root, new)

    assert "556" in browser.taken()
    keys.value = "5561"
    keys.update()  # still on the page, still updated in place
    assert "5561" in browser.taken()


def test_a_kept_control_that_would_move_is_not_compared() -> None:
    keys = ft.TextField(value="55")
    browser, session, root = shown(ft.Text("hint"), keys)
    old = root.content

    assert not patch_in_place(session.page, root, ft.Column([keys, ft.Text("hint")]))

    assert browser.taken() == "[]"  # nothing sent: the caller sends the screen whole
    assert root.content is old


def test_a_screen_never_sent_is_not_compared() -> None:
    browser = Browser()
    session = Session(browser)
    root = ft.SafeArea(content=ft.Column([ft.Text("a")]))
    session.page.controls.append(root)  # not yet sent to the browser

    assert not patch_in_place(session.page, root, ft.Column([ft.Text("b")]))
    assert browser.taken() == "[]"


def test_a_control_losing_its_tap_is_not_compared() -> None:
    # A score box is tappable while the game runs and not once it is over: Flet's web client,
    # patched so, drops the box's semantics (its name and test identifier).
    browser, session, root = shown(ft.Semantics(content=ft.Container(content=ft.Text("18"), on_click=lambda _: None),
                                                identifier="box-1-1-sixes"))
    old = root.content
    new = ft.Column([ft.Semantics(content=ft.Container(content=ft.Text("18")), identifier="box-1-1-sixes")])

    assert not patch_in_place(session.page, root, new)

    assert browser.taken() == "[]"
    assert root.content is old


def test_a_game_screen_redrawn_after_a_throw_and_a_write_sends_a_small_patch(tmp_path: Any) -> None:
    import threading
    import time

    from scorekeeper.app.config import AppConfig
    from scorekeeper.app.sheet.view import SheetScreen
    from scorekeeper.app.shell import Shell
    from scorekeeper.service import GameService
    from scorekeeper.store import Store

    browser = Browser()
    browser.loop = asyncio.new_event_loop()  # where the screen's redraws run, as in the server
    threading.Thread(target=browser.loop.run_forever, daemon=True).start()
    session = Session(browser)
    store = Store(tmp_path / "g.sqlite")
    shell = Shell(session.page, AppConfig(db_path=tmp_path / "g.sqlite"), store)
    game = GameService.create(store, "yahtzee", ["Аня", "Борис", "Вера", "Глеб", "Дина"])
    msgpack.packb(session.get_page_patch(), default=ENCODE)

    def sent_after(act: Any) -> str:
        browser.loop.call_soon_threadsafe(act)
        deadline = time.monotonic() + 10
        while not browser.sent and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)  # the rest of it
        return browser.taken()

    try:
        sent_after(shell.start)  # home
        whole = len(sent_after(lambda: shell.open_game(game.game_id)))
        screen = shell.screen
        assert isinstance(screen, SheetScreen)
        throw = sent_after(lambda: screen.service.roll((6, 6, 6, 1, 2)))
        write = sent_after(lambda: screen.service.score("sixes"))
    finally:
        browser.loop.call_soon_threadsafe(browser.loop.stop)

    assert "бросок 1 из 3" in throw and "'18'" in write  # the turn line, the box written
    assert len(throw) < whole / 5 and len(write) < whole / 5, (len(throw), len(write), whole)


def test_a_kept_control_inside_a_control_replaced_can_still_be_updated() -> None:
    keys = ft.TextField(value="55")
    browser, session, root = shown(ft.Row([keys]))
    new = ft.Column([ft.Column([keys])])  # the same place, in a control of another kind

    assert patch_in_place(session.page, root, new)

    assert "55" in browser.taken()  # sent anew with the column
    keys.value = "556"
    keys.update()
    assert "556" in browser.taken()


def test_what_the_browser_types_in_a_kept_control_in_a_new_wrapper_reaches_it() -> None:
    """The keys field sits in a wrapper built anew each time (its test identifier): Flet counted it
    among the controls removed with the old wrapper and dropped it from the session's index, so the
    browser's next change of its value went nowhere (a single digit and Enter read as nothing)."""
    submitted: list[str] = []
    keys = ft.TextField(value="", on_submit=lambda e: submitted.append(e.control.value))
    _browser, session, root = shown(ft.Semantics(content=keys, identifier="dice-keys"))
    for _ in range(3):  # every redraw after a throw
        assert patch_in_place(session.page, root, ft.Column([ft.Semantics(content=keys, identifier="dice-keys")]))
        session.apply_patch(keys._i, {"value": "4"})  # as the browser sends a digit typed
        asyncio.run(session.dispatch_event(keys._i, "submit", None))
        keys.value = ""
    assert submitted == ["4", "4", "4"]
