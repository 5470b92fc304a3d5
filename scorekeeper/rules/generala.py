"""Generala (Latin America): 10 boxes and Doble Generala; servida (first-throw) rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.dice import Hand
from scorekeeper.i18n import Text
from scorekeeper.rules import boxes as b
from scorekeeper.rules import names as n
from scorekeeper.rules.base import Box, Claim, Evaluation, OptionSpec, Variant, VariantHooks

OPTIONS = (
    OptionSpec("straight_score", 20, int, "Escalera", minimum=0),
    OptionSpec("full_score", 30, int, "Full", minimum=0),
    OptionSpec("four_score", 40, int, "Póker", minimum=0),
    OptionSpec("generala_score", 50, int, "Generala", minimum=0),
    OptionSpec("double_generala_score", 100, int, "Doble Generala", minimum=0),
    OptionSpec("double_generala", True, bool, "the sheet has a Doble Generala box"),
    OptionSpec("servida_bonus", 5, int, "extra points for Escalera, Full or Póker made on the first throw", minimum=0),
    OptionSpec("servida_wins", True, bool, "a Generala on the first throw wins the game at once"),
    OptionSpec("ace_in_straight", False, bool, "the ace may stand for 2 or 6 in Escalera (3-4-5-6-1)"),
    OptionSpec("tie_break", "shared", ("shared", "extra_game"), "what a tie for first place means"),
)

SERVIDA_BOXES = ("small_straight", "full", "four")


class Servida(VariantHooks):
    """Servida: +bonus on Escalera, Full and Póker made on the first throw; Generala servida wins,
    written as the Generala or, once that holds its points, as the Doble.

    Doble Generala counts only once the Generala box holds its points.
    """

    def __init__(self, bonus: int, wins: bool) -> None:
        self.bonus = bonus
        self.wins_at_once = wins

    def adjust(
        self, variant: Variant, box: Box, hand: Hand, claim: Claim, evaluation: Evaluation
    ) -> Evaluation:
        if box.id == "double_poker" and evaluation.valid and claim.written is not None:
            if claim.written.get("poker", 0) <= 0:
                reason = Text(
                    "Двойная генерала считается только после записанной генералы — 0.",
                    "Doble Generala counts only after a Generala has been scored: 0.",
                )
                return Evaluation(box.id, False, True, 0, reason)
        if claim.throw != 1 or not evaluation.valid:
            return evaluation
        if box.id in SERVIDA_BOXES and self.bonus:
            score = evaluation.score + self.bonus
            reason = Text(
                f"{box.name.ru}: servida (с первого броска) — {score}.",
                f"{box.name.en}: servida (first throw) scores {score}.",
            )
            return Evaluation(box.id, True, True, score, reason, evaluation.value)
        if box.id in ("poker", "double_poker") and self.wins_at_once:  # the second Generala, servida, wins too
            reason = Text(
                "Генерала servida — с первого броска: партия выиграна сразу.",
                "Generala servida — on the first throw: the game is won at once.",
            )
            return Evaluation(box.id, True, True, evaluation.score, reason, evaluation.value, wins_game=True)
        return evaluation


def _description(bonus: int, wins: bool, double: bool) -> Text:
    """The game in a sentence, with this table's extra for a first throw (servida), whether a
    Generala servida wins at once, and whether Doble Generala is played."""
    ru = ["Латиноамериканская игра: 10 клеток" + (" и двойная генерала" if double else "")]
    en = ["The Latin American game: 10 boxes" + (" and Doble Generala" if double else "")]
    if bonus and wins:
        ru.append(f"с первого броска (servida) +{bonus}, генерала servida сразу выигрывает")
        en.append(f"+{bonus} servida (first throw), and a Generala servida wins at once")
    elif bonus:
        ru.append(f"с первого броска (servida) +{bonus}")
        en.append(f"+{bonus} servida (first throw)")
    elif wins:
        ru.append("генерала с первого броска (servida) сразу выигрывает")
        en.append("a Generala on the first throw (servida) wins at once")
    return Text("; ".join(ru) + ".", "; ".join(en) + ".")


def build(options: Mapping[str, Any]) -> Variant:
    """The generala variant with these (already validated) options."""
    o = dict(options)
    runs = [n.SMALL_RUN, n.LARGE_RUN] + ([(1, 3, 4, 5, 6)] if o["ace_in_straight"] else [])
    boxes = [b.upper_sum(face, n.upper_name(face, ("Uno", "Dos", "Tres", "Cuatro", "Cinco", "Seis")))
             for face in range(1, 7)]
    boxes += [
        b.straight("small_straight", Text("Стрит (Escalera)", "Escalera"), runs,
                   b.fixed(o["straight_score"]),
                   Text("пять значений подряд", "five values in a row"), exact=True),
        b.full_house(Text("Фулл", "Full"), b.fixed(o["full_score"]), allow_five=False),
        b.of_a_kind("four", Text("Покер (Póker)", "Póker"), 4, lambda v, hand: o["four_score"], n.REQ_FOUR),
        b.five_of_a_kind("poker", Text("Генерала", "Generala"), b.fixed(o["generala_score"])),
    ]
    if o["double_generala"]:
        boxes.append(b.five_of_a_kind("double_poker", Text("Двойная генерала", "Doble Generala"),
                                      b.fixed(o["double_generala_score"])))
    return Variant(
        id="generala",
        name=Text("Генерала (Generala)", "Generala"),
        description=_description(o["servida_bonus"], o["servida_wins"], o["double_generala"]),
        options=o,
        boxes=tuple(boxes),
        tie_break=o["tie_break"],
        hooks=Servida(o["servida_bonus"], o["servida_wins"]),
    )
