"""The dice kept through a throw recorded without its dice: on every phone, after a reload, in the moves."""

from __future__ import annotations

from pathlib import Path

from scorekeeper.app.config import AppConfig
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from tests.app.conftest import StandInPage, open_sheet
from tests.app.controls import texts


def _phone(tmp_path: Path, store: object, game_id: int) -> SheetScreen:
    other = Shell(StandInPage(), AppConfig(db_path=tmp_path / "g.sqlite"), store)  # type: ignore[arg-type]
    other.start()
    other.open_game(game_id)
    assert isinstance(other.screen, SheetScreen)
    return other.screen


def test_the_dice_kept_show_on_another_phone_and_after_a_reload(shell: Shell, tmp_path: Path) -> None:
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    watching = _phone(tmp_path, shell.store, service.game_id)
    screen.dice.entry.press_face(5)
    screen.dice.entry.press_face(5)
    screen.dice._throw_without_dice()  # a pair of fives kept, three dice thrown again
    assert service.state.throws == 1 and service.state.dice is None
    assert watching.dice.entry.values == [5, 5, None, None, None]  # the other phone, live
    reloaded = _phone(tmp_path, shell.store, service.game_id)  # a reload, or a server restarted
    assert reloaded.dice.entry.values == [5, 5, None, None, None]
    assert [reloaded.dice.entry.press_face(v) for v in (5, 2, 3)][-1] == (5, 5, 5, 2, 3)  # three taps
    reloaded._roll((5, 5, 5, 2, 3))
    assert "Аня: 5-5-?-?-?, 5-5-5-2-3" in texts(shell.page.controls[0])  # the moves say what was kept
    for s in (screen, watching, reloaded):
        s.dispose()


class _Typed:
    def __init__(self, value: str) -> None:
        self.control = type("Field", (), {"value": value})()


def test_typed_dice_after_a_throw_with_dice_kept_fill_the_rest(shell: Shell) -> None:
    """66 and Enter keep a pair and throw three again; 612 and Enter are those three: the second
    throw is 6-6-6-1-2 (once, 612 replaced the sixes as the dice kept and used up another throw;
    later, 66 counted a throw of its own, unseen, and 612 made the third)."""
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    screen.dice._take_keys("12366")  # the first throw
    screen.dice._keys_submitted(_Typed("66"))
    assert service.state.throws == 1 and service.state.dice is not None
    assert screen.dice.entry.values == [6, 6, None, None, None]
    screen.dice._keys_submitted(_Typed("612"))
    assert service.state.throws == 2 and service.state.dice is not None
    assert service.state.dice.values == (6, 6, 6, 1, 2)
    screen.dispose()


def test_fewer_typed_dice_than_blanks_are_kept_with_those_kept_before(shell: Shell) -> None:
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    screen.dice._keys_submitted(_Typed("66"))  # a pair kept, three thrown without their dice
    screen.dice._keys_submitted(_Typed("6"))  # one more six kept: 6-6-6, and two thrown again
    assert service.state.throws == 2 and service.state.dice is None
    assert screen.dice.entry.values == [6, 6, 6, None, None]
    screen.dice._keys_submitted(_Typed("45"))
    assert service.state.dice is not None and service.state.dice.values == (6, 6, 6, 4, 5)
    screen.dispose()


def test_undoing_a_first_throw_without_dice_leaves_the_dice_set_before_it(shell: Shell) -> None:
    """Two fives set and Throw pressed by mistake: Undo takes back the throw, not the taps; the
    fives are still there, and Throw records the throw again with them kept."""
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    screen.dice.entry.press_face(5)
    screen.dice.entry.press_face(5)
    screen.dice._throw_without_dice()
    assert service.state.throws == 1
    screen._undo(None)
    assert service.state.throws == 0
    assert screen.dice.entry.values == [5, 5, None, None, None]
    screen.dice._throw_without_dice()
    assert service.state.throws == 1 and service.state.last_action.kept == (5, 5)  # type: ignore[union-attr]
    screen.dispose()


def test_a_digit_no_die_shows_is_said_at_once_and_taken_out_of_the_field(shell: Shell) -> None:
    """A 0 or a 7 typed among the dice (the phone's number keys sit beside them) is said at once and
    dropped from the field: the digits before it stay, and the next digit completes the throw."""
    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    screen.dice._keys_changed(_Typed("5570"))
    assert "«5570»: на кубиках только значения от 1 до 6." in " ".join(texts(shell.page.dialogs[-1].content))
    assert screen.dice.keys.value == "55"
    assert service.state.throws == 0  # nothing recorded
    screen.dice._keys_changed(_Typed("559"))
    assert service.state.throws == 0 and len(shell.page.dialogs) == 1  # said again in the dialog still open
    assert "«559»" in " ".join(texts(shell.page.dialogs[-1].content))  # still nothing recorded
    assert screen.dice.keys.value == "55"
    screen.dice._keys_changed(_Typed("55236"))
    assert service.state.dice is not None and service.state.dice.values == (5, 5, 2, 3, 6)
    assert screen.dice.keys.value == ""
    screen.dispose()


def test_typed_faces_as_many_as_the_pale_dice_are_their_new_faces_as_on_the_pad(shell: Shell) -> None:
    """After 4-4-1-2-3 the 1, 2 and 3 are pale (offered for throwing again): 456 typed are what they
    show now, as three faces tapped on the pad would be. After 4-4-4-5-6 (5 and 6 pale), 444 typed,
    not as many as the pale dice, are the dice kept."""
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    screen.dice._take_keys("44123")
    assert screen.dice.entry.suggested == [2, 3, 4]
    screen.dice._keys_submitted(_Typed("456"))
    assert service.state.throws == 2 and service.state.dice is not None
    assert service.state.dice.values == (4, 4, 4, 5, 6)
    screen = shell.screen  # type: ignore[assignment]
    assert screen.dice.entry.suggested == [3, 4]
    screen.dice._keys_submitted(_Typed("444"))  # not as many as the pale ones: the dice kept
    assert service.state.throws == 2 and screen.dice.entry.values == [4, 4, 4, None, None]
    screen.dispose()
