"""Property: any game, played any way to any point, comes back from its file as the same game."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.exchange import export_text, import_document, parse_document
from scorekeeper.game import new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import VARIANT_IDS, get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store


@settings(max_examples=25, deadline=None)
@given(variant=st.sampled_from(VARIANT_IDS), players=st.integers(1, 4), seed=st.integers(0, 10**6),
       limit=st.none() | st.integers(0, 150), undo_rate=st.sampled_from([0.0, 0.1]))
def test_a_game_comes_back_from_its_file_as_it_was(variant: str, players: int, seed: int, limit: int | None,
                                                   undo_rate: float) -> None:
    names = ["Аня", "Борис", "Вика", 'Гоша "Г, Д"'][:players]
    with tempfile.TemporaryDirectory() as folder:
        with Store(Path(folder) / "a.db") as source, Store(Path(folder) / "b.db") as target:
            service = GameService.create(source, variant, names, {})
            start = new_game(get_variant(variant), names)
            for action, _ in play_random(start, random.Random(seed), limit, undo_rate=undo_rate):
                service.act(action)
            text = export_text(source, [service.game_id])
            report = import_document(target, parse_document(text))
            assert len(report.imported) == 1
            assert target.load(report.imported[0])[1].sheet() == service.state.sheet()
            assert export_text(target, list(report.imported)) == text  # times and turns kept too
            assert import_document(target, parse_document(text)).skipped == 1
