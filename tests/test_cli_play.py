"""`scorekeeper play` and `show` as CLI.md says, and a `play --db` killed at random moments."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.cli import main
from scorekeeper.commands import UsageError
from scorekeeper.commands.play import _database_errors
from scorekeeper.game import from_payload, new_game, to_payload
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.test_store import first_schema_file

CLI_EXAMPLE = {
    "variant": "ru_fences",
    "options": {"gora_premium_at_zero": False},
    "players": ["Аня", "Борис"],
    "actions": [
        {"roll": [5, 5, 5, 2, 3]},
        {"score": "three"},
        {"cross_out": "large_straight"},
        {"roll": [6, 6, 1, 2, 4]}, {"roll": [6, 6, 6, 2, 4]},
        {"score": "pair", "value": 6},
        {"undo": 1},
    ],
}


def _script(tmp_path: Path, script: Any, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(script, ensure_ascii=False) if not isinstance(script, str) else script,
                    encoding="utf-8")
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if out.strip() else None), err


def test_play_prints_the_sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, sheet, err = _run(capsys, "play", _script(tmp_path, CLI_EXAMPLE))
    assert code == 0 and err == ""
    assert list(sheet) == ["variant", "finished", "turn", "players", "winners"]
    assert sheet["turn"] == {"player": "Аня", "stage": 1, "throws": 2, "throws_allowed": 5,
                             "dice": [6, 6, 6, 2, 4]}
    anya, boris = sheet["players"]
    assert list(anya) == ["name", "total", "fences", "rank", "stages"]
    assert (anya["total"], anya["fences"], anya["rank"]) == (15, 2, 1)
    assert (boris["total"], boris["fences"], boris["rank"]) == (0, 3, 2)
    assert len(anya["stages"]) == 3
    stage = anya["stages"][0]
    assert list(stage) == ["boxes", "crossed", "upper", "bonus", "extra", "total"]
    assert list(stage["boxes"]) == list(get_variant("ru_fences").box_ids)
    assert stage["boxes"]["three"] == 15 and stage["boxes"]["pair"] is None
    assert boris["stages"][0]["crossed"] == ["large_straight"]
    assert sheet["winners"] == [] and sheet["finished"] is False


def test_play_saves_with_db_and_show_reads_it_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.db")
    code, played, _ = _run(capsys, "play", _script(tmp_path, CLI_EXAMPLE), "--db", db)
    assert code == 0 and played["id"] == 1 and played["actions"] == 7
    code, shown, _ = _run(capsys, "show", "--db", db, "--last")
    assert code == 0 and shown == played
    code, shown_by_id, _ = _run(capsys, "show", "--db", db, "1")
    assert shown_by_id == played
    code, shown_default, _ = _run(capsys, "show", "--db", db)
    assert shown_default == played


def _show_as_another_user(db: str) -> subprocess.CompletedProcess[str]:
    """`scorekeeper show --db DB --last` run by a user who may not write DB or its folder: this
    user where it is not root, else `nobody` (root may write anywhere)."""
    code = "import sys; from scorekeeper.cli import main; sys.exit(main())"
    if os.geteuid() != 0:
        return subprocess.run([sys.executable, "-c", code, "show", "--db", db, "--last"],
                              capture_output=True, text=True, timeout=60, check=False)
    import pwd

    try:
        nobody = pwd.getpwnam("nobody")
    except KeyError:
        pytest.skip("no user `nobody` to read the file as someone who may not write it")
    python = "/usr/bin/python3"  # this environment's own interpreter may lie where only root may go
    root = str(Path(__file__).resolve().parents[1])

    def as_nobody(*argv: str) -> subprocess.CompletedProcess[str]:
        def become_nobody() -> None:
            os.setgid(nobody.pw_gid)
            os.setuid(nobody.pw_uid)

        return subprocess.run([python, *argv], capture_output=True, text=True, timeout=60, check=False,
                              env={"PYTHONPATH": root, "PATH": "/usr/bin:/bin", "HOME": "/tmp"},
                              preexec_fn=become_nobody)

    if not Path(python).exists() or as_nobody("-c", "import scorekeeper.cli").returncode != 0:
        pytest.skip(f"`nobody` cannot run the command line from {root} with {python}")
    return as_nobody("-c", code, "show", "--db", db, "--last")


@pytest.mark.parametrize("saved_by", ["this version", "the first version"])
def test_show_reads_a_file_in_a_folder_that_may_not_be_written(
    saved_by: str, capsys: pytest.CaptureFixture[str]
) -> None:
    # a club's saved games on a read-only share: shown as they are, nothing written beside them
    # (a file of an older version is brought up to date in memory, not on the share)
    folder = Path(tempfile.mkdtemp(prefix="scorekeeper-read-only-"))
    try:
        db = str(folder / "games.db")
        if saved_by == "this version":
            code, played, _ = _run(capsys, "play", _script(folder, CLI_EXAMPLE), "--db", db)
            assert code == 0
            (folder / "game.json").unlink()
        else:
            first_schema_file(folder / "games.db")
            copy = folder / "copy.db"
            shutil.copy(db, copy)
            code, played, _ = _run(capsys, "show", "--db", str(copy), "--last")
            assert code == 0 and played["turn"]["dice"] == [6, 6, 6, 1, 2]
            assert copy.read_bytes() == Path(db).read_bytes()  # looked at, not brought up to date
            copy.unlink()
        before = Path(db).read_bytes()
        os.chmod(db, 0o444)
        os.chmod(folder, 0o555)
        shown = _show_as_another_user(db)
        assert shown.returncode == 0, shown.stderr
        assert json.loads(shown.stdout) == played
        assert sorted(p.name for p in folder.iterdir()) == ["games.db"]
        assert Path(db).read_bytes() == before
    finally:
        os.chmod(folder, 0o755)
        shutil.rmtree(folder)


@pytest.mark.parametrize(
    ("action", "rule"),
    [
        ({"score": "three"}, "box_already_written"),
        ({"cross_out": "three"}, "box_already_written"),
        ({"roll": [1, 2, 3, 4, 7]}, "invalid_dice"),
        ({"roll": [1, 2, 3, 4, "5"]}, "invalid_dice"),  # a die is a JSON number, not text
        ({"roll": [1, 2, 3, 4, 5.0]}, "invalid_dice"),
        ({"roll": None}, "invalid_dice"),  # the dice are a list of five numbers
        ({"roll": 5}, "invalid_dice"),
        ({"roll": {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5}}, "invalid_dice"),
        ({"score": "yahtzee"}, "invalid_action"),
        ({"jump": 1}, "invalid_action"),
        ({"score": "chance", "player": "Борис"}, "not_your_turn"),
        ({"score": "chance", "player": 1}, "not_your_turn"),  # no player's name: not the player's turn
        ({"score": "chance", "player": None}, "not_your_turn"),
        ({"undo": 5}, "nothing_to_undo"),
    ],
)
def test_first_broken_rule_stops_the_replay_and_keeps_what_came_before(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], action: dict[str, Any], rule: str
) -> None:
    script = {"variant": "ru_fences", "players": ["Аня", "Борис"],
              "actions": [{"roll": [5, 5, 5, 2, 3]}, {"score": "three"}, {"cross_out": "large_straight"},
                          {"roll": [3, 3, 3, 1, 1]}, action, {"roll": [1, 1, 1, 1, 1]}]}
    db = str(tmp_path / "games.db")
    code, out, err = _run(capsys, "play", _script(tmp_path, script), "--db", db)
    assert code == 2 and out is None
    assert err.count("\n") == 1
    assert err.startswith("scorekeeper play: action 4 ")
    assert f": {rule}: " in err
    code, shown, _ = _run(capsys, "show", "--db", db)
    assert shown["actions"] == 4 and shown["turn"] == {
        "player": "Аня", "stage": 1, "throws": 1, "throws_allowed": 5, "dice": [3, 3, 3, 1, 1]}


@pytest.mark.parametrize("first", [{"undo": 1}, {"roll": [1, 2, 3, 4, "5"]}, {"roll": [1, 2, 3, 4, 5], "player": "Борис"}])
def test_a_script_broken_at_its_first_action_saves_no_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], first: dict[str, Any]
) -> None:
    db = str(tmp_path / "games.db")
    code, _, _ = _run(capsys, "play", _script(tmp_path, CLI_EXAMPLE), "--db", db)
    assert code == 0
    script = {"variant": "ru_fences", "players": ["Аня", "Борис"], "actions": [first, {"roll": [1, 1, 1, 1, 1]}]}
    code, out, err = _run(capsys, "play", _script(tmp_path, script), "--db", db)
    assert code == 2 and out is None and err.startswith("scorekeeper play: action 0 ")
    code, shown, _ = _run(capsys, "show", "--db", db, "--last")
    assert shown["id"] == 1  # the game saved before is still the last


def test_football_goals_kept_raw_are_refused_past_999_and_the_game_stays_saved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A team's goals kept as they are may be many, but not more than any match has had: a typing
    slip of twenty digits is refused by name, not written (nor does it break the saved file)."""
    actions: list[dict[str, Any]] = [{"miss": True}] * 12
    script = {"variant": "ru_football", "options": {"high_goal_policy": "raw"}, "players": ["Аня"],
              "actions": [*actions, {"roll": [1, 2, 3, 4, 10**19]}, {"score": "chance"}]}
    db = str(tmp_path / "games.db")
    code, out, err = _run(capsys, "play", _script(tmp_path, script), "--db", db)
    assert code == 2 and out is None
    assert "action 12 " in err and "invalid_dice" in err and "0..999" in err
    code, shown, _ = _run(capsys, "show", "--db", db)
    assert code == 0 and shown["actions"] == 12 and not shown["finished"]
    script["actions"] = [*actions, {"roll": [1, 2, 3, 4, 149]}, {"score": "chance"}, {"miss": True}]
    code, out, _ = _run(capsys, "play", _script(tmp_path, script), "--db", str(tmp_path / "other.db"))
    assert code == 0 and out["finished"] and out["players"][0]["total"] == 159


