"""ru_fences: throws, fences, zero-throw cross-outs, stages, the «гора» and box order."""

from __future__ import annotations

import pytest

from scorekeeper.game import (
    BoxAlreadyWritten,
    BoxNotAllowed,
    BoxNotOpenInStage,
    BoxOutOfOrder,
    InvalidAction,
    InvalidDice,
    NoThrowYet,
    RuleViolation,
    TooManyThrows,
    apply,
    from_payload,
)
from tests.game.helpers import column, fill, run, start, turn

UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]
LOWER = ["pair", "two_pairs", "three", "four", "full", "small_straight", "large_straight", "poker", "chance"]


def test_first_throw_three_of_a_kind_banks_two_fences_and_passes_the_turn() -> None:
    s = run(start("ru_fences"), *turn([5, 5, 5, 2, 3], "three"))  # A13
    assert column(s, "Аня")["stages"][0]["boxes"]["three"] == 15
    assert column(s, "Аня")["fences"] == 2
    assert s.sheet()["turn"] == {"player": "Борис", "stage": 1, "throws": 0, "throws_allowed": 3, "dice": None}


def test_four_fences_allow_seven_throws_and_no_eighth() -> None:
    s = start("ru_fences", ["Аня"])
    s = run(s, *turn([5, 5, 5, 2, 3], "three"), *turn([6, 6, 1, 2, 4], "pair"))  # A14: F = 4
    assert s.sheet()["players"][0]["fences"] == 4
    assert s.throws_allowed == 7  # A15
    for _ in range(7):
        s = run(s, {"roll": [1, 2, 3, 4, 6]})
    assert not s.can_roll()
    with pytest.raises(TooManyThrows) as error:
        s.verify_roll([1, 1, 1, 1, 1])
    assert error.value.text.en == "All 7 throws of this turn are used; write or cross out a box."
    assert error.value.text.ru == "Все броски хода использованы (7); запишите или вычеркните клетку."
    s = run(s, {"score": "chance"})
    assert s.sheet()["players"][0]["fences"] == 0  # 4 + 3 − 7, never below 0
    assert s.sheets[0].fences_spent == 4 and s.sheets[0].fences_earned == 4


@pytest.mark.parametrize(
    ("throws", "fences"),
    [(1, 2), (2, 1), (3, 0)],  # A18/A19, A20, A21
)
def test_fence_formula_three_minus_throws(throws: int, fences: int) -> None:
    s = start("ru_fences", ["Аня"])
    s = run(s, *[{"roll": [3, 3, 3, 2, 5]}] * throws, {"score": "full"})
    assert s.sheet()["players"][0]["fences"] == fences


def test_zero_throw_cross_out_of_a_lower_box_banks_three() -> None:
    s = run(start("ru_fences"), {"cross_out": "large_straight"})  # A17
    stage = column(s, "Аня")["stages"][0]
    assert stage["boxes"]["large_straight"] == 0 and stage["crossed"] == ["large_straight"]
    assert column(s, "Аня")["fences"] == 3
    assert s.player_name == "Борис"


def test_upper_box_cannot_be_crossed_out_before_or_after_a_throw() -> None:
    s = start("ru_fences")
    assert not s.can_cross_out("fours")
    with pytest.raises(BoxNotAllowed) as error:
        s.verify_cross_out("fours")
    assert error.value.text.ru == "Клетку «Четвёрки» вычеркнуть нельзя: верхние клетки записываются по кубикам."
    assert error.value.text.en == "Fours is an upper box and cannot be crossed out: it takes the dice's value."
    s = run(s, {"roll": [1, 2, 3, 5, 6]})
    with pytest.raises(BoxNotAllowed):
        s.verify_cross_out("fours")
    s = run(s, {"score": "fours"})  # A01-style: no four written as −12
    assert column(s, "Аня")["stages"][0]["boxes"]["fours"] == -12
    assert column(s, "Аня")["stages"][0]["crossed"] == []


def test_upper_cross_out_option_allows_it_after_a_throw() -> None:
    s = run(start("ru_fences", allow_gora_cross_out=True), {"roll": [1, 2, 3, 5, 6]}, {"cross_out": "fours"})
    assert column(s, "Аня")["stages"][0]["crossed"] == ["fours"]
    assert column(s, "Аня")["stages"][0]["boxes"]["fours"] == 0


