"""Benchmarks of sharing and keeping (prints numbers; not a test).

    uv run python bench/exchange.py [--games 200]

1. Export of --games finished games (every variant in turn, 2-4 players) as the JSON file and as
   CSV, against loading the same games from the store (the replay they all start from).
2. Import of that file into a fresh database (each game replayed, then saved in one transaction),
   and the same file again into that database (every game found there and skipped).
3. The PNG of one finished 3-player ru_fences game and of a Yahtzee game.
Medians of 3 runs (1 for the imports, each needing a fresh file).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.app.share.picture import sheet_png  # noqa: E402
from scorekeeper.exchange import export_text, import_document, parse_document  # noqa: E402
from scorekeeper.exchange.table import csv_text  # noqa: E402
from scorekeeper.game import new_game  # noqa: E402
from scorekeeper.game.simulate import play_random  # noqa: E402
from scorekeeper.rules import VARIANT_IDS, get_variant  # noqa: E402
from scorekeeper.service import GameService  # noqa: E402
from scorekeeper.store import Store  # noqa: E402

NAMES = ["Аня", "Борис", "Вика", "Гоша"]


def _median(run: Callable[[], object], times: int = 3) -> float:
    found = []
    for _ in range(times):
        t0 = time.perf_counter()
        run()
        found.append(time.perf_counter() - t0)
    return statistics.median(found)


def _fill(store: Store, games: int) -> list[int]:
    ids = []
    for n in range(games):
        variant = VARIANT_IDS[n % len(VARIANT_IDS)]
        players = NAMES[: 2 + n % 3]
        service = GameService.create(store, variant, players, {})
        start = new_game(get_variant(variant), players)
        for action, _ in play_random(start, random.Random(n)):
            service.act(action)
        ids.append(service.game_id)
    return ids


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    games = parser.parse_args().games
    with tempfile.TemporaryDirectory() as folder:
        store = Store(Path(folder) / "a.db")
        ids = _fill(store, games)
        actions = store.execute("SELECT count(*) FROM actions")[0][0]
        print(f"{games} finished games, {actions} actions")
        load = _median(lambda: [store.load(i) for i in ids])
        export = _median(lambda: export_text(store, ids))
        table = _median(lambda: csv_text(store, ids))
        print(f"load every game (baseline): {load * 1000:.0f} ms")
        print(f"export JSON: {export * 1000:.0f} ms ({export / load:.2f}x the load)")
        print(f"export CSV:  {table * 1000:.0f} ms ({table / load:.2f}x the load)")
        text = export_text(store, ids)
        print(f"JSON file: {len(text.encode()) / 1024:.0f} KiB")
        target = Store(Path(folder) / "b.db")
        t0 = time.perf_counter()
        entries = parse_document(text)
        parsed = time.perf_counter() - t0
        report = import_document(target, entries)
        first = time.perf_counter() - t0
        t0 = time.perf_counter()
        again = import_document(target, parse_document(text))
        second = time.perf_counter() - t0
        assert len(report.imported) == games and again.skipped == games
        print(f"import into a fresh database: {first * 1000:.0f} ms (of which replaying {parsed * 1000:.0f} ms)")
        print(f"import again (all skipped): {second * 1000:.0f} ms")
        for variant in ("ru_fences", "yahtzee"):
            start = new_game(get_variant(variant), NAMES[:3])
            state = [start, *(s for _, s in play_random(start, random.Random(7)))][-1]
            png = sheet_png(state, "ru")
            took = _median(lambda state=state: sheet_png(state, "ru"))  # type: ignore[misc]
            print(f"PNG {variant}: {took * 1000:.0f} ms, {len(png) / 1024:.0f} KiB")
        store.close()
        target.close()


if __name__ == "__main__":
    main()
