"""Every worked example of RULES.md §9 that a single claim decides, and the anchor cross-checks."""

from __future__ import annotations

import pytest

from scorekeeper.rules import Claim, get_variant

# (example id, variant, options, dice, box, throw, value, expected score)
CLAIMS = [
    ("A01", "ru_fences", {}, [4, 2, 3, 5, 6], "fours", 3, None, -8),
    ("A02", "ru_fences", {}, [4, 4, 1, 2, 3], "fours", 3, None, -4),
    ("A03", "ru_fences", {}, [4, 4, 4, 4, 1], "fours", 3, None, 4),
    ("A04", "ru_fences", {}, [4, 4, 4, 1, 2], "fours", 3, None, 0),
    ("A05", "ru_fences", {}, [4, 4, 4, 4, 4], "fours", 3, None, 8),
    ("A07", "ru_fences", {}, [2, 1, 3, 4, 5], "twos", 3, None, -4),
    ("A08", "ru_fences", {}, [5, 5, 5, 5, 1], "fives", 3, None, 5),
    ("A09", "ru_fences", {}, [6, 6, 1, 1, 1], "sixes", 3, None, -6),
    ("A13", "ru_fences", {}, [5, 5, 5, 2, 3], "three", 1, None, 15),
    ("A14", "ru_fences", {}, [6, 6, 1, 2, 4], "pair", 1, None, 12),
    ("A19", "ru_fences", {}, [6, 5, 4, 2, 1], "chance", 1, None, 18),
    ("A20", "ru_fences", {}, [3, 3, 3, 2, 2], "full", 2, None, 13),
    ("A21", "ru_fences", {}, [3, 3, 3, 2, 5], "full", 3, None, 0),
    ("A22", "ru_fences", {}, [3, 1, 5, 2, 4], "small_straight", 3, None, 15),
    ("A23", "ru_fences", {}, [6, 2, 4, 3, 5], "large_straight", 3, None, 20),
    ("A24", "ru_fences", {}, [6, 6, 5, 5, 1], "two_pairs", 3, None, 22),
    ("A25", "ru_fences", {}, [2, 2, 2, 2, 6], "four", 3, None, 8),
    ("A26", "ru_fences", {}, [4, 4, 4, 4, 1], "two_pairs", 3, None, 0),
    ("A26q", "ru_fences", {"two_pairs_allow_quads": True}, [4, 4, 4, 4, 1], "two_pairs", 3, None, 16),
    ("A28", "ru_fences", {}, [2, 2, 5, 5, 6], "pair", 3, None, 10),
    ("A28v", "ru_fences", {}, [2, 2, 5, 5, 6], "pair", 3, 2, 4),
    ("A29", "ru_fences", {}, [6, 6, 6, 6, 6], "three", 3, None, 18),
    ("A30", "ru_fences", {"lower_preset": "ru_premium"}, [4, 4, 4, 4, 1], "four", 1, None, 36),
    ("B01", "ru_encyclopedia", {}, [6, 6, 2, 3, 3], "sixes", 3, None, 12),
    ("B02", "ru_encyclopedia", {}, [6, 6, 2, 3, 3], "threes", 3, None, 6),
    ("B03", "ru_encyclopedia", {}, [6, 6, 2, 3, 3], "chance", 3, None, 20),
    ("B04", "ru_encyclopedia", {}, [6, 6, 2, 3, 3], "full", 3, None, 0),
    ("B05", "ru_encyclopedia", {}, [6, 6, 6, 5, 5], "full", 3, None, 28),
    ("B06", "ru_encyclopedia", {}, [6, 6, 6, 6, 6], "chance", 3, None, 30),
    ("B07", "ru_encyclopedia", {}, [6, 6, 6, 6, 6], "poker", 3, None, 50),
    ("B09", "ru_encyclopedia", {}, [5, 4, 3, 2, 1], "small_straight", 3, None, 20),
    ("B10", "ru_encyclopedia", {}, [2, 3, 4, 5, 6], "large_straight", 3, None, 25),
    ("B12", "ru_encyclopedia", {}, [1, 1, 1, 1, 1], "poker", 3, None, 50),
    ("B13", "ru_encyclopedia", {}, [1, 1, 1, 1, 1], "ones", 3, None, 5),
    ("B14", "ru_encyclopedia", {}, [1, 2, 3, 5, 6], "fours", 3, None, 0),
    ("C01", "ru_football", {}, [1, 1, 1, 2, 3], "ones", 1, None, 3),
    ("C02", "ru_football", {}, [1, 1, 1, 2, 3], "chance", 1, None, 8),
    ("C03", "ru_football", {}, [4, 4, 4, 4, 2], "four", 1, None, 18),
    ("C04", "ru_football", {}, [4, 4, 4, 4, 2], "fours", 1, None, 16),
    ("C05", "ru_football", {}, [3, 3, 3, 3, 3], "poker", 1, None, 50),
    ("C06", "ru_football", {}, [3, 3, 3, 3, 3], "all_odd", 1, None, 20),
    ("C08", "ru_football", {}, [2, 2, 2, 5, 5], "full", 1, None, 16),
    ("C09", "ru_football", {}, [1, 2, 3, 4, 6], "small_straight", 1, None, 25),
    ("C10", "ru_football", {}, [1, 2, 3, 4, 6], "large_straight", 1, None, 0),
    ("C11", "ru_football", {}, [2, 3, 4, 5, 6], "large_straight", 1, None, 30),
    ("C12", "ru_football", {}, [2, 3, 4, 5, 6], "small_straight", 1, None, 25),
    ("C13", "ru_football", {}, [2, 2, 2, 2, 6], "all_even", 1, None, 20),
    ("C14", "ru_football", {}, [1, 1, 1, 1, 5], "all_odd", 1, None, 20),
    ("C15", "ru_football", {}, [6, 6, 6, 6, 5], "four", 1, None, 29),
    ("C17", "ru_football", {}, [0, 1, 2, 3, 4], "large_straight", 1, None, 0),
    ("C19", "ru_football", {}, [6, 6, 6, 5, 5], "full", 1, None, 28),
    ("C20", "ru_football", {}, [0, 0, 0, 0, 0], "poker", 1, None, 50),
    ("C21", "ru_football", {}, [0, 0, 0, 0, 0], "chance", 1, None, 0),
    ("C22", "ru_football", {}, [4, 4, 4, 4, 4], "fours", 1, None, 20),
    ("C24", "ru_football", {}, [1, 2, 3, 4, 4], "small_straight", 1, None, 25),
    ("X1", "yahtzee", {}, [3, 3, 3, 2, 2], "full", 3, None, 25),
    ("X2", "yatzy", {}, [3, 3, 3, 2, 2], "full", 3, None, 13),
    ("X3", "generala", {}, [3, 3, 3, 2, 2], "full", 2, None, 30),
    ("X3s", "generala", {}, [3, 3, 3, 2, 2], "full", 1, None, 35),
    ("X4", "yahtzee", {}, [1, 2, 3, 4, 6], "small_straight", 3, None, 30),
    ("X5", "yatzy", {}, [1, 2, 3, 4, 6], "small_straight", 3, None, 0),
]


