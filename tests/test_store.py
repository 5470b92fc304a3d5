"""The SQLite store: schema version, the append-only log, replay, history and statistics."""

from __future__ import annotations

import random
import sqlite3
import threading
from pathlib import Path

import pytest

from scorekeeper.game import CrossOut, Roll, Score, Undo
from scorekeeper.game.errors import BoxAlreadyWritten, NotYourTurn
from scorekeeper.game.simulate import play_random
from scorekeeper.service import GameService
from scorekeeper.store import SCHEMA_VERSION, Store, StoreError


@pytest.fixture
def store(tmp_path: Path):  # type: ignore[no-untyped-def]
    with Store(tmp_path / "games.db") as s:
        yield s


def test_new_file_gets_the_schema_in_wal_mode(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    with Store(path) as store:
        assert store.schema_version == SCHEMA_VERSION == 4
        assert store.execute("PRAGMA journal_mode")[0][0] == "wal"
    with Store(path) as store:  # opening again migrates nothing
        assert store.schema_version == 4


def test_a_newer_or_foreign_file_is_refused(tmp_path: Path) -> None:
    newer = tmp_path / "newer.db"
    db = sqlite3.connect(newer)
    db.execute("PRAGMA user_version=99")
    db.close()
    with pytest.raises(StoreError, match="newer"):
        Store(newer)
    foreign = tmp_path / "foreign.db"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE t (x)")
    db.close()
    with pytest.raises(StoreError, match="not a scorekeeper database"):
        Store(foreign)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not sqlite at all" * 100)
    with pytest.raises(StoreError):
        Store(junk)


def test_a_place_where_no_file_can_be_made_is_said_so(tmp_path: Path) -> None:
    # /proc takes no new files, whoever asks (a folder without write permission answers alike,
    # except to root, who may write anywhere)
    with pytest.raises(StoreError, match=r"cannot open or create the file here"):
        Store("/proc/scorekeeper-games.sqlite")


def test_each_action_is_saved_before_the_state_moves_and_undo_is_an_action(store: Store) -> None:
    service = GameService.create(store, "ru_fences", ["Аня", "Борис"])
    heard: list[tuple[int, str]] = []
    unsubscribe = service.subscribe(lambda state, action: heard.append((store.action_count(service.game_id),
                                                                        type(action).__name__)))
    service.roll([5, 5, 5, 2, 3], player="Аня")
    service.score("three")
    service.cross_out("large_straight")
    service.undo(1)
    assert heard == [(1, "Roll"), (2, "Score"), (3, "CrossOut"), (4, "Undo")]
    unsubscribe()
    service.cross_out("chance")
    assert len(heard) == 4
    rows = store.execute("SELECT seq, kind, payload, player FROM actions WHERE game_id = ? ORDER BY seq",
                         (service.game_id,))
    assert rows == [
        (1, "roll", '{"roll": [5, 5, 5, 2, 3]}', "Аня"),
        (2, "score", '{"score": "three"}', "Аня"),
        (3, "cross_out", '{"cross_out": "large_straight"}', "Борис"),
        (4, "undo", '{"undo": 1}', "Аня"),  # whose turn it was when it was taken
        (5, "cross_out", '{"cross_out": "chance"}', "Борис"),
    ]
    assert store.actions(service.game_id) == [
        Roll((5, 5, 5, 2, 3)), Score("three"), CrossOut("large_straight"), Undo(1), CrossOut("chance")]


def test_a_refused_action_saves_nothing(store: Store) -> None:
    service = GameService.create(store, "yahtzee", ["Аня", "Борис"])
    service.roll([1, 2, 3, 4, 5])
    service.score("large_straight")
    service.roll([1, 2, 3, 4, 5])
    with pytest.raises(NotYourTurn):
        service.score("chance", player="Аня")
    service.score("large_straight")
    service.roll([1, 2, 3, 4, 5])
    with pytest.raises(BoxAlreadyWritten):
        service.score("large_straight")
    assert store.action_count(service.game_id) == 5
    assert service.saved_actions == 5


def test_reload_replays_the_log(store: Store, tmp_path: Path) -> None:
    service = GameService.create(store, "ru_fences", ["A", "B", "C"], {"stage_order": "any"})
    for action, _ in play_random(service.state, random.Random(3), max_actions=300, undo_rate=0.05):
        service.act(action)
    with Store(tmp_path / "games.db") as other:
        info, state, saved = other.load(service.game_id)
    assert info.options == {"stage_order": "any"} and info.players == ("A", "B", "C")
    assert saved == service.saved_actions
    assert state.sheet() == service.state.sheet()
    assert GameService.open(store, service.game_id) is service


def test_unknown_game(store: Store) -> None:
    with pytest.raises(StoreError, match="no game 42"):
        store.load(42)
    assert store.last_game_id() is None


def _finish(store: Store, variant: str, players: list[str], seed: int) -> GameService:
    service = GameService.create(store, variant, players)
    for action, _ in play_random(service.state, random.Random(seed)):
        service.act(action)
    assert service.state.finished
    return service


def test_history_statistics_and_names(store: Store) -> None:
    first = _finish(store, "ru_fences", ["Аня", "Борис"], 1)
    second = _finish(store, "yahtzee", ["Борис", "Вера"], 2)
    GameService.create(store, "yatzy", ["Гриша"])
    assert store.known_names() == ["Гриша", "Борис", "Вера", "Аня"]
    assert [g["id"] for g in store.games(player="Борис")] == [second.game_id, first.game_id]
    assert [g["id"] for g in store.games(variant="ru_fences")] == [first.game_id]
    assert store.games(player="Аня")[0]["winners"] == first.state.sheet()["winners"]

    stats = {(row["name"], row["variant"]): row for row in store.player_stats()}
    sheet = first.state.sheet()
    anya = stats[("Аня", "ru_fences")]
    column = sheet["players"][0]
    assert anya["games"] == 1 and anya["best"] == column["total"] == anya["average"]
    assert anya["wins"] == (1 if "Аня" in sheet["winners"] else 0)
    bonuses = [st["bonus"] for st in column["stages"]]
    assert anya["premiums"] == sum(1 for b in bonuses if b > 0)
    assert anya["penalties"] == sum(1 for b in bonuses if b < 0)
    assert anya["fences_earned"] == first.state.sheets[0].fences_earned > 0
    assert anya["fences_spent"] == first.state.sheets[0].fences_spent
    assert anya["fences_earned"] - anya["fences_spent"] == column["fences"]
    assert set(stats) == {("Аня", "ru_fences"), ("Борис", "ru_fences"), ("Борис", "yahtzee"), ("Вера", "yahtzee")}


def test_undo_past_the_end_reopens_the_game_and_drops_its_results(store: Store) -> None:
    service = _finish(store, "generala", ["Аня"], 5)
    assert store.player_stats(player="Аня")[0]["games"] == 1
    service.undo(1)
    assert store.player_stats(player="Аня") == []
    assert store.games()[0]["finished"] is None
    last = service.state.effective_actions()  # the undone action is still in the log
    assert store.action_count(service.game_id) == len(last) + 2


def first_schema_file(path: Path) -> None:
    """A file as the first version of the program saved it: one game of Yahtzee, one throw."""
    from scorekeeper.store import MIGRATIONS

    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0])
    db.execute("INSERT INTO games (variant, options, created) VALUES ('yahtzee', '{}', '2026-11-01T10:00:00')")
    db.execute("INSERT INTO players VALUES (1, 0, 'Аня')")
    db.execute("INSERT INTO actions VALUES (1, 1, 'roll', '{\"roll\": [6, 6, 6, 1, 2]}', 'Аня', '2026-11-01T10:01:00')")
    db.execute("PRAGMA user_version=1")
    db.commit()
    db.close()


