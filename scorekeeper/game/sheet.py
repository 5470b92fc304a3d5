"""The score sheet: what each player has written per stage, its totals, and its JSON form (CLI.md)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from scorekeeper.rules import Variant

_EMPTY: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class StageSheet:
    """One stage of one player's column: the written boxes, which of them are crossed, extras."""

    written: Mapping[str, int] = field(default_factory=lambda: _EMPTY)
    crossed: frozenset[str] = frozenset()
    extra: int = 0  # bonuses outside the boxes (extra Yahtzees)

    def is_open(self, box_id: str) -> bool:
        """The box is not written yet."""
        return box_id not in self.written

    def open_boxes(self, variant: Variant) -> frozenset[str]:
        """The boxes of this stage still open."""
        return frozenset(b for b in variant.box_ids if b not in self.written)

    def complete(self, variant: Variant) -> bool:
        """Every box of the stage is written."""
        return len(self.written) == len(variant.box_ids)

    def upper(self, variant: Variant) -> int:
        """The upper boxes' sum as written (the signed «гора» net in ru_fences)."""
        return sum(self.written.get(b, 0) for b in variant.upper_ids)

    def upper_complete(self, variant: Variant) -> bool:
        """Every upper box of the stage is written."""
        return all(b in self.written for b in variant.upper_ids)

    def bonus(self, variant: Variant) -> int:
        """The upper bonus or penalty, once every upper box is written; else 0."""
        if not variant.upper_ids or not self.upper_complete(variant):
            return 0
        return variant.upper_bonus(self.upper(variant))

    def total(self, variant: Variant) -> int:
        """Upper + bonus + lower boxes + extra."""
        return sum(self.written.values()) + self.bonus(variant) + self.extra

    def with_box(self, box_id: str, score: int, crossed: bool, extra: int) -> StageSheet:
        """This stage with one more box written."""
        written = dict(self.written)
        written[box_id] = score
        return StageSheet(
            MappingProxyType(written),
            self.crossed | {box_id} if crossed else self.crossed,
            self.extra + extra,
        )

    def as_dict(self, variant: Variant) -> dict[str, Any]:
        """The stage as CLI.md shows it."""
        upper = self.upper(variant)
        bonus = self.bonus(variant)
        return {
            "boxes": {b: self.written.get(b) for b in variant.box_ids},
            "crossed": [b for b in variant.box_ids if b in self.crossed],
            "upper": upper,
            "bonus": bonus,
            "extra": self.extra,
            "total": sum(self.written.values()) + bonus + self.extra,
        }


@dataclass(frozen=True)
class PlayerSheet:
    """A player's column in one game, with the fences banked and the fence counts of the match."""

    stages: tuple[StageSheet, ...]
    fences: int = 0  # banked after the last finished turn
    fences_earned: int = 0  # over the whole match (statistics)
    fences_spent: int = 0
    filled: int = 0  # boxes written, all stages together
    earlier: tuple[int, int] = (0, 0)  # premiums and penalties of earlier games of the match

    @classmethod
    def empty(cls, variant: Variant) -> PlayerSheet:
        """A fresh column."""
        return cls(tuple(StageSheet() for _ in range(variant.stages)))

    def next_game(self, variant: Variant) -> PlayerSheet:
        """A fresh column for the match's next game, keeping the match's statistics."""
        premiums, penalties = self.premiums(variant)
        return PlayerSheet(
            tuple(StageSheet() for _ in range(variant.stages)),
            0,
            self.fences_earned,
            self.fences_spent,
            0,
            (premiums, penalties),
        )

    def total(self, variant: Variant) -> int:
        """Sum of the stage totals."""
        return sum(stage.total(variant) for stage in self.stages)

    def complete(self, variant: Variant) -> bool:
        """Every box of every stage is written."""
        return self.filled == len(variant.box_ids) * variant.stages

    def current_stage(self, variant: Variant) -> int:
        """The lowest stage (0-based) with an open box; the last stage once complete."""
        per_stage = len(variant.box_ids)
        for index, stage in enumerate(self.stages):
            if len(stage.written) < per_stage:
                return index
        return len(self.stages) - 1

    def premiums(self, variant: Variant) -> tuple[int, int]:
        """How many stages of the match earned the upper bonus/premium, and how many the penalty."""
        outcomes = [variant.upper_outcome(stage.upper(variant)) for stage in self.stages
                    if variant.upper_ids and stage.upper_complete(variant)]
        return (self.earlier[0] + outcomes.count(1), self.earlier[1] + outcomes.count(-1))