@pytest.mark.parametrize(
    ("variant_id", "options", "dice", "box", "throw", "value", "expected"),
    [pytest.param(*row[1:], id=row[0]) for row in CLAIMS],
)
def test_worked_example(variant_id, options, dice, box, throw, value, expected):
    variant = get_variant(variant_id, **options)
    evaluation = variant.evaluate(box, variant.hand(dice), Claim(throw=throw, value=value))
    assert evaluation.allowed
    assert evaluation.score == expected
    if expected != 0:
        assert evaluation.valid


@pytest.mark.parametrize(
    ("nets", "options", "result"),
    [
        pytest.param([0, -4, 0, 0, 5, 0], {}, 51, id="A10"),
        pytest.param([0, -4, 0, 0, 0, 0], {}, -24, id="A11"),
        pytest.param([0] * 6, {}, 0, id="A12"),
        pytest.param([0] * 6, {"gora_premium_at_zero": True}, 50, id="A12z"),
        pytest.param([0, -4, 0, 0, 0, 0], {"gora_penalty_mode": "replace_net"}, -20, id="A11r"),
    ],
)
def test_gora_result(nets, options, result):
    variant = get_variant("ru_fences", **options)
    net = sum(nets)
    assert net + variant.upper_bonus(net) == result


@pytest.mark.parametrize(
    ("variant_id", "upper", "bonus"),
    [("yahtzee", 63, 35), ("yahtzee", 62, 0), ("yatzy", 63, 50), ("kniffel", 63, 35)],
    ids=["X6", "X6-below", "X7", "kniffel"],
)
def test_upper_bonus_anchor(variant_id, upper, bonus):
    assert get_variant(variant_id).upper_bonus(upper) == bonus


