"""A tab that goes away while the server sends it an update ends its connection quietly.

Flet 1.0.5's web server (flet_web.fastapi.FletApp) sends each tab its updates from a task of its
own; where the tab closed in the meantime (a phone put away while another phone at the table
records a throw), that task's send fails and the failure escapes the connection's handler: the
server's terminal shows a WebSocketDisconnect traceback, and the session is never handed back
to Flet's session manager, so the closed tab's screens keep listening to the game. Here a failed
send ends the send task as the tab's closing ends the receive task, and the handler goes on to
let the session go.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any

log = logging.getLogger(__name__)

_SEND_LOOP = "_FletApp__send_loop"  # FletApp.__send_loop, its name mangled


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

    send_loop.ends_quietly = True  # type: ignore[attr-defined]
    setattr(FletApp, _SEND_LOOP, send_loop)
