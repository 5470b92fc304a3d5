"""The solitaire dynamic programme: the value of every start-of-turn state, best play from there.

State: the open boxes (a mask), the upper figure (clipped where clipping changes nothing) and a flag
(the five-of-a-kind box holds points). Each turn: after the last throw the best box; before it the
best keep, whose value is the mean over the dice thrown. Alongside the expected points the same
pass carries, under the same (optimal) play, the chance of the upper bonus and of the penalty: a
policy evaluation that costs no second pass. States are columns: many masks and upper figures are
solved at once, masks by increasing number of open boxes (writing a box closes one, so every
successor is done first). The same column code plays thousands of simulated games at once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from scorekeeper.advisor.dice import DICE, dice, keep_values
from scorekeeper.advisor.game import NEG, Game, reachable_upper

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.intp]
Tab = npt.NDArray[Any]  # a table: float64 while solved, float32 as stored

VALUE, P_BONUS, P_PENALTY = 0, 1, 2
CHUNK = 3000  # columns solved together: large enough to hide numpy's per-call cost, small in memory


@dataclass
class Table:
    """Start-of-turn figures: tab[mask, upper index, flag, component]."""

    game: Game
    tab: Tab
    seconds: float = 0.0

    def at(self, mask: int, upper: int, flag: int) -> FloatArray:
        """(components,) at the start of a turn with `mask` open, `upper` written so far."""
        lo, hi = self.game.upper_range
        u = min(max(upper, lo), hi) - lo
        return self.tab[mask, u, flag if self.game.poker is not None else 0].astype(np.float64)


@dataclass
class Columns:
    """States side by side: open boxes, upper index (0 = the lowest figure), flag."""

    masks: IntArray
    us: IntArray
    fs: IntArray

    def __len__(self) -> int:
        return len(self.masks)

    def part(self, sel: npt.NDArray[Any] | slice) -> Columns:
        return Columns(self.masks[sel], self.us[sel], self.fs[sel])


def _context(game: Game, cols: Columns, throw: int) -> tuple[IntArray, tuple[IntArray, ...]]:
    """For each column, which sheet-dependent verdicts apply (-1: none), and those verdicts of the
    hands of five alike: score, allowed, extra, each (contexts, boxes, 6)."""
    ids = np.full(len(cols), -1, np.intp)
    if game.poker is None:
        return ids, ()
    alike = [dice().hand_index((f,) * 5) for f in range(1, 7)]
    keys = cols.masks * 2 + cols.fs
    uniq, inverse = np.unique(keys, return_inverse=True)
    found = [game.verdicts(int(key) // 2, int(key) % 2, throw) for key in uniq]
    arrays = tuple(np.stack([getattr(v, name)[:, alike] for v in found])
                   for name in ("score", "allowed", "extra"))
    return inverse.astype(np.intp).ravel(), arrays


def box_values(game: Game, tab: Tab, cols: Columns, throw: int,
               each: bool = False) -> tuple[FloatArray, FloatArray | None]:
    """The best box after the last throw: (252, s, C); with `each`, also R[box, 252, s, C]
    (NEG value where the box is closed or may not take the hand).

    Only the value decides; the other components are read once, from the state the best box
    leads to (a lower box leads to the same state whatever the hand: one read per column)."""
    d = dice()
    lo, hi = game.upper_range
    _, n_u, n_f, nc = tab.shape
    flat = tab.reshape(-1, nc)
    s = len(cols)
    base = game.verdicts((1 << game.n) - 1, 0, throw)
    ctx_ids, ctx = _context(game, cols, throw)
    has_ctx = np.nonzero(ctx_ids >= 0)[0]
    alike = np.array([d.hand_index((f,) * 5) for f in range(1, 7)], np.intp)
    bonus = game.bonus_of(np.arange(hi - lo + 1) + lo)
    shape = (len(d.hands), s)
    best_val = np.full(shape, NEG)
    best_idx = np.zeros(shape, np.intp)
    every = np.full((game.n, len(d.hands), s, nc), NEG) if each else None
    here = cols.us * n_f + cols.fs
    for j in range(game.n):
        on = (cols.masks >> j & 1).astype(bool)
        if not on.any():
            continue
        score = np.broadcast_to(base.score[j][:, None], shape)
        allowed = np.broadcast_to(base.allowed[j][:, None], shape)
        extra = np.broadcast_to(base.extra[j][:, None], shape)
        inside = np.nonzero(on & (ctx_ids >= 0))[0] if len(has_ctx) else has_ctx
        if len(inside):
            score, allowed, extra = score.copy(), allowed.copy(), extra.copy()
            which = ctx_ids[inside]
            score[alike[:, None], inside[None, :]] = ctx[0][which, j].T
            allowed[alike[:, None], inside[None, :]] = ctx[1][which, j].T
            extra[alike[:, None], inside[None, :]] = ctx[2][which, j].T
        nxt = (cols.masks & ~(1 << j)) * (n_u * n_f)
        if game.upper_bits >> j & 1:
            u2 = np.clip(cols.us[None, :] + lo + score, lo, hi) - lo
            idx = nxt[None, :] + u2 * n_f + cols.fs[None, :]
        elif game.poker == j:
            u2 = cols.us[None, :]
            idx = nxt[None, :] + u2 * n_f + np.where(score > 0, 1, cols.fs[None, :])
        else:
            u2 = cols.us[None, :]
            idx = (nxt + here)[None, :]
        gain = score + extra
        last = (cols.masks & game.upper_bits) == 1 << j  # the bonus or penalty is decided now
        if last.any():
            gain = gain + np.where(last[None, :], bonus[u2], 0.0)
        val = np.where(allowed & on[None, :], flat[idx, VALUE] + gain, NEG)
        if every is not None:
            every[j] = flat[np.broadcast_to(idx, shape)]
            every[j][..., VALUE] = val
        better = val > best_val
        np.copyto(best_val, val, where=better)
        np.copyto(best_idx, np.broadcast_to(idx, shape), where=better)
    best = flat[best_idx]
    best[..., VALUE] = best_val
    return best, every


def best_keeps_carry(k: FloatArray) -> FloatArray:
    """For each hand, the best keep inside it, found by value; its other components go with it."""
    d = dice()
    val = k[..., VALUE].copy()
    arg = np.repeat(np.arange(len(d.keeps))[:, None], val.shape[1], axis=1)
    for m in range(1, DICE + 1):
        ids = d.by_size[m]
        cur_v, cur_a = val[ids], arg[ids]
        for slot in range(d.shrink[m].shape[1]):
            sub = d.shrink[m][:, slot]
            better = val[sub] > cur_v
            np.copyto(cur_v, val[sub], where=better)
            np.copyto(cur_a, arg[sub], where=better)
        val[ids], arg[ids] = cur_v, cur_a
    return k[arg[d.hand_keep], np.arange(val.shape[1])[None, :]]


def turn_values(game: Game, tab: Tab, cols: Columns, throws: int,
                bank: FloatArray | None = None) -> list[FloatArray]:
    """W[t - 1][hand, state, comp]: the value after throw t (1..throws) under the best play.

    `bank[t - 1]`: points added to writing a box after throw t (the worth of fences banked)."""
    finals: dict[int, FloatArray] = {}

    def final(t: int) -> FloatArray:
        key = 1 if t == 1 and game.throw_classes == 2 else 3
        if key not in finals:
            finals[key] = box_values(game, tab, cols, key)[0]
        e = finals[key]
        if bank is not None and bank[t - 1]:
            e = e.copy()
            e[..., VALUE] += bank[t - 1]
        return e

    w = [final(throws)]
    for t in range(throws - 1, 0, -1):
        b = best_keeps_carry(keep_values(dice(), w[0]))
        e = final(t)
        np.copyto(b, e, where=(e[..., VALUE] >= b[..., VALUE])[..., None])  # ties: write now
        w.insert(0, b)
    return w


def start_values(game: Game, tab: Tab, cols: Columns, throws: int) -> FloatArray:
    """(s, C): the start of a turn."""
    w1 = turn_values(game, tab, cols, throws)[0]
    return np.einsum("h,hsc->sc", dice().p_first, w1)


def components(game: Game) -> int:
    """Value, then the bonus chance where there is a bonus, then the penalty chance where one."""
    rule = game.variant.upper
    if not game.tracks_upper or rule is None:
        return 1
    return 3 if rule.penalty > 0 else 2


def solve(game: Game, throws: int | None = None, progress: bool = False) -> Table:
    """Every start-of-turn state of the game."""
    t0 = time.perf_counter()
    throws = throws or game.variant.throws
    lo, _ = game.upper_range
    n_u, n_f, nc = game.n_upper, game.n_flags, components(game)
    tab = np.zeros((1 << game.n, n_u, n_f, nc), np.float64)
    outcome = np.array([game.outcome_of(u + lo) for u in range(n_u)])
    if nc > P_BONUS:
        tab[0, :, :, P_BONUS] = (outcome == 1)[:, None]
    if nc > P_PENALTY:
        tab[0, :, :, P_PENALTY] = (outcome == -1)[:, None]
    reach = reachable_upper(game)
    full = (1 << game.n) - 1
    by_count: list[list[int]] = [[] for _ in range(game.n + 1)]
    for mask in range(1, 1 << game.n):
        by_count[bin(mask).count("1")].append(mask)
    for k in range(1, game.n + 1):
        ms: list[int] = []
        us: list[int] = []
        fs: list[int] = []
        for mask in by_count[k]:
            u_list = [u - lo for u in reach[full & ~mask & game.upper_bits]]
            f_list = [0] if game.poker is None or mask >> game.poker & 1 else list(range(n_f))
            for u in u_list:
                for f in f_list:
                    ms.append(mask)
                    us.append(u)
                    fs.append(f)
        cols = Columns(np.array(ms, np.intp), np.array(us, np.intp), np.array(fs, np.intp))
        for start in range(0, len(cols), CHUNK):
            part = cols.part(slice(start, start + CHUNK))
            v = start_values(game, tab, part, throws)
            tab[part.masks, part.us, part.fs] = v
        if progress:
            print(f"{k}/{game.n} open: {len(cols)} states, {time.perf_counter() - t0:.0f}s", flush=True)
    return Table(game, tab, time.perf_counter() - t0)
