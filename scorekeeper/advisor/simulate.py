"""Solitaire games played by the advisor, thousands at once (one column per game).

Each turn: the turn's values for every game's state, then real random throws; after each throw a
game writes its best box or keeps its best dice, exactly as `advise` would advise it. Returns the
final scores and whether each game won the upper bonus (premium) and penalty, stage by stage.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from scorekeeper.advisor.dice import DICE, dice, keep_values
from scorekeeper.advisor.game import NEG, Game
from scorekeeper.advisor.model import game_of
from scorekeeper.advisor.solve import VALUE, Columns, Tab, box_values, turn_values
from scorekeeper.advisor.store import table_for
from scorekeeper.rules import Variant

IntArray = npt.NDArray[np.intp]
BATCH = 1000


@dataclass
class Results:
    totals: npt.NDArray[np.float64]
    bonus: npt.NDArray[np.int64]  # stages (of each game) ending with the bonus / premium
    penalty: npt.NDArray[np.int64]

    @property
    def mean(self) -> float:
        return float(self.totals.mean())

    @property
    def stderr(self) -> float:
        return float(self.totals.std(ddof=1) / np.sqrt(len(self.totals)))


def _hand_lookup() -> IntArray:
    """Hand index by the base-6 code of sorted values."""
    d = dice()
    out = np.full(6**DICE, -1, np.intp)
    for h, hand in enumerate(d.hands):
        out[sum((v - 1) * 6**i for i, v in enumerate(hand))] = h
    return out


_LOOKUP = _hand_lookup()
_POW = 6 ** np.arange(DICE)


def hands_of(values: IntArray) -> IntArray:
    return _LOOKUP[((np.sort(values, axis=1) - 1) * _POW).sum(axis=1)]


def _sub_keeps() -> IntArray:
    d = dice()
    rows = []
    for h in range(len(d.hands)):
        subs = [k for k in d.sub_keeps(h) if len(d.keeps[k]) < DICE]
        rows.append(subs + [subs[0]] * (32 - len(subs)))
    return np.array(rows, np.intp)


_SUBS = _sub_keeps()
_KEEP_VALUES = [np.array(k + (0,) * (DICE - len(k)), np.intp) for k in dice().keeps]
_KEEP_ARRAY = np.stack(_KEEP_VALUES)
_KEEP_SIZE = np.array([len(k) for k in dice().keeps], np.intp)


def play_turn(game: Game, tab: Tab, cols: Columns, throws: int,
              rng: np.random.Generator, bank: npt.NDArray[np.float64] | None = None
              ) -> tuple[IntArray, IntArray, IntArray]:
    """One turn of every column: the box written, the hand it was written with, the throws used."""
    s = len(cols)
    ws = turn_values(game, tab, cols, throws, bank)
    values = rng.integers(1, 7, (s, DICE))
    hands = hands_of(values)
    box = np.full(s, -1, np.intp)
    used = np.zeros(s, np.intp)
    every: dict[int, npt.NDArray[np.float64]] = {}
    for t in range(1, throws + 1):
        key = 1 if t == 1 and game.throw_classes == 2 else 3
        if key not in every:
            e = box_values(game, tab, cols, key, each=True)[1]
            assert e is not None
            every[key] = e[..., VALUE]  # (boxes, 252, s)
        live = np.nonzero(box < 0)[0]
        vals = every[key][:, hands[live], live]  # (boxes, live)
        best_box = vals.argmax(axis=0)
        best_val = vals.max(axis=0) + (bank[t - 1] if bank is not None else 0.0)
        if t == throws:
            box[live], used[live] = best_box, t
            break
        k = keep_values(dice(), ws[t])[..., VALUE]  # (462, s)
        subs = _SUBS[hands[live]]  # (live, 32)
        kv = k[subs, live[:, None]]
        pick = kv.argmax(axis=1)
        keep = subs[np.arange(len(live)), pick]
        stop = best_val >= kv[np.arange(len(live)), pick]
        box[live[stop]], used[live[stop]] = best_box[stop], t
        go = live[~stop]
        kept = keep[~stop]
        fresh = rng.integers(1, 7, (len(go), DICE))
        size = _KEEP_SIZE[kept]
        slots = np.arange(DICE)[None, :] < size[:, None]
        hands[go] = hands_of(np.where(slots, _KEEP_ARRAY[kept], fresh))
    return box, hands, used


def write(game: Game, cols: Columns, box: IntArray, hands: IntArray, throw_class: IntArray
          ) -> tuple[npt.NDArray[np.float64], Columns, npt.NDArray[np.bool_]]:
    """Write each column's box: points gained (bonus included), the next states, and which
    columns closed their last upper box."""
    lo, hi = game.upper_range
    gain = np.zeros(len(cols))
    masks, us, fs = cols.masks.copy(), cols.us.copy(), cols.fs.copy()
    closed_upper = np.zeros(len(cols), bool)
    for c in range(len(cols)):
        j, h, m = int(box[c]), int(hands[c]), int(masks[c])
        v = game.verdicts(m, int(fs[c]), int(throw_class[c]))
        score = int(v.score[j, h])
        gain[c] = score + v.extra[j, h]
        if game.upper_bits >> j & 1:
            us[c] = min(max(us[c] + lo + score, lo), hi) - lo
            if m & game.upper_bits == 1 << j:
                gain[c] += game.variant.upper_bonus(int(us[c]) + lo)
                closed_upper[c] = True
        if game.poker == j and score > 0:
            fs[c] = 1
        masks[c] = m & ~(1 << j)
    return gain, Columns(masks, us, fs), closed_upper


def simulate(variant: Variant, games: int, seed: int = 0) -> Results:
    """`games` solitaire games of a variant without fences, played as advised."""
    game = game_of(variant)
    table = table_for(game)
    assert table is not None
    rng = np.random.default_rng(seed)
    totals = np.zeros(games)
    bonus = np.zeros(games, np.int64)
    penalty = np.zeros(games, np.int64)
    lo, _ = game.upper_range
    for start in range(0, games, BATCH):
        s = min(BATCH, games - start)
        cols = Columns(np.full(s, (1 << game.n) - 1, np.intp), np.full(s, -lo, np.intp), np.zeros(s, np.intp))
        for _turn in range(game.n):
            box, hands, used = play_turn(game, table.tab, cols, variant.throws, rng)
            tc = np.where((used == 1) & (game.throw_classes == 2), 1, 3)
            gain, cols, closed = write(game, cols, box, hands, tc)
            totals[start:start + s] += gain
            out = np.array([game.outcome_of(int(u) + lo) for u in cols.us])
            bonus[start:start + s] += closed & (out == 1)
            penalty[start:start + s] += closed & (out == -1)
    return Results(totals, bonus, penalty)


assert NEG < 0


def simulate_fences(variant: Variant, games: int, seed: int = 0, worth: float | None = None) -> Results:
    """«Покер с оградами» played as advised: every stage, fences banked and spent, a lower box
    struck before the first throw where that is advised."""
    from scorekeeper.advisor.fences import FENCE_WORTH

    worth = FENCE_WORTH if worth is None else worth
    game = game_of(variant)
    table = table_for(game)
    assert table is not None
    tab = table.tab
    rng = np.random.default_rng(seed)
    lo, _ = game.upper_range
    full = (1 << game.n) - 1
    base = variant.throws
    strikable = [j for j, b in enumerate(game.boxes)
                 if variant.zero_throw_cross_out and b in variant.zero_throw_boxes]
    totals = np.zeros(games)
    bonus = np.zeros(games, np.int64)
    penalty = np.zeros(games, np.int64)
    for start in range(0, games, BATCH):
        s = min(BATCH, games - start)
        cols = Columns(np.full(s, full, np.intp), np.full(s, -lo, np.intp), np.zeros(s, np.intp))
        fences = np.zeros(s, np.intp)
        for _turn in range(variant.stages * game.n):
            gain = np.zeros(s)
            closed = np.zeros(s, bool)
            new = Columns(cols.masks.copy(), cols.us.copy(), cols.fs.copy())
            at_start = fences.copy()  # the groups are fixed before any game of them banks or spends
            for f in np.unique(at_start):
                group = np.nonzero(at_start == f)[0]
                part = cols.part(group)
                throws = base + int(f)
                bank = np.array([worth * (base - t) for t in range(1, throws + 1)])
                w1 = turn_values(game, tab, part, throws, bank)[0]
                throw_value = np.einsum("h,hs->s", dice().p_first, w1[..., VALUE])
                strike_value = np.full(len(group), NEG)
                strike_box = np.full(len(group), -1, np.intp)
                for j in strikable:
                    on = (part.masks >> j & 1).astype(bool)
                    v = np.where(on, tab[part.masks & ~(1 << j), part.us, 0, VALUE] + 3 * worth, NEG)
                    better = v > strike_value
                    strike_value[better], strike_box[better] = v[better], j
                strike = strike_value > throw_value
                box, hands, used = play_turn(game, tab, part, throws, rng, bank)
                box[strike], used[strike] = strike_box[strike], 0
                hands[strike] = 0
                tc = np.where((used == 1) & (game.throw_classes == 2), 1, 3)
                g, after, cl = write(game, part, box, hands, tc)
                g[strike] = 0.0
                gain[group], closed[group] = g, cl
                new.masks[group], new.us[group], new.fs[group] = after.masks, after.us, after.fs
                fences[group] += base - used
            out = np.array([game.outcome_of(int(u) + lo) for u in new.us])
            bonus[start:start + s] += closed & (out == 1)
            penalty[start:start + s] += closed & (out == -1)
            totals[start:start + s] += gain
            done = new.masks == 0
            new.masks[done], new.us[done] = full, -lo
            cols = new
    return Results(totals, bonus, penalty)
