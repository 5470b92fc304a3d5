"""Home: resume an unfinished game (most recent first) or abandon it, start a new one, the other screens."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

import flet as ft

from scorekeeper.app import theme, unfinished
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.dialogs import confirm_abandon
from scorekeeper.app.widgets.frame import header, named_icon, tagged
from scorekeeper.app.widgets.names import variant_name
from scorekeeper.service import GameService


def local_time(iso: str) -> str:
    """'29.11 16:05' in this machine's time zone (the store keeps UTC)."""
    try:
        return datetime.fromisoformat(iso).astimezone().strftime("%d.%m %H:%M")
    except ValueError:
        return iso


class HomeScreen:
    """The first screen of a session."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        # A game started, finished or abandoned on another phone shows here at once.
        self._stop_listening: Callable[[], None] | None = unfinished.listen(shell.store, self._games_changed)

    def dispose(self) -> None:
        """Stop listening to the news of the unfinished games."""
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None

    def _games_changed(self) -> None:
        """Show the unfinished games anew (called from the thread of the phone that changed them)."""
        page = self.shell.page

        async def redraw() -> None:
            if self.shell.screen is self:
                self.shell.redraw()

        try:
            if page.session.connection is None:  # reconnecting: the tab redraws once back
                return
            page.run_task(redraw)
        except Exception:  # the tab's session has ended: forget it
            self.dispose()

    def _unfinished(self) -> list[dict[str, Any]]:
        """Unfinished games not abandoned, the one played last first."""
        games = self.shell.store.games(limit=30, open_only=True)  # however long ago they were started
        return sorted(games, key=lambda g: g["played"], reverse=True)

    def _where(self, game_id: int) -> str:
        """Whose turn it is in a saved game ('' if it cannot be read)."""
        from scorekeeper.app.sheet.model import turn_line

        open_game = GameService.opened(self.shell.store, game_id)  # played now: its state at hand
        try:
            state = open_game.state if open_game is not None else self.shell.store.load(game_id)[1]
        except Exception:  # a game this version cannot replay must not hide the others
            return ""
        return turn_line(state, self.shell.lang)

    def build(self) -> ft.Control:
        """Big buttons first (however many games are unfinished, the other screens stay in
        reach without scrolling), then the unfinished games."""
        s = self.shell
        t = s.t

        def nav(identifier: str, icon: ft.IconData, label: str, go: Callable[[], None]) -> ft.Control:
            return tagged(
                ft.OutlinedButton(
                    content=ft.Row([ft.Icon(icon), ft.Text(label, size=17)], spacing=12),
                    on_click=lambda _: go(),
                    height=theme.TAP,
                    expand=True,
                ),
                identifier,
                expand=True,  # type: ignore[arg-type]
            )

        games = self._unfinished()
        resume: list[ft.Control] = []
        for index, game in enumerate(games[:8]):
            names = ", ".join(game["players"])
            title = variant_name(game["variant"], s.lang)
            tile = ft.Container(
                content=ft.Column(
                    [
                        ft.Text(title, size=17, weight=ft.FontWeight.W_600),
                        ft.Text(names, size=15, color=theme.MUTED, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                        ft.Text(self._where(game["id"]), size=14),
                        ft.Text(local_time(game["played"]), size=12, color=theme.MUTED),
                    ],
                    spacing=2,
                ),
                padding=ft.Padding.symmetric(horizontal=16, vertical=10),
                border_radius=12,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
                on_click=lambda _, gid=game["id"]: s.open_game(gid),
                ink=True,
                expand=True,
            )
            opened = tagged(tile, f"resume-{game['id']}", button=True, expand=True)  # type: ignore[arg-type]
            if index == 0:
                opened = tagged(opened, "resume", expand=True)  # type: ignore[arg-type]
            abandon = tagged(
                ft.IconButton(
                    icon=named_icon(ft.Icons.CLOSE, t("abandon_named", game=f"{title}, {names}")),
                    tooltip=t("abandon"),
                    on_click=lambda _, gid=game["id"]: confirm_abandon(s, gid, s.home),
                    style=ft.ButtonStyle(shape=ft.RoundedRectangleBorder(radius=12)),
                    width=theme.TAP,
                    height=theme.TAP,
                ),
                f"abandon-{game['id']}",
                t("abandon_named", game=f"{title}, {names}"),
            )
            resume.append(ft.Row([opened, abandon], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER))

        body = ft.Column(
            [
                tagged(
                    ft.FilledButton(
                        content=ft.Row(
                            [ft.Icon(ft.Icons.CASINO, size=28), ft.Text(t("new_game"), size=20)],
                            alignment=ft.MainAxisAlignment.CENTER,
                            spacing=12,
                        ),
                        on_click=lambda _: self._new_game(),
                        height=64,
                    ),
                    "new-game",
                ),
                ft.Row([nav("history", ft.Icons.HISTORY, t("history"), self._history),
                        nav("statistics", ft.Icons.INSIGHTS, t("statistics"), self._statistics)]),
                ft.Row([nav("settings", ft.Icons.SETTINGS, t("settings"), self._settings),
                        nav("invite", ft.Icons.QR_CODE_2, t("invite"), self._invite)]),
                ft.Container(height=4),
                ft.Text(t("unfinished"), size=16, weight=ft.FontWeight.W_600, color=theme.MUTED),
                *(resume or [ft.Text(t("no_unfinished"), color=theme.MUTED)]),
            ],
            spacing=12,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
            horizontal_alignment=ft.CrossAxisAlignment.STRETCH,
        )
        return ft.Column(
            [header(s, t("app_title")), ft.Container(content=body, padding=16, expand=True)],
            spacing=0,
            expand=True,
        )

    def _new_game(self) -> None:
        self.shell.go("/new")

    def _history(self) -> None:
        self.shell.go("/history")

    def _statistics(self) -> None:
        self.shell.go("/statistics")

    def _settings(self) -> None:
        self.shell.go("/settings")

    def _invite(self) -> None:
        self.shell.go("/invite")
