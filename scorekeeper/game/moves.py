"""The whole log of a game as the table saw it: every action with the states around it, the ones a
later Undo took back kept and marked (a correction is crossed through, not erased).

>>> from scorekeeper.rules import get_variant
>>> from scorekeeper.game.actions import Roll
>>> from scorekeeper.game.state import new_game
>>> log = replay_moves(new_game(get_variant("yahtzee"), ["Аня"]), [Roll((1, 1, 1, 2, 3)), Undo(1)])
>>> [(m.action, m.undone, m.takes_back) for m in log]
[(Roll(values=(1, 1, 1, 2, 3)), True, ()), (Undo(count=1), False, (0,))]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.game.actions import Action, Undo
from scorekeeper.game.state import State, apply

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
