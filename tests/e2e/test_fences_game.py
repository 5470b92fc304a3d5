"""A two-player «Покер с оградами» game driven in Chromium through the sheet's identifiers."""

from __future__ import annotations

import json
import re
import time

import pytest

from tests.e2e.conftest import ROOT, Tab

pytestmark = pytest.mark.e2e


def start_game(tab: Tab, variant: str, names: list[str]) -> None:
    tab.tap("new-game")
    tab.tap(f"variant-{variant}")
    for n, name in enumerate(names, start=1):
        if not tab.has(f"player-name-{n}"):
            tab.tap("add-player")
        tab.fill(f"player-name-{n}", name)
    while tab.has(f"player-name-{len(names) + 1}"):
        tab.tap(f"remove-player-{len(names) + 1}")
        tab.page.wait_for_timeout(300)
    tab.tap("start-game")
    tab.wait("turn")


def pad(tab: Tab, values: str) -> None:
    for v in values:
        tab.tap(f"face-{v}")


def test_two_players_through_several_turns(new_tab, server) -> None:
    tab = new_tab()
    start_game(tab, "ru_fences", ["Аня", "Борис"])
    assert re.search(r"Аня.*этап 1.*бросок 0 из 3", tab.text("turn"))

    # Аня, by keys: 5-5-5-2-3 on the first throw, «Тройка» for 15 and two fences.
    tab.type_dice("55523")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    assert "5" in tab.text("die-1")
    tab.wait_text("box-1-1-three", "")
    tab.tap("box-1-1-three")
    tab.wait_text("box-1-1-three", "15")
    tab.wait_text("fences-1", "2")
    tab.wait_text("total-1", "15")
    tab.wait_text("turn", re.compile("Борис.*бросок 0 из 3"))

    # Борис crosses out «Большой стрит» before any throw: +3 fences.
    tab.tap("cross-out")
    tab.wait_text("turn", re.compile("Борис: выберите клетку"))
    # The boxes that may be struck say so: the lower ones, not the «гора»'s before a throw.
    strike = tab.page.get_by_role("group", name="Борис · Большой стрит · Вычеркнуть", exact=True)
    strike.wait_for(timeout=5000)
    assert tab.page.get_by_role("group", name="Борис · Единицы · Вычеркнуть", exact=True).count() == 0
    tab.tap("box-2-1-large_straight")
    tab.wait_text("box-2-1-large_straight", "0")
    tab.wait_text("fences-2", "3")

    # Аня, by taps: a typical turn. She throws, keeps two sixes and enters only them, throws the
    # other three again (Throw records throw 1 without its dice), gets 6-2-3 and writes «Шестёрки»
    # (6-6-6-2-3: 0 against three sixes): 2 + 1 + 3 + 1 taps.
    tab.wait_text("turn", re.compile("Аня.*бросок 0 из 5"))
    taps = tab.taps
    pad(tab, "66")
    tab.wait_text("dice-hint", re.compile("перебросить пустые"))
    tab.tap("throw")
    tab.wait_text("turn", re.compile("бросок 1 из 5"))
    tab.wait_text("dice-hint", re.compile("Бросок 1 записан без кубиков"))
    assert re.search("6$", tab.text("die-2")) and re.search("—$", tab.text("die-3"))
    pad(tab, "623")
    tab.wait_text("turn", re.compile("бросок 2 из 5"))
    tab.wait_text("die-3", re.compile("6$"))
    tab.tap("box-1-1-sixes")
    tab.wait_text("box-1-1-sixes", "0")
    turn_taps = tab.taps - taps
    assert turn_taps <= 7, f"a typical turn took {turn_taps} taps"
    tab.wait_text("fences-1", "3")  # 2 + (3 − 2)

    # Борис spends a fence: four throws (3 + 1 fence), five ones on the fourth, «Покер» 50.
    tab.wait_text("turn", re.compile("Борис.*бросок 0 из 6"))
    tab.type_dice("11234")
    tab.wait_text("turn", re.compile("бросок 1 из 6"))
    tab.tap("die-3")  # he chose the die to re-throw himself: only the 2
    tab.wait_text("die-3", re.compile("—$"))
    pad(tab, "1")
    tab.wait_text("turn", re.compile("бросок 2 из 6"))
    for throw, dice in enumerate(("11114", "11111"), start=3):
        tab.type_dice(dice)
        tab.wait_text("turn", re.compile(f"бросок {throw} из 6"))
    tab.tap("box-2-1-poker")
    tab.wait_text("box-2-1-poker", "50")
    tab.wait_text("fences-2", "2")  # 3 + (3 − 4)

    # Аня claims «Фулл» with 3-3-3-2-5: the game says why not and offers a 0, struck through on
    # the sheet as the button says.
    tab.type_dice("33325")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 6"))
    tab.tap("box-1-1-full")
    reason = tab.wait_text("reason", re.compile("Фулл"))
    assert "0" in reason
    tab.wait_text("write-zero", "Вычеркнуть (0)")
    tab.close_dialog("write-zero")
    tab.wait_text("box-1-1-full", "0")
    tab.wait_text("turn", re.compile("Борис"))

    # Undo takes the 0 back, once asked (the turn has passed to Борис): Аня is on throw 1 again
    # with the same dice, the sheet says what was taken back; she writes «Шанс».
    tab.tap("undo")
    tab.wait_text("reason", re.compile("Сейчас ходит Борис"))
    tab.close_dialog("confirm-undo")
    tab.wait_text("box-1-1-full", "")
    tab.wait_text("undone-note", re.compile("Отменено: Аня — Фулл"))
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 6"))
    tab.tap("box-1-1-chance")
    tab.wait_text("box-1-1-chance", "16")
    assert not tab.has("undone-note")  # until the next action
    tab.wait_text("fences-1", "5")  # 3 + 2
    tab.wait_text("total-1", "31")  # 15 + 16 (the «гора» is not complete)
    tab.wait_text("gora-1-1", re.compile("^0"))

    # A second browser context on the same game sees the first one's actions within a second.
    other = new_tab()
    other.tap("resume")
    other.wait_text("box-1-1-chance", "16")
    other.wait_text("box-2-1-poker", "50")
    tab.type_dice("64444")
    t0 = time.monotonic()
    other.wait_text("turn", re.compile("Борис.*бросок 1 из 5"), timeout=3)
    seen_after = time.monotonic() - t0
    # The product's aim is a second (0.2-0.7 s measured, written to metrics.json); the bound leaves
    # room for the browser's own polling on a busy 2-core machine.
    assert seen_after < 2.0, f"the other screen saw the throw after {seen_after:.2f} s"
    other.tap("box-2-1-four")
    tab.wait_text("box-2-1-four", "16", timeout=3)

    metrics = ROOT / "artifacts" / "metrics.json"
    metrics.parent.mkdir(exist_ok=True)
    data = json.loads(metrics.read_text()) if metrics.exists() else {}
    data.update({"taps_typical_turn": turn_taps, "other_screen_sees_change_s": round(seen_after, 3)})
    metrics.write_text(json.dumps(data, indent=1))


