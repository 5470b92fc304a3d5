"""The sheet's header and turn bar: the stage chips, whose turn it is, the chances of the upper
section, the cross-out (or play again, or missed tour) button, and the news of the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.sheet.match import game_over_note, match_line
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import Speaks, tagged
from scorekeeper.app.widgets.share import share_button
from scorekeeper.game import State
from scorekeeper.rules import Variant

BAR_MARGIN = 8  # between the cross-out / play-again button and the screen's right edge
HEADER_PAD = 8  # the header's own padding on each side (widgets.frame.header)
HEADER_GAP = 4  # between its back button, title, rules and undo
STAGE_CHIP_MIN = 44  # a stage chip's least width (a finger's target)
STAGE_CHIP_GAP = 2
STAGE_WORD_CHAR = 10  # px a letter of «Этап» / "Stage" takes at 16 px, a little more than it does
TITLE_CHARS = 16  # a game's name longer than this is shown a size smaller in the header




def show_rules(shell: Speaks, info: Any, variant: Variant) -> None:
    """What game this is, and the house rules it is played with where they differ from the rules
    as written (chosen on New game, so that a player who joins later can see them)."""
    from scorekeeper.app.new_game.model import changed_rules, house_rules_line

    changed = changed_rules(info.variant, dict(info.options), shell.lang)
    said = house_rules_line(changed, shell.lang) if changed else shell.t("rules_as_written")
    shell.explain(variant.name.in_(shell.lang), f"{variant.description.in_(shell.lang)}\n\n{said}")


def game_over_actions(shell: Shell, game_id: int, button: ft.Control) -> ft.Control:
    """A finished sheet's buttons: share and `button` (play again)."""
    return tagged(ft.Row([share_button(shell, game_id), button], spacing=4), "game-over-actions")


