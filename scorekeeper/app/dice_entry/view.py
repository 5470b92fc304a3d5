"""Dice entry: five big dice, a face pad, the keyboard path; football takes goals 0–9+.

Taps only collect five values (DiceEntry); the throw itself goes to the game via `on_throw`.
"""

from __future__ import annotations

import copy
import re
import time
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.dice_entry.model import (
    DiceEntry,
    Notice,
    good_keys,
    hint_key,
    keys_problem,
    parse_keys,
)
from scorekeeper.app.dice_entry.pad import (
    THROW_PAD,
    die_side,
    face_pad,
    rethrow_button,
    throw_button,
)
from scorekeeper.app.shell import Shell, tagged
from scorekeeper.app.widgets.die import die_face
from scorekeeper.rules import Variant
from scorekeeper.service import GameMovedOn

KEYS_W = 128  # the keys field, where the actions' row has room for it
KEYS_MIN_W = 84  # ... and the least it takes where it has not (a phone held sideways: the panel beside the
# sheet), its icon left out: five digits still show whole
ACTION_CHAR_PX = 9.5  # px a letter of the throw button's label takes (17 px)
RETHROW_W = 88  # «Все 5»


def is_phone(user_agent: str | None) -> bool:
    """The browser is a phone's or a tablet's (its on-screen keyboard would cover the sheet)."""
    agent = (user_agent or "").lower()
    return any(word in agent for word in ("mobi", "android", "iphone", "ipad"))


def typed(e: Any) -> str:
    """The keys field's text as this event has it: the browser sends the text with each change, and
    the field's value may already hold later keys (a busy server handles a quick hand's changes
    after they all arrived: read from the field, «55552» then «555524» were both read as six keys,
    and the throw was never taken)."""
    data = getattr(e, "data", None)
    return data if isinstance(data, str) else (e.control.value or "")


def say_again(shell: Shell, dialog: ft.AlertDialog | None, reason: str) -> ft.AlertDialog:
    """`reason` in `dialog` where it is still open (shell.explain's), else in a new «why not» dialog."""
    text = getattr(getattr(dialog, "content", None), "content", None)
    if dialog is None or not dialog.open or not isinstance(text, ft.Text):
        return shell.explain(shell.t("why_not"), reason)
    text.value = reason
    try:
        text.update()
    except RuntimeError:  # on no page (Flet raises): drawn when it is
        pass
    return dialog


