"""The players the advisor is measured against, each a plain loop over the rules' verdicts.

greedy: keeps the largest group of dice (the higher value on a tie), throws three times (stops on
five alike), writes the box worth the most points now (an upper bonus completed counts).
outlook: plays the upper boxes first as the outlook plays them (its next box, every die of that
face kept, throw again or stop as it says, fences spent and banked), then the lower boxes greedily.
"""

from __future__ import annotations

import random
from collections import Counter

from scorekeeper.advisor.dice import dice
from scorekeeper.advisor.game import Game
from scorekeeper.advisor.model import game_of
from scorekeeper.outlook import best_next_face, throw_again, upper_goal
from scorekeeper.rules import Variant


def _throw(rng: random.Random, kept: list[int]) -> list[int]:
    return kept + [rng.randint(1, 6) for _ in range(5 - len(kept))]


def _largest_group(values: list[int]) -> list[int]:
    c = Counter(values)
    face = max(c, key=lambda v: (c[v], v))
    return [face] * c[face]


class Sheet:
    """One player's stage: open boxes, upper figure, flag, fences, points."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.mask = (1 << game.n) - 1
        self.upper = 0
        self.flag = 0
        self.fences = 0
        self.points = 0.0
        self.bonus = 0
        self.penalty = 0

    def gain(self, j: int, hand: int, throw: int) -> float | None:
        """Points writing box j now would bring (None: not allowed)."""
        g = self.game
        v = g.verdicts(self.mask, self.flag, 1 if throw == 1 else 3)
        if not v.allowed[j, hand]:
            return None
        points = float(v.score[j, hand] + v.extra[j, hand])
        if g.upper_bits >> j & 1 and self.mask & g.upper_bits == 1 << j and g.tracks_upper:
            points += g.variant.upper_bonus(self.upper + int(v.score[j, hand]))
        return points

    def write(self, j: int, hand: int, throw: int) -> None:
        g = self.game
        v = g.verdicts(self.mask, self.flag, 1 if throw == 1 else 3)
        score = int(v.score[j, hand])
        gain = self.gain(j, hand, throw)
        assert gain is not None
        self.points += gain
        if g.upper_bits >> j & 1:
            self.upper += score
            if self.mask & g.upper_bits == 1 << j and g.tracks_upper:
                out = g.outcome_of(self.upper)
                self.bonus += out == 1
                self.penalty += out == -1
        if g.poker == j and score > 0:
            self.flag = 1
        self.mask &= ~(1 << j)
        if g.variant.fences:
            self.fences += g.variant.throws - throw

    def best_box(self, hand: int, throw: int, boxes: list[int] | None = None) -> int:
        for pool in (boxes or range(self.game.n), range(self.game.n)):
            choices = [(gain, -j) for j in pool if self.mask >> j & 1
                       and (gain := self.gain(j, hand, throw)) is not None]
            if choices:
                return -max(choices)[1]
        raise AssertionError("no box may be written")


def greedy_turn(sheet: Sheet, rng: random.Random, boxes: list[int] | None = None) -> None:
    values = _throw(rng, [])
    throw = 1
    while throw < sheet.game.variant.throws and len(set(values)) > 1:
        values = _throw(rng, _largest_group(values))
        throw += 1
    hand = dice().hand_index(values)
    sheet.write(sheet.best_box(hand, throw, boxes), hand, throw)


def outlook_turn(sheet: Sheet, rng: random.Random) -> None:
    g = sheet.game
    goal = upper_goal(g.variant)
    faces = {g.variant.box(g.boxes[j]).face: j for j in range(g.n)
             if g.upper_bits >> j & 1 and sheet.mask >> j & 1}
    if goal is None or not faces:
        lower = [j for j in range(g.n) if not g.upper_bits >> j & 1]
        greedy_turn(sheet, rng, lower if any(sheet.mask >> j & 1 for j in lower) else None)
        return
    face = best_next_face(goal, set(faces), sheet.upper, sheet.fences)
    values = _throw(rng, [])
    throw = 1
    while throw_again(goal, set(faces), sheet.upper, sheet.fences, face, values.count(face), throw):
        values = _throw(rng, [face] * values.count(face))
        throw += 1
    hand = dice().hand_index(values)
    box = faces[face] if sheet.gain(faces[face], hand, throw) is not None else sheet.best_box(hand, throw)
    sheet.write(box, hand, throw)


def play(variant: Variant, player: str, games: int, seed: int = 0) -> tuple[list[float], int, int]:
    """Final scores of `games` solitaire games; stages won with the bonus, with the penalty."""
    game = game_of(variant)
    rng = random.Random(seed)
    turn = greedy_turn if player == "greedy" else outlook_turn
    scores: list[float] = []
    won = lost = 0
    for _ in range(games):
        total = 0.0
        fences = 0
        for _stage in range(variant.stages):
            sheet = Sheet(game)
            sheet.fences = fences
            for _turn in range(game.n):
                turn(sheet, rng)
            total += sheet.points
            won += sheet.bonus
            lost += sheet.penalty
            fences = sheet.fences
        scores.append(total)
    return scores, won, lost
