"""The upper-section outlook: closed forms, a plain reference, invariants, a simulation, the CLI."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.outlook import (
    FENCE_CAP,
    UpperGoal,
    best_next_face,
    outlook,
    outlook_mid_turn,
    p_at_least,
    throw_again,
    transition_matrix,
)
from tests.outlook_reference import PlainOutlook

GORA = UpperGoal.gora()
GORA_AT_ZERO = UpperGoal.gora(premium_at_zero=True)
GORA_REPLACE = UpperGoal.gora(penalty_mode="replace_net")
GORA_SPEND_ONLY = UpperGoal.gora(earn_fences=False)
YAHTZEE = UpperGoal.upper_sum(35)
YATZY = UpperGoal.upper_sum(50)
ALL = frozenset(range(1, 7))


# --- closed forms ----------------------------------------------------------------------------


def test_yahtzee_ones_open_at_62():
    result = outlook(YAHTZEE, frozenset({1}), 62)
    assert result.p_bonus == pytest.approx(1 - (5 / 6) ** 15, abs=1e-12)
    assert result.p_bonus == pytest.approx(0.9351, abs=1e-4)
    assert result.p_penalty == 0 and result.p_zero == pytest.approx((5 / 6) ** 15, abs=1e-12)
    assert result.expected_bonus == pytest.approx(35 * result.p_bonus, abs=1e-12)


def _needed(goal: UpperGoal, face: int, upper: int) -> int:
    """Fewest dice of `face` that win the bonus with this box the last one open."""
    for count in range(6):
        if goal.outcome(upper + goal.box_score(face, count)) == "bonus":
            return count
    return 6


@pytest.mark.parametrize("goal", [GORA, GORA_AT_ZERO, YAHTZEE, YATZY])
@pytest.mark.parametrize("face", range(1, 7))
def test_one_open_box_is_at_least_k_in_t_throws(goal, face):
    uppers = range(-16, 12) if goal.mode == "gora" else range(30, 66)
    for upper in uppers:
        for fences in range(0, 5) if goal.fences else [0]:
            k = _needed(goal, face, upper)
            throws = 3 + fences
            expect = 1.0 if k == 0 else 0.0 if k > 5 else p_at_least(k, throws)
            got = outlook(goal, frozenset({face}), upper, fences)
            assert got.p_bonus == pytest.approx(expect, abs=1e-12), (face, upper, fences)


def test_p_at_least_matches_the_transition_matrix():
    p = transition_matrix()
    dist = [1.0, 0, 0, 0, 0, 0]
    for throws in range(1, 8):
        dist = [sum(dist[c] * p[c][c2] for c in range(6)) for c2 in range(6)]
        for k in range(6):
            assert sum(dist[k:]) == pytest.approx(p_at_least(k, throws), abs=1e-14)


def test_decided_sections():
    done = outlook(GORA, frozenset(), 4)
    assert (done.p_bonus, done.p_zero, done.p_penalty) == (1.0, 0.0, 0.0)
    assert done.expected_bonus == 50 and done.expected_upper == 4
    assert outlook(GORA, frozenset(), 0).p_zero == 1.0
    assert outlook(GORA_AT_ZERO, frozenset(), 0).p_bonus == 1.0
    lost = outlook(GORA, frozenset(), -3)
    assert lost.p_penalty == 1.0 and lost.expected_bonus == -20
    assert outlook(GORA_REPLACE, frozenset(), -3).expected_bonus == pytest.approx(-17)
    # six twos can lose at most 6: an upper far ahead is safe, far behind lost
    safe = outlook(GORA, frozenset({2}), 7, 3)
    assert safe.p_bonus == 1.0 and safe.expected_upper > 7 - 6
    assert outlook(YAHTZEE, frozenset({1, 2}), 63).p_bonus == 1.0
    assert outlook(YAHTZEE, frozenset({1, 2}), 47).p_bonus == 0.0  # 5 + 10 short of 63


def test_fences_beyond_the_cap_answer_as_the_cap():
    assert outlook(GORA, frozenset({6}), 0, FENCE_CAP + 50) == outlook(
        GORA, frozenset({6}), 0, FENCE_CAP
    )


# --- a plain reference: the same model as straightforward recursion -----------------------------


@pytest.mark.parametrize(
    "goal",
    [GORA, GORA_AT_ZERO, GORA_SPEND_ONLY, YAHTZEE, UpperGoal.gora(base_throws=2)],
    ids=["gora", "gora_at_zero", "gora_spend_only", "yahtzee", "gora_two_throws"],
)
def test_agrees_with_a_plain_recursion(goal):
    plain = PlainOutlook(goal)
    rng = random.Random(6)
    for _ in range(60):
        open_faces = frozenset(rng.sample(range(1, 7), rng.randint(0, 3)))
        upper = rng.randint(-25, 20) if goal.mode == "gora" else rng.randint(20, 70)
        fences = rng.randint(0, 6) if goal.fences else 0
        got = outlook(goal, open_faces, upper, fences)
        want = plain.value(open_faces, upper, fences)
        assert got.p_bonus == pytest.approx(want[0], abs=1e-12)
        assert got.p_penalty == pytest.approx(want[1], abs=1e-12)
        assert got.expected_upper == pytest.approx(upper + want[2], abs=1e-10)
        if open_faces:
            face = rng.choice(sorted(open_faces))
            used = rng.randint(1, goal.base_throws + fences)
            kept = rng.randint(0, 5)
            mid = outlook_mid_turn(goal, open_faces, upper, fences, face, kept, used)
            banked = (fences if goal.fences else 0) + goal.base_throws - used
            want = plain.during(face, open_faces - {face}, upper, kept, banked, fences)
            assert mid.p_bonus == pytest.approx(want[0], abs=1e-12)
            assert mid.expected_upper == pytest.approx(upper + want[2], abs=1e-10)


def test_start_of_turn_matches_the_outlook():
    whole = outlook(GORA, frozenset({2, 5, 6}), -2, 3)
    assert whole.best_face is not None
    start = outlook_mid_turn(GORA, frozenset({2, 5, 6}), -2, 3, whole.best_face, 0, 0)
    assert start.p_bonus == pytest.approx(whole.p_bonus, abs=1e-12)
    assert start.expected_upper == pytest.approx(whole.expected_upper, abs=1e-10)


# --- invariants ---------------------------------------------------------------------------------

faces_st = st.frozensets(st.integers(1, 6))
goal_st = st.sampled_from([GORA, GORA_AT_ZERO, GORA_REPLACE, GORA_SPEND_ONLY, YAHTZEE, YATZY])


@settings(max_examples=150, deadline=None)
@given(goal=goal_st, open_faces=faces_st, upper=st.integers(-70, 110), fences=st.integers(0, 12))
def test_chances_sum_to_one_and_bonus_is_consistent(goal, open_faces, upper, fences):
    if not goal.fences:
        fences = 0
        upper = abs(upper)
    r = outlook(goal, open_faces, upper, fences)
    assert r.p_bonus + r.p_zero + r.p_penalty == pytest.approx(1.0, abs=1e-12)
    assert min(r.p_bonus, r.p_zero, r.p_penalty) >= 0
    if goal.mode == "sum" or goal.premium_at_zero:
        assert r.p_penalty == 0 if goal.mode == "sum" else r.p_zero == 0
    if goal.penalty_mode == "add_to_net":
        assert r.expected_bonus == pytest.approx(
            goal.bonus * r.p_bonus - goal.penalty * r.p_penalty, abs=1e-12
        )
    lowest = upper + sum(goal.box_score(f, 0) for f in open_faces)
    highest = upper + sum(goal.box_score(f, 5) for f in open_faces)
    assert lowest - 1e-9 <= r.expected_upper <= highest + 1e-9


@settings(max_examples=150, deadline=None)
@given(goal=goal_st, open_faces=faces_st, upper=st.integers(-50, 80), fences=st.integers(0, 11))
def test_more_fences_or_a_higher_upper_never_lower_the_chance(goal, open_faces, upper, fences):
    if not goal.fences:
        fences = 0
        upper = abs(upper)
    r = outlook(goal, open_faces, upper, fences)
    # the play is optimal up to the 1e-9 of its tie-breaks
    assert outlook(goal, open_faces, upper + 1, fences).p_bonus >= r.p_bonus - 3e-9
    if goal.fences:
        assert outlook(goal, open_faces, upper, fences + 1).p_bonus >= r.p_bonus - 3e-9


@settings(max_examples=60, deadline=None)
@given(open_faces=faces_st.filter(bool), upper=st.integers(-30, 20), fences=st.integers(0, 8))
def test_mid_turn_chance_is_never_above_the_best_of_its_options(open_faces, upper, fences):
    face = min(open_faces)
    before = outlook_mid_turn(GORA, open_faces, upper, fences, face, 0, 0)
    assert before.p_bonus <= outlook(GORA, open_faces, upper, fences).p_bonus + 1e-12
    # after the last allowed throw the box must be written: the outlook is the next state's
    kept = 2
    last = outlook_mid_turn(GORA, open_faces, upper, fences, face, kept, 3 + fences)
    after = outlook(GORA, open_faces - {face}, upper + GORA.box_score(face, kept), 0)
    assert last.throw_again is False
    assert last.p_bonus == pytest.approx(after.p_bonus, abs=1e-12)


# --- a Monte Carlo simulation of the same play --------------------------------------------------


def _play(goal, open_faces, upper, fences, rng, face=None, kept=0, used=0) -> int:
    """One upper section played by the outlook's own decisions; returns the final net / sum."""
    rest = set(open_faces)
    while rest:
        if face is None:
            face = best_next_face(goal, frozenset(rest), upper, fences)
            kept, used = 0, 0
        allowed = goal.base_throws + (fences if goal.fences else 0)
        if used == 0:
            kept, used = sum(rng.randint(1, 6) == face for _ in range(5)), 1
        while (
            used < allowed
            and kept < 5
            and throw_again(goal, frozenset(rest), upper, fences, face, kept, used)
        ):
            kept += sum(rng.randint(1, 6) == face for _ in range(5 - kept))
            used += 1
        upper += goal.box_score(face, kept)
        if goal.fences:
            fences += goal.base_throws - used if goal.earn_fences else -max(0, used - 3)
            assert fences >= 0
        rest.remove(face)
        face = None
    return upper


