"""Sharing and keeping in the browser: the sheet's PNG downloaded from a finished sheet and from
History, History's CSV, and Settings' backup saved and restored through the file picker."""

from __future__ import annotations

import csv
import io
import json
import random
import re
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper.exchange import export_document
from scorekeeper.game import from_payload, new_game, to_payload
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.e2e.conftest import Tab

pytestmark = pytest.mark.e2e

SHOTS = Path("/tmp/share-shots")  # looked at by a person: outside the repository


def played(db: Path, variant: str, players: list[str], seed: int, limit: int | None = None) -> int:
    """A game saved in `db`, played at random to its end (or `limit` actions); its id."""
    start = new_game(get_variant(variant), players)
    actions = [to_payload(a) for a, _ in play_random(start, random.Random(seed), limit, reroll=0.6)]
    with Store(db) as store:
        service = GameService.create(store, variant, players)
        for payload in actions:
            service.act(from_payload(payload))
        game_id = service.game_id
        service.close()
    return game_id


def downloaded(tab: Tab, identifier: str) -> tuple[str, bytes]:
    """Tap the button and catch the file the browser saves: its name and bytes."""
    with tab.page.expect_download(timeout=20_000) as caught:
        tab.tap(identifier)
    download = caught.value
    return download.suggested_filename, Path(download.path()).read_bytes()


def picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_the_sheet_of_a_finished_game_downloads_as_a_png(new_tab, server, db_path) -> None:
    game_id = played(db_path, "ru_fences", ["Аня", "Борис", "Вика"], 1)
    tab = new_tab(url=f"{server.url}game/{game_id}")
    tab.wait_text("turn", re.compile("Игра окончена"))
    name, data = downloaded(tab, "share")
    assert name == f"scorekeeper-game-{game_id}.png"
    image = picture(data)
    assert image.format == "PNG" and image.width == 1080 and image.height > 3000  # three stages
    tab.wait_text("share-done", re.compile(f"Картинка листа готова: scorekeeper-game-{game_id}.png"))
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "browser-ru_fences.png").write_bytes(data)
    tab.page.screenshot(path=str(SHOTS / "browser-ru_fences-screen.png"))


def test_a_game_in_history_shares_its_sheet_and_history_its_csv(new_tab, server, db_path) -> None:
    game_id = played(db_path, "yahtzee", ["Ann", 'Smith, "Jo"'], 2)
    tab = new_tab(url=f"{server.url}history/{game_id}", locale="en-US")
    name, data = downloaded(tab, "share")
    image = picture(data)
    assert name == f"scorekeeper-game-{game_id}.png" and image.width == 1080 and 1000 < image.height < 2000
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / "browser-yahtzee.png").write_bytes(data)

    tab.page.screenshot(path=str(SHOTS / "browser-history-game.png"))
    tab.tap("back")
    name, data = downloaded(tab, "history-csv")
    tab.page.screenshot(path=str(SHOTS / "browser-history.png"))
    rows = list(csv.DictReader(io.StringIO(data.decode("utf-8"), newline="")))
    with Store.for_reading(db_path) as store:
        assert len({r["game_id"] for r in rows}) == store.count_games()
    mine = [r for r in rows if r["game_id"] == str(game_id)]
    assert [r["player"] for r in mine] == ["Ann", 'Smith, "Jo"'] and name.endswith(".csv")


def test_a_backup_is_restored_through_the_file_picker(new_tab, server, db_path, tmp_path: Path) -> None:
    # A backup made elsewhere: one game this database holds already, one it does not.
    known = played(db_path, "yatzy", ["Зоя"], 3, 12)
    fresh = played(tmp_path / "other.sqlite", "generala", ["Поля", "Рома"], 4, 9)
    with Store.for_reading(db_path) as here, Store.for_reading(tmp_path / "other.sqlite") as other:
        document = {**export_document(here, [known]),
                    "games": export_document(here, [known])["games"] + export_document(other, [fresh])["games"]}
    (tmp_path / "backup.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    document["games"][1]["actions"][0] = {"score": "chance"}  # before any throw: an illegal action
    (tmp_path / "broken.json").write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
    with Store.for_reading(db_path) as store:
        before = store.count_games()

    tab = new_tab(url=f"{server.url}settings")
    name, data = downloaded(tab, "backup")  # every game of this database, as `export` writes them
    saved = json.loads(data.decode("utf-8"))
    assert name.startswith("scorekeeper-backup-") and saved["format"] == "scorekeeper-games"
    assert len(saved["games"]) == before and known in [g["id"] for g in saved["games"]]
    for file, expected in ((tmp_path / "broken.json", re.compile(r"Файл не восстановлен.*действие 0")),
                           (tmp_path / "backup.json", "Добавлено игр: 1, уже были: 1.")):
        with tab.page.expect_file_chooser(timeout=20_000) as chooser:
            tab.tap("restore")
        chooser.value.set_files(str(file))
        tab.wait_text("reason", expected, timeout=20)
        SHOTS.mkdir(exist_ok=True)
        tab.page.screenshot(path=str(SHOTS / f"browser-restore-{file.stem}.png"))
        tab.close_dialog()
    with Store.for_reading(db_path) as store:
        assert store.count_games() == before + 1
        assert store.game(store.last_game_id() or 0).players == ("Поля", "Рома")
