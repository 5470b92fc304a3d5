"""The new-game form as data: variant, options, 1–12 players (names remembered, reorderable)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules import VARIANT_IDS, get_variant, option_specs

MAX_PLAYERS = 12


@dataclass
class NewGameForm:
    """What the player has chosen so far."""

    known_names: list[str] = field(default_factory=list)
    variant_id: str = VARIANT_IDS[0]
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.names:
            self.names = [self.suggest_name(), ""]
            self.names[1] = self.suggest_name()

    @property
    def max_players(self) -> int:
        """Players the chosen variant takes, and never more than the screen's 12."""
        return min(MAX_PLAYERS, get_variant(self.variant_id).max_players)

    def pick_variant(self, variant_id: str) -> None:
        """Choose a variant; its options start at their defaults."""
        if variant_id in VARIANT_IDS and variant_id != self.variant_id:
            self.variant_id = variant_id
            self.options = {}
            del self.names[self.max_players:]

    def set_option(self, name: str, value: Any) -> None:
        """Set a house rule (the default value drops the entry)."""
        specs = {spec.name: spec for spec in option_specs(self.variant_id)}
        if name not in specs:
            return
        if value == specs[name].default:
            self.options.pop(name, None)
        else:
            self.options[name] = value

    def option_value(self, name: str) -> Any:
        """The chosen or default value of an option."""
        for spec in option_specs(self.variant_id):
            if spec.name == name:
                return self.options.get(name, spec.default)
        raise KeyError(name)

    def suggest_name(self) -> str:
        """A remembered name not yet at the table, else an empty one."""
        for name in self.known_names:
            if name not in self.names:
                return name
        return ""

    def add_player(self) -> bool:
        """Add a seat (with a remembered name) unless the table is full."""
        if len(self.names) >= self.max_players:
            return False
        self.names.append(self.suggest_name())
        return True

    def remove_player(self, index: int) -> None:
        """Drop a seat (at least one stays)."""
        if len(self.names) > 1 and 0 <= index < len(self.names):
            del self.names[index]

    def move_up(self, index: int) -> None:
        """Swap a player with the one before (the first moves to the end)."""
        if len(self.names) > 1 and 0 <= index < len(self.names):
            other = (index - 1) % len(self.names)
            self.names[index], self.names[other] = self.names[other], self.names[index]

    def players(self, seat_name: Callable[[int], str] | None = None) -> list[str]:
        """The names as they will be saved, each trimmed; an empty one takes `seat_name(n)` (the
        field's own hint, "Игрок 2") where given, so a table in a hurry can start at once."""
        names = [name.strip() for name in self.names]
        if seat_name is not None:
            names = [name or seat_name(n) for n, name in enumerate(names, start=1)]
        return names

    def problem(self, seat_name: Callable[[int], str] | None = None) -> str | None:
        """The catalogue key of what stops the game from starting, or None."""
        players = self.players(seat_name)
        if any(not name for name in players):
            return "name_needed"
        if len(set(players)) != len(players):
            return "names_must_differ"
        return None
