"""Reading an exchange file (or a `play` script): every game checked and replayed under its rules
before anything is saved; the first thing wrong is said in one line naming the game and the action."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from scorekeeper.dice import InvalidDice
from scorekeeper.exchange.games import FORMAT, VERSION, ExchangeError, GameEntry
from scorekeeper.game import GameError, apply, from_payload, new_game, verify_actor
from scorekeeper.i18n import Text
from scorekeeper.rules import RulesInputError, get_variant

SCRIPT_KEYS = {"variant", "options", "players", "actions"}
GAME_KEYS = SCRIPT_KEYS | {"id", "created", "finished", "abandoned", "action_times"}


def _fail(where: Text, ru: str, en: str) -> ExchangeError:
    return ExchangeError(Text(f"{where.ru}: {ru}", f"{where.en}: {en}"))


def parse_document(raw: bytes | str, name: str = "the file") -> list[GameEntry]:
    """Every game of an exchange file (or of one `play` script), replayed under its rules;
    ExchangeError for the first thing wrong, naming the game and the action."""
    file = Text(name, name)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise _fail(file, "это не текст UTF-8 (экспорт scorekeeper ли это?)",
                        "not UTF-8 text (is it a scorekeeper export?)") from None
    try:
        document = json.loads(raw)
    except json.JSONDecodeError as error:
        at = f"{error.lineno}, {error.colno}: {error.msg}"
        raise _fail(file, f"это не JSON (строка, столбец {at}); файл повреждён или обрезан",
                    f"not valid JSON (line, column {at}); the file may be damaged or cut short") from None
    if isinstance(document, dict) and "format" not in document and "variant" in document:
        return [_entry(document, Text("игра", "the game"), SCRIPT_KEYS, script=True)]
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        found = json.dumps(document.get("format") if isinstance(document, dict) else None, ensure_ascii=False)
        raise _fail(file, f"это не экспорт scorekeeper (\"format\": {found}, нужно \"{FORMAT}\") и не сценарий play",
                    f"not a scorekeeper export (\"format\" is {found}, expected \"{FORMAT}\") nor a play script")
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise _fail(file, f"\"version\" — целое число от 1, а не {json.dumps(version)}",
                    f"\"version\" must be a whole number from 1, got {json.dumps(version)}")
    if version > VERSION:
        raise _fail(file, f"файл из более новой версии scorekeeper (формат {version}, эта читает до {VERSION}): "
                          "обновите scorekeeper, чтобы его загрузить",
                    f"made by a newer scorekeeper (format version {version}; this one reads up to {VERSION}): "
                    "update scorekeeper to import it")
    games = document.get("games")
    if not isinstance(games, list):
        raise _fail(file, "\"games\" — это список игр", "\"games\" must be a list of games")
    entries = []
    for number, game in enumerate(games, start=1):
        given = game.get("id") if isinstance(game, dict) else None
        ids = f" (id {given})" if given is not None else ""
        entries.append(_entry(game, Text(f"игра {number}{ids}", f"game {number}{ids}"), GAME_KEYS, script=False))
    return entries


def _check_header(game: Any, label: Text, keys: set[str]) -> None:
    """The game's fields have the shapes the file format gives them."""
    if not isinstance(game, dict):
        raise _fail(label, "нужен объект с variant, options, players и actions",
                    "expected an object with variant, options, players and actions")
    unknown = sorted(set(game) - keys)
    if unknown:
        raise _fail(label, f"лишние ключи {unknown}", f"unexpected keys {unknown}")
    players, actions, times = game.get("players"), game.get("actions", []), game.get("action_times")
    if not isinstance(game.get("variant"), str):
        raise _fail(label, "\"variant\" — id варианта, например \"ru_fences\"",
                    "\"variant\" must be a variant id such as \"ru_fences\"")
    if not isinstance(game.get("options") or {}, dict):
        raise _fail(label, "\"options\" — объект с именами и значениями правил",
                    "\"options\" must be an object of option names and values")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p.strip() for p in players):
        raise _fail(label, "\"players\" — непустой список имён", "\"players\" must be a non-empty list of names")
    if not isinstance(actions, list):
        raise _fail(label, "\"actions\" — это список", "\"actions\" must be a list")
    if times is not None and (not isinstance(times, list) or len(times) != len(actions)
                              or not all(isinstance(t, str) for t in times)):
        raise _fail(label, "в \"action_times\" нужно по времени на каждое действие",
                    "\"action_times\" must list one time per action")
    for key in ("created", "finished", "abandoned"):
        stamp = game.get(key)
        if stamp is not None and not _is_time(stamp):
            raise _fail(label, f"\"{key}\" — время ISO 8601 или null, а не {json.dumps(stamp)}",
                        f"\"{key}\" must be an ISO 8601 time or null, got {json.dumps(stamp)}")


def _entry(game: Any, label: Text, keys: set[str], *, script: bool) -> GameEntry:
    _check_header(game, label, keys)
    variant_id, options, players = game["variant"], game.get("options") or {}, game["players"]
    actions, times = game.get("actions", []), game.get("action_times")
    try:
        state = new_game(get_variant(variant_id, **options), players)
    except GameError as error:
        raise _fail(label, error.text.ru, error.text.en) from None
    except RulesInputError as error:
        raise _fail(label, str(error), str(error)) from None
    payloads, turns = [], []
    for index, raw in enumerate(actions):
        shown = json.dumps(raw, ensure_ascii=False)
        where = Text(f"{label.ru}, действие {index} {shown}", f"{label.en}, action {index} {shown}")
        try:
            action = from_payload(raw)
            asserted = raw.get("player")
            if asserted is not None:
                verify_actor(state, action, asserted if isinstance(asserted, str) else repr(asserted))
            turns.append(state.player_name)
            state = apply(state, action)
        except GameError as error:
            raise _fail(where, f"{error.rule}: {error.text.ru}", f"{error.rule}: {error.text.en}") from None
        except InvalidDice as error:
            raise _fail(where, f"invalid_dice: {error}", f"invalid_dice: {error}") from None
        payloads.append({k: v for k, v in raw.items() if k != "player"})
    finished = game.get("finished")
    if not script and (finished is not None) != state.finished:
        n = len(actions)
        if finished is not None:
            raise _fail(label, f"в файле игра окончена, но её действия ({n}) обрываются раньше конца (файл обрезан?)",
                        f"the file says the game is finished but its {n} actions end before its end (cut short?)")
        raise _fail(label, f"в файле игра не окончена, но её действия ({n}) её заканчивают",
                    f"the file says the game is unfinished but its {n} actions finish it")
    given = game.get("id")
    source_id = given if isinstance(given, int) and not isinstance(given, bool) and 0 < given < 2**63 else None
    return GameEntry(label, variant_id, dict(options), tuple(players), tuple(payloads), tuple(turns),
                     tuple(times) if times is not None else (None,) * len(payloads),
                     game.get("created"), finished, game.get("abandoned"), state, source_id)


def _is_time(stamp: Any) -> bool:
    if not isinstance(stamp, str):
        return False
    try:
        datetime.fromisoformat(stamp)
    except ValueError:
        return False
    return True