def test_resume_after_restart_on_the_same_db(new_tab, server) -> None:
    tab = new_tab()
    start_game(tab, "ru_fences", ["Вера", "Глеб"])
    tab.type_dice("22456")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.tap("box-1-1-twos")
    tab.wait_text("box-1-1-twos", "−2")
    tab.type_dice("13456")
    tab.wait_text("turn", re.compile("Глеб.*бросок 1 из 3"))

    server.stop()
    server.start()
    fresh = new_tab()
    fresh.tap("resume")
    fresh.wait_text("box-1-1-twos", "−2")
    fresh.wait_text("turn", re.compile("Глеб.*бросок 1 из 3"))
    fresh.wait_text("fences-1", "2")
    for k, v in enumerate("13456", start=1):
        fresh.wait_text(f"die-{k}", re.compile(f"{v}$"))

    # A reload of the tab comes back to the same sheet, exactly as it was; Back goes home.
    assert re.search(r"/game/\d+$", fresh.page.url), fresh.page.url
    fresh.open(reload=True)
    fresh.wait_text("turn", re.compile("Глеб.*бросок 1 из 3"))
    fresh.wait_text("box-1-1-twos", "−2")
    fresh.wait_text("fences-1", "2")
    for k, v in enumerate("13456", start=1):
        fresh.wait_text(f"die-{k}", re.compile(f"{v}$"))
    fresh.page.go_back()
    fresh.wait("new-game")


