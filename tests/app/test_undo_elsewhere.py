"""An Undo of a move entered on another phone asks first; one's own move is taken back at once."""

from __future__ import annotations

import time
from pathlib import Path

from scorekeeper.app.config import AppConfig
from scorekeeper.app.dice_entry.model import HOLD_S
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from tests.app.conftest import StandInPage, open_sheet
from tests.app.controls import identifiers, texts


def _second_phone(shell: Shell, tmp_path: Path, game_id: int) -> Shell:
    """Another phone's session on the same server (same store), showing the same game."""
    other = Shell(StandInPage(), AppConfig(db_path=tmp_path / "g.sqlite"), shell.store)  # type: ignore[arg-type]
    other.start()
    other.open_game(game_id)
    assert isinstance(other.screen, SheetScreen)
    return other


def _undo(shell: Shell) -> None:
    identifiers(shell.page.controls[0])["undo"].content.on_click(None)


def test_an_undo_of_a_throw_entered_on_another_phone_asks(shell: Shell, tmp_path: Path) -> None:
    service, sheet = open_sheet(shell, "ru_fences", ["Аня", "Борис"], {"stages": 1})
    other = _second_phone(shell, tmp_path, service.game_id)
    sheet._roll((5, 5, 5, 2, 3))  # Аня's throw, on her phone
    assert service.state.throws == 1

    _undo(other)  # the other phone: asked, nothing taken back yet
    dialog = other.page.dialogs[-1]  # type: ignore[attr-defined]
    said = " ".join(texts(dialog.title)) + " " + " ".join(texts(dialog.content))
    assert "Аня" in said and "5-5-5-2-3" in said and "другом экране" in said
    assert service.state.throws == 1
    confirm = next(b for b in dialog.actions if b.identifier == "confirm-undo")
    confirm.content.on_click(None)
    assert service.state.throws == 0

    sheet._roll((6, 6, 6, 1, 2))
    asked = len(shell.page.dialogs)  # type: ignore[attr-defined]
    _undo(shell)  # her own phone takes her own throw back at once
    assert len(shell.page.dialogs) == asked  # type: ignore[attr-defined]
    assert service.state.throws == 0


def test_dice_being_tapped_when_another_phone_records_the_throw_are_not_dropped_unsaid(
    shell: Shell, tmp_path: Path
) -> None:
    service, sheet = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    other = _second_phone(shell, tmp_path, service.game_id)

    def tap(phone: Shell, key: str) -> None:
        identifiers(phone.page.controls[0])[key].content.on_click(None)

    def hint(phone: Shell) -> str:
        return " ".join(texts(identifiers(phone.page.controls[0])["dice-hint"]))

    for value in (2, 2, 3):
        tap(other, f"face-{value}")  # Борис's phone has three of the five dice in
    sheet._roll((2, 2, 3, 4, 6))  # when Аня's phone records the throw
    assert hint(other) == "Этот бросок уже записали на другом телефоне: 2-2-3-4-6"
    assert "другом телефоне" not in hint(shell)  # the phone that recorded it is not told
    other_sheet = other.screen
    assert isinstance(other_sheet, SheetScreen)
    tap(other, "face-5")  # Борис's fifth tap, meant for the throw recorded: held back, the news said again
    assert "другом телефоне" in hint(other)
    assert other_sheet.dice.entry.values == [2, 2, 3, 4, 6] and service.state.throws == 1
    other_sheet.dice.notice.overtaken_at = time.monotonic() - HOLD_S  # a moment later
    tap(other, "die-5")  # the next tap: the news has been read
    assert "другом телефоне" not in hint(other)
    assert other_sheet.dice.entry.values == [2, 2, 3, 4, None]