class DicePanel:
    """The bottom panel of the sheet: dice, pad, keys. Redraws itself on each tap."""

    def __init__(
        self,
        shell: Shell,
        variant: Variant,
        on_throw: Callable[[tuple[int, ...]], None],
        on_throw_without_dice: Callable[[], bool] | None = None,
        on_photo: Callable[[tuple[int, ...], object], None] | None = None,
    ) -> None:
        self.shell = shell
        self.variant = variant
        self.numeric = variant.one_throw or variant.low < 1
        high = 9 if variant.high is None else variant.high
        self.entry = DiceEntry(low=variant.low, high=high)
        self.on_throw = on_throw
        self.on_throw_without_dice = on_throw_without_dice
        # a photo's dice, confirmed, with the game's moment the photo was taken at (`moment`, as
        # synced): a photo confirmed after the game moved on (another phone) is refused, not
        # recorded as the next player's throw
        self.on_photo = on_photo
        self.moment: object = None
        self.enabled = True
        self.width: float | None = None  # the panel's own width where it is not the screen's
        self.can_skip = False  # a throw may go without its dice now
        self.skipped = 0  # the throw number recorded without its dice, while its dice are awaited
        self._dropped = ""  # the keys emptied by another phone's change, while they may still come
        self._nudged = False  # a face was pressed with no die waiting for one: the hint says what to tap
        self._synced: list[int | None] = []  # the dice as the game last set them (what taps change)
        self.advised: frozenset[int] = frozenset()  # the dice the advisor's hint keeps (places 0-4)
        self.notice = Notice()  # said in the hint beyond the dice (tell)
        self._slip: ft.AlertDialog | None = None  # the dialog open on a slip typed: later slips update it
        self.box = ft.Container()
        self.dice_row = ft.Row()
        self.hint = ft.Text("", size=14, color=theme.MUTED, text_align=ft.TextAlign.CENTER)
        # Shown or hidden as a whole: a Semantics wrapper must never hold a hidden control.
        self.hint_box = tagged(self.hint, "dice-hint")
        self.column = ft.Column()
        self.keys = ft.TextField(
            hint_text="55523",
            # an example, not dice entered: faint, so that at arm's length it does not read as a throw
            hint_style=ft.TextStyle(color=ft.Colors.with_opacity(0.45, theme.MUTED), size=14, italic=True),
            on_change=self._keys_changed,
            on_submit=self._keys_submitted,
            keyboard_type=ft.KeyboardType.NUMBER,
            # A desktop types the throw straight away; a phone keeps its keyboard closed.
            autofocus=not is_phone(shell.page.client_user_agent),
            text_size=18,
        )  # its width and icon fit the panel each time it is drawn (_fit_keys)

    # --- following the game --------------------------------------------------------------------
    def sync(self, dice: tuple[int, ...] | list[int] | None, enabled: bool, why_not: str = "",
             can_skip: bool = False, skipped: int = 0, kept: list[int | None] | None = None,
             moment: object = None) -> None:
        """Show the game's dice after any change of the game (`why_not`: why no throw is possible;
        `can_skip`: a throw may go without its dice; `skipped`: the number of the last throw when it
        went without its dice; `kept`: the dice kept through that throw, when known; `moment`: the
        game's state shown, handed back with a photo's dice)."""
        self.moment = moment
        self.entry.sync(dice, after_throw_without_dice=bool(skipped), kept=kept)
        self._synced = list(self.entry.values)
        self.entry.offer_rethrow(enabled and not self.variant.one_throw)
        self.enabled = enabled
        self.why_not = "" if enabled else why_not
        self.can_skip = can_skip and self.on_throw_without_dice is not None
        self.skipped = skipped
        self.notice.synced()

    def touched(self) -> bool:
        """Dice were tapped or typed here since the game last set them."""
        return self.entry.values != self._synced or bool(self.keys.value)

    def tell(self, news: str) -> None:
        """Say `news` in the hint until the next action here (what became of this panel's taps,
        overtaken by another phone: those still arriving for the old throw are held back)."""
        self.notice.tell(news, time.monotonic(), overtaken=True)

    def _held(self) -> bool:
        """A tap that came just after another phone recorded the throw tapped here: not applied to
        the throw recorded, the note said again; else the note has been read."""
        if self.notice.holds_taps(time.monotonic()):
            self.refresh()
            return True
        self.notice.acted()
        return False

    def forget_typed(self) -> None:
        """Empty the keys field: what was typed there was meant for a state the game has left
        (another phone moved it on). Keys still arriving for that typing are not taken."""
        self._dropped = self.keys.value or ""
        self.keys.value = ""

    # --- events ----------------------------------------------------------------------------------
    def _throw(self, values: tuple[int, ...] | None) -> None:
        if values is not None:
            self.on_throw(values)

    def _photo_use(self, moment: object) -> Callable[[list[int]], None]:
        """What a photo's "Use" does: its dice thrown, at the moment the photo was picked."""

        def use(values: list[int]) -> None:
            if not self.enabled:
                return
            if self.on_photo is not None:
                self.on_photo(tuple(values), moment)
            else:
                self._throw(tuple(values))

        return use

    def _tap_die(self, number: int) -> None:
        if not self.enabled or self._held():
            return
        self.entry.tap_die(number)
        self.refresh()

    def _face(self, value: int) -> None:
        if not self.enabled or self._held():
            return
        before = list(self.entry.values)
        values = self.entry.press_face(value)
        if values is not None:
            self._throw(values)
        else:
            # All five kept (none faded, none tapped): the face goes nowhere, and the hint says why.
            self._nudged = self.entry.values == before and not self.entry.blanks() and self.entry.picked is None
            self.refresh()

    def _throw_pressed(self, _: Any) -> None:
        if not self.enabled:
            return
        typed = self.keys.value or ""
        if typed.strip():  # Throw pressed on typed keys: they are what the player means
            if not self._take_keys(typed):
                self._take_some_keys(typed)
            return
        values = self.entry.throw_pressed()
        entry = self.entry
        if values is None and self.can_skip and entry.wants_throw_without_dice():
            if len(entry.blanks()) < len(entry.values) and entry.thrown is None:
                self._throw_without_dice()  # the dice entered are the ones kept: the intent is plain
            else:  # nothing entered: perhaps all five were thrown again, perhaps Throw came first;
                # or dice of a throw entered in full blanked: perhaps Throw is pressed to throw them
                hint = ("first_blank_hint" if entry.thrown is None else
                        "all_blank_hint" if len(entry.blanks()) == len(entry.values) else "blanked_hint")
                self.shell.explain(self.shell.t("throw_unseen_title"), self.shell.t(hint),
                                   [("throw-without-dice", self.shell.t("throw_without_dice"),
                                     self._throw_without_dice)])
            return
        if values is None and entry.complete() is None:
            last = self.on_throw_without_dice is not None and not self.can_skip  # no throw after this one
            hint = "enter_goals_hint" if self.numeric else "last_throw_hint" if last else "enter_dice_hint"
            entered = len(entry.values) - len(entry.blanks())
            self.shell.explain(self.shell.t("why_not"), self.shell.t(hint, k=entered))
            return
        if values is None and entry.suggested and self.can_skip:  # the pale dice thrown again, not yet entered?
            self.shell.explain(self.shell.t("why_not"), self.shell.t("pale_dice_hint"),
                               [("throw-without-dice", self.shell.t("throw_without_pale"),
                                 lambda: self._throw_without_dice(pale=True))])
            return
        if values is None:  # the dice as the last throw left them: which were thrown again?
            self.shell.explain(self.shell.t("why_not"), self.shell.t("same_dice_hint"))
            return
        self._throw(values)

    def _throw_without_dice(self, pale: bool = False) -> None:
        """Record the throw without its dice; the dice set stay as kept for the next throw (with
        `pale`, the pale ones, suggested to throw again, were thrown: they go blank)."""
        assert self.on_throw_without_dice is not None
        before = copy.deepcopy(self.entry)
        if pale:
            self.entry.rethrow_suggested()
        self.entry.throw_without_dice()
        if not self.on_throw_without_dice():
            self.entry = before
            self.refresh()

    def _rethrow_all(self, _: Any) -> None:
        if self.enabled and not self._held():
            self.entry.rethrow_all()
            self.refresh()

    def _take_keys(self, text: str) -> bool:
        values = parse_keys(text, self.entry.low, self.entry.high)
        if values is None:
            return False
        self.keys.value = ""
        self.entry.values = list(values)
        self.notice.acted()  # a note on the keys before is no news once they made a throw
        self.notice.took(text, time.monotonic())
        self._throw(values)
        return True

    def _take_some_keys(self, text: str) -> None:
        """Enter (or Throw) on keys that are not five values: fewer are the dice kept, as if
        tapped — or, where dice are kept, the rest of the dice, filling the blanks beside them (66,
        Enter, then 612: 6-6-6-1-2), and right after a throw, as many as its pale dice (those offered
        for throwing again), their new faces, as the pad takes them (4-4-1-2-3, then 456: 4-4-4-5-6). Kept from the dice on the table before any throw, or through a
        throw recorded without its dice, the throw then goes as a tap on Throw would (recorded
        without its dice); kept from a throw entered in full, nothing is recorded yet: the others
        are being thrown again, and their faces are typed next. Anything else is said."""
        problem = keys_problem(text, self.entry.low, self.entry.high)
        t = self.shell.t
        if problem == "few" and self.enabled:
            self.keys.value = ""
            typed = [int(d) for d in re.findall(r"\d", text)]
            self.entry.type_fewer(typed)
            if self.entry.thrown is not None and self.entry.blanks():  # kept from a throw entered in
                self.refresh()  # full: the others are being thrown, and their faces come next
                return
            self._throw_pressed(None)
        elif problem in ("chars", "range", "many"):
            key = {"chars": "keys_chars", "range": "keys_range", "many": "keys_many"}[problem]
            self._say_slip(t(key, text=text.strip(), low=self.entry.low, high=self.entry.high))

    def _say_slip(self, reason: str) -> None:
        """Say what is wrong with the keys typed (each key of «abc» is a change of the field: one
        dialog, not a stack of three)."""
        self._slip = say_again(self.shell, self._slip, reason)

    def _keys_changed(self, e: Any) -> None:
        text = typed(e)
        dropped, self._dropped = self._dropped, ""
        if dropped and len(text) > len(dropped) and text.startswith(dropped):
            # The browser typed on before it showed the emptied field: the game changed under it.
            self.keys.value = ""
            self.refresh()
            self.shell.explain(self.shell.t("why_not"), GameMovedOn().in_(self.shell.lang))
            return
        beyond = self.notice.beyond_taken(text, time.monotonic())
        if beyond is not None and beyond[1]:  # typed on past the five dice of the throw just taken
            self.keys.value = ""
            self.notice.tell(self.shell.t("keys_beyond", extra=beyond[0]), time.monotonic())
            self.refresh()
            return
        if beyond is not None:  # typed into the emptied field at once: perhaps a key too many
            self.notice.tell(self.shell.t("keys_after", extra=beyond[0]), time.monotonic())
            self.refresh()
        problem = keys_problem(text, self.entry.low, self.entry.high)
        if problem in ("chars", "range"):
            # A slip (a 0 or 7 beside the 1-6 keys) is said at once and taken out of the field: left
            # there it would hold back every throw typed after it, with nothing said.
            self.keys.value = good_keys(text, self.entry.low, self.entry.high)
            try:
                self.keys.update()
            except RuntimeError:  # the panel is on no page: the field is drawn when it is shown
                pass
            key = "keys_chars" if problem == "chars" else "keys_range"
            self._say_slip(self.shell.t(key, text=text.strip(), low=self.entry.low, high=self.entry.high))
            return
        # Five digits are taken as soon as the fifth is typed, so a quick hand loses nothing.
        self._take_keys(text)

    def _keys_submitted(self, e: Any) -> None:
        text = typed(e)
        if not self._take_keys(text) and text.strip():
            self._take_some_keys(text)
        try:
            self.shell.page.run_task(self._focus_keys)
        except Exception:  # focusing is a nicety; never fail a throw over it
            pass

    async def _focus_keys(self) -> None:
        """Give the keys field the focus back, for the next throw."""
        try:
            await self.keys.focus()
        except Exception:  # the field left the screen meanwhile: nothing to focus
            pass

    # --- drawing ---------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the dice in place (the pad and buttons stay, so quick taps are never lost)."""
        self.dice_row.controls = self._dice()
        self._set_hint()
        self.column.opacity = 1.0 if self.enabled else 0.5
        try:
            self.box.update()
        except RuntimeError:  # the panel is on no page (Flet raises): it is drawn when it is shown
            pass

    def build(self) -> ft.Control:
        """The panel: dice, pad, keys and throw."""
        self.dice_row = ft.Row(self._dice(), alignment=ft.MainAxisAlignment.SPACE_EVENLY)
        self._set_hint()
        self.column = self._content()
        # A new box each time (not the last one changed): a screen redrawn in place compares it
        # with the last one and sends what changed in it (scorekeeper.app.redraw)
        self.box = ft.Container(content=self.column, padding=ft.Padding.only(left=8, right=8, top=6, bottom=8),
                                bgcolor=ft.Colors.SURFACE_CONTAINER)
        return self.box

    def _set_hint(self) -> None:
        """Say what the faded dice mean while the pad would fill them."""
        if self.notice.text:
            self.hint.value = self.notice.text
        elif not self.enabled:
            self.hint.value = self.why_not
        else:
            key = hint_key(self.entry, self._nudged, self.skipped, self.can_skip,
                           self.numeric and self.variant.clamp is not None)
            self._nudged = False  # until the next tap
            clamp = self.variant.clamp or 0
            self.hint.value = self.shell.t(key, k=self.skipped, n=clamp + 1, m=clamp) if key else ""
        self.hint_box.visible = bool(self.hint.value)

    def _dice(self) -> list[ft.Control]:
        t = self.shell.t
        entry = self.entry
        size = die_side(self.width or self.shell.width, self.numeric)
        dice: list[ft.Control] = []
        for number in range(1, 6):
            value = entry.values[number - 1]
            key = "team_n" if self.numeric else "die_n"
            advised = number - 1 in self.advised and value is not None
            label = t(key, n=number, v=t("die_blank") if value is None else value) + (" · " + t("die_advised")) * advised
            face = die_face(value, size, numeric=self.numeric, selected=entry.cursor == number - 1,
                            faded=number - 1 in entry.suggested, advised=advised)
            face.on_click = lambda _, n=number: self._tap_die(n)
            dice.append(tagged(face, f"die-{number}", label, button=True))
        if not self.numeric:  # the five dice read from a photo, confirmed there (scorekeeper.app.photo)
            from scorekeeper.app.photo.view import photo_button

            dice = [ft.Row(dice, spacing=5, tight=True),  # five dice and the button fit the width
                    photo_button(self.shell, 5, self._photo_use(self.moment), enabled=self.enabled,
                                 kept=self.entry.kept_faces())]
        return dice

    def _fit_keys(self, throw_label: str) -> None:
        """The keys field as wide as the actions' row leaves it beside «Все 5» and the throw button
        with its whole label: full width with its keyboard icon, or, in a narrow panel, narrower
        and without the icon, so that the five digits still show whole."""
        row = (self.width or self.shell.width) - 16 - 2 * 6  # the panel's padding, the gaps
        throw = len(throw_label) * ACTION_CHAR_PX + 24 + 6 + 2 * THROW_PAD  # label, icon, gap, padding
        room = row - throw - (0 if self.numeric else RETHROW_W)
        narrow = room < KEYS_W
        self.keys.width = max(KEYS_MIN_W, room) if narrow else KEYS_W
        self.keys.prefix_icon = None if narrow else ft.Icons.KEYBOARD

    def _content(self) -> ft.Column:
        label = self.shell.t("record_tour" if self.variant.one_throw else "throw")
        self._fit_keys(label)
        actions: list[ft.Control] = [] if self.numeric else [tagged(rethrow_button(self.shell.t, self._rethrow_all),
                                                                    "rethrow-all")]
        actions += [tagged(self.keys, "dice-keys", self.shell.t("dice_keys")), throw_button(label, self._throw_pressed)]
        row = ft.Row(actions, spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        pad = face_pad(self.shell.t, self.entry.low, self.entry.high, self.numeric, self._face)
        return ft.Column([self.dice_row, self.hint_box, *pad, row], spacing=6,
                         opacity=1.0 if self.enabled else 0.5)
