"""Advice for one decision: every choice (a keep, or a box to write) with the expected points still
to come under the best play from there, and the chances of the upper bonus / penalty."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from scorekeeper.advisor.fences import advise_fences
from scorekeeper.advisor.model import (
    Advice,
    AdviceError,
    Option,
    Position,
    check_dice,
    flag_of,
    game_of,
    mask_of,
    method_of,
    options_after_throw,
    upper_index,
)
from scorekeeper.advisor.solve import P_BONUS, P_PENALTY, VALUE, Columns
from scorekeeper.advisor.store import table_for
from scorekeeper.rules import Variant

__all__ = ["Advice", "AdviceError", "Option", "Position", "advise", "game_of"]


def advise(variant: Variant, pos: Position, solving: Callable[[], None] | None = None) -> Advice:
    """The advice for this position (AdviceError names what was wrong with it). `solving` is
    called before a table that is neither shipped nor cached is solved (minutes)."""
    if variant.fences:
        return advise_fences(variant, pos, solving)
    if variant.one_throw:
        raise AdviceError(f"{variant.id}: the throws are match results, not dice; there is no play to advise")
    game = game_of(variant)
    mask = mask_of(game, pos.open_boxes)
    u = upper_index(game, mask, pos.upper)
    if pos.fences:
        raise AdviceError(f"--fences: {variant.id} has no fences")
    f = flag_of(game, mask, pos.poker_value)
    hand = check_dice(variant, pos, variant.throws)
    table = table_for(game, solving=solving)
    assert table is not None
    cols = Columns(np.array([mask], np.intp), np.array([u], np.intp), np.array([f], np.intp))
    if hand < 0:
        v = table.tab[mask, u, f].astype(np.float64)
        nc = len(v)
        start = Option(float(v[VALUE]), keep=(), p_bonus=float(v[P_BONUS]) if nc > P_BONUS else None,
                       p_penalty=float(v[P_PENALTY]) if nc > P_PENALTY else None)
        options = [start]
    else:
        options = options_after_throw(game, table, cols, hand, pos.throw, variant.throws)
    best = options[0]
    return Advice(variant.id, best.expected, tuple(options), method_of(variant), best.p_bonus,
                  best.p_penalty if game.variant.upper is not None and game.variant.upper.penalty else None)