def note(icon: ft.IconData, text: str, identifier: str) -> ft.Control:
    """A line of news under the turn line (what an Undo took back, a game abandoned)."""
    return tagged(
        ft.Container(
            content=ft.Row([ft.Icon(icon, size=16, color=ft.Colors.TERTIARY),
                            ft.Text(text, size=14, color=ft.Colors.TERTIARY, expand=True)],
                           spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.only(left=12, right=12, bottom=4),
        ),
        identifier,
        text,
    )


def stage_chips_fit(stage_word: str, stages: int, header_w: float) -> tuple[float, bool]:
    """The stage chips' width in a header `header_w` wide, and whether the word «Этап» fits
    before them: the chips take what is left beside back, rules and undo, never under 44 px."""
    room = header_w - 2 * HEADER_PAD - theme.TAP - theme.TAP_MIN - theme.TAP - 3 * HEADER_GAP
    n = stages
    chips = n * theme.TAP_MIN + (n - 1) * STAGE_CHIP_GAP
    word = len(stage_word) * STAGE_WORD_CHAR + STAGE_CHIP_GAP
    if chips + word <= room:
        return float(theme.TAP_MIN), True
    small = n * STAGE_CHIP_MIN + (n - 1) * STAGE_CHIP_GAP
    if small + word <= room:
        return max(float(STAGE_CHIP_MIN), (room - word - (n - 1) * STAGE_CHIP_GAP) // n), True
    return max(float(STAGE_CHIP_MIN), min(float(theme.TAP_MIN), (room - (n - 1) * STAGE_CHIP_GAP) // n)), False


def title(shell: Speaks, variant: Variant, state: State, stage: int, header_w: float,
          pick: Callable[[int], None]) -> ft.Control:
    """The game's name, or where it has stages, a chip per stage (the one played marked with a dot)."""
    t = shell.t
    name = variant.name.in_(shell.lang)
    if variant.stages == 1:
        # a long name («Покер (энциклопедия)») a size smaller, to fit beside the header's buttons
        return ft.Text(name, size=20 if len(name) <= TITLE_CHARS else 17, weight=ft.FontWeight.W_600,
                       no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)
    # Each chip has a fixed width so that the row never runs under the rules button (a button's
    # own least width, 64 px, made three of them overflow a 360 px phone's header).
    chip_w, say_stage = stage_chips_fit(t("stage"), variant.stages, header_w)
    chips: list[ft.Control] = [ft.Text(t("stage"), size=16, color=theme.MUTED, no_wrap=True)] if say_stage else []
    for n in range(1, variant.stages + 1):
        shown = n == stage
        playing = n == state.stage and not state.finished
        # The button says which stage it opens, and that the stage is being played (the dot).
        spoken = t("stage_chip_current" if playing else "stage_chip", n=n)
        chips.append(tagged(
            (ft.FilledTonalButton if shown else ft.TextButton)(
                content=ft.Text(f"{n}{' •' if playing else ''}", size=17, weight=ft.FontWeight.W_600,
                                semantics_label=spoken),
                on_click=lambda _, n=n: pick(n),
                height=44,
                width=chip_w,
                style=ft.ButtonStyle(padding=ft.Padding.all(0)),
            ),
            f"stage-{n}",
            selected=shown,
        ))
    return ft.Row(chips, spacing=STAGE_CHIP_GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def action_button(t: Callable[..., str], state: State, crossing: bool, can_strike: bool, joins: bool,
                  toggle: Callable[[], None], rematch: Callable[[], None], miss: Callable[[], None]) -> ft.Control:
    """Beside the turn line: cross out (armed: filled), play again once the game is over (`joins`:
    the next game another phone started), or close a missed tour (football, before its goals)."""
    if state.finished:
        return tagged(ft.FilledButton(content=t("rematch_join" if joins else "rematch"),
                                      on_click=lambda _: rematch(), height=44), "rematch")
    if not can_strike and state.can_miss():  # RULES.md §5.2
        return tagged(
            ft.OutlinedButton(content=ft.Row([ft.Icon(ft.Icons.EVENT_BUSY, size=18), ft.Text(t("missed_tour"))],
                                             spacing=4),
                              on_click=lambda _: miss(), height=44),
            "missed-tour",
        )
    return tagged(
        (ft.FilledButton if crossing else ft.OutlinedButton)(
            content=ft.Row([ft.Icon(ft.Icons.BLOCK, size=18),
                            # Armed, a second tap gives up crossing out: the name says so.
                            ft.Text(t("cross_out"), semantics_label=t("cross_out_cancel") if crossing else None)],
                           spacing=4),
            on_click=lambda _: toggle(),
            height=44,
            disabled=not can_strike,
        ),
        "cross-out",
        selected=crossing,
    )


def turn_bar(shell: Speaks, state: State, turn_text: str, crossing: bool, chances: str,
             button: ft.Control) -> list[ft.Control]:
    """The turn line with the button beside it; with chances to show, the turn takes the whole
    width and the chances line below it is a tap target of its own that explains them."""
    t = shell.t
    turn_label = tagged(ft.Text(turn_text, size=17, weight=ft.FontWeight.W_600, max_lines=2,
                                overflow=ft.TextOverflow.ELLIPSIS,
                                color=ft.Colors.ERROR if crossing else None,
                                semantics_label=turn_text.replace("\u00a0", " ")), "turn")
    if not chances:
        turn = ft.Container(content=turn_label, padding=ft.Padding.symmetric(horizontal=12, vertical=6), expand=True)
        return [ft.Container(content=ft.Row([turn, button], spacing=4), padding=ft.Padding.only(right=BAR_MARGIN))]
    help_text = (t("chances_help" if state.variant.fences else "chances_help_no_fences")
                 + (t("chances_help_mid_turn") if state.dice is not None else ""))
    outlook = tagged(
        ft.Container(
            content=ft.Text(chances, size=13, color=theme.MUTED),
            on_click=lambda _: shell.explain(t("chances_title"), help_text),
            height=theme.TAP_MIN,
            alignment=ft.Alignment.CENTER_LEFT,
            padding=ft.Padding.only(left=12),
        ),
        "upper-outlook",
        expand=True,  # type: ignore[arg-type]
    )
    return [
        ft.Container(content=turn_label, padding=ft.Padding.only(left=12, right=12, top=6)),
        ft.Container(content=ft.Row([outlook, button], spacing=4, vertical_alignment=ft.CrossAxisAlignment.CENTER),
                     padding=ft.Padding.only(right=BAR_MARGIN)),
    ]


def match_news(shell: Speaks, state: State, sheet: dict[str, Any], show_game: Callable[[], None]) -> list[ft.Control]:
    """Under the turn line, in a match: the match at a glance, and the news of the game that just
    ended until the next one has its first box (on every screen showing the game)."""
    shown: list[ft.Control] = []
    line = match_line(sheet, shell.lang)
    if line:
        shown.append(ft.Container(
            # Once the match is over the line is its whole story: all of it, wrapped (Flutter cuts a
            # text that may end in «…» and has no line limit after its first line).
            content=tagged(ft.Text(line, size=13, color=theme.MUTED, max_lines=None if sheet["finished"] else 2,
                                   overflow=ft.TextOverflow.CLIP if sheet["finished"] else ft.TextOverflow.ELLIPSIS),
                           "match-line"),
            padding=ft.Padding.only(left=12, right=12, bottom=4),
        ))
    news = game_over_note(state, shell.lang)
    if news:
        look = tagged(ft.TextButton(content=ft.Text(shell.t("game_over_sheet"), size=15),
                                    on_click=lambda _: show_game(), height=theme.TAP),
                      "game-over-sheet")
        shown.append(tagged(
            ft.Container(
                content=ft.Row([ft.Icon(ft.Icons.FLAG, size=18, color=ft.Colors.ON_TERTIARY_CONTAINER),
                                ft.Text(news, size=14, weight=ft.FontWeight.W_600, expand=True,
                                        color=ft.Colors.ON_TERTIARY_CONTAINER)],
                               spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                bgcolor=ft.Colors.TERTIARY_CONTAINER,
                border_radius=10,
                padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                margin=ft.Margin.only(left=8, right=8, bottom=4),
            ),
            "game-over-note",
            live_region=True,
        ))
        shown.append(ft.Container(content=ft.Row([look], alignment=ft.MainAxisAlignment.END),
                                  margin=ft.Margin.only(right=8)))
    return shown


def turns_list(t: Callable[..., str], turns: list[str]) -> ft.Control:
    """The game's last turns, under the boxes."""
    return ft.Container(
        content=ft.Column([ft.Text(t("turns_played"), size=14, weight=ft.FontWeight.W_600, color=theme.MUTED),
                           *[ft.Text(line, size=13, color=theme.MUTED) for line in turns]], spacing=2),
        padding=ft.Padding.only(left=8, top=10, bottom=10),
        visible=bool(turns),
    )
