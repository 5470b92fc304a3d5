"""«Ещё партию»: the same game again, the next player at the table starting."""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper.app.config import AppConfig
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from scorekeeper.game.simulate import play_random
from tests.app.conftest import StandInPage, open_sheet
from tests.app.controls import identifiers


def test_each_new_game_of_the_evening_starts_with_the_next_player(shell: Shell) -> None:
    service, _ = open_sheet(shell, "yatzy", ["Аня", "Борис", "Вера"])
    starters = []
    for game in range(4):
        for action, _ in play_random(service.state, random.Random(game)):
            service.act(action)
        assert service.state.finished
        starters.append(service.info.players[0])
        screen = shell.screen
        assert isinstance(screen, SheetScreen)
        screen._rematch()  # the button «Ещё партию» of a finished game
        new_id = shell.store.last_game_id()
        assert new_id is not None and new_id != service.game_id
        service = shell.screen.service  # type: ignore[union-attr]
        assert service.game_id == new_id
        assert sorted(service.info.players) == ["Аня", "Борис", "Вера"]
        assert service.info.variant == "yatzy"
    assert starters == ["Аня", "Борис", "Вера", "Аня"]
    assert service.state.sheet()["turn"]["player"] == "Борис"


def test_play_again_on_two_phones_opens_one_game_on_both(shell: Shell, tmp_path: Path) -> None:
    service, _ = open_sheet(shell, "yahtzee", ["Миша", "Лена"])
    other = Shell(StandInPage(), AppConfig(db_path=tmp_path / "g.sqlite"), shell.store)  # type: ignore[arg-type]
    other.start()
    other.open_game(service.game_id)  # Лена's phone on the same sheet
    for action, _ in play_random(service.state, random.Random(5)):
        service.act(action)
    assert service.state.finished
    finished = service.game_id
    for phone in (shell, other):  # both press «Ещё партию», one after the other
        screen = phone.screen
        assert isinstance(screen, SheetScreen) and screen.service.game_id == finished
        label = identifiers(phone.page.controls[0])["rematch"].content.content
        assert label == ("Ещё партию" if phone is shell else "К новой партии")  # the second is told
        screen._rematch()
    first, second = shell.screen, other.screen
    assert isinstance(first, SheetScreen) and isinstance(second, SheetScreen)
    assert first.service is second.service and first.service.game_id != finished
    assert [g["id"] for g in shell.store.games()] == [first.service.game_id, finished]  # no second new game
    first.service.roll([2, 2, 3, 4, 6])
    assert second.service.state.sheet()["turn"]["dice"] == [2, 2, 3, 4, 6]  # each sees the other's throws
