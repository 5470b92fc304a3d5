"""A ru_football tour, switching the language, and the first frame's time."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest

try:
    from playwright.sync_api import Error as PlaywrightError
except ImportError:  # the browser tests skip then (see conftest)
    PlaywrightError = Exception  # type: ignore[misc,assignment]

from scorekeeper.app.settings.model import Settings
from tests.e2e.conftest import PHONE, ROOT, AppServer, Tab
from tests.e2e.test_fences_game import pad, start_game

pytestmark = pytest.mark.e2e


def test_football_tour(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "ru_football", ["Зенит", "Спартак"])
    assert re.search(r"Зенит.*тур 1", tab.text("turn"))
    # Goals of five teams by keys: 2-1-0-3-4; «Любая комбинация» is their sum.
    tab.type_dice("21034")
    tab.wait_text("die-1", re.compile("2$"))
    tab.tap("box-1-1-chance")
    tab.wait_text("box-1-1-chance", "10")
    tab.wait_text("total-1", "10")
    # The second participant by the goal pad (0–9+): 3-3-3-3-3 is «Покер».
    tab.wait_text("turn", re.compile("Спартак.*тур 1"))
    pad(tab, "33333")
    tab.wait_text("die-5", re.compile("3$"))
    tab.tap("box-2-1-poker")
    tab.wait_text("box-2-1-poker", "50")
    # Tour 2: five equal values cannot close «Каре»; the reason is shown.
    tab.wait_text("turn", re.compile("Зенит.*тур 2"))
    # A desktop browser has the keys field focused already: just type (under heavy load the
    # focus may come late; then the field is clicked as a player would).
    try:
        tab.page.wait_for_function("document.activeElement && document.activeElement.tagName == 'INPUT'",
                                   timeout=3000)
        tab.page.keyboard.type("44444", delay=40)
    except PlaywrightError:
        tab.type_dice("44444")
    tab.wait_text("die-1", re.compile("4$"))
    tab.tap("box-1-1-four")
    tab.wait_text("reason", re.compile("Каре"))
    tab.close_dialog()
    tab.tap("box-1-1-fours")
    tab.wait_text("box-1-1-fours", "20")
    tab.wait_text("total-1", "30")
    assert not tab.has("fences-1")


@pytest.fixture
def russian_afterwards(server) -> Iterator[None]:
    """Whatever happens, the next tests find the app speaking Russian again."""
    yield
    Settings(lang="ru").save(server.db.with_name(server.db.name + ".settings.json"))


def test_switching_the_language(new_tab, russian_afterwards) -> None:
    tab = new_tab()
    tab.wait_text("new-game", re.compile("Новая игра"))
    tab.tap("settings")
    tab.tap("lang-en")
    tab.wait_text("lang-en", re.compile("English"))
    tab.tap("back")
    tab.wait_text("new-game", re.compile("New game"))
    start_game(tab, "yahtzee", ["Ann", "Bob"])
    tab.wait_text("turn", re.compile("Ann to play · throw 0 of 3"))
    tab.tap("box-1-1-full")
    tab.wait_text("reason", re.compile("Throw the dice"))
    tab.close_dialog()
    # Back to Russian: the same sheet speaks Russian at once.
    tab.tap("back")
    tab.tap("settings")
    tab.tap("lang-ru")
    tab.tap("back")
    tab.wait_text("new-game", re.compile("Новая игра"))
    tab.tap("resume")
    tab.wait_text("turn", re.compile("Ходит Ann · бросок 0 из 3"))


def test_first_frame_time(browser, tmp_path) -> None:
    """From starting the app to the first readable frame in headless Chromium (a cold start)."""
    t0 = time.monotonic()
    app = AppServer(tmp_path / "first.sqlite").start()
    try:
        context = browser.new_context(viewport=PHONE)
        tab = Tab(context.new_page(), app.url)
        page_load = tab.open()
        total = time.monotonic() - t0
        warm = Tab(context.new_page(), app.url).open()
        context.close()
    finally:
        app.stop()
    metrics = ROOT / "artifacts" / "metrics.json"
    metrics.parent.mkdir(exist_ok=True)
    data = json.loads(metrics.read_text()) if metrics.exists() else {}
    data.update({"start_to_first_frame_s": round(total, 2),
                 "server_start_to_listening_s": round(app.started_in, 2),
                 "page_load_to_first_frame_s": round(page_load, 2),
                 "warm_page_load_to_first_frame_s": round(warm, 2)})
    metrics.write_text(json.dumps(data, indent=1))
    assert total < 30


def test_a_solo_yahtzee_to_the_end(new_tab) -> None:
    from scorekeeper.rules import get_variant

    tab = new_tab()
    start_game(tab, "yahtzee", ["Соло"])
    boxes = get_variant("yahtzee").box_ids
    for box in boxes:
        tab.wait_text("turn", re.compile("бросок 0 из 3"))
        tab.type_dice("12345")
        tab.wait_text("turn", re.compile("бросок 1 из 3"))
        tab.tap(f"box-1-1-{box}")
        for _ in range(50):  # either it is written, or the app asks before writing a 0
            if tab.has("write-zero"):
                tab.close_dialog("write-zero")
                break
            cell = tab.page.locator(f'[flt-semantics-identifier="box-1-1-{box}"]')
            try:
                if re.fullmatch(r"\d+", cell.first.inner_text(timeout=200).strip()):
                    break
            except PlaywrightError:  # a dialog is coming up: the sheet's nodes are hidden
                pass
            tab.page.wait_for_timeout(100)
        tab.wait_text(f"box-1-1-{box}", re.compile(r"^\d+$"))
    tab.wait_text("turn", re.compile("Игра окончена.*Соло"))
    total = int(tab.text("total-1"))
    assert total == 1 + 2 + 3 + 4 + 5 + 30 + 40 + 15  # the sheet's own sum, nothing else added
    assert not tab.has("cross-out")
    tab.shot("sheet-finished-light")
    tab.tap("rematch")  # the same game again, a fresh sheet
    tab.wait_text("turn", re.compile("Ходит Соло · бросок 0 из 3"))
    tab.wait_text("total-1", "0")
