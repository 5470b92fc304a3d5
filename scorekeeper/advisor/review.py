"""A finished (or unfinished) game looked back on: each decision made with the dice entered in
full, the advised choice, and the expected points the choice gave up against it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from scorekeeper.advisor.advise import advise
from scorekeeper.advisor.chances import position_of
from scorekeeper.advisor.model import AdviceError, Option
from scorekeeper.game import State, apply, new_game
from scorekeeper.game.actions import Action, CrossOut, Roll, RollWithoutDice, Score, Undo
from scorekeeper.rules import Variant


@dataclass(frozen=True)
class Decision:
    """One decision: whose, after which throw of which dice, what was done and what was advised."""

    player: str
    throw: int
    dice: tuple[int, ...]
    chosen: Option
    best: Option

    @property
    def lost(self) -> float:
        """Expected points given up against the advised play (0 when the advice was followed)."""
        return max(self.best.expected - self.chosen.expected, 0.0)


def effective(actions: Iterable[Action]) -> list[Action]:
    """The actions that stand once every undo has taken back the ones before it."""
    kept: list[Action] = []
    for action in actions:
        if isinstance(action, Undo):
            del kept[len(kept) - action.count:]
        else:
            kept.append(action)
    return kept


def _kept(before: tuple[int, ...], after: Roll | RollWithoutDice) -> tuple[int, ...] | None:
    """The dice kept between two throws: named with a throw whose dice were not entered, else the
    values both throws show (None where all five repeat: what was kept cannot be told)."""
    if isinstance(after, RollWithoutDice):
        return tuple(sorted(after.kept))
    common = Counter(before) & Counter(after.values)
    kept = tuple(sorted(common.elements()))
    return None if len(kept) == 5 else kept


def _chosen(options: Sequence[Option], action: Action, dice: tuple[int, ...]) -> Option | None:
    if isinstance(action, Roll | RollWithoutDice):
        kept = _kept(dice, action)
        return next((o for o in options if o.keep is not None and o.keep == kept), None)
    if isinstance(action, Score | CrossOut):
        found = next((o for o in options if o.box == action.box), None)
        if found is not None and isinstance(action, CrossOut) and found.score:
            return None  # struck although it scored: not among the advised choices
        return found
    return None


def review(variant: Variant, players: Sequence[str], actions: Iterable[Action]) -> list[Decision]:
    """Every decision of the game, in order, with what it gave up against the advised play."""
    state: State = new_game(variant, players)
    found: list[Decision] = []
    for action in effective(actions):
        if state.dice is not None and state.throws > 0 and not state.finished:
            position = position_of(state)
            try:
                advice = advise(variant, position) if position is not None else None
            except AdviceError:
                advice = None
            if advice is not None:
                dice = tuple(sorted(state.dice.values))
                chosen = _chosen(advice.options, action, dice)
                if chosen is not None:
                    found.append(Decision(str(state.player_name), state.throws, dice, chosen, advice.best))
        state = apply(state, action)
    return found


def given_up(decisions: Iterable[Decision]) -> dict[str, float]:
    """Expected points given up, in all, per player."""
    totals: dict[str, float] = {}
    for d in decisions:
        totals[d.player] = totals.get(d.player, 0.0) + d.lost
    return totals