SIMULATED = [
    (GORA, {6}, 0, 0, None),
    (GORA, {5, 6}, 0, 2, None),
    (GORA, {1, 2, 3}, 0, 3, None),
    (GORA, {4, 5, 6}, 2, 5, None),
    (GORA, {2, 3, 4, 5}, -4, 4, None),
    (GORA, {1, 6}, -5, 7, None),
    (GORA, set(ALL), 0, 10, None),
    (GORA_AT_ZERO, {2, 3}, 0, 1, None),
    (GORA_REPLACE, {1, 2, 4}, -2, 2, None),
    (GORA_SPEND_ONLY, {3, 4, 6}, 0, 4, None),
    (GORA_SPEND_ONLY, {4, 5}, 0, 2, (5, 2, 1)),
    (GORA, {5, 6}, 0, 2, (6, 2, 2)),  # mid-turn: two sixes after two throws
    (YAHTZEE, {4, 5, 6}, 20, 0, None),
    (YATZY, {5, 6}, 40, 0, None),
    (YAHTZEE, {1, 2, 3}, 50, 0, (3, 1, 1)),
]


@pytest.mark.parametrize("index", range(len(SIMULATED)))
def test_a_simulation_of_the_same_play_agrees(index):
    goal, faces, upper, fences, mid = SIMULATED[index]
    faces = frozenset(faces)
    if mid is None:
        exact = outlook(goal, faces, upper, fences)
    else:
        exact = outlook_mid_turn(goal, faces, upper, fences, *mid)
    rng = random.Random(600 + index)
    games = 4000
    finals = []
    for _ in range(games):
        if mid is None:
            finals.append(_play(goal, faces, upper, fences, rng))
        else:
            face, kept, used = mid
            finals.append(_play(goal, faces, upper, fences, rng, face, kept, used))
    outcomes = [goal.outcome(x) for x in finals]
    for name, p in (("bonus", exact.p_bonus), ("penalty", exact.p_penalty), ("zero", exact.p_zero)):
        seen = outcomes.count(name) / games
        se = math.sqrt(p * (1 - p) / games)
        assert abs(seen - p) <= 3 * se + 1e-12, (name, seen, p)
    mean = sum(finals) / games
    sd = math.sqrt(sum((x - mean) ** 2 for x in finals) / (games - 1))
    assert abs(mean - exact.expected_upper) <= 3 * sd / math.sqrt(games) + 1e-9
    bonuses = [_bonus_part(goal, x) for x in finals]
    mean_b = sum(bonuses) / games
    sd_b = math.sqrt(sum((x - mean_b) ** 2 for x in bonuses) / (games - 1))
    assert abs(mean_b - exact.expected_bonus) <= 3 * sd_b / math.sqrt(games) + 1e-9


