"""The photo dialog built without a browser: identifiers, boxes placed on the photo, "Use" only when right."""

from __future__ import annotations

from typing import Any

import cv2
import numpy as np

from scorekeeper.app.photo.model import PhotoReading
from scorekeeper.app.photo.view import SHOWN_W, PhotoDialog, photo_button
from scorekeeper.i18n.ui import tr
from tests.app.controls import identifiers, walk


class FakePage:
    def __init__(self) -> None:
        self.dialogs: list[Any] = []

    def show_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()


class FakeShell:
    lang = "en"

    def __init__(self) -> None:
        self.page = FakePage()

    def t(self, key: str, **values: object) -> str:
        return tr(key, self.lang, **values)  # type: ignore[arg-type]


def preview(w: int = 400, h: int = 300) -> bytes:
    return cv2.imencode(".jpg", np.zeros((h, w, 3), np.uint8))[1].tobytes()


def dialog_with(values: list[int], used: list[list[int]]) -> tuple[FakeShell, PhotoDialog]:
    shell = FakeShell()
    dialog = PhotoDialog(shell, 5, used.append)  # type: ignore[arg-type]
    dialog.open()
    found = [(v, (40.0 * i, 10.0, 40.0, 40.0), 0.9) for i, v in enumerate(values)]
    dialog.show(PhotoReading.from_dice(found, (400, 300), 5), preview())
    return shell, dialog


def test_the_button_is_tagged_photo() -> None:
    button = photo_button(FakeShell(), 5, lambda v: None)  # type: ignore[arg-type]
    assert button.identifier == "photo"


def test_dice_boxes_message_and_use() -> None:
    used: list[list[int]] = []
    shell, dialog = dialog_with([1, 2, 3, 4, 5], used)
    tree = identifiers(dialog.body)
    assert {f"photo-die-{k}" for k in range(1, 6)} <= set(tree)
    assert {f"photo-box-{k}" for k in range(1, 6)} <= set(tree)
    assert tree["photo-die-3"].label == "Die 3: 3"
    assert tree["photo-message"].content.value.startswith("Found 5 dice")
    assert not dialog.use_button.disabled
    # box 2 sits where the reader found it, scaled to the shown photo (400 px -> SHOWN_W)
    scale = SHOWN_W / 400
    holder = next(c for c in walk(dialog.body) if getattr(c, "left", None) is not None
                  and getattr(c.content, "identifier", None) == "photo-box-2")
    assert abs(holder.left - 40 * scale) < 1e-6 and abs(holder.top - 10 * scale) < 1e-6
    dialog._use(None)
    assert used == [[1, 2, 3, 4, 5]] and shell.page.dialogs == []


def test_wrong_count_keeps_use_off_until_fixed() -> None:
    used: list[list[int]] = []
    _, dialog = dialog_with([6, 6, 6], used)
    assert dialog.use_button.disabled
    assert "add 2" in identifiers(dialog.body)["photo-message"].content.value
    dialog._use(None)
    assert used == []
    dialog._add(None)
    assert "photo-remove" in identifiers(dialog.body) and "photo-face-4" in identifiers(dialog.body)
    dialog._set(4)
    dialog._add(None)
    dialog._set(2)
    assert not dialog.use_button.disabled
    dialog._tap(0)
    dialog._tap(0)  # selected, then stepped: 6 -> 1
    dialog._use(None)
    assert used == [[1, 6, 6, 4, 2]]


def test_refusal_is_a_sentence_and_nothing_is_used() -> None:
    used: list[list[int]] = []
    shell = FakeShell()
    dialog = PhotoDialog(shell, 5, used.append)  # type: ignore[arg-type]
    dialog.open()
    dialog.fail("The photo cannot be read: not an image.")
    tree = identifiers(dialog.body)
    assert tree["photo-message"].content.value.startswith("The photo cannot be read")
    assert "photo-retake" in tree and dialog.use_button.disabled
    dialog._cancel(None)
    assert used == [] and shell.page.dialogs == []
