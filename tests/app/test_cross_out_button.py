"""The sheet's «Вычеркнуть» is on only when the rules let a box be struck now."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers


def cross_out_button(shell: Shell) -> Any:
    return identifiers(shell.page.controls[0])["cross-out"].content


@pytest.mark.parametrize("variant", ["yahtzee", "yatzy", "kniffel", "generala", "ru_encyclopedia"])
def test_cross_out_waits_for_the_first_throw_where_the_rules_want_one(shell: Shell, variant: str) -> None:
    service, sheet = open_sheet(shell, variant, ["Ann", "Bob"])
    assert cross_out_button(shell).disabled  # it could be armed, only to be refused at the box
    sheet.crossing = True  # armed on a screen that is then redrawn without a throw: not armed any more
    shell.redraw()
    assert cross_out_button(shell).disabled and not sheet.crossing
    service.roll((1, 2, 3, 4, 6))
    shell.redraw()
    assert not cross_out_button(shell).disabled


def test_fences_allow_a_cross_out_before_any_throw_unless_the_house_says_no(shell: Shell) -> None:
    open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    assert not cross_out_button(shell).disabled  # +3 fences for a lower box struck unthrown
    shell.home()
    service, _ = open_sheet(shell, "ru_fences", ["Аня", "Борис"], {"allow_zero_roll_cross_out": "none"})
    assert cross_out_button(shell).disabled
    service.roll((1, 2, 3, 4, 6))
    shell.redraw()
    assert not cross_out_button(shell).disabled


def test_armed_cross_out_still_says_whose_turn_it_is(shell: Shell) -> None:
    """Armed, the turn line says what to do next and for whom: the table keeps track of the player."""
    from tests.app.controls import texts

    service, sheet = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    service.roll((1, 2, 3, 4, 6))
    service.score("chance")
    shell.redraw()
    sheet._toggle_cross_out(None)
    assert sheet.crossing
    turn = texts(identifiers(shell.page.controls[0])["turn"])
    assert turn == ["Борис: выберите клетку, чтобы вычеркнуть (+3\u00a0ограды)"]  # before a throw: three fences
    sheet._toggle_cross_out(None)
    service.roll((1, 1, 2, 5, 6))
    shell.redraw()
    sheet._toggle_cross_out(None)
    assert texts(identifiers(shell.page.controls[0])["turn"]) == [
        "Борис: выберите клетку, чтобы вычеркнуть (+2\u00a0ограды)"]
    service.roll((1, 1, 2, 5, 6))
    service.roll((1, 1, 2, 5, 6))
    shell.redraw()
    if not sheet.crossing:
        sheet._toggle_cross_out(None)
    assert sheet.crossing and texts(identifiers(shell.page.controls[0])["turn"]) == ["Борис: выберите клетку, чтобы вычеркнуть"]
