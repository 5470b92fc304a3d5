"""The advisor on the sheet: the hint's line under the turn line (a tap explains the figure) and the
dice to keep marked on the dice panel (decided in sheet/advice.py); on a finished sheet, its review."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.dice_entry.view import DicePanel
from scorekeeper.app.sheet.advice import has_table, hint_for
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import tagged
from scorekeeper.app.widgets.review import review_button
from scorekeeper.game import State


def show(shell: Shell, state: State, dice: DicePanel, game_id: int) -> list[ft.Control]:
    """The hint's line (none where this phone keeps the hint off, or there is nothing to advise), the
    advised dice marked on `dice`; on a finished sheet, the button to its review (where the advisor
    has a table for the game), whether the hint is on or not."""
    if state.finished:
        if not has_table(state.variant):
            return []
        review = review_button(shell, game_id, lambda: shell.open_game(game_id), wide=True)
        return [ft.Container(content=review, padding=ft.Padding.only(left=12, right=12, bottom=6))]
    hint = hint_for(state, shell.lang) if shell.settings.hint else None
    dice.advised = hint.keep if hint is not None else frozenset()
    if hint is None:
        return []
    explanation = hint.explanation
    line = ft.Container(
        content=ft.Row([ft.Icon(ft.Icons.LIGHTBULB_OUTLINE, size=18, color=ft.Colors.TERTIARY),
                        ft.Text(hint.line, size=15, color=ft.Colors.TERTIARY, expand=True)],
                       spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
        padding=ft.Padding.symmetric(horizontal=12, vertical=6),
        on_click=lambda _: shell.explain(shell.t("advice_title"), explanation),
        ink=True,
    )
    return [tagged(line, "advice-line", button=True)]