def test_the_encyclopedias_players_range_may_be_narrowed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """RULES.md's `players: [1..12]`: a club may set how few and how many play, within 1-12."""
    script = {"variant": "ru_encyclopedia", "options": {"players": [2, 4]}, "players": ["Аня", "Борис", "Вера"],
              "actions": [{"roll": [1, 2, 3, 4, 5]}, {"score": "small_straight"}]}
    code, out, _ = _run(capsys, "play", _script(tmp_path, script))
    assert code == 0 and out["turn"]["player"] == "Борис" and out["players"][0]["total"] == 20


def test_an_asserted_name_that_does_not_play_is_an_error_even_on_undo(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = {"variant": "yahtzee", "players": ["Аня", "Борис"],
              "actions": [{"roll": [1, 2, 3, 4, 6]}, {"undo": 1, "player": "Вика"}]}
    db = str(tmp_path / "games.db")
    code, out, err = _run(capsys, "play", _script(tmp_path, script), "--db", db)
    assert code == 2 and out is None and err.count("\n") == 1
    assert err.startswith("scorekeeper play: action 1 ") and ": not_your_turn: " in err and "Вика" in err
    code, shown, _ = _run(capsys, "show", "--db", db)
    assert shown["actions"] == 1 and shown["turn"]["throws"] == 1


def test_play_output_is_utf8_whatever_the_console_encoding(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONIOENCODING="cp1252", PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    result = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "play", _script(tmp_path, CLI_EXAMPLE)],
                            capture_output=True, timeout=60, env=env)
    assert result.returncode == 0, result.stderr
    sheet = json.loads(result.stdout.decode("utf-8"))
    assert [p["name"] for p in sheet["players"]] == ["Аня", "Борис"]


