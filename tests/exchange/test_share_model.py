"""What the app's share and keep buttons hand out and take in (the files themselves, without a browser)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from scorekeeper.app.share.model import backup, games_csv, restore, sheet_file
from scorekeeper.store import Store
from tests.exchange.test_cli_exchange import random_actions, save_game


def _two_variants(path: Path) -> tuple[int, int, int]:
    with Store(path) as store:
        a = save_game(store, "yahtzee", ["Аня", "Борис"], random_actions("yahtzee", ["Аня", "Борис"], 1))
        b = save_game(store, "ru_fences", ["Аня", "Вика"], random_actions("ru_fences", ["Аня", "Вика"], 2, 20))
        c = save_game(store, "yahtzee", ["Вика"], random_actions("yahtzee", ["Вика"], 3, 8))
    return a, b, c


def test_the_csv_holds_the_games_history_shows_with_its_filter(tmp_path: Path) -> None:
    a, b, c = _two_variants(tmp_path / "a.db")
    with Store(tmp_path / "a.db") as store:
        out = games_csv(store, "Аня", None)
        rows = list(csv.DictReader(io.StringIO(out.data.decode("utf-8"), newline="")))
        assert out.games == 2 and out.name.endswith(".csv")
        assert [(int(r["game_id"]), r["player"]) for r in rows] == [(a, "Аня"), (a, "Борис"), (b, "Аня"), (b, "Вика")]
        only = games_csv(store, None, "yahtzee")
        assert only.games == 2 and {int(r["game_id"]) for r in csv.DictReader(io.StringIO(only.data.decode()))} == {a, c}
        assert games_csv(store, "Нет такого", None).games == 0


def test_a_backup_restored_into_another_database_adds_then_skips(tmp_path: Path) -> None:
    _two_variants(tmp_path / "a.db")
    with Store(tmp_path / "a.db") as store:
        saved = backup(store)
    assert saved.games == 3 and json.loads(saved.data)["format"] == "scorekeeper-games"
    with Store(tmp_path / "b.db") as other:
        first = restore(other, saved.data, saved.name, "ru")
        again = restore(other, saved.data, saved.name, "en")
        assert (first.ok, first.imported, first.skipped) == (True, 3, 0)
        assert first.message == "Добавлено игр: 3, уже были: 0."
        assert (again.imported, again.skipped, again.message) == (0, 3, "Games added: 0; already here: 3.")
        assert other.count_games() == 3


def test_a_bad_backup_changes_nothing_and_says_why(tmp_path: Path) -> None:
    _two_variants(tmp_path / "a.db")
    with Store(tmp_path / "a.db") as store:
        document = json.loads(backup(store).data)
    document["games"][1]["actions"][0] = {"score": "chance"}
    with Store(tmp_path / "b.db") as other:
        result = restore(other, json.dumps(document).encode(), "backup.json", "ru")
        assert not result.ok and other.count_games() == 0
        assert result.message.startswith("Файл не восстановлен, ничего не изменилось. ")
        assert 'игра 2 (id 2), действие 0 {"score": "chance"}: no_throw_yet: ' in result.message
        english = restore(other, json.dumps(document).encode(), "backup.json", "en").message
        assert 'game 2 (id 2), action 0 {"score": "chance"}: no_throw_yet: ' in english


def test_the_sheet_file_is_a_png_named_after_the_game(tmp_path: Path) -> None:
    a, _, _ = _two_variants(tmp_path / "a.db")
    with Store(tmp_path / "a.db") as store:
        out = sheet_file(store, a, "ru")
    assert out.name == f"scorekeeper-game-{a}.png" and out.data[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_restore_that_carries_an_open_game_on_brings_its_sheet_up_to_date(tmp_path: Path) -> None:
    import random

    from scorekeeper.exchange import export_text
    from scorekeeper.game.simulate import play_random
    from scorekeeper.service import GameService

    with Store(tmp_path / "a.db") as source, Store(tmp_path / "b.db") as target:
        game = save_game(source, "kniffel", ["Аня", "Борис"], random_actions("kniffel", ["Аня", "Борис"], 4, 6))
        restore(target, export_text(source, [game]).encode(), "early.json", "ru")
        here = GameService.open(target, 1)  # the game open on a phone at this table
        heard: list[object] = []
        here.subscribe(lambda state, action: heard.append(action))
        elsewhere = GameService.open(source, game)
        for action, _ in list(play_random(elsewhere.state, random.Random(8), 12)):
            elsewhere.act(action)
        result = restore(target, export_text(source, [game]).encode(), "later.json", "ru")
        assert result.updated == (1,) and result.message.endswith("сыгранных дальше в другом месте: 1.")
        here.catch_up()
        assert here.state.sheet() == elsewhere.state.sheet() and heard
