"""The Yahtzee family: Yahtzee (Hasbro), Yatzy (Scandinavian) and Kniffel (Schmidt)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    UpperRule,
    Variant,
    VariantHooks,
)


def _options(bonus: int, extra: int, joker: str) -> tuple[OptionSpec, ...]:
    return (
        OptionSpec("upper_bonus", bonus, int, "bonus for an upper sum at or above the threshold", minimum=0),
        OptionSpec("upper_threshold", 63, int, "upper sum that earns the bonus", minimum=0),
        OptionSpec("extra_bonus", extra, int, "bonus per extra five of a kind (box holding 50)", minimum=0),
        OptionSpec("joker", joker, ("forced", "free", "verhoeff", "none"),
                   "how an extra five of a kind may be written (verhoeff: in any open box, at the joker's "
                   "full value in the lower boxes only once its upper box is written)"),
        OptionSpec("full_allows_five_of_kind", False, bool, "five of a kind counts as a full house"),
    )


YAHTZEE_OPTIONS = _options(35, 100, "forced")
YATZY_OPTIONS = _options(50, 0, "none")
KNIFFEL_OPTIONS = _options(35, 100, "forced")

RUN5 = [n.SMALL_RUN, n.LARGE_RUN]
REQ_RUN5 = Text("пять значений подряд", "five values in a row")

JokerScores = Mapping[str, Callable[[Hand], int]]

# Points a box gives an extra five of a kind played as a joker (Yahtzee, Kniffel).
JOKER_SCORES: JokerScores = {
    "three": b.total,
    "four": b.total,
    "full": b.fixed(25),
    "small_straight": b.fixed(30),
    "large_straight": b.fixed(40),
    "chance": b.total,
}

# Yatzy's own values for the boxes five of a kind does not make (pair, three and four it does).
YATZY_JOKER_SCORES: JokerScores = {
    "full": b.total,
    "small_straight": b.fixed(15),
    "large_straight": b.fixed(20),
    "chance": b.total,
}


class ExtraFiveOfAKind(VariantHooks):
    """Extra Yahtzee/Kniffel: +extra_bonus while the box holds 50, and the joker rule."""

    def __init__(self, extra_bonus: int, joker: str, scores: JokerScores = JOKER_SCORES) -> None:
        self.extra_bonus = extra_bonus
        self.joker = joker
        self.scores = scores
        self.adds_extra = extra_bonus > 0

    def adjust(
        self, variant: Variant, box: Box, hand: Hand, claim: Claim, evaluation: Evaluation
    ) -> Evaluation:
        written = claim.written
        if hand.shape != (5,) or written is None or "poker" not in written or box.id == "poker":
            return evaluation
        extra = self.extra_bonus if written["poker"] > 0 else 0
        face_box = b.FACE_IDS[hand.values[0] - 1]
        again = variant.box("poker").name  # "a second Kniffel": the five of a kind has the box's name
        open_boxes = claim.open_boxes or frozenset()
        if self.joker == "forced":
            if face_box in open_boxes and box.id != face_box:
                name = variant.box(face_box).name
                reason = Text(
                    f"Повторный «{again.ru}» нужно записать в клетку «{name.ru}», пока она открыта.",
                    f"An extra {again.en} must go in {name.en} while that box is open.",
                )
                return Evaluation(box.id, False, False, 0, reason)
            lower_open = any(variant.box(i).section == "lower" for i in open_boxes)
            if box.section == "upper" and box.id != face_box and lower_open:
                reason = Text(
                    f"Повторный «{again.ru}» нужно записать в открытую нижнюю клетку.",
                    f"An extra {again.en} must go in an open lower box.",
                )
                return Evaluation(box.id, False, False, 0, reason)
        upper_open = face_box in open_boxes
        if self.joker != "none" and box.id in self.scores and not (self.joker == "verhoeff" and upper_open):
            score = self.scores[box.id](hand)
            reason = Text(
                f"{box.name.ru}: повторный «{again.ru}» как джокер — {score}.",
                f"{box.name.en}: an extra {again.en} as a joker scores {score}.",
            )
            return Evaluation(box.id, True, True, score, reason, extra=extra)
        return Evaluation(
            evaluation.box, evaluation.valid, evaluation.allowed, evaluation.score,
            evaluation.reason, evaluation.value, extra=extra,
        )


def _sum_of_kind(box_id: str, name: Text, k: int, req: Text) -> Box:
    return b.of_a_kind(box_id, name, k, lambda v, hand: hand.total, req, counts_all_dice=True)


def _upper_words(o: Mapping[str, Any]) -> Text:
    """This table's upper bonus in words: '+35 за верх от 63' / '+35 for an upper sum of 63 or more'."""
    if not o["upper_bonus"]:
        return Text("без бонуса за верх", "no upper bonus")
    return Text(f"+{o['upper_bonus']} за верх от {o['upper_threshold']}",
                f"+{o['upper_bonus']} for an upper sum of {o['upper_threshold']} or more")


