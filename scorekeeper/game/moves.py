"""The whole log of a game as the table saw it: every action with the states around it, the ones a
later Undo took back kept and marked (a correction is crossed through, not erased).

>>> from scorekeeper.rules import get_variant
>>> from scorekeeper.game.actions import Roll
>>> from scorekeeper.game.turns import new_game
>>> log = replay_moves(new_game(get_variant("yahtzee"), ["Аня"]), [Roll((1, 1, 1, 2, 3)), Undo(1)])
>>> [(m.action, m.undone, m.takes_back) for m in log]
[(Roll(values=(1, 1, 1, 2, 3)), True, ()), (Undo(count=1), False, (0,))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.game.actions import Action, Undo
from scorekeeper.game.state import State
from scorekeeper.game.turns import apply, new_game
from scorekeeper.rules import get_variant

Played = tuple[State, Action, State]  # the state before an action, the action, the state after it


@dataclass(frozen=True)
class Move:
    """One action of the log, the states before and after it, and what became of it."""

    action: Action
    before: State
    after: State
    undone: bool = False  # a later Undo took it back
    takes_back: tuple[int, ...] = ()  # an Undo: the positions in the log of what it took back, newest first


def mark_undone(played: Sequence[Played]) -> list[Move]:
    """The log's actions in order (from a fresh game), each marked where a later Undo took it back."""
    undone = [False] * len(played)
    taken: dict[int, tuple[int, ...]] = {}
    effective: list[int] = []
    for index, (_, action, _) in enumerate(played):
        if isinstance(action, Undo):
            back = effective[len(effective) - action.count:]
            del effective[len(effective) - action.count:]
            for position in back:
                undone[position] = True
            taken[index] = tuple(reversed(back))
        else:
            effective.append(index)
    return [Move(action, before, after, undone[i], taken.get(i, ())) for i, (before, action, after) in enumerate(played)]


def replay_moves(start: State, actions: Iterable[Action]) -> list[Move]:
    """Replay a whole log (undo actions included) from `start`, a fresh game, keeping every action."""
    played: list[Played] = []
    state = start
    for action in actions:
        after = apply(state, action)
        played.append((state, action, after))
        state = after
    return mark_undone(played)


MATCH_OPTIONS = ("mode", "series_games", "target", "tie_break")  # what makes games a match


def match_games(state: State) -> list[State]:
    """Each finished game of a match (a series, play to a target, or a game that went to an extra
    game) as a game of its own, in the order played: its actions replayed by its players, in the
    order they first acted in it, under the same rules played as one game, ties shared (so that it
    ends where the match's game ended). Empty for a single game."""
    if not state.games:
        return []
    rules = {k: v for k, v in state.variant.options.items() if k not in MATCH_OPTIONS}
    single = get_variant(state.variant.id, **rules, tie_break="shared")
    games: list[State] = []
    replayed = new_game(state.variant, state.players)
    actions: list[Action] = []
    actors: list[str] = []
    for action in state.effective_actions():
        actor, ended = replayed.player_name, len(replayed.games)
        replayed = apply(replayed, action)
        actions.append(action)
        if actor is not None and actor not in actors:
            actors.append(actor)
        if len(replayed.games) > ended:  # the action that ended one of the match's games
            game = new_game(single, actors)
            for taken in actions:
                game = apply(game, taken)
            games.append(game)
            actions, actors = [], []
    return games
