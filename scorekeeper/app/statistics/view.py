"""Statistics: per player and variant, over finished games."""

from __future__ import annotations

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.home.view import variant_name
from scorekeeper.app.shell import Shell, header


class StatisticsScreen:
    """A table of games, wins, average, best, premiums and penalties."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def dispose(self) -> None:
        """Nothing to let go of."""

    def build(self) -> ft.Control:
        """One card per player and variant."""
        s = self.shell
        t = s.t
        cards: list[ft.Control] = []
        for row in s.store.player_stats():
            facts = [
                (t("games"), row["games"]),
                (t("wins"), row["wins"]),
                (t("average"), f"{row['average']:.1f}"),
                (t("best"), row["best"]),
                (t("premiums"), row["premiums"]),
                (t("penalties"), row["penalties"]),
            ]
            cards.append(
                ft.Container(
                    content=ft.Column(
                        [
                            ft.Text(f"{row['name']} · {variant_name(row['variant'], s.lang)}",
                                    size=16, weight=ft.FontWeight.W_600),
                            ft.Row([ft.Column([ft.Text(str(v), size=18, weight=ft.FontWeight.BOLD),
                                               ft.Text(k, size=12, color=theme.MUTED)], spacing=0,
                                              horizontal_alignment=ft.CrossAxisAlignment.CENTER)
                                    for k, v in facts], wrap=True, spacing=14),
                        ],
                        spacing=6,
                    ),
                    padding=12,
                    border_radius=12,
                    bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                )
            )
        body = ft.Column(cards or [ft.Text(t("no_history"), color=theme.MUTED, size=16)],
                         spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [header(s, t("statistics"), back=s.home), ft.Container(content=body, padding=16, expand=True)],
            spacing=0,
            expand=True,
        )
