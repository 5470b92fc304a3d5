"""New game: the variant with its description, house rules, and the players."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorekeeper.app import theme, unfinished
from scorekeeper.app.new_game.model import NewGameForm, value_words
from scorekeeper.app.shell import Shell, header, named_icon, tagged
from scorekeeper.game import GameError
from scorekeeper.i18n.ui import OPTION_HELP, OPTION_NAMES, OPTION_UNSET
from scorekeeper.rules import VARIANT_IDS, RulesInputError, get_variant, option_specs
from scorekeeper.service import GameService

CHOICE_W = 190  # a drop-down's width beside the option's name: its choices of up to CHOICE_CHARS
CHOICE_CHARS = 12  # ... characters fit; longer ones widen it (about CHAR_W px a character, its
CHAR_W = 9  # arrow and padding CHOICE_PAD), at most CHOICE_MAX, on a line under the name
CHOICE_PAD = 64
CHOICE_MAX = 300


def _choice_width(chars: int) -> int:
    """A drop-down's width for choices of up to `chars` characters."""
    return CHOICE_W if chars <= CHOICE_CHARS else min(CHOICE_PAD + CHAR_W * chars, CHOICE_MAX)


class NewGameScreen:
    """The form; `start-game` saves the game and opens its sheet."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.form = NewGameForm(known_names=shell.store.known_names(limit=24))
        self.options_open = False
        self.bad_options: dict[str, str] = {}  # options whose typed text is no value they take: what was typed
        self.options_column = ft.Column(spacing=10)
        self.changed_count = ft.Text(size=14, color=ft.Colors.PRIMARY)
        self.players_column = ft.Column(spacing=10)

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
            try:  # the game with the house rules chosen so far
                variant = get_variant(variant_id, **self.form.options)
            except RulesInputError:  # one being typed is not valid yet: the rules as written
                pass
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

    def _default_line(self, name: str) -> str:
        """«default: X» while the option differs from the rules as written, else nothing."""
        if self.form.option_value(name) == self.form.default_value(name):
            return ""
        return self.shell.t("option_default", value=value_words(name, self.form.default_value(name), self.shell.lang))

    def _count_changed(self) -> None:
        n = len(self.form.options)
        self.changed_count.value = self.shell.t("options_changed", n=n) if n else ""

    def _option_row(self, spec: Any) -> ft.Control:
        lang = self.shell.lang
        value = self.form.option_value(spec.name)
        name = OPTION_NAMES.get(spec.name)
        label = ft.Text(name.in_(lang) if name else (spec.help or spec.name), size=15)
        help_text = OPTION_HELP.get(f"{spec.name}.{value}") or OPTION_HELP.get(spec.name)
        default_line = ft.Text(self._default_line(spec.name), size=12, color=ft.Colors.PRIMARY)
        default_line.visible = bool(default_line.value)
        below: list[ft.Control] = []  # the whole width under the row: what the option changes, its default
        if help_text is not None:
            below.append(ft.Text(help_text.in_(lang), size=12, color=theme.MUTED))
        below.append(default_line)
        spoken: str | None = label.value  # the control's own name: the option's (a drop-down's gets its value too)

        def set_value(raw: Any) -> bool:
            try:
                self.form.set_option(spec.name, spec.coerce(raw))
            except ValueError:
                return False
            return True

        def changed() -> None:  # a switch or a choice: other rows may follow it (a preset's own switches)
            self._refresh_options()

        if spec.kind is bool:
            # Flutter on the web lays a switch out 40 px tall (compact density, shrink-wrapped tap
            # target): its own padding makes the tap area 48 px (the track stays as it was).
            def switched(e: Any) -> None:
                set_value(e.control.value)
                changed()

            control: ft.Control = ft.Switch(value=bool(value), on_change=switched,
                                            padding=ft.Padding.symmetric(horizontal=4, vertical=4))
        elif isinstance(spec.kind, tuple):
            choices = {str(v): v for v in spec.kind}
            default_key = str(self.form.default_value(spec.name))

            def shown(key: str) -> str:
                return value_words(spec.name, choices.get(key, key), lang)

            def said(key: str) -> str:  # a drop-down's button says neither the option nor its value
                return f"{label.value}: {shown(key)}"

            def picked(key: str) -> None:
                set_value(choices.get(key, key))
                changed()

            spoken = said(str(value))
            control = ft.Dropdown(
                value=str(value),
                # The default is marked in the list; the field shows the value alone.
                options=[ft.DropdownOption(key=key, text=shown(key),
                                           content=ft.Text(f"{shown(key)} {self.shell.t('option_is_default')}")
                                           if key == default_key else None)
                         for key in choices],
                on_select=lambda e: picked(e.control.value or ""),
                width=_choice_width(max(len(shown(key)) for key in choices)),
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
                default_line.value = self._default_line(spec.name)
                default_line.visible = bool(default_line.value)
                self._count_changed()
                self.shell.page.update()

            # Not dense: 48 px tall (40 when dense).
            shown_text = self.bad_options.get(spec.name, "" if value is None else str(value))
            unset = OPTION_UNSET.get(spec.name)
            control = ft.TextField(value=shown_text, width=80, keyboard_type=ft.KeyboardType.NUMBER, on_change=typed,
                                   hint_text=unset.in_(lang) if unset is not None and len(unset.in_(lang)) < 6 else None,
                                   border_color=ft.Colors.ERROR if spec.name in self.bad_options else None)
        # The control is a node of its own (`option-<name>-value`), not merged into the row's.
        node: ft.Control = tagged(control, f"option-{spec.name}-value", spoken, container=True)
        if not isinstance(control, ft.Dropdown):
            # A switch or a text field is a semantics node of its own below the label given to it:
            # merged, the name is the switch's (the field's) own, as a screen reader needs it.
            node = ft.MergeSemantics(content=node)
        if isinstance(control, ft.Dropdown) and (control.width or 0) > CHOICE_W:
            # a choice too long for the room beside the name: the name above, the choice under it
            lines: list[ft.Control] = [label, ft.Row([node], alignment=ft.MainAxisAlignment.END)]
        else:
            lines = [ft.Row([ft.Container(content=label, expand=True), node])]
        return tagged(ft.Column([*lines, *below], spacing=2), f"option-{spec.name}")

    def _option_rows(self) -> list[ft.Control]:
        rows: list[ft.Control] = [self._option_row(spec) for spec in self.form.specs()]

        def reset(_: Any) -> None:
            self.form.reset_options()
            self.bad_options.clear()
            self._refresh_options()

        rows.append(tagged(ft.TextButton(content=ft.Text(self.shell.t("options_reset")), on_click=reset,
                                         disabled=not self.form.options and not self.bad_options, height=theme.TAP),
                           "options-reset"))
        return rows

    def _refresh_options(self) -> None:
        """The option rows again, in place (the page keeps its scroll position)."""
        self._count_changed()
        self.options_column.controls = self._option_rows() if self.options_open else []
        self.shell.page.update()

    def _player_row(self, index: int) -> ft.Control:
        t = self.shell.t
        n = index + 1

        def changed(e: Any) -> None:
            if index < len(self.form.names):
                self.form.names[index] = e.control.value or ""

        def remove(_: Any) -> None:
            self.form.remove_player(index)
            self._refresh_players()

        def up(_: Any) -> None:
            self.form.move_up(index)
            self._refresh_players()

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
                                     disabled=not self.form.can_move_up(index), width=theme.TAP, height=theme.TAP),
                       f"move-up-{n}"),
                tagged(ft.IconButton(icon=named_icon(ft.Icons.CLOSE, t("remove_player", n=n)), on_click=remove, tooltip=t("remove_player", n=n),
                                     disabled=len(self.form.names) <= 1, width=theme.TAP, height=theme.TAP),
                       f"remove-player-{n}"),
            ],
            spacing=2,
        )

    def _player_rows(self) -> list[ft.Control]:
        def add(_: Any) -> None:
            self.form.add_player()
            self._refresh_players()

        return [
            *[self._player_row(i) for i in range(len(self.form.names))],
            tagged(
                ft.OutlinedButton(
                    content=ft.Row([ft.Icon(ft.Icons.PERSON_ADD), ft.Text(self.shell.t("add_player"))]),
                    on_click=add,
                    height=theme.TAP,
                    disabled=len(self.form.names) >= self.form.max_players,
                ),
                "add-player",
            ),
            *full_line(self.shell, self.form),
            *self._known_names(),
        ]

    def _refresh_players(self) -> None:
        """The players again, in place (the page keeps its scroll position)."""
        self.players_column.controls = self._player_rows()
        self.shell.page.update()

    def _known_names(self) -> list[ft.Control]:
        """Players of earlier games not at the table yet: a tap seats one."""
        offer = self.form.known_to_offer()
        if not offer:
            return []

        def seat(name: str) -> None:
            if self.form.take_known(name):
                self._refresh_players()

        def chip(name: str) -> ft.Control:
            return tagged(ft.OutlinedButton(content=ft.Text(name, size=15), height=theme.TAP,
                                            on_click=lambda _: seat(name),
                                            disabled=len(self.form.names) >= self.form.max_players
                                            and all(n.strip() for n in self.form.names)),
                          f"known-name-{name}")

        return [ft.Text(self.shell.t("recent_names"), size=14, color=theme.MUTED),
                ft.Row([chip(name) for name in offer], wrap=True, spacing=6, run_spacing=6)]

    # --- screen --------------------------------------------------------------------------------
    def build(self) -> ft.Control:
        """Variants, options (folded), players, start."""
        s = self.shell
        t = s.t

        def toggle_options(_: Any) -> None:
            self.options_open = not self.options_open
            self._redraw()

        options: list[ft.Control] = [
            tagged(
                ft.TextButton(
                    content=ft.Row([ft.Icon(ft.Icons.TUNE), ft.Text(t("options")), self.changed_count,
                                    ft.Icon(ft.Icons.EXPAND_LESS if self.options_open else ft.Icons.EXPAND_MORE)]),
                    on_click=toggle_options,
                    height=theme.TAP,
                ),
                "options",
            )
        ]
        self._count_changed()
        self.options_column = ft.Column(self._option_rows() if self.options_open else [], spacing=10)
        self.players_column = ft.Column(self._player_rows(), spacing=10)
        options.append(self.options_column)

        body = ft.Column(
            [
                ft.Text(t("variant"), size=16, weight=ft.FontWeight.W_600, color=theme.MUTED),
                *[self._variant_tile(v) for v in VARIANT_IDS],
                *options,
                ft.Text(t("players"), size=16, weight=ft.FontWeight.W_600, color=theme.MUTED),
                self.players_column,
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
        unfinished.changed(s.store)  # the other phones' Home lists it
        s.open_game(service.game_id)

def full_line(shell: Shell, form: NewGameForm) -> list[ft.Control]:
    """Why «add» is off once the table is full: a greyed button alone says nothing."""
    most = form.max_players
    if len(form.names) < most:
        return []
    by_game = get_variant(form.variant_id).max_players <= most  # else the sheet's own limit
    text = shell.t("players_full" if by_game else "players_full_sheet", n=most)
    return [tagged(ft.Text(text, size=15, color=theme.MUTED), "players-full", text)]
