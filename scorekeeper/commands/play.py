"""`scorekeeper play SCRIPT.json [--db PATH]` and `scorekeeper show --db PATH [GAME_ID | --last]`."""

from __future__ import annotations

import argparse
import json
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from scorekeeper.commands import UsageError, parse_whole, print_json
from scorekeeper.dice import InvalidDice
from scorekeeper.game import (
    GameError,
    State,
    apply,
    from_payload,
    new_game,
    verify_actor,
)
from scorekeeper.rules import RulesInputError, get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store, StoreError


def _read_script(path: str) -> dict[str, Any]:
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a byte-order mark, as some editors write, is skipped
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot read the script ({error})") from None
    try:
        script = json.loads(text)
    except json.JSONDecodeError as error:
        raise UsageError(f"{path}: not valid JSON (line {error.lineno}, column {error.colno}: {error.msg})") from None
    if not isinstance(script, dict):
        raise UsageError(f"{path}: expected a JSON object with variant, players and actions")
    unknown = sorted(set(script) - {"variant", "options", "players", "actions"})
    if unknown:
        raise UsageError(f"{path}: unexpected keys {unknown}; expected variant, options, players, actions")
    if not isinstance(script.get("variant"), str):
        raise UsageError(f"{path}: \"variant\" must be a variant id such as \"ru_fences\"")
    options = script.get("options")
    if options is None:
        script["options"] = options = {}
    if not isinstance(options, dict):
        raise UsageError(f"{path}: \"options\" must be an object of option names and values")
    players = script.get("players")
    if (not isinstance(players, list) or not players
            or not all(isinstance(p, str) and p.strip() for p in players)):
        raise UsageError(f"{path}: \"players\" must be a non-empty list of names")
    actions = script.get("actions", [])
    if not isinstance(actions, list):
        raise UsageError(f"{path}: \"actions\" must be a list")
    script["actions"] = actions
    return script


def _describe(index: int, raw: Any) -> str:
    return f"action {index} {json.dumps(raw, ensure_ascii=False)}"


def _asserted_player(index: int, raw: Any) -> str | None:
    if not isinstance(raw, dict) or "player" not in raw:
        return None
    player = raw["player"]
    if not isinstance(player, str):  # no player's name: the wrong player, as CLI.md counts rules
        raise UsageError(f"{_describe(index, raw)}: not_your_turn: \"player\" must be a player's name, "
                         f"got {json.dumps(player)}")
    return player


def _db_path(raw: str) -> str:
    """The --db path, refused with a sentence where it cannot be a database file."""
    if not raw.strip():
        raise UsageError("--db: expected the path of an SQLite file, got an empty string")
    folder = Path(raw).parent
    if not folder.is_dir():
        raise UsageError(f"--db {raw}: no such folder {str(folder)!r}")
    return raw


@contextmanager
def _database_errors(path: str) -> Iterator[None]:
    """SQLite's own failures on the --db file (locked by another program, damaged) as one line."""
    try:
        yield
    except sqlite3.OperationalError as error:
        text = str(error)
        if "locked" in text or "busy" in text:
            raise UsageError(f"--db {path}: the file is locked by another program; "
                             "try again once it is closed") from None
        if "readonly" in text:
            raise UsageError(f"--db {path}: the file may not be written to (read-only)") from None
        raise UsageError(f"--db {path}: the file is damaged or not a scorekeeper database ({text})") from None
    except (sqlite3.Error, UnicodeDecodeError) as error:  # damaged text in the file's own tables
        raise UsageError(f"--db {path}: the file is damaged or not a scorekeeper database ({error})") from None


def run_play(args: argparse.Namespace) -> int:
    """Replay the script (saving it with --db) and print the sheet; exit 2 at the first bad action."""
    script = _read_script(args.script)
    try:
        variant = get_variant(script["variant"], **script["options"])
        state = new_game(variant, script["players"])
    except (RulesInputError, GameError) as error:
        raise UsageError(f"{args.script}: {error}") from None

    if args.db is None:
        print_json(_sheet(_replay(script, state, None), None))
        return 0
    path = _db_path(args.db)
    _replay({"actions": script["actions"][:1]}, state, None)  # a script broken from its first action saves no game
    store: Store | None = None
    try:
        with _database_errors(path):
            try:
                store = Store(path)
                service = GameService.create(store, variant.id, script["players"], script["options"])
            except StoreError as error:
                raise UsageError(f"--db {path}: {error}") from None
            print_json(_sheet(_replay(script, service.state, service), service))
    finally:
        if store is not None:
            store.close()
    return 0


def _replay(script: dict[str, Any], state: State, service: GameService | None) -> State:
    """The script's actions taken one by one (each saved by `service` where given); the first
    that breaks a rule or is malformed stops the replay with a UsageError naming it."""
    for index, raw in enumerate(script["actions"]):
        try:
            action = from_payload(raw)
            player = _asserted_player(index, raw)
            if service is not None:
                state = service.act(action, player)
            else:
                if player is not None:
                    verify_actor(state, action, player)
                state = apply(state, action)
        except GameError as error:
            raise UsageError(f"{_describe(index, raw)}: {error.rule}: {error}") from None
        except InvalidDice as error:
            raise UsageError(f"{_describe(index, raw)}: invalid_dice: {error}") from None
    return state


def _sheet(state: State, service: GameService | None) -> dict[str, Any]:
    sheet = state.sheet()
    if service is not None:
        sheet["id"] = service.game_id
        sheet["actions"] = service.saved_actions
    return sheet


def run_show(args: argparse.Namespace) -> int:
    """Print a saved game's sheet with its id and the number of saved actions."""
    if args.game_id is not None and args.last:
        raise UsageError("give either GAME_ID or --last, not both")
    path = _db_path(args.db)
    if not Path(path).is_file():
        raise UsageError(f"--db {path}: no such file")
    game_id = None if args.game_id is None else parse_whole(args.game_id, "GAME_ID")
    store: Store | None = None
    try:
        with _database_errors(path):
            try:
                store = Store.for_reading(path)
                if game_id is None:
                    game_id = store.last_game_id()
                    if game_id is None:
                        raise UsageError(f"--db {path}: no saved games")
                if not 0 < game_id < 2**63:
                    raise StoreError(f"{path}: no game {game_id}")
                _, state, saved = store.load(game_id)
            except StoreError as error:
                raise UsageError(str(error)) from None
        sheet = state.sheet()
        sheet["id"] = game_id
        sheet["actions"] = saved
        print_json(sheet)
    finally:
        if store is not None:
            store.close()
    return 0
