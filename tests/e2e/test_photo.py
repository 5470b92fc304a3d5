"""The photo flow in Chromium: the file chooser, the dice read on a synthetic photo, fixes, "Use".

The expected reading is vision's own on the same file (computed here with the app's code), so the
test checks the flow whatever the reader's accuracy: the values shown are the values read, the
count is fixed with "+ Die" / "Remove", a die is changed with the pad, and only "Use" records.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from scorekeeper.app.photo.model import analyse
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.e2e.conftest import AppServer, Tab
from vision.synth import render_scene

pytestmark = pytest.mark.e2e

VALUES = [2, 2, 5, 5, 6]


def models_present() -> bool:
    from vision.compact import CLASSIFIER, DETECTOR, assets_dir

    return (assets_dir() / DETECTOR).exists() and (assets_dir() / CLASSIFIER).exists()


@pytest.fixture(scope="module")
def photo_server(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppServer, Path]]:
    folder = tmp_path_factory.mktemp("photo")
    db = folder / "games.sqlite"
    with Store(db) as store:
        GameService.create(store, "ru_fences", ["Аня", "Борис"]).close()
    image, _ = render_scene(np.random.default_rng(1001), (640, 480), values=VALUES, die_px=(45, 60),
                            pitch_deg=(0, 5), body="white", pip="black", distractors=False)
    photo = folder / "roll.png"
    cv2.imwrite(str(photo), image)
    (folder / "notes.png").write_bytes(b"these are notes, not a photo\n" * 10)
    app = AppServer(db).start()
    yield app, folder
    app.stop()


def open_sheet(browser: Any, url: str, color_scheme: str = "light") -> tuple[Any, Tab]:
    context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=color_scheme,
                                  device_scale_factor=1)
    tab = Tab(context.new_page(), url)
    tab.open()
    tab.tap("resume")
    tab.wait("photo")
    return context, tab


def choose(tab: Tab, path: Path, button: str = "photo") -> None:
    """Tap `button` and give the file chooser `path` (one more tap if no chooser came)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    for attempt in range(2):
        try:
            with tab.page.expect_file_chooser(timeout=6_000) as chooser:
                tab.tap(button)
        except PlaywrightTimeout:
            if attempt:
                raise
            continue
        chooser.value.set_files(str(path))
        return


def shown_values(tab: Tab) -> list[int]:
    found = []
    k = 1
    while tab.has(f"photo-die-{k}"):
        label = tab.node(f"photo-die-{k}").get_attribute("aria-label") or tab.text(f"photo-die-{k}")
        found.append(int(re.findall(r"\d", label)[-1]))
        k += 1
    return found


