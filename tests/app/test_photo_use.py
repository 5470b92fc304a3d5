"""A photo's dice confirmed with "Use": one throw for one tap, and only for the moment it was taken at."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.app.config import AppConfig
from scorekeeper.app.photo.view import _launcher
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from tests.app.conftest import StandInPage, open_sheet
from tests.app.controls import texts
from tests.app.test_photo_view import dialog_with


def _phone(tmp_path: Path, store: object, game_id: int) -> tuple[Shell, SheetScreen]:
    other = Shell(StandInPage(), AppConfig(db_path=tmp_path / "g.sqlite"), store)  # type: ignore[arg-type]
    other.start()
    other.open_game(game_id)
    assert isinstance(other.screen, SheetScreen)
    return other, other.screen


def test_a_photo_confirmed_after_another_phone_moved_the_game_on_is_refused(shell: Shell, tmp_path: Path) -> None:
    """Phone A picks a photo on Аня's turn; phone B records Аня's throw and box meanwhile; A's "Use"
    is then refused with the reason, not written as Борис's first throw."""
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    other, watching = _phone(tmp_path, shell.store, service.game_id)
    use = _launcher(shell).on_use  # as the photo dialog holds it from the moment the photo is picked
    assert use is not None
    watching._roll((6, 6, 6, 5, 5))
    watching._do(lambda: watching.service.score("chance", player="Аня", seen=watching.seen))
    assert service.state.player_name == "Борис" and service.state.throws == 0
    use([2, 3, 1, 5, 5])
    assert service.state.player_name == "Борис" and service.state.throws == 0  # nothing written
    said = " ".join(texts(shell.page.dialogs[-1]))
    assert "Meanwhile the game was changed on another screen" in said or "Тем временем" in said
    fresh = _launcher(shell).on_use  # a photo picked now, on Борис's turn, is his throw
    assert fresh is not None and fresh is not use
    fresh([2, 3, 1, 5, 5])
    assert service.state.player_name == "Борис" and service.state.dice is not None
    assert service.state.dice.values == (2, 3, 1, 5, 5)
    screen.dispose()
    watching.dispose()


def test_use_tapped_twice_records_one_throw() -> None:
    used: list[list[int]] = []
    _shell, dialog = dialog_with([1, 4, 6, 2, 4], used)
    dialog._use(None)
    dialog._use(None)  # the second tap of a double tap, before the dialog has gone
    assert used == [[1, 4, 6, 2, 4]]