def test_a_script_saved_with_a_byte_order_mark_plays_as_without(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes("\ufeff".encode() + json.dumps(CLI_EXAMPLE, ensure_ascii=False).encode())
    code, with_mark, err = _run(capsys, "play", str(path))
    assert code == 0 and err == ""
    assert with_mark == _run(capsys, "play", _script(tmp_path, CLI_EXAMPLE))[1]


@pytest.mark.parametrize("command", ["show", "play"])
def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
        db.execute("INSERT INTO notes VALUES ('keep me')")
    db.close()
    before = other.read_bytes()
    args = ["show", "--db", str(other)] if command == "show" else [
        "play", _script(tmp_path, CLI_EXAMPLE), "--db", str(other)]
    code, out, err = _run(capsys, *args)
    assert code == 2 and out is None and err.count("\n") == 1 and "not a scorekeeper database" in err
    assert other.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("other")) == ["other.sqlite"]


def test_too_many_throws_names_the_action(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = {"variant": "yahtzee", "players": ["A"], "actions": [{"roll": [1, 2, 3, 4, 6]}] * 4}
    code, _, err = _run(capsys, "play", _script(tmp_path, script))
    assert code == 2
    assert "action 3" in err and "too_many_throws" in err and "All 3 throws" in err


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("{not json", "not valid JSON"),
        ({"variant": "poker_xl", "players": ["A"], "actions": []}, "unknown variant 'poker_xl'"),
        ({"variant": "ru_fences", "options": {"gora_bonus": 1}, "players": ["A"], "actions": []}, "gora_bonus"),
        ({"variant": "ru_fences", "options": {"box_order": "random"}, "players": ["A"], "actions": []}, "box_order"),
        ({"variant": "ru_fences", "players": [], "actions": []}, "players"),
        ({"variant": "ru_fences", "players": ["A", "A"], "actions": []}, "names must differ"),
        ({"variant": "ru_fences", "players": ["Ren\u00e9", "Rene\u0301"], "actions": []}, "names must differ"),
        ({"variant": "ru_fences", "players": ["Ann", " ann "], "actions": []}, "names must differ"),
        ({"variant": "ru_fences", "players": ["\u200b", "Ann"], "actions": []}, "visible characters"),
        ('{"variant": "ru_fences", "players": ["A\\ud800"], "actions": []}', "visible characters"),  # half a pair
        ({"variant": "ru_encyclopedia", "options": {"players": [2, 4]}, "players": ["A"], "actions": []},
         "takes at least 2 players"),
        ({"variant": "ru_encyclopedia", "options": {"players": [2, 4]}, "players": list("ABCDE"), "actions": []},
         "takes at most 4 players"),
        ({"variant": "ru_encyclopedia", "options": {"players": [4, 2]}, "players": ["A"], "actions": []},
         "option players: expected [low, high], whole numbers from 1 to 12"),
        ({"variant": "ru_fences", "players": ["A"], "actions": {}}, "actions"),
        ([1, 2], "JSON object"),
    ],
)
def test_bad_scripts_exit_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], script: Any, message: str
) -> None:
    db = tmp_path / "games.db"
    code, out, err = _run(capsys, "play", _script(tmp_path, script), "--db", str(db))
    assert code == 2 and out is None
    assert err.count("\n") == 1 and message in err
    if db.exists():
        with Store(db) as store:
            assert store.last_game_id() is None


