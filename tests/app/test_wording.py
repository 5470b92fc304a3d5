"""Words a player reads at the table: a dialog's two buttons never both read as «cancel», a sentence
about a player fits anyone, football speaks of goals."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.sheet.model import why_closed
from scorekeeper.app.sheet.turns import undo_note
from scorekeeper.app.shell import Shell
from scorekeeper.game import Roll, Score, Undo, new_game
from scorekeeper.game.moves import replay_moves
from scorekeeper.i18n import Lang
from scorekeeper.i18n.ui import OPTION_NAMES
from scorekeeper.rules import get_variant
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts


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


def test_a_negative_reads_with_the_same_true_minus_on_the_sheet_and_in_history(tmp_path: Path) -> None:
    from scorekeeper.app.history.view import GameSheetScreen
    from tests.app.test_history_view import shell_at

    shell = shell_at(tmp_path)
    service, _ = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    service.roll((2, 3, 4, 5, 6))
    service.score("twos")  # one two, two short of three: −4 on the «гора»
    shell.redraw()
    live = texts(shell.page.controls[0])
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    history = texts(shell.page.controls[0])
    for screen, shown in (("sheet", live), ("history", history)):
        assert "−4" in shown, screen
        hyphens = [line for line in shown if re.search(r"(?<![\w-])-\d", line)]
        assert hyphens == [], f"{screen}: a hyphen for a minus in {hyphens}"


def test_statistics_names_the_upper_reward_as_new_game_does(tmp_path: Path) -> None:
    """A «гора» earns premiums; Yahtzee's upper sum a bonus (New game: «Бонус за сумму верха»)."""
    from scorekeeper.app.statistics.view import StatisticsScreen
    from scorekeeper.store import Store
    from tests.app.test_season_views import finish, shell_on

    store = Store(tmp_path / "g.sqlite")
    finish(store, "yahtzee", ["Аня", "Борис"], 1)
    finish(store, "ru_fences", ["Аня", "Борис"], 2)
    season = shell_on(store, tmp_path)
    for lang, bonus, premium in (("ru", "Бонусы верха", "Премии"), ("en", "Upper bonuses", "Premiums")):
        season.settings.lang = lang  # type: ignore[assignment]
        screen = StatisticsScreen(season)
        screen.player = "Аня"
        season.show(lambda screen=screen: screen)
        cards = identifiers(season.page.controls[0])
        yahtzee, fences = texts(cards["stats-row-Аня-yahtzee"]), texts(cards["stats-row-Аня-ru_fences"])
        assert bonus in yahtzee and premium not in yahtzee
        assert premium in fences and bonus not in fences
        # the upper sum's bonus, as New game names it, not the extra Yahtzees' bonuses
        named = OPTION_NAMES["upper_bonus"].in_(lang).lower()
        assert all(stem in named for stem in (("бонус", "верх") if lang == "ru" else ("bonus", "upper")))
