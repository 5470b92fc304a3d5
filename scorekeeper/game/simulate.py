"""Random legal play: complete or partial games for tests, benchmarks and demos.

Every action is chosen among those the state allows (can_*), so the rules stay in one place.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from scorekeeper.game.actions import Action, CrossOut, Miss, Roll, RollWithoutDice, Score, Undo
from scorekeeper.game.state import State
from scorekeeper.game.turns import apply


def _values(state: State, rng: random.Random) -> tuple[int, ...]:
    variant = state.variant
    top = 6 if variant.high is None or variant.high > 6 else variant.high
    if variant.high is None and rng.random() < 0.05:
        top = 9  # an occasional 7+ goals, clamped or not by the variant
    if rng.random() < 0.08:  # five of a kind now and then: jokers, bonuses, servida
        return (rng.randint(variant.low, min(top, 6)),) * 5
    return tuple(rng.randint(variant.low, top) for _ in range(5))


def _writes(state: State, rng: random.Random) -> list[Action]:
    variant = state.variant
    stages: list[int | None] = list(range(1, variant.stages + 1)) if variant.stage_order == "any" else [None]
    found: list[Action] = []
    for stage in stages:
        for box in variant.box_ids:
            if state.throws and state.can_score(box, stage=stage):
                found.append(Score(box, None, stage))
            if rng.random() < 0.3 and state.can_cross_out(box, stage=stage):
                found.append(CrossOut(box, stage))
    return found


def next_action(state: State, rng: random.Random, undo_rate: float = 0.0, reroll: float = 0.45) -> Action:
    """One legal action for the player whose turn it is (`reroll`: the chance to throw again)."""
    if state.effective and rng.random() < undo_rate:
        return Undo(rng.randint(1, min(3, state.effective)))
    if state.throws == 0:
        if state.variant.one_throw and rng.random() < 0.05:
            return Miss()
        if state.variant.zero_throw_cross_out and rng.random() < 0.1:
            strikes = [a for a in _writes(state, rng) if isinstance(a, CrossOut)]
            if strikes:
                return rng.choice(strikes)
        if rng.random() < 0.1 and state.can_roll_without_dice():
            return RollWithoutDice()
        return Roll(_values(state, rng))
    if state.dice is None:  # the last throw went without its dice: the next one gives them
        return Roll(_values(state, rng))
    if state.can_roll() and rng.random() < reroll:
        return Roll(_values(state, rng))
    options = _writes(state, rng)
    if not options:
        raise AssertionError(f"no legal box for {state.player_name}: {state.sheet()}")
    return rng.choice(options)


def play_random(
    state: State,
    rng: random.Random,
    max_actions: int | None = None,
    undo_rate: float = 0.0,
    reroll: float = 0.45,
) -> Iterator[tuple[Action, State]]:
    """Take legal actions until the game is over (or max_actions are taken); yield each."""
    taken = 0
    while not state.finished and (max_actions is None or taken < max_actions):
        action = next_action(state, rng, undo_rate, reroll)
        state = apply(state, action)
        taken += 1
        yield action, state
