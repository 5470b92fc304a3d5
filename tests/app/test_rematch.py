"""«Ещё партию»: the same game again, the next player at the table starting."""

from __future__ import annotations

import random

from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from scorekeeper.game.simulate import play_random
from tests.app.conftest import open_sheet


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