@pytest.mark.skipif(not models_present(), reason="the dice reader's ONNX models are not in assets/")
def test_photo_is_read_fixed_and_used_as_the_throw(browser: Any, photo_server: Any) -> None:
    app, folder = photo_server
    photo = folder / "roll.png"
    expected, _ = analyse(photo.read_bytes(), 5)
    context, tab = open_sheet(browser, app.url)
    try:
        tab.shot("sheet-photo-button-light")
        choose(tab, photo)
        message = tab.wait_text("photo-message", re.compile(r"Найден|не нашлось"), timeout=20)
        assert shown_values(tab) == expected.values()
        if expected.ready():
            assert "Найдено 5 кубиков" in message
        tab.shot("photo-read-light")
        # fix the count: keep the surest when too many, add the missing ones when too few
        if len(shown_values(tab)) > 5:
            tab.tap("photo-keep-best")
            tab.wait_text("photo-message", re.compile(rf"Осталось 5 кубиков \(убрано: {len(expected.dice) - 5}\)"))
        while len(shown_values(tab)) < 5:
            n = len(shown_values(tab))
            tab.tap("photo-add")
            tab.wait(f"photo-die-{n + 1}")
            tab.tap(f"photo-face-{VALUES[n]}")
            tab.page.wait_for_timeout(150)
        # one too many is said plainly, and removed again
        tab.tap("photo-add")
        tab.wait_text("photo-message", re.compile(r"6 кубиков \(с фото: \d, добавлено вручную: \d\), а нужно 5: уберите 1"))
        tab.tap("photo-remove")  # the added die is the selected one
        tab.wait_text("photo-message", re.compile("5 кубиков"))
        # change die 1 with the pad, die 2 by tapping it twice (select, then step)
        tab.tap("photo-die-1")
        tab.tap("photo-face-6")
        tab.page.wait_for_timeout(200)
        before = shown_values(tab)[1]
        tab.tap("photo-die-2")
        tab.page.wait_for_timeout(200)
        tab.tap("photo-die-2")
        tab.page.wait_for_timeout(300)
        values = shown_values(tab)
        assert values[0] == 6
        assert values[1] == (1 if before == 6 else before + 1)
        tab.shot("photo-fixed-light")
        # nothing is recorded before "Use"
        with Store(app.db) as store:
            game_id = store.last_game_id()
            assert game_id is not None and store.action_count(game_id) == 0
        tab.tap("photo-use")
        tab.wait_text("turn", re.compile("бросок 1 из"))
        for k, value in enumerate(values, start=1):
            tab.wait_text(f"die-{k}", re.compile(rf"Кубик {k}: {value}"))
        with Store(app.db) as store:
            assert [list(a.values) for a in store.actions(game_id)] == [values]  # type: ignore[attr-defined]
    finally:
        context.close()


def test_a_file_that_is_not_a_photo_is_refused_in_a_sentence(browser: Any, photo_server: Any) -> None:
    app, folder = photo_server
    context, tab = open_sheet(browser, app.url, "dark")
    try:
        choose(tab, folder / "notes.png")
        message = tab.wait_text("photo-message", re.compile("не похоже на фото"), timeout=20)
        assert "JPEG" in message
        tab.shot("photo-error-dark")
        # another photo from the dialog itself replaces it
        choose(tab, folder / "roll.png", "photo-retake")
        tab.wait_text("photo-message", re.compile(r"Найден|не нашлось|не удалось"), timeout=20)
        tab.shot("photo-read-dark")
        tab.tap("photo-cancel")
        tab.page.wait_for_timeout(300)
        assert not tab.has("photo-message")
        # the app goes on: the dice still take a throw, and the photo recorded none
        throws = int(re.search(r"бросок (\d+) из", tab.text("turn")).group(1))  # type: ignore[union-attr]
        tab.type_dice("11111")
        tab.wait_text("turn", re.compile(rf"бросок {throws + 1} из"))
    finally:
        context.close()


DICE_A = Path(__file__).resolve().parents[3] / "shared" / "datasets" / "dice-a"
SEVEN_DICE = DICE_A / "images" / "IMG_20191208_111847.jpg"


@pytest.mark.skipif(not models_present() or not SEVEN_DICE.exists(), reason="the models or ../shared are absent")
def test_too_many_dice_on_a_small_phone_the_fix_shows_at_once(browser: Any, photo_server: Any) -> None:
    app, _ = photo_server
    expected, _ = analyse(SEVEN_DICE.read_bytes(), 5)
    assert len(expected.dice) > 5
    context = browser.new_context(viewport={"width": 360, "height": 640}, color_scheme="dark", locale="en-US",
                                  device_scale_factor=1)
    try:
        tab = Tab(context.new_page(), app.url)
        tab.open()
        tab.tap("resume")
        choose(tab, SEVEN_DICE)
        tab.wait_text("photo-message", re.compile(rf"^Found {len(expected.dice)} dice, 5 needed"), timeout=20)
        tab.wait_text("photo-use-why", f"5 needed, {len(expected.dice)} now")
        message, keep = tab.node("photo-message").bounding_box(), tab.node("photo-keep-best").bounding_box()
        assert 0 < message["y"] < keep["y"] and keep["y"] + keep["height"] < 640 - 80  # above the actions
        assert tab._uncovered(tab.node("photo-keep-best"))
        tab.shot("photo-many-en-360-dark")
        tab.tap("photo-keep-best")
        tab.wait_text("photo-message", re.compile(rf"^5 dice left \({len(expected.dice) - 5} removed\)"))
        assert tab.text("photo-use-why") == ""
    finally:
        context.close()


