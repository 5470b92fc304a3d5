"""Safety copies: taken with SQLite's backup before a schema migration or an import, the last three kept."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.safety import KEPT, copies
from scorekeeper.store import SCHEMA_VERSION, Store
from tests.test_store import first_schema_file


def test_a_migration_leaves_a_copy_of_the_file_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "v1.db"
    first_schema_file(path)
    with Store(path) as store:
        assert store.schema_version == SCHEMA_VERSION
    [copy] = copies(path)
    assert "schema1" in copy.name
    old = sqlite3.connect(copy)
    assert old.execute("PRAGMA user_version").fetchone()[0] == 1
    assert old.execute("SELECT payload FROM actions").fetchall() == [('{"roll": [6, 6, 6, 1, 2]}',)]
    old.close()
    with Store(path):
        pass
    assert copies(path) == [copy]  # a file already up to date is not copied again


def test_a_new_file_and_a_file_read_only_are_not_copied(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Store(path).close()
    v1 = tmp_path / "v1.db"
    first_schema_file(v1)
    Store.for_reading(v1).close()  # brought up to date in memory only: nothing beside it
    assert copies(path) == [] and copies(v1) == []


def test_imports_into_a_database_keep_the_last_three_copies(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "club.db"
    Store(db).close()
    seen = []
    for n in range(KEPT + 2):
        script = tmp_path / f"game{n}.json"
        script.write_text(json.dumps({"variant": "yahtzee", "players": [f"Игрок {n}"], "actions": []}),
                          encoding="utf-8")
        assert main(["import", str(script), "--db", str(db)]) == 0
        seen.append([p.name for p in copies(db)])
        time.sleep(0.002)  # the copies' names order them by time
    assert seen[0] == []  # the first import found nothing to lose
    assert [len(s) for s in seen] == [0, 1, 2, 3, 3]
    newest = copies(db)[-1]
    assert seen[-1][-1] == newest.name and seen[-2][0] not in seen[-1]  # the oldest went
    with Store.for_reading(newest) as before:  # the copy holds the database as it was before the last import
        assert before.count_games() == KEPT + 1
    capsys.readouterr()
