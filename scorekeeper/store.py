"""SQLite store: games, their players and an append-only action log; results for statistics.

One file, WAL journal, `PRAGMA user_version` as the schema version with migrations from 1 on.
Each action is committed in its own transaction; a game is loaded by replaying its log.
Undo is an action like any other: nothing in the log is ever deleted or changed.
"""

from __future__ import annotations

import json
import sqlite3
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from scorekeeper.game import Action, State, from_payload, kind, replay, to_payload
from scorekeeper.results import insert_results, match_form, player_figures, results_rows
from scorekeeper.rules import VARIANT_IDS, Variant, get_variant
from scorekeeper.safety import safety_copy
from scorekeeper.schema import MIGRATIONS, SCHEMA_VERSION

__all__ = ["SCHEMA_VERSION", "GameInfo", "LogMovedOn", "Store", "StoreError", "insert_results", "match_form"]



class StoreError(Exception):
    """The file is not a scorekeeper database, is newer than this program, or lacks the game."""


class LogMovedOn(StoreError):
    """An action saved under a number the game's log already holds: another process writing the same
    file (a second server, the command line) saved the game's next action first."""


@dataclass(frozen=True)
class GameInfo:
    """A saved game's header: variant, options, players and dates."""

    id: int
    variant: str
    options: Mapping[str, Any]
    players: tuple[str, ...]
    created: str
    finished: str | None
    abandoned: str | None = None  # when an unfinished game was set aside

    def build_variant(self) -> Variant:
        """The variant with the game's options."""
        return get_variant(self.variant, **self.options)


def _insert_game(
    db: sqlite3.Connection, variant_id: str, options: Mapping[str, Any], players: Sequence[str],
    rematch_of: int | None = None,
) -> int:
    """Insert a game and its players (within the caller's transaction); its id."""
    cursor = db.execute(
        "INSERT INTO games (variant, options, created, rematch_of) VALUES (?, ?, ?, ?)",
        (variant_id, json.dumps(dict(options), ensure_ascii=False), _now(), rematch_of),
    )
    game_id = cursor.lastrowid
    assert game_id is not None
    db.executemany(
        "INSERT INTO players (game_id, seat, name) VALUES (?, ?, ?)",
        [(game_id, seat, name) for seat, name in enumerate(players)],
    )
    return game_id


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


