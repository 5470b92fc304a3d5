"""«Разбор игры»: the button that opens a played game's review (/review/N)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import action_button, tagged


def review_button(shell: Shell, game_id: int, back: Callable[[], None], *, wide: bool = False) -> ft.Control:
    """The review of game `game_id` (identifier `review`); `back`: where its Back returns. `wide`: a
    labelled button across the screen, else an icon."""
    t = shell.t

    def open_review(_: object) -> None:
        shell.go(f"/review/{game_id}", back=back)

    button = action_button(ft.Icons.INSIGHTS, t("review"), t("review"), open_review, wide=wide)
    return tagged(button, "review", t("review"))
