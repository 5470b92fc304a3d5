"""«Покер с оградами»: the stage's exact table (three throws a turn) and fences valued in points.

The table is the exact best play of one stage when every turn has three throws: every box, the
«гора» net and its premium or penalty. The turn being advised is played exactly with the throws the
banked fences allow, each fence banked or spent valued at FENCE_WORTH points; a lower box may be struck before the first throw for three fences.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from scorekeeper.advisor.dice import dice
from scorekeeper.advisor.model import (
    Advice,
    AdviceError,
    Option,
    Position,
    check_dice,
    game_of,
    mask_of,
    options_after_throw,
    upper_index,
)
from scorekeeper.advisor.solve import P_BONUS, P_PENALTY, VALUE, Columns, turn_values
from scorekeeper.advisor.store import table_for
from scorekeeper.rules import Variant

#: Points a banked fence is worth to the rest of the game (an extra throw when a turn needs one);
#: chosen by simulation (bench/advisor.py).
FENCE_WORTH = 3.0

METHOD = ("the stage's exact best play with three throws a turn (every box, the «гора» premium and "
          "penalty), this turn played exactly with the throws the fences allow, each fence banked or "
          f"spent worth {FENCE_WORTH:g} points; expected: points of this stage to come plus the fences' "
          "worth; p_bonus/p_penalty: this turn as advised, later turns as the table plays them")


def advise_fences(variant: Variant, pos: Position, solving: Callable[[], None] | None = None) -> Advice:
    game = game_of(variant)
    mask = mask_of(game, pos.open_boxes)
    u = upper_index(game, mask, pos.upper)
    if pos.fences < 0:
        raise AdviceError(f"--fences {pos.fences}: expected 0 or more")
    if pos.poker_value is not None:
        raise AdviceError("--poker-value: only Yahtzee and Kniffel have a five-of-a-kind bonus")
    throws = variant.throws + pos.fences
    hand = check_dice(variant, pos, throws)
    table = table_for(game, solving=solving)
    assert table is not None
    worth = FENCE_WORTH
    bank = np.array([worth * (variant.throws - t) for t in range(1, throws + 1)])
    cols = Columns(np.array([mask], np.intp), np.array([u], np.intp), np.array([0], np.intp))
    nc = table.tab.shape[-1]
    if hand < 0:
        w1 = turn_values(game, table.tab, cols, throws, bank)[0]
        v = np.einsum("h,hc->c", dice().p_first, w1[:, 0, :])
        options = [Option(float(v[VALUE]), keep=(), p_bonus=float(v[P_BONUS]),
                          p_penalty=float(v[P_PENALTY]) if nc > P_PENALTY else 0.0)]
        strikable = variant.zero_throw_boxes if variant.zero_throw_cross_out else frozenset()
        for j, box in enumerate(game.boxes):
            if box in strikable and mask >> j & 1:
                after = table.tab[mask & ~(1 << j), u, 0].astype(np.float64)
                options.append(Option(float(after[VALUE]) + 3 * worth, box=box, score=0,
                                      p_bonus=float(after[P_BONUS]),
                                      p_penalty=float(after[P_PENALTY]) if nc > P_PENALTY else 0.0))
        options.sort(key=lambda o: (-round(o.expected, 9), o.box is not None))
    else:
        options = options_after_throw(game, table, cols, hand, pos.throw, throws, bank,
                                      float(bank[pos.throw - 1]))
    best = options[0]
    return Advice(variant.id, best.expected, tuple(options), METHOD, best.p_bonus, best.p_penalty)