class Store:
    """One SQLite file; safe to share between threads (a lock serialises its use)."""

    def __init__(self, path: str | Path, *, synchronous: str = "NORMAL", _reading: str | None = None) -> None:
        """`_reading` (Store.for_reading): the file is only read, as it is or through a URI query
        ("mode=ro", "immutable=1"); nothing is changed in it, an older one is brought up to date in
        memory."""
        self.path = str(path)
        self._in_memory = _reading is not None or self.path == ":memory:"  # nothing written beside it
        # WAL with synchronous=NORMAL keeps every commit through a crash of the program;
        # "FULL" also survives a power cut at the price of an fsync per action.
        try:
            if _reading:
                uri = f"{Path(path).resolve().as_uri()}?{_reading}"
                self._db = sqlite3.connect(uri, uri=True, check_same_thread=False, isolation_level=None)
            else:
                self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        except sqlite3.DatabaseError as error:
            raise StoreError(_open_problem(self.path, error)) from None
        try:
            self._db.execute("PRAGMA busy_timeout=5000")
            version = self._refuse_foreign()  # before any pragma that would change someone else's file
            if _reading is None:
                self._db.execute("PRAGMA journal_mode=WAL")
                self._db.execute(f"PRAGMA synchronous={synchronous}")
            elif version < SCHEMA_VERSION:  # an older (or empty) file: brought up to date in memory only
                memory = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
                self._db.backup(memory)
                self._db.close()
                self._db = memory
            self._db.execute("PRAGMA foreign_keys=ON")
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            self._db.close()
            raise StoreError(_open_problem(self.path, error)) from None
        except StoreError:
            self._db.close()
            raise
        self._lock = threading.RLock()
        self._migrate()

    @classmethod
    def for_reading(cls, path: str | Path) -> Store:
        """The file opened to be read, changing nothing in it: as usual where it may be written (a
        game being played in the app meanwhile is read as it stands), else read-only, writing
        nothing beside it either; where its folder holds no journal, no program can be writing the
        file, and it is read as it lies."""
        try:
            return cls(path, _reading="")
        except StoreError as error:
            if not _read_only(error):
                raise
        try:
            return cls(path, _reading="mode=ro")
        except StoreError as error:
            if Path(f"{path}-wal").exists() or not _read_only(error):
                raise
        return cls(path, _reading="immutable=1")

    def close(self) -> None:
        """Close the file."""
        with self._lock:
            self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction, all or nothing (a whole import is saved in one)."""
        return self._transaction()

    def safety_copy(self, reason: str) -> Path | None:
        """Copy the file beside itself before a risky change (safety.py); None for a file in memory."""
        with self._lock:
            return safety_copy(self._db, self.path, reason)

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _refuse_foreign(self) -> int:
        """The file's schema version; StoreError for a file that is not ours or is too new."""
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: schema version {version} is newer than this program's {SCHEMA_VERSION}")
        if version == 0:
            tables = self._db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables:
                raise StoreError(f"{self.path}: an SQLite file that is not a scorekeeper database")
        return version

    def _migrate(self) -> None:
        try:
            version = self._refuse_foreign()
        except (sqlite3.DatabaseError, UnicodeDecodeError) as error:
            raise StoreError(f"{self.path}: not a scorekeeper database ({error})") from None
        if 0 < version < SCHEMA_VERSION and not self._in_memory:
            self.safety_copy(f"schema{version}")
        for step in range(version, SCHEMA_VERSION):
            with self._transaction() as db:
                for statement in MIGRATIONS[step].split(";"):
                    if statement.strip():
                        db.execute(statement)
                if step + 1 == 4:
                    self._backfill_v4(db)
                db.execute(f"PRAGMA user_version={step + 1}")

    def _backfill_v4(self, db: sqlite3.Connection) -> None:
        """The new statistics of the games finished before schema 4, from their replay (a game that
        no longer replays keeps 0)."""
        earning = [v for v in VARIANT_IDS if get_variant(v).has_extras or get_variant(v).can_win_at_once]
        marks = ",".join("?" * len(earning))
        finished = db.execute(f"SELECT DISTINCT game_id FROM results WHERE variant IN ({marks})", earning).fetchall()
        for (game_id,) in finished:
            try:
                state = self.load(game_id)[1]
            except StoreError:
                continue
            for row in results_rows(game_id, state):
                db.execute("UPDATE results SET extra_points = ?, won_at_once = ? WHERE game_id = ? AND seat = ?",
                           (row[-2], row[-1], game_id, row[1]))

    @property
    def schema_version(self) -> int:
        """The file's schema version."""
        with self._lock:
            return int(self._db.execute("PRAGMA user_version").fetchone()[0])

    # --- writing ------------------------------------------------------------------------------
    def create_game(self, variant_id: str, options: Mapping[str, Any], players: Sequence[str]) -> int:
        """Save a new game with its players (one transaction); returns its id."""
        get_variant(variant_id, **options)  # unknown variants and options never reach the file
        with self._transaction() as db:
            return _insert_game(db, variant_id, options, players)

    def rematch(self, game_id: int, variant_id: str, options: Mapping[str, Any], players: Sequence[str]) -> int:
        """The game that plays finished game `game_id` again: the one saved already where any phone
        asked before (whatever it was asked with), else a new game of `variant_id`, `options` and
        `players`, saved as such (one transaction: two phones asking at once get the same game)."""
        get_variant(variant_id, **options)
        with self._transaction() as db:
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"{self.path}: no game {game_id}")
            if row[0] is None:
                raise StoreError(f"{self.path}: game {game_id} is not finished")
            again = db.execute("SELECT id FROM games WHERE rematch_of = ?", (game_id,)).fetchone()
            if again is not None:
                return int(again[0])
            return _insert_game(db, variant_id, options, players, rematch_of=game_id)

    def append_action(
        self, game_id: int, seq: int, action: Action, player: str | None, after: State | None = None
    ) -> None:
        """Commit one action as number `seq` of the game's log.

        `after` is the state the action leads to: when it finishes the match (or an undo reopens
        it) the results for statistics change in the same transaction. LogMovedOn, and nothing
        saved, where the log already holds action `seq` (another process on the same file wrote it).
        """
        payload = json.dumps(to_payload(action), ensure_ascii=False)
        with self._transaction() as db:
            try:
                db.execute(
                    "INSERT INTO actions (game_id, seq, kind, payload, player, created) VALUES (?, ?, ?, ?, ?, ?)",
                    (game_id, seq, kind(action), payload, player, _now()),
                )
            except sqlite3.IntegrityError:
                raise LogMovedOn(f"game {game_id}: its action {seq} was saved meanwhile by another program") from None
            db.execute("UPDATE games SET abandoned = NULL WHERE id = ? AND abandoned IS NOT NULL", (game_id,))
            if after is not None:
                was_finished = db.execute("SELECT finished FROM games WHERE id = ?", (game_id,)).fetchone()[0]
                if after.finished and was_finished is None:
                    db.execute("UPDATE games SET finished = ? WHERE id = ?", (_now(), game_id))
                    insert_results(db, game_id, after)
                elif not after.finished and was_finished is not None:
                    db.execute("UPDATE games SET finished = NULL WHERE id = ?", (game_id,))
                    db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))

    def set_aside(self, game_id: int, aside: bool = True) -> None:
        """Mark an unfinished game as set aside (it leaves the list of games to resume, and History
        says so), or take the mark back. Its sheet and log stay as they were; a finished game, or
        one that is not there, is StoreError and nothing changes."""
        with self._transaction() as db:
            row = db.execute("SELECT finished FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise StoreError(f"{self.path}: no game {game_id}")
            if row[0] is not None:
                raise StoreError(f"{self.path}: game {game_id} is finished")
            db.execute("UPDATE games SET abandoned = ? WHERE id = ?", (_now() if aside else None, game_id))

    # --- reading ------------------------------------------------------------------------------
    def game(self, game_id: int) -> GameInfo:
        """A saved game's header, or StoreError if there is none with this id."""
        with self._lock:
            row = self._db.execute(
                "SELECT id, variant, options, created, finished, abandoned FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if row is None:
                raise StoreError(f"{self.path}: no game {game_id}")
            names = self._db.execute(
                "SELECT name FROM players WHERE game_id = ? ORDER BY seat", (game_id,)
            ).fetchall()
        return GameInfo(row[0], row[1], json.loads(row[2]), tuple(n[0] for n in names), row[3], row[4], row[5])

    def rematch_id(self, game_id: int) -> int | None:
        """The id of the game that plays `game_id` again (Store.rematch), None while there is none."""
        with self._lock:
            row = self._db.execute("SELECT id FROM games WHERE rematch_of = ?", (game_id,)).fetchone()
        return None if row is None else int(row[0])

    def last_game_id(self) -> int | None:
        """The id of the most recently created game."""
        with self._lock:
            row = self._db.execute("SELECT max(id) FROM games").fetchone()
        return None if row[0] is None else int(row[0])

    def actions(self, game_id: int) -> list[Action]:
        """The game's whole log, undo actions included, in order."""
        with self._lock:
            rows = self._db.execute(
                "SELECT payload FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return [from_payload(json.loads(row[0])) for row in rows]

    def game_exists(self, game_id: int) -> bool:
        """A game with this id is saved."""
        with self._lock:
            return self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone() is not None

    def action_count(self, game_id: int) -> int:
        """How many actions the game's log holds."""
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM actions WHERE game_id = ?", (game_id,)).fetchone()[0])

    def load(self, game_id: int) -> tuple[GameInfo, State, int]:
        """The game's header, its state replayed from the log, and the log's length."""
        try:
            info = self.game(game_id)
            actions = self.actions(game_id)
            state = replay(info.build_variant(), info.players, actions)
        except (ValueError, TypeError, KeyError, AttributeError) as error:
            # options or a log this version of the rules cannot replay, or a damaged row
            raise StoreError(f"{self.path}: game {game_id} cannot be replayed: {error}") from None
        return info, state, len(actions)

    # --- history and statistics ------------------------------------------------------------------
    def known_names(self, limit: int = 50) -> list[str]:
        """Player names from earlier games, the most recently used first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT name FROM players GROUP BY name ORDER BY max(game_id * 100000 - seat) DESC LIMIT ?", (limit,)
            ).fetchall()
        return [r[0] for r in rows]

    def games(
        self, player: str | None = None, variant: str | None = None, limit: int = 100, offset: int = 0,
        *, open_only: bool = False,
    ) -> list[dict[str, Any]]:
        """Saved games, newest first, optionally those of one player and/or one variant, or only those
        still open (neither finished nor set aside): `limit` of them after skipping `offset`
        (`count_games` says how many there are in all)."""
        where, params = self._games_filter(player, variant, open_only)
        sql = ("SELECT g.id, g.variant, g.created, g.finished, g.abandoned, "
               "(SELECT group_concat(name, char(31)) FROM "
               "(SELECT name FROM players p WHERE p.game_id = g.id ORDER BY seat)), "
               "COALESCE((SELECT max(a.created) FROM actions a WHERE a.game_id = g.id), g.created), "
               "(SELECT group_concat(name, char(31)) FROM "
               "(SELECT name FROM results r WHERE r.game_id = g.id AND r.won = 1 ORDER BY seat)), g.options "
               f"FROM games g WHERE {where} ORDER BY g.id DESC LIMIT ? OFFSET ?")
        with self._lock:
            rows = self._db.execute(sql, [*params, limit, offset]).fetchall()
        return [
            {
                "id": r[0],
                "variant": r[1],
                "created": r[2],
                "finished": r[3],
                "abandoned": r[4],  # when an unfinished game was set aside, else None
                "players": r[5].split("\x1f") if r[5] else [],
                "winners": r[7].split("\x1f") if r[7] else [],
                "played": r[6],  # the last action's time (the creation time before any)
                "form": match_form(r[1], r[8]),  # '', 'series:N' or 'target:T' (match_form)
            }
            for r in rows
        ]

    def count_games(self, player: str | None = None, variant: str | None = None) -> int:
        """How many saved games `games` would list with no limit (and without `open_only`)."""
        where, params = self._games_filter(player, variant)
        with self._lock:
            return int(self._db.execute(f"SELECT count(*) FROM games g WHERE {where}", params).fetchone()[0])

    @staticmethod
    def _games_filter(player: str | None, variant: str | None, open_only: bool = False) -> tuple[str, list[Any]]:
        where, params = "g.finished IS NULL AND g.abandoned IS NULL" if open_only else "1", []
        if variant is not None:
            where += " AND g.variant = ?"
            params.append(variant)
        if player is not None:
            where += " AND EXISTS (SELECT 1 FROM players p WHERE p.game_id = g.id AND p.name = ?)"
            params.append(player)
        return where, params

    def player_stats(self, player: str | None = None, variant: str | None = None) -> list[dict[str, Any]]:
        """Per player, variant and form of play, over finished games: games, wins, average and best
        totals, upper premiums and penalties, fences earned and spent, points outside the boxes
        (extra Yahtzee bonuses) and games won at once (Generala servida).

        A match (a series, play to a target) counts as one game with the match's totals, and its
        figures are kept apart from single games and from matches of another length or target
        ("form": '' for single games, 'series:3', 'target:500'): their totals do not compare.
        """
        sql = ("SELECT r.name, r.variant, g.options, r.won, r.total, r.premiums, r.penalties, "
               "r.fences_earned, r.fences_spent, r.extra_points, r.won_at_once "
               "FROM results r JOIN games g ON g.id = r.game_id WHERE 1")
        params: list[Any] = []
        if player is not None:
            sql += " AND r.name = ?"
            params.append(player)
        if variant is not None:
            sql += " AND r.variant = ?"
            params.append(variant)
        with self._lock:
            rows = self._db.execute(sql, params).fetchall()
        return player_figures(rows)

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """A read-only query for tests and tools."""
        with self._lock:
            return list(self._db.execute(sql, params).fetchall())


def _open_problem(path: str, error: Exception) -> str:
    """Why the file cannot be used, in words: it cannot be opened or created where it is (a folder
    without permission to write, a read-only place), or it is no scorekeeper database."""
    if "unable to open" in str(error):
        return f"{path}: cannot open or create the file here (is its folder there, and may it be written to?)"
    if "readonly" in str(error):
        return f"{path}: the file may not be written to (read-only file or folder)"
    return f"{path}: not a scorekeeper database ({error})"


def _read_only(error: StoreError) -> bool:
    """The file could not be opened as usual because it or its folder may not be written to."""
    return "cannot open or create" in str(error) or "may not be written" in str(error)


