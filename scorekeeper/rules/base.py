"""The shapes every variant is made of: boxes, claims, evaluations, options and the Variant itself."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from itertools import combinations_with_replacement
from typing import Any, Literal

from scorekeeper.dice import Hand
from scorekeeper.i18n import Text, points

Section = Literal["upper", "lower"]


class RulesInputError(ValueError):
    """A name or option given to the rules does not exist or has a wrong value."""


class UnknownVariant(RulesInputError):
    """No variant has this id."""


class UnknownBox(RulesInputError):
    """The variant has no box with this id."""


class OptionError(RulesInputError):
    """An option name is unknown, or its value is not one the option takes."""


@dataclass(frozen=True)
class Claim:
    """What is claimed besides the dice: the throw number, the player's pick, the sheet around it.

    `open_boxes` and `written` are None when there is no game around the claim (`scorekeeper score`).
    """

    throw: int = 3
    value: int | None = None
    open_boxes: frozenset[str] | None = None
    written: Mapping[str, int] | None = None


@dataclass(frozen=True)
class Verdict:
    """What a box says of a hand on its own: met or not, the points, the pick used, why."""

    valid: bool
    score: int
    reason: Text
    value: int | None = None


@dataclass(frozen=True)
class Evaluation:
    """The full answer for one claim: may it be written, is it met, what it scores and why."""

    box: str
    valid: bool
    allowed: bool
    score: int
    reason: Text
    value: int | None = None
    extra: int = 0  # points outside the box (extra Yahtzee bonus and the like)
    wins_game: bool = False  # Generala servida


Judge = Callable[[Hand, Claim], Verdict]


@dataclass(frozen=True)
class Box:
    """One box of the sheet: its id, section, names and the pure function that judges a hand."""

    id: str
    section: Section
    name: Text
    judge: Judge = field(repr=False, compare=False)
    requirement: Text = Text("", "")
    face: int | None = None  # the face of an upper box
    choosable: bool = False  # the player picks a value (which pair)
    first_throw_bonus: bool = True  # «с руки» / servida rules may apply to this box


@dataclass(frozen=True)
class OptionSpec:
    """A house-rule option: its name, default, the values it takes and what it means."""

    name: str
    default: Any
    kind: type | tuple[Any, ...]  # a type (int, bool, str; tuple: a range [low, high] of whole
    # numbers within minimum..maximum) or the tuple of allowed values
    help: str = ""
    minimum: int | None = None
    maximum: int | None = 1000  # a whole number's bound: points, counts (a slip of the finger stalls nothing)
    nullable: bool = False  # null (None) is a value: "not set"

    def coerce(self, raw: Any) -> Any:
        """The value as the option takes it, or OptionError naming what was expected."""
        if raw is None or raw == "null":
            if self.nullable:
                return None
            raise OptionError(f"option {self.name}: a value is required")
        if isinstance(raw, list):
            raw = tuple(raw)
        if self.kind is tuple:
            return self._span(raw)
        if isinstance(raw, float) and raw.is_integer():
            raw = int(raw)  # JSON may spell 2 as 2.0; the rules count in whole numbers
        if isinstance(self.kind, tuple):
            if raw in self.kind:
                return raw
            choices = ", ".join(str(c) for c in self.kind)
            raise OptionError(f"option {self.name}: {raw!r} is not one of {choices}")
        if self.kind is bool:
            if isinstance(raw, bool):
                return raw
            if isinstance(raw, str) and raw.lower() in ("true", "false", "yes", "no", "on", "off"):
                return raw.lower() in ("true", "yes", "on")
            raise OptionError(f"option {self.name}: expected true or false, got {raw!r}")
        if self.kind is int:
            if isinstance(raw, bool) or not isinstance(raw, int | str):
                raise OptionError(f"option {self.name}: expected a whole number, got {raw!r}")
            try:
                value = int(raw)
            except ValueError:
                raise OptionError(f"option {self.name}: expected a whole number, got {raw!r}") from None
            if self.minimum is not None and value < self.minimum:
                raise OptionError(f"option {self.name}: expected at least {self.minimum}, got {value}")
            if self.maximum is not None and value > self.maximum:
                raise OptionError(f"option {self.name}: expected at most {self.maximum}, got {value}")
            return value
        if self.kind is str and isinstance(raw, str):
            return raw
        raise OptionError(f"option {self.name}: unexpected value {raw!r}")

    def _span(self, raw: Any) -> tuple[int, int]:
        """A range [low, high] of whole numbers, low <= high, within minimum..maximum."""
        lo_bound, hi_bound = self.minimum or 0, self.maximum or 0
        expected = f"option {self.name}: expected [low, high], whole numbers from {lo_bound} to {hi_bound}"
        if not isinstance(raw, tuple) or len(raw) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in raw):
            raise OptionError(f"{expected}, got {list(raw) if isinstance(raw, tuple) else raw!r}")
        lo, hi = raw
        if not lo_bound <= lo <= hi <= hi_bound:
            raise OptionError(f"{expected}, low not above high, got [{lo}, {hi}]")
        return lo, hi


@dataclass(frozen=True)
class UpperRule:
    """How the upper section's sum turns into a bonus once all its boxes are written.

    mode "gora": the signed net against three of each face; net > 0 earns `bonus` (premium),
    net < 0 costs `penalty`, net = 0 nothing (premium with `premium_at_zero`).
    mode "sum": the plain sum; reaching `threshold` earns `bonus`.
    """

    mode: Literal["gora", "sum"]
    bonus: int
    threshold: int = 63
    penalty: int = 0
    premium_at_zero: bool = False
    penalty_mode: Literal["add_to_net", "replace_net"] = "add_to_net"

    def bonus_for(self, upper: int) -> int:
        """The bonus (or negative penalty) for a finished upper section summing to `upper`."""
        if self.mode == "sum":
            return self.bonus if upper >= self.threshold else 0
        if upper > 0 or (upper == 0 and self.premium_at_zero):
            return self.bonus
        if upper == 0:
            return 0
        return -self.penalty if self.penalty_mode == "add_to_net" else -self.penalty - upper

    def outcome(self, upper: int) -> int:
        """1 where a finished upper section summing to `upper` earns the bonus or premium, -1 where
        it earns the penalty, else 0 (with the penalty replacing a net below it, the bonus column
        itself is positive on a penalty)."""
        if self.mode == "sum":
            return 1 if upper >= self.threshold and self.bonus > 0 else 0
        if upper > 0 or (upper == 0 and self.premium_at_zero):
            return 1
        return -1 if upper < 0 else 0


@dataclass(frozen=True, eq=False)
class Variant:
    """A game: its boxes, its turn limits and its bonuses, all fixed by the chosen options.

    Built by `scorekeeper.rules.get_variant(id, **options)`; the family modules supply the boxes
    and the small hooks that differ (Yahtzee's joker, Generala's servida, football's Каре).
    """

    id: str
    name: Text
    description: Text
    options: Mapping[str, Any]
    boxes: tuple[Box, ...]
    stages: int = 1
    throws: int = 3  # throws a turn allows before any fences
    fences: bool = False  # unused throws are banked (ru_fences)
    zero_throw_cross_out: bool = False  # a box may be struck before any throw
    zero_throw_boxes: frozenset[str] = frozenset()  # which ones (empty: every lower box)
    upper: UpperRule | None = None
    low: int = 1  # lowest value a die (or a team's goals) may show
    high: int | None = 6  # highest value accepted on input (None: no limit)
    clamp: int | None = None  # values above this count as this (football's 7+ goals)
    max_players: int = 12
    min_players: int = 1
    stage_order: Literal["sequential", "any"] = "sequential"
    box_order: Literal["free", "gora_first", "strict"] = "free"
    fences_on_upper: bool = True  # fences are earned on upper boxes too
    upper_cross_out: bool = True  # upper boxes may be struck out after a throw (a scratch: 0 in any
    # open box); «Покер с оградами» only by its option, its «гора» boxes taking their signed value
    tie_break: Literal["shared", "extra_game"] = "shared"
    mode: Literal["single", "series", "target"] = "single"  # a match of several games
    series_games: int | None = None
    target: int | None = None
    one_throw: bool = False  # football: the "throw" is one tour's goals, no re-throws
    hooks: VariantHooks | None = field(default=None, repr=False, compare=False)

    # --- boxes -------------------------------------------------------------------------------
    @cached_property
    def box_ids(self) -> tuple[str, ...]:
        """Box ids in sheet order."""
        return tuple(box.id for box in self.boxes)

    @cached_property
    def upper_ids(self) -> tuple[str, ...]:
        """The upper section's box ids."""
        return tuple(box.id for box in self.boxes if box.section == "upper")

    @cached_property
    def lower_ids(self) -> tuple[str, ...]:
        """The lower section's box ids."""
        return tuple(box.id for box in self.boxes if box.section == "lower")

    def box(self, box_id: str) -> Box:
        """The box with this id, or UnknownBox naming the ones there are."""
        for box in self.boxes:
            if box.id == box_id:
                return box
        raise UnknownBox(f"{self.id} has no box {box_id!r}; its boxes: {', '.join(self.box_ids)}")

    # --- dice --------------------------------------------------------------------------------
    def hand(self, raw: Any) -> Hand:
        """Validate raw values for this variant (and apply its 7+ policy)."""
        hand = Hand.parse(raw, low=self.low, high=self.high)
        if self.clamp is not None and any(v > self.clamp for v in hand.values):
            hand = Hand(tuple(min(v, self.clamp) for v in hand.values))
        return hand

    @property
    def unbounded(self) -> bool:
        """Values have no upper limit (football's goals kept raw: any count)."""
        return self.clamp is None and self.high is None

    def shows(self, value: int) -> bool:
        """A die (or a team's goals) can show `value`: the values a claim may pick (which pair)."""
        if self.unbounded:
            return self.low <= value
        top = self.clamp if self.clamp is not None else self.high
        assert top is not None
        return self.low <= value <= top

    # --- claims ------------------------------------------------------------------------------
    def evaluate(self, box_id: str, hand: Hand, claim: Claim = Claim()) -> Evaluation:
        """Judge writing `box_id` with `hand`: allowed, valid, score and a reason."""
        box = self.box(box_id)
        verdict = box.judge(hand, claim)
        evaluation = Evaluation(
            box=box.id,
            valid=verdict.valid,
            allowed=True,
            score=verdict.score if verdict.valid else 0,
            reason=verdict.reason,
            value=verdict.value,
        )
        if self.hooks is not None:
            evaluation = self.hooks.adjust(self, box, hand, claim, evaluation)
        return evaluation

    def score_range(self, box_id: str) -> tuple[int, int | None]:
        """Lowest and highest score of a met claim on this box, over every hand and throw; the
        highest is None where there is none (football's goals kept raw: a sum grows with them)."""
        low, high = self.six_range(box_id)
        return low, None if box_id in self._growing else high

    def six_range(self, box_id: str) -> tuple[int, int]:
        """score_range over hands of values up to 6 only: what a box is worth beside the others
        (the same as score_range where values stop at 6)."""
        self.box(box_id)
        return self._score_ranges[box_id]

    @cached_property
    def _score_ranges(self) -> dict[str, tuple[int, int]]:
        return _score_ranges(self, 6)

    @cached_property
    def _growing(self) -> frozenset[str]:
        """Boxes whose best score grows with values above 6 (only where values have no limit)."""
        if not self.unbounded:
            return frozenset()
        more = _score_ranges(self, 7)
        return frozenset(b for b, (_low, high) in more.items() if high > self._score_ranges[b][1])

    def upper_bonus(self, upper: int) -> int:
        """Bonus for a finished upper section (0 where the variant has none)."""
        return self.upper.bonus_for(upper) if self.upper is not None else 0

    def upper_outcome(self, upper: int) -> int:
        """1 for the bonus or premium, -1 for the penalty, 0 for neither (UpperRule.outcome)."""
        return self.upper.outcome(upper) if self.upper is not None else 0

    @property
    def has_extras(self) -> bool:
        """Points outside the boxes can be earned (extra Yahtzee bonuses)."""
        return self.hooks is not None and self.hooks.adds_extra

    @property
    def can_win_at_once(self) -> bool:
        """A claim may win the game at once (a Generala servida)."""
        return self.hooks is not None and self.hooks.wins_at_once


class VariantHooks:
    """Rule hooks a family overrides: the claim as a whole, after the box has judged the dice."""

    adds_extra: bool = False  # some claims earn points outside the box (Evaluation.extra)
    wins_at_once: bool = False  # a claim may win the game at once (Evaluation.wins_game)

    def adjust(
        self, variant: Variant, box: Box, hand: Hand, claim: Claim, evaluation: Evaluation
    ) -> Evaluation:
        """Change the box's verdict for rules that look beyond the box (context, throw number)."""
        return evaluation


def _score_ranges(variant: Variant, most: int) -> dict[str, tuple[int, int]]:
    """Each box's lowest and highest score of a met claim over hands of values up to `most`."""
    top = variant.clamp if variant.clamp is not None else (variant.high or most)
    faces = range(variant.low, min(top, most) + 1)
    ranges: dict[str, tuple[int, int]] = {}
    for box in variant.boxes:
        scores: list[int] = []
        for values in combinations_with_replacement(faces, 5):
            hand = Hand(values)
            for throw in (1, 3):
                evaluation = variant.evaluate(box.id, hand, Claim(throw=throw))
                if evaluation.valid and evaluation.allowed:
                    scores.append(evaluation.score)
                if box.choosable:
                    for pick in hand.distinct:
                        ev = variant.evaluate(box.id, hand, Claim(throw=throw, value=pick))
                        if ev.valid and ev.allowed:
                            scores.append(ev.score)
        ranges[box.id] = (min(scores), max(scores)) if scores else (0, 0)
    return ranges


def signed(n: int) -> str:
    """A score with its sign as written on the sheet: +4, −8 (a true minus), 0."""
    return f"+{n}" if n > 0 else f"\u2212{-n}" if n < 0 else "0"


def scored(name: Text, combo: str, score: int) -> Text:
    """'Тройка: 5-5-5 — 15 очков.' / 'Three of a kind: 5-5-5 scores 15 points.'"""
    pts = points(score)
    return Text(f"{name.ru}: {combo} — {pts.ru}.", f"{name.en}: {combo} scores {pts.en}.")


def unmet(name: Text, requirement: Text, hand: Hand) -> Text:
    """'Для клетки «Фулл» нужно: …; здесь 2-3-3-3-5 — 0 очков.' and its English twin."""
    return Text(
        f"Для клетки «{name.ru}» нужно: {requirement.ru}; здесь {hand} — 0 очков.",
        f"{name.en} needs {requirement.en}; {hand} scores 0.",
    )
