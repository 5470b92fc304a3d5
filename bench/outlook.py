"""Timings of the upper-section outlook (`uv run python bench/outlook.py`).

The hardest state is six boxes open, net 0, ten fences (ru_fences). Printed, all medians:

* cold, fresh process: a new interpreter imports the module and answers the hardest state once;
* cold, caches cleared: the same in this process after `clear_caches()` (numpy already warm);
* repeated query: the same state asked again (the answer is cached);
* warm tables: other states of the same variant (tables built, answers not cached), and mid-turn;
* baseline: ``PlainOutlook``, the plain memoised pure-Python recursion of the same model (the
  reference the tests check the tables against), on the same state with four fences, next to this
  module on that state.

Wall and CPU time are both printed: on a busy machine the wall time grows, the CPU time much less.
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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.outlook import (  # noqa: E402
    UpperGoal,
    _outlook,
    _outlook_mid_turn,
    clear_caches,
    outlook,
)
from tests.outlook_reference import PlainOutlook  # noqa: E402

GORA = UpperGoal.gora()
ALL = frozenset(range(1, 7))

FRESH = """
import time
from scorekeeper.outlook import UpperGoal, outlook
wall, cpu = time.perf_counter(), time.process_time()
outlook(UpperGoal.gora(), frozenset(range(1, 7)), 0, 10)
print((time.perf_counter() - wall) * 1e3, (time.process_time() - cpu) * 1e3)
"""


def median_ms(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """Median wall-clock and CPU milliseconds of ``fn()``."""
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append((time.perf_counter() - wall) * 1e3)
        cpus.append((time.process_time() - cpu) * 1e3)
    return statistics.median(walls), statistics.median(cpus)


def plain_recursion(goal: UpperGoal, open_faces: frozenset[int], upper: int, fences: int) -> float:
    """p_bonus by the plain memoised recursion of the same model, from scratch."""
    return PlainOutlook(goal).value(open_faces, upper, fences)[0]


def line(label: str, times: tuple[float, float], unit: str = "ms", extra: str = "") -> None:
    scale = 1e3 if unit == "µs" else 1.0
    wall, cpu = times[0] * scale, times[1] * scale
    print(f"{label:<52} {wall:9.2f} {unit} wall {cpu:9.2f} {unit} CPU{extra}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="repetitions of the cold timings")
    args = parser.parse_args()
    print("all figures are medians")

    fresh = []
    for _ in range(max(3, args.runs // 2)):
        out = subprocess.run(
            [sys.executable, "-c", FRESH], capture_output=True, text=True, check=True
        )
        wall, cpu = out.stdout.split()
        fresh.append((float(wall), float(cpu)))
    line(
        "hardest state (6 open, net 0, 10 fences), fresh process",
        (statistics.median(w for w, _ in fresh), statistics.median(c for _, c in fresh)),
    )

    def cold() -> None:
        clear_caches()
        outlook(GORA, ALL, 0, 10)

    line("hardest state, cold, caches cleared", median_ms(cold, args.runs))
    outlook(GORA, ALL, 0, 10)
    line("hardest state, repeated query", median_ms(lambda: outlook(GORA, ALL, 0, 10), 2001), "µs")

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
    line("other states, tables warm, answer not cached", warm, "µs")
    it = iter(states)

    def mid() -> None:
        faces, net, fences = next(it)
        _outlook_mid_turn.__wrapped__(GORA, faces, net, fences, max(faces), 2, 2)

    line("mid-turn, tables warm, answer not cached", median_ms(mid, len(states)), "µs")

    def ours_small() -> None:
        clear_caches()
        outlook(GORA, ALL, 0, 4)

    ours = median_ms(ours_small, args.runs)
    base = median_ms(lambda: plain_recursion(GORA, ALL, 0, 4), 3)
    check = abs(plain_recursion(GORA, ALL, 0, 4) - outlook(GORA, ALL, 0, 4).p_bonus)
    line("baseline: plain recursion, 6 open, net 0, 4 fences", base)
    line("this module, cold, same state", ours, extra=f"  ({base[1] / ours[1]:.0f}× less CPU)")
    print(f"|p_bonus(this module) - p_bonus(baseline)| = {check:.1e}")
    print("targets: ≤ 50 ms cold, ≤ 1 ms repeated")
    load = ", ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"machine: {os.cpu_count()} CPUs, load average {load} (wall times grow with the load)")


if __name__ == "__main__":
    main()