def test_show_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "games.db")
    code, _, err = _run(capsys, "show", "--db", db)
    assert code == 2 and "no such file" in err
    Path(db).touch()  # an empty file: nothing saved in it, and show writes nothing into it
    code, _, err = _run(capsys, "show", "--db", db)
    assert code == 2 and "no saved games" in err and Path(db).stat().st_size == 0
    Path(db).unlink()
    _run(capsys, "play", _script(tmp_path, CLI_EXAMPLE), "--db", db)
    code, _, err = _run(capsys, "show", "--db", db, "7")
    assert code == 2 and "no game 7" in err
    code, _, err = _run(capsys, "show", "--db", db, "1", "--last")
    assert code == 2
    code, _, err = _run(capsys, "show", "--db", db, "one")
    assert code == 2 and "GAME_ID" in err


def test_finished_game_has_winners_and_no_turn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = new_game(get_variant("generala"), ["A", "B"])
    actions = [to_payload(a) for a, _ in play_random(state, random.Random(11))]
    script = {"variant": "generala", "players": ["A", "B"], "actions": actions}
    code, sheet, _ = _run(capsys, "play", _script(tmp_path, script))
    assert code == 0 and sheet["finished"] and sheet["turn"] is None and sheet["winners"]
    ranks = {p["name"]: p["rank"] for p in sheet["players"]}
    assert sorted(sheet["winners"]) == sorted(n for n, r in ranks.items() if r == 1)