def test_upper_cross_out_option_leaves_the_zero_throw_cross_out_to_lower_boxes() -> None:
    """RULES.md §3.2, 6: the cross-out before any throw is for the lower boxes (allow_zero_roll_cross_out
    "lower_only" says so); the «гора»'s option lets its boxes be struck after a throw only."""
    s = start("ru_fences", allow_gora_cross_out=True)
    assert not s.can_cross_out("sixes") and s.can_cross_out("chance")
    with pytest.raises(BoxNotAllowed, match="before a throw"):
        run(s, {"cross_out": "sixes"})
    s = run(s, {"roll": [1, 2, 3, 5, 6]}, {"cross_out": "sixes"})  # after a throw it may
    assert column(s, "Аня")["stages"][0]["crossed"] == ["sixes"] and column(s, "Аня")["fences"] == 2


def test_zero_throw_cross_out_can_be_switched_off() -> None:
    s = start("ru_fences", allow_zero_roll_cross_out="none")
    with pytest.raises(NoThrowYet) as error:
        s.verify_cross_out("chance")
    # The house rule is named: by default this game allows it.
    assert error.value.text.en == "Throw the dice first: this table's rules allow no crossing out before a throw."
    assert error.value.text.ru == "Сначала бросьте кубики: по правилам этого стола вычёркивать до броска нельзя."


def test_writing_needs_a_throw() -> None:
    s = start("ru_fences")
    assert not s.can_score("chance")
    with pytest.raises(NoThrowYet) as error:
        s.verify_score("chance")
    assert error.value.text.en == "Throw the dice before you write a box."
    assert error.value.text.ru == "Сначала бросьте кубики, потом записывайте клетку."


def test_unmet_lower_box_is_written_as_a_crossed_zero() -> None:
    s = run(start("ru_fences"), {"roll": [3, 3, 3, 2, 5]}, {"roll": [3, 3, 3, 2, 5]},
            {"roll": [3, 3, 3, 2, 5]}, {"score": "full"})  # A21
    stage = column(s, "Аня")["stages"][0]
    assert stage["boxes"]["full"] == 0 and stage["crossed"] == ["full"]


def test_pair_takes_the_players_pick_or_the_highest() -> None:
    s = run(start("ru_fences"), *turn([2, 2, 5, 5, 6], "pair"), *turn([2, 2, 5, 5, 6], "pair", value=2))
    assert column(s, "Аня")["stages"][0]["boxes"]["pair"] == 10  # A28
    assert column(s, "Борис")["stages"][0]["boxes"]["pair"] == 4


def test_a_box_is_written_once_per_stage() -> None:
    s = run(start("ru_fences", ["Аня"]), *turn([5, 5, 5, 2, 3], "three"), {"roll": [6, 6, 6, 1, 2]})
    assert not s.can_score("three")
    with pytest.raises(BoxAlreadyWritten) as error:
        s.verify_score("three")
    assert error.value.text.en == "Three of a kind is already written in stage 1."
    assert error.value.text.ru == "Клетка «Тройка» уже заполнена на этапе 1."
    with pytest.raises(BoxAlreadyWritten):
        s.verify_cross_out("three")


def test_unknown_box_and_bad_dice_are_bad_input_not_rule_violations() -> None:
    s = run(start("ru_fences"), {"roll": [1, 2, 3, 4, 5]})
    with pytest.raises(InvalidAction) as error:
        s.verify_score("yahtzee")
    assert not isinstance(error.value, RuleViolation)
    assert "has no box 'yahtzee'" in error.value.text.en
    with pytest.raises(InvalidDice):
        s.verify_roll([1, 2, 3, 4, 7])
    with pytest.raises(InvalidDice):
        apply(s, from_payload({"roll": [1, 2, 3]}))
    assert not issubclass(InvalidDice, RuleViolation)


SOLO_STAGE = [([1, 1, 1, 2, 3], "ones"), ([2, 1, 3, 4, 5], "twos"), ([3, 3, 3, 1, 2], "threes"),
              ([4, 4, 4, 1, 2], "fours"), ([5, 5, 5, 5, 1], "fives"), ([6, 6, 6, 1, 2], "sixes")]


