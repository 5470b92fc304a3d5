"""Timings of the upper-section outlook (`uv run python bench/outlook.py`).

The hardest state is six boxes open, net 0, ten fences (ru_fences). Printed, all medians:

* cold, fresh process: a new interpreter imports the module and answers the hardest state once;
* cold, caches cleared: the same in this process after `clear_caches()` (numpy already warm);
* repeated query: the same state asked again (the answer is cached);
* warm tables: other states of the same variant (tables built, answers not cached), and mid-turn;
* baseline: a plain memoised pure-Python recursion of the same model (the first version of this
  module) on the same state with four fences, next to this module on that state.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

from scorekeeper.outlook import (
    PlainOutlook,
    UpperGoal,
    _outlook,
    _outlook_mid_turn,
    clear_caches,
    outlook,
)

GORA = UpperGoal.gora()
ALL = frozenset(range(1, 7))

FRESH = """
import time
from scorekeeper.outlook import UpperGoal, outlook
t = time.perf_counter()
outlook(UpperGoal.gora(), frozenset(range(1, 7)), 0, 10)
print((time.perf_counter() - t) * 1e3)
"""


def median_ms(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1e3)
    return statistics.median(times)


def plain_recursion(goal: UpperGoal, open_faces: frozenset[int], upper: int, fences: int) -> float:
    """p_bonus by the plain memoised recursion of the same model, from scratch."""
    return PlainOutlook(goal).value(open_faces, upper, fences)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="repetitions of the cold timings")
    args = parser.parse_args()

    fresh = []
    for _ in range(max(3, args.runs // 2)):
        out = subprocess.run(
            [sys.executable, "-c", FRESH], capture_output=True, text=True, check=True
        )
        fresh.append(float(out.stdout))
    print(
        f"hardest state (6 open, net 0, 10 fences), cold, fresh process: {statistics.median(fresh):8.2f} ms"
    )

    def cold() -> None:
        clear_caches()
        outlook(GORA, ALL, 0, 10)

    print(
        f"hardest state, cold, caches cleared:                  {median_ms(cold, args.runs):8.2f} ms"
    )
    outlook(GORA, ALL, 0, 10)
    repeated = median_ms(lambda: outlook(GORA, ALL, 0, 10), 2001)
    print(f"hardest state, repeated query:                        {repeated * 1e3:8.2f} µs")

    rng = random.Random(6)
    states = [
        (
            frozenset(rng.sample(range(1, 7), rng.randint(1, 6))),
            rng.randint(-20, 15),
            rng.randint(0, 10),
        )
        for _ in range(2001)
    ]
    it = iter(states)
    warm = median_ms(lambda: _outlook.__wrapped__(GORA, *next(it)), len(states))
    print(f"other states, tables warm, answer not cached:         {warm * 1e3:8.2f} µs")
    it = iter(states)

    def mid() -> None:
        faces, net, fences = next(it)
        _outlook_mid_turn.__wrapped__(GORA, faces, net, fences, max(faces), 2, 2)

    print(
        f"mid-turn, tables warm, answer not cached:             {median_ms(mid, len(states)) * 1e3:8.2f} µs"
    )

    def ours_small() -> None:
        clear_caches()
        outlook(GORA, ALL, 0, 4)

    ours = median_ms(ours_small, args.runs)
    base_runs = 3
    base = median_ms(lambda: plain_recursion(GORA, ALL, 0, 4), base_runs)
    check = abs(plain_recursion(GORA, ALL, 0, 4) - outlook(GORA, ALL, 0, 4).p_bonus)
    print(
        f"baseline, plain recursion, 6 open, net 0, 4 fences:   {base:8.2f} ms  (median of {base_runs})"
    )
    print(
        f"this module, cold, same state:                        {ours:8.2f} ms  ({base / ours:.0f}× faster; |Δp_bonus| = {check:.1e})"
    )
    print("targets: ≤ 50 ms cold, ≤ 1 ms repeated")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} CPUs, load average {load} (timings grow with the load)")


if __name__ == "__main__":
    main()