# --- crash test ------------------------------------------------------------------------------------


def _long_script(seed: int) -> dict[str, Any]:
    players = [f"P{i}" for i in range(12)]
    state = new_game(get_variant("ru_fences"), players)
    actions = [to_payload(a) for a, _ in play_random(state, random.Random(seed), undo_rate=0.01)]
    return {"variant": "ru_fences", "players": players, "actions": actions}


@pytest.mark.slow
def test_play_db_killed_at_random_moments_keeps_a_prefix_that_plays_on(tmp_path: Path) -> None:
    script = _long_script(21)
    path = _script(tmp_path, script)
    actions = [from_payload(a) for a in script["actions"]]
    expected = new_game(get_variant("ru_fences"), script["players"])
    from scorekeeper.game import apply

    for action in actions:
        expected = apply(expected, action)
    rng = random.Random(5)
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    command = [sys.executable, "-m", "scorekeeper.cli", "play", path, "--db"]

    def start(db: Path) -> subprocess.Popen[bytes]:
        """Start `play --db` and return once its file exists (the replay is under way)."""
        process = subprocess.Popen([*command, str(db)], stdout=subprocess.DEVNULL,
                                   stderr=subprocess.DEVNULL, env=env)
        deadline = time.monotonic() + 30
        while not db.exists() and time.monotonic() < deadline and process.poll() is None:
            time.sleep(0.002)
        return process

    # How long a replay runs once its file exists, measured here: kills land within that window
    # however busy the machine is.
    began = time.monotonic()
    start(tmp_path / "timing.db").wait()
    window = time.monotonic() - began
    mid_game = attempts = 0
    while mid_game < 4 and attempts < 30:
        attempts += 1
        db = tmp_path / f"crash-{attempts}.db"
        process = start(db)
        time.sleep(rng.uniform(0.0, window))
        process.send_signal(signal.SIGKILL)
        process.wait()
        with Store(db) as store:
            assert store.execute("PRAGMA integrity_check") == [("ok",)]
            game_id = store.last_game_id()
            if game_id is None:
                continue
            saved = store.actions(game_id)
            assert saved == actions[: len(saved)]  # exactly a prefix of the script
            if not 0 < len(saved) < len(actions):
                continue
            mid_game += 1
            service = GameService.open(store, game_id)
            for action in actions[len(saved):]:
                service.act(action)
            assert service.state.sheet() == expected.sheet()
            service.close()
        with Store(db) as store:  # the game goes on from the same file after a restart too
            assert store.action_count(game_id) == len(actions)
    assert mid_game >= 4, f"only {mid_game} of {attempts} kills landed mid-game"


@pytest.mark.parametrize("variant", ["ru_fences", "ru_encyclopedia", "ru_football", "yahtzee", "yatzy",
                                     "kniffel", "generala"])
def test_twelve_player_games_play_and_show_the_same_sheet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], variant: str
) -> None:
    players = [f"Игрок {i}" for i in range(1, 13)]
    state = new_game(get_variant(variant), players)
    taken = list(play_random(state, random.Random(len(variant)), undo_rate=0.03))
    expected = taken[-1][1].sheet()
    script = {"variant": variant, "players": players, "actions": [to_payload(a) for a, _ in taken]}
    db = str(tmp_path / "games.db")
    code, played, err = _run(capsys, "play", _script(tmp_path, script), "--db", db)
    assert code == 0, err
    assert played.pop("id") == 1 and played.pop("actions") == len(taken)
    assert played == expected
    code, shown, _ = _run(capsys, "show", "--db", db, "1")
    assert shown.pop("id") == 1 and shown.pop("actions") == len(taken)
    assert shown == expected
    # A partial game: the same script cut anywhere prints that moment's sheet.
    cut = len(taken) // 3
    script["actions"] = script["actions"][:cut]
    code, partial, _ = _run(capsys, "play", _script(tmp_path, script, "partial.json"))
    assert partial == taken[cut - 1][1].sheet()


