"""The photo dialog on every screen, and the dice kept through a throw joining a photo of the others."""

from __future__ import annotations

from typing import Any

import flet as ft

from scorekeeper.app.photo.model import PhotoReading, dialog_layout, fit
from scorekeeper.app.photo.view import _launcher
from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers
from tests.app.test_photo_view import FakeShell, preview

CHROME = 150  # the dialog's title, actions and insets (dialog_layout's DIALOG_CHROME)


def test_sideways_the_photo_and_the_fixes_stand_side_by_side_in_sight() -> None:
    for width, height in [(844, 390), (640, 360)]:
        layout = dialog_layout(width, height, sideways=True)
        assert layout.side is not None and layout.height is not None
        shown = fit((4, 3), *layout.photo)
        assert shown[1] <= height - CHROME  # the whole photo shows with the title and the actions
        assert shown[0] >= 260  # not a thumbnail
        assert layout.width(shown[0]) <= width - 40  # photo, gap and fixes fit across
        assert layout.side >= 5 * 48 + 4 * 2  # five dice of the strip fit on one line


def test_upright_a_larger_screen_shows_a_larger_photo() -> None:
    phone = fit((4, 3), *dialog_layout(390, 844, False).photo)
    small = fit((4, 3), *dialog_layout(360, 640, False).photo)
    tablet = fit((4, 3), *dialog_layout(820, 1180, False).photo)
    laptop = fit((4, 3), *dialog_layout(1280, 800, False).photo)
    assert small[0] >= 320 and phone[0] >= 340  # as wide as a phone allows
    assert tablet[0] >= 1.5 * phone[0] and laptop[0] >= 1.4 * phone[0]
    assert laptop[1] + 260 <= 800 - CHROME  # the dice, hint and buttons still fit under it


class SidewaysShell(FakeShell):
    sideways = True

    def __init__(self) -> None:
        super().__init__(width=844)
        self.height = 390


def test_sideways_dialog_keeps_the_photo_beside_a_scrolling_column() -> None:
    from scorekeeper.app.photo.view import PhotoDialog

    shell = SidewaysShell()
    dialog = PhotoDialog(shell, 5, lambda v: None)  # type: ignore[arg-type]
    dialog.open()
    found = [(v, (40.0 * i, 10.0, 40.0, 40.0), 0.9) for i, v in enumerate([1, 2, 3, 4, 5, 6, 6])]
    dialog.show(PhotoReading.from_dice(found, (400, 300), 5), preview())
    row = dialog.body.content
    assert isinstance(row, ft.Row) and not dialog.dialog.scrollable
    photo, column = row.controls
    assert isinstance(photo.content, ft.Stack) and column.height == 390 - CHROME
    assert column.content.scroll is not None  # the fixes scroll; the photo stays in sight
    assert {"photo-message", "photo-keep-best", "photo-die-7"} <= set(identifiers(column))
    assert {f"photo-box-{k}" for k in range(1, 8)} <= set(identifiers(photo))
    assert dialog.body.width is not None and dialog.body.width <= 844 - 40
    dialog._tap(1)
    assert "photo-face-6" in identifiers(dialog.body.content.controls[1])  # the pad, beside the photo
    # upright again (the phone turned): the dialog itself scrolls, the photo above the fixes
    shell.sideways = False  # type: ignore[misc]
    shell.width, shell.height = 390, 844
    dialog._tap(1)
    assert isinstance(dialog.body.content, ft.Column) and dialog.dialog.scrollable


def test_kept_dice_join_a_photo_of_the_dice_thrown_again() -> None:
    three = [(4, (0.0, 0.0, 9.0, 9.0), 0.9), (1, (20.0, 0.0, 9.0, 9.0), 0.9), (4, (40.0, 0.0, 9.0, 9.0), 0.9)]
    reading = PhotoReading.from_dice(three, (100, 100), 5, kept=[6, 6])
    assert reading.values() == [4, 1, 4, 6, 6] and reading.ready() and reading.kept() == [6, 6]
    assert reading.message().en == "The kept dice (6, 6) join the photo's. Found 3 dice. Check the values and press “Use”."
    assert reading.message().ru.startswith("Отложенные кубики (6, 6) добавлены к фото. Найдено 3 кубика.")
    # two on the photo: the kept join, one is still missing
    reading = PhotoReading.from_dice(three[:2], (100, 100), 5, kept=[6, 6])
    assert reading.values() == [4, 1, 6, 6] and "Found 2 dice, 3 needed: add 1" in reading.message().en
    # all five on the photo (the kept ones with them): taken as read
    five = [*three, (6, (60.0, 0.0, 9.0, 9.0), 0.9), (5, (80.0, 0.0, 9.0, 9.0), 0.9)]
    assert PhotoReading.from_dice(five, (100, 100), 5, kept=[6, 6]).values() == [4, 1, 4, 6, 5]
    # a photo with no dice read is not filled in with the kept ones
    assert PhotoReading.from_dice([], (100, 100), 5, kept=[6, 6]).values() == []


def test_the_photo_button_knows_the_dice_kept_through_a_throw(shell: Shell) -> None:
    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    screen.dice.entry.press_face(6)
    screen.dice.entry.press_face(6)
    screen.dice._throw_without_dice()
    assert service.state.dice is None
    screen.dice._dice()  # the dice row drawn again, the photo button with it
    launcher: Any = _launcher(shell)
    assert launcher.kept == [6, 6]
    assert launcher.on_use is not None
    launcher.on_use([4, 1, 4, 6, 6])  # "Use" in the dialog: the throw with the kept dice
    assert service.state.dice is not None and tuple(service.state.dice.values) == (4, 1, 4, 6, 6)
    screen.dice._dice()
    # the throw has its dice: a photo of fewer dice joins those not offered for throwing again
    assert screen.dice.entry.suggested == [0, 1, 2] and launcher.kept == [6, 6]
    screen.dispose()


def test_dice_tapped_in_before_a_photo_join_it(shell: Shell) -> None:
    """Two sixes tapped in on a fresh turn, then a photo of the three other dice: the sixes join
    the photo's dice (before, the photo said "add 2" and the sixes were tapped in again)."""
    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    screen.dice._dice()
    launcher: Any = _launcher(shell)
    assert launcher.kept == []  # nothing entered: a photo is all five
    screen.dice.entry.press_face(6)
    screen.dice.entry.press_face(6)
    screen.dice._dice()
    assert launcher.kept == [6, 6]
    reading = PhotoReading.from_dice([(v, (20.0 * i, 0.0, 9.0, 9.0), 0.9) for i, v in enumerate((2, 3, 5))],
                                     (100, 100), 5, kept=launcher.kept)
    assert reading.values() == [2, 3, 5, 6, 6] and reading.use() == [2, 3, 5, 6, 6]
    assert "The kept dice (6, 6) join the photo's" in reading.message().en
    screen.dispose()
