"""The live sheet's grid (widgets/score_grid.py) with its own cells: a box as the current throw shows
it (written, a preview to tap, greyed, crossed), the players' names above the columns, and the sizes
of the columns on the phone's width."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.sheet.model import NARROW_CELL, Cell, Row
from scorekeeper.app.sheet.model import box_cell as cell_of
from scorekeeper.app.widgets import score_grid
from scorekeeper.app.widgets.frame import Speaks, tagged
from scorekeeper.app.widgets.score_grid import GridLook, Stripe
from scorekeeper.game import State

CELL_NAME_WIDE = 84.0  # a player's column as wide as it gets
HEADER_H = 34  # the players' names above the sheet
OTHER_ROW_H = 44  # a row of the sheet that is not a box (the «гора», a stage's total)
LINE_W = 0.5  # the line under each row
TOTAL_H = 34  # a line of totals below it
SITTING_OUT = 0.4  # the opacity of the column of a player who does not play the match's current game
GORA_NOTE_WIDE = 13  # the note under a «гора» («нужно +12», «премия +50») where three players or
GORA_NOTE_WIDE_CELL = 80  # fewer leave its column this wide or wider; smaller in narrower ones, to fit
GORA_NOTE_CHAR_PX = 7.2  # px a letter of that note takes at 13 px, a little more than most do



def _gora_note_size(said: str, width: float) -> int:
    """The «гора»'s note a size smaller than «нужно +12» where "premium +50" would not fit."""
    if width >= GORA_NOTE_WIDE_CELL:
        return GORA_NOTE_WIDE if len(said) * GORA_NOTE_CHAR_PX <= width - 6 else GORA_NOTE_WIDE - 1
    return 11 if width >= NARROW_CELL else 10


LOOK = GridLook(prefix="", row_h=theme.ROW_H, other_h=OTHER_ROW_H, total_h=TOTAL_H, label_size=15, value_size=17,
                total_sizes=(19, 16, 17), box_label_weight=ft.FontWeight.W_400, label_right=4,
                note_size=_gora_note_size, empty_note=False)


NAME_CHAR_PX = 9.5  # px a letter of a player's name takes at 15 px, bold, a little more than most do

_COLOURS = {
    "written": ft.Colors.ON_SURFACE,
    "crossed": theme.MUTED,
    "preview": theme.PREVIEW,
    "greyed": theme.MUTED,
    "open": ft.Colors.ON_SURFACE,
    "closed": ft.Colors.ON_SURFACE,
    "strike": ft.Colors.ERROR,
}


def box_cell(t: Callable[..., str], cell: Cell, identifier: str, width: float, current: bool, hint: str,
             on_tap: Callable[[], None] | None, on_long_press: Callable[[], None] | None) -> ft.Control:
    """A box of the live sheet; `hint`: whose box and which, spoken with what it holds or would take."""
    text = ft.Text(
        cell.shown,
        size=18 if cell.kind != "preview" else 17,
        weight=ft.FontWeight.W_600 if cell.kind == "written" else ft.FontWeight.W_400,
        italic=cell.kind in ("preview", "greyed"),  # what the throw would write, 0 included: not written yet
        color=_COLOURS[cell.kind],
        # Tests and screen readers read the written score; a preview or a cross is not it.
        semantics_label=cell.text if cell.shown != cell.text else None,
    )
    bg: str | None = None
    if cell.kind == "greyed":
        bg = theme.GREYED
    elif current:
        bg = theme.CURRENT_COLUMN
    box = ft.Container(
        content=text,
        width=width,
        height=theme.ROW_H,
        alignment=ft.Alignment.CENTER,
        bgcolor=bg,
        border=ft.Border.only(left=ft.BorderSide(0.5, theme.LINE)),
        on_click=(lambda _: on_tap()) if on_tap is not None else None,
        on_long_press=(lambda _: on_long_press()) if on_long_press is not None else None,
        # A box that takes the throw is a stop of the keyboard's Tab (Enter writes it), and
        # ripples under the finger; a closed one only explains itself when tapped.
        ink=cell.tappable,
    )
    if cell.kind == "preview":
        hint = f"{hint} · {t('would_score', n=cell.shown)}"
    elif cell.kind == "crossed":
        hint = f"{hint} · {t('crossed')}"
    elif cell.kind == "strike":
        hint = f"{hint} · {t('cross_out')}"
    # The hint is spoken, not read as the cell's text: the text stays the written score.
    tapped = tagged(box, identifier, button=cell.tappable or None, hint_text=hint or None, container=True)
    if not hint:
        return tapped
    # A browser drops the hint: the whole of it is the label of a node of its own around the box,
    # so that the box's text stays its score.
    spoken = f"{hint}: {cell.text}" if cell.kind not in ("preview", "crossed", "strike") and cell.text else hint
    return ft.Semantics(content=tapped, label=spoken)


