"""New game: the variant with its description, house rules, and the players."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.new_game.model import NewGameForm
from scorekeeper.app.shell import Shell, header, named_icon, tagged
from scorekeeper.game import GameError
from scorekeeper.i18n.ui import OPTION_NAMES, OPTION_VALUES
from scorekeeper.rules import VARIANT_IDS, RulesInputError, get_variant, option_specs
from scorekeeper.service import GameService


class NewGameScreen:
    """The form; `start-game` saves the game and opens its sheet."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.form = NewGameForm(known_names=shell.store.known_names(limit=24))
        self.options_open = False
        self.bad_options: dict[str, str] = {}  # options whose typed text is no value they take: what was typed

    def dispose(self) -> None:
        """Nothing to let go of."""

    def _redraw(self) -> None:
        self.shell.redraw()

    # --- parts ---------------------------------------------------------------------------------
    def _variant_tile(self, variant_id: str) -> ft.Control:
        lang = self.shell.lang
        variant = get_variant(variant_id)
        selected = variant_id == self.form.variant_id
        column: list[ft.Control] = [
            ft.Row(
                [
                    ft.Icon(ft.Icons.RADIO_BUTTON_CHECKED if selected else ft.Icons.RADIO_BUTTON_UNCHECKED,
                            color=ft.Colors.PRIMARY if selected else theme.MUTED),
                    ft.Text(variant.name.in_(lang), size=17, weight=ft.FontWeight.W_600, expand=True),
                ]
            )
        ]
        if selected:
            column.append(ft.Text(variant.description.in_(lang), size=14, color=theme.MUTED))

        def pick(_: Any) -> None:
            if variant_id != self.form.variant_id:
                self.bad_options.clear()  # the other variant's options start at their defaults
            self.form.pick_variant(variant_id)
            self._redraw()

        tile = ft.Container(
            content=ft.Column(column, spacing=4),
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=12,
            bgcolor=theme.CURRENT_COLUMN if selected else ft.Colors.SURFACE_CONTAINER_HIGH,
            on_click=pick,
            ink=True,  # a stop of the keyboard's Tab (Enter picks it)
        )
        return tagged(tile, f"variant-{variant_id}", button=True, selected=selected)

    def _option_row(self, spec: Any) -> ft.Control | None:
        if isinstance(spec.kind, tuple) and len(spec.kind) < 2:
            return None  # fixed by the variant: nothing to choose
        value = self.form.option_value(spec.name)
        name = OPTION_NAMES.get(spec.name)
        label = ft.Text(name.in_(self.shell.lang) if name else (spec.help or spec.name), size=15, expand=True)
        spoken: str | None = None  # a name of the control's own, where the browser gives it none

        def set_value(raw: Any) -> bool:
            try:
                self.form.set_option(spec.name, spec.coerce(raw))
            except ValueError:
                return False
            return True

        if spec.kind is bool:
            # Flutter on the web lays a switch out 40 px tall (compact density, shrink-wrapped tap
            # target): its own padding makes the tap area 48 px (the track stays as it was).
            control: ft.Control = ft.Switch(value=bool(value), on_change=lambda e: set_value(e.control.value),
                                            padding=ft.Padding.symmetric(horizontal=4, vertical=4))
        elif isinstance(spec.kind, tuple):
            choices = {str(v): v for v in spec.kind}

            def said(key: str) -> str:  # a drop-down's button says neither the option nor its value
                return f"{label.value}: {OPTION_VALUES[key].in_(self.shell.lang) if key in OPTION_VALUES else key}"

            def picked(key: str) -> None:
                set_value(choices.get(key, key))
                node.label = said(key)
                node.update()

            spoken = said(str(value))
            control = ft.Dropdown(
                value=str(value),
                options=[ft.DropdownOption(key=key, text=OPTION_VALUES[key].in_(self.shell.lang)
                                           if key in OPTION_VALUES else key) for key in choices],
                on_select=lambda e: picked(e.control.value or ""),
                width=190,
                dense=True,
            )
        else:

            def typed(e: Any) -> None:
                text = (e.control.value or "").strip()
                if not text:
                    self.form.set_option(spec.name, spec.default)
                    self.bad_options.pop(spec.name, None)
                elif set_value(text):
                    self.bad_options.pop(spec.name, None)
                else:  # kept to be said at Start: the game must not begin with another value than shown
                    self.bad_options[spec.name] = text
                e.control.border_color = ft.Colors.ERROR if spec.name in self.bad_options else None
                self.shell.page.update()

            # Not dense: 48 px tall (40 when dense).
            shown = self.bad_options.get(spec.name, "" if value is None else str(value))
            control = ft.TextField(value=shown, width=80, keyboard_type=ft.KeyboardType.NUMBER, on_change=typed,
                                   border_color=ft.Colors.ERROR if spec.name in self.bad_options else None)
        # The control is a node of its own (`option-<name>-value`), not merged into the row's.
        node = tagged(control, f"option-{spec.name}-value", spoken, container=True)
        return tagged(ft.Row([label, node]),
                      f"option-{spec.name}")

    def _player_row(self, index: int) -> ft.Control:
        t = self.shell.t
        n = index + 1

        def changed(e: Any) -> None:
            if index < len(self.form.names):
                self.form.names[index] = e.control.value or ""

        def remove(_: Any) -> None:
            self.form.remove_player(index)
            self._redraw()

        def up(_: Any) -> None:
            self.form.move_up(index)
            self._redraw()

        field = ft.TextField(
            value=self.form.names[index],
            label=t("player_n", n=n),
            on_change=changed,
            text_size=18,
            expand=True,
        )
        return ft.Row(
            [
                tagged(field, f"player-name-{n}", expand=True),  # type: ignore[arg-type]
                tagged(ft.IconButton(icon=named_icon(ft.Icons.ARROW_UPWARD, t("move_up", n=n)), on_click=up, tooltip=t("move_up", n=n),
                                     width=theme.TAP, height=theme.TAP),
                       f"move-up-{n}"),
                tagged(ft.IconButton(icon=named_icon(ft.Icons.CLOSE, t("remove_player", n=n)), on_click=remove, tooltip=t("remove_player", n=n),
                                     disabled=len(self.form.names) <= 1, width=theme.TAP, height=theme.TAP),
                       f"remove-player-{n}"),
            ],
            spacing=2,
        )

    # --- screen --------------------------------------------------------------------------------
    def build(self) -> ft.Control:
        """Variants, options (folded), players, start."""
        s = self.shell
        t = s.t
        specs = option_specs(self.form.variant_id)

        def toggle_options(_: Any) -> None:
            self.options_open = not self.options_open
            self._redraw()

        def add(_: Any) -> None:
            self.form.add_player()
            self._redraw()

        options: list[ft.Control] = [
            tagged(
                ft.TextButton(
                    content=ft.Row([ft.Icon(ft.Icons.TUNE), ft.Text(t("options")),
                                    ft.Icon(ft.Icons.EXPAND_LESS if self.options_open else ft.Icons.EXPAND_MORE)]),
                    on_click=toggle_options,
                    height=theme.TAP,
                ),
                "options",
            )
        ]
        if self.options_open:
            options += [row for spec in specs if (row := self._option_row(spec)) is not None]

        body = ft.Column(
            [
                ft.Text(t("variant"), size=16, weight=ft.FontWeight.W_600, color=theme.MUTED),
                *[self._variant_tile(v) for v in VARIANT_IDS],
                *options,
                ft.Text(t("players"), size=16, weight=ft.FontWeight.W_600, color=theme.MUTED),
                *[self._player_row(i) for i in range(len(self.form.names))],
                tagged(
                    ft.OutlinedButton(
                        content=ft.Row([ft.Icon(ft.Icons.PERSON_ADD), ft.Text(t("add_player"))]),
                        on_click=add,
                        height=theme.TAP,
                        disabled=len(self.form.names) >= self.form.max_players,
                    ),
                    "add-player",
                ),
                ft.Container(height=80),
            ],
            spacing=10,
            scroll=ft.ScrollMode.AUTO,
            expand=True,
        )
        start = tagged(
            ft.FilledButton(
                content=ft.Text(t("start_game"), size=20),
                on_click=lambda _: self._start(),
                height=60,
                expand=True,
            ),
            "start-game",
            expand=True,  # type: ignore[arg-type]
        )
        return ft.Column(
            [
                header(s, t("new_game"), back=s.home),
                ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=16), expand=True),
                ft.Container(content=ft.Row([start]), padding=12),
            ],
            spacing=0,
            expand=True,
        )

    def _start(self) -> None:
        s = self.shell
        def seat_name(n: int) -> str:
            return s.t("player_n", n=n)

        for name, text in self.bad_options.items():
            spec = next(o for o in option_specs(self.form.variant_id) if o.name == name)
            label = OPTION_NAMES[name].in_(s.lang) if name in OPTION_NAMES else name
            s.explain(s.t("why_not"), s.t("option_bad", name=label, typed=text, low=spec.minimum, high=spec.maximum))
            return
        problem = self.form.problem(seat_name)
        if problem is not None:
            s.explain(s.t("why_not"), s.t(problem))
            return
        try:
            service = GameService.create(s.store, self.form.variant_id, self.form.players(seat_name),
                                         self.form.options)
        except GameError as error:
            s.explain(s.t("why_not"), error.in_(s.lang))
            return
        except RulesInputError as error:
            s.explain(s.t("why_not"), str(error))
            return
        s.open_game(service.game_id)
