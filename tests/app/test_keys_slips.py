"""Keys typed beside a throw: each slip said in one dialog, a key too many said, each change read as
the browser sent it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from scorekeeper.app.dice_entry import view
from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts


def change(field: object, text: str) -> SimpleNamespace:
    """A change of the keys field as the browser sends it: the text with the event."""
    return SimpleNamespace(control=field, data=text)


def test_letters_typed_one_by_one_are_said_in_one_dialog(shell: Shell) -> None:
    _service, sheet = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    keys = sheet.dice.keys
    for text in ("a", "b", "c"):  # the server empties the field after each; the browser sends each key
        sheet.dice._keys_changed(change(keys, text))
    dialogs = shell.page.dialogs  # type: ignore[attr-defined]
    assert len(dialogs) == 1
    assert "«c»" in " ".join(texts(dialogs[0].content))


def test_each_change_is_read_as_sent_and_a_key_too_many_is_said(shell: Shell) -> None:
    """A busy server handles the changes of a quick hand after all of them arrived: the field then
    holds six keys already, yet the fifth change is the throw, and the sixth key is said."""
    service, sheet = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    keys = sheet.dice.keys
    keys.value = "555524"  # what the field holds when the changes are handled
    for n in range(1, 7):
        sheet.dice._keys_changed(change(keys, "555524"[:n]))
    assert service.state.throws == 1 and service.state.dice is not None
    assert service.state.dice.values == (5, 5, 5, 5, 2)
    hint = " ".join(texts(identifiers(shell.page.controls[0])["dice-hint"]))  # type: ignore[attr-defined]
    assert hint == "«4» после пяти кубиков не принято: бросок уже записан."
    assert keys.value == ""


def test_a_key_typed_into_the_emptied_field_at_once_is_said_and_kept(shell: Shell, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser emptied the field before the sixth key came: it may be a quick hand's next throw,
    so it stays, said; the next throw typed in full is taken as usual and the note goes."""
    # "at once" is within a second of the throw taken: the clock stands still, however busy the machine
    monkeypatch.setattr(view, "time", SimpleNamespace(monotonic=lambda: 1000.0))
    service, sheet = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    keys = sheet.dice.keys
    for n in range(1, 6):
        sheet.dice._keys_changed(change(keys, "55552"[:n]))
    sheet.dice._keys_changed(change(keys, "4"))
    hint = " ".join(texts(identifiers(shell.page.controls[0])["dice-hint"]))  # type: ignore[attr-defined]
    assert hint.startswith("«4» набрано сразу после записанного броска и осталось в поле")
    for n in range(1, 6):
        sheet.dice._keys_changed(change(keys, "55554"[:n]))
    assert service.state.throws == 2
    hint = " ".join(texts(identifiers(shell.page.controls[0])["dice-hint"]))  # type: ignore[attr-defined]
    assert "набрано сразу" not in hint
