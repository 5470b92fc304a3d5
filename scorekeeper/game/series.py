"""A match of games: one game, a series of N (most wins), play to a target total, extra games.

Every game of the match leaves a GameRecord. A player's standing is a tuple compared
lexicographically: the mode's primary measure (the game's total; series wins; the carried total
in target play), then the player's result in each extra game of the match they played. Ranks are
the competition ranking of these standings (1, 1, 3); an extra game is played by those tied for
first when the variant's tie_break is "extra_game" ("Ничья разрешается в дополнительной игре").
In a series a tie is settled where it happens: a game of the series tied for first is won by the
winner of the extra game(s) its leaders play next, then the series goes on; a tie in wins once
the N games are won is settled by extra games of the series itself. Where ties are shared
(tie_break "shared"), a game tied for first counts as a win for each of its leaders.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scorekeeper.rules import Variant


@dataclass(frozen=True)
class GameRecord:
    """One game of the match: who played, their totals, and who won it at once (servida)."""

    number: int  # 1-based, extra games included
    extra: bool
    seats: tuple[int, ...]
    totals: tuple[int, ...]  # aligned with seats
    won_at_once: int | None = None  # the seat whose Generala servida ended the game
    extras: tuple[int, ...] = ()  # aligned with seats: points outside the boxes (extra Yahtzee bonuses)

    def result(self, seat: int) -> tuple[int, int]:
        """(won at once, total) of a seat that played this game."""
        return (1 if self.won_at_once == seat else 0, self.totals[self.seats.index(seat)])

    def winners(self) -> tuple[int, ...]:
        """The seats that won this game (several when tied)."""
        best = max(self.result(s) for s in self.seats)
        return tuple(s for s in self.seats if self.result(s) == best)


def carried_total(games: Iterable[GameRecord], seat: int) -> int:
    """A seat's totals over the regular games added up (extra games only settle ties)."""
    return sum(g.totals[g.seats.index(seat)] for g in games if not g.extra and seat in g.seats)


@dataclass(frozen=True)
class SeriesTally:
    """A series so far: each seat's games won, the seats tied for first in a game whose extra game
    is still to settle it (None when none is), and which extra games settled a game of the series
    (by position in the match's games) rather than the series itself."""

    wins: tuple[int, ...]
    unsettled: tuple[int, ...] | None
    settling: frozenset[int]


def series_tally(variant: Variant, players: int, games: tuple[GameRecord, ...]) -> SeriesTally:
    """Walk a series' finished games in order (see the module's docstring)."""
    wins = [0] * players
    unsettled: tuple[int, ...] | None = None
    settling: set[int] = set()
    for index, game in enumerate(games):
        if game.extra and unsettled is None:
            continue  # an extra game of the series itself: counted in the standings after the wins
        if game.extra:
            settling.add(index)
        winners = game.winners()
        if len(winners) > 1 and variant.tie_break == "extra_game":
            unsettled = winners
            continue
        for seat in winners:
            wins[seat] += 1
        unsettled = None
    return SeriesTally(tuple(wins), unsettled, frozenset(settling))


def standings(
    variant: Variant, players: int, games: tuple[GameRecord, ...], current: GameRecord | None
) -> list[tuple[int, ...]]:
    """Each seat's standing tuple (higher is better); `current` is the game in progress, if any."""
    everything = games + ((current,) if current is not None else ())
    first_regular = next((g for g in everything if not g.extra), None)
    tally = series_tally(variant, players, games) if variant.mode == "series" else None
    keys: list[tuple[int, ...]] = []
    for seat in range(players):
        key: tuple[int, ...]
        if tally is not None:
            key = (tally.wins[seat],)
            if current is not None and not current.extra:
                key += current.result(seat)
        elif variant.mode == "target":
            key = (carried_total(everything, seat),)
        else:
            key = first_regular.result(seat) if first_regular is not None else (0, 0)
        for index, game in enumerate(everything):
            if not game.extra or seat not in game.seats:
                continue
            if tally is not None and (index in tally.settling or (index == len(games) and tally.unsettled)):
                continue  # it settled (or is settling) one game of the series: counted in the wins
            key += game.result(seat)
        keys.append(key)
    return keys


def competition_ranks(keys: list[tuple[int, ...]]) -> list[int]:
    """1 + the number of strictly better standings: ties share a place, the next one skips."""
    return [1 + sum(1 for other in keys if other > key) for key in keys]


def next_game(
    variant: Variant, players: int, games: tuple[GameRecord, ...]
) -> tuple[tuple[int, ...], bool] | None:
    """After a game: the seats of the next game and whether it is an extra game, or None (over)."""
    last = games[-1]
    if variant.mode == "series":
        tally = series_tally(variant, players, games)
        if tally.unsettled is not None:  # a game of the series tied for first: its leaders play it off
            return tally.unsettled, True
        if sum(1 for g in games if not g.extra) < (variant.series_games or 1):
            return tuple(range(players)), False
    if not last.extra:
        if variant.mode == "target":
            if max(carried_total(games, s) for s in range(players)) < (variant.target or 0):
                return tuple(range(players)), False
    keys = standings(variant, players, games, None)
    best = max(keys)
    top = tuple(s for s in range(players) if keys[s] == best)
    if len(top) == 1 or variant.tie_break != "extra_game":
        return None
    return top, True
