"""History: finished games, newest first, each opening its sheet."""

from __future__ import annotations

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.home.view import variant_name
from scorekeeper.app.shell import Shell, header, tagged


class HistoryScreen:
    """Finished games with their winners."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def dispose(self) -> None:
        """Nothing to let go of."""

    def build(self) -> ft.Control:
        """A list of finished games."""
        s = self.shell
        t = s.t
        games = [g for g in s.store.games(limit=100) if g["finished"]]
        tiles: list[ft.Control] = []
        for game in games:
            tile = ft.Container(
                content=ft.Column(
                    [
                        ft.Text(f"{variant_name(game['variant'], s.lang)} · {game['finished'][:10]}",
                                size=16, weight=ft.FontWeight.W_600),
                        ft.Text(", ".join(game["players"]), size=14, color=theme.MUTED),
                        ft.Text("🏆 " + ", ".join(game["winners"]), size=14),
                    ],
                    spacing=2,
                ),
                padding=12,
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                on_click=lambda _, gid=game["id"]: s.open_game(gid),
            )
            tiles.append(tagged(tile, f"history-{game['id']}", button=True))
        body = ft.Column(tiles or [ft.Text(t("no_history"), color=theme.MUTED, size=16)],
                         spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [header(s, t("history"), back=s.home), ft.Container(content=body, padding=16, expand=True)],
            spacing=0,
            expand=True,
        )
