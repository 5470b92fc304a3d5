"""Hand: five validated values after a throw, with the counts and sums every rule asks for."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

DICE_PER_HAND = 5
MOST_GOALS = 999  # the highest value taken where a variant sets no limit (a team's goals, kept raw)


class InvalidDice(ValueError):
    """The values given are not a hand (wrong count, not a number, out of range)."""


def _as_int(raw: object, position: int) -> int:
    if isinstance(raw, bool):
        raise InvalidDice(f"die {position}: {raw!r} is not a number")
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and raw.strip().lstrip("+-").isdigit():
        return int(raw.strip())
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    raise InvalidDice(f"die {position}: {raw!r} is not a whole number")


@dataclass(frozen=True)
class Hand:
    """Five values as they lie on the table (order kept for display, never for scoring)."""

    values: tuple[int, ...]
    counts: Counter[int] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "counts", Counter(self.values))

    @classmethod
    def parse(cls, raw: Iterable[object], *, low: int = 1, high: int | None = 6, ranged: bool = True) -> Hand:
        """Validate raw values: exactly five whole numbers in [low, high] (high None: MOST_GOALS),
        or of any size where not `ranged` (a variant checks them later).

        >>> Hand.parse(["5", 5, 5, 2, 3]).total
        20
        """
        if isinstance(raw, str | bytes):
            raise InvalidDice(f"expected {DICE_PER_HAND} dice, got the text {raw!r}")
        if isinstance(raw, dict) or not isinstance(raw, Iterable):
            raise InvalidDice(f"expected a list of {DICE_PER_HAND} dice, got {raw!r}")
        items = list(raw)
        if len(items) != DICE_PER_HAND:
            raise InvalidDice(f"expected {DICE_PER_HAND} dice, got {len(items)}")
        values = tuple(_as_int(item, i) for i, item in enumerate(items, start=1))
        top = MOST_GOALS if high is None else high
        for i, value in enumerate(values, start=1):
            if ranged and not low <= value <= top:
                raise InvalidDice(f"die {i}: {value} is out of range (expected {low}..{top})")
        return cls(values)

    @property
    def total(self) -> int:
        """Sum of the five values."""
        return sum(self.values)

    @property
    def sorted(self) -> tuple[int, ...]:
        """The values in ascending order."""
        return tuple(sorted(self.values))

    @property
    def distinct(self) -> frozenset[int]:
        """The set of values shown."""
        return frozenset(self.values)

    def count(self, value: int) -> int:
        """How many dice show `value`."""
        return self.counts.get(value, 0)

    @property
    def shape(self) -> tuple[int, ...]:
        """Group sizes, largest first: (3, 2) is a full house, (5,) five of a kind."""
        return tuple(sorted(self.counts.values(), reverse=True))

    def values_with_at_least(self, n: int) -> tuple[int, ...]:
        """Values shown on at least n dice, highest first."""
        return tuple(sorted((v for v, c in self.counts.items() if c >= n), reverse=True))

    def __str__(self) -> str:
        return "-".join(str(v) for v in self.sorted)