def test_long_press_picks_which_pair(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "ru_fences", ["Дина", "Егор"])
    tab.type_dice("22556")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    box = tab.find("box-1-1-pair").bounding_box()
    tab.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    tab.page.mouse.down()
    tab.page.wait_for_timeout(900)
    tab.page.mouse.up()
    tab.wait("pick-5")
    tab.close_dialog("pick-2")
    tab.wait_text("box-1-1-pair", "4")


def test_dice_set_by_tapping_them_and_the_throw_button(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "yatzy", ["Жора", "Зоя"])
    tab.tap("throw")  # nothing entered yet: the app says what to do, records nothing
    tab.wait_text("reason", re.compile("пять кубиков"))
    tab.close_dialog()
    assert re.search("бросок 0 из 3", tab.text("turn"))
    for k in range(1, 6):
        tab.tap(f"die-{k}")  # a blank die: one tap sets a 1
        tab.wait_text(f"die-{k}", re.compile("1$"))
    tab.tap("throw")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.tap("die-5")  # re-thrown: it goes blank
    tab.wait_text("die-5", re.compile("—$"))
    for _ in range(2):
        tab.tap("die-5")
    tab.wait_text("die-5", re.compile("2$"))
    tab.tap("throw")
    tab.wait_text("turn", re.compile("бросок 2 из 3"))
    tab.tap("throw")  # the same dice again are not a new throw: the app says which to change
    tab.wait_text("reason", re.compile("кубики прошлого броска"))
    tab.close_dialog()
    assert re.search("бросок 2 из 3", tab.text("turn"))
    tab.tap("box-1-1-ones")
    tab.wait_text("box-1-1-ones", "4")
    # Зоя threw all five again without entering them: the dialog records it on one more tap.
    tab.wait_text("turn", re.compile("Зоя.*бросок 0 из 3"))
    tab.tap("throw")
    tab.wait_text("reason", re.compile("без кубиков"))
    tab.close_dialog("throw-without-dice")
    tab.wait_text("turn", re.compile("Зоя.*бросок 1 из 3"))
    tab.type_dice("66666")
    tab.wait_text("turn", re.compile("бросок 2 из 3"))
    tab.tap("box-2-1-poker")
    tab.wait_text("box-2-1-poker", "50")


def test_the_sheet_stays_where_it_was_scrolled(new_tab) -> None:
    tab = new_tab()
    start_game(tab, "ru_fences", ["Ира", "Кира"])
    tab.type_dice("12346")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.tap("box-1-1-chance")  # the last row: the sheet is wheeled down to it
    tab.wait_text("box-1-1-chance", "16")
    tab.wait_text("turn", re.compile("Кира"))
    below = tab.node("box-2-1-chance")  # not scrolled to by the test: the app kept the place
    in_view = """e => { const r = e.getBoundingClientRect();
                        return r.top + r.height / 2 > 0 && r.top + r.height / 2 < innerHeight; }"""
    # in view a second after and still three seconds after (a notice may lie over it for a while,
    # so the row's place is checked, not what is on top of it)
    for wait in (1.0, 2.0):
        time.sleep(wait)
        assert below.evaluate(in_view), "after writing a box the sheet jumped back to the top"
