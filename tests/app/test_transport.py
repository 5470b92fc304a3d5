"""The mends to Flet's web server (scorekeeper.app.transport), on a real Flet session."""

from __future__ import annotations

import asyncio
import gc
import logging

import flet as ft
import pytest
from flet.messaging.connection import Connection
from flet.messaging.protocol import MessageAction
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from scorekeeper.app.transport import GONE, answer_calls_of_removed_controls


class Tab(Connection):
    """The browser's end of the connection: it keeps what the server sends it."""

    def __init__(self) -> None:
        super().__init__()
        self.pubsubhub = PubSubHub()
        self.sent: list = []

    def send_message(self, message) -> None:
        self.sent.append(message)


def test_a_scroll_answered_after_its_control_was_redrawn_away_fails_the_call_not_the_tab() -> None:
    answer_calls_of_removed_controls()

    async def play() -> None:
        tab = Tab()
        session = Session(tab)
        column = ft.Column(scroll=ft.ScrollMode.AUTO)
        session.page.controls.append(column)
        session.page.update()
        call = asyncio.create_task(session.invoke_method(column._i, "scroll_to", {"offset": 100}, timeout=5))
        await asyncio.sleep(0)
        request = next(m for m in tab.sent if m.action == MessageAction.INVOKE_METHOD)
        session.page.controls.clear()  # a redraw replaces the sheet before the browser answers
        session.page.update()
        del column
        gc.collect()
        # The answer reaches a session that no longer knows the control: it must not raise (that
        # ended the loop reading the tab's messages, and the phone took no more taps) ...
        session.handle_invoke_method_results(request.body.control_id, request.body.call_id, None, None)
        # ... and the call's caller hears why, at once rather than at its timeout.
        with pytest.raises(RuntimeError, match=GONE):
            await asyncio.wait_for(call, 1)

    asyncio.run(play())


def test_the_page_served_carries_the_connection_banner_once() -> None:
    from scorekeeper.app.transport import with_connection_banner

    page = "<html><head><title>Flet</title></head><body></body></html>"
    once = with_connection_banner(page)
    assert once.count('<script id="connection-state">') == 1
    assert once.index("connection-banner") < once.index("</head>")
    assert "Нет связи с сервером игры" in once and "No connection to the game's server" in once
    assert with_connection_banner(once) == once


def test_a_send_that_fails_closes_the_socket_so_the_tab_connects_again() -> None:
    """A failed send ended the sending task alone: the tab's taps still came in and were handled,
    with nothing sent back, and the phone stayed on its old sheet until reloaded."""
    from flet_web.fastapi.flet_app import FletApp

    from scorekeeper.app.transport import end_quietly_on_disconnect

    class Socket:
        closed: int | None = None

        async def send_bytes(self, data: bytes) -> None:
            raise RuntimeError("the send failed")

        async def close(self, code: int = 1000) -> None:
            self.closed = code

    end_quietly_on_disconnect()
    app = FletApp.__new__(FletApp)
    socket = Socket()

    async def run() -> None:
        queue: asyncio.Queue[bytes | None] = asyncio.Queue()
        queue.put_nowait(b"\x00patch")
        app._FletApp__websocket = socket  # type: ignore[attr-defined]
        app._FletApp__send_queue = queue  # type: ignore[attr-defined]
        await vars(FletApp)["_FletApp__send_loop"](app)

    asyncio.run(run())
    assert socket.closed == 1011


@pytest.mark.parametrize(("error", "logged"), [("closed here", False), ("other", True)])
def test_the_reading_loop_on_a_socket_closed_here_leaves_no_traceback(caplog, error: str, logged: bool) -> None:
    """After a failed send closed the socket, the loop reading the tab's messages finds it closed:
    the organiser's terminal showed that as an error with a traceback. Other errors still show."""
    from flet_web.fastapi.flet_app import FletApp
    from starlette.websockets import WebSocketDisconnected

    from scorekeeper.app.transport import quiet_on_closed_socket

    class Socket:
        async def receive_bytes(self) -> bytes:
            if error == "closed here":
                raise WebSocketDisconnected('WebSocket is not connected. Need to call "accept" first.')
            raise ValueError("a frame that makes no sense")

    quiet_on_closed_socket()
    app = FletApp.__new__(FletApp)
    app._FletApp__websocket = Socket()  # type: ignore[attr-defined]
    app._FletApp__session = None  # type: ignore[attr-defined]
    with caplog.at_level(logging.DEBUG):
        asyncio.run(vars(FletApp)["_FletApp__receive_loop"](app))
    assert any("Receive loop error" in r.getMessage() for r in caplog.records) == logged
