"""A die face drawn with pips (1–6), or a number for football goals; blank when re-thrown."""

from __future__ import annotations

import flet as ft

# Pip positions on a 3×3 grid (row, column) for each face.
PIPS: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((1, 1),),
    2: ((0, 0), (2, 2)),
    3: ((0, 0), (1, 1), (2, 2)),
    4: ((0, 0), (0, 2), (2, 0), (2, 2)),
    5: ((0, 0), (0, 2), (1, 1), (2, 0), (2, 2)),
    6: ((0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 2)),
}


def pip_grid(value: int, size: float, color: str) -> ft.Control:
    """The pips of `value` on a square of `size` px."""
    pip = size * 0.2
    cell = size / 3
    dots: list[ft.Control] = [
        ft.Container(
            width=pip,
            height=pip,
            border_radius=pip / 2,
            bgcolor=color,
            left=col * cell + (cell - pip) / 2,
            top=row * cell + (cell - pip) / 2,
        )
        for row, col in PIPS[value]
    ]
    return ft.Stack(controls=dots, width=size, height=size)


def die_face(
    value: int | None,
    size: float,
    *,
    numeric: bool = False,
    selected: bool = False,
    faded: bool = False,
    advised: bool = False,
) -> ft.Container:
    """A die showing `value` (None: blank, waiting for its new value); `advised`: one the advisor's
    hint keeps, outlined in the hint's colour."""
    colour = ft.Colors.PRIMARY if selected else ft.Colors.TERTIARY if advised else ft.Colors.OUTLINE
    border = ft.Border.all(3 if selected or advised else 1.5, colour)
    if value is None:
        inner: ft.Control | None = ft.Text("?", size=size * 0.4, color=ft.Colors.OUTLINE, semantics_label="")
        bg = ft.Colors.SURFACE_CONTAINER
    elif numeric or value not in PIPS:
        label = f"{value}+" if numeric and value >= 9 else str(value)
        inner = ft.Text(label, size=size * 0.45, weight=ft.FontWeight.BOLD, semantics_label="")
        bg = ft.Colors.SURFACE_CONTAINER_LOWEST
    else:
        inner = pip_grid(value, size * 0.78, ft.Colors.ON_SURFACE)
        bg = ft.Colors.TERTIARY_CONTAINER if advised else ft.Colors.SURFACE_CONTAINER_LOWEST
    return ft.Container(
        content=inner,
        width=size,
        height=size,
        alignment=ft.Alignment.CENTER,
        bgcolor=bg,
        border=border,
        border_radius=size * 0.18,
        opacity=0.45 if faded else 1.0,
    )
