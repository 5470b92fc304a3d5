"""A plain reference: the best solitaire play by memoised recursion over explicit dice, one state
at a time, asking `Variant.evaluate` for every claim. Slow; for states with a few boxes open."""

from __future__ import annotations

from collections import Counter
from functools import cache
from itertools import combinations, combinations_with_replacement, product

from scorekeeper.dice import Hand
from scorekeeper.rules import Claim, Variant

HANDS = list(combinations_with_replacement(range(1, 7), 5))


@cache
def outcomes(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Sorted results of throwing n dice, with their chances (by counting all 6**n throws)."""
    counts = Counter(tuple(sorted(t)) for t in product(range(1, 7), repeat=n))
    return tuple((k, c / 6**n) for k, c in counts.items())


class Brute:
    def __init__(self, variant: Variant, poker_points: int = 50) -> None:
        self.v = variant
        self.poker_points = poker_points
        self.memo: dict[tuple[frozenset[str], int, bool], float] = {}

    def bonus(self, upper: int) -> int:
        return self.v.upper_bonus(upper) if self.v.upper is not None else 0

    def write(self, box: str, hand: tuple[int, ...], open_boxes: frozenset[str], upper: int,
              holds: bool, throw: int = 3) -> float | None:
        written = {b: 0 for b in self.v.box_ids if b not in open_boxes}
        if holds and "poker" in written:
            written["poker"] = self.poker_points
        ev = self.v.evaluate(box, Hand(hand), Claim(throw=throw, open_boxes=open_boxes, written=written))
        if not ev.allowed:
            return None
        rest = open_boxes - {box}
        gain = float(ev.score + ev.extra)
        up2 = upper
        if box in self.v.upper_ids:
            up2 = upper + ev.score
            if not any(b in rest for b in self.v.upper_ids):
                gain += self.bonus(up2)
        holds2 = holds or (box == "poker" and ev.score > 0)
        return gain + self.value(rest, up2, holds2)

    def value(self, open_boxes: frozenset[str], upper: int, holds: bool = False) -> float:
        """Expected points still to come at the start of a turn."""
        if not open_boxes:
            return 0.0
        key = (open_boxes, upper, holds)
        if key in self.memo:
            return self.memo[key]
        boxes: dict[int, dict[tuple[int, ...], float]] = {1: {}, 3: {}}
        for t, best_box in boxes.items():
            for hand in HANDS:
                options = [self.write(b, hand, open_boxes, upper, holds, t) for b in sorted(open_boxes)]
                best_box[hand] = max(o for o in options if o is not None)

        def after(t: int) -> dict[tuple[int, ...], float]:
            best_box = boxes[1 if t == 1 else 3]
            if t == self.v.throws:
                return best_box
            nxt = after(t + 1)
            keep_value: dict[tuple[int, ...], float] = {}
            out = {}
            for hand in HANDS:
                best = best_box[hand]
                for r in range(6):
                    for keep in set(combinations(hand, r)):
                        if keep not in keep_value:
                            keep_value[keep] = sum(p * nxt[tuple(sorted(keep + o))] for o, p in outcomes(5 - r))
                        best = max(best, keep_value[keep])
                out[hand] = best
            return out

        first = after(1)
        total = sum(p * first[h] for h, p in outcomes(5))
        self.memo[key] = total
        return total
