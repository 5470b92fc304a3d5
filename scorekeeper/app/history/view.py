"""History: the saved games, newest first, filtered by player and variant; each opens its sheet.

The sheet of a past game is shown read-only (every stage, the «гора» of each, totals and places)
with its running totals chart; an unfinished game also offers to resume it.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.history.filters import filter_bar
from scorekeeper.app.home.view import variant_name
from scorekeeper.app.shell import Shell, header, tagged
from scorekeeper.app.statistics.model import (
    num,
    played_variants,
    running_totals,
    totals_by_game,
    when,
)
from scorekeeper.store import StoreError

TROPHY = "#F9A825"  # the winner's cup (amber, reads on light and dark)


def place(rank: int, lang: str) -> str:
    """'2 место' / '2nd place'."""
    if lang == "ru":
        return f"{rank} место"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix} place"


class HistoryScreen:
    """The saved games with their players, results and winners."""

    def __init__(self, shell: Shell, player: str | None = None, variant: str | None = None) -> None:
        self.shell = shell
        self.player = player
        self.variant = variant

    def dispose(self) -> None:
        """Nothing to let go of."""

    def _filter(self, player: str | None, variant: str | None) -> None:
        self.player, self.variant = player, variant
        self.shell.redraw()

    def _open(self, game_id: int) -> None:
        s = self.shell
        player, variant = self.player, self.variant
        s.show(lambda: GameSheetScreen(s, game_id, back=lambda: s.show(lambda: HistoryScreen(s, player, variant))))

    def _tile(self, game: dict[str, Any], totals: dict[str, int]) -> ft.Control:
        s = self.shell
        t = s.t
        finished = bool(game["finished"])
        names = game["players"]
        players = " · ".join(f"{n} {num(totals[n])}" if n in totals else n for n in names)
        if finished:
            outcome = t("winners", names=", ".join(game["winners"]))
            result: ft.Control = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=18, color=TROPHY),
                                         ft.Text(", ".join(game["winners"]), size=15, weight=ft.FontWeight.W_600)],
                                        spacing=4, tight=True)
        else:
            outcome = t("hist_not_finished")
            result = ft.Text(outcome, size=15, weight=ft.FontWeight.W_600, color=ft.Colors.TERTIARY)
        title = variant_name(game["variant"], s.lang)
        date = when(game["finished"] or game["created"], s.lang)
        tile = ft.Container(
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(title, size=17, weight=ft.FontWeight.W_600, expand=True, no_wrap=True,
                                    overflow=ft.TextOverflow.ELLIPSIS),
                            ft.Text(date, size=13, color=theme.MUTED),
                        ],
                        spacing=8,
                    ),
                    ft.Text(players, size=15, color=theme.MUTED),
                    result,
                ],
                spacing=3,
            ),
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            on_click=lambda _, gid=game["id"]: self._open(gid),
            ink=True,
        )
        label = f"{title}, {date}. {players}. {outcome}"
        return tagged(tile, f"history-game-{game['id']}", label, button=True)

    def build(self) -> ft.Control:
        """Filters, then one tile per game."""
        s = self.shell
        t = s.t
        store = s.store
        games = store.games(self.player, self.variant, limit=200)
        totals = totals_by_game(store, [g["id"] for g in games if g["finished"]])
        tiles = [self._tile(g, totals.get(g["id"], {})) for g in games]
        if not tiles:
            filtered = self.player is not None or self.variant is not None
            tiles = [tagged(ft.Text(t("hist_none_match" if filtered else "hist_no_games"), size=16,
                                    color=theme.MUTED), "history-empty")]
        bar = filter_bar(s, "history-filter", store.known_names(), played_variants(store),
                         self.player, self.variant, self._filter)
        body = ft.Column(tiles, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [
                header(s, t("history"), back=s.home),
                ft.Container(content=bar, padding=ft.Padding.only(left=12, right=12, top=8)),
                ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=12, vertical=8), expand=True),
            ],
            spacing=0,
            expand=True,
        )


class GameSheetScreen:
    """One saved game's sheet, read-only, with its running totals."""

    def __init__(self, shell: Shell, game_id: int, back: Any = None) -> None:
        self.shell = shell
        self.game_id = game_id
        self.back = back or (lambda: shell.show(lambda: HistoryScreen(shell)))

    def dispose(self) -> None:
        """Nothing to let go of."""

    def build(self) -> ft.Control:
        """Summary, chart, then every stage of the sheet."""
        s = self.shell
        t = s.t
        try:
            info, state, _ = s.store.load(self.game_id)
        except StoreError as error:
            return ft.Column([header(s, t("hist_game_n", n=self.game_id), back=self.back),
                              ft.Container(content=ft.Text(str(error), size=16), padding=16)], expand=True)
        from scorekeeper.app.statistics.charts import running_chart

        sheet = state.sheet()
        names = [p["name"] for p in sheet["players"]]
        parts: list[ft.Control] = [self._summary(info, state, sheet)]
        if not state.finished:
            parts.append(tagged(ft.FilledButton(content=ft.Text(t("hist_resume"), size=17),
                                                on_click=lambda _: s.open_game(self.game_id), height=theme.TAP),
                                "history-resume"))
        parts.append(running_chart(s, names, running_totals(state)))
        parts.append(tagged(self._sheet(state, sheet), "history-sheet"))
        body = ft.Column(parts, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
        title = f"{variant_name(info.variant, s.lang)} · {t('hist_game_n', n=self.game_id)}"
        return ft.Column(
            [header(s, title, back=self.back),
             ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=12, vertical=8), expand=True)],
            spacing=0,
            expand=True,
        )

    def _summary(self, info: Any, state: Any, sheet: dict[str, Any]) -> ft.Control:
        s = self.shell
        t = s.t
        players = sheet["players"]
        cards: list[ft.Control] = []
        for seat, p in enumerate(players):
            won = state.finished and p["rank"] == 1
            cards.append(
                tagged(
                    ft.Container(
                        content=ft.Column(
                            [
                                ft.Row([*([ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color=TROPHY)] if won else []),
                                        ft.Text(p["name"], size=15, weight=ft.FontWeight.W_600, no_wrap=True,
                                                overflow=ft.TextOverflow.ELLIPSIS)],
                                       spacing=2, tight=True, alignment=ft.MainAxisAlignment.CENTER),
                                ft.Text(num(p["total"]), size=26, weight=ft.FontWeight.BOLD),
                                ft.Text(place(p["rank"], s.lang) if state.finished else "",
                                        size=12, color=theme.MUTED),
                            ],
                            spacing=0,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
                        border_radius=12,
                        bgcolor=theme.CURRENT_COLUMN if won else ft.Colors.SURFACE_CONTAINER_HIGH,
                        width=104,
                    ),
                    f"history-total-{seat + 1}",
                    f"{p['name']}: {num(p['total'])}",
                )
            )
        status = (t("winners", names=", ".join(sheet["winners"])) if state.finished
                  else t("hist_not_finished"))
        dates = when(info.created, s.lang)
        if info.finished:
            dates += " — " + when(info.finished, s.lang, time=True)
        return ft.Column(
            [
                tagged(ft.Text(status, size=18, weight=ft.FontWeight.W_600), "history-status"),
                ft.Text(dates, size=13, color=theme.MUTED),
                ft.Row(cards, wrap=True, spacing=8, run_spacing=8),
            ],
            spacing=6,
        )

    def _sheet(self, state: Any, sheet: dict[str, Any]) -> ft.Control:
        from scorekeeper.app.sheet.model import stage_rows, upper_meter

        s = self.shell
        variant = state.variant
        players = sheet["players"]
        width = max(52.0, min(84.0, (390 - 24 - theme.NAME_W) / max(1, len(players))))
        rows: list[ft.Control] = []
        for stage in range(1, variant.stages + 1):
            if variant.stages > 1:
                rows.append(ft.Container(content=ft.Text(s.t("hist_stage_n", n=stage), size=16,
                                                         weight=ft.FontWeight.W_600),
                                         padding=ft.Padding.only(left=8, top=10, bottom=4)))
            rows.append(ft.Row(
                [ft.Container(width=theme.NAME_W),
                 *[ft.Container(content=ft.Text(p["name"], size=14, weight=ft.FontWeight.W_600, no_wrap=True,
                                                overflow=ft.TextOverflow.ELLIPSIS),
                                width=width, alignment=ft.Alignment.CENTER) for p in players]],
                spacing=0,
            ))
            for row in stage_rows(variant):
                label = ft.Container(
                    content=ft.Text(row.label.in_(s.lang), size=12 if len(row.label.in_(s.lang)) > theme.LABEL_ONE_LINE else 14,
                                    max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                                    weight=ft.FontWeight.W_600 if row.kind != "box" else None),
                    width=theme.NAME_W, height=32 if row.kind == "box" else 40,
                    alignment=ft.Alignment.CENTER_LEFT, padding=ft.Padding.only(left=8),
                )
                cells: list[ft.Control] = []
                for seat, p in enumerate(players):
                    part = p["stages"][stage - 1]
                    if row.kind == "box":
                        assert row.box_id is not None
                        value = part["boxes"].get(row.box_id)
                        crossed = row.box_id in part["crossed"]
                        shown = "" if value is None else "✕" if crossed else num(value)
                        content: ft.Control = ft.Text(shown, size=16, color=theme.MUTED if crossed else None,
                                                      semantics_label=str(value) if crossed else None)
                        identifier = f"history-box-{seat + 1}-{stage}-{row.box_id}"
                        height = 32
                    elif row.kind == "upper":
                        meter = upper_meter(variant, part, s.lang)
                        tone = {"good": theme.GOOD, "bad": theme.BAD, "neutral": theme.MUTED}[meter.tone]
                        content = ft.Column(
                            [ft.Text(meter.text, size=16, weight=ft.FontWeight.BOLD, color=tone),
                             ft.Container(content=ft.Text(meter.note_in(width), size=10, color=tone, no_wrap=True,
                                                          semantics_label="", overflow=ft.TextOverflow.ELLIPSIS),
                                          padding=ft.Padding.symmetric(horizontal=3))],
                            spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            alignment=ft.MainAxisAlignment.CENTER,
                        )
                        identifier = f"history-gora-{seat + 1}-{stage}"
                        height = 40
                    elif row.kind == "extra":
                        extra = int(part["extra"])
                        content = ft.Text(num(extra), size=16, weight=ft.FontWeight.BOLD,
                                          color=None if extra else theme.MUTED)
                        identifier = f"history-extra-{seat + 1}-{stage}"
                        height = 40
                    else:
                        content = ft.Text(str(part["total"]), size=16, weight=ft.FontWeight.BOLD)
                        identifier = f"history-stage-total-{seat + 1}-{stage}"
                        height = 40
                    cells.append(tagged(ft.Container(content=content, width=width, height=height,
                                                     alignment=ft.Alignment.CENTER,
                                                     border=ft.Border.only(left=ft.BorderSide(0.5, theme.LINE))),
                                        identifier))
                rows.append(ft.Container(content=ft.Row([label, *cells], spacing=0),
                                         bgcolor=theme.SECTION if row.kind != "box" else None,
                                         border=ft.Border.only(bottom=ft.BorderSide(0.5, theme.LINE))))
        rows.append(ft.Container(
            content=ft.Row(
                [ft.Container(content=ft.Text(s.t("total"), size=15, weight=ft.FontWeight.W_600),
                              width=theme.NAME_W, padding=ft.Padding.only(left=8)),
                 *[ft.Container(content=ft.Text(num(p["total"]), size=18, weight=ft.FontWeight.BOLD),
                                width=width, height=36, alignment=ft.Alignment.CENTER) for p in players]],
                spacing=0,
            ),
            border=ft.Border.only(top=ft.BorderSide(1, theme.LINE)),
        ))
        table: ft.Control = ft.Column(rows, spacing=0)
        if len(players) > 4:
            table = ft.Row([table], scroll=ft.ScrollMode.AUTO)
        return table
