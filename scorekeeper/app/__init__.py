"""The Flet app: a phone-first score sheet served to the browsers at the table.

Each browser tab gets a Shell (language, theme, screens); all tabs of one server share the Store,
and every open game has one GameService that all its screens listen to.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app.config import AppConfig
from scorekeeper.store import Store


def make_main(config: AppConfig, store: Store) -> Callable[[ft.Page], None]:
    """The per-session entry point Flet calls for every new tab."""
    from scorekeeper.app.shell import Shell

    def main(page: ft.Page) -> None:
        Shell(page, config, store).start()

    return main
