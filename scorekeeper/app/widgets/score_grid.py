"""The score grid: a row per box as on paper, a column per player, the «гора» / upper sum, extras
and totals. One widget for the live sheet and for History: the live sheet supplies its own box
cells (previews, taps) and a roomier look; History reads the sheet as it was saved.

A grid is a list of stripes: (label, players' cells, background, border). Both halves of a stripe
have the same height, so the labels can stay put while many players' columns scroll sideways.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.sheet.match import match_rows
from scorekeeper.app.sheet.model import Row, cell_name, gora_sums, stage_rows, upper_meter
from scorekeeper.app.widgets.frame import Speaks, tagged
from scorekeeper.i18n import num
from scorekeeper.rules import Variant

Stripe = tuple[ft.Control, list[ft.Control], str | None, ft.Border | None]
BoxCell = Callable[[int, dict[str, Any], Row, float], ft.Control]  # (seat, player, row, width) -> cell




@dataclass(frozen=True)
class GridLook:
    """Sizes and identifiers that differ between the live sheet and History."""

    prefix: str  # before every cell's identifier ("history-" in History)
    row_h: float  # a box's row
    other_h: float  # the «гора», extras, a stage's total
    total_h: float  # a line of totals
    label_size: int  # a row's label (two sizes smaller where long)
    value_size: int  # the «гора», extras, a stage's total
    total_sizes: tuple[int, int, int]  # the game's total, fences, a match's lines
    total_key: str = "total"  # the identifier of the game's total line
    box_label_weight: ft.FontWeight | None = None
    label_right: int = 0  # the labels' padding on the right
    note_size: Callable[[str, float], int] = lambda said, width: 10  # the «гора»'s note in a column `width` wide
    empty_note: bool = True  # the «гора» keeps its note's line while the note is empty


def stage_stripes(shell: Speaks, look: GridLook, variant: Variant, sheet: dict[str, Any], stage: int,
                  name_w: float, width: float, box_cell: BoxCell, current: int | None = None) -> list[Stripe]:
    """The rows of one stage; `current`: the seat whose column is marked (the player to move)."""
    line = ft.Border.only(bottom=ft.BorderSide(0.5, theme.LINE))
    stripes: list[Stripe] = []
    for row in stage_rows(variant):
        text = row.label.in_(shell.lang)
        size = look.label_size - 2 if theme.long_label(text, name_w) else look.label_size
        label = ft.Container(
            content=ft.Text(text, size=size, max_lines=2, overflow=ft.TextOverflow.ELLIPSIS,
                            weight=ft.FontWeight.W_600 if row.kind != "box" else look.box_label_weight),
            width=name_w,
            height=look.row_h if row.kind == "box" else look.other_h,
            alignment=ft.Alignment.CENTER_LEFT,
            padding=ft.Padding.only(left=8, right=look.label_right),
        )
        cells = [box_cell(seat, player, row, width) if row.kind == "box"
                 else _figure(shell, look, variant, player, seat, stage, row, width, seat == current)
                 for seat, player in enumerate(sheet["players"])]
        stripes.append((label, cells, theme.SECTION if row.kind != "box" else None, line))
    return stripes


def _figure(shell: Speaks, look: GridLook, variant: Variant, player: dict[str, Any], seat: int, stage: int,
            row: Row, width: float, current: bool) -> ft.Control:
    """A cell that is not a box: the «гора» / upper sum (a tap says it both ways), extras, the total."""
    part = player["stages"][stage - 1]
    where = f"{seat + 1}-{stage}"
    on_tap: Callable[[Any], None] | None = None
    content: ft.Control
    if row.kind == "upper":
        meter = upper_meter(variant, part, shell.lang)
        tone = {"good": theme.GOOD, "bad": theme.BAD, "neutral": theme.MUTED}[meter.tone]
        lines: list[ft.Control] = [ft.Text(meter.text, size=look.value_size, weight=ft.FontWeight.BOLD, color=tone)]
        if meter.note or look.empty_note:
            # Kept off the column's edges, so that a note too long never runs into the next one.
            said = meter.note_in(width)
            note = ft.Text(said, size=look.note_size(said, width), color=tone, no_wrap=True,
                           semantics_label="", overflow=ft.TextOverflow.ELLIPSIS)
            lines.append(ft.Container(content=note, padding=ft.Padding.symmetric(horizontal=3)))
        content = ft.Column(lines, spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                            alignment=ft.MainAxisAlignment.CENTER)
        identifier = f"{look.prefix}gora-{where}"
        value = ", ".join(x for x in (meter.text, meter.note) if x)
        sums = gora_sums(variant, part, shell.lang)
        if sums:  # by sign, and as the dice's sum against 63
            on_tap = shell.explaining(f"{shell.t('gora')} · {player['name']} · {shell.t('stage_n', n=stage)}", sums)
    elif row.kind == "extra":
        extra = int(part["extra"])
        value = num(extra)
        content = ft.Text(value, size=look.value_size, weight=ft.FontWeight.BOLD, color=None if extra else theme.MUTED)
        identifier = f"{look.prefix}extra-{where}"
    else:
        value = num(part["total"])
        content = ft.Text(value, size=look.value_size, weight=ft.FontWeight.BOLD)
        identifier = f"{look.prefix}stage-total-{where}"
    cell = tagged(ft.Container(content=content, width=width, height=look.other_h, alignment=ft.Alignment.CENTER,
                               bgcolor=theme.CURRENT_COLUMN if current else None,
                               border=ft.Border.only(left=ft.BorderSide(0.5, theme.LINE)), on_click=on_tap),
                  identifier)
    # Whose cell it is, on a node around it: the cell's own text stays its number.
    return ft.Semantics(content=cell, label=cell_name(player["name"], row.label.in_(shell.lang), value, shell.lang))


def total_stripes(shell: Speaks, look: GridLook, variant: Variant, sheet: dict[str, Any], name_w: float,
                  width: float, current: int | None = None, border: ft.Border | None = None) -> list[Stripe]:
    """The game's total, the fences banked where the variant has them, a match's lines; `border`
    above the first."""
    players = sheet["players"]
    game, fences, match = look.total_sizes
    # In a match the columns hold one game: the match itself is on the lines below them.
    lines = [(look.total_key, shell.t("game_total" if "match" in sheet else "total"),
              [num(p["total"]) for p in players], game)]
    if variant.fences:  # the fences banked at the end (worth nothing then), as the live sheet's row
        lines.append(("fences", shell.t("fences"), [num(p.get("fences", 0)) for p in players], fences))
    lines += [(row.key, row.label, row.values, match) for row in match_rows(sheet, shell.lang)]
    stripes: list[Stripe] = []
    for n, (key, text, values, size) in enumerate(lines):
        long = theme.long_label(text, name_w)  # «Всего в матче»: two smaller lines, not cut
        label = ft.Container(content=ft.Text(text, size=13 if long else 15, weight=ft.FontWeight.W_600, max_lines=2,
                                             overflow=ft.TextOverflow.ELLIPSIS),
                             width=name_w, height=look.total_h, padding=ft.Padding.only(left=8),
                             alignment=ft.Alignment.CENTER_LEFT)
        cells: list[ft.Control] = [
            ft.Semantics(  # whose total it is, around the cell: the cell's own text stays the number
                content=tagged(ft.Container(content=ft.Text(value, size=size, weight=ft.FontWeight.BOLD),
                                            width=width, height=look.total_h, alignment=ft.Alignment.CENTER,
                                            bgcolor=theme.CURRENT_COLUMN if seat == current else None),
                               f"{look.prefix}{key}-{seat + 1}"),
                label=cell_name(players[seat]["name"], text, value, shell.lang),
            )
            for seat, value in enumerate(values)
        ]
        stripes.append((label, cells, None, border if n == 0 else None))
    return stripes


def draw(stripes: list[Stripe], left: bool = True, right: bool = True) -> list[ft.Control]:
    """The stripes as rows: the labels, the cells, or both side by side."""
    return [ft.Container(content=ft.Row(([label] if left else []) + (cells if right else []), spacing=0),
                         bgcolor=bg, border=border)
            for label, cells, bg, border in stripes]


def dim(stripes: list[Stripe], seats: list[int], opacity: float) -> None:
    """Dim the columns of `seats` (players sitting a match's game out)."""
    for seat in seats:
        for _, cells, _, _ in stripes:
            drawn = cells[seat]
            while isinstance(drawn, ft.Semantics) and drawn.content is not None:
                drawn = drawn.content
            drawn.opacity = opacity
