"""Invite: the address, a QR code and the join code; and the join screen other devices see first."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.invite.model import code_matches, invite_url, join_url, qr_png
from scorekeeper.app.shell import Shell, header, tagged


class InviteScreen:
    """What to show the table so that their phones can join."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def dispose(self) -> None:
        """Nothing to let go of."""

    def build(self) -> ft.Control:
        """Address, QR, code (or how to open the app to the table)."""
        s = self.shell
        t = s.t
        config = s.config
        url = invite_url(config.host, config.port)
        parts: list[ft.Control] = []
        if not config.shared:
            parts.append(ft.Text(t("invite_local_only"), size=16, color=theme.MUTED))
        if config.shared:
            parts += [
                ft.Text(t("invite_title"), size=20, weight=ft.FontWeight.W_600),
                ft.Container(
                    content=ft.Image(src=qr_png(join_url(url, config.join_code)), width=240, height=240,
                                     semantics_label=t("invite_qr")),
                    bgcolor=ft.Colors.WHITE,
                    padding=8,
                    border_radius=12,
                ),
            ]
        # A selectable text is a nameless text box to a screen reader: the node around it says the address.
        parts.append(ft.Semantics(content=tagged(ft.Text(url, size=20, selectable=True), "invite-address"),
                                  label=t("invite_address", url=url)))
        if config.shared:
            parts.append(tagged(ft.Text(t("invite_code", code=config.join_code), size=32,
                                        weight=ft.FontWeight.BOLD), "join-code"))
        body = ft.Column(parts, spacing=16, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                         scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [header(s, t("invite"), back=s.home),
             ft.Container(content=body, padding=16, expand=True, alignment=ft.Alignment.TOP_CENTER)],
            spacing=0,
            expand=True,
        )


class JoinScreen:
    """A device that is not this machine sees only this until it enters the table's code."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.error = ""
        self.field = ft.TextField(
            label=shell.t("join_title"),
            keyboard_type=ft.KeyboardType.NUMBER,
            text_size=28,
            width=220,
            text_align=ft.TextAlign.CENTER,
            on_submit=self._try,
            on_change=self._changed,
        )

    def dispose(self) -> None:
        """Nothing to let go of."""

    def _changed(self, e: Any) -> None:
        if len("".join((e.control.value or "").split())) >= len(self.shell.config.join_code):
            self._try(e)

    def _try(self, _: Any) -> None:
        if code_matches(self.field.value or "", self.shell.config.join_code):
            self.shell.joined = True
            self.shell.remember_join()
            self.shell.go(getattr(self.shell.page, "route", None) or "/")  # the address it was opened at
        else:
            self.error = self.shell.t("join_wrong")
            self.field.value = ""
            self.shell.redraw()

    def build(self) -> ft.Control:
        """The code field and nothing else."""
        t = self.shell.t
        return ft.Container(
            content=ft.Column(
                [
                    ft.Icon(ft.Icons.CASINO, size=64, color=ft.Colors.PRIMARY),
                    ft.Text(t("join_title"), size=24, weight=ft.FontWeight.W_600),
                    ft.Text(t("join_hint"), size=16, color=theme.MUTED, text_align=ft.TextAlign.CENTER),
                    tagged(self.field, "join-code-field"),
                    tagged(ft.FilledButton(content=t("join"), on_click=self._try, height=theme.TAP), "join"),
                    tagged(ft.Text(self.error, color=ft.Colors.ERROR, size=16), "join-error"),
                ],
                spacing=16,
                horizontal_alignment=ft.CrossAxisAlignment.CENTER,
            ),
            padding=24,
            alignment=ft.Alignment.CENTER,
            expand=True,
        )
