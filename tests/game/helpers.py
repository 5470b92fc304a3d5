"""Small helpers: play a script-form list of actions on a fresh game."""

from __future__ import annotations

from typing import Any

from scorekeeper.game import State, apply, from_payload, new_game
from scorekeeper.rules import get_variant


def start(variant_id: str, players: list[str] | None = None, **options: Any) -> State:
    return new_game(get_variant(variant_id, **options), players or ["Аня", "Борис"])


def run(state: State, *actions: dict[str, Any]) -> State:
    for raw in actions:
        state = apply(state, from_payload(raw))
    return state


def turn(dice: list[int], box: str, **extra: Any) -> list[dict[str, Any]]:
    """One throw, then write `box`."""
    return [{"roll": dice}, {"score": box, **extra}]


def fill(state: State, plan: list[tuple[list[int], str]]) -> State:
    for dice, box in plan:
        state = run(state, *turn(dice, box))
    return state


def column(state: State, name: str) -> dict[str, Any]:
    return next(p for p in state.sheet()["players"] if p["name"] == name)
