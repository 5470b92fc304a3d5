"""The advisor's hint in a real browser: turned on in Settings, it names after each throw the keep
the advisor gives and marks those dice; followed for a whole turn, its box is written."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from scorekeeper.advisor import Position, advise
from scorekeeper.game import new_game
from scorekeeper.rules import get_variant
from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import pad, start_game

pytestmark = pytest.mark.e2e

SHOTS = Path(os.environ.get("SCOREKEEPER_SHOTS", "/tmp/hint-shots"))


def shot(tab: Tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.page.wait_for_timeout(400)
    tab.page.screenshot(path=str(SHOTS / f"{name}.png"))


def ru(x: float) -> str:
    return f"{x:.1f}".replace(".", ",")


def marked(tab: Tab) -> list[int]:
    """The dice the hint marks to keep (1-5), as their spoken labels say."""
    return [n for n in range(1, 6) if "оставить" in tab.text(f"die-{n}")]


def test_the_hint_is_off_by_default_and_once_on_is_followed_for_a_turn(new_tab) -> None:
    variant = get_variant("yahtzee")
    all_open = frozenset(new_game(variant, ["Аня"]).sheets[0].stages[0].open_boxes(variant))

    tab = new_tab()
    start_game(tab, "yahtzee", ["Аня"])
    tab.type_dice("62631")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))
    tab.page.wait_for_timeout(500)
    assert not tab.has("advice-line") and marked(tab) == []  # off until this phone turns it on

    tab.tap("back")
    tab.tap("settings")
    tab.wait("hint-off")
    tab.tap("hint-on")
    shot(tab, "settings-hint-on")
    tab.tap("back")
    start_game(tab, "yahtzee", ["Аня"])

    # Throw 1: 6-2-6-3-1. The line names the advisor's keep with its figure; those dice are marked.
    tab.type_dice("62631")
    tab.wait_text("turn", re.compile("Аня.*бросок 1 из 3"))
    first = advise(variant, Position(all_open, dice=(6, 2, 6, 3, 1), throw=1)).best
    assert first.keep == (6, 6)
    tab.wait_text("advice-line", f"Совет: оставьте 6 6 — ожидается {ru(first.expected)} очка")
    assert marked(tab) == [1, 3]
    shot(tab, "hint-after-throw-1")
    tab.tap("advice-line")
    tab.wait_text("reason", re.compile(f"{ru(first.expected)} — столько очков Аня в среднем ещё наберёт"))
    shot(tab, "hint-explained")
    tab.close_dialog()

    # Follow it: the three other dice thrown again (tapped, then their new faces): 6, 4, 6.
    for n in (2, 4, 5):
        tab.tap(f"die-{n}")
    pad(tab, "646")
    tab.wait_text("turn", re.compile("Аня.*бросок 2 из 3"))
    dice = (6, 6, 6, 4, 6)
    second = advise(variant, Position(all_open, dice=dice, throw=2)).best
    assert second.keep == (6, 6, 6, 6)
    tab.wait_text("advice-line", f"Совет: оставьте 6 6 6 6 — ожидается {ru(second.expected)} очка")
    assert marked(tab) == [1, 2, 3, 5]

    # The fourth die thrown again: a 5. The last throw: the line names the box and its score.
    tab.tap("die-4")
    pad(tab, "5")
    tab.wait_text("turn", re.compile("Аня.*бросок 3 из 3"))
    last = advise(variant, Position(all_open, dice=(6, 6, 6, 5, 6), throw=3)).best
    assert last.box is not None and last.score is not None
    name = variant.box(last.box).name.ru
    line = tab.wait_text("advice-line", re.compile(f"Совет: впишите «{re.escape(name)}» — {last.score} "))
    assert ru(last.expected) in line
    assert marked(tab) == []
    shot(tab, "hint-after-last-throw")
    tab.tap(f"box-1-1-{last.box}")
    tab.wait_text(f"box-1-1-{last.box}", str(last.score))
    tab.wait_text("turn", re.compile("Аня.*бросок 0 из 3"))
    assert not tab.has("advice-line")  # no throw yet in the new turn
    shot(tab, "hint-box-written")


def test_the_review_of_a_finished_game_from_its_sheet_and_from_history(new_tab, server, db_path) -> None:
    from scorekeeper.app.review.model import game_review
    from scorekeeper.game import Roll, Score
    from scorekeeper.store import Store
    from tests.e2e.test_finished_game import written

    variant = get_variant("yahtzee")
    # The first turn followed the advice to the last throw, then wrote Chance (29) where the advice
    # was Sixes (24); 1-2-3-4-5 in every other box but Sixes, left for the last turn.
    actions: list[Roll | Score] = [Roll((6, 2, 6, 3, 1)), Roll((6, 6, 6, 4, 6)), Roll((6, 6, 6, 5, 6)),
                                   Score("chance")]
    for box in variant.box_ids:
        if box not in ("chance", "sixes"):
            actions += [Roll((1, 2, 3, 4, 5)), Score(box)]
    game_id = written(db_path, "yahtzee", ["Соло"], actions)
    tab = new_tab(url=f"{server.url}game/{game_id}")
    tab.type_dice("66656")
    tab.wait_text("turn", re.compile("бросок 1 из 3"))
    tab.tap("box-1-1-sixes")
    tab.wait_text("turn", re.compile("Игра окончена"))
    shot(tab, "finished-sheet")

    with Store(db_path) as store:
        reviews = game_review(variant, ["Соло"], store.actions(game_id), "ru")
    assert reviews is not None
    (solo,) = reviews
    assert not solo.lines[2].followed and solo.lost > 0

    tab.tap("review")  # from the finished sheet
    tab.wait_text(f"review-total-{solo.name}", solo.total_text("ru"))
    assert re.match(r"Отдано \d+,\d очка ожидания; по совету — \d+ из \d+ решений\.", solo.total_text("ru"))
    tab.wait_text("review-Соло-1", re.compile("Бросок 1: 1 2 3 6 6 — оставлено 6 6"))
    chance = tab.wait_text("review-Соло-3", re.compile("Бросок 3: 5 6 6 6 6 — вписано «Шанс» 29"))
    assert "совет: «Шестёрки» 24" in chance
    shot(tab, "review-from-sheet")
    tab.tap("back")  # back to the sheet it came from
    tab.wait_text("turn", re.compile("Игра окончена"))

    past = new_tab(url=f"{server.url}history/{game_id}")  # the game in History
    past.wait("history-sheet")
    past.tap("review")
    past.wait_text(f"review-total-{solo.name}", solo.total_text("ru"))
    shot(past, "review-from-history")
    past.tap("back")
    past.wait("history-sheet")
