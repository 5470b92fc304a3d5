"""The chances of the upper bonus (premium) and penalty for the player whose turn it is, under the
advisor's play of the rest of the game: a table lookup, or one turn worked out (milliseconds)."""

from __future__ import annotations

from functools import lru_cache

from scorekeeper.advisor.advise import advise
from scorekeeper.advisor.model import Advice, AdviceError, Position, game_of
from scorekeeper.advisor.store import table_for
from scorekeeper.game import State
from scorekeeper.rules import Variant


def position_of(state: State) -> Position | None:
    """The current player's position as the advisor takes it (None when the game is over)."""
    seat = state.seat
    if seat is None or state.finished:
        return None
    variant = state.variant
    sheet = state.sheets[seat]
    stage_sheet = sheet.stages[state.stage - 1]
    dice, throw = None, 0
    if state.dice is not None and state.throws > 0:
        dice, throw = tuple(state.dice.values), state.throws
    poker = None if variant.fences else stage_sheet.written.get("poker")
    return Position(stage_sheet.open_boxes(variant), stage_sheet.upper(variant),
                    sheet.fences if variant.fences else 0, poker, dice, throw)


def advised_chances(state: State) -> tuple[float, float] | None:
    """(p_bonus, p_penalty) of this stage; None where no solved table is at hand (a house rule whose
    table would take long to solve now) or the variant has no dice to advise (football)."""
    variant = state.variant
    if variant.one_throw or table_for(game_of(variant), build=False) is None:
        return None
    position = position_of(state)
    if position is None:
        return None
    advice = advised(variant, position)
    return None if advice is None else (advice.p_bonus or 0.0, advice.p_penalty or 0.0)


@lru_cache(maxsize=512)
def advised(variant: Variant, position: Position) -> Advice | None:
    """The advice for a position, kept: the sheet's chance line and its hint ask it after each throw."""
    try:
        return advise(variant, position)
    except AdviceError:
        return None
