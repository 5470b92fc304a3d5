"""Words a player reads at the table: a dialog's two buttons never both read as «cancel», a sentence
about a player fits anyone, football speaks of goals."""

from __future__ import annotations

from typing import Any

import pytest

from scorekeeper.app.sheet.model import undo_note, why_closed
from scorekeeper.app.shell import Shell
from scorekeeper.game import Roll, Score, Undo, new_game
from scorekeeper.game.moves import replay_moves
from scorekeeper.i18n import Lang
from scorekeeper.rules import get_variant
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers


@pytest.mark.parametrize(("lang", "buttons"), [("ru", ["Отменить ход", "Не отменять"]),
                                               ("en", ["Undo the move", "Keep it"])])
def test_the_undo_question_offers_to_undo_or_to_keep_the_move(shell: Shell, lang: Lang,
                                                              buttons: list[str]) -> None:
    shell.settings.lang = lang
    service, sheet = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    service.roll((6, 6, 6, 1, 2))
    service.score("sixes")  # Аня's box; it is Борис's turn: an Undo asks first
    shell.redraw()
    sheet._undo(None)
    page: Any = shell.page
    dialog = page.dialogs[-1]
    assert [button.content.content for button in dialog.actions] == buttons
    identifiers(dialog)["dismiss"].content.on_click(None)
    assert service.state.sheets[0].stages[0].written.get("sixes") == 18  # kept, as the button said


def test_the_not_your_turn_sentence_takes_no_pronoun() -> None:
    state = new_game(get_variant("yahtzee"), ["Аня", "Борис"])
    state = replay_moves(state, [Roll((6, 6, 6, 1, 2)), Score("sixes")])[-1].after
    sheet = state.sheet()
    said = why_closed(sheet, state, 0, 1, "full", "ru")
    assert said == "Сейчас ходит Борис; клетки игрока Аня заполняются, когда ходит Аня."
    assert " его " not in f" {said} " and " её " not in f" {said} "


def test_a_football_undo_speaks_of_the_tours_goals() -> None:
    start = new_game(get_variant("ru_football"), ["Зенит", "Спартак"])
    log = replay_moves(start, [Roll((4, 4, 4, 4, 4)), Undo(1)])
    assert undo_note(log, "ru") == "Отменено: Зенит — голы тура 4-4-4-4-4"
    assert undo_note(log, "en") == "Undone: Зенит — the tour's goals 4-4-4-4-4"
    yahtzee = replay_moves(new_game(get_variant("yahtzee"), ["Аня"]), [Roll((4, 4, 4, 4, 4)), Undo(1)])
    assert undo_note(yahtzee, "ru") == "Отменено: Аня — бросок 4-4-4-4-4"
