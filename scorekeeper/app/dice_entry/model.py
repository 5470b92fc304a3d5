"""What the dice entry holds between taps: five dice (some blank: re-thrown), and when a throw is due.

No rules here: the entry only collects five values; the game checks them when they are thrown.

How the taps add up: the examples in DiceEntry's docstring.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

DICE = 5


@dataclass
class DiceEntry:
    """Five dice as the player sets them; a throw is returned when the last blank die is filled.

    - A fresh turn starts with five blank dice; the face pad fills the leftmost blank die.
    - After a throw the dice keep their values; tapping a die blanks it (it was re-thrown) and
      makes it the cursor; tapping a blank die or the cursor die steps its value up (1, 2, … 6, 1).
    - A face pressed right after a blank die's first tap goes to that die (replacing the 1 the
      tap set): a player who picks a die and then its face gets that face there.
    - Filling the last blank die with the pad returns the throw to make; the `throw` button
      returns the dice as shown when they changed since the last throw.
    - After a throw, the dice outside the biggest group (the ones a player usually re-throws)
      are suggested: the pad fills them unless a die was tapped first. This only saves taps;
      tapping any die drops the suggestion.

    >>> entry = DiceEntry()
    >>> [entry.press_face(v) for v in (5, 5, 5, 2)]
    [None, None, None, None]
    >>> entry.press_face(3)
    (5, 5, 5, 2, 3)
    >>> entry.tap_die(4); entry.tap_die(5)
    >>> entry.press_face(5), entry.press_face(6)
    (None, (5, 5, 5, 5, 6))

    A blank die tapped once and then a face: the face goes to that die (pick a die, then its face).

    >>> entry.sync(None); entry.tap_die(3); entry.press_face(4)
    >>> entry.values
    [None, None, 4, None, None]

    After a throw the dice outside the biggest group are offered for re-throwing: with no die tapped,
    the pad fills them.

    >>> entry.sync((6, 6, 1, 2, 4))
    >>> entry.suggested
    [2, 3, 4]
    >>> entry.press_face(6), entry.press_face(6), entry.press_face(3)
    (None, None, (6, 6, 6, 6, 3))

    Only the dice a player keeps need entering: the throw button then records the throw without its
    dice, the kept dice stay, and the next throw fills the rest (2 + 1 + 3 taps for keep-a-pair).

    >>> entry.sync(None); entry.press_face(5), entry.press_face(5)
    (None, None)
    >>> entry.wants_throw_without_dice()
    True
    >>> entry.throw_without_dice(); entry.sync(None, after_throw_without_dice=True)
    >>> entry.values
    [5, 5, None, None, None]
    >>> entry.press_face(5), entry.press_face(3), entry.press_face(3)
    (None, None, (5, 5, 5, 3, 3))
    """

    low: int = 1
    high: int = 6
    values: list[int | None] = field(default_factory=lambda: [None] * DICE)
    thrown: tuple[int, ...] | None = None  # the dice of the last throw made
    cursor: int | None = None  # 0-based die that the next tap on it steps
    changed: bool = False  # something was set since the last throw
    suggested: list[int] = field(default_factory=list)  # 0-based dice the pad fills after a throw
    kept: bool = False  # the set dice were kept through a throw recorded without its dice
    picked: int | None = None  # 0-based die just stepped from blank by one tap: the next face goes there

    # --- following the game ----------------------------------------------------------------
    def sync(self, dice: Sequence[int] | None, after_throw_without_dice: bool = False,
             kept: Sequence[int | None] | None = None) -> None:
        """Show the game's dice (None: a new turn, all blank; or, after a throw recorded without
        its dice, the dice kept through it: `kept` when given, such as after an undo back to that
        throw, else those this entry kept)."""
        if dice is None and after_throw_without_dice and kept is not None:
            self.values = list(kept)
            self.thrown = None
            self.kept = True
        elif dice is None and after_throw_without_dice and self.kept:
            self.thrown = None
        elif dice is None:
            self.values = [None] * DICE
            self.thrown = None
            self.kept = False
        else:
            self.values = [int(v) for v in dice]
            self.thrown = tuple(self.values)  # type: ignore[arg-type]
            self.kept = False
        self.cursor = None
        self.picked = None
        self.changed = False
        self.suggested = suggest_rethrow(self.thrown) if self.thrown is not None else []

    def offer_rethrow(self, allowed: bool) -> None:
        """Drop the suggestion when no throw is left."""
        if not allowed:
            self.suggested = []

    # --- taps ------------------------------------------------------------------------------
    def tap_die(self, number: int) -> None:
        """Tap die `number` (1-based): blank it (re-thrown), or step it (blank, 1, 2, … 6, 1) if it is
        blank or the cursor; so on a blank die k taps set face k."""
        index = number - 1
        self.suggested = []
        current = self.values[index]
        if self.cursor == index or current is None:
            self.values[index] = self.low if current is None or current >= self.high else current + 1
        else:
            self.values[index] = None
        self.picked = index if current is None else None
        self.cursor = index
        self.changed = True

    def press_face(self, value: int) -> tuple[int, ...] | None:
        """Face pad: the die just picked (a blank die tapped once), else the leftmost blank die; the
        throw to make once none is blank."""
        if not self.low <= value <= self.high:
            return None
        if self.picked is not None:
            self.values[self.picked] = value
            self.picked = self.cursor = None
            self.changed = True
            return self.complete()
        if not self.blanks() and self.suggested and self.cursor is None:
            self.rethrow_suggested()
        blanks = self.blanks()
        if not blanks:
            if self.cursor is None:
                return None
            self.values[self.cursor] = value
            self.changed = True
            return None
        self.values[blanks[0]] = value
        self.changed = True
        if len(blanks) == 1:
            self.cursor = None
            return self.complete()
        return None

    def type_some(self, values: Sequence[int]) -> None:
        """Fewer than five values typed: they are the dice set (kept), the others blank (re-thrown),
        as if tapped on the pad after a tap on "all again"."""
        self.values = [int(v) for v in values][:DICE] + [None] * max(0, DICE - len(values))
        self.cursor = self.picked = None
        self.suggested = []
        self.changed = True

    def type_fewer(self, values: Sequence[int]) -> None:
        """Fewer than five values typed: right after a throw, as many as its pale dice, their new
        faces (as the pad takes them); where they fit the blanks beside dice kept, the rest of the
        throw (fills_blanks); else the dice kept (type_some)."""
        if self.suggested and len(values) == len(self.suggested):
            self.rethrow_suggested()
            self.fill_blanks(values)
        elif self.fills_blanks(len(values)):
            self.fill_blanks(values)
        else:
            self.type_some(values)

    def fills_blanks(self, count: int) -> bool:
        """`count` typed values are the rest of a throw, not a new set of dice kept: the dice set
        are those kept through a throw recorded without its dice, or those left of a throw made
        (the blank ones thrown again), and the values fit the blanks."""
        return (self.kept or self.thrown is not None) and 0 < count <= len(self.blanks())

    def fill_blanks(self, values: Sequence[int]) -> None:
        """Typed values go into the blank dice, left to right (as the pad's faces do): the dice
        kept through the throw without its dice stay."""
        for index, value in zip(self.blanks(), values, strict=False):
            self.values[index] = int(value)
        self.cursor = self.picked = None
        self.suggested = []
        self.changed = True

    def rethrow_all(self) -> None:
        """All five dice were thrown again: blank them all."""
        self.values = [None] * DICE
        self.cursor = self.picked = None
        self.suggested = []
        self.changed = True

    def rethrow_suggested(self) -> None:
        """The suggested dice were thrown again: blank them (the others are kept)."""
        for index in self.suggested:
            self.values[index] = None
        self.cursor = self.picked = None
        self.suggested = []
        self.changed = True

    def throw_pressed(self) -> tuple[int, ...] | None:
        """The `throw` button: the dice as shown, if all are set and they changed (or none thrown)."""
        values = self.complete()
        if values is None:
            return None
        if self.thrown is not None and not self.changed:
            return None
        return values

    def wants_throw_without_dice(self) -> bool:
        """The throw button now means "thrown again, these dice not entered": some die is blank.

        Five dice set (a throw just made, faded suggestions included) never mean that, so a Throw
        pressed after the dice were typed records nothing."""
        return bool(self.blanks())

    def throw_without_dice(self) -> None:
        """The throw goes without its dice: the set dice stay as kept, the blank ones are re-thrown."""
        self.suggested = []
        self.cursor = self.picked = None
        self.changed = False
        self.kept = True

    # --- reading ---------------------------------------------------------------------------
    def blanks(self) -> list[int]:
        """0-based indexes of the blank dice, left to right."""
        return [i for i, v in enumerate(self.values) if v is None]

    def kept_faces(self) -> list[int]:
        """The dice a photo showing fewer than five joins (a photo of the dice thrown again): those
        set while others are blank (kept through a throw recorded without its dice, entered by taps,
        or left when the others were tapped for throwing again), or, right after a throw, those
        outside the dice offered for throwing again."""
        if any(v is None for v in self.values):
            return [v for v in self.values if v is not None]
        return [v for i, v in enumerate(self.values) if i not in self.suggested and v is not None] \
            if self.suggested else []

    def complete(self) -> tuple[int, ...] | None:
        """The five values if none is blank."""
        if any(v is None for v in self.values):
            return None
        return tuple(v for v in self.values if v is not None)


def suggest_rethrow(dice: Sequence[int]) -> list[int]:
    """The dice outside the biggest group (ties: the higher value); none when all differ.

    >>> suggest_rethrow((6, 6, 1, 2, 4)), suggest_rethrow((2, 2, 5, 5, 1)), suggest_rethrow((1, 2, 3, 4, 6))
    ([2, 3, 4], [0, 1, 4], [])
    """
    counts = {v: dice.count(v) for v in dice}
    best = max(counts.values(), default=0)
    if best < 2 or best == len(dice):
        return []
    keep = max(v for v, c in counts.items() if c == best)
    return [i for i, v in enumerate(dice) if v != keep]


def keys_problem(text: str, low: int = 1, high: int = 6) -> str | None:
    """What is wrong with typed keys that are not five values: "chars" (a character that is no
    digit or separator), "range" (a digit no die shows), "many" (more than five), "few" (fewer);
    None for five good values.

    >>> [keys_problem(t) for t in ("55523", "7a89", "5572", "555233", "66", "5 5, 5")]
    [None, 'chars', 'range', 'many', 'few', 'few']
    """
    if re.search(r"[^\d\s,;./-]", text):  # digits and separators: "5 5 5 2 3", "5,5,5-2-3"
        return "chars"
    digits = [int(d) for d in re.findall(r"\d", text)]
    if any(not low <= d <= high for d in digits):
        return "range"
    if len(digits) != DICE:
        return "many" if len(digits) > DICE else "few"
    return None


def good_keys(text: str, low: int = 1, high: int = 6) -> str:
    """Typed keys less those keys_problem calls "chars" or "range": what the field keeps of a slip.

    >>> good_keys("55703"), good_keys("5a5 2"), good_keys("21034", 0, 9)
    ('553', '55 2', '21034')
    """
    return "".join(c for c in text if re.fullmatch(r"[\s,;./-]", c) or (c.isdigit() and low <= int(c) <= high))


def parse_keys(text: str, low: int = 1, high: int = 6) -> tuple[int, ...] | None:
    """Five values typed on a keyboard ("55523", "5 5 5 2 3", "5,5,5,2,3"), else None.

    Anything keys_problem finds makes it None (the field then waits for a correction).

    >>> parse_keys("55523"), parse_keys("5 5 5 2"), parse_keys("55573"), parse_keys("5a5523")
    ((5, 5, 5, 2, 3), None, None, None)
    """
    if keys_problem(text, low, high) is not None:
        return None
    return tuple(int(d) for d in re.findall(r"\d", text))


BEYOND_S = 1.0  # s after a throw taken from five typed keys: a key typed meanwhile may be a sixth (said so)
HOLD_S = 2.0  # s after this panel's taps were overtaken by another phone's throw: later taps were meant for it


@dataclass
class Notice:
    """What the dice panel says beyond its dice, and what it holds back meanwhile.

    A note stays until the player's next action on the panel or the game's next change after the one
    it came with; taps arriving just after another phone recorded the throw being tapped here were
    meant for that throw, and are held back rather than applied to the throw recorded.

    >>> notice = Notice()
    >>> notice.tell("recorded elsewhere", now=10.0, overtaken=True); notice.synced(); notice.text
    'recorded elsewhere'
    >>> notice.holds_taps(now=11.0), notice.holds_taps(now=12.5)
    (True, False)
    >>> notice.synced(); notice.text
    ''
    >>> notice.took("55523", now=20.0); notice.beyond_taken("555231", now=21.0), notice.beyond_taken("555231", now=21.0)
    (('1', True), None)
    >>> notice.took("55523", now=20.0); notice.beyond_taken("1", now=20.3), notice.beyond_taken("1", now=20.3)
    (('1', False), None)
    >>> notice.took("55523", now=20.0); notice.beyond_taken("4", now=23.0)
    """

    text: str = ""
    fresh: bool = False  # told with the game's change being drawn: kept through that change's sync
    overtaken_at: float | None = None
    taken: str = ""  # the keys of the last throw taken as typed, while more may still arrive
    taken_at: float = 0.0

    def tell(self, text: str, now: float, overtaken: bool = False) -> None:
        self.text, self.fresh = text, True
        self.overtaken_at = now if overtaken else None

    def synced(self) -> None:
        """The game changed: a note told with that change stays, an older one goes."""
        if self.fresh:
            self.fresh = False
        else:
            self.text, self.overtaken_at = "", None

    def acted(self) -> None:
        """The player acted on the panel: the note has been read."""
        self.text, self.fresh, self.overtaken_at = "", False, None

    def holds_taps(self, now: float) -> bool:
        return self.overtaken_at is not None and now - self.overtaken_at < HOLD_S

    def took(self, keys: str, now: float) -> None:
        self.taken, self.taken_at = keys, now

    def beyond_taken(self, keys: str, now: float) -> tuple[str, bool] | None:
        """Keys typed on after the five of a throw taken: (what follows those five, True) where the
        browser had not yet emptied the field (surely a key too many), (the keys, False) where they
        came into the emptied field at once (a key too many, or a quick hand's next throw: said,
        not dropped); else None. Asked once per throw taken."""
        taken, self.taken = self.taken, ""
        if taken and len(keys) > len(taken) and keys.startswith(taken):
            extra = keys[len(taken):].strip()
            return (extra, True) if extra else None
        if taken and now - self.taken_at < BEYOND_S and keys.strip():
            return keys.strip(), False
        return None


def hint_key(entry: DiceEntry, nudged: bool, skipped: int, can_skip: bool, clamped: bool) -> str:
    """Which hint the panel says under the dice (its i18n key; '' for none): what the faded or
    blank dice mean while the pad would fill them."""
    blanks = entry.blanks()
    some_blank = bool(blanks) and len(blanks) < len(entry.values)
    if nudged:
        return "tap_dice_hint"
    if entry.suggested:
        return "suggested_hint"
    if skipped and blanks:
        return "without_dice_hint"
    if entry.thrown is not None and some_blank:
        return "blank_faces_hint"  # the others of a throw made: thrown again
    if can_skip and some_blank:
        return "partial_hint"
    if clamped:  # football: 7+ goals count as 6
        return "clamp_hint"
    return ""