def _bonus_part(goal: UpperGoal, final: int) -> float:
    out = goal.outcome(final)
    if out == "bonus":
        return goal.bonus
    if out == "zero":
        return 0
    return -goal.penalty - (final if goal.penalty_mode == "replace_net" else 0)


def test_decisions_reject_impossible_states():
    with pytest.raises(ValueError):
        outlook(YAHTZEE, frozenset({1}), 10, 2)  # no fences in Yahtzee
    with pytest.raises(ValueError):
        outlook(GORA, frozenset({7}), 0)
    with pytest.raises(ValueError):
        outlook(YAHTZEE, {1, 2}, -1)
    with pytest.raises(ValueError):
        outlook_mid_turn(GORA, frozenset({1, 2}), 0, 1, 3, 0, 1)  # face not open
    with pytest.raises(ValueError):
        outlook_mid_turn(GORA, frozenset({1, 2}), 0, 1, 2, 0, 5)  # 4 throws allowed
    assert throw_again(GORA, frozenset({1}), 0, 0, 1, 5, 1) is False


# --- the command line ---------------------------------------------------------------------------


def run(capsys, *argv: str) -> tuple[int, dict | None, str]:
    code = main(["outlook", *argv])
    captured = capsys.readouterr()
    return code, (json.loads(captured.out) if captured.out else None), captured.err


