"""The dice entry collects five values with few taps and never makes a throw twice."""

from __future__ import annotations

import doctest

import scorekeeper.app.dice_entry.model as model
from scorekeeper.app.dice_entry.model import DiceEntry, parse_keys, suggest_rethrow


def test_doctests() -> None:
    assert doctest.testmod(model).failed == 0


def test_a_fresh_turn_takes_five_pad_taps() -> None:
    entry = DiceEntry()
    results = [entry.press_face(v) for v in (6, 6, 1, 2, 4)]
    assert results == [None, None, None, None, (6, 6, 1, 2, 4)]


def test_after_a_throw_the_pad_fills_the_dice_outside_the_biggest_group() -> None:
    entry = DiceEntry()
    entry.sync((6, 6, 1, 2, 4))
    assert [entry.press_face(v) for v in (6, 2, 3)] == [None, None, (6, 6, 6, 2, 3)]


def test_tapping_a_die_chooses_the_re_thrown_dice_instead() -> None:
    entry = DiceEntry()
    entry.sync((6, 6, 1, 2, 4))
    entry.tap_die(1)  # re-throw a six, keep 1-2-4 (going for a straight)
    assert entry.suggested == [] and entry.values[0] is None
    assert entry.press_face(3) == (3, 6, 1, 2, 4)


def test_tapping_the_cursor_die_steps_its_value() -> None:
    entry = DiceEntry()
    entry.sync((1, 1, 1, 1, 1))
    entry.tap_die(2)
    assert entry.values[1] is None
    entry.tap_die(2)
    entry.tap_die(2)
    assert entry.values[1] == 2
    for _ in range(5):
        entry.tap_die(2)
    assert entry.values[1] == 1  # 3, 4, 5, 6, then round to 1
    assert entry.throw_pressed() == (1, 1, 1, 1, 1)


def test_the_throw_button_does_not_repeat_a_throw() -> None:
    entry = DiceEntry()
    assert entry.throw_pressed() is None  # nothing entered
    entry.sync((5, 5, 5, 2, 3))
    assert entry.throw_pressed() is None  # unchanged since it was thrown


def test_football_goals_go_from_zero_to_nine() -> None:
    entry = DiceEntry(low=0, high=9)
    assert [entry.press_face(v) for v in (0, 9, 3, 3, 1)][-1] == (0, 9, 3, 3, 1)
    assert entry.press_face(10) is None


def test_keys_take_five_digits_in_range() -> None:
    assert parse_keys("55523") == (5, 5, 5, 2, 3)
    assert parse_keys("5, 5 5-2 3") == (5, 5, 5, 2, 3)
    assert parse_keys("5552") is None
    assert parse_keys("555231") is None
    assert parse_keys("55573") is None
    assert parse_keys("21034", low=0, high=9) == (2, 1, 0, 3, 4)


def test_no_suggestion_when_all_differ_or_all_equal() -> None:
    assert suggest_rethrow((1, 2, 3, 4, 6)) == []
    assert suggest_rethrow((4, 4, 4, 4, 4)) == []
    assert suggest_rethrow((3, 3, 5, 5, 1)) == [0, 1, 4]  # the higher pair is kept


def test_phones_keep_their_keyboard_closed() -> None:
    from scorekeeper.app.dice_entry.view import is_phone

    assert is_phone("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Mobile Safari/537.36")
    assert is_phone("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)")
    assert not is_phone("Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/140.0 Safari/537.36")


def test_k_taps_on_a_blank_die_set_face_k() -> None:
    entry = DiceEntry()
    for _ in range(4):
        entry.tap_die(3)
    assert entry.values == [None, None, 4, None, None]
    entry.tap_die(1)
    assert entry.values[0] == 1 and entry.values[2] == 4


def test_throw_without_dice_only_with_blank_dice() -> None:
    entry = DiceEntry()
    entry.sync((5, 5, 5, 2, 3))  # typed and thrown: a Throw pressed now must not throw again
    assert entry.suggested and not entry.wants_throw_without_dice()
    assert entry.throw_pressed() is None
    entry.tap_die(4)
    entry.tap_die(5)  # re-thrown: blank
    assert entry.wants_throw_without_dice()
    entry.throw_without_dice()
    entry.sync(None, after_throw_without_dice=True)
    assert entry.values == [5, 5, 5, None, None]
    assert entry.press_face(6) is None and entry.press_face(6) == (5, 5, 5, 6, 6)


def test_another_screens_throw_without_dice_leaves_this_entry_blank() -> None:
    entry = DiceEntry()
    entry.sync((5, 5, 5, 2, 3))
    entry.sync(None, after_throw_without_dice=True)  # not thrown from here: nothing was kept here
    assert entry.values == [None] * 5


def test_a_die_picked_then_a_face_puts_the_face_on_that_die() -> None:
    entry = DiceEntry()
    entry.tap_die(3)  # a new player picks the third die...
    assert entry.press_face(4) is None  # ...then its face: it lands there, not on the first die
    assert entry.values == [None, None, 4, None, None]
    assert [entry.press_face(v) for v in (1, 2, 5)] == [None, None, None]  # the pad fills the others
    assert entry.values == [1, 2, 4, 5, None]
    entry.tap_die(5)
    assert entry.press_face(6) == (1, 2, 4, 5, 6)  # the last one picked: the throw is made
    entry.sync((1, 2, 4, 5, 6))
    entry.tap_die(2)  # after a throw a tap blanks a die (re-thrown): the pad fills it as before
    assert entry.values[1] is None and entry.press_face(3) == (1, 3, 4, 5, 6)
    entry.sync(None)
    entry.tap_die(1)
    entry.tap_die(1)  # two taps: face 2 on that die, and the pad goes on with the blank ones
    entry.press_face(6)
    assert entry.values == [2, 6, None, None, None]