@pytest.fixture(scope="module")
def upload_server(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppServer, Path]]:
    """A server that takes photos by HTTP upload (FLET_UPLOAD_DIR, FLET_SECRET_KEY)."""
    import os
    import secrets

    folder = tmp_path_factory.mktemp("upload")
    db = folder / "games.sqlite"
    with Store(db) as store:
        GameService.create(store, "ru_fences", ["Аня", "Борис"]).close()
    noise = (np.random.default_rng(0).random((2600, 2600, 3)) * 255).astype(np.uint8)
    cv2.imwrite(str(folder / "large.png"), noise)  # about 20 MB: more than a websocket message takes
    with open(folder / "huge.jpg", "wb") as f:  # 40 MB: over the limit
        f.truncate(40 * 2**20)
    saved = {k: os.environ.get(k) for k in ("FLET_UPLOAD_DIR", "FLET_SECRET_KEY")}
    os.environ["FLET_UPLOAD_DIR"] = str(folder / "uploads")
    os.environ["FLET_SECRET_KEY"] = secrets.token_hex(16)
    try:
        app = AppServer(db).start()
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    yield app, folder
    app.stop()


def test_by_upload_a_large_photo_is_read_and_a_huge_one_refused_at_once(browser: Any, upload_server: Any) -> None:
    app, folder = upload_server
    context, tab = open_sheet(browser, app.url)
    try:
        choose(tab, folder / "huge.jpg")
        message = tab.wait_text("photo-message", re.compile("слишком большое"), timeout=10)
        assert "40,0 МБ" in message and "32 МБ" in message
        tab.shot("photo-too-large-light")
        choose(tab, folder / "large.png", "photo-retake")
        read = r"Найден|не нашлось" if models_present() else r"Найден|не нашлось|не удалось"
        tab.wait_text("photo-message", re.compile(read), timeout=40)
        assert not list((folder / "uploads").glob("photo-*"))  # read, then removed
        tab.tap("photo-cancel")
        tab.page.wait_for_timeout(300)
        tab.type_dice("22222")
        tab.wait_text("turn", re.compile("бросок 1 из"))
    finally:
        context.close()


@pytest.mark.skipif(not models_present() or not SEVEN_DICE.exists(), reason="the models or ../shared are absent")
def test_held_sideways_the_photo_and_its_fixes_are_in_sight_together(browser: Any, photo_server: Any) -> None:
    app, _ = photo_server
    expected, _ = analyse(SEVEN_DICE.read_bytes(), 5)
    context = browser.new_context(viewport={"width": 640, "height": 360}, color_scheme="dark", device_scale_factor=1)
    try:
        tab = Tab(context.new_page(), app.url)
        tab.open()
        tab.tap("resume")
        choose(tab, SEVEN_DICE)
        tab.wait_text("photo-message", re.compile(rf"^Найдено {len(expected.dice)} кубиков"), timeout=20)
        photo, message = tab.node("photo-box-1").bounding_box(), tab.node("photo-message").bounding_box()
        assert photo["x"] + photo["width"] <= message["x"]  # the photo on the left, the message beside it
        for identifier in ("photo-box-1", "photo-message", "photo-keep-best", "photo-die-1", "photo-use"):
            assert tab._uncovered(tab.node(identifier)), identifier  # all in sight, nothing scrolled
        tab.shot("photo-sideways-640-dark")
        tab.node("photo-box-2").click()  # a die picked on the photo: the pad comes into sight beside it
        tab.wait("photo-face-6")
        tab.page.wait_for_timeout(600)
        assert tab._uncovered(tab.node("photo-face-6")) and tab._uncovered(tab.node("photo-box-2"))
        tab.node("photo-face-6").click()
        tab.page.wait_for_timeout(300)
        assert shown_values(tab)[1] == 6
    finally:
        context.close()