def test_a_value_no_die_shows_is_refused_and_the_turn_stays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "games.db")
    for value in (9, -3, 0):
        script = {"variant": "yatzy", "players": ["A", "B"],
                  "actions": [{"roll": [1, 1, 3, 4, 5]}, {"score": "pair", "value": value}]}
        code, out, err = _run(capsys, "play", _script(tmp_path, script), "--db", db)
        assert code == 2 and out is None and err.count("\n") == 1
        assert "action 1" in err and f"Value {value}: not a value the dice can show" in err
    code, shown, _ = _run(capsys, "show", "--db", db, "--last")
    assert shown["actions"] == 1 and shown["turn"]["player"] == "A"  # the throw saved, no box written
    assert shown["players"][0]["stages"][0]["boxes"]["pair"] is None


def test_a_locked_database_is_named_not_a_traceback(tmp_path: Path) -> None:
    db = tmp_path / "games.db"
    script = _script(tmp_path, CLI_EXAMPLE)
    cli = [sys.executable, "-m", "scorekeeper.cli"]
    assert subprocess.run([*cli, "play", script, "--db", str(db)], capture_output=True).returncode == 0
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another program writing: nobody else may write
    try:
        run = [*cli, "play", script, "--db", str(db)]
        result = subprocess.run(run, capture_output=True, text=True, encoding="utf-8", timeout=60)
        assert result.returncode == 2 and result.stdout == "", result.stderr
        assert result.stderr.count("\n") == 1 and "locked by another program" in result.stderr
        run = [*cli, "show", "--db", str(db), "1"]  # reading goes on meanwhile (the WAL journal)
        result = subprocess.run(run, capture_output=True, text=True, encoding="utf-8", timeout=60)
        assert result.returncode == 0 and json.loads(result.stdout)["actions"] == 7
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    with Store(db) as store:
        assert store.last_game_id() == 1  # the refused play added no game


@pytest.mark.parametrize(
    ("damage", "named"),
    [
        ("DROP TABLE actions", "damaged"),
        ("UPDATE actions SET payload = CAST(X'7B22FF' AS TEXT) WHERE seq = 1", "damaged"),
        ("UPDATE actions SET payload = '{\"score\": 5}' WHERE seq = 2", "cannot be replayed"),
        ("UPDATE games SET options = 'not json'", "cannot be replayed"),
        ("UPDATE players SET name = 'Аня' WHERE seat = 1", "cannot be replayed"),
    ],
)
def test_a_damaged_database_exits_2_with_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str, named: str
) -> None:
    db = tmp_path / "games.db"
    assert _run(capsys, "play", _script(tmp_path, CLI_EXAMPLE), "--db", str(db))[0] == 0
    with sqlite3.connect(db) as raw:
        raw.execute(damage)
    raw.close()
    code, out, err = _run(capsys, "show", "--db", str(db), "1")
    assert code == 2 and out is None and err.count("\n") == 1 and named in err, err