def player_name(t: Callable[..., str], player: dict[str, Any], seat: int, sitting_out: bool,
                width: float = CELL_NAME_WIDE) -> ft.Control:
    """A player's name above the column; «не играет» under it while the player sits a game out.
    A narrow column (many players), or a name longer than the column holds at full size
    («Александра» beside three others), is shown smaller, on two lines, before it is cut."""
    long = len(player["name"]) * NAME_CHAR_PX > width - 4  # less the padding between two names
    narrow = (width < NARROW_CELL or long) and not sitting_out
    name = ft.Text(player["name"], size=13 if narrow else 15,
                   weight=ft.FontWeight.W_600, no_wrap=not narrow, max_lines=2 if narrow else 1,
                   overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER,
                   # two lines at the font's own spacing run out of the header's height
                   style=ft.TextStyle(height=1.1) if narrow else None)
    if not sitting_out:
        return name
    name.size = 13
    note = tagged(ft.Text(t("sits_out"), size=10, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                  f"sits-out-{seat + 1}")
    return ft.Column([name, note], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                     alignment=ft.MainAxisAlignment.CENTER)


def sitting_out(sheet: dict[str, Any], seat: int) -> bool:
    """The player does not play the match's current game (an extra game of those tied)."""
    return not sheet["finished"] and not sheet["players"][seat].get("playing", True)


def live_stripes(shell: Speaks, state: State, sheet: dict[str, Any], stage: int, name_w: float, width: float,
                 hints: dict[str, Any], writing_stage: int | None, crossing: bool, tap_box: Callable[[str], None],
                 why_closed: Callable[[int, int, str], None], pick: Callable[[str], None],
                 ) -> tuple[Stripe, list[Stripe], list[Stripe]]:
    """The players' names, the stage's rows and the totals; `hints`: what each open box would take."""
    lang = shell.lang
    players = sheet["players"]
    current_seat = state.seat if not state.finished else None
    # Armed to cross out: the boxes that may be struck show the cross they would take.
    striking = {box for box in state.variant.box_ids if state.can_cross_out(box, writing_stage)
                } if crossing else None

    def box(seat: int, player: dict[str, Any], row: Row, width: float) -> ft.Control:
        assert row.box_id is not None
        box_id = row.box_id
        cell = cell_of(sheet, state, seat, stage, box_id, hints, striking)
        tap: Callable[[], None] | None = None
        if cell.tappable:
            tap = lambda: tap_box(box_id)  # noqa: E731
        elif not state.finished:
            tap = lambda: why_closed(seat, stage, box_id)  # noqa: E731
        press = (lambda: pick(box_id)) if cell.tappable and cell.kind == "preview" else None
        return box_cell(shell.t, cell, f"box-{seat + 1}-{stage}-{box_id}", width,
                        seat == current_seat and stage == state.stage, f"{player['name']} · {row.label.in_(lang)}",
                        tap, press)

    names: list[ft.Control] = [
        ft.Container(
            content=player_name(shell.t, p, i, sitting_out(sheet, i), width),
            width=width,
            height=HEADER_H,
            alignment=ft.Alignment.CENTER,
            padding=ft.Padding.symmetric(horizontal=2),  # two names never run into one
            bgcolor=theme.CURRENT_COLUMN if i == current_seat else None,
        )
        for i, p in enumerate(players)
    ]
    line = ft.Border.only(bottom=ft.BorderSide(LINE_W, theme.LINE))
    names_row: Stripe = (ft.Container(width=name_w, height=HEADER_H), names, None, line)
    marked = current_seat if stage == state.stage else None
    rows = score_grid.stage_stripes(shell, LOOK, state.variant, sheet, stage, name_w, width, box, marked)
    totals = score_grid.total_stripes(shell, LOOK, state.variant, sheet, name_w, width, current_seat)
    out = [i for i in range(len(players)) if sitting_out(sheet, i)]
    score_grid.dim([names_row, *rows, *totals[:1]], out, SITTING_OUT)
    return names_row, rows, totals


def panel_width(screen_w: float) -> float:
    """The dice panel's width where it stands beside the sheet (a phone held sideways)."""
    return min(float(theme.SIDE_PANEL_W), max(300.0, screen_w / 2))


def name_width(room: float, players: int) -> float:
    """The box names' column in `room` px: narrower when many players share it, wider (up to
    NAME_W_WIDE) where the players' columns are as wide as they grow and room is left over
    («Четыре одинаковых» on one line in a game of two)."""
    if players > 4:
        return theme.NAME_W_NARROW
    left = room - 16 - players * CELL_NAME_WIDE
    return float(max(theme.NAME_W, min(theme.NAME_W_WIDE, left)))


def cell_width(room: float, name_w: float, players: int) -> float:
    """A player's column: the room left shared out, never under 44 px (then the columns scroll)."""
    return max(44.0, min(CELL_NAME_WIDE, (room - 16 - name_w) / max(1, players)))