def _build(
    variant_id: str,
    title: Text,
    description: Text,
    upper_en: tuple[str, ...],
    lower: list[Box],
    options: Mapping[str, Any],
    joker_scores: JokerScores = JOKER_SCORES,
) -> Variant:
    o = dict(options)
    boxes = [b.upper_sum(face, n.upper_name(face, upper_en)) for face in range(1, 7)] + lower
    hooks = ExtraFiveOfAKind(o["extra_bonus"], o["joker"], joker_scores)
    return Variant(
        id=variant_id,
        name=title,
        description=description,
        options=o,
        boxes=tuple(boxes),
        upper=UpperRule("sum", bonus=o["upper_bonus"], threshold=o["upper_threshold"]),
        hooks=hooks if (o["extra_bonus"] or o["joker"] != "none") else None,
    )


def _hasbro_lower(o: Mapping[str, Any], names: Mapping[str, Text]) -> list[Box]:
    return [
        _sum_of_kind("three", names["three"], 3, n.REQ_THREE),
        _sum_of_kind("four", names["four"], 4, n.REQ_FOUR),
        b.full_house(names["full"], b.fixed(25), o["full_allows_five_of_kind"]),
        b.straight("small_straight", names["small"], n.RUNS_OF_FOUR, b.fixed(30), n.REQ_RUN_OF_FOUR, exact=False),
        b.straight("large_straight", names["large"], RUN5, b.fixed(40), REQ_RUN5, exact=True),
        b.five_of_a_kind("poker", names["poker"], b.fixed(50)),
        b.chance(names["chance"]),
    ]


def build_yahtzee(options: Mapping[str, Any]) -> Variant:
    """Yahtzee (Hasbro): 13 boxes, +35 at 63, Yahtzee 50 and +100 per extra with the joker."""
    names = {
        "three": Text("Три одинаковых", "3 of a kind"),
        "four": Text("Четыре одинаковых", "4 of a kind"),
        "full": Text("Фулл-хаус", "Full House"),
        "small": Text("Малый стрит", "Sm. Straight"),
        "large": Text("Большой стрит", "Lg. Straight"),
        "poker": Text("Яцзы", "YAHTZEE"),
        "chance": Text("Шанс", "Chance"),
    }
    upper, extra = _upper_words(options), options["extra_bonus"]
    return _build(
        "yahtzee",
        Text("Яцзы (Yahtzee)", "Yahtzee"),
        Text(
            f"13 клеток; {upper.ru}; фулл-хаус 25, стриты 30 и 40, яцзы 50"
            + (f" и +{extra} за каждую следующую." if extra else "."),
            f"13 boxes; {upper.en}; Full House 25, straights 30 and 40, Yahtzee 50"
            + (f" and +{extra} for each extra one." if extra else "."),
        ),
        ("Aces", "Twos", "Threes", "Fours", "Fives", "Sixes"),
        _hasbro_lower(options, names),
        options,
    )


def build_kniffel(options: Mapping[str, Any]) -> Variant:
    """Kniffel (Schmidt): Yahtzee's boxes under German names."""
    names = {
        "three": Text("Три одинаковых", "Dreierpasch"),
        "four": Text("Четыре одинаковых", "Viererpasch"),
        "full": Text("Фулл-хаус", "Full House"),
        "small": Text("Малый стрит", "Kleine Straße"),
        "large": Text("Большой стрит", "Große Straße"),
        "poker": Text("Книффель", "Kniffel"),
        "chance": Text("Шанс", "Chance"),
    }
    upper = _upper_words(options)
    return _build(
        "kniffel",
        Text("Книффель (Kniffel)", "Kniffel"),
        Text(
            f"Немецкий вариант Yahtzee: 13 клеток, {upper.ru}, книффель 50.",
            f"The German Yahtzee: 13 boxes, {upper.en}, Kniffel 50.",
        ),
        ("Einser", "Zweier", "Dreier", "Vierer", "Fünfer", "Sechser"),
        _hasbro_lower(options, names),
        options,
    )


def build_yatzy(options: Mapping[str, Any]) -> Variant:
    """Yatzy (Scandinavian): 15 boxes, sums of the dice in the combination, +50 at 63."""
    o = options
    lower = [
        b.of_a_kind("pair", n.PAIR, 2, lambda v, hand: 2 * v, n.REQ_TWO),
        b.two_pairs(n.TWO_PAIRS, False),
        b.of_a_kind("three", n.THREE, 3, lambda v, hand: 3 * v, n.REQ_THREE),
        b.of_a_kind("four", n.FOUR, 4, lambda v, hand: 4 * v, n.REQ_FOUR),
        b.straight("small_straight", n.SMALL, [n.SMALL_RUN], b.fixed(15), n.REQ_SMALL_RUN, exact=True),
        b.straight("large_straight", n.LARGE, [n.LARGE_RUN], b.fixed(20), n.REQ_LARGE_RUN, exact=True),
        b.full_house(n.FULL, b.total, o["full_allows_five_of_kind"]),
        b.chance(n.CHANCE),
        b.five_of_a_kind("poker", Text("Яцы", "Yatzy"), b.fixed(50)),
    ]
    upper = _upper_words(options)
    return _build(
        "yatzy",
        Text("Яцы (Yatzy)", "Yatzy"),
        Text(
            f"Скандинавский вариант: 15 клеток, очки — сумма кубиков комбинации, {upper.ru}.",
            f"The Scandinavian game: 15 boxes scored as the dice of the combination, {upper.en}.",
        ),
        n.UPPER_EN,
        lower,
        options,
        YATZY_JOKER_SCORES,
    )