def test_gora_premium_once_the_six_upper_boxes_are_filled() -> None:
    s = fill(start("ru_fences", ["Аня"]), SOLO_STAGE[:5])
    stage = s.sheet()["players"][0]["stages"][0]
    assert stage["upper"] == 1 and stage["bonus"] == 0  # net +1 but the «гора» is not finished
    s = fill(s, SOLO_STAGE[5:])
    stage = s.sheet()["players"][0]["stages"][0]
    assert (stage["upper"], stage["bonus"], stage["total"]) == (1, 50, 51)  # A10


def test_gora_penalty_adds_to_a_negative_net() -> None:
    plan = [([1, 1, 1, 2, 3], "ones"), ([2, 1, 3, 4, 5], "twos")] + SOLO_STAGE[2:4] + [
        ([5, 5, 5, 1, 2], "fives"), ([6, 6, 6, 1, 2], "sixes")]
    stage = fill(start("ru_fences", ["Аня"]), plan).sheet()["players"][0]["stages"][0]
    assert (stage["upper"], stage["bonus"], stage["total"]) == (-4, -20, -24)  # A11


@pytest.mark.parametrize(("net_plan", "counted"), [(-4, (0, 1)), (-35, (0, 1)), (1, (1, 0))])
def test_penalty_replacing_the_net_counts_as_a_penalty(net_plan: int, counted: tuple[int, int]) -> None:
    """With `replace_net` a «гора» of −35 is written as −20: the bonus column then adds +15, and
    the statistics must still count a penalty, not a premium."""
    low = [([1, 1, 2, 3, 4], "ones"), ([2, 1, 3, 4, 5], "twos"), ([3, 1, 2, 4, 5], "threes"),
           ([4, 1, 2, 3, 5], "fours"), ([5, 1, 2, 3, 4], "fives"), ([6, 6, 1, 2, 3], "sixes")]
    plan = {-4: [([1, 1, 1, 2, 3], "ones"), ([2, 1, 3, 4, 5], "twos")] + SOLO_STAGE[2:4]
            + [([5, 5, 5, 1, 2], "fives"), ([6, 6, 6, 1, 2], "sixes")], -35: low, 1: SOLO_STAGE}[net_plan]
    s = fill(start("ru_fences", ["Аня"], gora_penalty_mode="replace_net"), plan)
    stage = s.sheet()["players"][0]["stages"][0]
    assert stage["upper"] == net_plan
    assert stage["upper"] + stage["bonus"] == (-20 if net_plan < 0 else net_plan + 50)
    assert s.sheets[0].premiums(s.variant) == counted


@pytest.mark.parametrize(("at_zero", "bonus"), [(False, 0), (True, 50)])
def test_gora_at_zero(at_zero: bool, bonus: int) -> None:
    plan = [([f] * 3 + [1 if f != 1 else 2] * 2, box) for f, box in enumerate(UPPER, start=1)]
    s = fill(start("ru_fences", ["Аня"], gora_premium_at_zero=at_zero), plan)
    assert s.sheet()["players"][0]["stages"][0]["upper"] == 0
    assert s.sheet()["players"][0]["stages"][0]["bonus"] == bonus  # A12


def _whole_stage(s, stage_no: int = 1):  # type: ignore[no-untyped-def]
    s = fill(s, SOLO_STAGE)
    for box in LOWER:
        s = run(s, {"cross_out": box})
    return s


def test_stages_open_in_order_and_fences_carry_over() -> None:
    s = start("ru_fences", ["Аня"])
    s = fill(s, SOLO_STAGE)
    for box in LOWER[:-1]:
        s = run(s, {"cross_out": box})
    s = run(s, {"roll": [1, 2, 3, 4, 6]})
    with pytest.raises(BoxNotOpenInStage) as error:
        s.verify_score("chance", stage=2)
    assert error.value.text.en == "Stage 1 is being played: stage 2 is not open."
    s = run(s, {"score": "chance"})
    sheet = s.sheet()
    assert sheet["turn"]["stage"] == 2
    assert sheet["players"][0]["fences"] == 6 * 2 + 8 * 3 + 2
    assert sheet["turn"]["throws_allowed"] == 3 + 38
    s = run(s, *turn([1, 2, 3, 4, 5], "small_straight"))
    assert s.sheet()["players"][0]["stages"][1]["boxes"]["small_straight"] == 15
    assert s.sheet()["players"][0]["stages"][0]["boxes"]["small_straight"] == 0


