"""An unfinished game abandoned: asked first, gone from Home, kept in History as abandoned, resumable."""

from __future__ import annotations

from scorekeeper.app.history.view import GameSheetScreen, HistoryScreen
from scorekeeper.app.home.view import HomeScreen
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from scorekeeper.service import GameService
from tests.app.controls import identifiers, texts


def _home_ids(shell: Shell) -> dict[str, object]:
    shell.home()
    return identifiers(shell.page.controls[0])


def test_abandoning_from_home_asks_first_and_keeps_the_game_in_history(shell: Shell) -> None:
    kept = GameService.create(shell.store, "yahtzee", ["Аня", "Борис"])
    stale = GameService.create(shell.store, "ru_fences", ["Вера", "Глеб"])
    stale.roll([5, 5, 5, 2, 3])
    page = shell.page
    ids = _home_ids(shell)
    assert {f"resume-{kept.game_id}", f"resume-{stale.game_id}", f"abandon-{stale.game_id}"} <= ids.keys()
    assert "Бросить игру: Покер с оградами, Вера, Глеб" == ids[f"abandon-{stale.game_id}"].label  # type: ignore[attr-defined]

    ids[f"abandon-{stale.game_id}"].content.on_click(None)  # type: ignore[attr-defined]
    assert "уйдёт из незаконченных" in " ".join(texts(page.dialogs[-1].content))  # type: ignore[attr-defined]
    identifiers(page.dialogs[-1])["dismiss"].content.on_click(None)  # cancelled: nothing changes
    assert shell.store.game(stale.game_id).abandoned is None
    assert f"resume-{stale.game_id}" in _home_ids(shell)

    _home_ids(shell)[f"abandon-{stale.game_id}"].content.on_click(None)  # type: ignore[attr-defined]
    identifiers(page.dialogs[-1])["confirm-abandon"].content.on_click(None)
    assert isinstance(shell.screen, HomeScreen)
    ids = identifiers(page.controls[0])
    assert f"resume-{stale.game_id}" not in ids and f"resume-{kept.game_id}" in ids
    assert shell.store.action_count(stale.game_id) == 1  # its sheet as it was

    history = HistoryScreen(shell).build()
    tile = identifiers(history)[f"history-game-{stale.game_id}"]
    assert "брошена" in tile.label  # type: ignore[attr-defined]
    assert "не закончена" in identifiers(history)[f"history-game-{kept.game_id}"].label  # type: ignore[attr-defined]


def test_an_abandoned_game_resumed_from_history_is_unfinished_again(shell: Shell) -> None:
    game = GameService.create(shell.store, "yatzy", ["Аня"])
    game.roll([6, 6, 6, 1, 2])
    page = GameSheetScreen(shell, game.game_id, back=shell.home)
    shell.show(lambda: page)
    ids = identifiers(shell.page.controls[0])
    assert texts(ids["history-status"]) == ["не закончена"]
    ids["history-abandon"].content.on_click(None)
    identifiers(shell.page.dialogs[-1])["confirm-abandon"].content.on_click(None)
    ids = identifiers(shell.page.controls[0])  # the same page, redrawn
    assert texts(ids["history-status"]) == ["брошена"]
    assert "history-abandon" not in ids
    assert f"resume-{game.game_id}" not in _home_ids(shell)

    shell.show(lambda: GameSheetScreen(shell, game.game_id, back=shell.home))
    identifiers(shell.page.controls[0])["history-resume"].content.on_click(None)
    assert isinstance(shell.screen, SheetScreen)
    assert shell.store.game(game.game_id).abandoned is None
    assert f"resume-{game.game_id}" in _home_ids(shell)


def test_a_finished_game_offers_no_abandoning(shell: Shell) -> None:
    import random

    from scorekeeper.game.simulate import play_random

    game = GameService.create(shell.store, "yatzy", ["Аня"])
    for action, _ in play_random(game.state, random.Random(2)):
        game.act(action)
    shell.show(lambda: GameSheetScreen(shell, game.game_id, back=shell.home))
    ids = identifiers(shell.page.controls[0])
    assert "history-abandon" not in ids and "history-resume" not in ids


def test_the_phones_back_closes_a_dialog_left_open(shell: Shell) -> None:
    from types import SimpleNamespace

    game = GameService.create(shell.store, "yahtzee", ["Аня"])
    _home_ids(shell)[f"abandon-{game.game_id}"].content.on_click(None)  # type: ignore[attr-defined]
    assert shell.page.dialogs
    shell._route_changed(SimpleNamespace(route="/history"))  # Back (or a reload) to another screen
    assert isinstance(shell.screen, HistoryScreen)
    assert not shell.page.dialogs  # no "Abandon?" over History, to abandon a game not shown
    assert shell.store.game(game.game_id).abandoned is None
