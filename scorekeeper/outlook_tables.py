"""The outlook's model and tables: what the upper section plays for (UpperGoal), the dice's
transition probabilities, and the value tables of the best play built once per goal and fence range
(scorekeeper.outlook answers queries from them; the model: docs/architecture.md)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Literal

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import UpperRule

FACES = (1, 2, 3, 4, 5, 6)
DICE = 5

#: Weights of the tie-breaks in the scalar that the play maximises (docs/architecture.md).
TIE_PENALTY = 1e-9
TIE_UPPER = 1e-12
#: The fence counts the tables are first built for; larger queries rebuild them larger.
DEFAULT_FENCE_TOP = 10
#: Fences beyond this change no chance by more than 1e-10 (docs/architecture.md).
FENCE_CAP = 256

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]
IntArray = npt.NDArray[np.intp]

# Value components: p_bonus, p_penalty, the expected upper still to come and, for ``replace_net``
# only, the expected upper still to come on the penalty outcome. All are expectations, so a mixture
# of states mixes them linearly; so is the scalar the play maximises, ``_TIE @ value[:3]``.
_PB, _PP, _EU, _EP = 0, 1, 2, 3
_TIE = np.array([1.0, -TIE_PENALTY, TIE_UPPER])


def _components(goal: UpperGoal) -> int:
    return 4 if goal.penalty_mode == "replace_net" and goal.mode == "gora" else 3


@dataclass(frozen=True)
class UpperGoal:
    """What the upper section of a variant plays for: the variant's own `UpperRule` (which
    outcome a finished section earns) and the throws a turn allows.

    ``fences``: throws beyond ``base_throws`` spend banked fences and stopping early banks them
    (with ``earn_fences=False``, RULES.md ``fences_on_gora=false``, upper boxes only spend them).
    """

    rule: UpperRule
    fences: bool = False
    base_throws: int = 3
    earn_fences: bool = True

    def __post_init__(self) -> None:
        if self.rule.mode not in ("gora", "sum"):
            raise ValueError(f"UpperGoal: the upper rule's mode must be 'gora' or 'sum', not {self.rule.mode!r}")
        if self.base_throws < 1:
            raise ValueError("UpperGoal.base_throws must be at least 1")
        if self.rule.mode == "sum" and self.rule.penalty:
            raise ValueError("UpperGoal: mode 'sum' has no penalty")
        if self.rule.penalty_mode not in ("add_to_net", "replace_net"):
            raise ValueError(f"UpperGoal: penalty_mode {self.rule.penalty_mode!r}")

    @classmethod
    def gora(
        cls,
        premium: int = 50,
        penalty: int = 20,
        premium_at_zero: bool = False,
        *,
        penalty_mode: Literal["add_to_net", "replace_net"] = "add_to_net",
        base_throws: int = 3,
        earn_fences: bool = True,
    ) -> UpperGoal:
        """The «гора» of ``ru_fences`` (net compared with 0, fences)."""
        rule = UpperRule("gora", premium, penalty=penalty, premium_at_zero=premium_at_zero,
                         penalty_mode=penalty_mode)
        return cls(rule, True, base_throws, earn_fences)

    @classmethod
    def upper_sum(cls, bonus: int, target: int = 63) -> UpperGoal:
        """A Yahtzee-style upper bonus (sum ≥ target, three throws)."""
        return cls(UpperRule("sum", bonus, threshold=target))

    @property
    def mode(self) -> Literal["gora", "sum"]:
        return self.rule.mode

    @property
    def target(self) -> int:
        """The figure the outcome is decided against: 0 for the «гора» net, else the threshold."""
        return self.rule.threshold if self.rule.mode == "sum" else 0

    @property
    def bonus(self) -> int:
        return self.rule.bonus

    @property
    def penalty(self) -> int:
        return self.rule.penalty

    @property
    def premium_at_zero(self) -> bool:
        return self.rule.premium_at_zero

    @property
    def penalty_mode(self) -> Literal["add_to_net", "replace_net"]:
        return self.rule.penalty_mode

    def box_score(self, face: int, count: int) -> int:
        """What a box of ``face`` written with ``count`` such dice adds to the upper figure."""
        return (count - 3) * face if self.mode == "gora" else count * face

    def outcome(self, final: int) -> Literal["bonus", "zero", "penalty"]:
        """The outcome of a finished upper section with net / sum ``final`` (the rule's)."""
        return _OUTCOMES[self.rule.outcome(final)]


_OUTCOMES: dict[int, Literal["bonus", "zero", "penalty"]] = {1: "bonus", 0: "zero", -1: "penalty"}




# --------------------------------------------------------------------------------------------
# Dice probabilities


def _binom_pmf(n: int, k: int) -> float:
    return comb(n, k) * (1 / 6) ** k * (5 / 6) ** (n - k)


def transition_matrix() -> FloatArray:
    """``P[c, c2]``: kept ``c`` dice of the face, re-throw the rest, now ``c2``."""
    p = np.zeros((DICE + 1, DICE + 1))
    for c in range(DICE + 1):
        for extra in range(DICE - c + 1):
            p[c, c + extra] = _binom_pmf(DICE - c, extra)
    return p


_P = transition_matrix()
_P0 = _P[0].copy()  # the first throw: five dice


def p_at_least(k: int, throws: int) -> float:
    """Chance of at least ``k`` dice of a face after ``throws`` throws keeping them (closed form)."""
    q = 1 - (5 / 6) ** throws  # one die shows the face by then
    return sum(comb(DICE, j) * q**j * (1 - q) ** (DICE - j) for j in range(k, DICE + 1))


# --------------------------------------------------------------------------------------------
# Tables


def _mask(faces: frozenset[int] | set[int] | tuple[int, ...]) -> int:
    m = 0
    for f in faces:
        m |= 1 << (f - 1)
    return m


def _faces_of(mask: int) -> tuple[int, ...]:
    return tuple(f for f in FACES if mask >> (f - 1) & 1)


@dataclass
class _Level:
    """Tables for the states with ``k`` open boxes."""

    k: int
    masks: list[int]
    index: dict[int, int]
    lo: int  # net of n-index 0
    nn: int  # length of the net axis
    nf: int  # fence counts 0..nf-1
    value: FloatArray  # (nf, components, nS, nn)
    best: npt.NDArray[np.int8]  # (nf, nS, nn): face of the next box
    # per (open set, face) pair, k >= 1
    pair_index: dict[tuple[int, int], int]
    pair_sub: IntArray  # (npairs,) index of the open set after the box, in level k-1
    pair_face: IntArray  # (npairs,)
    cont: BoolArray  # (nb, 6, npairs, nn): throw again at b (fences if stopping now), count c
    # fences that upper boxes only spend: the turn from F fences has B - 1 throws above b = F whose
    # stop value is that of F; their decisions: (nf, B - 1, 6, npairs, nn)
    spend_cont: BoolArray


@dataclass
class _Tables:
    goal: UpperGoal
    fence_top: int
    levels: list[_Level]

    def clip(self, level: _Level, net: int) -> int:
        return min(max(net, level.lo), level.lo + level.nn - 1) - level.lo


def _net_range(goal: UpperGoal, k: int) -> tuple[int, int]:
    """The nets that still matter with ``k`` boxes open (all others are clipped to these)."""
    lo_out = goal.target - 1
    hi_out = goal.target if goal.mode == "sum" else goal.target + 1
    lo = hi = None
    for mask in range(64):
        faces = _faces_of(mask)
        if len(faces) != k:
            continue
        mn = sum(goal.box_score(f, 0) for f in faces)
        mx = sum(goal.box_score(f, DICE) for f in faces)
        a, b = lo_out - mx, hi_out - mn
        lo = a if lo is None else min(lo, a)
        hi = b if hi is None else max(hi, b)
    assert lo is not None and hi is not None
    if goal.mode == "sum":
        lo = max(lo, 0)  # an upper sum is never negative
        hi = max(hi, lo)
    return lo, hi


def _leaf_level(goal: UpperGoal, nf: int) -> _Level:
    lo, hi = _net_range(goal, 0)
    nn = hi - lo + 1
    value = np.zeros((nf, _components(goal), 1, nn))
    for i in range(nn):
        out = goal.outcome(lo + i)
        pb = 1.0 if out == "bonus" else 0.0
        pp = 1.0 if out == "penalty" else 0.0
        value[:, _PB, 0, i] = pb
        value[:, _PP, 0, i] = pp
    return _Level(
        0,
        [0],
        {0: 0},
        lo,
        nn,
        nf,
        value,
        np.zeros((nf, 1, nn), np.int8),
        {},
        np.zeros(0, np.intp),
        np.zeros(0, np.intp),
        np.zeros((0, 6, 0, nn), bool),
        np.zeros((0, 0, 6, 0, nn), bool),
    )


def _scores(goal: UpperGoal, faces: list[int]) -> IntArray:
    """``g[c, pair]``: what the pair's box scores with ``c`` dice of its face."""
    return np.array([[goal.box_score(f, c) for f in faces] for c in range(DICE + 1)], np.intp)


def _build_level(goal: UpperGoal, prev: _Level, k: int, nf: int) -> _Level:
    B = goal.base_throws
    masks = [m for m in range(64) if bin(m).count("1") == k]
    index = {m: i for i, m in enumerate(masks)}
    lo, hi = _net_range(goal, k)
    nn = hi - lo + 1
    pair_index: dict[tuple[int, int], int] = {}
    subs: list[int] = []
    pfaces: list[int] = []
    for m in masks:
        for f in _faces_of(m):
            pair_index[(m, f)] = len(subs)
            subs.append(prev.index[m & ~(1 << (f - 1))])
            pfaces.append(f)
    pair_sub = np.asarray(subs, dtype=np.intp)
    pair_face = np.asarray(pfaces, dtype=np.intp)
    npairs = len(subs)
    g = _scores(goal, pfaces)  # (6, npairs)
    nets = lo + np.arange(nn)
    after = np.clip(nets[None, None, :] + g[:, :, None], prev.lo, prev.lo + prev.nn - 1) - prev.lo
    nc = _components(goal)
    nsub = len(prev.masks)
    comp = np.arange(nc)[:, None, None, None]
    # stop values are gathered throw by throw into reused buffers: materialising them for every
    # fence count at once costs more in fresh memory than the whole computation
    flat = comp * (nsub * prev.nn) + pair_sub[None, None, :, None] * prev.nn + after[None]
    prev_flat = prev.value.reshape(prev.nf, -1)
    gf = g[:, :, None].astype(np.float64)
    nb = prev.nf if goal.fences else B
    cont_mask = np.zeros((nb, DICE + 1, npairs, nn), dtype=bool)
    turn = np.empty((nf, nc, npairs, nn))
    shape = (nc, DICE + 1, npairs, nn)
    st = np.empty(shape)
    w = np.empty(shape)
    cont = np.empty(shape)
    stop_here = np.empty(shape[1:], dtype=bool)
    st_key = np.empty(shape[1:])
    into_key = np.empty(shape[1:])

    def load_stop(b: int) -> None:
        np.take(prev_flat[b], flat, out=st, mode="clip")  # indices are in range
        if nc > _EP:
            st[_EP] += gf * st[_PP]
        st[_EU] += gf
        np.matmul(_TIE, st[:3].reshape(3, -1), out=st_key.reshape(-1))

    def step(w: FloatArray, into: FloatArray, decisions: BoolArray) -> FloatArray:
        """One throw earlier: throw again or write the box (stop values in ``st``)."""
        np.matmul(_P, w.reshape(nc, DICE + 1, -1), out=into.reshape(nc, DICE + 1, -1))
        np.matmul(_TIE, into[:3].reshape(3, -1), out=into_key.reshape(-1))
        np.greater_equal(st_key, into_key, out=stop_here)  # ties: write the box, keep the fence
        stop_here[DICE] = True
        np.logical_not(stop_here, out=decisions)
        np.copyto(into, st, where=stop_here)
        return into

    spend_only = goal.fences and not goal.earn_fences
    spend_cont = np.zeros((nf if spend_only else 0, B - 1, DICE + 1, npairs, nn), dtype=bool)
    spare = [np.empty(shape), np.empty(shape)] if spend_only else []
    load_stop(0)
    w[...] = st
    for b in range(nb):
        if b:
            if goal.fences:
                load_stop(b)
            w, cont = step(w, cont, cont_mask[b]), w
        if spend_only:
            # the turn from F = b fences: its first B - 1 throws bank nothing if stopped early
            top = w
            for j in range(B - 1):
                top = step(top, spare[j % 2], spend_cont[b, j])
            np.matmul(_P0, top.reshape(nc, DICE + 1, -1), out=turn[b].reshape(nc, -1))
            continue
        f_idx = b - (B - 1)
        if 0 <= f_idx < nf:
            np.matmul(_P0, w.reshape(nc, DICE + 1, -1), out=turn[f_idx].reshape(nc, -1))
    turn5 = turn.reshape(nf, nc, len(masks), k, nn)
    choice = np.einsum("c,fcskn->fskn", _TIE, turn5[:, :3]).argmax(axis=2)  # (nf, nS, nn)
    value = np.take_along_axis(turn5, choice[:, None, :, None, :], axis=3)[:, :, :, 0, :]
    faces_tab = pair_face.reshape(len(masks), k)
    best = faces_tab[np.arange(len(masks))[None, :, None], choice].astype(np.int8)
    return _Level(
        k,
        masks,
        index,
        lo,
        nn,
        nf,
        np.ascontiguousarray(value),
        best,
        pair_index,
        pair_sub,
        pair_face,
        cont_mask,
        spend_cont,
    )


@lru_cache(maxsize=16)
def _tables(goal: UpperGoal, fence_top: int) -> _Tables:
    """All states of the goal: levels 0..6 (number of open boxes), fences up to ``fence_top``
    with six boxes open (and the more that stopping early can bank with fewer open)."""
    extra = goal.base_throws - 1 if goal.fences and goal.earn_fences else 0
    top = fence_top if goal.fences else 0

    def nf_of(k: int) -> int:
        return top + 1 + extra * (6 - k)

    levels = [_leaf_level(goal, nf_of(0))]
    for k in range(1, 7):
        levels.append(_build_level(goal, levels[-1], k, nf_of(k)))
    return _Tables(goal, fence_top, levels)


def _tables_for(goal: UpperGoal, k: int, fences: int) -> _Tables:
    if not goal.fences:
        return _tables(goal, 0)
    need = fences - (goal.base_throws - 1) * (6 - k) if goal.earn_fences else fences
    top = DEFAULT_FENCE_TOP
    while top < need:
        top *= 2
    return _tables(goal, min(top, FENCE_CAP))
