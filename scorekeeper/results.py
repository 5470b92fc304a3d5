"""The rows of `results` a finished match leaves for statistics, and their sums per player."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from scorekeeper.game import State
from scorekeeper.game.series import carried_total
from scorekeeper.rules import get_variant


@lru_cache(maxsize=256)
def match_form(variant_id: str, options: str) -> str:
    """How a game with these options (their JSON) is played: '' one game, 'series:N' a series of N
    games, 'target:T' play to a total of T, 'stages:K' one game of K stages where the variant's
    rules have another number ('' too for options this version cannot read): totals of different
    forms do not compare."""
    try:
        variant = get_variant(variant_id, **json.loads(options))
        usual = get_variant(variant_id)
    except Exception:
        return ""
    if variant.mode == "series":
        return f"series:{variant.series_games}"
    if variant.mode == "target":
        return f"target:{variant.target}"
    if variant.stages != usual.stages:
        return f"stages:{variant.stages}"
    return ""


def insert_results(db: sqlite3.Connection, game_id: int, state: State) -> None:
    """Save the results of a finished match for statistics (within the caller's transaction)."""
    db.executemany(
        "INSERT INTO results (game_id, seat, name, variant, total, rank, won, premiums, penalties, "
        "fences_earned, fences_spent, extra_points, won_at_once) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        results_rows(game_id, state),
    )


def results_rows(game_id: int, state: State) -> list[tuple[Any, ...]]:
    """The rows of `results` for a finished match: one per player."""
    variant = state.variant
    ranks = state.ranks()
    rows = []
    for seat, name in enumerate(state.players):
        regular = carried_total(state.games, seat)
        column = state.sheets[seat]
        premiums, penalties = column.premiums(variant)
        extra_points = sum(g.extras[g.seats.index(seat)] for g in state.games
                           if not g.extra and seat in g.seats and g.extras)
        at_once = sum(1 for g in state.games if g.won_at_once == seat)
        rows.append((game_id, seat, name, variant.id, regular, ranks[seat], int(ranks[seat] == 1),
                     premiums, penalties, column.fences_earned, column.fences_spent, extra_points, at_once))
    return rows

def player_figures(rows: Sequence[tuple[Any, ...]]) -> list[dict[str, Any]]:
    """Store.player_stats' rows (one per player and finished game) summed per player, variant and form."""
    found: dict[tuple[str, str, str], dict[str, Any]] = {}
    for name, variant_id, options, won, total, premiums, penalties, earned, spent, extra, at_once in rows:
        form = match_form(variant_id, options)
        row = found.get((name, variant_id, form))
        if row is None:
            row = found[(name, variant_id, form)] = {
                "name": name, "variant": variant_id, "form": form, "games": 0, "wins": 0, "average": 0.0,
                "best": total, "premiums": 0, "penalties": 0, "fences_earned": 0, "fences_spent": 0,
                "extra_points": 0, "won_at_once": 0}
        row["games"] += 1
        row["wins"] += won
        row["average"] += total  # the sum until the end
        row["best"] = max(row["best"], total)
        row["premiums"] += premiums
        row["penalties"] += penalties
        row["fences_earned"] += earned
        row["fences_spent"] += spent
        row["extra_points"] += extra
        row["won_at_once"] += at_once
    for row in found.values():
        row["average"] /= row["games"]
    return [found[key] for key in sorted(found)]
