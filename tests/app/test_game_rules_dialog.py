"""The sheet's rules button: what game this is, and the house rules it is played with."""

from __future__ import annotations

from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts


def _said(shell: Shell) -> str:
    identifiers(shell.page.controls[0])["game-rules"].content.on_click(None)
    dialog = shell.page.dialogs[-1]  # type: ignore[attr-defined]
    return " ".join(texts(dialog.title)) + " | " + " ".join(texts(dialog.content))


def test_the_rules_button_says_the_house_rules_a_game_is_played_with(shell: Shell) -> None:
    open_sheet(shell, "ru_fences", ["Аня", "Борис"], {"gora_premium": 40, "allow_gora_cross_out": True})
    said = _said(shell)
    assert said.startswith("Покер с оградами | ")
    assert "Правила стола: " in said and "40" in said  # the changed ones, in words
    assert "allow_gora_cross_out" not in said and "gora_premium" not in said


def test_a_game_with_the_rules_as_written_says_so(shell: Shell) -> None:
    shell.set_lang("en")
    open_sheet(shell, "yahtzee", ["Ann", "Bob"])
    said = _said(shell)
    assert said.startswith("Yahtzee | ") and "House rules: as written, nothing changed." in said
