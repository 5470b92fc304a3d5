"""Invariants of the rules over random hands, throws and options (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import VARIANT_IDS, Claim, get_variant
from scorekeeper.rules.fences import PRESETS

dice = st.lists(st.integers(1, 6), min_size=5, max_size=5)
goals = st.lists(st.integers(0, 12), min_size=5, max_size=5)
throws = st.integers(1, 4)

OPTION_SETS = {
    "ru_fences": [{"lower_preset": p} for p in PRESETS]
    + [{"two_pairs_allow_quads": True, "full_allows_five_of_kind": True, "first_roll_double": True}],
    "ru_football": [{}, {"zero_is_even": True}, {"high_goal_policy": "raw"}],
    "generala": [{}, {"ace_in_straight": True}],
}


@st.composite
def claims(draw):
    variant_id = draw(st.sampled_from(VARIANT_IDS))
    options = draw(st.sampled_from(OPTION_SETS.get(variant_id, [{}])))
    variant = get_variant(variant_id, **options)
    values = draw(goals if variant_id == "ru_football" else dice)
    box = draw(st.sampled_from(variant.box_ids))
    return variant, values, box, draw(throws)


@settings(max_examples=400, deadline=None)
@given(claims(), st.randoms(use_true_random=False))
def test_order_of_dice_never_changes_the_verdict(claim, rnd):
    variant, values, box, throw = claim
    shuffled = list(values)
    rnd.shuffle(shuffled)
    a = variant.evaluate(box, variant.hand(values), Claim(throw=throw))
    b = variant.evaluate(box, variant.hand(shuffled), Claim(throw=throw))
    assert (a.valid, a.allowed, a.score) == (b.valid, b.allowed, b.score)


@settings(max_examples=400, deadline=None)
@given(claims())
def test_a_met_claim_scores_within_its_range_and_an_unmet_one_scores_zero(claim):
    variant, values, box, throw = claim
    evaluation = variant.evaluate(box, variant.hand(values), Claim(throw=throw))
    low, high = variant.score_range(box)
    if evaluation.valid:
        assert evaluation.score >= low
        assert high is None or evaluation.score <= high  # None: raw goal counts, sums without limit
    else:
        assert evaluation.score == 0
        assert evaluation.reason.ru and evaluation.reason.en


@settings(max_examples=300, deadline=None)
@given(dice, st.integers(1, 6), throws)
def test_fences_upper_boxes_are_always_met_and_score_count_minus_three(values, face, throw):
    variant = get_variant("ru_fences")
    box = variant.upper_ids[face - 1]
    evaluation = variant.evaluate(box, variant.hand(values), Claim(throw=throw))
    assert evaluation.valid and evaluation.allowed
    assert evaluation.score == (values.count(face) - 3) * face


@settings(max_examples=200, deadline=None)
@given(claims(), st.integers(0, 6))
def test_a_picked_value_never_scores_more_than_the_best_pick(claim, pick):
    variant, values, box, throw = claim
    if not variant.box(box).choosable:
        return
    hand = variant.hand(values)
    best = variant.evaluate(box, hand, Claim(throw=throw))
    picked = variant.evaluate(box, hand, Claim(throw=throw, value=pick))
    assert picked.score <= best.score


@st.composite
def whole_number_choices(draw):
    """An option whose values are a fixed list including whole numbers, and one of those numbers."""
    from scorekeeper.rules import option_specs

    listed = [
        (variant_id, spec.name, choice)
        for variant_id in VARIANT_IDS
        for spec in option_specs(variant_id)
        if isinstance(spec.kind, tuple)
        for choice in spec.kind
        if isinstance(choice, int) and not isinstance(choice, bool)
    ]
    return draw(st.sampled_from(listed))


@settings(max_examples=50, deadline=None)
@given(whole_number_choices())
def test_a_listed_whole_number_given_as_a_float_is_taken_as_that_number(choice):
    """JSON may spell 2 as 2.0: the variant keeps the whole number (no "2.0 throws" on the sheet)."""
    variant_id, name, value = choice
    variant = get_variant(variant_id, **{name: float(value)})
    taken = variant.options[name]
    assert taken == value and type(taken) is int
    assert type(variant.throws) is int
