"""GameService: the only writer of a game. Verify against the latest state, save, apply, broadcast.

One service per open game (GameService.open returns the same one for the same store and game), so
two phones at the table write through one lock and both hear every change.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from scorekeeper.game import (
    Action,
    CrossOut,
    GameError,
    Miss,
    Roll,
    RollWithoutDice,
    Score,
    State,
    Undo,
    apply,
    new_game,
    verify_actor,
)
from scorekeeper.game.moves import Move, Played, mark_undone, replay_moves
from scorekeeper.i18n import Text
from scorekeeper.rules import get_variant
from scorekeeper.store import GameInfo, LogMovedOn, Store

log = logging.getLogger(__name__)

Listener = Callable[[State, Action], None]


class GameMovedOn(GameError):
    """An action chosen on a screen that had not yet shown the game's latest change (two phones
    entering the same throw, or both pressing Undo): it is refused, not applied twice."""

    rule = "game_moved_on"

    def __init__(self) -> None:
        super().__init__(Text(
            "Тем временем игру изменили на другом экране: посмотрите на лист и повторите, если нужно.",
            "Meanwhile the game was changed on another screen: look at the sheet and try again if need be.",
        ))


class GameService:
    """One open game: its state, the store it is saved in, and the listeners to tell."""

    _open: ClassVar[dict[tuple[int, int], GameService]] = {}
    _open_lock: ClassVar[threading.Lock] = threading.Lock()

    def __init__(self, store: Store, info: GameInfo, state: State, saved: int) -> None:
        self.store = store
        self.info = info
        self._state = state
        self._saved = saved  # actions in the log, undo actions included
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self._played: list[Played] | None = None  # the whole log with its states, read on first need
        # The device each state was entered on, by the state's id (the app's screens fill it in): an Undo
        # of a move entered on another device asks first. Empty after a restart.
        self.entered_on: dict[int, tuple[State, object]] = {}

    @classmethod
    def open(cls, store: Store, game_id: int) -> GameService:
        """The service of a saved game (replayed from its log); the same object while it is open."""
        with cls._open_lock:
            key = (id(store), game_id)
            service = cls._open.get(key)
            if service is None or service.store is not store:
                info, state, saved = store.load(game_id)
                service = cls(store, info, state, saved)
                cls._open[key] = service
            return service

    @classmethod
    def opened(cls, store: Store, game_id: int) -> GameService | None:
        """The game's service where it is open (its latest state at hand, no replay), else None."""
        with cls._open_lock:
            service = cls._open.get((id(store), game_id))
        return service if service is not None and service.store is store else None

    @classmethod
    def create(
        cls, store: Store, variant_id: str, players: Sequence[str], options: Mapping[str, Any] | None = None
    ) -> GameService:
        """Start and save a new game; raises RulesInputError / InvalidAction on bad set-up."""
        options = dict(options or {})
        new_game(get_variant(variant_id, **options), players)  # checks the players before anything is saved
        game_id = store.create_game(variant_id, options, players)
        return cls.open(store, game_id)

    @classmethod
    def rematch(cls, store: Store, info: GameInfo) -> GameService:
        """The game that plays finished game `info` again («Ещё партию»): of the same variant,
        options and players, the next player at the table starting (the first goes last), so that
        over an evening each starts in turn. One per finished game: where another phone asked
        first, its game (StoreError where `info`'s game is not finished)."""
        players = [*info.players[1:], *info.players[:1]]
        new_game(get_variant(info.variant, **info.options), players)
        return cls.open(store, store.rematch(info.id, info.variant, info.options, players))

    def close(self) -> None:
        """Forget this open game (listeners dropped); the store stays open."""
        with type(self)._open_lock:
            type(self)._open.pop((id(self.store), self.info.id), None)
        with self._lock:
            self._listeners.clear()

    @property
    def game_id(self) -> int:
        """The saved game's id."""
        return self.info.id

    @property
    def state(self) -> State:
        """The latest state (immutable: safe to read from any thread)."""
        return self._state

    @property
    def saved_actions(self) -> int:
        """How many actions the log holds (undo actions included)."""
        return self._saved

    def moves(self) -> list[Move]:
        """Every action of the log in order, undo actions included, each marked if taken back."""
        with self._lock:
            if self._played is None:
                start = new_game(self._state.variant, self.info.players)
                log = replay_moves(start, self.store.actions(self.info.id))
                self._played = [(m.before, m.action, m.after) for m in log]
            return mark_undone(self._played)

    def subscribe(self, callback: Listener) -> Callable[[], None]:
        """Call `callback(state, action)` after every saved action; returns the unsubscribe."""
        with self._lock:
            self._listeners.append(callback)

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._listeners:
                    self._listeners.remove(callback)

        return unsubscribe

    def act(self, action: Action, player: str | None = None, seen: State | None = None) -> State:
        """Verify `action` (and that it is `player`'s turn, if given; and that `seen`, the state
        the action was chosen on, is still the latest) against the latest state, commit it, make
        the new state current and tell the listeners. Raises without saving."""
        with self._lock:
            state = self._state
            if seen is not None and seen is not state:
                raise GameMovedOn()
            if player is not None:
                verify_actor(state, action, player)
            after = apply(state, action)  # verifies; nothing is saved if it raises
            try:
                self.store.append_action(self.info.id, self._saved + 1, action, state.player_name, after)
            except LogMovedOn:  # another process on the same file moved the game on: catch up with it
                self._reload()
                raise GameMovedOn() from None
            self._saved += 1
            self._state = after
            if self._played is not None:
                self._played.append((state, action, after))
            self._tell(after, action)
            return after

    def _tell(self, state: State, action: Action) -> None:
        for listener in list(self._listeners):
            try:
                listener(state, action)
            except Exception:  # one broken view must not stop the game or the others
                log.exception("game %s: listener failed", self.info.id)

    def catch_up(self) -> None:
        """Replay the game as its log now stands, where something else added to it (an import)."""
        with self._lock:
            self._reload()

    def _reload(self) -> None:
        """The game as its log now stands, replayed, and the listeners told (with its last action)."""
        self.info, self._state, self._saved = self.store.load(self.info.id)
        self._played = None
        if self._state.last_action is not None:
            self._tell(self._state, self._state.last_action)

    def roll(self, values: Sequence[Any], player: str | None = None, seen: State | None = None) -> State:
        """Record a throw: the five values as they lie now."""
        return self.act(Roll.of(values), player, seen)

    def roll_without_dice(self, player: str | None = None, seen: State | None = None,
                          kept: Sequence[int] = ()) -> State:
        """Record a throw whose dice the player does not enter (a later throw of the turn gives them),
        with the dice they kept from it."""
        return self.act(RollWithoutDice.of(list(kept)), player, seen)  # checked as a script's would be

    def score(self, box: str, value: int | None = None, stage: int | None = None, player: str | None = None,
              seen: State | None = None) -> State:
        """Write a box with the current dice (`value`: the player's pick, e.g. which pair)."""
        return self.act(Score(box, value, stage), player, seen)

    def cross_out(self, box: str, stage: int | None = None, player: str | None = None,
                  seen: State | None = None) -> State:
        """Strike a box (0)."""
        return self.act(CrossOut(box, stage), player, seen)

    def miss(self, player: str | None = None, seen: State | None = None) -> State:
        """The organiser closes the current player's missed football tour."""
        return self.act(Miss(), player, seen)

    def undo(self, n: int = 1, seen: State | None = None) -> State:
        """Take back the last n effective actions (saved as an undo action)."""
        return self.act(Undo(n), seen=seen)

