"""What a tap on the sheet means, read without a browser: the move it makes, the explanation it
shows, or the question it asks (scorekeeper.app.sheet.intent)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.app.sheet.intent import (
    Explain,
    KeptDice,
    Move,
    can_strike,
    miss,
    pick_value,
    strike_words,
    tap_box,
    undo,
)
from scorekeeper.game import Roll, RollWithoutDice, Score, apply, new_game
from scorekeeper.rules import get_variant

FENCES = get_variant("ru_fences")
YAHTZEE = get_variant("yahtzee")


def test_a_box_the_throw_makes_is_written_at_once() -> None:
    state = apply(new_game(FENCES, ["Аня", "Борис"]), Roll((5, 5, 5, 2, 3)))
    assert tap_box(state, "three", None, False, "ru") == Move("score", "three")


def test_a_box_the_throw_does_not_make_offers_the_zero_paper_would_take() -> None:
    state = apply(new_game(FENCES, ["Аня", "Борис"]), Roll((5, 5, 5, 2, 3)))
    said = tap_box(state, "full", None, False, "ru")
    assert isinstance(said, Explain) and said.title == "Фулл"
    assert "2-3-5-5-5" in said.reason
    assert [(o.identifier, o.move) for o in said.offers] == [("write-zero", Move("score", "full"))]


def test_before_a_throw_fences_offer_a_cross_and_yahtzee_explains_only() -> None:
    fences = tap_box(new_game(FENCES, ["Аня"]), "poker", None, False, "ru")
    assert isinstance(fences, Explain) and "бросьте" in fences.reason
    assert [(o.identifier, o.move) for o in fences.offers] == [("confirm-cross-out", Move("cross_out", "poker"))]
    yahtzee = tap_box(new_game(YAHTZEE, ["Ann"]), "chance", None, False, "en")
    assert isinstance(yahtzee, Explain) and yahtzee.offers == () and "Throw the dice" in yahtzee.reason


def test_armed_to_cross_out_a_tap_strikes_and_the_turn_line_says_the_fences_it_banks() -> None:
    state = new_game(FENCES, ["Аня", "Борис"])
    assert can_strike(state, None) and not can_strike(new_game(YAHTZEE, ["Ann"]), None)
    assert tap_box(state, "poker", None, True, "ru") == Move("cross_out", "poker")
    assert strike_words(state, "ru") == "Аня: выберите клетку, чтобы вычеркнуть (+3\u00a0ограды)"
    after_two = apply(apply(state, Roll((1, 2, 3, 4, 6))), Roll((1, 2, 3, 4, 6)))
    assert strike_words(after_two, "ru") == "Аня: выберите клетку, чтобы вычеркнуть (+1\u00a0ограда)"


def test_a_long_press_asks_which_pair_with_the_points_of_each() -> None:
    state = apply(new_game(FENCES, ["Аня"]), Roll((5, 5, 3, 3, 6)))
    asked = pick_value(state, "pair", None, "ru")
    assert isinstance(asked, Explain)
    assert [(o.identifier, o.label, o.move) for o in asked.offers] == [
        ("pick-5", "5: 10 очков", Move("score", "pair", 5)),
        ("pick-3", "3: 6 очков", Move("score", "pair", 3)),
    ]
    # one pair only: nothing to pick, a plain tap
    one = apply(new_game(FENCES, ["Аня"]), Roll((5, 5, 1, 3, 6)))
    assert pick_value(one, "pair", None, "ru") == Move("score", "pair")


def test_undo_asks_before_taking_back_another_players_move_or_a_finished_game() -> None:
    start = new_game(FENCES, ["Аня", "Борис"])
    refused = undo(start, start, {}, "this phone", "ru")
    assert isinstance(refused, Explain) and refused.reason == "Отменять нечего." and refused.offers == ()
    thrown = apply(start, Roll((5, 5, 5, 2, 3)))
    assert undo(thrown, thrown, {}, "this phone", "ru") == Move("undo")  # her own turn: at once
    written = apply(thrown, Score("three"))
    asked = undo(written, written, {}, "this phone", "ru")
    assert isinstance(asked, Explain) and asked.title == "Отменить ход игрока Аня: Тройка 15?"
    assert [(o.identifier, o.move) for o in asked.offers] == [("confirm-undo", Move("undo"))]
    assert asked.dismiss == "Не отменять"
    # her throw entered on another phone: asked too
    elsewhere = undo(thrown, thrown, {id(thrown): (thrown, "her phone")}, "this phone", "ru")
    assert isinstance(elsewhere, Explain) and elsewhere.offers[0].move == Move("undo")
    finished = new_game(YAHTZEE, ["Ann"])
    for box in YAHTZEE.box_ids:
        finished = apply(apply(finished, Roll((1, 2, 3, 4, 6))), Score(box))
    reopen = undo(finished, finished, {}, "this phone", "en")
    assert isinstance(reopen, Explain) and reopen.offers[0].identifier == "confirm-undo"


def test_a_missed_tour_names_the_box_it_closes() -> None:
    asked = miss(new_game(get_variant("ru_football"), ["Зенит", "Спартак"]), "Зенит", "ru")
    assert asked.title == "Зенит пропускает тур" and "«Единицы»" in asked.reason
    assert [o.move for o in asked.offers] == [Move("miss")]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=0, max_size=4))
def test_dice_kept_through_a_throw_without_them_come_back(kept: list[int]) -> None:
    start = new_game(FENCES, ["Аня"])
    after = apply(start, RollWithoutDice(kept=tuple(kept)))
    remembered = KeptDice()
    assert remembered.through(after) == ([*kept, *[None] * (5 - len(kept))] if kept else None)  # as recorded
    shown: list[int | None] = [*kept, None, *[None] * (4 - len(kept))]
    remembered.remember(after, shown)
    assert remembered.through(after) == shown  # as this screen set them
    remembered.undoing(after)  # this screen's Undo takes that throw back
    assert remembered.restored(start, enabled=True) == (shown if kept else None)
    assert remembered.restored(start, enabled=True) is None  # once
