"""The dice of one turn as index arrays: the 252 sorted hands, the 462 keeps, and how they relate.

A keep is a sorted tuple of 0..5 values; a hand is a keep of five. Throwing the missing dice of a
keep adds them one at a time, so the value of a keep is the mean over the six faces of the keep one
die larger; the best keep inside a hand is found the same way, one die smaller at a time.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5

IntArray = npt.NDArray[np.intp]
FloatArray = npt.NDArray[np.float64]


@dataclass(frozen=True)
class Dice:
    """Index tables over keeps (`keeps[i]`, sizes 0..5) and hands (`hands[h]`, keep `hand_keep[h]`)."""

    keeps: tuple[tuple[int, ...], ...]
    index: dict[tuple[int, ...], int]
    hands: tuple[tuple[int, ...], ...]
    hand_keep: IntArray  # (252,) keep index of each hand
    by_size: tuple[IntArray, ...]  # keep indices of each size 0..5
    grow: tuple[IntArray, ...]  # grow[m][i, d]: keep by_size[m][i] plus face d+1 (size m + 1)
    shrink: tuple[IntArray, ...]  # shrink[m][i, j]: keep by_size[m][i] less one die (padded by repeats)
    p_first: FloatArray  # (252,) chance of each hand on a throw of five dice
    keep_of_hand: dict[tuple[int, ...], int]  # sorted hand -> its index in `hands`

    def hand_index(self, values: tuple[int, ...] | list[int]) -> int:
        """The index of a hand given in any order."""
        return self.keep_of_hand[tuple(sorted(values))]

    def sub_keeps(self, h: int) -> list[int]:
        """Every distinct keep inside hand h (the empty keep and the whole hand included)."""
        hand = self.hands[h]
        found = {tuple(sorted(c)) for r in range(DICE + 1) for c in _subsets(hand, r)}
        return sorted(self.index[k] for k in found)

    def chances(self, keep: int) -> FloatArray:
        """(252,) chance of each hand after throwing the dice that keep `keep` leaves."""
        out = np.zeros(len(self.keeps))
        out[keep] = 1.0
        for m in range(len(self.keeps[keep]), DICE):
            nxt = np.zeros(len(self.keeps))
            ids = self.by_size[m]
            np.add.at(nxt, self.grow[m].ravel(), np.repeat(out[ids], 6) / 6)
            out = nxt
        return out[self.hand_keep]


def _subsets(hand: tuple[int, ...], r: int) -> list[tuple[int, ...]]:
    from itertools import combinations

    return list(combinations(hand, r))


@lru_cache(maxsize=1)
def dice() -> Dice:
    """The one shared table."""
    keeps = [k for m in range(DICE + 1) for k in combinations_with_replacement(FACES, m)]
    index = {k: i for i, k in enumerate(keeps)}
    hands = [k for k in keeps if len(k) == DICE]
    by_size = tuple(np.array([index[k] for k in keeps if len(k) == m], np.intp) for m in range(DICE + 1))
    grow = tuple(
        np.array([[index[tuple(sorted(keeps[i] + (d,)))] for d in FACES] for i in by_size[m]], np.intp)
        for m in range(DICE)
    )
    shrink_list = [np.zeros((1, 1), np.intp)]
    for m in range(1, DICE + 1):
        rows = []
        for i in by_size[m]:
            k = keeps[i]
            subs = sorted({index[k[:j] + k[j + 1:]] for j in range(m)})
            rows.append(subs + [subs[0]] * (DICE - len(subs)))
        shrink_list.append(np.array(rows, np.intp))
    hand_keep = np.array([index[h] for h in hands], np.intp)
    table = Dice(tuple(keeps), index, tuple(hands), hand_keep, by_size, grow, tuple(shrink_list),
                 np.zeros(0), {h: i for i, h in enumerate(hands)})
    object.__setattr__(table, "p_first", table.chances(index[()]))
    return table


def keep_values(d: Dice, w: FloatArray) -> FloatArray:
    """K[keep, ...]: the expected `w` (hands on axis 0) after throwing the dice the keep leaves."""
    k = np.empty((len(d.keeps),) + w.shape[1:])
    k[d.hand_keep] = w
    for m in range(DICE - 1, -1, -1):
        grow = d.grow[m]
        acc = k[grow[:, 0]].copy()
        for face in range(1, 6):
            acc += k[grow[:, face]]
        k[d.by_size[m]] = acc / 6
    return k


def best_keeps(d: Dice, k: FloatArray) -> FloatArray:
    """B[keep, ...]: the best K over every keep inside it; B at a hand is the best keep of that hand."""
    b = k.copy()
    for m in range(1, DICE + 1):
        ids = d.by_size[m]
        b[ids] = np.maximum(b[ids], b[d.shrink[m]].max(axis=1))
    return b[d.hand_keep]
