"""The actions at the table, as frozen records; their JSON form is the script's and the store's.
Each record refuses, as it is made, what its JSON form could not hold (InvalidAction): a value,
stage or count that is no whole number (True, 6.0), so that nothing saved fails its replay.

>>> from_payload({"score": "pair", "value": 6})
Score(box='pair', value=6, stage=None)
>>> to_payload(Roll((5, 5, 5, 2, 3)))
{'roll': [5, 5, 5, 2, 3]}
>>> from_payload({"roll_without_dice": True})
RollWithoutDice(kept=())
>>> to_payload(RollWithoutDice((6, 6)))
{'roll_without_dice': True, 'kept': [6, 6]}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.dice import Hand, InvalidDice
from scorekeeper.game.errors import InvalidAction
from scorekeeper.i18n import Text


@dataclass(frozen=True)
class Roll:
    """A throw: the five values as they lie now (kept dice plus the re-thrown ones)."""

    values: tuple[int, ...]

    def __post_init__(self) -> None:
        for i, value in enumerate(self.values, start=1):
            _whole(value, f"die {i}")

    @classmethod
    def of(cls, raw: Any) -> Roll:
        """Five whole numbers, as JSON numbers (InvalidDice otherwise: "5" and 5.0 are not dice);
        the variant checks their range on the throw."""
        if isinstance(raw, list | tuple):
            for i, value in enumerate(raw, start=1):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise InvalidDice(f"die {i}: expected a whole number, got {value!r}")
        return cls(Hand.parse(raw, ranged=False).values)


@dataclass(frozen=True)
class RollWithoutDice:
    """A throw whose dice were not entered: it counts as a throw, and a later throw gives the dice.

    At the table only the last throw's dice decide the box; the number of throws decides fences and
    first-throw bonuses. So a player may skip entering a throw they re-throw from anyway. A turn's
    last possible throw always needs its dice.

    `kept`: the dice the player set aside from it (up to four faces), kept so that any phone, or
    the same one after a reload, shows them before the next throw; the next throw's five values
    decide, whatever was kept.
    """

    kept: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for value in self.kept:
            _whole(value, "kept")

    @classmethod
    def of(cls, raw: Any) -> RollWithoutDice:
        """`kept` from its JSON form: a list of at most four faces 1-6 (InvalidAction otherwise)."""
        if raw is None:
            return cls()
        if not isinstance(raw, list | tuple) or len(raw) > 4:
            raise _bad(f"kept: expected a list of at most 4 faces 1-6, got {raw!r}",
                       f"kept: нужен список не больше чем из 4 граней 1–6, а не {raw!r}")
        for value in raw:
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 6:
                raise _bad(f"kept: {value!r} is not a face 1-6", f"kept: {value!r} — не грань 1–6")
        return cls(tuple(raw))


@dataclass(frozen=True)
class Score:
    """Write a box with the current dice; `value` picks where the player chooses (which pair).

    `stage` (1-based) picks the stage where `stage_order` is "any"; None means the lowest stage
    where the box is open.
    """

    box: str
    value: int | None = None
    stage: int | None = None

    def __post_init__(self) -> None:
        _box(self.box, "score")
        if self.value is not None:
            _whole(self.value, "value")
        if self.stage is not None:
            _whole(self.stage, "stage", 1)


@dataclass(frozen=True)
class CrossOut:
    """Strike a box: it scores 0 and counts as crossed out."""

    box: str
    stage: int | None = None

    def __post_init__(self) -> None:
        _box(self.box, "cross_out")
        if self.stage is not None:
            _whole(self.stage, "stage", 1)


@dataclass(frozen=True)
class Miss:
    """The organiser closes a missed football tour: the lowest-value open box gets 0."""


@dataclass(frozen=True)
class Undo:
    """Take back the last `count` effective actions, whoever took them."""

    count: int = 1

    def __post_init__(self) -> None:
        _whole(self.count, "undo", 1)


Action = Roll | RollWithoutDice | Score | CrossOut | Miss | Undo

KINDS = ("roll", "roll_without_dice", "score", "cross_out", "miss", "undo")


def kind(action: Action) -> str:
    """The action's kind as the script and the store name it."""
    if isinstance(action, Roll):
        return "roll"
    if isinstance(action, RollWithoutDice):
        return "roll_without_dice"
    if isinstance(action, Score):
        return "score"
    if isinstance(action, CrossOut):
        return "cross_out"
    if isinstance(action, Miss):
        return "miss"
    return "undo"


