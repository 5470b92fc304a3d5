"""A phone left on Home lists the unfinished games as the other phones change them."""

from __future__ import annotations

import random
from pathlib import Path

from scorekeeper.app import unfinished
from scorekeeper.app.config import AppConfig
from scorekeeper.app.home.view import HomeScreen
from scorekeeper.app.new_game.view import NewGameScreen
from scorekeeper.app.shell import Shell
from scorekeeper.game.simulate import play_random
from tests.app.conftest import StandInPage, open_sheet
from tests.app.controls import identifiers, texts


def _phone_on_home(shell: Shell, tmp_path: Path) -> Shell:
    """Another phone of the same server, sitting on Home."""
    other = Shell(StandInPage(), AppConfig(db_path=tmp_path / "g.sqlite"), shell.store)  # type: ignore[arg-type]
    other.start()
    assert isinstance(other.screen, HomeScreen)
    return other


def _listed(phone: Shell) -> set[str]:
    return {key for key in identifiers(phone.page.controls[0]) if key.startswith("resume-")}


def test_a_game_started_on_another_phone_shows_on_home_at_once(shell: Shell, tmp_path: Path) -> None:
    older, _ = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    guest = _phone_on_home(shell, tmp_path)
    assert _listed(guest) == {f"resume-{older.game_id}"}

    shell.show(lambda: NewGameScreen(shell))  # the host starts a new game of the same players
    screen = shell.screen
    assert isinstance(screen, NewGameScreen)
    screen.form.variant_id = "yahtzee"
    screen._start()  # type: ignore[attr-defined]
    newer = shell.store.last_game_id()
    assert newer != older.game_id
    assert _listed(guest) == {f"resume-{older.game_id}", f"resume-{newer}"}
    assert identifiers(guest.page.controls[0])["resume"].content.identifier == f"resume-{newer}"  # first


def test_a_game_finished_or_abandoned_elsewhere_leaves_home(shell: Shell, tmp_path: Path) -> None:
    service, _ = open_sheet(shell, "yatzy", ["Аня"])
    kept, _ = open_sheet(shell, "yahtzee", ["Вера"])
    guest = _phone_on_home(shell, tmp_path)
    assert f"resume-{service.game_id}" in _listed(guest)

    shell.open_game(service.game_id)
    for action, _ in play_random(service.state, random.Random(2)):
        service.act(action)
    assert service.state.finished
    assert _listed(guest) == {f"resume-{kept.game_id}"}

    service.undo(1)  # reopened: listed again
    assert f"resume-{service.game_id}" in _listed(guest)

    shell.home()
    identifiers(shell.page.controls[0])[f"abandon-{kept.game_id}"].content.on_click(None)
    identifiers(shell.page.dialogs[-1])["confirm-abandon"].content.on_click(None)  # type: ignore[attr-defined]
    assert _listed(guest) == {f"resume-{service.game_id}"}


def test_each_game_on_home_says_where_it_stands_as_it_is_played_elsewhere(shell: Shell, tmp_path: Path) -> None:
    service, _ = open_sheet(shell, "yahtzee", ["Гоша", "Вера"])  # played on the host's phone
    guest = _phone_on_home(shell, tmp_path)

    def where() -> str:  # the tile: variant, players, whose turn and which throw, when last played
        return texts(identifiers(guest.page.controls[0])[f"resume-{service.game_id}"])[2].replace("\xa0", " ")

    assert where() == "Ходит Гоша · бросок 0 из 3"
    service.roll([1, 2, 3, 4, 4])
    service.roll([4, 2, 3, 4, 4])
    assert where() == "Ходит Гоша · бросок 2 из 3"
    service.score("fours")
    assert where() == "Ходит Вера · бросок 0 из 3"


def test_a_game_abandoned_on_another_phone_says_so_on_its_sheet_until_played_on(shell: Shell, tmp_path: Path) -> None:
    service, _ = open_sheet(shell, "yatzy", ["Аня", "Борис"])  # the host plays it
    guest = _phone_on_home(shell, tmp_path)
    identifiers(guest.page.controls[0])[f"abandon-{service.game_id}"].content.on_click(None)
    identifiers(guest.page.dialogs[-1])["confirm-abandon"].content.on_click(None)  # type: ignore[attr-defined]
    assert _listed(guest) == set()
    note = identifiers(shell.page.controls[0])["set-aside-note"]
    assert "бросили" in " ".join(texts(note))
    service.roll([2, 2, 2, 5, 6])  # the host plays on: the game is resumed, on both phones
    assert "set-aside-note" not in identifiers(shell.page.controls[0])
    assert _listed(guest) == {f"resume-{service.game_id}"}


def test_a_phone_that_left_home_stops_listening(shell: Shell, tmp_path: Path) -> None:
    guest = _phone_on_home(shell, tmp_path)
    guest.show(lambda: NewGameScreen(guest))
    drawn = guest.page.updates  # type: ignore[attr-defined]
    open_sheet(shell, "yahtzee", ["Аня"])
    unfinished.changed(shell.store)  # as a game started elsewhere announces itself
    assert guest.page.updates == drawn  # type: ignore[attr-defined]
