"""The new-game form as data: variant, options, 1–12 players (names remembered, reorderable)."""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.i18n import Lang
from scorekeeper.rules import VARIANT_IDS, OptionSpec, get_variant, option_specs
from scorekeeper.rules.registry import resolve_options

MAX_PLAYERS = 12


def is_placeholder(name: str) -> bool:
    """A seat's stand-in name («Игрок 2», "Player 2": its field left empty), which names nobody: it
    is not offered as a known player in later games.

    >>> is_placeholder("Игрок 2"), is_placeholder("Player 11"), is_placeholder("Игорь")
    (True, True, False)
    """
    from scorekeeper.i18n.ui import UI

    words = {re.escape(text.split("{n}")[0].strip()) for text in (UI["player_n"].ru, UI["player_n"].en)}
    return re.fullmatch(rf"(?:{'|'.join(sorted(words))})\s+\d+", name.strip()) is not None

# Options that mean something only while another has a value: option -> (that option, value).
OPTION_NEEDS: dict[str, tuple[str, Any]] = {
    "even_odd_score": ("lower_preset", "even_odd"),
    "series_games": ("mode", "series"),
    "target": ("mode", "target"),
}


@dataclass
class NewGameForm:
    """What the player has chosen so far."""

    known_names: list[str] = field(default_factory=list)
    variant_id: str = VARIANT_IDS[0]
    options: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.known_names = [name for name in self.known_names if not is_placeholder(name)]
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

    def specs(self) -> list[OptionSpec]:
        """The options the screen offers for the chosen variant: not those the variant fixes, nor
        those that mean nothing with the other choices made (the parity boxes' score without the
        preset that has them, a series' length when one game is played)."""
        shown = []
        for spec in option_specs(self.variant_id):
            if isinstance(spec.kind, tuple) and len(spec.kind) < 2 or spec.kind is tuple:
                continue  # fixed, or the players' range (the names listed are the players)
            needs = OPTION_NEEDS.get(spec.name)
            if needs is not None and self.option_value(needs[0]) != needs[1]:
                continue
            shown.append(spec)
        return shown

    def default_value(self, name: str) -> Any:
        """What the option is when left alone (a lower-boxes preset brings its own, RULES.md §3.3)."""
        others = {k: v for k, v in self.options.items() if k != name}
        return resolve_options(self.variant_id, others)[name]

    def set_option(self, name: str, value: Any) -> None:
        """Set a house rule (the value it has when left alone drops the entry)."""
        specs = {spec.name: spec for spec in option_specs(self.variant_id)}
        if name not in specs:
            return
        if value == self.default_value(name):
            self.options.pop(name, None)
        else:
            self.options[name] = value
        # A choice another one made moot goes back to its default (a preset's own switches).
        for other in list(self.options):
            if other != name and self.options[other] == self.default_value(other):
                del self.options[other]

    def option_value(self, name: str) -> Any:
        """The chosen or default value of an option."""
        if not any(spec.name == name for spec in option_specs(self.variant_id)):
            raise KeyError(name)
        return resolve_options(self.variant_id, self.options)[name]

    def reset_options(self) -> None:
        """Every house rule back to the rules as written."""
        self.options = {}

    def take_known(self, name: str) -> bool:
        """Seat a remembered player: in the first empty seat, else in a new one while there is room."""
        if name in (n.strip() for n in self.names):
            return False
        for index, seated in enumerate(self.names):
            if not seated.strip():
                self.names[index] = name
                return True
        if len(self.names) >= self.max_players:
            return False
        self.names.append(name)
        return True

    def known_to_offer(self) -> list[str]:
        """Remembered names not at the table yet."""
        seated = {n.strip() for n in self.names}
        return [name for name in self.known_names if name not in seated]

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

    def can_move_up(self, index: int) -> bool:
        """The seat has one before it (the first player stays first)."""
        return 0 < index < len(self.names)

    def move_up(self, index: int) -> None:
        """Swap a player with the one before; the first stays where it is."""
        if self.can_move_up(index):
            self.names[index], self.names[index - 1] = self.names[index - 1], self.names[index]

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


def value_words(name: str, value: Any, lang: Lang) -> str:
    """An option's value as a player says it: yes/no, a word for a choice, a number as it is
    (an unset one as what it stands for)."""
    from scorekeeper.i18n.ui import OPTION_UNSET, OPTION_VALUES, UI

    if isinstance(value, bool):
        return UI["yes" if value else "no"].in_(lang)
    if value is None:
        unset = OPTION_UNSET.get(name)
        return unset.in_(lang) if unset is not None else ""
    if isinstance(value, tuple):  # a range: the players at the table
        return "–".join(str(v) for v in value)
    for key in (f"{name}.{value}", str(value)):
        if key in OPTION_VALUES:
            return OPTION_VALUES[key].in_(lang)
    return str(value)


def house_rules_line(rules: list[str], lang: Lang) -> str:
    """«Правила стола: A: x. B: y.»: the changed rules of changed_rules as sentences."""
    from scorekeeper.i18n.ui import tr

    return tr("house_rules_line", lang, rules=". ".join(rules) + ".")


def changed_rules(variant_id: str, options: dict[str, Any], lang: Lang, leave_out: Collection[str] = ()) -> list[str]:
    """The house rules of a game that differ from the rules as written, each as «name: value»;
    not the options named in `leave_out` (a page that says them otherwise)."""
    from scorekeeper.i18n.ui import OPTION_NAMES, OPTION_STATED

    try:
        chosen = resolve_options(variant_id, options)
        written = resolve_options(variant_id, {})
    except Exception:  # options this version cannot read: nothing to say
        return []
    lines = []
    for spec in option_specs(variant_id):
        if chosen[spec.name] == written[spec.name] or spec.name in leave_out:
            continue
        named = OPTION_STATED.get(spec.name) or OPTION_NAMES.get(spec.name)
        name = named.in_(lang) if named is not None else spec.name
        lines.append(f"{name}: {value_words(spec.name, chosen[spec.name], lang)}")
    return lines