def test_X8_second_yahtzee_earns_100_while_the_box_holds_50():
    yahtzee = get_variant("yahtzee")
    hand = yahtzee.hand([4, 4, 4, 4, 4])
    written = {"poker": 50}
    open_boxes = frozenset(yahtzee.box_ids) - {"poker"}
    ev = yahtzee.evaluate("fours", hand, Claim(open_boxes=open_boxes, written=written))
    assert (ev.allowed, ev.score, ev.extra) == (True, 20, 100)


def test_no_extra_yahtzee_bonus_after_a_crossed_yahtzee_box():
    yahtzee = get_variant("yahtzee")
    hand = yahtzee.hand([4, 4, 4, 4, 4])
    open_boxes = frozenset(yahtzee.box_ids) - {"poker"}
    ev = yahtzee.evaluate("fours", hand, Claim(open_boxes=open_boxes, written={"poker": 0}))
    assert ev.extra == 0


def test_forced_joker_sends_an_extra_yahtzee_to_its_upper_box_first():
    yahtzee = get_variant("yahtzee")
    hand = yahtzee.hand([4, 4, 4, 4, 4])
    open_boxes = frozenset({"fours", "full", "chance"})
    ev = yahtzee.evaluate("full", hand, Claim(open_boxes=open_boxes, written={"poker": 50}))
    assert not ev.allowed
    assert "Fours" in ev.reason.en and "Четвёрки" in ev.reason.ru


def test_joker_scores_full_house_at_full_value_once_the_upper_box_is_used():
    yahtzee = get_variant("yahtzee")
    hand = yahtzee.hand([4, 4, 4, 4, 4])
    claim = Claim(open_boxes=frozenset({"full", "large_straight", "ones"}), written={"poker": 50, "fours": 16})
    assert yahtzee.evaluate("full", hand, claim).score == 25
    assert yahtzee.evaluate("large_straight", hand, claim).score == 40
    assert not yahtzee.evaluate("ones", hand, claim).allowed  # a lower box is still open


def test_joker_with_no_lower_box_open_writes_zero_in_an_upper_box():
    yahtzee = get_variant("yahtzee")
    hand = yahtzee.hand([4, 4, 4, 4, 4])
    claim = Claim(open_boxes=frozenset({"ones"}), written={"poker": 50, "fours": 16})
    ev = yahtzee.evaluate("ones", hand, claim)
    assert (ev.allowed, ev.score, ev.extra) == (True, 0, 100)


def test_football_four_with_five_equal_values():
    football = get_variant("ru_football")
    hand = football.hand([3, 3, 3, 3, 3])
    alone = football.evaluate("four", hand)
    assert not alone.allowed and alone.score == 0
    last = football.evaluate("four", hand, Claim(open_boxes=frozenset({"four"})))
    assert last.allowed and not last.valid and last.score == 0


def test_football_raw_goals_above_six_are_neither_even_nor_odd():
    raw = get_variant("ru_football", high_goal_policy="raw")
    assert raw.evaluate("all_odd", raw.hand([1, 1, 1, 1, 7])).score == 0
    clamped = get_variant("ru_football")
    assert clamped.evaluate("all_even", clamped.hand([2, 2, 2, 2, 8])).score == 20


def test_rules_md_option_names_are_all_accepted():
    get_variant("ru_fences", stages=3, max_players=None, fence_formula="3 - rolls_used")
    get_variant("ru_encyclopedia", players=[1, 12], upper_bonus=None, target=None, series_games=None)
    get_variant("ru_football", tours=14, values="goals", count_time="regular")


def test_football_goals_above_six_count_as_six_by_default():
    assert get_variant("ru_football").hand([7, 6, 6, 6, 9]).values == (6, 6, 6, 6, 6)
    assert get_variant("ru_football", high_goal_policy="raw").hand([7, 0, 1, 1, 1]).total == 10


