"""Saved games as CSV rows for a spreadsheet: one row per player per game (CLI.md's columns)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

from scorekeeper.store import Store

HEADER = ("game_id", "started", "finished", "variant", "player", "seat", "total", "rank")


def standings(sheet: dict[str, object]) -> list[tuple[str, int, int]]:
    """Each player's (name, total, rank) as the sheet states them: a match's carried totals where
    the game is a match, the column's total otherwise."""
    match = sheet.get("match")
    carried = match.get("totals", {}) if isinstance(match, dict) else {}
    players = sheet["players"]
    assert isinstance(players, list)
    return [(p["name"], int(carried.get(p["name"], p["total"])), int(p["rank"])) for p in players]


def csv_text(store: Store, game_ids: Sequence[int]) -> str:
    """The CSV file of these games (RFC 4180: CRLF line ends, fields quoted where they need it);
    `seat` counts from 1 in the order the players sat down."""
    out = io.StringIO(newline="")
    writer = csv.writer(out)  # the csv module's default dialect is RFC 4180's quoting
    writer.writerow(HEADER)
    for game_id in game_ids:
        info, state, _ = store.load(game_id)
        for seat, (name, total, rank) in enumerate(standings(state.sheet()), start=1):
            writer.writerow((game_id, info.created, info.finished or "", info.variant, name, seat, total, rank))
    return out.getvalue()
