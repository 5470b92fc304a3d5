"""The upper-section outlook: exact chances of the upper bonus (or «гора» premium / penalty).

Pure computation, no I/O: the model of ../shared/CLI.md (`outlook`), each open upper box played in
one turn keeping the dice of its face, the next box chosen after seeing how the earlier went, with
fences where the variant banks them. The play maximises p_bonus, then prefers a smaller p_penalty
and a larger expected upper sum (a scalar with tie-break weights). Nets beyond what can still
change the outcome are clipped, which keeps the tables small and the answers exact; fences above
FENCE_CAP change no chance by more than 1e-10. The model and why it is exact: docs/architecture.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any, Literal

import numpy as np
import numpy.typing as npt

from scorekeeper.rules import UpperRule, Variant

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


@dataclass(frozen=True)
class Outlook:
    """Chances and expectations of the upper section under the best play."""

    p_bonus: float
    p_zero: float
    p_penalty: float
    expected_upper: float
    expected_bonus: float
    #: the box the best play writes next (whole-stage outlook), or the current box (mid-turn)
    best_face: int | None = None
    #: mid-turn only: whether the best play throws again now
    throw_again: bool | None = None


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


def clear_caches() -> None:
    """Forget every table (for cold timings)."""
    _tables.cache_clear()
    _outlook.cache_clear()
    _outlook_mid_turn.cache_clear()


# --------------------------------------------------------------------------------------------
# Queries


def _check(goal: UpperGoal, open_faces: frozenset[int], upper: int, fences: int) -> tuple[int, int]:
    if not isinstance(goal, UpperGoal):
        raise TypeError("goal must be an UpperGoal")
    bad = [f for f in open_faces if f not in FACES]
    if bad:
        raise ValueError(f"open faces must be 1..6, not {sorted(bad)}")
    if fences < 0:
        raise ValueError("fences must be 0 or more")
    if fences and not goal.fences:
        raise ValueError("this upper section has no fences")
    if goal.mode == "sum" and upper < 0:
        raise ValueError("an upper sum is never negative")
    return _mask(open_faces), min(fences, FENCE_CAP)


def _check_turn(
    goal: UpperGoal, open_faces: frozenset[int], upper: int, fences: int, face: int, kept: int,
    throws_used: int, least_throws: int,
) -> tuple[int, int, int]:
    """`_check` and the turn of ``face``: the mask, the fences (capped) and the throws the turn allows."""
    mask, fences = _check(goal, open_faces, upper, fences)
    if face not in open_faces:
        raise ValueError(f"face {face} is not an open box")
    if not 0 <= kept <= DICE:
        raise ValueError("kept must be 0..5")
    allowed = goal.base_throws + (fences if goal.fences else 0)
    if not least_throws <= throws_used <= allowed:
        raise ValueError(f"throws_used must be {least_throws}..{allowed}")
    return mask, fences, allowed


def _result(goal: UpperGoal, vec: FloatArray, upper: int, **extra: Any) -> Outlook:
    pb = min(max(float(vec[_PB]), 0.0), 1.0)
    pp = min(max(float(vec[_PP]), 0.0), 1.0 - pb)
    pz = max(1.0 - pb - pp, 0.0)
    bonus = goal.bonus * pb - goal.penalty * pp
    if _components(goal) > _EP:
        # the penalty replaces the net: the bonus part is -penalty - net on that outcome
        bonus -= upper * float(vec[_PP]) + float(vec[_EP])
    return Outlook(
        p_bonus=pb,
        p_zero=pz,
        p_penalty=pp,
        expected_upper=upper + float(vec[_EU]),
        expected_bonus=bonus,
        **extra,
    )


def outlook(goal: UpperGoal, open_faces: Iterable[int], upper: int, fences: int = 0) -> Outlook:
    """The outlook of a player about to start a turn: ``open_faces`` the faces (1..6) of the upper
    boxes still open, ``upper`` the net («гора») or sum written so far, ``fences`` banked now.

    >>> round(outlook(UpperGoal.upper_sum(35), {1}, 62).p_bonus, 4)  # 1 - (5/6)**15
    0.9351
    """
    return _outlook(goal, frozenset(open_faces), int(upper), int(fences))


@lru_cache(maxsize=4096)
def _outlook(goal: UpperGoal, open_faces: frozenset[int], upper: int, fences: int) -> Outlook:
    mask, fences = _check(goal, open_faces, upper, fences)
    k = len(open_faces)
    tables = _tables_for(goal, k, fences)
    level = tables.levels[k]
    s = level.index[mask]
    i = tables.clip(level, upper)
    f = fences if goal.fences else 0
    best = int(level.best[f, s, i]) if k else None
    return _result(goal, level.value[f, :, s, i], upper, best_face=best)


def _decisions(tables: _Tables, level: _Level, pair: int, i: int, fences: int, b: int) -> BoolArray:
    """Whether to throw again, by count kept, with ``b`` fences banked if the box were written now
    (``fences`` at the turn's start)."""
    goal = tables.goal
    if goal.fences and not goal.earn_fences and b > fences:
        return level.spend_cont[fences, b - fences - 1, :, pair, i]
    return level.cont[b, :, pair, i]


def _turn_values(
    tables: _Tables, mask: int, upper: int, face: int, fences: int, b_top: int
) -> list[FloatArray]:
    """W(b)[comp, c] for b = 0..b_top in the turn of ``face`` (stop or go on, as the tables chose)."""
    goal = tables.goal
    level = tables.levels[bin(mask).count("1")]
    prev = tables.levels[level.k - 1]
    pair = level.pair_index[(mask, face)]
    sub = int(level.pair_sub[pair])
    i = tables.clip(level, upper)
    g = np.array([goal.box_score(face, c) for c in range(DICE + 1)])
    after = np.clip(upper + g, prev.lo, prev.lo + prev.nn - 1) - prev.lo
    out: list[FloatArray] = []
    w: FloatArray | None = None
    for b in range(b_top + 1):
        banked = (b if goal.earn_fences else min(b, fences)) if goal.fences else 0
        st = prev.value[banked][:, sub, after].copy()  # (components, 6)
        if st.shape[0] > _EP:
            st[_EP] += g * st[_PP]
        st[_EU] += g
        if w is None:
            w = st
        else:
            w = np.where(_decisions(tables, level, pair, i, fences, b)[None, :], w @ _P.T, st)
        out.append(w)
    return out


def outlook_mid_turn(
    goal: UpperGoal,
    open_faces: Iterable[int],
    upper: int,
    fences: int,
    face: int,
    kept: int,
    throws_used: int,
) -> Outlook:
    """The outlook during the turn of ``face`` (still open, in ``open_faces``): ``upper`` and
    ``fences`` as at the turn's start, ``kept`` dice showing ``face`` after ``throws_used`` throws
    (0 throws: the turn is about to start with this box). ``throw_again`` is the best play's
    choice now."""
    return _outlook_mid_turn(
        goal, frozenset(open_faces), int(upper), int(fences), int(face), int(kept), int(throws_used)
    )


@lru_cache(maxsize=4096)
def _outlook_mid_turn(
    goal: UpperGoal,
    open_faces: frozenset[int],
    upper: int,
    fences: int,
    face: int,
    kept: int,
    throws_used: int,
) -> Outlook:
    mask, fences, allowed = _check_turn(goal, open_faces, upper, fences, face, kept, throws_used, 0)
    if throws_used == 0 and kept:
        raise ValueError("no dice are kept before the first throw")
    k = len(open_faces)
    tables = _tables_for(goal, k, fences)
    b = allowed - max(throws_used, 1)  # fences banked if the box were written after that throw
    ws = _turn_values(tables, mask, upper, face, fences, b)
    if throws_used == 0:
        vec = np.asarray(_P0 @ ws[b].T)
        return _result(goal, vec, upper, best_face=face, throw_again=True)
    level = tables.levels[k]
    pair = level.pair_index[(mask, face)]
    decide = _decisions(tables, level, pair, tables.clip(level, upper), fences, b)
    again = bool(b >= 1 and kept < DICE and decide[kept])
    return _result(goal, ws[b][:, kept], upper, best_face=face, throw_again=again)


# --------------------------------------------------------------------------------------------
# The play itself (for simulations and the app's hints)


def best_next_face(goal: UpperGoal, open_faces: Iterable[int], upper: int, fences: int = 0) -> int:
    """The box the best play writes next."""
    face = outlook(goal, open_faces, upper, fences).best_face
    if face is None:
        raise ValueError("no open box")
    return face


def throw_again(
    goal: UpperGoal,
    open_faces: Iterable[int],
    upper: int,
    fences: int,
    face: int,
    kept: int,
    throws_used: int,
) -> bool:
    """Whether the best play throws again in the turn of ``face`` (``fences`` at the turn's start)."""
    faces = frozenset(open_faces)
    mask, fences, allowed = _check_turn(goal, faces, upper, fences, face, kept, throws_used, 1)
    b = allowed - throws_used
    if b == 0 or kept == DICE:
        return False
    tables = _tables_for(goal, len(faces), fences)
    level = tables.levels[len(faces)]
    pair = level.pair_index[(mask, face)]
    return bool(_decisions(tables, level, pair, tables.clip(level, upper), fences, b)[kept])


def upper_goal(variant: Variant) -> UpperGoal | None:
    """What the variant's upper section plays for (None: no upper bonus)."""
    if variant.upper is None:
        return None
    if variant.upper.mode == "gora":
        return UpperGoal(variant.upper, bool(variant.fences), variant.throws, variant.fences_on_upper)
    return UpperGoal(variant.upper, base_throws=variant.throws)
