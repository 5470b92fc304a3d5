"""The photo dialog built without a browser: identifiers, boxes placed on the photo, "Use" only when right."""

from __future__ import annotations

from typing import Any

import cv2
import flet as ft
import numpy as np
import pytest

from scorekeeper.app.photo.model import PhotoReading, analyse, dialog_layout, overlap
from scorekeeper.app.photo.view import PhotoDialog, photo_button
from scorekeeper.i18n.ui import tr
from tests.app.controls import identifiers, texts, walk
from tests.app.test_photo_model import DICE_A, models_present


class FakePage:
    def __init__(self) -> None:
        self.dialogs: list[Any] = []

    def show_dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog)

    def pop_dialog(self) -> None:
        self.dialogs.pop()


class FakeShell:
    lang = "en"

    def __init__(self, width: float = 390) -> None:
        self.page = FakePage()
        self.width = width

    def t(self, key: str, **values: object) -> str:
        return tr(key, self.lang, **values)  # type: ignore[arg-type]


def preview(w: int = 400, h: int = 300) -> bytes:
    return cv2.imencode(".jpg", np.zeros((h, w, 3), np.uint8))[1].tobytes()


def dialog_with(values: list[int], used: list[list[int]], shell: FakeShell | None = None,
                confidences: list[float] | None = None) -> tuple[FakeShell, PhotoDialog]:
    shell = shell or FakeShell()
    dialog = PhotoDialog(shell, 5, used.append)  # type: ignore[arg-type]
    dialog.open()
    sure = confidences or [0.9] * len(values)
    found = [(v, (40.0 * i, 10.0, 40.0, 40.0), sure[i]) for i, v in enumerate(values)]
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
    # box 2 is outlined where the reader found it, scaled to the shown photo (400 px -> the room on a 390 px phone)
    scale = dialog_layout(390, 844, False).photo[0] / 400
    left, top, _, _ = outlines(dialog)[1]
    assert abs(left - 40 * scale) < 1e-6 and abs(top - 10 * scale) < 1e-6
    assert dialog.use_why.value == ""
    dialog._use(None)
    assert used == [[1, 2, 3, 4, 5]] and shell.page.dialogs == []


def outline_controls(dialog: PhotoDialog) -> list[tuple[Any, Any]]:
    """Each die's tap target on the photo (placed on it) and the outline drawn inside it."""
    return [(holder, holder.content.content.content.controls[0]) for holder in walk(dialog.body)
            if (getattr(getattr(holder, "content", None), "identifier", "") or "").startswith("photo-box-")]


def outlines(dialog: PhotoDialog) -> list[tuple[float, float, float, float]]:
    """The outline round each die on the photo, in the photo's coordinates."""
    return [(holder.left + outline.left, holder.top + outline.top, outline.width, outline.height)
            for holder, outline in outline_controls(dialog)]


def value_labels(dialog: PhotoDialog) -> list[tuple[str, tuple[float, float, float, float]]]:
    """Each value written on the photo and where."""
    stack = next(c for c in walk(dialog.body) if isinstance(c, ft.Stack) and isinstance(c.controls[0], ft.Image))
    return [(texts(c)[0], (c.left, c.top, c.width, c.height)) for c in stack.controls
            if any(isinstance(t, ft.Text) for t in walk(c))]


def taps_unnamed(control: Any, named: bool = False) -> list[Any]:
    """Controls that take a tap with no spoken name: neither inside a named node nor kept out of
    the screen reader's tree."""
    if isinstance(control, ft.Semantics):
        if control.exclude_semantics:
            return []
        named = named or bool(control.label)
    found = [control] if getattr(control, "on_click", None) is not None and not named else []
    for name in ("content", "controls"):
        held = getattr(control, name, None)
        for child in held if isinstance(held, list) else [held]:
            if child is not None and hasattr(child, "__dict__"):
                found += taps_unnamed(child, named)
    return found


def test_every_die_on_the_photo_is_one_named_target() -> None:
    """A screen reader meets each die on the photo once, as «Die 3 on the photo: 5»; the value
    written beside it is no nameless little button of its own."""
    _, dialog = dialog_with([1, 2, 5, 4, 3], [])
    photo = next(c for c in walk(dialog.body) if isinstance(c, ft.Stack) and isinstance(c.controls[0], ft.Image))
    assert taps_unnamed(photo) == []
    tree = identifiers(photo)
    assert [tree[f"photo-box-{k}"].label for k in range(1, 6)] == [
        f"Die {k} on the photo: {v}" for k, v in enumerate([1, 2, 5, 4, 3], start=1)]


