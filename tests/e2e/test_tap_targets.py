"""Every tappable thing on history, statistics, New game's options and the sheet is at least 44 px
tall and wide on a phone (360 and 390 px wide, dark mode), measured on Flutter's semantics nodes.

A tappable thing is a semantics node that takes taps (`flt-tappable`), has a control's role (button,
checkbox, switch, …) or holds a text field. A node cut off by the edge of a scrolling area is
scrolled into full view before it counts. Exceptions: see EXEMPT.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.e2e.conftest import AppServer, Tab
from tests.e2e.test_fences_game import start_game
from tests.e2e.test_history_stats import fill

pytestmark = pytest.mark.e2e

LEAST = 44  # px: the least a finger can be trusted to hit (Apple's 44 pt, under Material's 48)
# Not counted: the sheet's box cells (theme.ROW_H tall by design, so that a stage fits the screen).
EXEMPT = re.compile(r"^box-\d+-\d+-")

TARGETS = """() => {
  const roles = ['button', 'checkbox', 'switch', 'radio', 'tab', 'link', 'slider', 'combobox',
                 'menuitem', 'option'];
  const out = [];
  for (const e of document.querySelectorAll('flt-semantics')) {
    const role = e.getAttribute('role') || '';
    const field = e.querySelector(':scope > input, :scope > textarea');
    if (!e.hasAttribute('flt-tappable') && !roles.includes(role) && !field) continue;
    if (e.closest('[aria-hidden="true"]')) continue;
    const r = e.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const tagged = e.closest('[flt-semantics-identifier]');
    const name = (tagged ? tagged.getAttribute('flt-semantics-identifier') : '?') + ' ' +
                 (field ? 'text field' : role || 'tappable') + ' ' +
                 (e.getAttribute('aria-label') || e.innerText || '').split('\\n')[0].slice(0, 40);
    out.push({node: e.id, name: name.trim(), x: r.x, y: r.y, width: r.width, height: r.height});
  }
  return out;
}"""


def targets(tab: Tab) -> list[dict[str, Any]]:
    return list(tab.page.evaluate(TARGETS))


def small(target: dict[str, Any]) -> bool:
    return target["width"] < LEAST - 0.5 or target["height"] < LEAST - 0.5


def measure(tab: Tab) -> tuple[list[dict[str, Any]], list[str]]:
    """Every tappable node of the screen; and those too small even when scrolled into full view."""
    time.sleep(0.5)  # the screen settled
    found = targets(tab)
    too_small: list[str] = []
    for target in found:
        if not small(target) or EXEMPT.match(target["name"]):
            continue
        # Maybe cut off by a scrolling area's edge: wheel it towards the middle of the screen and
        # measure it again (the semantics node keeps its id while it scrolls); keep the largest.
        best = now = target
        for _ in range(6):
            now = next((t for t in targets(tab) if t["node"] == target["node"]), None)
            if now is None:
                break
            if now["width"] * now["height"] > best["width"] * best["height"]:
                best = now
            if not small(now):
                break
            viewport = tab.page.viewport_size
            cx, cy = now["x"] + now["width"] / 2, now["y"] + now["height"] / 2
            tab.page.mouse.move(min(max(cx, 1), viewport["width"] - 1), min(max(cy, 1), viewport["height"] - 1))
            tab.page.mouse.wheel(cx - viewport["width"] / 2 if now["width"] < LEAST else 0,
                                 cy - viewport["height"] / 2 if now["height"] < LEAST else 0)
            time.sleep(0.3)
        if small(best):
            too_small.append(f"{best['name']}: {best['width']:.0f}×{best['height']:.0f}")
    return found, too_small


@pytest.fixture(scope="module")
def played(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """A database with several players and variants, so that history and statistics show filters."""
    db = tmp_path_factory.mktemp("targets") / "games.sqlite"
    fill(db)
    app = AppServer(db).start()
    yield app
    app.stop()


@pytest.mark.parametrize("width,height", [(390, 844), (360, 800)])
def test_every_tappable_thing_is_big_enough(browser: Any, played: AppServer, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme="dark",
                                  device_scale_factor=1)
    try:
        tab = Tab(context.new_page(), played.url)
        tab.open()
        problems: dict[str, list[str]] = {}

        def check(screen: str, expected: tuple[str, ...]) -> None:
            tab.shot(f"targets-{screen}-{width}")
            found, too_small = measure(tab)
            seen = " ".join(t["name"] for t in found)
            for part in expected:  # the screen's own targets were found (the probe sees them)
                assert part in seen, (screen, part, seen)
            if too_small:
                problems[screen] = too_small

        tab.tap("history")
        tab.wait("history-filter-player-all")
        check("history", ("history-filter-player-all checkbox", "history-filter-variant-yahtzee checkbox",
                          "history-game-"))
        tab.tap("back")
        tab.tap("statistics")
        tab.wait("stats-filter-player-all")
        check("statistics", ("stats-filter-player-all checkbox", "stats-game-older"))
        tab.tap("back")
        tab.tap("new-game")
        tab.wait("start-game")
        tab.tap("options")
        tab.wait("option-gora_premium")
        check("new-game-options", ("switch", "option-lower_preset", "option-base_rolls", "text field"))
        tab.tap("back")
        start_game(tab, "ru_fences", ["Аня", "Борис", "Вера"])
        tab.wait("upper-outlook")
        check("sheet", ("upper-outlook", "face-6", "stage-2"))
        tab.type_dice("55523")
        tab.wait_text("turn", re.compile("бросок 1 из 3"))
        tab.wait("upper-outlook")
        check("sheet-throw", ("upper-outlook", "die-5"))
        assert not problems, "\n".join(f"{screen}: {', '.join(names)}" for screen, names in problems.items())
    finally:
        context.close()


@pytest.mark.parametrize(("width", "locale"), [(360, "ru-RU"), (360, "en-US"), (320, "ru-RU")])
def test_the_stage_buttons_and_the_rules_button_are_apart_on_a_small_phone(new_tab, width: int,
                                                                           locale: str) -> None:
    """A tap on the right half of «3» opens stage 3, not the game's rules: the header's targets
    neither overlap nor touch, and each stays at least 44 px wide."""
    tab = new_tab(viewport={"width": width, "height": 740}, color_scheme="dark", locale=locale)
    tab.tap("new-game")
    tab.wait("variant-ru_fences")  # the game New game starts with; its players are "Player 1" and 2
    tab.tap("start-game")
    tab.wait("stage-3")
    tab.shot(f"header-{width}-{locale}")
    boxes = {name: tab.node(name).bounding_box() for name in ("back", "stage-1", "stage-2", "stage-3",
                                                              "game-rules", "undo")}
    order = list(boxes)
    for left, right in zip(order, order[1:], strict=False):
        a, b = boxes[left], boxes[right]
        assert a is not None and b is not None
        assert a["x"] + a["width"] < b["x"], f"{left} {a} touches {right} {b} at {width} px ({locale})"
    for name, box in boxes.items():
        assert box["width"] >= LEAST - 0.5, (name, box)
    assert boxes["undo"]["x"] + boxes["undo"]["width"] <= width  # nothing pushed off the screen
