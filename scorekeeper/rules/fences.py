"""«Покер с оградами» (ru_fences): three stages of 15 boxes, the «гора» and banked fences."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.dice import Hand
from scorekeeper.i18n import Text, plural_ru
from scorekeeper.rules import boxes as b
from scorekeeper.rules import names as n
from scorekeeper.rules.base import (
    Box,
    Claim,
    Evaluation,
    OptionSpec,
    UpperRule,
    Variant,
    VariantHooks,
)

PRESETS = ("yatzy15", "ru_premium", "ru_school_js", "pl_szkola", "straights_20_25", "even_odd")

# Options a preset switches on unless the player sets them explicitly.
PRESET_DEFAULTS: Mapping[str, Mapping[str, Any]] = {
    "ru_school_js": {
        "two_pairs_allow_quads": True,
        "full_allows_five_of_kind": True,
        "first_roll_double": True,
    },
    "pl_szkola": {"full_allows_five_of_kind": True},
}

OPTIONS = (
    OptionSpec("lower_preset", "yatzy15", PRESETS, "scoring of the nine lower boxes"),
    OptionSpec("two_pairs_allow_quads", False, bool, "four of a kind counts as two pairs (4v)"),
    OptionSpec("full_allows_five_of_kind", False, bool, "five of a kind counts as a full house"),
    OptionSpec("first_roll_double", False, bool, "«с руки»: lower boxes but Chance ×2 on throw 1"),
    OptionSpec("gora_premium", 50, int, "premium for a stage's «гора» net above 0", minimum=0),
    OptionSpec("gora_penalty", 20, int, "penalty for a stage's «гора» net below 0", minimum=0),
    OptionSpec("gora_premium_at_zero", False, bool, "a net of exactly 0 earns the premium"),
    OptionSpec("gora_penalty_mode", "add_to_net", ("add_to_net", "replace_net"), "penalty is added to the net or replaces it"),
    OptionSpec("fences_on_gora", True, bool, "fences are earned on «гора» boxes too"),
    OptionSpec("allow_gora_cross_out", False, bool, "«гора» boxes may be crossed out (0)"),
    OptionSpec("allow_zero_roll_cross_out", "lower_only", ("lower_only", "lower_except_chance", "none"), "crossing out before any throw (+3 fences)"),
    OptionSpec("base_rolls", 3, int, "throws a turn allows before fences", minimum=1, maximum=10),
    OptionSpec("stages", 3, int, "stages of 15 boxes in a game", minimum=1, maximum=10),
    OptionSpec("max_players", None, int, "most players at the table (none: no limit)", minimum=1, nullable=True),
    OptionSpec("fence_formula", "3 - rolls_used", ("3 - rolls_used",), "fences banked after a turn"),
    OptionSpec("even_odd_score", "sum", ("sum", 20), "even_odd preset: the parity boxes score the sum or 20"),
    OptionSpec("stage_order", "sequential", ("sequential", "any"), "order of the three stages"),
    OptionSpec("box_order", "free", ("free", "gora_first", "strict"), "order of boxes within a stage"),
    OptionSpec("tie_break", "shared", ("shared", "extra_game"), "what a tie for first place means"),
)


def _lower_boxes(o: Mapping[str, Any]) -> list[Box]:
    preset = o["lower_preset"]
    premium = preset == "ru_premium"
    small, large = (20, 25) if preset == "straights_20_25" else (15, 20)
    if premium:
        poker_score: b.ScoreOfHand = lambda hand: hand.total + 50  # noqa: E731
    elif preset == "ru_school_js":
        poker_score = lambda hand: 50 + hand.values[0]  # noqa: E731
    elif preset == "pl_szkola":
        poker_score = b.total
    else:
        poker_score = b.fixed(50)
    lower = [
        b.of_a_kind("pair", n.PAIR, 2, lambda v, hand: 2 * v, n.REQ_TWO),
        b.two_pairs(n.TWO_PAIRS, o["two_pairs_allow_quads"]),
        b.of_a_kind("three", n.THREE, 3, lambda v, hand: 3 * v, n.REQ_THREE),
        b.of_a_kind("four", n.FOUR, 4, lambda v, hand: 4 * v + (20 if premium else 0), n.REQ_FOUR),
        b.full_house(n.FULL, lambda hand: hand.total + (10 if premium else 0), o["full_allows_five_of_kind"]),
        b.straight("small_straight", n.SMALL, [n.SMALL_RUN], b.fixed(small), n.REQ_SMALL_RUN, exact=True),
        b.straight("large_straight", n.LARGE, [n.LARGE_RUN], b.fixed(large), n.REQ_LARGE_RUN, exact=True),
        b.five_of_a_kind("poker", n.POKER, poker_score),
        b.chance(n.CHANCE),
    ]
    if preset == "even_odd":
        parity_score = b.total if o["even_odd_score"] == "sum" else b.fixed(20)
        lower += [
            b.parity("all_even", n.ALL_EVEN, True, False, parity_score),
            b.parity("all_odd", n.ALL_ODD, False, False, parity_score),
        ]
    return lower


class FirstThrowDouble(VariantHooks):
    """«С руки»: a lower box (not Chance) made on the first throw scores double."""

    def adjust(
        self, variant: Variant, box: Box, hand: Hand, claim: Claim, evaluation: Evaluation
    ) -> Evaluation:
        if claim.throw != 1 or not evaluation.valid or box.section != "lower" or not box.first_throw_bonus:
            return evaluation
        doubled = evaluation.score * 2
        reason = Text(
            f"{box.name.ru}: {hand} с руки (первым броском) — вдвойне, {doubled}.",
            f"{box.name.en}: {hand} on the first throw counts double: {doubled}.",
        )
        return Evaluation(evaluation.box, True, True, doubled, reason, evaluation.value)


def _zero_throw_boxes(rule: str, boxes: list[Box]) -> frozenset[str]:
    """The boxes a turn may strike before its first throw: the lower ones as `rule` says, never
    the «гора»'s (RULES.md §3.2, 6: "от каждой покерной комбинации можно отказаться", the
    combinations; allow_gora_cross_out lets a «гора» box be struck after a throw, and the
    zero-throw rule's values are all of lower boxes)."""
    if rule == "none":
        return frozenset()
    ids = {box.id for box in boxes if box.section == "lower"}
    return frozenset(ids - {"chance"} if rule == "lower_except_chance" else ids)


