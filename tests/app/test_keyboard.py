"""A laptop's keyboard alone: Tab reaches what a tap would (Flutter's Tab stops at ink, not at a bare tap area)."""

from __future__ import annotations

import flet as ft

from scorekeeper.app.new_game.view import NewGameScreen
from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers


def focusable(control: ft.Control) -> bool:
    """Tab stops at it: a button, a field, or a tappable container drawn with ink."""
    inner = getattr(control, "content", control)
    if isinstance(inner, ft.Container):
        return inner.on_click is not None and bool(inner.ink)
    return not getattr(inner, "disabled", False)


def test_tab_reaches_every_box_that_takes_the_throw_and_no_other(shell: Shell) -> None:
    service, screen = open_sheet(shell, "yahtzee", ["Ann", "Bob"])
    service.roll((6, 6, 6, 1, 2))
    shell.redraw()
    found = identifiers(shell.page.controls[0])
    mine = [key for key in found if key.startswith("box-1-")]
    others = [key for key in found if key.startswith("box-2-")]
    assert mine and all(focusable(found[key]) for key in mine)
    assert not any(focusable(found[key]) for key in others)  # another player's column: no Tab stop
    service.score("three")
    shell.redraw()
    found = identifiers(shell.page.controls[0])
    assert not focusable(found["box-1-1-three"])  # written: nothing to write there any more
    screen.dispose()


def test_tab_reaches_every_game_on_the_new_game_screen(shell: Shell) -> None:
    shell.show(lambda: NewGameScreen(shell))
    found = identifiers(shell.page.controls[0])
    tiles = [key for key in found if key.startswith("variant-")]
    assert len(tiles) >= 7 and all(focusable(found[key]) for key in tiles)