def to_payload(action: Action) -> dict[str, Any]:
    """The action in its JSON form ({"roll": [...]}, {"score": "pair", "value": 6}, ...)."""
    if isinstance(action, Roll):
        return {"roll": list(action.values)}
    if isinstance(action, RollWithoutDice):
        return {"roll_without_dice": True, **({"kept": list(action.kept)} if action.kept else {})}
    if isinstance(action, Score):
        payload: dict[str, Any] = {"score": action.box}
        if action.value is not None:
            payload["value"] = action.value
        if action.stage is not None:
            payload["stage"] = action.stage
        return payload
    if isinstance(action, CrossOut):
        payload = {"cross_out": action.box}
        if action.stage is not None:
            payload["stage"] = action.stage
        return payload
    if isinstance(action, Miss):
        return {"miss": True}
    return {"undo": action.count}


def _bad(en: str, ru: str) -> InvalidAction:
    return InvalidAction(Text(ru, en))


def _whole(raw: Any, field: str, minimum: int | None = None) -> int:
    if isinstance(raw, bool) or not isinstance(raw, int):
        raise _bad(f"{field}: expected a whole number, got {raw!r}",
                   f"{field}: нужно целое число, а не {raw!r}")
    if minimum is not None and raw < minimum:
        raise _bad(f"{field}: expected at least {minimum}, got {raw}",
                   f"{field}: нужно не меньше {minimum}, а не {raw}")
    return raw


def _box(raw: Any, field: str) -> str:
    if not isinstance(raw, str) or not raw:
        raise _bad(f"{field}: expected a box id, got {raw!r}", f"{field}: нужен id клетки, а не {raw!r}")
    return raw


def from_payload(payload: Mapping[str, Any]) -> Action:
    """Parse one action's JSON form; InvalidAction (or InvalidDice) names what is wrong.

    A "player" key is an assertion for the caller to check and is ignored here.
    """
    if not isinstance(payload, Mapping):
        raise _bad(f"expected an object such as {{\"roll\": [1, 2, 3, 4, 5]}}, got {payload!r}",
                   f"нужен объект вида {{\"roll\": [1, 2, 3, 4, 5]}}, а не {payload!r}")
    found = [k for k in KINDS if k in payload]
    if len(found) != 1:
        raise _bad(f"expected exactly one of {', '.join(KINDS)}, got keys {sorted(payload)}",
                   f"нужен ровно один из ключей {', '.join(KINDS)}, а есть {sorted(payload)}")
    name = found[0]
    known = {name, "player"} | ({"value", "stage"} if name == "score" else set())
    known |= {"stage"} if name == "cross_out" else set()
    known |= {"kept"} if name == "roll_without_dice" else set()
    unknown = sorted(set(payload) - known)
    if unknown:
        raise _bad(f"{name}: unexpected keys {unknown}", f"{name}: лишние ключи {unknown}")
    raw = payload[name]
    stage = payload.get("stage")
    stage = None if stage is None else _whole(stage, "stage", 1)
    if name == "roll":
        return Roll.of(raw)
    if name == "score":
        value = payload.get("value")
        return Score(_box(raw, "score"), None if value is None else _whole(value, "value"), stage)
    if name == "cross_out":
        return CrossOut(_box(raw, "cross_out"), stage)
    if name in ("miss", "roll_without_dice"):
        if raw is not True:
            raise _bad(f"{name}: expected true, got {raw!r}", f"{name}: нужно true, а не {raw!r}")
        return Miss() if name == "miss" else RollWithoutDice.of(payload.get("kept"))
    return Undo(_whole(raw, "undo", 1))