def _description(stages: int, premium: int, penalty: int) -> Text:
    """The game in a sentence, with this table's stages, premium and penalty."""
    ru_stages = {1: "Один этап", 2: "Два этапа", 3: "Три этапа"}.get(
        stages, f"{stages} {plural_ru(stages, 'этап', 'этапа', 'этапов')}")
    en_count = {1: "One", 2: "Two", 3: "Three"}.get(stages, str(stages))
    en_stages = f"{en_count} stage{'' if stages == 1 else 's'}"
    return Text(
        f"{ru_stages} по 15 клеток; «гора» считается от трёх каждого номинала (+{premium} премия, "
        f"−{penalty} штраф); несыгранные броски копятся оградами и тратятся потом.",
        f"{en_stages} of 15 boxes; the gora counts against three of each face (+{premium} premium, "
        f"−{penalty} penalty); unused throws are banked as fences and spent later.",
    )


def build(options: Mapping[str, Any]) -> Variant:
    """The ru_fences variant with these (already validated) options."""
    o = dict(options)
    boxes = [b.upper_gora(face, n.upper_name(face)) for face in range(1, 7)] + _lower_boxes(o)
    return Variant(
        id="ru_fences",
        name=Text("Покер с оградами", "Poker with fences"),
        description=_description(o["stages"], o["gora_premium"], o["gora_penalty"]),
        options=o,
        boxes=tuple(boxes),
        stages=o["stages"],
        max_players=o["max_players"] or 1000,
        throws=o["base_rolls"],
        fences=True,
        zero_throw_cross_out=o["allow_zero_roll_cross_out"] != "none",
        zero_throw_boxes=_zero_throw_boxes(o["allow_zero_roll_cross_out"], boxes),
        upper=UpperRule(
            "gora",
            bonus=o["gora_premium"],
            penalty=o["gora_penalty"],
            premium_at_zero=o["gora_premium_at_zero"],
            penalty_mode=o["gora_penalty_mode"],
        ),
        stage_order=o["stage_order"],
        box_order=o["box_order"],
        fences_on_upper=o["fences_on_gora"],
        upper_cross_out=o["allow_gora_cross_out"],
        tie_break=o["tie_break"],
        hooks=FirstThrowDouble() if o["first_roll_double"] else None,
    )
