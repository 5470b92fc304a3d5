"""«Разбор игры»: the button that opens a played game's review (/review/N)."""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import named_icon, tagged


def review_button(shell: Shell, game_id: int, back: Callable[[], None], *, wide: bool = False) -> ft.Control:
    """The review of game `game_id` (identifier `review`); `back`: where its Back returns. `wide`: a
    labelled button across the screen, else an icon."""
    t = shell.t

    def open_review(_: object) -> None:
        shell.go(f"/review/{game_id}", back=back)

    if wide:
        button: ft.Control = ft.OutlinedButton(
            content=ft.Row([ft.Icon(ft.Icons.INSIGHTS, size=20), ft.Text(t("review"), size=17)], spacing=8,
                           alignment=ft.MainAxisAlignment.CENTER),
            on_click=open_review, height=theme.TAP)
    else:
        button = ft.IconButton(icon=named_icon(ft.Icons.INSIGHTS, t("review")), tooltip=t("review"),
                               on_click=open_review, width=theme.TAP_MIN, height=theme.TAP_MIN)
    return tagged(button, "review", t("review"))