def test_random_byte_damage_never_gives_a_traceback(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "games.db"
    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
    actions = [to_payload(a) for a, _ in play_random(state, random.Random(5))][:200]
    script = _script(tmp_path, {"variant": "ru_fences", "players": ["Аня", "Борис"], "actions": actions})
    assert _run(capsys, "play", script, "--db", str(db))[0] == 0
    with sqlite3.connect(db) as raw:
        raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    raw.close()
    whole = db.read_bytes()
    rng = random.Random(7)
    codes = []
    for i in range(30):
        data = bytearray(whole)
        for _ in range(rng.randint(1, 40)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        copy = tmp_path / f"damaged{i}.db"
        copy.write_bytes(bytes(data))
        for args in (["show", "--db", str(copy), "1"], ["play", script, "--db", str(copy)]):
            code, _, err = _run(capsys, *args)
            assert code in (0, 2), err
            assert code == 0 or err.count("\n") == 1
            codes.append(code)
    assert 2 in codes  # some damage was noticed (the rest fell where nothing reads)


def test_db_paths_that_cannot_be_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _script(tmp_path, CLI_EXAMPLE)
    for args, named in (
        (["play", script, "--db", ""], "--db: expected the path of an SQLite file"),
        (["show", "--db", ""], "--db: expected the path of an SQLite file"),
        (["play", script, "--db", str(tmp_path / "no" / "such" / "g.db")], "no such folder"),
        (["show", "--db", str(tmp_path / "games.db"), str(2**70)], "no such file"),
    ):
        code, out, err = _run(capsys, *args)
        assert code == 2 and out is None and err.count("\n") == 1 and named in err, err
    db = str(tmp_path / "games.db")
    _run(capsys, "play", script, "--db", db)
    code, _, err = _run(capsys, "show", "--db", db, str(2**70))
    assert code == 2 and f"no game {2**70}" in err


def test_messages_stay_one_line_of_bounded_length(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    huge = {"variant": "yatzy", "players": ["A"], "actions": [{"roll": [3] * 100_000}]}
    code, _, err = _run(capsys, "play", _script(tmp_path, huge))
    assert code == 2 and err.count("\n") == 1 and len(err) < 1000
    assert err.startswith("scorekeeper play: action 0") and "expected 5 dice, got 100000" in err
    for names in (["a\nb", "c"], ["a\rb"], [" \t "], ["a\u2028b"]):
        script = {"variant": "yatzy", "players": names, "actions": []}
        code, _, err = _run(capsys, "play", _script(tmp_path, script))
        assert code == 2 and err.count("\n") == 1, err


@pytest.mark.parametrize(("box", "dice", "expected"), [
    ("full", [4, 4, 4, 4, 4], 20),  # Yatzy's full house is the sum of the dice, never Yahtzee's 25
    ("small_straight", [4, 4, 4, 4, 4], 15),
    ("large_straight", [4, 4, 4, 4, 4], 20),
    ("three", [4, 4, 4, 4, 4], 12),  # three of the dice, not all five
])
def test_a_yatzy_joker_writes_yatzys_own_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], box: str, dice: list[int], expected: int
) -> None:
    script = {"variant": "yatzy", "options": {"joker": "free"}, "players": ["Аня"],
              "actions": [{"roll": dice}, {"score": "poker"}, {"roll": dice}, {"score": box}]}
    code, sheet, err = _run(capsys, "play", _script(tmp_path, script))
    assert code == 0, err
    stage = sheet["players"][0]["stages"][0]
    assert (stage["boxes"][box], stage["crossed"], stage["total"]) == (expected, [], 50 + expected)


def test_football_raw_goals_may_be_picked_as_the_value(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = {"variant": "ru_football", "options": {"high_goal_policy": "raw"}, "players": ["Аня"],
              "actions": [{"roll": [7, 7, 7, 7, 9]}, {"score": "four", "value": 7}]}
    code, sheet, err = _run(capsys, "play", _script(tmp_path, script))
    assert code == 0, err
    assert sheet["players"][0]["stages"][0]["boxes"]["four"] == 37
    code, verdict, err = _run(capsys, "score", "ru_football", "four", "7", "7", "7", "7", "9",
                              "--option", "high_goal_policy=raw", "--value", "7")
    assert code == 0, err
    assert (verdict["valid"], verdict["score"]) == (True, 37)


@pytest.mark.parametrize(
    ("sqlite_says", "we_say"),
    [
        ("attempt to write a readonly database", "may not be written to (read-only)"),
        ("database is locked", "locked by another program"),
        ("no such table: actions", "damaged or not a scorekeeper database"),
    ],
)
def test_sqlite_failures_are_named_for_what_they_are(sqlite_says: str, we_say: str) -> None:
    """A read-only file is not called damaged: the message says what the player can fix."""
    with pytest.raises(UsageError) as error, _database_errors("games.db"):
        raise sqlite3.OperationalError(sqlite_says)
    assert we_say in str(error.value) and str(error.value).startswith("--db games.db: ")