def test_football_zero_is_neither_even_nor_odd_unless_configured():
    hand = [0, 2, 2, 4, 6]
    assert get_variant("ru_football").evaluate("all_even", get_variant("ru_football").hand(hand)).score == 0
    even0 = get_variant("ru_football", zero_is_even=True)
    assert even0.evaluate("all_even", even0.hand(hand)).score == 20


def test_generala_servida_wins_and_doble_needs_a_generala():
    generala = get_variant("generala")
    hand = generala.hand([5, 5, 5, 5, 5])
    assert generala.evaluate("poker", hand, Claim(throw=1)).wins_game
    assert not generala.evaluate("poker", hand, Claim(throw=2)).wins_game
    no_generala = Claim(open_boxes=frozenset({"double_poker", "poker"}), written={})
    assert generala.evaluate("double_poker", hand, no_generala).score == 0
    after = Claim(open_boxes=frozenset({"double_poker"}), written={"poker": 50})
    assert generala.evaluate("double_poker", hand, after).score == 100


@pytest.mark.parametrize(
    ("options", "dice", "box", "throw", "expected"),
    [
        ({"lower_preset": "ru_premium"}, [3, 3, 3, 2, 2], "full", 3, 23),
        ({"lower_preset": "ru_premium"}, [6, 6, 6, 6, 6], "poker", 3, 80),
        ({"lower_preset": "ru_school_js"}, [4, 4, 4, 4, 1], "two_pairs", 3, 16),
        ({"lower_preset": "ru_school_js"}, [5, 5, 5, 5, 5], "full", 3, 25),
        ({"lower_preset": "ru_school_js"}, [5, 5, 5, 5, 5], "poker", 3, 55),
        ({"lower_preset": "ru_school_js"}, [5, 5, 5, 2, 3], "three", 1, 30),
        ({"lower_preset": "ru_school_js"}, [5, 5, 5, 2, 3], "chance", 1, 20),
        ({"lower_preset": "ru_school_js", "first_roll_double": False}, [5, 5, 5, 2, 3], "three", 1, 15),
        ({"lower_preset": "pl_szkola"}, [5, 5, 5, 5, 5], "poker", 3, 25),
        ({"lower_preset": "pl_szkola"}, [5, 5, 5, 5, 5], "full", 3, 25),
        ({"lower_preset": "straights_20_25"}, [1, 2, 3, 4, 5], "small_straight", 3, 20),
        ({"lower_preset": "straights_20_25"}, [2, 3, 4, 5, 6], "large_straight", 3, 25),
        ({"lower_preset": "even_odd"}, [2, 2, 4, 6, 6], "all_even", 3, 20),
        ({"lower_preset": "even_odd"}, [1, 3, 3, 5, 2], "all_odd", 3, 0),
        ({"first_roll_double": True}, [6, 6, 1, 2, 4], "pair", 1, 24),
        ({"first_roll_double": True}, [6, 6, 1, 2, 4], "sixes", 1, -6),
        ({"full_allows_five_of_kind": True}, [2, 2, 2, 2, 2], "full", 3, 10),
    ],
)
def test_fences_presets_and_options(options, dice, box, throw, expected):
    variant = get_variant("ru_fences", **options)
    assert variant.evaluate(box, variant.hand(dice), Claim(throw=throw)).score == expected


def test_encyclopedia_max_throws_option():
    assert get_variant("ru_encyclopedia").throws == 3
    assert get_variant("ru_encyclopedia", max_throws=2).throws == 2


def test_every_variant_has_boxes_named_in_both_languages():
    from scorekeeper.rules import VARIANT_IDS

    assert len(VARIANT_IDS) == 7
    for variant_id in VARIANT_IDS:
        variant = get_variant(variant_id)
        assert variant.name.ru and variant.name.en and variant.description.ru
        for box in variant.boxes:
            assert box.name.ru and box.name.en
    sizes = {v: len(get_variant(v).boxes) for v in VARIANT_IDS}
    assert sizes == {"ru_fences": 15, "ru_encyclopedia": 11, "ru_football": 14, "yahtzee": 13,
                     "yatzy": 15, "kniffel": 13, "generala": 11}
