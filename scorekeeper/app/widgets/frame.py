"""The frame every screen shares: the top bar, and controls with a test identifier or a spoken name."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from scorekeeper.app import theme
from scorekeeper.i18n import Lang


class Speaks(Protocol):
    """What the shared widgets need of the shell: the session's language, its words, its dialogs."""

    @property
    def lang(self) -> Lang: ...

    def t(self, key: str, **values: object) -> str: ...

    def explain(self, title: str, reason: str, actions: Any = None, dismiss: str | None = None) -> object: ...

    def explaining(self, title: str, reason: str) -> Callable[[Any], None]: ...


def tagged(control: ft.Control, identifier: str, label: str | None = None, **kwargs: object) -> ft.Semantics:
    """`control` with a stable test identifier (and a spoken label)."""
    return ft.Semantics(content=control, identifier=identifier, label=label, **kwargs)  # type: ignore[arg-type]


def named_icon(icon: ft.IconData, label: str, **kwargs: Any) -> ft.Icon:
    """An icon that names its button: an IconButton takes the spoken name of its icon (a tooltip
    alone names only the wrapper around the button, and leaves the button itself nameless)."""
    return ft.Icon(icon, semantics_label=label, **kwargs)


def action_button(icon: ft.IconData, label: str, short: str, on_click: Callable[[Any], None], *,
                  wide: bool) -> ft.Control:
    """A screen's own action: a labelled button across the screen (`wide`), else an icon named `short`."""
    if wide:
        return ft.OutlinedButton(
            content=ft.Row([ft.Icon(icon, size=20), ft.Text(label, size=17)], spacing=8,
                           alignment=ft.MainAxisAlignment.CENTER),
            on_click=on_click, height=theme.TAP)
    return ft.IconButton(icon=named_icon(icon, short), tooltip=short, on_click=on_click,
                         width=theme.TAP_MIN, height=theme.TAP_MIN)


def header(
    shell: Speaks,
    title: str,
    *,
    back: Callable[[], None] | None = None,
    trailing: list[ft.Control] | None = None,
    title_control: ft.Control | None = None,
) -> ft.Control:
    """The top bar of a screen: back, title, and the screen's own buttons."""
    left: list[ft.Control] = []
    if back is not None:
        left.append(
            tagged(
                ft.IconButton(icon=named_icon(ft.Icons.ARROW_BACK, shell.t("back")), on_click=lambda _: back(),
                              tooltip=shell.t("back"), width=theme.TAP, height=theme.TAP),
                "back",
            )
        )
    return ft.Container(
        content=ft.Row(
            controls=[
                *left,
                ft.Container(
                    content=title_control
                    or ft.Text(title, size=20, weight=ft.FontWeight.W_600, no_wrap=True,
                               overflow=ft.TextOverflow.ELLIPSIS),
                    expand=True,
                    padding=ft.Padding.only(left=0 if back else 8),
                ),
                *(trailing or []),
            ],
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
            spacing=4,
        ),
        padding=ft.Padding.symmetric(horizontal=8, vertical=4),
        height=60,
        bgcolor=ft.Colors.SURFACE_CONTAINER,
    )
