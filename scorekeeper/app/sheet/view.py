"""The sheet: a column per player, rows grouped as on paper, live previews, dice at the thumb.

Every action goes through the game's GameService; this screen redraws when the service says the
game changed (also when another tab or phone made the change). What a tap means is decided in
sheet/intent.py; the pieces drawn are in sheet/bar.py, sheet/grid.py, sheet/scroll.py and
widgets/score_grid.py.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme, unfinished
from scorekeeper.app.dice_entry.view import DicePanel
from scorekeeper.app.sheet import advice_view, bar, intent
from scorekeeper.app.sheet.grid import (
    LINE_W,
    OTHER_ROW_H,
    cell_width,
    live_stripes,
    name_width,
    panel_width,
)
from scorekeeper.app.sheet.model import (
    best_boxes,
    previews,
    row_span,
    turn_line,
    upper_chances,
    why_closed,
)
from scorekeeper.app.sheet.scroll import SheetScroll
from scorekeeper.app.sheet.turns import describe, turns_played, undo_note
from scorekeeper.app.shell import Shell
from scorekeeper.app.widgets.frame import header, named_icon, tagged
from scorekeeper.dice import InvalidDice
from scorekeeper.game import Action, GameError, Roll, RollWithoutDice, State
from scorekeeper.service import GameService
from scorekeeper.store import StoreError


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
        self.kept = intent.KeptDice()
        self.dice = DicePanel(shell, self.variant, self._roll, self._roll_without_dice, self._roll_from_photo)
        self.scroll = SheetScroll(len(self.service.state.games))
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
        """Keep the boxes where the player scrolled them, or bring the throw's best box into view."""
        state = self.service.state
        self.scroll.after_mount(self.shell.page.run_task, len(state.games), None if state.finished else state.seat,
                                self._best_spans, self.shell.height)

    def _best_spans(self) -> list[tuple[float, float]]:
        """Where the boxes the throw makes best (upper and lower) lie in the grid (none: it makes none)."""
        state = self.service.state
        best = best_boxes(self.variant, self._hints(state, self.viewing_stage or state.stage))
        return [row_span(self.variant, box, 0.0, theme.ROW_H, OTHER_ROW_H, LINE_W) for box in best]

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
        kept = self.kept.through(state) if skipped else None
        self.dice.sync(state.dice.values if state.dice is not None else None, enabled=enabled, why_not=why_not,
                       can_skip=state.can_roll_without_dice(), skipped=skipped, kept=kept, moment=state)
        restored = self.kept.restored(state, enabled)
        if restored is not None:
            self.dice.entry.values = restored
            self.dice.entry.changed = True

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

    def _make(self, move: intent.Move, player: str | None, seen: State) -> bool:
        """Carry out a move decided on `seen`, in the name of `player` (the one this screen showed):
        if another phone moved the game on meanwhile, the service refuses it."""
        service = self.service
        if move.kind == "undo":
            self.kept.undoing(seen)
            if not self._do(lambda: service.undo(1, seen=seen), made=False):
                self.kept.undo_refused()
                return False
            return True
        if move.kind == "miss":
            return self._do(lambda: service.miss(player=player, seen=seen))
        assert move.box is not None
        box = move.box
        if move.kind == "cross_out":
            return self._do(lambda: service.cross_out(box, stage=move.stage, player=player, seen=seen))
        return self._do(lambda: service.score(box, value=move.value, stage=move.stage, player=player, seen=seen))

    def _follow(self, outcome: intent.Outcome) -> None:
        """Make the move, or show the explanation with the moves it offers (made on the state it
        was asked on)."""
        player, seen = self.shown_player, self.seen
        if isinstance(outcome, intent.Move):
            self._make(outcome, player, seen)
            return

        def making(move: intent.Move) -> Callable[[], object]:
            return lambda: self._make(move, player, seen)

        offers = [(o.identifier, o.label, making(o.move)) for o in outcome.offers]
        self.shell.explain(outcome.title, outcome.reason, offers or None, dismiss=outcome.dismiss)

    def _roll(self, values: tuple[int, ...], seen: State | None = None) -> None:
        self.scroll.reveal = True  # before the action: its redraw may come before _do returns
        seen = seen or self.seen
        if not self._do(lambda: self.service.roll(values, player=self.shown_player, seen=seen)):
            self.scroll.reveal = False
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
        self.kept.remember(self.seen, kept)
        return True

    def _undo(self, _: Any) -> None:
        s = self.shell
        self._follow(intent.undo(self.seen, self.service.state, self.service.entered_on, id(s), s.lang))

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

    def _toggle_cross_out(self, _: Any = None) -> None:
        self.crossing = not self.crossing
        self.shell.redraw()

    def _writing_stage(self) -> int | None:
        """The stage a tapped box is written in: the one shown where the player chooses the stage
        (stage_order "any"), else None (the game's current stage)."""
        if self.variant.stage_order != "any":
            return None
        return self.viewing_stage or self.seen.stage

    def _tap_box(self, box_id: str) -> None:
        crossing, self.crossing = self.crossing, False
        outcome = intent.tap_box(self.seen, box_id, self._writing_stage(), crossing, self.shell.lang)
        if crossing:
            assert isinstance(outcome, intent.Move)
            if not self._make(outcome, self.shown_player, self.seen):
                self.shell.redraw()
            return
        self._follow(outcome)

    def _pick_value(self, box_id: str) -> None:
        """Long press on a box where the player picks the value (which pair): offer each one."""
        self._follow(intent.pick_value(self.seen, box_id, self._writing_stage(), self.shell.lang))

    def _show_game_over(self) -> None:
        """The sheet of the match's game that just ended, as History keeps it; Back returns here."""
        game_id, shell = self.service.game_id, self.shell
        shell.go(f"/history/{game_id}", back=lambda: shell.open_game(game_id), game_shown=len(self.seen.games) - 1)

    def _pick_stage(self, n: int) -> None:
        self.viewing_stage = n
        self.shell.redraw()

    # --- sizes (the box names' column, a player's, the dice panel's beside the sheet) ------------
    def _name_width(self) -> float:
        return name_width(self.shell.width - (self._panel_width() or 0), len(self.service.state.players))

    def _panel_width(self) -> float | None:
        return panel_width(self.shell.width) if self.shell.sideways else None

    def _cell_width(self, players: int) -> float:
        return cell_width(self.shell.width - (self._panel_width() or 0), self._name_width(), players)

    # --- the grid --------------------------------------------------------------------------------
    def _why_closed(self, seat: int, stage: int, box_id: str) -> None:
        """A tap on a box that takes nothing now: say why (another player's turn, written already)."""
        s = self.shell
        state = self.seen
        reason = why_closed(state.sheet(), state, seat, stage, box_id, s.lang)
        if reason is not None:
            s.explain(self.variant.box(box_id).name.in_(s.lang), reason)

    # --- the screen ------------------------------------------------------------------------------
    def _bar(self, state: State, sheet: dict[str, Any], log: list[Any]) -> list[ft.Control]:
        """The turn line and its button, the chances, and the news of the game."""
        s = self.shell
        strike = intent.can_strike(state, self._writing_stage())
        if not strike:
            self.crossing = False
        turn_text = intent.strike_words(state, s.lang) if self.crossing else turn_line(state, s.lang)
        button = bar.action_button(s.t, state, self.crossing, strike, self._news[1] is not None,
                                   self._toggle_cross_out, self._rematch,
                                   lambda: self._follow(intent.miss(self.seen, self.shown_player, s.lang)))
        if state.finished:
            button = bar.game_over_actions(s, self.service.game_id, button)
        shown = bar.turn_bar(s, state, turn_text, self.crossing, upper_chances(state, s.lang), button)
        shown += advice_view.show(s, state, self.dice, self.service.game_id)  # the hint, or the review
        undone = undo_note(log, s.lang)
        if undone:  # what the last Undo took back, on every screen of the game, until the next action
            shown.append(bar.note(ft.Icons.UNDO, undone, "undone-note"))
        if self._news[0] and not state.finished:
            self._news = self._saved_news()  # an action since (on any phone) resumed it
        if self._news[0] and not state.finished:
            shown.append(bar.note(ft.Icons.PAUSE_CIRCLE_OUTLINE, s.t("set_aside_note"), "set-aside-note"))
        return shown + bar.match_news(s, state, sheet, self._show_game_over)

    def build(self) -> ft.Control:
        """Header, turn line, the grid, totals, dice (beside the sheet on a phone held sideways)."""
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
            ft.IconButton(icon=named_icon(ft.Icons.INFO_OUTLINE, t("game_rules")), tooltip=t("game_rules"),
                          on_click=lambda _: bar.show_rules(s, self.service.info, self.variant),
                          width=theme.TAP_MIN, height=theme.TAP),
            "game-rules",
        )
        sheet = state.sheet()
        log = self.service.moves()
        shown = self._bar(state, sheet, log)
        title = bar.title(s, self.variant, state, stage, s.width - (self._panel_width() or 0), self._pick_stage)
        # The moves of the game on the sheet alone: a match's earlier games have their own sheets.
        game_index = len(state.games) - (1 if state.finished else 0)
        turns = turns_played(state, s.lang, limit=8, log=[m for m in log if len(m.before.games) == game_index])
        parts = live_stripes(s, state, sheet, stage, self._name_width(), self._cell_width(len(state.players)),
                             self._hints(state, stage), self._writing_stage(), self.crossing,
                             self._tap_box, self._why_closed, self._pick_value)
        table = self.scroll.table(*parts, len(state.players), self._name_width(),
                                  self._cell_width(len(state.players)), bar.turns_list(t, turns))
        top = header(s, "", back=s.home, trailing=[rules, undo], title_control=title)
        sheet_area = ft.Container(content=table, expand=True, padding=ft.Padding.symmetric(horizontal=8))
        panel_w = self._panel_width()
        self.dice.width = panel_w
        dice = [] if state.finished else [self.dice.build()]  # a finished sheet takes the room
        if panel_w is None:
            return ft.Column([top, *shown, sheet_area, *dice], spacing=0, expand=True)
        # A phone held sideways: below the header there would be no room left for the boxes, so the
        # turn and the dice stand beside the sheet, the dice at the bottom for the thumb.
        side = ft.Column([*shown, ft.Container(expand=True), *dice], spacing=0)
        return ft.Row(
            [ft.Column([top, sheet_area], spacing=0, expand=True),
             ft.Container(content=side, width=panel_w, bgcolor=ft.Colors.SURFACE_CONTAINER,
                          border=ft.Border.only(left=ft.BorderSide(1, theme.LINE)))],
            spacing=0,
            expand=True,
            vertical_alignment=ft.CrossAxisAlignment.STRETCH,
        )