def test_dice_on_the_photo_stay_visible_under_their_values() -> None:
    _, dialog = dialog_with([1, 2, 3, 4, 5, 6, 6], [])
    boxes = outlines(dialog)
    labels = value_labels(dialog)
    assert [v for v, _ in labels] == ["1", "2", "3", "4", "5", "6", "6"]
    for _, spot in labels:
        assert all(overlap(spot, box) == 0 for box in boxes)
    for _, outline in outline_controls(dialog):
        assert outline.border.top.width <= 2.5 and outline.bgcolor is None  # a thin outline, the die seen inside


def test_the_photo_fits_a_360_px_phone() -> None:
    _, dialog = dialog_with([1, 2, 3, 4, 5], [], FakeShell(width=360))
    image = next(c for c in walk(dialog.body) if isinstance(c, ft.Image))
    assert image.width <= 360 - 40 and dialog.body.width <= 360 - 40


def test_keep_best_comes_right_under_the_message_and_use_says_why_it_is_off() -> None:
    _, dialog = dialog_with([1, 2, 3, 4, 5, 6, 6], [])
    parts = dialog.body.content.controls
    assert parts[0].identifier == "photo-message" and parts[1].identifier == "photo-keep-best"
    assert dialog.use_button.disabled
    assert identifiers(dialog.dialog.actions[0])["photo-use-why"].content is dialog.use_why
    assert dialog.use_why.value == "5 needed, 7 now"
    dialog._keep_best(None)
    assert not dialog.use_button.disabled and dialog.use_why.value == ""


def test_remove_has_its_word_as_the_message_says() -> None:
    _, dialog = dialog_with([1, 2, 3, 4, 5, 6], [])
    assert "“Remove”" in identifiers(dialog.body)["photo-message"].content.value
    dialog._tap(5)
    assert "Remove" in texts(identifiers(dialog.body)["photo-remove"])


def test_edits_keep_the_view_in_place_and_a_new_photo_starts_at_the_top() -> None:
    _, dialog = dialog_with([1, 2, 3, 4, 5, 6, 6], [])
    view = dialog.body.content
    assert isinstance(view, ft.Column) and dialog.dialog.scrollable  # upright, the dialog scrolls
    dialog._tap(6)
    dialog._set(2)
    assert dialog.body.content is view  # where the player scrolled to stays put
    assert dialog.reading is not None
    dialog.show(PhotoReading.from_dice([(3, (1.0, 1.0, 9.0, 9.0), 0.9)], (400, 300), 5), preview())
    assert dialog.body.content is not view  # a fresh view: it opens at the top


@pytest.mark.skipif(not DICE_A.exists() or not models_present(), reason="dice-a or the reader's models are absent")
def test_the_strip_follows_the_dice_on_the_photo_row_by_row() -> None:
    data = (DICE_A / "images" / "IMG_20191208_111228.jpg").read_bytes()
    reading, shown = analyse(data, 5)
    assert len(reading.dice) >= 7
    shell = FakeShell()
    dialog = PhotoDialog(shell, 5, lambda v: None)  # type: ignore[arg-type]
    dialog.open()
    dialog.show(reading, shown)
    tree = identifiers(dialog.body)
    strip = [int(tree[f"photo-die-{k}"].label.split()[-1]) for k in range(1, len(reading.dice) + 1)]
    on_photo = [int(tree[f"photo-box-{k}"].label.split()[-1]) for k in range(1, len(reading.dice) + 1)]
    assert strip == on_photo == reading.values()
    rows: list[list[tuple[float, float, float, float]]] = []
    for box in outlines(dialog):  # a row: dice left to right; the next row starts left again
        if rows and box[0] > rows[-1][-1][0]:
            rows[-1].append(box)
        else:
            rows.append([box])
    middles = [sum(y + h / 2 for _, y, _, h in row) / len(row) for row in rows]
    assert middles == sorted(middles) and len(rows) < len(reading.dice) / 2


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
