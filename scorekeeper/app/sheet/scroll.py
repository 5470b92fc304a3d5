"""The sheet's table laid out and kept in place: the boxes scroll up and down under the players'
names; with many players the columns scroll sideways while the box names stay put. Where the boxes
were scrolled survives a redraw; after a throw the box it scores most in is brought into view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.sheet.model import reveal_spans
from scorekeeper.app.widgets.score_grid import Stripe, draw

SCROLL_EVERY_MS = 50  # how often the browser says where the boxes are, while they scroll
FIXED_H = 450  # the screen's height less the boxes' view on a phone held upright (before the browser says)
MIN_VIEWPORT = 120.0  # ... and the least that estimate takes it to be


class SheetScroll:
    """Where the boxes are scrolled, and the scrolling controls of the table last drawn."""

    def __init__(self, games: int) -> None:
        self.grid: ft.Column | None = None  # the boxes, scrolling up and down
        self.sideways: ft.Row | None = None  # the players' columns when they scroll sideways
        # How far the boxes are scrolled and how tall their view is, as the browser last said (a
        # scroll's end is always said, whatever the interval).
        self.offset = 0.0
        self.viewport: float | None = None
        self.reveal = False  # after this screen's throw: bring the box it scores most in into view
        self.games_shown = games  # a match's games over when last drawn

    def scrolled(self, e: ft.OnScrollEvent) -> None:
        self.offset = float(e.pixels)
        if e.viewport_dimension:
            self.viewport = float(e.viewport_dimension)

    def table(self, names_row: Stripe, rows: list[Stripe], totals: list[Stripe], players: int, name_w: float,
              width: float, below: ft.Control) -> ft.Control:
        """The names, the boxes (`below` them, scrolling with them) and the totals."""
        totals_box = ft.Container(border=ft.Border.only(top=ft.BorderSide(1, theme.LINE)))
        self.sideways = None
        if players <= theme.PLAYERS_WITHOUT_SCROLL:
            names_box: ft.Control = ft.Column(draw([names_row]), spacing=0)
            grid = ft.Column([*draw(rows), below], spacing=0, scroll=ft.ScrollMode.AUTO, expand=True,
                             on_scroll=self.scrolled, scroll_interval=SCROLL_EVERY_MS)
            totals_box.content = ft.Column(draw(totals), spacing=0)
            self.grid = grid
            return ft.Column([names_box, grid, totals_box], spacing=0, expand=True)
        # The players' columns (their names and totals with them) scroll sideways together.
        totals_cells = ft.Row([ft.Column(draw(totals, left=False), spacing=0)], scroll=ft.ScrollMode.HIDDEN,
                              expand=True)
        name_cells = ft.Row([ft.Column(draw([names_row], left=False), spacing=0)], scroll=ft.ScrollMode.HIDDEN,
                            expand=True)

        async def follow(e: Any) -> None:
            await totals_cells.scroll_to(offset=e.pixels, duration=0)
            await name_cells.scroll_to(offset=e.pixels, duration=0)

        # where each player's column starts, to bring it into view (after_mount)
        starts = ft.Row([ft.Container(width=width, height=0, key=ft.ScrollKey(f"seat-{i + 1}"))  # type: ignore[call-arg]
                         for i in range(players)], spacing=0)
        cells = ft.Row([ft.Column([starts, *draw(rows, left=False)], spacing=0)],
                       scroll=ft.ScrollMode.AUTO, expand=True, on_scroll=follow, scroll_interval=30)
        self.sideways = cells
        labels = ft.Column(draw(rows, right=False), spacing=0, width=name_w)
        grid = ft.Column([ft.Row([labels, cells], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START), below],
                         spacing=0, scroll=ft.ScrollMode.AUTO, expand=True,
                         on_scroll=self.scrolled, scroll_interval=SCROLL_EVERY_MS)
        names_box = ft.Row([ft.Column(draw([names_row], right=False), spacing=0, width=name_w), name_cells], spacing=0)
        totals_box.content = ft.Row([ft.Column(draw(totals, right=False), spacing=0, width=name_w), totals_cells],
                                    spacing=0)
        self.grid = grid
        return ft.Column([names_box, grid, totals_box], spacing=0, expand=True)

    def after_mount(self, run_task: Callable[..., Any], games: int, seat: int | None,
                    best_spans: Callable[[], list[tuple[float, float]]], screen_h: float) -> None:
        """A match's next game opens at the top, the players' names in view; otherwise the boxes
        stay where the player scrolled them, and after this screen's throw the sheet scrolls on to
        the boxes it makes best (`best_spans`: their tops and heights), where they are out of view;
        with many players, bring the current player's column (`seat`) into view."""
        grid = self.grid
        to_best, self.reveal = self.reveal, False
        target: float | None = None
        if games != self.games_shown:
            self.games_shown = games
            target = self.offset = 0.0
        else:
            # The boxes where the player left them (a redraw may build them anew at the top), or on
            # to the box the throw scores most in.
            spans = best_spans() if to_best else []
            viewport = self.viewport or max(screen_h - FIXED_H, MIN_VIEWPORT)
            best = reveal_spans(spans, self.offset, viewport)
            target = best if best is not None else (self.offset or None)
        if grid is not None and target is not None:
            offset = target

            async def scroll() -> None:
                try:
                    # at once: scrolled in steps (an animation), Flutter's web semantics dropped the
                    # other players' cells' identifiers and names
                    await grid.scroll_to(offset=offset, duration=0)
                except Exception:  # the screen went away meanwhile
                    pass

            run_task(scroll)
        cells = self.sideways
        if cells is None or seat is None:
            return

        async def current_column() -> None:
            try:
                await cells.scroll_to(scroll_key=f"seat-{seat + 1}", duration=0)  # its name and total follow
            except Exception:  # the screen went away meanwhile: nothing to show
                pass

        run_task(current_column)
