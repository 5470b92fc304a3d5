"""The Flet app: a phone-first score sheet served to the browsers at the table.

Each browser tab gets a Shell (screens, and the language and theme its browser chose); all tabs of
one server share the Store, and every open game has one GameService that all its screens listen to.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import flet as ft

from scorekeeper.app.config import AppConfig
from scorekeeper.store import Store


def make_main(config: AppConfig, store: Store) -> Callable[[ft.Page], Awaitable[None]]:
    """The per-session entry point Flet calls for every new tab."""
    from scorekeeper.app.shell import Shell

    async def main(page: ft.Page) -> None:
        shell = Shell(page, config, store)
        await shell.load_browser_settings()  # before the first screen: no flash of another language
        shell.start()

    return main
