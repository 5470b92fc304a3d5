"""The sheet as a PNG: decodes, about 1080 px wide, the paper sheet's parts drawn, Cyrillic legible."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from PIL import Image

from scorekeeper.app.share.picture import WIDTH, font, sheet_png
from scorekeeper.cli import main
from scorekeeper.game import State, new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import get_variant
from scorekeeper.store import Store
from tests.exchange.test_cli_exchange import random_actions, save_game


def _played(variant: str, players: list[str], seed: int, limit: int | None = None) -> State:
    start = new_game(get_variant(variant), players)
    return [start, *(s for _, s in play_random(start, random.Random(seed), limit))][-1]


def _picture(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    assert image.format == "PNG"
    return image.convert("RGB")


def _gold_columns(image: Image.Image, y: int) -> list[int]:
    """The x positions on row y painted in the winner's gold."""
    return [x for x in range(image.width) if image.getpixel((x, y)) == (255, 238, 176)]


@pytest.mark.parametrize("variant", ["ru_fences", "yahtzee", "generala", "ru_football"])
def test_the_sheet_decodes_at_phone_width_with_the_winner_marked(variant: str) -> None:
    state = _played(variant, ["Аня", "Борис", "Вика"], 11)
    image = _picture(sheet_png(state, "ru", game_id=3, played="2026-12-05T10:00:00+00:00"))
    assert image.width == WIDTH
    stages = get_variant(variant).stages
    assert image.height > 600 * stages  # every box of every stage has its row
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None and len(colours) > 50  # text drawn anti-aliased, not a blank card
    winners = [i for i, p in enumerate(state.sheet()["players"]) if p["rank"] == 1]
    gold = _gold_columns(image, image.height // 2)
    assert gold and len(gold) > 100 * len(winners)  # the winner's column is gold down the sheet


def test_an_unfinished_game_has_no_winner_column_and_ru_differs_from_en() -> None:
    state = _played("ru_fences", ["Аня", "Борис"], 4, 40)
    ru, en = _picture(sheet_png(state, "ru")), _picture(sheet_png(state, "en"))
    assert not _gold_columns(ru, ru.height // 2)
    assert ru.size[0] == en.size[0] == WIDTH and ru.tobytes() != en.tobytes()


def test_the_font_has_cyrillic_glyphs() -> None:
    face = font(30)
    # a missing glyph draws the same box for every letter: distinct letters give distinct masks
    masks = {bytes(face.getmask(ch)) for ch in "гораЁщЖ"}
    assert len(masks) == 7


def test_export_png_writes_the_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, out = tmp_path / "a.db", tmp_path / "sheet.png"
    with Store(db) as store:
        save_game(store, "yahtzee", ["Ann", "Bob"], random_actions("yahtzee", ["Ann", "Bob"], 9))
    assert main(["export", "--db", str(db), "--format", "png", "--out", str(out), "--last"]) == 0
    assert capsys.readouterr().out == ""
    image = _picture(out.read_bytes())
    assert image.width == WIDTH and 1000 < image.height < 2000
