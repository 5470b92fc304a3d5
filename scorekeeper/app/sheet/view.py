"""The sheet: a column per player, rows grouped as on paper, live previews, dice at the thumb.

Every action goes through the game's GameService; this screen redraws when the service says the
game changed (also when another tab or phone made the change).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme, unfinished
from scorekeeper.app.dice_entry.view import DicePanel
from scorekeeper.app.sheet.model import (
    NARROW_CELL,
    Cell,
    Row,
    best_boxes,
    box_cell,
    cell_name,
    describe,
    entered_elsewhere,
    game_over_note,
    gora_sums,
    match_line,
    match_rows,
    others_move,
    previews,
    reveal_spans,
    row_span,
    stage_rows,
    turn_line,
    turns_played,
    undo_note,
    upper_chances,
    upper_meter,
    why_closed,
)
from scorekeeper.app.shell import Shell, header, named_icon, tagged
from scorekeeper.dice import InvalidDice
from scorekeeper.game import Action, GameError, Roll, RollWithoutDice, State
from scorekeeper.i18n import num, plural_ru, points
from scorekeeper.service import GameService
from scorekeeper.store import StoreError

HEADER_H = 34  # the players' names above the sheet
OTHER_ROW_H = 44  # a row of the sheet that is not a box (the «гора», a stage's total)
LINE_W = 0.5  # the line under each row
SCROLL_EVERY_MS = 50  # how often the browser says where the boxes are, while they scroll
FIXED_H = 450  # the screen's height less the boxes' view on a phone held upright (before the browser says)
MIN_VIEWPORT = 120.0  # ... and the least that estimate takes it to be
TOTAL_H = 34  # a line of totals below it
CELL_NAME_WIDE = 84.0  # a player's column as wide as it gets
SITTING_OUT = 0.4  # the opacity of the column of a player who does not play the match's current game
BAR_MARGIN = 8  # between the cross-out / play-again button and the screen's right edge
HEADER_PAD = 8  # the header's own padding on each side (shell.header)
HEADER_GAP = 4  # between its back button, title, rules and undo
STAGE_CHIP_MIN = 44  # a stage chip's least width (a finger's target)
STAGE_CHIP_GAP = 2
STAGE_WORD_CHAR = 10  # px a letter of «Этап» / "Stage" takes at 16 px, a little more than it does
TITLE_CHARS = 16  # a game's name longer than this is shown a size smaller in the header
GORA_NOTE_WIDE = 13  # the note under a «гора» («нужно +12», «премия +50») where three players or
GORA_NOTE_WIDE_CELL = 80  # fewer leave its column this wide or wider; smaller in narrower ones, to fit
GORA_NOTE_CHAR_PX = 7.2  # px a letter of that note takes at 13 px, a little more than most do
NAME_CHAR_PX = 9.5  # px a letter of a player's name takes at 15 px, bold, a little more than most do


def _note(icon: ft.IconData, text: str, identifier: str) -> ft.Control:
    """A line of news under the turn line (what an Undo took back, a game abandoned)."""
    return tagged(
        ft.Container(
            content=ft.Row([ft.Icon(icon, size=16, color=ft.Colors.TERTIARY),
                            ft.Text(text, size=14, color=ft.Colors.TERTIARY, expand=True)],
                           spacing=6, vertical_alignment=ft.CrossAxisAlignment.CENTER),
            padding=ft.Padding.only(left=12, right=12, bottom=4),
        ),
        identifier,
        text,
    )


class SheetScreen:
    """One game's sheet for one tab."""

    def __init__(self, shell: Shell, game_id: int) -> None:
        self.shell = shell
        self.service = GameService.open(shell.store, game_id)
        self.variant = self.service.state.variant
        self.crossing = False  # the next box tap crosses out
        self.shown_player: str | None = self.service.state.player_name  # whose turn this screen shows
        self.viewing_stage: int | None = None  # None: follow the current player's stage
        # The state this screen shows: every action is chosen on it, and the service refuses one
        # when another screen changed the game in between (no throw entered twice at the table).
        self.seen: State = self.service.state
        self._acting_in: int | None = None  # the thread running this screen's own action
        self._missed = False  # a change of the game came while the tab was reconnecting
        # The dice this screen kept through each throw it recorded without them (by the state after
        # that throw), shown again when an undo comes back to that state.
        self._kept: dict[int, tuple[State, list[int | None]]] = {}
        # The dice set before a turn's first throw that went without its dice, while this screen's
        # Undo takes that throw back: they show again as set (the Undo takes back the throw, not the taps).
        self._untaken: tuple[State, list[int | None]] | None = None
        self.dice = DicePanel(shell, self.variant, self._roll, self._roll_without_dice, self._roll_from_photo)
        self._sideways: ft.Row | None = None  # the players' columns when they scroll sideways
        self._grid: ft.Column | None = None  # the boxes, scrolling up and down
        # How far the boxes are scrolled and how tall their view is, as the browser last said (a
        # scroll's end is always said, whatever the interval).
        self._offset = 0.0
        self._viewport: float | None = None
        self._reveal = False  # after this screen's throw: bring the box it scores most in into view
        self._games_shown = len(self.service.state.games)  # a match's games over when last drawn
        self._sync_dice(self.service.state)
        self._unsubscribe: Callable[[], None] | None = self.service.subscribe(self._game_changed)
        unfinished.watch(self.service)  # its end (or an Undo reopening it) leaves Home's list on every phone
        # Abandoned on another phone's Home while shown here: said here, as the next move resumes it;
        # the next game started from another phone's finished sheet: «Ещё партию» opens that one.
        self._news = self._saved_news()
        self._stop_news: Callable[[], None] | None = unfinished.listen(shell.store, self._games_changed)

    def dispose(self) -> None:
        """Stop listening to the game."""
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None
        if self._stop_news is not None:
            self._stop_news()
            self._stop_news = None

    def _saved_news(self) -> tuple[bool, int | None]:
        """What the file says of the game beyond its sheet: marked abandoned (until its next
        action), and the game that plays it again (Store.rematch)."""
        store, game_id = self.shell.store, self.service.game_id
        try:
            return store.game(game_id).abandoned is not None, store.rematch_id(game_id)
        except Exception:  # the file went away: nothing to say
            return False, None

    def _games_changed(self) -> None:
        """News of the unfinished games: redraw where this game was abandoned, resumed or played
        again meanwhile."""
        news = self._saved_news()
        if news == self._news:
            return
        self._news = news

        async def redraw() -> None:
            if self.shell.screen is self:
                self.shell.redraw()

        try:
            if self.shell.page.session.connection is None:  # reconnecting: the tab redraws once back
                return
            self.shell.page.run_task(redraw)
        except Exception:  # the tab's session has ended: forget it
            self.dispose()

    def after_mount(self) -> None:
        """A match's next game opens at the top, the players' names in view; otherwise the boxes
        stay where the player scrolled them, and after this screen's throw the sheet scrolls on to
        the box it scores most in, where that is out of view; with many players, bring the
        current player's column into view."""
        grid, games = self._grid, len(self.service.state.games)
        to_best, self._reveal = self._reveal, False
        target: float | None = None
        if games != self._games_shown:
            self._games_shown = games
            target = self._offset = 0.0
        else:
            # The boxes where the player left them (a redraw may build them anew at the top), or on
            # to the box the throw scores most in.
            best = self._best_in_view(self._offset) if to_best else None
            target = best if best is not None else (self._offset or None)
        if grid is not None and target is not None:
            offset = target

            async def scroll() -> None:
                try:
                    # at once: scrolled in steps (an animation), Flutter's web semantics dropped the
                    # other players' cells' identifiers and names
                    await grid.scroll_to(offset=offset, duration=0)
                except Exception:  # the screen went away meanwhile
                    pass

            self.shell.page.run_task(scroll)
        cells, seat = self._sideways, self.service.state.seat
        if cells is None or seat is None or self.service.state.finished:
            return

        async def current_column() -> None:
            try:
                await cells.scroll_to(scroll_key=f"seat-{seat + 1}", duration=0)  # its name and total follow
            except Exception:  # the screen went away meanwhile: nothing to show
                pass

        self.shell.page.run_task(current_column)

    def _scrolled(self, e: ft.OnScrollEvent) -> None:
        self._offset = float(e.pixels)
        if e.viewport_dimension:
            self._viewport = float(e.viewport_dimension)

    def _best_in_view(self, offset: float) -> float | None:
        """The offset that shows the boxes the throw makes best (upper and lower), or None where
        they show already (or the throw makes none)."""
        state = self.service.state
        best = best_boxes(self.variant, self._hints(state, self.viewing_stage or state.stage))
        spans = [row_span(self.variant, box, 0.0, theme.ROW_H, OTHER_ROW_H, LINE_W) for box in best]
        viewport = self._viewport or max(self.shell.height - FIXED_H, MIN_VIEWPORT)
        return reveal_spans(spans, offset, viewport)

    def _hints(self, state: State, stage: int) -> dict[str, Any]:
        """What each open box of the current player would take now, in the stage shown."""
        choosing = self.variant.stage_order == "any"  # the player writes in whichever stage is shown
        return previews(state, stage if choosing else None) if stage == state.stage or choosing else {}

    # --- the game changed (here or on another screen) --------------------------------------------
    def _game_changed(self, state: State, action: Action) -> None:
        page = self.shell.page
        # Listeners run in the thread of the action: another thread's action came from elsewhere.
        elsewhere = self._acting_in != threading.get_ident()

        async def redraw() -> None:
            if self.shell.screen is self:
                if elsewhere:
                    if self.dice.touched() and isinstance(action, Roll | RollWithoutDice) \
                            and state.previous is not None and not self.variant.one_throw:
                        # the throw being entered here was recorded first on another phone
                        self.dice.tell(self.shell.t("thrown_elsewhere", dice=describe(state.previous, state,
                                                                                       self.shell.lang)))
                    self.dice.forget_typed()  # half-typed dice were meant for the state before
                else:  # this screen's own Undo or box: digits left in the field belong to no throw now
                    self.dice.keys.value = ""
                self._sync_dice(self.service.state)
                self.viewing_stage = None
                self.shell.redraw()

        try:
            connection = page.session.connection
        except RuntimeError:  # the tab's session has ended: forget it
            self.dispose()
            return
        if connection is None:  # the tab is reconnecting (a reload): it redraws once back
            self._missed = True
            return
        try:
            page.run_task(redraw)
        except Exception:  # the tab went away meanwhile: forget it
            self.dispose()

    def _sync_dice(self, state: State) -> None:
        enabled = not state.finished and state.can_roll()
        why_not = ""
        if not enabled and not state.finished:
            why_not = self.shell.t("write_a_box")
        skipped = state.throws if state.throws and state.dice is None else 0
        kept = self._kept_through(state) if skipped else None
        self.dice.sync(state.dice.values if state.dice is not None else None, enabled=enabled, why_not=why_not,
                       can_skip=state.can_roll_without_dice(), skipped=skipped, kept=kept, moment=state)
        untaken, self._untaken = self._untaken, None
        if untaken is not None and state is not untaken[0] and not state.throws and enabled \
                and state.player_name == untaken[0].player_name:
            self.dice.entry.values = list(untaken[1])
            self.dice.entry.changed = True

    def _kept_through(self, state: State) -> list[int | None] | None:
        """The dice kept through the throw without its dice that led to `state`: as this screen set
        them, else as recorded (kept on another phone, or before a reload: the same faces); None
        where none were kept."""
        remembered = self._kept.get(id(state))
        if remembered is not None and remembered[0] is state:
            return remembered[1]
        last = state.last_action
        if isinstance(last, RollWithoutDice) and last.kept:
            return [*last.kept, *[None] * (5 - len(last.kept))]
        return None

    # --- actions ---------------------------------------------------------------------------------
    def _do(self, act: Callable[[], Any], made: bool = True) -> bool:
        """Run one action through the service; explain a refusal. `made`: the state after it is this
        device's move (not for an Undo, which comes back to an earlier move's state)."""
        self._acting_in = threading.get_ident()
        try:
            after = act()
            if isinstance(after, State):
                self.seen = after
                if made:
                    self.service.entered_on[id(after)] = (after, id(self.shell))
        except GameError as error:
            self.shell.explain(self.shell.t("why_not"), error.in_(self.shell.lang))
            return False
        except InvalidDice as error:
            self.shell.explain(self.shell.t("why_not"), str(error))
            return False
        finally:
            self._acting_in = None
        return True

    def _roll(self, values: tuple[int, ...], seen: State | None = None) -> None:
        self._reveal = True  # before the action: its redraw may come before _do returns
        seen = seen or self.seen
        if not self._do(lambda: self.service.roll(values, player=self.shown_player, seen=seen)):
            self._reveal = False
            self._sync_dice(self.service.state)
            self.dice.refresh()

    def _roll_from_photo(self, values: tuple[int, ...], moment: object) -> None:
        """A photo's dice, confirmed: recorded only where the game is still where the photo was
        taken (a game moved on meanwhile, on another phone, is said, not written to the next player)."""
        self._roll(values, moment if isinstance(moment, State) else None)

    def _roll_without_dice(self) -> bool:
        kept = list(self.dice.entry.values)
        faces = [v for v in kept if v is not None][:4]
        if not self._do(lambda: self.service.roll_without_dice(player=self.shown_player, seen=self.seen,
                                                               kept=faces)):
            return False
        self._kept[id(self.seen)] = (self.seen, kept)
        return True

    def _show_rules(self, _: Any) -> None:
        """What game this is, and the house rules it is played with where they differ from the rules
        as written (chosen on New game, so that a player who joins later can see them)."""
        from scorekeeper.app.new_game.model import changed_rules, house_rules_line

        s = self.shell
        info = self.service.info
        changed = changed_rules(info.variant, dict(info.options), s.lang)
        said = house_rules_line(changed, s.lang) if changed else s.t("rules_as_written")
        s.explain(self.variant.name.in_(s.lang), f"{self.variant.description.in_(s.lang)}\n\n{said}")

    def _undo(self, _: Any) -> None:
        if not self.service.state.can_undo():
            self.shell.explain(self.shell.t("why_not"), self.shell.t("nothing_to_undo"))
            return
        seen = self.seen
        t = self.shell.t

        def take_back() -> None:
            faces = self._kept_through(seen) if seen.throws == 1 and seen.dice is None else None
            if faces is not None and any(v is not None for v in faces):
                self._untaken = (seen, faces)
            if not self._do(lambda: self.service.undo(1, seen=seen), made=False):
                self._untaken = None

        if seen.finished:
            # Undo sits above «Play again»: a finished game (counted in the statistics) is reopened
            # only when the player says so.
            self.shell.explain(t("reopen_title"), t("reopen_reason"), [("confirm-undo", t("reopen_undo"), take_back)],
                               dismiss=t("keep_move"))
            return
        other = others_move(seen, self.shell.lang)
        if other is not None:
            # A move of a turn already passed on: one player does not clear another's box unasked.
            player, move = other
            self.shell.explain(t("undo_other_title", player=player, move=move),
                               t("undo_other_reason", now=seen.player_name),
                               [("confirm-undo", t("reopen_undo"), take_back)], dismiss=t("keep_move"))
            return
        elsewhere = entered_elsewhere(seen, self.service.entered_on, id(self.shell), self.shell.lang)
        if elsewhere is not None:
            # A throw or box of this turn entered on another screen (most likely the player's own phone).
            player, move = elsewhere
            self.shell.explain(t("undo_other_title", player=player, move=move), t("undo_elsewhere_reason"),
                               [("confirm-undo", t("reopen_undo"), take_back)], dismiss=t("keep_move"))
            return
        take_back()

    def _rematch(self) -> None:
        """The next game of the same players (GameService.rematch): a new one, or the one another
        phone started from this sheet."""
        try:
            service = GameService.rematch(self.shell.store, self.service.info)
        except (GameError, ValueError, StoreError) as error:
            self.shell.explain(self.shell.t("why_not"), str(error))
            return
        unfinished.changed(self.shell.store)
        self.shell.open_game(service.game_id)

    def _miss(self) -> None:
        """A participant missed the tour: say which box it closes with 0, and close it when asked."""
        s = self.shell
        player, seen = self.shown_player, self.seen
        try:
            box = seen.missed_box()
        except GameError as error:
            s.explain(s.t("why_not"), error.in_(s.lang))
            return
        s.explain(s.t("missed_tour_title", player=player),
                  s.t("missed_tour_reason", box=box.name.in_(s.lang)),
                  [("confirm-missed-tour", s.t("missed_tour_close"),
                    lambda: self._do(lambda: self.service.miss(player=player, seen=seen)))])

    def _toggle_cross_out(self, _: Any) -> None:
        self.crossing = not self.crossing
        self.shell.redraw()

    def _writing_stage(self) -> int | None:
        """The stage a tapped box is written in: the one shown where the player chooses the stage
        (stage_order "any"), else None (the game's current stage)."""
        if self.variant.stage_order != "any":
            return None
        return self.viewing_stage or self.seen.stage

    def _tap_box(self, box_id: str) -> None:
        s = self.shell
        state = self.seen
        # Every action names the player this screen showed: if another phone moved the game on
        # meanwhile, the service refuses it instead of writing into someone else's column.
        player, seen = self.shown_player, self.seen  # a dialog's answer acts on what it was asked on
        stage = self._writing_stage()
        name = self.variant.box(box_id).name.in_(s.lang)
        if self.crossing:
            self.crossing = False
            if not self._do(lambda: self.service.cross_out(box_id, stage=stage, player=player, seen=seen)):
                s.redraw()
            return
        if state.throws == 0:
            try:
                state.verify_score(box_id, stage=stage)
            except GameError as error:
                actions: list[tuple[str, str, Callable[[], object]]] = []
                if state.can_cross_out(box_id, stage):
                    actions.append(("confirm-cross-out", s.t("cross_it_out"), lambda: self._do(
                        lambda: self.service.cross_out(box_id, stage=stage, player=player, seen=seen))))
                s.explain(name, error.in_(s.lang), actions)
                return
        try:
            evaluation = state.preview(box_id, stage=stage)
        except GameError as error:
            s.explain(name, error.in_(s.lang))
            return
        if evaluation.valid and evaluation.wins_game:  # Generala servida: the table hears why it ends
            s.explain(name, evaluation.reason.in_(s.lang), [("write-and-win", s.t("write_and_win"), lambda: self._do(
                lambda: self.service.score(box_id, stage=stage, player=player, seen=seen)))])
            return
        if evaluation.valid:
            self._do(lambda: self.service.score(box_id, stage=stage, player=player, seen=seen))
            return
        # The dice do not make it: say why and offer the 0 that paper would take, struck through
        # on the sheet as a crossed-out box is (the button says so, as the zero-throw one does).
        s.explain(
            name,
            evaluation.reason.in_(s.lang),
            [("write-zero", s.t("cross_it_out"),
              lambda: self._do(lambda: self.service.score(box_id, stage=stage, player=player, seen=seen)))],
        )

    def _writer(self, box_id: str, value: int, seen: State) -> Callable[[], object]:
        stage = self._writing_stage()
        return lambda: self._do(lambda: self.service.score(box_id, value=value, stage=stage, player=self.shown_player,
                                                           seen=seen))

    def _pick_value(self, box_id: str) -> None:
        """Long press on a box where the player picks the value (which pair): offer each one."""
        s = self.shell
        state = self.seen
        box = self.variant.box(box_id)
        if not box.choosable or state.dice is None:
            self._tap_box(box_id)
            return
        choices: list[tuple[str, str, Callable[[], object]]] = []
        for value in sorted(state.dice.distinct, reverse=True):
            try:
                evaluation = state.preview(box_id, value=value, stage=self._writing_stage())
            except GameError:
                continue
            if evaluation.valid and evaluation.value == value:
                choices.append((f"pick-{value}", f"{value}: {points(evaluation.score).in_(s.lang)}", self._writer(box_id, value, state)))
        if len(choices) < 2:
            self._tap_box(box_id)
            return
        s.explain(box.name.in_(s.lang), s.t("pick_value"), choices)

    # --- drawing ---------------------------------------------------------------------------------
    def _name_width(self) -> float:
        """The box names' column: narrower when many players share the phone's width, wider (up to
        NAME_W_WIDE) where the players' columns are as wide as they grow and room is left over
        («Четыре одинаковых» on one line in a game of two)."""
        players = len(self.service.state.players)
        if players > 4:
            return theme.NAME_W_NARROW
        left = self.shell.width - (self._panel_width() or 0) - 16 - players * CELL_NAME_WIDE
        return float(max(theme.NAME_W, min(theme.NAME_W_WIDE, left)))

    def _panel_width(self) -> float | None:
        """The dice panel's width where it stands beside the sheet (a phone held sideways), else None."""
        if not self.shell.sideways:
            return None
        return min(float(theme.SIDE_PANEL_W), max(300.0, self.shell.width / 2))

    def _stage_chips_fit(self, header_w: float) -> tuple[float, bool]:
        """The stage chips' width in a header `header_w` wide, and whether the word «Этап» fits
        before them: the chips take what is left beside back, rules and undo, never under 44 px."""
        room = header_w - 2 * HEADER_PAD - theme.TAP - theme.TAP_MIN - theme.TAP - 3 * HEADER_GAP
        n = self.variant.stages
        chips = n * theme.TAP_MIN + (n - 1) * STAGE_CHIP_GAP
        word = len(self.shell.t("stage")) * STAGE_WORD_CHAR + STAGE_CHIP_GAP
        if chips + word <= room:
            return float(theme.TAP_MIN), True
        small = n * STAGE_CHIP_MIN + (n - 1) * STAGE_CHIP_GAP
        if small + word <= room:
            return max(float(STAGE_CHIP_MIN), (room - word - (n - 1) * STAGE_CHIP_GAP) // n), True
        return max(float(STAGE_CHIP_MIN), min(float(theme.TAP_MIN), (room - (n - 1) * STAGE_CHIP_GAP) // n)), False

    def _cell_width(self, players: int) -> float:
        room = self.shell.width - (self._panel_width() or 0) - 16 - self._name_width()
        return max(44.0, min(CELL_NAME_WIDE, room / max(1, players)))

    def _why_closed(self, seat: int, stage: int, box_id: str) -> None:
        """A tap on a box that takes nothing now: say why (another player's turn, written already)."""
        s = self.shell
        state = self.seen
        reason = why_closed(state.sheet(), state, seat, stage, box_id, s.lang)
        if reason is not None:
            s.explain(self.variant.box(box_id).name.in_(s.lang), reason)

    def _box_cell(self, cell: Cell, identifier: str, width: float, current: bool, box_id: str,
                  hint: str = "", on_closed_tap: Callable[[], None] | None = None) -> ft.Control:
        colors = {
            "written": ft.Colors.ON_SURFACE,
            "crossed": theme.MUTED,
            "preview": theme.PREVIEW,
            "greyed": theme.MUTED,
            "open": ft.Colors.ON_SURFACE,
            "closed": ft.Colors.ON_SURFACE,
            "strike": ft.Colors.ERROR,
        }
        text = ft.Text(
            cell.shown,
            size=18 if cell.kind != "preview" else 17,
            weight=ft.FontWeight.W_600 if cell.kind == "written" else ft.FontWeight.W_400,
            italic=cell.kind in ("preview", "greyed"),  # what the throw would write, 0 included: not written yet
            color=colors[cell.kind],
            # Tests and screen readers read the written score; a preview or a cross is not it.
            semantics_label=cell.text if cell.shown != cell.text else None,
        )
        bg: str | None = None
        if cell.kind == "greyed":
            bg = theme.GREYED
        elif current:
            bg = theme.CURRENT_COLUMN
        box = ft.Container(
            content=text,
            width=width,
            height=theme.ROW_H,
            alignment=ft.Alignment.CENTER,
            bgcolor=bg,
            border=ft.Border.only(left=ft.BorderSide(0.5, theme.LINE)),
            on_click=(lambda _: self._tap_box(box_id)) if cell.tappable else (
                (lambda _: on_closed_tap()) if on_closed_tap is not None else None),
            on_long_press=(lambda _: self._pick_value(box_id)) if cell.tappable and cell.kind == "preview" else None,
            # A box that takes the throw is a stop of the keyboard's Tab (Enter writes it), and
            # ripples under the finger; a closed one only explains itself when tapped.
            ink=cell.tappable,
        )
        if cell.kind == "preview":
            hint = f"{hint} · {self.shell.t('would_score', n=cell.shown)}"
        elif cell.kind == "crossed":
            hint = f"{hint} · {self.shell.t('crossed')}"
        elif cell.kind == "strike":
            hint = f"{hint} · {self.shell.t('cross_out')}"
        # The hint is spoken, not read as the cell's text: the text stays the written score.
        tapped = tagged(box, identifier, button=cell.tappable or None, hint_text=hint or None, container=True)
        if not hint:
            return tapped
        # A browser drops the hint: the whole of it (whose box, which, what it holds or would take)
        # is the label of a node of its own around the box, so that the box's text stays its score.
        spoken = f"{hint}: {cell.text}" if cell.kind not in ("preview", "crossed", "strike") and cell.text else hint
        return ft.Semantics(content=tapped, label=spoken)

    def _grid_parts(self, state: State, sheet: dict[str, Any], stage: int
                    ) -> list[tuple[ft.Control, list[ft.Control], str | None]]:
        """The sheet's rows as (box name, players' cells, background); the two halves of a row have
        the same height, so the names can stay put while many players' columns scroll sideways."""
        lang = self.shell.lang
        players = sheet["players"]
        width = self._cell_width(len(players))
        current_seat = state.seat if not state.finished else None
        hints = self._hints(state, stage)
        # Armed to cross out: the boxes that may be struck show the cross they would take.
        striking = {box for box in self.variant.box_ids if state.can_cross_out(box, self._writing_stage())
                    } if self.crossing else None
        names: list[ft.Control] = [
            ft.Container(
                content=self._player_name(p, i, sitting_out=self._sitting_out(sheet, i), width=width),
                width=width,
                height=HEADER_H,
                alignment=ft.Alignment.CENTER,
                padding=ft.Padding.symmetric(horizontal=2),  # two names never run into one
                bgcolor=theme.CURRENT_COLUMN if i == current_seat else None,
            )
            for i, p in enumerate(players)
        ]
        parts: list[tuple[ft.Control, list[ft.Control], str | None]] = [
            (ft.Container(width=self._name_width(), height=HEADER_H), names, None)
        ]
        for row in stage_rows(self.variant):
            parts.append(self._row(row, state, sheet, stage, width, current_seat, hints, lang, striking))
        self._grey_sitting_out(parts, sheet)
        return parts

    @staticmethod
    def _sitting_out(sheet: dict[str, Any], seat: int) -> bool:
        """The player does not play the match's current game (an extra game of those tied)."""
        return not sheet["finished"] and not sheet["players"][seat].get("playing", True)

    def _player_name(self, player: dict[str, Any], seat: int, sitting_out: bool,
                     width: float = CELL_NAME_WIDE) -> ft.Control:
        """A player's name above the column; «не играет» under it while the player sits a game out.
        A narrow column (many players), or a name longer than the column holds at full size
        («Александра» beside three others), is shown smaller, on two lines, before it is cut."""
        long = len(player["name"]) * NAME_CHAR_PX > width - 4  # less the padding between two names
        narrow = (width < NARROW_CELL or long) and not sitting_out
        name = ft.Text(player["name"], size=13 if narrow else 15,
                       weight=ft.FontWeight.W_600, no_wrap=not narrow, max_lines=2 if narrow else 1,
                       overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER,
                       # two lines at the font's own spacing run out of the header's height
                       style=ft.TextStyle(height=1.1) if narrow else None)
        if not sitting_out:
            return name
        name.size = 13
        note = tagged(ft.Text(self.shell.t("sits_out"), size=10, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
                      f"sits-out-{seat + 1}")
        return ft.Column([name, note], spacing=0, horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                         alignment=ft.MainAxisAlignment.CENTER)

    def _grey_sitting_out(self, parts: list[tuple[ft.Control, list[ft.Control], str | None]],
                          sheet: dict[str, Any]) -> None:
        """Grey the columns of the players who sit the match's current game out."""
        for seat in range(len(sheet["players"])):
            if not self._sitting_out(sheet, seat):
                continue
            for _, cells, _ in parts:
                cell = cells[seat]
                drawn = cell
                while isinstance(drawn, ft.Semantics) and drawn.content is not None:
                    drawn = drawn.content
                drawn.opacity = SITTING_OUT

    def _row(self, row: Row, state: State, sheet: dict[str, Any], stage: int, width: float,
             current_seat: int | None, hints: dict[str, Any], lang: Any, striking: set[str] | None = None,
             ) -> tuple[ft.Control, list[ft.Control], str | None]:
        label_weight = ft.FontWeight.W_600 if row.kind != "box" else ft.FontWeight.W_400
        text = row.label.in_(lang)
        long = theme.long_label(text, self._name_width())
        label = ft.Container(
            content=ft.Text(text, size=13 if long else 15, weight=label_weight, max_lines=2,
                            overflow=ft.TextOverflow.ELLIPSIS),
            width=self._name_width(),
            height=theme.ROW_H if row.kind == "box" else OTHER_ROW_H,
            alignment=ft.Alignment.CENTER_LEFT,
            padding=ft.Padding.only(left=8, right=4),  # a name as wide as the column ends clear of the line
        )
        cells: list[ft.Control] = []
        for seat, player in enumerate(sheet["players"]):
            n = seat + 1
            current = seat == current_seat and stage == state.stage
            if row.kind == "box":
                assert row.box_id is not None
                cell = box_cell(sheet, state, seat, stage, row.box_id, hints, striking)
                hint = f"{player['name']} · {row.label.in_(lang)}"
                why = None if cell.tappable or state.finished else (
                    lambda seat=seat, stage=stage, box_id=row.box_id: self._why_closed(seat, stage, box_id))
                cells.append(self._box_cell(cell, f"box-{n}-{stage}-{row.box_id}", width, current, row.box_id, hint,
                                            why))
                continue
            stage_sheet = player["stages"][stage - 1]
            on_tap: Callable[[Any], None] | None = None
            if row.kind == "upper":
                meter = upper_meter(self.variant, stage_sheet, lang)
                tone = {"good": theme.GOOD, "bad": theme.BAD, "neutral": theme.MUTED}[meter.tone]
                lines: list[ft.Control] = [ft.Text(meter.text, size=17, weight=ft.FontWeight.BOLD, color=tone)]
                if meter.note:
                    # Kept off the column's edges, so that a note too long never runs into the next one.
                    said = meter.note_in(width)
                    size = 11 if width >= NARROW_CELL else 10
                    if width >= GORA_NOTE_WIDE_CELL:  # "premium +50" a size smaller than «нужно +12»
                        fits = len(said) * GORA_NOTE_CHAR_PX <= width - 6
                        size = GORA_NOTE_WIDE if fits else GORA_NOTE_WIDE - 1
                    note = ft.Text(said, size=size, color=tone, no_wrap=True,
                                   semantics_label="", overflow=ft.TextOverflow.ELLIPSIS)
                    lines.append(ft.Container(content=note, padding=ft.Padding.symmetric(horizontal=3)))
                content: ft.Control = ft.Column(
                    lines,
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                    alignment=ft.MainAxisAlignment.CENTER,
                )
                identifier = f"gora-{n}-{stage}"
                value = ", ".join(x for x in (meter.text, meter.note) if x)
                sums = gora_sums(self.variant, stage_sheet, lang)
                if sums:  # a tap says it both ways: by sign, and as the dice's sum against 63
                    title = f"{self.shell.t('gora')} · {player['name']} · {self.shell.t('stage_n', n=stage)}"
                    on_tap = self.shell.explaining(title, sums)
            elif row.kind == "extra":
                extra = int(stage_sheet["extra"])
                content = ft.Text(str(extra), size=17, weight=ft.FontWeight.BOLD, color=None if extra else theme.MUTED)
                identifier = f"extra-{n}-{stage}"
                value = str(extra)
            else:
                content = ft.Text(num(stage_sheet["total"]), size=17, weight=ft.FontWeight.BOLD)
                identifier = f"stage-total-{n}-{stage}"
                value = num(stage_sheet["total"])
            cell_box = tagged(
                ft.Container(content=content, width=width, height=OTHER_ROW_H, alignment=ft.Alignment.CENTER,
                             bgcolor=theme.CURRENT_COLUMN if current else None,
                             border=ft.Border.only(left=ft.BorderSide(0.5, theme.LINE)), on_click=on_tap),
                identifier,
            )
            # Whose cell it is, on a node around it (as a box): the cell's own text stays its number.
            cells.append(ft.Semantics(content=cell_box, label=cell_name(player["name"], text, value, self.shell.lang)))
        return label, cells, theme.SECTION if row.kind != "box" else None

    def _totals(self, state: State, sheet: dict[str, Any]) -> list[tuple[ft.Control, list[ft.Control], str | None]]:
        """The total (and fences) lines as (label, players' cells, background)."""
        t = self.shell.t
        width = self._cell_width(len(sheet["players"]))
        current_seat = state.seat if not state.finished else None

        def line(text: str, values: list[str], prefix: str, size: int = 16
                 ) -> tuple[ft.Control, list[ft.Control], str | None]:
            long = theme.long_label(text, self._name_width())  # «Всего в матче»: two smaller lines, not cut
            label = ft.Container(content=ft.Text(text, size=13 if long else 15, weight=ft.FontWeight.W_600,
                                                 max_lines=2, overflow=ft.TextOverflow.ELLIPSIS),
                                 width=self._name_width(), height=TOTAL_H, padding=ft.Padding.only(left=8),
                                 alignment=ft.Alignment.CENTER_LEFT)
            cells: list[ft.Control] = [
                ft.Semantics(  # whose total it is, around the cell: the cell's own text stays the number
                    content=tagged(
                        ft.Container(
                            content=ft.Text(v, size=size, weight=ft.FontWeight.BOLD),
                            width=width,
                            height=TOTAL_H,
                            alignment=ft.Alignment.CENTER,
                            bgcolor=theme.CURRENT_COLUMN if i == current_seat else None,
                        ),
                        f"{prefix}-{i + 1}",
                    ),
                    label=cell_name(player["name"], text, v, self.shell.lang),
                )
                for i, (v, player) in enumerate(zip(values, sheet["players"], strict=False))
            ]
            return label, cells, None

        # In a match the columns hold one game: the match itself is on the lines below them.
        lines = [line(t("game_total" if "match" in sheet else "total"), [num(p["total"]) for p in sheet["players"]],
                      "total", 19)]
        if self.variant.fences:
            lines.append(line(t("fences"), [num(p["fences"]) for p in sheet["players"]], "fences"))
        lines += [line(row.label, row.values, row.key, 17) for row in match_rows(sheet, self.shell.lang)]
        self._grey_sitting_out(lines[:1], sheet)
        return lines

    def _match_news(self, state: State, sheet: dict[str, Any]) -> list[ft.Control]:
        """Under the turn line, in a match: the match at a glance, and the news of the game that
        just ended until the next one has its first box (for every screen showing the game)."""
        shown: list[ft.Control] = []
        line = match_line(sheet, self.shell.lang)
        if line:
            shown.append(ft.Container(
                # Once the match is over the line is its whole story (every game, the deciding
                # extra game last): all of it, wrapped, not cut after two lines (nor after one: Flutter cuts
                # a text that may end in «…» and has no line limit after its first line).
                content=tagged(ft.Text(line, size=13, color=theme.MUTED, max_lines=None if sheet["finished"] else 2,
                                       overflow=ft.TextOverflow.CLIP if sheet["finished"] else ft.TextOverflow.ELLIPSIS),
                               "match-line"),
                padding=ft.Padding.only(left=12, right=12, bottom=4),
            ))
        news = game_over_note(state, self.shell.lang)
        if news:
            look = tagged(ft.TextButton(content=ft.Text(self.shell.t("game_over_sheet"), size=15),
                                        on_click=lambda _: self._show_game_over(), height=theme.TAP),
                          "game-over-sheet")
            shown.append(tagged(
                ft.Container(
                    content=ft.Row([ft.Icon(ft.Icons.FLAG, size=18, color=ft.Colors.ON_TERTIARY_CONTAINER),
                                    ft.Text(news, size=14, weight=ft.FontWeight.W_600, expand=True,
                                            color=ft.Colors.ON_TERTIARY_CONTAINER)],
                                   spacing=8, vertical_alignment=ft.CrossAxisAlignment.START),
                    bgcolor=ft.Colors.TERTIARY_CONTAINER,
                    border_radius=10,
                    padding=ft.Padding.symmetric(horizontal=10, vertical=6),
                    margin=ft.Margin.only(left=8, right=8, bottom=4),
                ),
                "game-over-note",
                live_region=True,
            ))
            shown.append(ft.Container(content=ft.Row([look], alignment=ft.MainAxisAlignment.END),
                                      margin=ft.Margin.only(right=8)))
        return shown

    def _show_game_over(self) -> None:
        """The sheet of the match's game that just ended, as History keeps it; Back returns here."""
        from scorekeeper.app.history.view import GameSheetScreen

        game_id, shell = self.service.game_id, self.shell
        screen = GameSheetScreen(shell, game_id, back=lambda: shell.open_game(game_id))
        screen.game_shown = len(self.seen.games) - 1
        shell.show(lambda: screen)

    @staticmethod
    def _stripes(parts: list[tuple[ft.Control, list[ft.Control], str | None]], left: bool = True,
                 right: bool = True, lines: bool = True) -> list[ft.Control]:
        """Rows of the sheet from their parts: the names, the cells, or both side by side."""
        stripes: list[ft.Control] = []
        for label, cells, bg in parts:
            shown = ([label] if left else []) + (cells if right else [])
            stripes.append(ft.Container(
                content=ft.Row(shown, spacing=0),
                bgcolor=bg,
                border=ft.Border.only(bottom=ft.BorderSide(LINE_W, theme.LINE)) if lines else None,
            ))
        return stripes

    def build(self) -> ft.Control:
        """Header, turn line, stage picker, the grid, totals, dice."""
        s = self.shell
        t = s.t
        state = self.service.state
        if self._missed:  # the game moved on while the tab was away: its dice as they lie now
            self._missed = False
            self.dice.forget_typed()
            self._sync_dice(state)
            self.viewing_stage = None
        self.shown_player = state.player_name
        self.seen = state
        stage = self.viewing_stage or state.stage
        undo = tagged(
            ft.IconButton(icon=named_icon(ft.Icons.UNDO, t("undo")), on_click=self._undo, tooltip=t("undo"),
                          width=theme.TAP, height=theme.TAP, disabled=not state.can_undo()),
            "undo",
        )
        rules = tagged(
            ft.IconButton(icon=named_icon(ft.Icons.INFO_OUTLINE, t("game_rules")), on_click=self._show_rules,
                          tooltip=t("game_rules"), width=theme.TAP_MIN, height=theme.TAP),
            "game-rules",
        )
        # The rules say whether any box can be struck now (Yahtzee: only after a throw; «Покер с
        # оградами»: before one too, for fences): the button is off until one can.
        can_strike = not state.finished and any(state.can_cross_out(box, self._writing_stage())
                                                for box in self.variant.box_ids)
        if not can_strike:
            self.crossing = False
        turn_text = (t("cross_out_armed", player=state.player_name or "") if self.crossing  # whose box it is, still
                     else turn_line(state, s.lang))
        banked = state.variant.throws - state.throws if self.crossing and self.variant.fences else 0
        if banked > 0:  # what striking now earns in «Покер с оградами»
            turn_text += " " + t("cross_out_fences", n=banked,
                                 word=plural_ru(banked, "ограда", "ограды", "оград"), s="" if banked == 1 else "s")
        chances = upper_chances(state, s.lang)
        turn_label = tagged(ft.Text(turn_text, size=17, weight=ft.FontWeight.W_600, max_lines=2,
                                    overflow=ft.TextOverflow.ELLIPSIS,
                                    color=ft.Colors.ERROR if self.crossing else None,
                                    semantics_label=turn_text.replace("\u00a0", " ")), "turn")
        cross = tagged(
            (ft.FilledButton if self.crossing else ft.OutlinedButton)(
                content=ft.Row([ft.Icon(ft.Icons.BLOCK, size=18),
                                # Armed, a second tap gives up crossing out: the name says so.
                                ft.Text(t("cross_out"),
                                        semantics_label=t("cross_out_cancel") if self.crossing else None)],
                               spacing=4),
                on_click=self._toggle_cross_out,
                height=44,
                disabled=not can_strike,
            ),
            "cross-out",
            selected=self.crossing,
        )
        if state.finished:
            started = self._news[1] is not None  # from another phone: this button joins it
            cross = tagged(
                ft.FilledButton(content=t("rematch_join" if started else "rematch"), on_click=lambda _: self._rematch(),
                                height=44),
                "rematch",
            )
        elif not can_strike and state.can_miss():
            # Football before the tour's goals are in: where nothing can be struck yet, the organiser
            # can close a participant's missed tour (RULES.md §5.2).
            cross = tagged(
                ft.OutlinedButton(content=ft.Row([ft.Icon(ft.Icons.EVENT_BUSY, size=18), ft.Text(t("missed_tour"))],
                                                 spacing=4),
                                  on_click=lambda _: self._miss(), height=44),
                "missed-tour",
            )
        bar: list[ft.Control]
        if chances:
            # The turn takes the whole width; below it the chances line, a tap target of its own
            # (the whole line, TAP_MIN tall, beside the cross-out button) that explains them.
            help_text = (t("chances_help" if self.variant.fences else "chances_help_no_fences")
                         + (t("chances_help_mid_turn") if state.dice is not None else ""))
            outlook = tagged(
                ft.Container(
                    content=ft.Text(chances, size=13, color=theme.MUTED),
                    on_click=lambda _: s.explain(t("chances_title"), help_text),
                    height=theme.TAP_MIN,
                    alignment=ft.Alignment.CENTER_LEFT,
                    padding=ft.Padding.only(left=12),
                ),
                "upper-outlook",
                # Named by what it shows (the chances); the tap gives the explanation.
                expand=True,  # type: ignore[arg-type]
            )
            bar = [
                ft.Container(content=turn_label, padding=ft.Padding.only(left=12, right=12, top=6)),
                ft.Container(content=ft.Row([outlook, cross], spacing=4,
                                            vertical_alignment=ft.CrossAxisAlignment.CENTER),
                             padding=ft.Padding.only(right=BAR_MARGIN)),
            ]
        else:
            turn = ft.Container(content=turn_label, padding=ft.Padding.symmetric(horizontal=12, vertical=6),
                                expand=True)
            bar = [ft.Container(content=ft.Row([turn, cross], spacing=4), padding=ft.Padding.only(right=BAR_MARGIN))]
        name = self.variant.name.in_(s.lang)
        # a long name («Покер (энциклопедия)») a size smaller, to fit beside the header's buttons on a phone
        title: ft.Control = ft.Text(name, size=20 if len(name) <= TITLE_CHARS else 17, weight=ft.FontWeight.W_600,
                                    no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS)
        if self.variant.stages > 1:
            # The stages replace the title: the current one is marked with a dot. Each chip has a
            # fixed width so that the row never runs under the rules button (a button's own least
            # width, 64 px, made three of them overflow a 360 px phone's header).
            chip_w, say_stage = self._stage_chips_fit(self.shell.width - (self._panel_width() or 0))
            chips: list[ft.Control] = [ft.Text(t("stage"), size=16, color=theme.MUTED, no_wrap=True)] if say_stage else []
            for n in range(1, self.variant.stages + 1):
                shown = n == stage

                def pick(_: Any, n: int = n) -> None:
                    self.viewing_stage = n
                    s.redraw()

                playing = n == state.stage and not state.finished
                mark = " •" if playing else ""
                # The button says which stage it opens, and that the stage is being played (the dot).
                spoken = t("stage_chip_current" if playing else "stage_chip", n=n)
                chips.append(
                    tagged(
                        (ft.FilledTonalButton if shown else ft.TextButton)(
                            content=ft.Text(f"{n}{mark}", size=17, weight=ft.FontWeight.W_600,
                                            semantics_label=spoken),
                            on_click=pick,
                            height=44,
                            width=chip_w,
                            style=ft.ButtonStyle(padding=ft.Padding.all(0)),
                        ),
                        f"stage-{n}",
                        selected=shown,
                    )
                )
            title = ft.Row(chips, spacing=STAGE_CHIP_GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)
        log = self.service.moves()
        undone = undo_note(log, s.lang)
        if undone:
            # What the last Undo took back, on every screen of the game, until the next action.
            bar.append(_note(ft.Icons.UNDO, undone, "undone-note"))
        if self._news[0] and not state.finished:
            self._news = self._saved_news()  # an action since (on any phone) resumed it
        if self._news[0] and not state.finished:
            bar.append(_note(ft.Icons.PAUSE_CIRCLE_OUTLINE, t("set_aside_note"), "set-aside-note"))
        # The moves of the game on the sheet alone: a match's earlier games have their own sheets.
        game_index = len(state.games) - (1 if state.finished else 0)
        turns = turns_played(state, s.lang, limit=8, log=[m for m in log if len(m.before.games) == game_index])
        turns_list = ft.Container(
            content=ft.Column(
                [ft.Text(t("turns_played"), size=14, weight=ft.FontWeight.W_600, color=theme.MUTED),
                 *[ft.Text(line, size=13, color=theme.MUTED) for line in turns]],
                spacing=2,
            ),
            padding=ft.Padding.only(left=8, top=10, bottom=10),
            visible=bool(turns),
        )
        sheet = state.sheet()
        bar += self._match_news(state, sheet)
        parts, totals = self._grid_parts(state, sheet, stage), self._totals(state, sheet)
        # The players' names stay above the boxes as they scroll: whose column is whose stays in view.
        players_row, rows = parts[:1], parts[1:]
        totals_box = ft.Container(border=ft.Border.only(top=ft.BorderSide(1, theme.LINE)))
        self._sideways = None
        if len(state.players) <= theme.PLAYERS_WITHOUT_SCROLL:
            names_box: ft.Control = ft.Column(self._stripes(players_row), spacing=0)
            grid = ft.Column([*self._stripes(rows), turns_list], spacing=0, scroll=ft.ScrollMode.AUTO, expand=True,
                             on_scroll=self._scrolled, scroll_interval=SCROLL_EVERY_MS)
            totals_box.content = ft.Column(self._stripes(totals, lines=False), spacing=0)
        else:
            # Many players: the box names stay put, the players' columns (their names and totals
            # with them) scroll sideways, and the current player's column is brought into view
            # after each change.
            totals_cells = ft.Row([ft.Column(self._stripes(totals, left=False, lines=False), spacing=0)],
                                  scroll=ft.ScrollMode.HIDDEN, expand=True)
            name_cells = ft.Row([ft.Column(self._stripes(players_row, left=False), spacing=0)],
                                scroll=ft.ScrollMode.HIDDEN, expand=True)

            async def follow(e: Any) -> None:
                await totals_cells.scroll_to(offset=e.pixels, duration=0)
                await name_cells.scroll_to(offset=e.pixels, duration=0)

            width = self._cell_width(len(state.players))
            # where each player's column starts, to bring it into view (after_mount)
            starts = ft.Row([ft.Container(width=width, height=0, key=ft.ScrollKey(f"seat-{i + 1}"))  # type: ignore[call-arg]
                             for i in range(len(state.players))], spacing=0)
            cells = ft.Row([ft.Column([starts, *self._stripes(rows, left=False)], spacing=0)],
                           scroll=ft.ScrollMode.AUTO, expand=True, on_scroll=follow, scroll_interval=30)
            self._sideways = cells
            labels = ft.Column(self._stripes(rows, right=False), spacing=0, width=self._name_width())
            grid = ft.Column([ft.Row([labels, cells], spacing=0, vertical_alignment=ft.CrossAxisAlignment.START),
                              turns_list], spacing=0, scroll=ft.ScrollMode.AUTO, expand=True,
                             on_scroll=self._scrolled, scroll_interval=SCROLL_EVERY_MS)
            names_box = ft.Row(
                [ft.Column(self._stripes(players_row, right=False), spacing=0, width=self._name_width()), name_cells],
                spacing=0,
            )
            totals_box.content = ft.Row(
                [ft.Column(self._stripes(totals, right=False, lines=False), spacing=0, width=self._name_width()),
                 totals_cells],
                spacing=0,
            )
        self._grid = grid
        table = ft.Column([names_box, grid, totals_box], spacing=0, expand=True)
        top = header(s, "", back=s.home, trailing=[rules, undo], title_control=title)
        sheet_area = ft.Container(content=table, expand=True, padding=ft.Padding.symmetric(horizontal=8))
        panel_w = self._panel_width()
        self.dice.width = panel_w
        if panel_w is not None:
            # A phone held sideways: below the header there would be no room left for the boxes,
            # so the turn and the dice stand beside the sheet, the dice at the bottom for the thumb.
            side = ft.Column([*bar, ft.Container(expand=True), *([] if state.finished else [self.dice.build()])],
                             spacing=0)
            return ft.Row(
                [ft.Column([top, sheet_area], spacing=0, expand=True),
                 ft.Container(content=side, width=panel_w, bgcolor=ft.Colors.SURFACE_CONTAINER,
                              border=ft.Border.only(left=ft.BorderSide(1, theme.LINE)))],
                spacing=0,
                expand=True,
                vertical_alignment=ft.CrossAxisAlignment.STRETCH,
            )
        return ft.Column(
            [
                top,
                *bar,
                sheet_area,
                *([] if state.finished else [self.dice.build()]),  # a finished sheet takes the room
            ],
            spacing=0,
            expand=True,
        )
