"""Benchmarks of the game and its store (prints numbers; not a test).

    uv run python bench/game.py

1. Replay of a complete 12-player ru_fences game from the database (target ≤ 100 ms),
   against replaying the same actions in memory (no store) as the baseline.
2. Verify, apply and commit one action through GameService (target ≤ 2 ms median),
   against apply alone in memory, and against the naive way (reload the game from the
   database and replay its whole log before each action) measured on a sample.
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.game import Action, apply, new_game  # noqa: E402
from scorekeeper.game.simulate import play_random  # noqa: E402
from scorekeeper.rules import get_variant  # noqa: E402
from scorekeeper.service import GameService  # noqa: E402
from scorekeeper.store import Store  # noqa: E402

PLAYERS = [f"Игрок {i + 1}" for i in range(12)]


def _game(seed: int = 2026) -> list[Action]:
    state = new_game(get_variant("ru_fences"), PLAYERS)
    return [action for action, _ in play_random(state, random.Random(seed), undo_rate=0.02, reroll=0.62)]


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.3f} ms"


def _commit_times(store: Store, actions: list[Action]) -> tuple[int, list[float]]:
    service = GameService.create(store, "ru_fences", PLAYERS)
    times = []
    for action in actions:
        start = time.perf_counter()
        service.act(action)
        times.append(time.perf_counter() - start)
    assert service.state.finished
    service.close()
    return service.game_id, times


def main() -> None:
    actions = _game()
    variant = get_variant("ru_fences")
    print(f"game: ru_fences, 12 players, complete, {len(actions)} actions (undo included)")
    with tempfile.TemporaryDirectory() as tmp:
        with Store(Path(tmp) / "bench.db") as store:
            game_id, commit = _commit_times(store, actions)

            replay_db = []
            for _ in range(15):
                start = time.perf_counter()
                _, state, saved = store.load(game_id)
                replay_db.append(time.perf_counter() - start)
            assert state.finished and saved == len(actions)

            replay_mem = []
            for _ in range(15):
                start = time.perf_counter()
                state = new_game(variant, PLAYERS)
                for action in actions:
                    state = apply(state, action)
                replay_mem.append(time.perf_counter() - start)

            apply_only = []
            state = new_game(variant, PLAYERS)
            for action in actions:
                start = time.perf_counter()
                state = apply(state, action)
                apply_only.append(time.perf_counter() - start)

            # The naive writer: reload and replay the whole log before each action (sampled).
            naive = []
            service = GameService.create(store, "ru_fences", PLAYERS)
            for i, action in enumerate(actions[:400]):
                start = time.perf_counter()
                if i % 40 == 0:
                    _, _, _ = store.load(service.game_id)
                    service.act(action)
                    naive.append(time.perf_counter() - start)
                else:
                    service.act(action)

        with Store(Path(tmp) / "full.db", synchronous="FULL") as store:
            _, commit_full = _commit_times(store, actions)

    print(f"replay from SQLite (load + replay)     median {_ms(statistics.median(replay_db))}  (target ≤ 100 ms)")
    print(f"  baseline: replay in memory, no store median {_ms(statistics.median(replay_mem))}")
    print(f"one action: verify + apply + commit    median {_ms(statistics.median(commit))}  (target ≤ 2 ms)"
          f"  p95 {_ms(sorted(commit)[int(len(commit) * 0.95)])}")
    print(f"  same with synchronous=FULL (fsync)   median {_ms(statistics.median(commit_full))}")
    print(f"  baseline: apply alone, in memory     median {_ms(statistics.median(apply_only))}")
    print(f"  baseline: naive reload+replay+commit median {_ms(statistics.median(naive))}  (first 400 actions, sampled)")


if __name__ == "__main__":
    main()
