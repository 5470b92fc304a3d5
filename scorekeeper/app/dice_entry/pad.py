"""The dice panel's buttons: the face pad, «Все 5» and the throw button."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.widgets.die import die_face
from scorekeeper.app.widgets.frame import tagged

THROW_PAD = 14  # the throw button's padding on each side (Flutter's own 24 ran its label past a narrow panel)


def die_side(width: float, numeric: bool) -> float:
    """A die's side in a panel `width` wide: the full size where the row fits, smaller on a narrower phone."""
    # The panel's padding (16), the gaps between the dice and, beside the dice, the photo
    # button (48) after a gap (10); football's goals have no photo button and wider gaps.
    taken = 16 + (4 * 10 if numeric else 4 * 5 + 48 + 10)
    return max(40.0, min(float(theme.DIE), (width - taken) / 5))


def face_pad(t: Callable[..., str], low: int, high: int, numeric: bool, on_face: Callable[[int], None]
             ) -> list[ft.Control]:
    """One row of faces (two for football's goals 0-9+), each a tap target the width of the row allows."""
    faces = range(low, high + 1)
    pad_rows: list[list[int]] = [list(faces)] if len(faces) <= 6 else [list(faces)[:5], list(faces)[5:]]
    pad: list[ft.Control] = []
    for row in pad_rows:
        buttons: list[ft.Control] = []
        for value in row:
            shown = f"{value}+" if numeric and value == high and value >= 9 else str(value)
            face_label = t("goals_v" if numeric else "face_v", v=shown)
            if numeric:
                inner: ft.Control = ft.Text(shown, size=22, weight=ft.FontWeight.BOLD, semantics_label="")
            else:
                inner = die_face(value, 34)
            button = ft.Container(
                content=inner,
                height=theme.TAP,
                expand=True,
                alignment=ft.Alignment.CENTER,
                border_radius=10,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                on_click=lambda _, v=value: on_face(v),
                ink=True,
            )
            buttons.append(tagged(button, f"face-{value}", face_label, button=True, expand=True))  # type: ignore[arg-type]
        pad.append(ft.Row(buttons, spacing=6))
    return pad


def rethrow_button(t: Callable[..., str], on_click: Callable[[Any], None]) -> ft.Control:
    """«Все 5»: all five dice thrown again, named (an arrow alone went unnoticed, and a player
    who threw all five filled the faded dice with the first faces: two throws recorded)."""
    return ft.OutlinedButton(
        content=ft.Row([ft.Icon(ft.Icons.REFRESH, size=18), ft.Text(t("rethrow_all_short"), size=15)],
                       spacing=4, tight=True),
        on_click=on_click, tooltip=t("rethrow_all"), height=44,
        style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10)),
    )


def throw_button(label: str, on_click: Callable[[Any], None]) -> ft.Control:
    """«Бросок» (football: the tour's goals recorded), taking the rest of the actions' row."""
    return tagged(
        ft.FilledButton(
            content=ft.Row([ft.Icon(ft.Icons.CASINO), ft.Text(label, size=17)], spacing=6),
            on_click=on_click,
            height=44,
            expand=True,
            style=ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=THROW_PAD)),
        ),
        "throw",
        expand=True,  # type: ignore[arg-type]
    )
