"""The JSON exchange file: saved games written out, and saved back once read (reading.py replays them).

A game is the same game when it has the same variant, options, players and creation time (to the
millisecond): its birth does not change while it is played on, so a game exported unfinished, played
on elsewhere and imported back is recognised, and its log is brought up to date. A `play` script
has no creation time; there the actions stand in for it.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from scorekeeper.game import State, from_payload, kind
from scorekeeper.i18n import Text
from scorekeeper.store import Store, insert_results

FORMAT = "scorekeeper-games"
VERSION = 1


class ExchangeError(ValueError):
    """A file that cannot be imported: the message names the game and the action, in one line
    (English as str(); `text` in both languages)."""

    def __init__(self, text: Text) -> None:
        super().__init__(text.en)
        self.text = text


@dataclass(frozen=True)
class GameEntry:
    """One game of a file, replayed: what the database needs to hold it as it was."""

    label: Text  # "game 2 (id 7)": how messages name it
    variant: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    actions: tuple[dict[str, Any], ...]  # the payloads, without the "player" assertion
    turns: tuple[str | None, ...]  # whose turn it was at each action
    times: tuple[str | None, ...]
    created: str | None
    finished: str | None
    abandoned: str | None
    state: State
    source_id: int | None = None  # its id where it came from: kept where the database has it free

    @property
    def identity(self) -> str:
        """What makes two games the same game (the module's docstring)."""
        return identity(self.variant, self.options, self.players, self.created, self.actions)


@dataclass(frozen=True)
class ImportReport:
    """What an import did: the ids of the games added, how many were there already, and the games
    it carried on."""

    imported: tuple[int, ...]
    skipped: int
    updated: tuple[int, ...] = ()  # saved games the file carried on further (their new actions added)

    def as_dict(self) -> dict[str, int]:
        """The figures `scorekeeper import` prints ("updated" only where a game was carried on)."""
        figures = {"imported": len(self.imported), "skipped": self.skipped}
        if self.updated:
            figures["updated"] = len(self.updated)
        return figures


def identity(variant: str, options: Mapping[str, Any], players: Sequence[str], created: str | None,
             actions: Iterable[Mapping[str, Any]]) -> str:
    """A stable fingerprint of a game's birth (or of its actions, where it has no creation time)."""
    key: dict[str, Any] = {"variant": variant, "options": dict(options), "players": list(players)}
    if created is not None:
        key["created"] = created
    else:
        key["actions"] = [dict(a) for a in actions]
    text = json.dumps(key, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# --- export -----------------------------------------------------------------------------------
def export_game(store: Store, game_id: int) -> dict[str, Any]:
    """One saved game in the file's form: its header and its whole log in the `play` script form."""
    info = store.game(game_id)
    actions: list[dict[str, Any]] = []
    times: list[str] = []
    for payload, player, created in store.execute(
            "SELECT payload, player, created FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)):
        action = json.loads(payload)
        if player is not None:
            action["player"] = player
        actions.append(action)
        times.append(created)
    game: dict[str, Any] = {
        "id": info.id, "variant": info.variant, "options": dict(info.options), "players": list(info.players),
        "created": info.created, "finished": info.finished, "actions": actions, "action_times": times,
    }
    if info.abandoned is not None:
        game["abandoned"] = info.abandoned
    return game


def export_document(store: Store, game_ids: Sequence[int]) -> dict[str, Any]:
    """The exchange file of these games, in the order given."""
    return {"format": FORMAT, "version": VERSION, "games": [export_game(store, i) for i in game_ids]}


def export_text(store: Store, game_ids: Sequence[int]) -> str:
    """The exchange file as text: one game a line (a diff or a text editor shows games apart)."""
    document = export_document(store, game_ids)
    games = ",\n".join(json.dumps(g, ensure_ascii=False) for g in document["games"])
    return (f'{{"format": "{FORMAT}", "version": {VERSION}, "games": [\n'
            + games + ("\n" if games else "") + "]}\n")


# --- import ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class _Saved:
    """A game as the database holds it: its id (0: met earlier in the same file) and its log."""

    game_id: int
    actions: tuple[dict[str, Any], ...]


def _known(store: Store) -> dict[str, _Saved]:
    """The games saved, by fingerprint: by birth, and by actions for games imported from scripts."""
    players: dict[int, list[str]] = {}
    for game_id, name in store.execute("SELECT game_id, name FROM players ORDER BY game_id, seat"):
        players.setdefault(game_id, []).append(name)
    actions: dict[int, list[dict[str, Any]]] = {}
    for game_id, payload in store.execute("SELECT game_id, payload FROM actions ORDER BY game_id, seq"):
        actions.setdefault(game_id, []).append(json.loads(payload))
    known: dict[str, _Saved] = {}
    for game_id, variant_id, options, created in store.execute("SELECT id, variant, options, created FROM games"):
        log = tuple(actions.get(game_id, ()))
        opts, names = json.loads(options), players.get(game_id, [])
        saved = _Saved(game_id, log)
        known[identity(variant_id, opts, names, created, log)] = saved
        known.setdefault(identity(variant_id, opts, names, None, log), saved)
    return known


def import_document(store: Store, entries: Sequence[GameEntry]) -> ImportReport:
    """Save the games not in the database yet, all in one transaction. A game the database holds
    is skipped, unless the file's log goes on from where the saved one stops (the game was played
    on elsewhere): then the actions it lacks are added."""
    known = _known(store)
    fresh: list[GameEntry] = []
    longer: list[tuple[_Saved, GameEntry]] = []
    for entry in entries:
        saved = known.get(entry.identity)
        if saved is None:
            fresh.append(entry)
        elif saved.game_id and entry.actions[:len(saved.actions)] == saved.actions \
                and len(entry.actions) > len(saved.actions):
            longer.append((saved, entry))
        else:
            continue
        known[entry.identity] = _Saved(0, entry.actions)  # the same game again in this file is skipped
    if (fresh or longer) and store.last_game_id() is not None:  # an empty database has nothing to lose
        store.safety_copy("restore")
    now = datetime.now(UTC).isoformat(timespec="milliseconds")
    with store.transaction() as db:
        ids = tuple(_insert(db, entry, now) for entry in fresh)
        for saved, entry in longer:
            _extend(db, saved, entry, now)
    return ImportReport(ids, len(entries) - len(fresh) - len(longer), tuple(s.game_id for s, _ in longer))


def _actions_rows(game_id: int, entry: GameEntry, start: int, created: str) -> list[tuple[Any, ...]]:
    """The rows of the entry's actions from index `start` on."""
    rows = zip(entry.actions, entry.turns, entry.times, strict=True)
    return [(game_id, seq, kind(from_payload(payload)), json.dumps(payload, ensure_ascii=False), turn, time or created)
            for seq, (payload, turn, time) in enumerate(rows, start=1) if seq > start]


def _insert(db: sqlite3.Connection, entry: GameEntry, now: str) -> int:
    created = entry.created or now
    finished = entry.finished or (now if entry.state.finished else None)
    free = entry.source_id is not None and db.execute(
        "SELECT 1 FROM games WHERE id = ?", (entry.source_id,)).fetchone() is None
    cursor = db.execute(
        "INSERT INTO games (id, variant, options, created, finished, abandoned) VALUES (?, ?, ?, ?, ?, ?)",
        (entry.source_id if free else None, entry.variant, json.dumps(dict(entry.options), ensure_ascii=False),
         created, finished, None if entry.state.finished else entry.abandoned))
    game_id = int(cursor.lastrowid or 0)
    db.executemany("INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
                   [(game_id, seat, name) for seat, name in enumerate(entry.players)])
    db.executemany(_ACTION_ROW, _actions_rows(game_id, entry, 0, created))
    if entry.state.finished:
        insert_results(db, game_id, entry.state)
    return game_id


def _extend(db: sqlite3.Connection, saved: _Saved, entry: GameEntry, now: str) -> None:
    """Add the actions a saved game lacks; its end (and results) as the whole log has it."""
    game_id = saved.game_id
    db.executemany(_ACTION_ROW, _actions_rows(game_id, entry, len(saved.actions), entry.created or now))
    finished = (entry.finished or now) if entry.state.finished else None
    db.execute("UPDATE games SET finished = ?, abandoned = ? WHERE id = ?",
               (finished, None if finished else entry.abandoned, game_id))
    db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
    if entry.state.finished:
        insert_results(db, game_id, entry.state)


_ACTION_ROW = "INSERT INTO actions (game_id, seq, kind, payload, player, created) VALUES (?, ?, ?, ?, ?, ?)"