def test_a_file_of_the_first_schema_is_migrated_with_its_games(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    first_schema_file(path)
    with Store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
        info, state, saved = store.load(1)
        assert (info.players, info.abandoned, saved) == (("Аня",), None, 1)
        assert state.sheet()["turn"]["dice"] == [6, 6, 6, 1, 2]
        assert store.games()[0]["abandoned"] is None


def test_an_unfinished_game_set_aside_is_marked_until_its_next_action(store: Store) -> None:
    service = GameService.create(store, "yahtzee", ["Аня", "Борис"])
    service.roll([1, 2, 3, 4, 5])
    store.set_aside(service.game_id)
    assert store.game(service.game_id).abandoned is not None
    assert store.games()[0]["abandoned"] is not None
    assert store.action_count(service.game_id) == 1  # the sheet and its log stay as they were
    service.score("large_straight")  # playing on takes the mark away
    assert store.game(service.game_id).abandoned is None
    store.set_aside(service.game_id)
    store.set_aside(service.game_id, aside=False)
    assert store.games()[0]["abandoned"] is None


def test_a_finished_or_missing_game_cannot_be_set_aside(store: Store) -> None:
    service = GameService.create(store, "yahtzee", ["Аня"])
    for action, _ in play_random(service.state, random.Random(5)):
        service.act(action)
    assert service.state.finished
    with pytest.raises(StoreError, match="is finished"):
        store.set_aside(service.game_id)
    with pytest.raises(StoreError, match="no game 99"):
        store.set_aside(99)
    assert store.game(service.game_id).abandoned is None


def test_games_page_count_and_open_ones(store: Store) -> None:
    done = [_finish(store, "generala", ["Аня", "Борис"], seed).game_id for seed in range(5)]
    open_game = GameService.create(store, "yatzy", ["Аня"]).game_id
    aside = GameService.create(store, "yatzy", ["Борис"]).game_id
    store.set_aside(aside)
    newest = [aside, open_game, *reversed(done)]
    assert [g["id"] for g in store.games(limit=3)] == newest[:3]
    assert [g["id"] for g in store.games(limit=3, offset=3)] == newest[3:6]
    assert store.count_games() == 7 and store.count_games(player="Аня") == 6
    assert store.count_games(variant="yatzy") == 2
    assert [g["id"] for g in store.games(open_only=True)] == [open_game]


def test_player_stats_keep_matches_apart_from_single_games(store: Store) -> None:
    _finish(store, "ru_encyclopedia", ["Аня", "Борис"], 1)
    series = GameService.create(store, "ru_encyclopedia", ["Аня", "Борис"], {"mode": "series", "series_games": 2})
    for action, _ in play_random(series.state, random.Random(2)):
        series.act(action)
    rows = {(r["variant"], r["form"]): r for r in store.player_stats("Аня")}
    assert set(rows) == {("ru_encyclopedia", ""), ("ru_encyclopedia", "series:2")}
    match = rows[("ru_encyclopedia", "series:2")]
    assert match["games"] == 1
    assert match["best"] == match["average"] == series.state.sheet()["match"]["totals"]["Аня"]


def test_a_finished_game_is_played_again_once_however_many_phones_ask_at_once(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    with Store(path) as store:
        service = GameService.create(store, "yatzy", ["Аня", "Борис"])
        for action, _ in play_random(service.state, random.Random(1)):
            service.act(action)
        unfinished_game = GameService.create(store, "yatzy", ["Аня"])
        with pytest.raises(StoreError, match="not finished"):
            store.rematch(unfinished_game.game_id, "yatzy", {}, ["Аня"])
    barrier = threading.Barrier(6)
    got: list[int] = []

    def phone() -> None:  # each phone its own connection to the file, as a second server would have
        with Store(path) as own:
            barrier.wait()
            got.append(own.rematch(service.game_id, "yatzy", {}, ["Борис", "Аня"]))

    threads = [threading.Thread(target=phone) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with Store(path) as store:
        assert len(set(got)) == 1 and len(got) == 6
        assert store.count_games() == 3
        assert store.game(got[0]).players == ("Борис", "Аня")


def _extra_yahtzees_and_a_servida(store: Store) -> None:
    """Аня's Yahtzee with an extra Yahtzee (+100: her chance, after the Yahtzee box holds 50; her
    sixes, before it, earn none), and a Generala Борис wins at once."""
    yahtzee = GameService.create(store, "yahtzee", ["Аня"])
    for box in yahtzee.state.variant.box_ids:
        yahtzee.roll((6, 6, 6, 6, 6) if box in ("poker", "sixes", "chance") else (1, 2, 3, 4, 6))
        yahtzee.score(box)
    assert yahtzee.state.finished and yahtzee.state.sheet()["players"][0]["stages"][0]["extra"] == 100
    generala = GameService.create(store, "generala", ["Аня", "Борис"])
    generala.roll((2, 3, 4, 5, 5))
    generala.score("chance" if "chance" in generala.state.variant.box_ids else "ones")
    generala.roll((5, 5, 5, 5, 5))
    generala.score("poker")  # on the first throw: Борис wins at once
    assert generala.state.finished and generala.state.sheet()["winners"] == ["Борис"]


def _stats(store: Store) -> dict[tuple[str, str], tuple[int, int]]:
    return {(r["name"], r["variant"]): (r["extra_points"], r["won_at_once"]) for r in store.player_stats()}


def test_statistics_count_extra_yahtzees_and_games_won_at_once(store: Store) -> None:
    _extra_yahtzees_and_a_servida(store)
    assert _stats(store) == {("Аня", "yahtzee"): (100, 0), ("Аня", "generala"): (0, 0), ("Борис", "generala"): (0, 1)}


def test_a_file_of_schema_3_gets_those_counts_for_its_finished_games(tmp_path: Path) -> None:
    path = tmp_path / "v3.db"
    with Store(path) as store:
        _extra_yahtzees_and_a_servida(store)
        expected = _stats(store)
    db = sqlite3.connect(path)  # as schema 3 left it: no such columns
    db.execute("DROP INDEX IF EXISTS results_name")
    db.execute("ALTER TABLE results DROP COLUMN extra_points")
    db.execute("ALTER TABLE results DROP COLUMN won_at_once")
    db.execute("CREATE INDEX results_name ON results(name, variant)")
    db.execute("PRAGMA user_version=3")
    db.commit()
    db.close()
    with Store(path) as store:
        assert store.schema_version == 4
        assert _stats(store) == expected
