"""News of the list of unfinished games, for every phone of this server: a game started, finished,
reopened by an Undo, abandoned or resumed, or played on (whose turn it is, which throw). Home
listens, so that a phone left on it lists a game started on another phone (and not an older game
of the same players to be resumed by mistake), and each game's line says where it stands."""

from __future__ import annotations

import logging
import threading
import weakref
from collections.abc import Callable

from scorekeeper.service import GameService
from scorekeeper.store import Store

log = logging.getLogger(__name__)

Listener = Callable[[], None]

_lock = threading.Lock()
_listeners: dict[int, list[Listener]] = {}  # by id(store): one server's phones share its store
_watched: weakref.WeakSet[GameService] = weakref.WeakSet()  # the open games whose ending is announced


def listen(store: Store, callback: Listener) -> Callable[[], None]:
    """Call `callback()` whenever the unfinished games of `store` change; returns the unsubscribe."""
    with _lock:
        _listeners.setdefault(id(store), []).append(callback)

    def stop() -> None:
        with _lock:
            listeners = _listeners.get(id(store), [])
            if callback in listeners:
                listeners.remove(callback)

    return stop


def changed(store: Store) -> None:
    """Tell every listener of `store` that its unfinished games changed."""
    with _lock:
        listeners = list(_listeners.get(id(store), []))
    for callback in listeners:
        try:
            callback()
        except Exception:  # one phone gone away must not keep the news from the others
            log.exception("a listener of the unfinished games failed")


def watch(service: GameService) -> None:
    """Announce each action of this open game: its turn line on Home changes, and its end or an
    Undo reopening it changes the list (once per open game)."""
    with _lock:
        if service in _watched:
            return
        _watched.add(service)
    service.subscribe(lambda _state, _action: changed(service.store))
