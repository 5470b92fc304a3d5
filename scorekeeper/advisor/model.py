"""The advisor's vocabulary: a position, its options and the advice, and the steps every game shares
(the state as table indices, the options after a throw)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from scorekeeper.advisor.dice import DICE, dice, keep_values
from scorekeeper.advisor.game import NEG, Game, reachable_upper
from scorekeeper.advisor.solve import (
    P_BONUS,
    P_PENALTY,
    VALUE,
    Columns,
    Table,
    box_values,
    turn_values,
)
from scorekeeper.rules import Variant

EXACT = ("yahtzee", "yatzy", "kniffel", "ru_encyclopedia", "generala")


class AdviceError(ValueError):
    """The position given is not one the game can be in (names what was wrong)."""


@dataclass(frozen=True)
class Position:
    """One player's decision point. `throw` 0: a turn about to start; else the dice just thrown
    and which throw of the turn it was. `poker_value`: the points in the five-of-a-kind box once
    written (None: 50 where it matters)."""

    open_boxes: frozenset[str]
    upper: int = 0
    fences: int = 0
    poker_value: int | None = None
    dice: tuple[int, ...] | None = None
    throw: int = 0


@dataclass(frozen=True)
class Option:
    """A keep (`keep`: the values kept, the others thrown again) or a box written now."""

    expected: float
    keep: tuple[int, ...] | None = None
    box: str | None = None
    score: int | None = None
    p_bonus: float | None = None
    p_penalty: float | None = None

    def choice(self) -> dict[str, Any]:
        if self.box is not None:
            return {"box": self.box, "score": self.score}
        return {"keep": list(self.keep or ())}


@dataclass(frozen=True)
class Advice:
    variant: str
    expected: float
    options: tuple[Option, ...]
    method: str
    p_bonus: float | None = None
    p_penalty: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def best(self) -> Option:
        return self.options[0]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"variant": self.variant, "expected": round(self.expected, 6)}
        if self.p_bonus is not None:
            out["p_bonus"] = round(self.p_bonus, 6)
        if self.p_penalty is not None:
            out["p_penalty"] = round(self.p_penalty, 6)
        out["advice"] = self.best.choice()
        out["options"] = [{**o.choice(), "expected": round(o.expected, 6)} for o in self.options]
        out["method"] = self.method
        return out


@lru_cache(maxsize=32)
def game_of(variant: Variant) -> Game:
    return Game(variant)


def method_of(variant: Variant) -> str:
    """How the figures are computed, in a sentence for the `method` field."""
    game = game_of(variant)
    state = ["the open boxes"]
    if game.tracks_upper:
        state.append("the upper sum (capped at the target)")
    if game.poker is not None:
        state.append("whether the five-of-a-kind box holds points")
    text = ("exact optimal solitaire play: a dynamic programme over " + ", ".join(state)
            + ", maximising the expected final score")
    if game.tracks_upper:
        text += "; p_bonus by evaluating that same play exactly"
    if variant.can_win_at_once:
        text += "; a Generala servida counts its points (winning the game at once is not valued)"
    return text


def mask_of(game: Game, open_boxes: frozenset[str]) -> int:
    unknown = sorted(b for b in open_boxes if b not in game.boxes)
    if unknown:
        raise AdviceError(f"{game.variant.id} has no box {unknown[0]!r}; its boxes: {', '.join(game.boxes)}")
    if not open_boxes:
        raise AdviceError("no open box: the game is over")
    return sum(1 << j for j, b in enumerate(game.boxes) if b in open_boxes)


def upper_index(game: Game, mask: int, upper: int) -> int:
    """The upper figure as a table index, refused where the written boxes cannot make it."""
    if not game.tracks_upper:
        if upper:
            raise AdviceError(f"--upper: {game.variant.id} has no upper bonus to track")
        return 0
    lo, hi = game.upper_range
    closed = ((1 << game.n) - 1) & ~mask & game.upper_bits
    can = reachable_upper(game)[closed]
    clipped = min(max(upper, lo), hi)
    scores = game.score_table(3).score
    most = sum(int(scores[j].max()) for j in range(game.n) if closed >> j & 1)
    least = sum(min(0, int(scores[j].min())) for j in range(game.n) if closed >> j & 1)
    if clipped not in can or not least <= upper <= most:
        names = [b for j, b in enumerate(game.boxes) if closed >> j & 1]
        raise AdviceError(f"--upper {upper}: the written upper boxes ({', '.join(names) or 'none'}) cannot sum to it")
    return clipped - lo


def flag_of(game: Game, mask: int, poker_value: int | None) -> int:
    if game.poker is None or mask >> game.poker & 1:
        return 0
    return 1 if (50 if poker_value is None else poker_value) > 0 else 0


def check_dice(variant: Variant, pos: Position, throws: int) -> int:
    """The hand's index; the throw number checked against the turn's limit."""
    if pos.dice is None:
        if pos.throw:
            raise AdviceError("--throw needs --dice")
        return -1
    if not 1 <= pos.throw <= throws:
        raise AdviceError(f"--throw {pos.throw}: expected 1..{throws} for {variant.id}")
    if len(pos.dice) != DICE or any(not 1 <= v <= 6 for v in pos.dice):
        raise AdviceError(f"--dice {' '.join(map(str, pos.dice))}: expected five values 1..6")
    return dice().hand_index(pos.dice)


def options_after_throw(game: Game, table: Table, cols: Columns, hand: int, throw: int, throws: int,
                        bank: np.ndarray | None = None, worth: float = 0.0) -> list[Option]:
    """Every box the hand may be written in, and every keep (where a throw is left)."""
    d = dice()
    tab = table.tab
    nc = tab.shape[-1]
    found: list[Option] = []

    def comps(v: np.ndarray) -> tuple[float | None, float | None]:
        return (float(v[P_BONUS]) if nc > P_BONUS else None, float(v[P_PENALTY]) if nc > P_PENALTY else None)

    t_class = 1 if throw == 1 and game.throw_classes == 2 else 3
    _, every = box_values(game, tab, cols, t_class, each=True)
    assert every is not None
    verdicts = game.verdicts(int(cols.masks[0]), int(cols.fs[0]), t_class)
    for j in range(game.n):
        v = every[j, hand, 0, :]
        if v[VALUE] <= NEG / 2:
            continue
        pb, pp = comps(v)
        found.append(Option(float(v[VALUE]) + worth, box=game.boxes[j], score=int(verdicts.score[j, hand]),
                            p_bonus=pb, p_penalty=pp))
    if throw < throws:
        ws = turn_values(game, tab, cols, throws, bank)
        k = keep_values(d, ws[throw])  # the value after the next throw
        for keep in d.sub_keeps(hand):
            if len(d.keeps[keep]) == DICE:
                continue  # keeping all five is writing a box a throw later
            v = k[keep, 0, :]
            pb, pp = comps(v)
            found.append(Option(float(v[VALUE]), keep=d.keeps[keep], p_bonus=pb, p_penalty=pp))
    found.sort(key=lambda o: (-round(o.expected, 9), o.box is None))
    return found
