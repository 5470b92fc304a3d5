"""The upper-section outlook: exact chances of the upper bonus (or «гора» premium / penalty).

Pure computation, no I/O: the model of ../shared/CLI.md (`outlook`), each open upper box played in
one turn keeping the dice of its face, the next box chosen after seeing how the earlier went, with
fences where the variant banks them. The play maximises p_bonus, then prefers a smaller p_penalty
and a larger expected upper sum (a scalar with tie-break weights). Nets beyond what can still
change the outcome are clipped, which keeps the tables small and the answers exact; fences above
FENCE_CAP change no chance by more than 1e-10. The model and why it is exact: docs/architecture.md.
"""


from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from scorekeeper.outlook_tables import (
    _EP,
    _EU,
    _P,
    _P0,
    _PB,
    _PP,
    DICE,
    FACES,
    FENCE_CAP,
    TIE_PENALTY,
    TIE_UPPER,
    BoolArray,
    FloatArray,
    UpperGoal,
    _components,
    _Level,
    _mask,
    _Tables,
    _tables,
    _tables_for,
    p_at_least,
    transition_matrix,
)
from scorekeeper.rules import Variant

__all__ = [
    "DICE",
    "FACES",
    "FENCE_CAP",
    "TIE_PENALTY",
    "TIE_UPPER",
    "Outlook",
    "UpperGoal",
    "best_next_face",
    "clear_caches",
    "outlook",
    "outlook_mid_turn",
    "p_at_least",
    "throw_again",
    "transition_matrix",
    "upper_goal",
]


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


def clear_caches() -> None:
    """Forget every table (for cold timings)."""
    _tables.cache_clear()
    _outlook.cache_clear()
    _outlook_mid_turn.cache_clear()