def test_a_game_of_three_stages_ends_with_winners_and_no_turn() -> None:
    s = start("ru_fences", ["Аня"])
    for _ in range(3):
        s = _whole_stage(s)
    sheet = s.sheet()
    assert sheet["finished"] and sheet["turn"] is None and sheet["winners"] == ["Аня"]
    assert sheet["players"][0]["total"] == 3 * 51
    assert [st["total"] for st in sheet["players"][0]["stages"]] == [51, 51, 51]


def test_stage_order_any_lets_a_later_stage_be_written() -> None:
    s = start("ru_fences", ["Аня"], stage_order="any")
    s = run(s, {"roll": [1, 2, 3, 4, 5]}, {"score": "small_straight", "stage": 3})
    s = run(s, {"roll": [1, 2, 3, 4, 5]}, {"score": "small_straight"})  # lowest open stage
    s = run(s, {"cross_out": "small_straight"})
    sheet = s.sheet()
    boxes = [st["boxes"]["small_straight"] for st in sheet["players"][0]["stages"]]
    assert boxes == [15, 0, 15]
    assert sheet["turn"]["stage"] == 1
    s = run(s, {"roll": [1, 2, 3, 4, 5]})
    with pytest.raises(BoxAlreadyWritten):
        s.verify_score("small_straight")


def test_fences_on_gora_off_banks_nothing_on_upper_boxes_but_spends() -> None:
    s = start("ru_fences", ["Аня"], fences_on_gora=False)
    s = run(s, *turn([1, 1, 1, 2, 3], "ones"))
    assert s.sheet()["players"][0]["fences"] == 0
    s = run(s, *turn([1, 2, 3, 4, 5], "small_straight"))
    assert s.sheet()["players"][0]["fences"] == 2
    s = run(s, *[{"roll": [2, 2, 2, 1, 3]}] * 5, {"score": "twos"})
    assert s.sheet()["players"][0]["fences"] == 0


def test_gora_first_keeps_the_lower_boxes_shut() -> None:
    s = start("ru_fences", ["Аня"], box_order="gora_first")
    with pytest.raises(BoxOutOfOrder) as error:
        s.verify_cross_out("chance")
    assert isinstance(error.value, BoxNotOpenInStage)
    assert error.value.text.en == "Fill the upper section of stage 1 before Chance."
    s = fill(s, SOLO_STAGE)
    assert s.can_cross_out("chance")


def test_strict_order_opens_one_box_at_a_time() -> None:
    s = run(start("ru_fences", ["Аня"], box_order="strict"), {"roll": [1, 1, 1, 2, 3]})
    assert s.can_score("ones") and not s.can_score("twos")
    with pytest.raises(BoxOutOfOrder) as error:
        s.verify_score("twos")
    assert error.value.text.en == "Boxes are filled in order: Ones comes before Twos."
    assert error.value.text.ru == "Клетки заполняются по порядку: сейчас «Единицы», не «Двойки»."


def test_ru_premium_preset_scores_through_the_rules() -> None:
    s = run(start("ru_fences", lower_preset="ru_premium"), *turn([4, 4, 4, 4, 1], "four"))  # A30
    assert column(s, "Аня")["stages"][0]["boxes"]["four"] == 36
    assert column(s, "Аня")["fences"] == 2


def test_zero_throw_cross_out_except_chance_option() -> None:
    s = start("ru_fences", allow_zero_roll_cross_out="lower_except_chance")
    assert s.can_cross_out("full") and not s.can_cross_out("chance")
    with pytest.raises(BoxNotAllowed) as error:
        s.verify_cross_out("chance")
    assert error.value.text.en == "Chance cannot be crossed out before a throw."
    assert error.value.text.ru == "Клетку «Шанс» нельзя вычеркнуть без броска."
