"""Mends to Flet 1.0.5's web server, so that one tab's mishap never stops a phone or a game, and a
phone cut off from the server says so.

A tab that goes away while the server sends it an update ends its connection quietly. Flet 1.0.5's
web server (flet_web.fastapi.FletApp) sends each tab its updates from a task of its
own; where the tab closed in the meantime (a phone put away while another phone at the table
records a throw), that task's send fails and the failure escapes the connection's handler: the
server's terminal shows a WebSocketDisconnect traceback, and the session is never handed back
to Flet's session manager, so the closed tab's screens keep listening to the game. Here a failed
send ends the send task as the tab's closing ends the receive task, and closes the socket where it
is still open (its taps would be handled with nothing sent back), so that the handler goes on to let
the session go, or the tab connects again and gets its whole page. The loop reading that tab's
messages then finds the socket closed and Flet logs it as an error with its traceback: it is the
tab's end, as a disconnect is, and is left out of the log.

A control's answer to a method called on it (a scroll, a focus) that comes back after a redraw
replaced the control resolves the call with an error. Flet raised instead, out of the loop that
reads the tab's messages: the loop ended, and the phone, still showing the page, took no more
taps until it was reloaded.

The server draws every screen, so a phone that lost its connection can say nothing from there: the
page Flet serves gets a small script of its own (web/connection.js) that shows a banner while the
browser is offline or its connection to the server is closed, counts the taps made meanwhile (Flet
sends them once the connection is back), and says when the sheet has caught up.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

log = logging.getLogger(__name__)

_SEND_LOOP = "_FletApp__send_loop"  # FletApp.__send_loop, its name mangled
_SOCKET = "_FletApp__websocket"  # FletApp.__websocket
FLET_WEB_LOG = "flet_web.fastapi"  # flet_web.fastapi.flet_app's logger


def end_quietly_on_disconnect() -> None:
    """Make a failed send end the tab's connection as its closing does (once per process)."""
    from flet_web.fastapi.flet_app import FletApp

    original: Callable[[Any], Awaitable[None]] | None = getattr(FletApp, _SEND_LOOP, None)
    if original is None or getattr(original, "ends_quietly", False):
        return

    async def send_loop(self: Any) -> None:
        try:
            await original(self)
        except Exception as error:  # noqa: BLE001 - a send that fails means the tab is gone
            log.debug("a tab went away while it was sent an update: %r", error)
            # ... or half gone: its socket may still bring its taps, handled with nothing sent back
            # (a phone frozen on an old sheet until reloaded). Closed, the tab connects again and
            # is sent its whole page.
            socket = getattr(self, _SOCKET, None)
            if socket is not None:
                try:
                    await socket.close(code=1011)
                except Exception:  # noqa: BLE001 - closed already
                    pass

    send_loop.ends_quietly = True  # type: ignore[attr-defined]
    setattr(FletApp, _SEND_LOOP, send_loop)


class _NotClosedHere(logging.Filter):
    """Leaves out the reading loop's error on a socket closed on this side (after a failed send)."""

    def filter(self, record: logging.LogRecord) -> bool:
        from starlette.websockets import WebSocketDisconnected

        return not (record.exc_info and isinstance(record.exc_info[1], WebSocketDisconnected))


def quiet_on_closed_socket() -> None:
    """Keep the reading loop's error on a socket closed here out of Flet's log (once per process)."""
    flet_log = logging.getLogger(FLET_WEB_LOG)
    if not any(isinstance(f, _NotClosedHere) for f in flet_log.filters):
        flet_log.addFilter(_NotClosedHere())


_CALLS = "_Session__method_calls"  # Session.__method_calls: call id -> the event its caller waits on
_RESULTS = "_Session__method_call_results"  # Session.__method_call_results: event -> (result, error)
GONE = "the control was removed before it answered"


def answer_calls_of_removed_controls() -> None:
    """Make the answer of a control a redraw removed resolve its call with an error (GONE), as
    Flet resolves the calls of a closed session, instead of ending the tab's reading loop."""
    from flet.messaging.session import Session

    original = Session.handle_invoke_method_results
    if getattr(original, "answers_removed", False):
        return

    def handle(self: Any, control_id: int, call_id: str, result: Any, error: str | None) -> None:
        try:
            original(self, control_id, call_id, result, error)
        except RuntimeError:  # the control is no longer registered: its caller hears so
            waiting = getattr(self, _CALLS).pop(call_id, None)
            if waiting is not None:
                getattr(self, _RESULTS)[waiting] = (None, error or GONE)
                waiting.set()

    handle.answers_removed = True  # type: ignore[attr-defined]
    Session.handle_invoke_method_results = handle  # type: ignore[method-assign]


CONNECTION_JS = Path(__file__).parent / "web" / "connection.js"


def with_connection_banner(html: str) -> str:
    """The page Flet serves, with the connection banner's script in its head (once)."""
    if 'id="connection-state"' in html:
        return html
    script = f'<script id="connection-state">\n{CONNECTION_JS.read_text(encoding="utf-8")}</script>\n'
    return html.replace("</head>", script + "</head>", 1)


def show_connection_state() -> None:
    """Put the banner's script in the page Flet serves, after Flet's own changes to it."""
    from flet_web.fastapi import flet_static_files

    original = flet_static_files.patch_index_html
    if getattr(original, "shows_connection", False):
        return

    def patch(index_path: str, *args: Any, **kwargs: Any) -> None:
        original(index_path, *args, **kwargs)
        page = Path(index_path)
        page.write_text(with_connection_banner(page.read_text(encoding="utf-8")), encoding="utf-8")

    patch.shows_connection = True  # type: ignore[attr-defined]
    flet_static_files.patch_index_html = patch  # type: ignore[assignment]


def mend_flet() -> None:
    """The mends, before the server starts."""
    end_quietly_on_disconnect()
    quiet_on_closed_socket()
    answer_calls_of_removed_controls()
    show_connection_state()
