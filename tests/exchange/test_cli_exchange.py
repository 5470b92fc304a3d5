"""`scorekeeper export` and `import` as CLI.md says: a round trip rebuilds every game exactly, a bad
file imports nothing and says which game and action, a game imported twice is there once."""

from __future__ import annotations

import csv
import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.game import from_payload, new_game, to_payload
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import VARIANT_IDS, get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store

ENC_BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "small_straight", "large_straight",
             "full", "chance", "poker"]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def save_game(store: Store, variant: str, players: list[str], actions: list[dict[str, Any]],
              options: dict[str, Any] | None = None) -> int:
    """A game saved action by action through the service, as the app saves one."""
    service = GameService.create(store, variant, players, options or {})
    for payload in actions:
        service.act(from_payload(payload))
    return service.game_id


def random_actions(variant: str, players: list[str], seed: int, limit: int | None = None,
                   options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    state = new_game(get_variant(variant, **(options or {})), players)
    return [to_payload(a) for a, _ in play_random(state, random.Random(seed), limit, undo_rate=0.04)]


def extra_game_match() -> list[dict[str, Any]]:
    """ru_encyclopedia, a series of 2: game 1 tied by A and B, settled by an extra game, then game 2 begun."""
    actions: list[dict[str, Any]] = []
    for box in ENC_BOXES:
        for dice in ([6, 6, 6, 5, 5], [6, 6, 6, 5, 5], [1, 1, 1, 2, 2]):
            actions += [{"roll": dice}, {"score": box}]
    for box in ENC_BOXES:
        for dice in ([1, 1, 1, 2, 2], [6, 6, 6, 5, 5]):
            actions += [{"roll": dice}, {"score": box}]
    return actions + [{"roll": [3, 3, 3, 1, 2]}, {"score": "threes"}]


def fill(path: Path) -> list[int]:
    """A database holding every variant finished and unfinished, a match with an extra game, and an
    abandoned game."""
    ids = []
    with Store(path) as store:
        for n, variant in enumerate(VARIANT_IDS):
            players = ["Аня", "Борис", "Вика"][: 1 + n % 3]
            ids.append(save_game(store, variant, players, random_actions(variant, players, n)))
            ids.append(save_game(store, variant, ["Гоша", "Дина"], random_actions(variant, ["Гоша", "Дина"], 50 + n, 23)))
        ids.append(save_game(store, "ru_encyclopedia", ["A", "B", "C"], extra_game_match(),
                             {"mode": "series", "series_games": 2}))
        store.set_aside(ids[-2])
    return ids


def shows(capsys: pytest.CaptureFixture[str], db: Path, ids: list[int]) -> list[str]:
    found = []
    for game_id in ids:
        code, out, err = _run(capsys, "show", "--db", str(db), str(game_id))
        assert code == 0, err
        found.append(out)
    return found


def test_every_variant_round_trips_to_identical_sheets(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target, file = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "games.json"
    ids = fill(source)
    with Store(source) as store:
        match = store.load(ids[-1])[1].sheet()["match"]
        assert [g["extra_game"] for g in match["games"]] == [False, True]
        finished = [i for i in ids if store.game(i).finished]
        assert len(finished) == len(VARIANT_IDS)  # the full random games ended, the others did not
    assert _run(capsys, "export", "--db", str(source), "--out", str(file))[0] == 0
    code, out, err = _run(capsys, "import", str(file), "--db", str(target))
    assert (code, json.loads(out), err) == (0, {"imported": len(ids), "skipped": 0}, "")
    assert shows(capsys, target, ids) == shows(capsys, source, ids)
    # the times, the set-aside mark and who took each action come back too
    code, again, _ = _run(capsys, "export", "--db", str(target))
    assert again == file.read_text(encoding="utf-8")
    with Store(source) as a, Store(target) as b:
        results = "SELECT * FROM results ORDER BY game_id, seat"
        assert a.execute(results) == b.execute(results) and a.player_stats() == b.player_stats()


def test_the_same_file_twice_is_skipped_not_duplicated(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, target, file = tmp_path / "a.db", tmp_path / "b.db", tmp_path / "games.json"
    with Store(source) as store:
        game = save_game(store, "yahtzee", ["Аня"], random_actions("yahtzee", ["Аня"], 3, 10))
    _run(capsys, "export", "--db", str(source), "--out", str(file), str(game))
    assert json.loads(_run(capsys, "import", str(file), "--db", str(target))[1]) == {"imported": 1, "skipped": 0}
    assert json.loads(_run(capsys, "import", str(file), "--db", str(target))[1]) == {"imported": 0, "skipped": 1}
    # the game played on in the first database is still the same game: its new actions are added
    with Store(source) as store:
        service = GameService.open(store, game)
        for action, _ in list(play_random(service.state, random.Random(5))):
            service.act(action)
        assert service.state.finished
    _run(capsys, "export", "--db", str(source), "--out", str(file), "--last")
    code, out, _ = _run(capsys, "import", str(file), "--db", str(target))
    assert json.loads(out) == {"imported": 0, "skipped": 0, "updated": 1}
    assert shows(capsys, target, [1]) == shows(capsys, source, [game])
    with Store(source) as a, Store(target) as b:
        assert a.player_stats() == b.player_stats() != [] and b.count_games() == 1
    assert json.loads(_run(capsys, "import", str(file), "--db", str(target))[1]) == {"imported": 0, "skipped": 1}


def test_a_game_keeps_its_id_where_the_database_has_it_free(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source, file = tmp_path / "a.db", tmp_path / "games.json"
    with Store(source) as store:
        ids = [save_game(store, "yatzy", [name], [{"roll": [1, 2, 3, 4, 5]}]) for name in ("Аня", "Борис", "Вика")]
    _run(capsys, "export", "--db", str(source), "--out", str(file), str(ids[2]), str(ids[1]))
    fresh = tmp_path / "fresh.db"
    assert _run(capsys, "import", str(file), "--db", str(fresh))[0] == 0
    busy = tmp_path / "busy.db"
    with Store(busy) as store:
        save_game(store, "generala", ["Зоя"], [])
        save_game(store, "generala", ["Яна"], [])
    assert _run(capsys, "import", str(file), "--db", str(busy))[0] == 0
    with Store(fresh) as a, Store(busy) as b:
        assert [(g["id"], g["players"]) for g in a.games()] == [(3, ["Вика"]), (2, ["Борис"])]
        assert [(g["id"], g["players"]) for g in b.games()] == [(4, ["Борис"]), (3, ["Вика"]), (2, ["Яна"]),
                                                                (1, ["Зоя"])]


def test_a_play_script_imports_once(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"variant": "ru_fences", "players": ["Аня", "Борис"],
                                  "actions": [{"roll": [5, 5, 5, 2, 3]}, {"score": "three"}]}), encoding="utf-8")
    db = tmp_path / "a.db"
    assert json.loads(_run(capsys, "import", str(script), "--db", str(db))[1]) == {"imported": 1, "skipped": 0}
    assert json.loads(_run(capsys, "import", str(script), "--db", str(db))[1]) == {"imported": 0, "skipped": 1}
    code, out, _ = _run(capsys, "show", "--db", str(db), "--last")
    assert json.loads(out)["players"][0]["total"] == 15


def _exported(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, Any]:
    db = tmp_path / "src.db"
    with Store(db) as store:
        save_game(store, "yahtzee", ["Аня", "Борис"], random_actions("yahtzee", ["Аня", "Борис"], 1))
        save_game(store, "ru_fences", ["Аня", "Борис"], random_actions("ru_fences", ["Аня", "Борис"], 2, 30))
    out = _run(capsys, "export", "--db", str(db))[1]
    return dict(json.loads(out))


def _cut(doc: dict[str, Any]) -> dict[str, Any]:
    doc["games"][0]["actions"] = doc["games"][0]["actions"][:-3]
    doc["games"][0]["action_times"] = doc["games"][0]["action_times"][:-3]
    return doc


def _illegal(doc: dict[str, Any]) -> dict[str, Any]:
    actions = doc["games"][1]["actions"]
    actions[4:4] = [{"score": "yahtzee"}]  # no such box in ru_fences
    doc["games"][1]["action_times"].insert(4, doc["games"][1]["created"])
    return doc


def _fourth_throw(doc: dict[str, Any]) -> dict[str, Any]:
    doc["games"][0]["actions"][:0] = [{"roll": [1, 2, 3, 4, 6]}] * 4
    doc["games"][0]["action_times"][:0] = [doc["games"][0]["created"]] * 4
    return doc


BAD_FILES = {
    "not JSON": (lambda d: "это не JSON {", "not valid JSON"),
    "cut short": (lambda d: json.dumps(d, ensure_ascii=False)[:-40], "not valid JSON"),
    "not UTF-8": (lambda d: b"\xff\xfe\x00garbage", "not UTF-8"),
    "wrong format": (lambda d: {**d, "format": "something-else"}, 'not a scorekeeper export ("format" is "something-else"'),
    "newer version": (lambda d: {**d, "version": 2}, "newer scorekeeper (format version 2"),
    "truncated actions": (_cut, "game 1 (id 1): the file says the game is finished but its"),
    "an illegal action": (_illegal, 'game 2 (id 2), action 4 {"score": "yahtzee"}'),
    "a fourth throw": (_fourth_throw, "game 1 (id 1), action 3 "),
    "unknown variant": (lambda d: {**d, "games": [d["games"][0], {**d["games"][1], "variant": "uno"}]},
                        "game 2 (id 2): "),
    "wrong player": (lambda d: (d["games"][1]["actions"][0].update(player="Вика"), d)[1],
                     "game 2 (id 2), action 0 "),
}


@pytest.mark.parametrize("kind", list(BAD_FILES))
def test_a_bad_file_imports_nothing_and_names_the_game_and_action(
        kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spoil, expected = BAD_FILES[kind]
    content = spoil(_exported(tmp_path, capsys))
    file = tmp_path / "bad.json"
    if isinstance(content, bytes):
        file.write_bytes(content)
    else:
        file.write_text(content if isinstance(content, str) else json.dumps(content, ensure_ascii=False),
                        encoding="utf-8")
    target = tmp_path / "target.db"
    with Store(target) as store:
        kept = save_game(store, "generala", ["Зоя"], [{"roll": [1, 2, 3, 4, 6]}])
    before = target.read_bytes()
    code, out, err = _run(capsys, "import", str(file), "--db", str(target))
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("scorekeeper import: ") and expected in err, err
    assert target.read_bytes() == before
    with Store(target) as store:
        assert store.count_games() == 1 and store.action_count(kept) == 1


def test_a_good_game_before_a_bad_one_is_not_saved_either(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file, target = tmp_path / "bad.json", tmp_path / "t.db"
    file.write_text(json.dumps(_illegal(_exported(tmp_path, capsys)), ensure_ascii=False), encoding="utf-8")
    assert _run(capsys, "import", str(file), "--db", str(target))[0] == 2
    with Store(target) as store:
        assert store.count_games() == 0


def test_csv_has_a_row_per_player_per_game_with_rfc4180_quoting(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.db"
    odd = 'Смит, "Джо"'
    with Store(db) as store:
        first = save_game(store, "yahtzee", [odd, "Аня"], random_actions("yahtzee", [odd, "Аня"], 7))
        save_game(store, "ru_fences", ["Аня"], [{"roll": [5, 5, 5, 2, 3]}, {"score": "three"}])
    code, out, err = _run(capsys, "export", "--db", str(db), "--format", "csv")
    assert code == 0 and err == ""
    assert '"Смит, ""Джо"""' in out and out.endswith("\r\n")
    rows = list(csv.reader(io.StringIO(out, newline="")))
    assert rows[0] == ["game_id", "started", "finished", "variant", "player", "seat", "total", "rank"]
    sheet = json.loads(_run(capsys, "show", "--db", str(db), str(first))[1])
    assert rows[1][4:] == [odd, "1", str(sheet["players"][0]["total"]), str(sheet["players"][0]["rank"])]
    assert rows[1][2] != "" and rows[3][2] == "" and rows[3][4:] == ["Аня", "1", "15", "1"]
    assert len(rows) == 4


@pytest.mark.parametrize(("argv", "expected"), [
    (["--format", "png"], "needs --out"),
    (["--format", "png", "--out", "X"], "exactly one game; 2 chosen"),
    (["7"], "no game 7"),
    (["1", "--last"], "either GAME_IDs or --last"),
])
def test_export_refuses_what_it_cannot_do(argv: list[str], expected: str, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "a.db"
    with Store(db) as store:
        for _ in range(2):
            save_game(store, "yatzy", ["Аня"], [])
    argv = [str(tmp_path / a) if a == "X" else a for a in argv]
    code, out, err = _run(capsys, "export", "--db", str(db), *argv)
    assert code == 2 and out == "" and expected in err
