"""What a game reports about itself: the ranks now, the match so far and the sheet as CLI.md shows it.

Written against `Table`, the part of the state these reports read, so that the state can offer
them as methods without the two modules importing each other.
"""

from __future__ import annotations

from typing import Any, Protocol

from scorekeeper.dice import Hand
from scorekeeper.game.series import (
    GameRecord,
    carried_total,
    competition_ranks,
    series_tally,
    standings,
)
from scorekeeper.game.sheet import PlayerSheet
from scorekeeper.rules import Variant


class Table(Protocol):
    """The state as the reports read it (scorekeeper.game.State is one)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def sheets(self) -> tuple[PlayerSheet, ...]: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def games(self) -> tuple[GameRecord, ...]: ...
    @property
    def extra_game(self) -> bool: ...
    @property
    def finished(self) -> bool: ...
    @property
    def dice(self) -> Hand | None: ...
    @property
    def throws(self) -> int: ...
    @property
    def player_name(self) -> str | None: ...
    @property
    def stage(self) -> int: ...
    @property
    def throws_allowed(self) -> int: ...


def current_record(state: Table) -> GameRecord | None:
    """The game in progress as a provisional record (None once the match is over)."""
    if state.finished:
        return None
    totals = tuple(state.sheets[s].total(state.variant) for s in state.seats)
    return GameRecord(len(state.games) + 1, state.extra_game, state.seats, totals)


def ranks(state: Table) -> list[int]:
    """Every seat's rank in the match now."""
    return competition_ranks(
        standings(state.variant, len(state.players), state.games, current_record(state))
    )


def match_dict(state: Table) -> dict[str, Any]:
    """The match beyond the sheet: the games played, wins (series) and carried totals (target)."""
    variant = state.variant
    names = state.players
    regular = [g for g in state.games if not g.extra]
    current = current_record(state)
    carried_games = regular + ([current] if current is not None else [])
    return {
        "mode": variant.mode,
        "series_games": variant.series_games,
        "target": variant.target,
        "game": len(state.games) + (0 if state.finished else 1),
        "extra_game": state.extra_game and not state.finished,
        "games": [
            {
                "number": g.number,
                "extra_game": g.extra,
                "totals": {names[s]: g.totals[i] for i, s in enumerate(g.seats)},
                "winners": [names[s] for s in g.winners()],
            }
            for g in state.games
        ],
        "wins": {names[s]: n for s, n in enumerate(
            series_tally(variant, len(names), state.games).wins if variant.mode == "series"
            else [sum(1 for g in regular if s in g.winners()) for s in range(len(names))])},
        "totals": {names[s]: carried_total(carried_games, s) for s in range(len(names))},
    }


def sheet(state: Table) -> dict[str, Any]:
    """The whole sheet as CLI.md specifies.

    A match (ru_encyclopedia series or target play, or any game that went to an extra game) adds:
    per player "playing" (takes part in the game being played) and a top-level "match" object
    with "mode", "series_games", "target", "game" (number of the game shown, extra games
    counted), "extra_game" (the game being played is one), "games" (each finished game: number,
    extra_game, totals by name, winners), "wins" (regular games won, by name) and "totals"
    (regular games' totals carried, the game in progress included, by name). "players" shows each
    player's column in the latest game they played; "rank" and "winners" are the match's.
    """
    variant = state.variant
    seat_ranks = ranks(state)
    finished = state.finished
    turn: dict[str, Any] | None = None
    if not finished:
        turn = {
            "player": state.player_name,
            "stage": state.stage,
            "throws": state.throws,
            "throws_allowed": state.throws_allowed,
            "dice": list(state.dice.values) if state.dice is not None else None,
        }
    is_match = variant.mode != "single" or len(state.games) > 1 or state.extra_game
    players = []
    for seat, name in enumerate(state.players):
        column = state.sheets[seat]
        entry: dict[str, Any] = {
            "name": name,
            "total": column.total(variant),
            "fences": column.fences if variant.fences else 0,
            "rank": seat_ranks[seat],
            "stages": [stage.as_dict(variant) for stage in column.stages],
        }
        if is_match:
            entry["playing"] = not finished and seat in state.seats
        players.append(entry)
    result: dict[str, Any] = {
        "variant": variant.id,
        "finished": finished,
        "turn": turn,
        "players": players,
        "winners": [state.players[s] for s in range(len(state.players)) if seat_ranks[s] == 1] if finished else [],
    }
    if is_match:
        result["match"] = match_dict(state)
    return result