def test_cli_yahtzee_closed_form(capsys):
    code, out, err = run(capsys, "yahtzee", "--open", "ones", "--upper", "62")
    assert code == 0 and err == ""
    assert out is not None
    assert out["p_bonus"] == pytest.approx(1 - (5 / 6) ** 15, abs=1e-12)
    assert out["p_penalty"] == 0
    assert set(out) >= {"p_bonus", "p_zero", "p_penalty", "expected_upper", "expected_bonus"}


def test_cli_fences_and_options(capsys):
    args = ["ru_fences", "--open", "ones,twos,threes,fours,fives,sixes", "--upper", "0"]
    code, out, _ = run(capsys, *args, "--fences", "10")
    assert code == 0 and out is not None
    direct = outlook(GORA, ALL, 0, 10)
    assert out["p_bonus"] == direct.p_bonus and out["expected_upper"] == direct.expected_upper
    code, at_zero, _ = run(capsys, *args, "--fences", "10", "--option", "gora_premium_at_zero=true")
    assert code == 0 and at_zero is not None
    assert at_zero["p_zero"] == 0 and at_zero["p_bonus"] >= out["p_bonus"]
    code, none_open, _ = run(capsys, "kniffel", "--open", "", "--upper", "70")
    assert code == 0 and none_open is not None
    assert none_open["p_bonus"] == 1.0 and none_open["expected_bonus"] == 35.0


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["generala", "--open", "ones", "--upper", "0"], "upper bonus"),
        (["ru_football", "--open", "ones", "--upper", "0"], "upper bonus"),
        (["ru_encyclopedia", "--open", "ones", "--upper", "0"], "upper bonus"),
        (["ru_fences", "--open", "ones,full", "--upper", "0"], "--open full"),
        (["ru_fences", "--open", "ones,sevens", "--upper", "0"], "--open sevens"),
        (["ru_fences", "--open", "ones,ones", "--upper", "0"], "twice"),
        (["ru_fences", "--open", "ones", "--upper", "zero"], "--upper"),
        (["ru_fences", "--open", "ones", "--upper", "0", "--fences", "-1"], "--fences"),
        (["ru_fences", "--open", "ones", "--upper", "0", "--fences", "x"], "--fences"),
        (["yahtzee", "--open", "ones", "--upper", "0", "--fences", "2"], "--fences"),
        (["yahtzee", "--open", "ones", "--upper", "-4"], "--upper"),
        (["yahtzee", "--open", "ones", "--upper", "999"], "they make 0 to 100"),  # five of each filled face
        (["yatzy", "--open", "ones,twos,threes,fours,fives", "--upper", "7"], "not a sum"),  # sixes: 6, 12 ...
        (["ru_fences", "--open", "ones,twos,threes,fours,fives,sixes", "--upper", "5"], "they make 0 to 0"),
        (["ru_fences", "--open", "ones,twos,threes,fours,fives", "--upper", "-19"], "-18 to 12"),
        (["ru_fences", "--open", "ones", "--upper", "0", "--option", "nonsense=1"], "nonsense"),
        (["ru_fences", "--open", "ones", "--upper", "0", "--option", "gora_premium"], "--option"),
        (["poker", "--open", "ones", "--upper", "0"], "poker"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(capsys, argv, names):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out is None
    assert err.count("\n") == 1 and names in err


def test_cli_house_rules_reach_the_model(capsys):
    base = ["ru_fences", "--open", "fives,sixes", "--upper", "0", "--fences", "3"]
    cases = [
        ("fences_on_gora=false", GORA_SPEND_ONLY),
        ("gora_penalty_mode=replace_net", GORA_REPLACE),
        ("gora_premium=40", UpperGoal.gora(premium=40)),
    ]
    for option, goal in cases:
        code, out, err = run(capsys, *base, "--option", option)
        assert code == 0, err
        assert out is not None
        want = outlook(goal, frozenset({5, 6}), 0, 3)
        assert out["p_bonus"] == want.p_bonus and out["expected_bonus"] == want.expected_bonus


@pytest.mark.parametrize(
    ("variant", "options"),
    [
        ("ru_fences", {}),
        ("ru_fences", {"gora_premium_at_zero": True}),
        ("ru_fences", {"gora_penalty_mode": "replace_net", "gora_penalty": 30}),
        ("yahtzee", {}),
        ("yatzy", {}),
        ("kniffel", {}),
    ],
)
def test_the_goal_scores_every_final_as_the_rules_do(variant, options):
    from scorekeeper.outlook import upper_goal
    from scorekeeper.rules import get_variant

    rules = get_variant(variant, **options)
    goal = upper_goal(rules)
    assert goal is not None
    for final in range(-63, 106):
        assert _bonus_part(goal, final) == rules.upper_bonus(final), final
