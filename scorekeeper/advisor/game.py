"""A variant as the advisor's tables: what every box scores with every hand, asked of the rules.

The box functions of `scorekeeper.rules` are the only authority on scores: every figure here comes
from `Variant.evaluate`. A hand's verdict is taken once without a sheet around it; where the variant
has hooks that look at the sheet (Yahtzee's joker and extra bonus, Generala's Doble), the hands of
five alike are asked again for each sheet (open boxes, whether the five-of-a-kind box holds points).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

import numpy as np
import numpy.typing as npt

from scorekeeper.advisor.dice import Dice, dice
from scorekeeper.dice import Hand
from scorekeeper.rules import Claim, Variant

IntArray = npt.NDArray[np.intp]
NEG = -1e9  # a box that may not be written with this hand


@dataclass(frozen=True)
class Verdicts:
    """Scores (points in the box plus extras) and whether the box may be written, per (box, hand)."""

    score: IntArray  # (boxes, 252) points written in the box
    allowed: npt.NDArray[np.bool_]
    extra: IntArray  # points outside the box (an extra five of a kind's bonus)


@dataclass(eq=False)
class Game:
    """The advisor's view of one variant: boxes, upper states, the poker flag and score tables."""

    variant: Variant
    boxes: tuple[str, ...] = field(init=False)
    _context_cache: dict[tuple[int, int, int], Verdicts] = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self.boxes = self.variant.box_ids
        if len(self.boxes) > 16:
            raise ValueError(f"{self.variant.id}: too many boxes for the advisor ({len(self.boxes)})")

    # --- shape of the state ------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.boxes)

    @cached_property
    def upper_bits(self) -> int:
        """The mask of the upper boxes (0 where no bonus depends on them)."""
        if not self.tracks_upper:
            return 0
        return sum(1 << j for j, b in enumerate(self.boxes) if b in self.variant.upper_ids)

    @property
    def tracks_upper(self) -> bool:
        rule = self.variant.upper
        return rule is not None and (rule.bonus > 0 or rule.penalty > 0)

    @cached_property
    def upper_range(self) -> tuple[int, int]:
        """Lowest and highest upper figure kept apart (a sum at or above the threshold is one)."""
        rule = self.variant.upper
        if not self.tracks_upper or rule is None:
            return 0, 0
        lows = [self.variant.six_range(b)[0] for b in self.variant.upper_ids]
        highs = [max(self.score_table(3).score[self.boxes.index(b)]) for b in self.variant.upper_ids]
        lo = min(0, sum(min(0, x) for x in lows))
        hi = sum(highs)
        if rule.mode == "sum":
            return 0, min(hi, rule.threshold)
        return lo, hi

    @property
    def n_upper(self) -> int:
        lo, hi = self.upper_range
        return hi - lo + 1

    @cached_property
    def poker(self) -> int | None:
        """Index of the five-of-a-kind box where the sheet's hooks may look at what it holds."""
        if self.variant.hooks is None or "poker" not in self.boxes:
            return None
        return self.boxes.index("poker")

    @property
    def n_flags(self) -> int:
        return 1 if self.poker is None else 2

    @cached_property
    def throw_classes(self) -> int:
        """2 where a box scores differently on the first throw («с руки», servida), else 1."""
        return 1 if np.array_equal(self.score_table(1).score, self.score_table(3).score) else 2

    def bonus_of(self, upper: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """The bonus (or negative penalty) of finished upper sections at these figures."""
        return np.array([float(self.variant.upper_bonus(int(u))) for u in np.ravel(upper)]).reshape(np.shape(upper))

    def outcome_of(self, upper: int) -> int:
        return self.variant.upper_outcome(upper) if self.tracks_upper else 0

    # --- verdicts ------------------------------------------------------------------------------
    def score_table(self, throw: int) -> Verdicts:
        """Verdicts with no sheet around the claim (throw 1 or a later one)."""
        key = (-1, -1, throw)
        if key not in self._context_cache:
            self._context_cache[key] = self._ask(throw, None, 0, range(len(dice().hands)))
        return self._context_cache[key]

    def verdicts(self, mask: int, flag: int, throw: int) -> Verdicts:
        """Verdicts on a sheet with `mask` open (flag: the five-of-a-kind box holds points)."""
        base = self.score_table(1 if throw == 1 and self.throw_classes == 2 else 3)
        if self.poker is None or mask >> self.poker & 1:
            return base if self.poker is None or self.variant.hooks is None else self._with_context(mask, flag, throw, base)
        return self._with_context(mask, flag, throw, base)

    def _with_context(self, mask: int, flag: int, throw: int, base: Verdicts) -> Verdicts:
        t = 1 if throw == 1 and self.throw_classes == 2 else 3
        key = (mask, flag, t)
        found = self._context_cache.get(key)
        if found is None:
            alike = _five_alike(dice())
            part = self._ask(t, mask, flag, alike)
            score, allowed, extra = base.score.copy(), base.allowed.copy(), base.extra.copy()
            score[:, alike] = part.score[:, alike]
            allowed[:, alike] = part.allowed[:, alike]
            extra[:, alike] = part.extra[:, alike]
            found = Verdicts(score, allowed, extra)
            if len(self._context_cache) < 40000:
                self._context_cache[key] = found
        return found

    def _ask(self, throw: int, mask: int | None, flag: int, hands: range | list[int]) -> Verdicts:
        d = dice()
        score = np.zeros((self.n, len(d.hands)), np.intp)
        allowed = np.zeros((self.n, len(d.hands)), bool)
        extra = np.zeros((self.n, len(d.hands)), np.intp)
        claim = Claim(throw=throw)
        if mask is not None:
            open_ids = frozenset(b for j, b in enumerate(self.boxes) if mask >> j & 1)
            written = {b: 0 for b in self.boxes if b not in open_ids}
            if "poker" in written and flag:
                written["poker"] = self._poker_points
            claim = Claim(throw=throw, open_boxes=open_ids, written=written)
        for h in hands:
            hand = Hand(d.hands[h])
            for j, box in enumerate(self.boxes):
                if mask is not None and not mask >> j & 1:
                    continue
                ev = self.variant.evaluate(box, hand, claim)
                score[j, h] = ev.score
                extra[j, h] = ev.extra
                allowed[j, h] = ev.allowed
        return Verdicts(score, allowed, extra)

    @cached_property
    def _poker_points(self) -> int:
        return self.variant.evaluate("poker", Hand((6,) * 5)).score


def _five_alike(d: Dice) -> list[int]:
    return [d.hand_index((f,) * 5) for f in range(1, 7)]


@lru_cache(maxsize=32)
def reachable_upper(game: Game) -> dict[int, list[int]]:
    """For each set of closed upper boxes (a mask over the boxes), the upper figures it can hold."""
    lo, hi = game.upper_range
    scores = game.score_table(3).score
    upper = [j for j in range(game.n) if game.upper_bits >> j & 1]
    values = {j: sorted(set(int(s) for s in scores[j])) for j in upper}
    if game.poker is not None:  # a joker may write five alike in any upper box
        for j in upper:
            values[j] = sorted(set(values[j]) | {0})
    out: dict[int, list[int]] = {0: [0]}
    for closed in range(1, 1 << game.n):
        if closed & ~game.upper_bits:
            continue
        j = closed.bit_length() - 1
        rest = out[closed & ~(1 << j)]
        out[closed] = sorted({min(max(u + s, lo), hi) for u in rest for s in values[j]})
    return out
