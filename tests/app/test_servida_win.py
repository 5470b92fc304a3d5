"""A Generala servida ends the game at once: the sheet, History's page and the moves say why."""

from __future__ import annotations

from scorekeeper.app.history.view import GameSheetScreen
from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts


def _servida_win(shell: Shell) -> int:
    """Аня leads by far; Борис throws five of a kind at once and writes his Generala."""
    service, _ = open_sheet(shell, "generala", ["Аня", "Борис"])
    service.roll((2, 3, 4, 5, 6))
    service.roll((2, 3, 4, 5, 6))
    service.score("small_straight")
    service.roll((5, 5, 5, 5, 5))
    service.score("poker")
    assert service.state.finished and service.state.sheet()["winners"] == ["Борис"]
    return service.game_id


def test_the_final_sheet_says_the_servida_won(shell: Shell) -> None:
    game = _servida_win(shell)
    shell.open_game(game)
    screen = shell.page.controls[0]
    turn = " ".join(texts(identifiers(screen)["turn"]))
    assert "Победа: Борис" in turn and "Генерала с первого броска (servida)" in turn
    assert "Борис: 5-5-5-5-5 · Генерала 50 — с первого броска (servida): победа" in texts(screen)


def test_historys_page_says_the_servida_won(shell: Shell) -> None:
    game = _servida_win(shell)
    shell.settings.lang = "en"
    shell.show(lambda: GameSheetScreen(shell, game))
    screen = shell.page.controls[0]
    assert texts(identifiers(screen)["history-status"]) == [
        "Winner: Борис — Generala on the first throw (servida)"]
    assert any("Generala 50 — on the first throw (servida): wins the game" in line for line in texts(screen))


def test_a_game_won_on_points_says_nothing_of_servida(shell: Shell) -> None:
    service, _ = open_sheet(shell, "generala", ["Аня"], {"servida_wins": False})
    service.roll((5, 5, 5, 5, 5))
    service.score("poker")
    assert not service.state.finished
    shell.open_game(service.game_id)
    assert not any("servida" in line for line in texts(shell.page.controls[0]))


def test_historys_list_does_not_call_a_servida_win_on_equal_points_an_extra_game(shell: Shell) -> None:
    """Аня writes a Generala on her second throw (50), Борис one at once (50, servida): the points
    are equal, the servida won, and no extra game was played."""
    from scorekeeper.app.history.view import HistoryScreen

    service, _ = open_sheet(shell, "generala", ["Аня", "Борис"])
    service.roll((1, 2, 3, 4, 6))
    service.roll((5, 5, 5, 5, 5))
    service.score("poker")
    service.roll((5, 5, 5, 5, 5))
    service.score("poker")
    assert service.state.finished and [p["total"] for p in service.state.sheet()["players"]] == [50, 50]
    shell.show(lambda: HistoryScreen(shell))
    tile = identifiers(shell.page.controls[0])[f"history-game-{service.game_id}"]
    assert "Победа: Борис" in tile.label  # type: ignore[attr-defined]
    assert not any("доп." in line for line in [tile.label, *texts(tile)])  # type: ignore[attr-defined]
