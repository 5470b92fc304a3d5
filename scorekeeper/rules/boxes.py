"""Box builders shared by the variants: each returns a Box whose judge is a small pure function."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from scorekeeper.dice import Hand
from scorekeeper.i18n import Text
from scorekeeper.rules.base import Box, Claim, Verdict, scored, signed, unmet

ScoreOfHand = Callable[[Hand], int]
ScoreOfValue = Callable[[int, Hand], int]

FACE_IDS = ("ones", "twos", "threes", "fours", "fives", "sixes")


def total(hand: Hand) -> int:
    """Sum of all five values."""
    return hand.total


def fixed(points: int) -> ScoreOfHand:
    """A box worth a fixed number of points."""
    return lambda hand: points


GORA_PAR = 3  # a «гора» box counts its face's dice against this many


def upper_gora(face: int, name: Text) -> Box:
    """An upper «гора» box: (count − GORA_PAR) · face, written with its sign; always met."""

    def judge(hand: Hand, claim: Claim) -> Verdict:
        count = hand.count(face)
        score = (count - GORA_PAR) * face
        reason = Text(
            f"{name.ru}: {count} × {face} при норме три — {signed(score)}.",
            f"{name.en}: {count} × {face} against the target of three: {signed(score)}.",
        )
        return Verdict(True, score, reason)

    return Box(FACE_IDS[face - 1], "upper", name, judge, face=face, first_throw_bonus=False)


def upper_sum(face: int, name: Text) -> Box:
    """An upper box scored as count · face; always met."""

    def judge(hand: Hand, claim: Claim) -> Verdict:
        count = hand.count(face)
        return Verdict(True, count * face, scored(name, f"{count} × {face}", count * face))

    return Box(FACE_IDS[face - 1], "upper", name, judge, face=face, first_throw_bonus=False)


def of_a_kind(
    box_id: str,
    name: Text,
    n: int,
    score: ScoreOfValue,
    requirement: Text,
    *,
    exact: bool = False,
    counts_all_dice: bool = False,
) -> Box:
    """n (or more; exactly n with `exact`) dice of one value; the player may pick which value.

    `counts_all_dice`: the score is taken from all five dice (Yahtzee's 3 of a kind), so the
    reason shows the whole hand rather than the n dice of the combination.
    """

    def candidates(hand: Hand) -> list[int]:
        if exact:
            return [v for v, c in hand.counts.items() if c == n]
        return list(hand.values_with_at_least(n))

    def judge(hand: Hand, claim: Claim) -> Verdict:
        found = candidates(hand)
        if claim.value is not None and claim.value not in found:
            picked = Text(
                f"{requirement.ru} (значение {claim.value})",
                f"{requirement.en} (value {claim.value})",
            )
            return Verdict(False, 0, unmet(name, picked, hand), claim.value)
        if not found:
            return Verdict(False, 0, unmet(name, requirement, hand))
        value = claim.value if claim.value is not None else max(found, key=lambda v: score(v, hand))
        points = score(value, hand)
        combo = str(hand) if counts_all_dice else "-".join([str(value)] * n)
        return Verdict(True, points, scored(name, combo, points), value)

    return Box(box_id, "lower", name, judge, requirement, choosable=True)


def two_pairs(name: Text, score_quads: bool) -> Box:
    """Two pairs of different values (2a + 2b); four of a kind counts as 4v with `score_quads`."""
    requirement = Text("две пары разных значений", "two pairs of different values")
    if score_quads:
        requirement = Text("две пары (или каре)", "two pairs (or four of a kind)")

    def judge(hand: Hand, claim: Claim) -> Verdict:
        pairs = hand.values_with_at_least(2)
        options: list[int] = []
        if len(pairs) >= 2:
            options.append(2 * pairs[0] + 2 * pairs[1])
        if score_quads:
            options += [4 * v for v in hand.values_with_at_least(4)]
        if not options:
            return Verdict(False, 0, unmet(name, requirement, hand))
        points = max(options)
        return Verdict(True, points, scored(name, str(hand), points))

    return Box("two_pairs", "lower", name, judge, requirement)


def full_house(name: Text, score: ScoreOfHand, allow_five: bool) -> Box:
    """Three of one value and two of another (five of a kind too with `allow_five`)."""
    requirement = Text("три одинаковых и два других одинаковых", "three of one value and two of another")

    def judge(hand: Hand, claim: Claim) -> Verdict:
        if hand.shape == (3, 2) or (allow_five and hand.shape == (5,)):
            points = score(hand)
            return Verdict(True, points, scored(name, str(hand), points))
        return Verdict(False, 0, unmet(name, requirement, hand))

    return Box("full", "lower", name, judge, requirement)


def straight(
    box_id: str,
    name: Text,
    runs: Iterable[Iterable[int]],
    score: ScoreOfHand,
    requirement: Text,
    *,
    exact: bool,
) -> Box:
    """A run of values: the hand is exactly one of `runs` (exact) or contains one of them."""
    run_sets = [frozenset(run) for run in runs]

    def judge(hand: Hand, claim: Claim) -> Verdict:
        met = any(
            (hand.distinct == run and len(hand.counts) == 5) if exact else run <= hand.distinct
            for run in run_sets
        )
        if not met:
            return Verdict(False, 0, unmet(name, requirement, hand))
        points = score(hand)
        return Verdict(True, points, scored(name, str(hand), points))

    return Box(box_id, "lower", name, judge, requirement)


def chance(name: Text) -> Box:
    """Any dice: their sum."""

    def judge(hand: Hand, claim: Claim) -> Verdict:
        return Verdict(True, hand.total, scored(name, str(hand), hand.total))

    return Box("chance", "lower", name, judge, first_throw_bonus=False)


def five_of_a_kind(box_id: str, name: Text, score: ScoreOfHand) -> Box:
    """All five dice equal."""
    requirement = Text("все пять одного значения", "all five showing one value")

    def judge(hand: Hand, claim: Claim) -> Verdict:
        if hand.shape != (5,):
            return Verdict(False, 0, unmet(name, requirement, hand))
        points = score(hand)
        return Verdict(True, points, scored(name, str(hand), points), hand.values[0])

    return Box(box_id, "lower", name, judge, requirement)


def parity(
    box_id: str, name: Text, even: bool, zero_is_even: bool, score: ScoreOfHand, *, zero_possible: bool = False
) -> Box:
    """Every value in {2, 4, 6} (or every value in {1, 3, 5}); 0 is even only with `zero_is_even`.

    Values above 6 (football goals kept raw) fit neither box: the boxes list the faces of a die.
    """
    allowed = frozenset({2, 4, 6} | ({0} if zero_is_even else set())) if even else frozenset({1, 3, 5})
    listed = ", ".join(str(v) for v in sorted(allowed))
    requirement = Text(f"только значения {listed}", f"only the values {listed}")
    if zero_possible and not zero_is_even:
        requirement = Text(
            f"{requirement.ru} (0 не чётный и не нечётный)",
            f"{requirement.en} (0 is neither even nor odd)",
        )

    def fits(value: int) -> bool:
        return value in allowed

    def judge(hand: Hand, claim: Claim) -> Verdict:
        if all(fits(v) for v in hand.values):
            points = score(hand)
            return Verdict(True, points, scored(name, str(hand), points))
        return Verdict(False, 0, unmet(name, requirement, hand))

    return Box(box_id, "lower", name, judge, requirement)
