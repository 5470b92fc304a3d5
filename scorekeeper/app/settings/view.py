"""Settings: language (Russian / English), theme (light / dark / system), the advisor's hint (off / on)."""

from __future__ import annotations

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.shell import Shell, header, tagged
from scorekeeper.app.widgets.share import keep_section


class SettingsScreen:
    """Three choices, each a row of big buttons."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def dispose(self) -> None:
        """Nothing to let go of."""

    def _choice(self, identifier: str, label: str, selected: bool, on_pick: object) -> ft.Control:
        style = ft.FilledButton if selected else ft.OutlinedButton
        # Merged, the button itself carries the selected state (on a node around it, a screen
        # reader did not say which language or theme is the chosen one).
        return ft.MergeSemantics(
            content=tagged(
                style(content=label, on_click=on_pick, height=theme.TAP, expand=True),  # type: ignore[arg-type]
                identifier,
                selected=selected,
            ),
            expand=True,
        )

    def build(self) -> ft.Control:
        """Language and theme pickers."""
        s = self.shell
        t = s.t
        langs = ft.Row(
            [
                self._choice("lang-ru", "Русский", s.lang == "ru", lambda _: s.set_lang("ru")),
                self._choice("lang-en", "English", s.lang == "en", lambda _: s.set_lang("en")),
            ]
        )
        themes = ft.Row(
            [
                self._choice(f"theme-{name}", t(f"theme_{name}"), s.settings.theme == name,
                             lambda _, n=name: s.set_theme(n))
                for name in ("light", "dark", "system")
            ]
        )
        hint = ft.Row(
            [
                self._choice("hint-off", t("advice_off"), not s.settings.hint, lambda _: s.set_hint(False)),
                self._choice("hint-on", t("advice_on"), s.settings.hint, lambda _: s.set_hint(True)),
            ]
        )
        body = ft.Column(
            [
                ft.Text(t("language"), size=18, weight=ft.FontWeight.W_600),
                langs,
                ft.Container(height=12),
                ft.Text(t("theme"), size=18, weight=ft.FontWeight.W_600),
                themes,
                ft.Container(height=12),
                ft.Text(t("advice_setting"), size=18, weight=ft.FontWeight.W_600),
                ft.Text(t("advice_setting_about"), size=14, color=theme.MUTED),
                hint,
                ft.Container(height=12),
                keep_section(s),
            ],
            spacing=10,
            scroll=ft.ScrollMode.AUTO,  # three choices and the backup outgrow a phone held sideways
        )
        return ft.Column(
            [header(s, t("settings"), back=s.home), ft.Container(content=body, padding=16, expand=True)],
            spacing=0,
            expand=True,
        )
