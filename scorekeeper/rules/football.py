"""The football «Покер» (ru_football): five teams' goals in a tour are the "dice"; 14 boxes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.dice import Hand
from scorekeeper.i18n import Text
from scorekeeper.rules import boxes as b
from scorekeeper.rules import names as n
from scorekeeper.rules.base import (
    Box,
    Claim,
    Evaluation,
    OptionSpec,
    Variant,
    VariantHooks,
    Verdict,
)

OPTIONS = (
    OptionSpec("tours", 14, (14,), "tours in a game: one per combination"),
    OptionSpec("values", "goals", ("goals",), "what the five values are"),
    OptionSpec("zero_is_even", False, bool, "0 goals counts as even"),
    OptionSpec("high_goal_policy", "clamp6", ("clamp6", "raw"), "7 or more goals count as 6, or as they are"),
    OptionSpec("fours_max", 20, int, "cap of the Fours box (the text's 16 is read as a typo)", minimum=0),
    OptionSpec("count_time", "regular", ("regular", "extra_time"), "which goals count"),
    OptionSpec("missed_tour", "close_lowest_with_zero", ("close_lowest_with_zero",), "a missed tour closes a box with 0"),
    OptionSpec("tie_break", "shared", ("shared", "extra_game"), "what a tie for first place means"),
)

class FourNeedsFourAndOne(VariantHooks):
    """Каре may not be closed with five equal values, unless it is the last open box (then 0)."""

    def adjust(
        self, variant: Variant, box: Box, hand: Hand, claim: Claim, evaluation: Evaluation
    ) -> Evaluation:
        if box.id != "four" or hand.shape != (5,):
            return evaluation
        if claim.open_boxes is not None and claim.open_boxes == frozenset({"four"}):
            reason = Text(
                "Каре — последняя открытая клетка, а пять равных значений его не дают: 0.",
                "Four of a kind is the last open box and five equal values do not make it: 0.",
            )
            return Evaluation(box.id, False, True, 0, reason)
        reason = Text(
            "Пятью равными значениями Каре закрыть нельзя (только если это последняя клетка).",
            "Four of a kind cannot be closed with five equal values (unless it is the last open box).",
        )
        return Evaluation(box.id, False, False, 0, reason)


def build(options: Mapping[str, Any]) -> Variant:
    """The ru_football variant with these (already validated) options."""
    o = dict(options)
    uppers = [b.upper_sum(face, n.upper_name(face)) for face in range(1, 7)]
    fours = uppers[3]
    cap = o["fours_max"]
    if cap < 20:
        inner = fours.judge

        def capped(hand: Hand, claim: Claim) -> Verdict:
            verdict = inner(hand, claim)
            if verdict.score <= cap:
                return verdict
            reason = Text(
                f"{fours.name.ru}: {hand.count(4)} × 4, но не больше {cap} — {cap}.",
                f"{fours.name.en}: {hand.count(4)} × 4, capped at {cap}.",
            )
            return Verdict(True, cap, reason)

        uppers[3] = Box(fours.id, "upper", fours.name, capped, face=4, first_throw_bonus=False)
    boxes = uppers + [
        b.of_a_kind("four", n.FOUR, 4, lambda v, hand: hand.total,
                    Text("четыре равных значения и одно другое", "four equal values and one other"),
                    exact=True, counts_all_dice=True),
        b.full_house(Text("Фул Хаус", "Full house"), b.total, allow_five=False),
        b.straight("small_straight", Text("Короткий стрит", "Short straight"),
                   n.RUNS_OF_FOUR, b.fixed(25), n.REQ_RUN_OF_FOUR, exact=False),
        b.straight("large_straight", Text("Длинный стрит", "Long straight"),
                   [n.SMALL_RUN, n.LARGE_RUN], b.fixed(30),
                   Text("ровно 1-2-3-4-5 или 2-3-4-5-6", "exactly 1-2-3-4-5 or 2-3-4-5-6"), exact=True),
        b.parity("all_even", n.ALL_EVEN, True, o["zero_is_even"], b.fixed(20),
                 zero_possible=True),
        b.parity("all_odd", n.ALL_ODD, False, o["zero_is_even"], b.fixed(20),
                 zero_possible=True),
        b.chance(Text("Любая комбинация", "Any combination")),
        b.five_of_a_kind("poker", n.POKER, b.fixed(50)),
    ]
    return Variant(
        id="ru_football",
        name=Text("Футбольный покер", "Football poker"),
        description=Text(
            "Голы пяти команд в туре — это «кубики»; 14 комбинаций, одна за тур.",
            "Five teams' goals in a tour are the \"dice\"; 14 combinations, one per tour.",
        ),
        options=o,
        boxes=tuple(boxes),
        throws=1,
        one_throw=True,
        low=0,
        high=None,
        clamp=6 if o["high_goal_policy"] == "clamp6" else None,
        max_players=1000,
        tie_break=o["tie_break"],
        hooks=FourNeedsFourAndOne(),
    )
