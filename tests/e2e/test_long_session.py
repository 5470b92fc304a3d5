"""A long evening on one page: a whole Yahtzee game on two phones, some 300 actions (typed and
tapped throws, slips on the keyboard, a key too many, «Все 5», undo, boxes out of turn), each shown
within a second or refused with a sentence; afterwards typing works as on a fresh page.

On the shared test machine (a load of 10 on two cores) a few actions in a hundred take up to 1.6 s:
those are allowed (SLOW_SHARE), never one past 2 s, and they are printed."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

import pytest

from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

BOXES = ("ones", "twos", "threes", "fours", "fives", "sixes", "three", "four", "full", "small_straight",
         "large_straight", "poker", "chance")
LIMIT = 1.0  # s: an action is shown (or refused with a sentence) within this
SLOW_SHARE = 0.03  # ... but for this share of them, on a loaded machine
HARD_LIMIT = 2.0  # s: and none later than this


def read(tab: Tab, identifier: str) -> str:
    """The node's text as a screen reader has it, '' while it is absent or being replaced."""
    try:
        node = tab.page.locator(f'[flt-semantics-identifier="{identifier}"]').first
        if node.count() == 0:
            return ""
        return ((node.get_attribute("aria-label", timeout=500) or "") + node.inner_text(timeout=500)).strip()
    except Exception:  # replaced between the two reads
        return ""


def close_dialogs(tab: Tab) -> int:
    """Close the dialogs open (a dialog for each slip typed); how many there were."""
    closed = 0
    while (count := tab.page.locator('[flt-semantics-identifier="reason"]').count()) > 0:
        tab.tap("dismiss")
        deadline = time.monotonic() + 5
        while tab.page.locator('[flt-semantics-identifier="reason"]').count() >= count:
            assert time.monotonic() < deadline, "a dialog would not close"
            time.sleep(0.1)
        closed += 1
        time.sleep(0.3)
    return closed


class Session:
    """Runs actions and times what each shows."""

    def __init__(self) -> None:
        self.actions = 0
        self.slow: list[tuple[str, float]] = []
        self.times: list[float] = []

    def expect(self, what: str, tab: Tab, check: Callable[[], bool], limit: float = LIMIT) -> float:
        """Wait (up to 10 s) until `check` holds; note the action as slow past `limit`."""
        t0 = time.monotonic()
        while not check():
            if time.monotonic() - t0 > 10:
                tab.shot("long-session-stuck")
                raise AssertionError(f"{what}: not shown in 10 s")
            time.sleep(0.03)
        took = time.monotonic() - t0
        self.times.append(took)
        if took > limit:
            self.slow.append((what, round(took, 2)))
        return took

    def act(self, what: str, tab: Tab, do: Callable[[], None], check: Callable[[], bool]) -> None:
        do()
        self.actions += 1
        self.expect(what, tab, check)

    def refused(self, what: str, tab: Tab, do: Callable[[], None], sentence: str) -> None:
        """An action the app refuses: a dialog says why, naming what was wrong."""
        self.act(what, tab, do, lambda: sentence in read(tab, "reason"))
        close_dialogs(tab)
        self.actions += 1


def final_dice(box: str, rng: random.Random) -> str:
    """Dice that make `box` (upper boxes: three or four of the face, so the bonus is reached)."""
    if box in BOXES[:6]:
        face = str(BOXES.index(box) + 1)
        alike = rng.choice((3, 4))
        return face * alike + "".join(str(rng.randint(1, 6)) for _ in range(5 - alike))
    return {"three": "44412", "four": "55551", "full": "33222", "small_straight": "12346",
            "large_straight": "23456", "poker": "66666", "chance": "65432"}[box][:5]


