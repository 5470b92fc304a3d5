"""GameService: one writer per game under a lock; listeners hear each saved action; doctests."""

from __future__ import annotations

import doctest
import threading
from pathlib import Path
from typing import Any

import pytest

import scorekeeper.game.actions
import scorekeeper.game.moves
import scorekeeper.game.turns
from scorekeeper.game import GameError, State, TooManyThrows
from scorekeeper.service import GameService
from scorekeeper.store import Store


@pytest.mark.parametrize("module", [scorekeeper.game.actions, scorekeeper.game.moves,
                                    scorekeeper.game.turns])
def test_doctests(module: object) -> None:
    assert doctest.testmod(module).failed == 0  # type: ignore[arg-type]


def test_the_moves_keep_what_was_undone_live_and_after_a_reload(tmp_path: Path) -> None:
    with Store(tmp_path / "games.db") as store:
        service = GameService.create(store, "yahtzee", ["Аня", "Борис"])
        service.roll((1, 1, 1, 2, 3))
        service.score("ones")
        assert [m.undone for m in service.moves()] == [False, False]
        service.undo(1)
        service.undo(1)
        service.roll((1, 1, 1, 1, 2))
        live = [(m.action, m.undone, m.takes_back) for m in service.moves()]
        assert [m[1] for m in live] == [True, True, False, False, False]
        assert [m[2] for m in live] == [(), (), (1,), (0,), ()]
        service.close()
        again = GameService.open(store, service.game_id)
        assert [(m.action, m.undone, m.takes_back) for m in again.moves()] == live
        assert again.moves()[-1].after.sheet() == again.state.sheet()


def test_racing_throws_are_serialised(tmp_path: Path) -> None:
    with Store(tmp_path / "games.db") as store:
        service = GameService.create(store, "yahtzee", ["Аня", "Борис"])
        outcomes: list[str] = []
        barrier = threading.Barrier(8)

        def throw() -> None:
            barrier.wait()
            try:
                service.roll([1, 2, 3, 4, 6])
                outcomes.append("ok")
            except TooManyThrows:
                outcomes.append("refused")

        threads = [threading.Thread(target=throw) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(outcomes) == ["ok"] * 3 + ["refused"] * 5
        assert [r[0] for r in store.execute("SELECT seq FROM actions ORDER BY seq")] == [1, 2, 3]
        assert service.state.throws == 3


def test_a_failing_listener_does_not_stop_the_others(tmp_path: Path) -> None:
    with Store(tmp_path / "games.db") as store:
        service = GameService.create(store, "yatzy", ["Аня"])
        heard: list[int] = []

        def broken(state: State, action: object) -> None:
            raise RuntimeError("view gone")

        service.subscribe(broken)
        service.subscribe(lambda state, action: heard.append(state.throws))
        service.roll([1, 1, 1, 2, 3])
        assert heard == [1]


def test_bad_set_up_saves_nothing(tmp_path: Path) -> None:
    with Store(tmp_path / "games.db") as store:
        with pytest.raises(ValueError):
            GameService.create(store, "ru_fences", ["A"], {"no_such_option": 1})
        with pytest.raises(GameError):
            GameService.create(store, "ru_encyclopedia", [f"P{i}" for i in range(13)])
        assert store.last_game_id() is None


def test_an_action_chosen_on_a_state_the_game_has_left_is_refused(tmp_path: Path) -> None:
    """Two phones enter the same throw, or both press Undo: the second is refused, not applied twice."""
    from scorekeeper.service import GameMovedOn

    with Store(tmp_path / "games.db") as store:
        service = GameService.create(store, "yatzy", ["Аня", "Борис"])
        shown = service.state  # what both screens show
        service.roll([5, 5, 5, 2, 3], player="Аня", seen=shown)
        with pytest.raises(GameMovedOn):
            service.roll([5, 5, 5, 2, 3], player="Аня", seen=shown)
        assert service.state.throws == 1 and service.saved_actions == 1

        shown = service.state
        service.undo(1, seen=shown)
        with pytest.raises(GameMovedOn):
            service.undo(1, seen=shown)
        assert service.state.throws == 0 and service.saved_actions == 2
        _, replayed, saved = store.load(service.game_id)
        assert replayed.throws == 0 and saved == 2
        assert "another screen" in GameMovedOn().in_("en")


def test_kept_dice_that_are_no_faces_are_refused_and_nothing_is_saved(tmp_path: Path) -> None:
    from scorekeeper.game import InvalidAction

    with Store(tmp_path / "g.sqlite") as store:
        service = GameService.create(store, "yahtzee", ["Аня"])
        for kept in ([6, 6, 6, 6, 6], [7], [0]):
            with pytest.raises(InvalidAction):
                service.roll_without_dice(kept=kept)
        assert store.action_count(service.game_id) == 0 and service.state.throws == 0
        service.roll_without_dice(kept=[6, 6])
        assert store.load(service.game_id)[1].last_action.kept == (6, 6)  # saved, and loads again


@pytest.mark.parametrize("call", [
    lambda g: g.undo(True), lambda g: g.undo(1.0), lambda g: g.score("pair", value=True),
    lambda g: g.score("pair", value=6.0), lambda g: g.score("pair", stage=1.0),
    lambda g: g.cross_out("full", stage=True), lambda g: g.score(("pair",)),
], ids=["undo-true", "undo-float", "value-true", "value-float", "stage-float", "cross-out-stage-true", "box-tuple"])
def test_an_action_its_saved_form_could_not_hold_is_refused_and_nothing_saved(tmp_path: Path, call: Any) -> None:
    """True or 6.0 where a whole number belongs: the saved game would fail its replay (its log
    reads back as a script's would), so the action is refused with a message naming it."""
    with Store(tmp_path / "games.db") as store:
        service = GameService.create(store, "ru_fences", ["Аня", "Борис"])
        service.roll((6, 6, 1, 1, 2))
        with pytest.raises(GameError, match="expected a (whole number|box id)"):
            call(service)
        assert service.saved_actions == store.action_count(service.game_id) == 1
    with Store(tmp_path / "games.db") as again:
        assert again.load(service.game_id)[1].sheet() == service.state.sheet()


def test_a_second_program_on_the_same_file_is_told_the_game_moved_on_and_catches_up(tmp_path: Path) -> None:
    """Two servers (or a server and the command line) keep one file: the one whose next action was
    taken first by the other refuses it as another screen's would, saves nothing, and goes on
    from the game as saved."""
    from scorekeeper.service import GameMovedOn

    with Store(tmp_path / "games.db") as mine, Store(tmp_path / "games.db") as theirs:
        here = GameService.create(mine, "yahtzee", ["Аня", "Борис"])
        there = GameService.open(theirs, here.game_id)
        heard: list[State] = []
        there.subscribe(lambda state, _action: heard.append(state))
        here.roll((1, 2, 3, 4, 5))
        with pytest.raises(GameMovedOn):
            there.roll((6, 6, 6, 6, 6))
        assert mine.action_count(here.game_id) == 1
        assert there.state.dice is not None and there.state.dice.values == (1, 2, 3, 4, 5)
        assert heard and heard[-1] is there.state  # its screens redraw with the game as saved
        there.score("large_straight")  # and the next action goes on from it
        assert Store(tmp_path / "games.db").load(here.game_id)[1].sheet()["turn"]["player"] == "Борис"