class Game:
    """Two phones on one Yahtzee game of Аня (the first phone) and Борис (the second)."""

    def __init__(self, one: Tab, two: Tab, run: Session, rng: random.Random) -> None:
        self.one, self.two, self.run, self.rng = one, two, run, rng

    def turn_is(self, tab: Tab, player: str, throws: int) -> Callable[[], bool]:
        return lambda: re.search(f"{player}.*бросок {throws} из 3", read(tab, "turn")) is not None

    def both(self, what: str, player: str, throws: int, tab: Tab, do: Callable[[], None]) -> None:
        """An action on `tab` that both phones show."""
        self.run.act(what, tab, do, self.turn_is(tab, player, throws))
        other = self.two if tab is self.one else self.one
        self.run.expect(f"{what} (other phone)", other, self.turn_is(other, player, throws))

    def turn(self, n: int, seat: int, box: str) -> None:
        """Turn `n` (1-based) of the game: slips, three throws typed and tapped, an undo now and
        then, the box written."""
        run, rng = self.run, self.rng
        player = ("Аня", "Борис")[seat - 1]
        tab, other = (self.one, self.two) if seat == 1 else (self.two, self.one)
        if n % 4 == 1:
            run.refused("a 7 typed", tab, lambda: tab.type_dice("7"), "только значения от 1 до 6")
        if n % 5 == 2:
            run.refused("letters typed", tab, lambda: tab.type_dice("ab"), "набираются цифрами")
        # the other phone taps the other player's column: it is not that player's turn
        if n < 25:  # the other player's «Шанс» is open until the last round
            run.refused("a box out of turn", other, lambda: other.tap(f"box-{3 - seat}-1-chance"), "Сейчас ходит")
        first = "".join(str(rng.randint(1, 6)) for _ in range(5))
        if n % 3 == 0:
            first = "55552"  # four alike: the fifth is thrown again, typed alone
        sixth = "4" if n % 7 == 3 else ""  # a key too many
        self.both("throw 1 typed", player, 1, tab, lambda: tab.type_dice(first + sixth))
        if sixth:  # said, whether the browser had emptied the field before it or not
            run.expect("the sixth key said", tab, lambda: re.search("после пяти кубиков|сразу после записанного",
                                                                    read(tab, "dice-hint")) is not None)
            field = tab.find("dice-keys").locator("input").first
            field.click()
            field.press("End")
            field.press("Backspace")  # the player deletes it where it stayed, as the hint says
        if n % 3 == 0:
            def single() -> None:
                time.sleep(1.0)  # the die thrown again rolls: keys typed at once are a key too many
                tab.type_dice("3")
                tab.page.keyboard.press("Enter")
            self.both("one die retyped", player, 2, tab, single)
        else:
            run.act("a die tapped", tab, lambda: tab.tap("die-5"), lambda: read(tab, "die-5").endswith("—"))
            run.act("a die stepped", tab, lambda: tab.tap("die-5"), lambda: read(tab, "die-5").endswith("1"))
            self.both("throw 2 tapped", player, 2, tab, lambda: tab.tap(f"face-{rng.randint(1, 6)}"))
        final = final_dice(box, rng)
        run.act("«Все 5»", tab, lambda: tab.tap("rethrow-all"), lambda: read(tab, "die-1").endswith("—"))
        self.both("throw 3 typed after «Все 5»", player, 3, tab, lambda: tab.type_dice(final))
        if n % 3 != 0:  # taken back on the other phone: it asks first (entered on another phone)
            run.act("undo asked", other, lambda: other.tap("undo"), lambda: "другом экране" in read(other, "reason"))
            self.both("undo confirmed", player, 2, other, lambda: other.close_dialog("confirm-undo"))
            run.act("«Все 5» again", tab, lambda: tab.tap("rethrow-all"), lambda: read(tab, "die-1").endswith("—"))
            self.both("throw 3 typed again", player, 3, tab, lambda: tab.type_dice(final))
        if n == 26:  # the last box ends the game
            run.act("the last box", tab, lambda: tab.tap(f"box-{seat}-1-{box}"), lambda: read(tab, "rematch") != "")
        else:
            self.both(f"{box} written", ("Борис", "Аня")[seat - 1], 0, tab, lambda: tab.tap(f"box-{seat}-1-{box}"))
        written = self.one.text(f"box-{seat}-1-{box}")  # on both phones
        assert re.fullmatch(r"\d+", written.strip()), f"{player} {box}: {written!r}"
        assert self.two.text(f"box-{seat}-1-{box}") == written


def test_three_hundred_actions_on_one_page_and_typing_still_works(new_tab) -> None:
    one = new_tab()
    start_game(one, "yahtzee", ["Аня", "Борис"])
    two = new_tab(one.page.url, viewport={"width": 360, "height": 780})
    two.wait_text("turn", re.compile("Аня.*бросок 0 из 3"))
    run = Session()
    game = Game(one, two, run, random.Random(45))
    for round_, box in enumerate(BOXES):
        for seat in (1, 2):
            game.turn(round_ * 2 + seat, seat, box)
    # After the long session the keys field answers at once, as on a fresh page: the next game.
    one.tap("rematch")
    turn = one.wait_text("turn", re.compile("(Аня|Борис).*бросок 0 из 3"))
    first = "Аня" if turn.find("Аня") >= 0 else "Борис"
    run.refused("a 7 typed at the end", one, lambda: one.type_dice("7777"), "только значения от 1 до 6")
    run.refused("letters typed at the end", one, lambda: one.type_dice("abc"), "набираются цифрами")
    run.act("a throw typed at the end", one, lambda: one.type_dice("12345"), game.turn_is(one, first, 1))
    times = sorted(run.times)
    print(f"\nactions: {run.actions}; shown in: median {times[len(times) // 2]:.2f} s, "
          f"max {times[-1]:.2f} s; over {LIMIT} s: {run.slow}")
    assert run.actions >= 300
    assert len(run.slow) <= SLOW_SHARE * len(run.times), f"shown later than {LIMIT} s: {run.slow}"
    assert times[-1] < HARD_LIMIT, f"shown later than {HARD_LIMIT} s: {run.slow}"
