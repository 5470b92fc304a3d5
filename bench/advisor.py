"""The advisor's figures: advice after a throw, first advice in a fresh process, the time and memory
to solve a table, and solitaire games played by the advisor, a greedy player and the outlook's play.

    uv run python bench/advisor.py [--games 10000] [--variants yahtzee,yatzy,...] [--build generala]
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from advisor_players import play  # noqa: E402

from scorekeeper.advisor import Position, advise  # noqa: E402
from scorekeeper.advisor.simulate import simulate, simulate_fences  # noqa: E402
from scorekeeper.rules import get_variant  # noqa: E402

ALL = "yahtzee,yatzy,kniffel,generala,ru_encyclopedia,ru_fences"


def advice_after_throw(variant_id: str, reps: int = 60) -> float:
    v = get_variant(variant_id)
    rng = random.Random(1)
    advise(v, Position(frozenset(v.box_ids), dice=(1, 2, 3, 4, 5), throw=1))  # the table loaded
    times = []
    for _ in range(reps):
        boxes = [b for b in v.box_ids if rng.random() < 0.6] or [v.box_ids[0]]
        dice = tuple(rng.randint(1, 6) for _ in range(5))
        throw = rng.randint(1, 3)
        upper = 0 if v.id != "yahtzee" or any(b in boxes for b in v.upper_ids[:1]) else 3
        t0 = time.perf_counter()
        advise(v, Position(frozenset(boxes), upper=upper, dice=dice, throw=throw))
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def fresh_process(bytecode: bool, reps: int = 3) -> float:
    """Wall time of `scorekeeper advise` after a throw in a new process. With `bytecode`, as an
    installed package runs (compiled modules kept, in a temporary prefix); without, every module
    compiled from source each time (PYTHONDONTWRITEBYTECODE)."""
    cmd = [sys.executable, "-m", "scorekeeper.cli", "advise", "yahtzee", "--open",
           ",".join(get_variant("yahtzee").box_ids), "--dice", "6", "6", "3", "2", "1", "--throw", "1"]
    env = dict(os.environ)
    with tempfile.TemporaryDirectory() as prefix:
        if bytecode:
            env.pop("PYTHONDONTWRITEBYTECODE", None)
            env["PYTHONPYCACHEPREFIX"] = prefix
            subprocess.run(cmd, check=True, capture_output=True, env=env)
        else:
            env["PYTHONDONTWRITEBYTECODE"] = "1"
        times = []
        for _ in range(reps):
            t0 = time.perf_counter()
            subprocess.run(cmd, check=True, capture_output=True, env=env)
            times.append(time.perf_counter() - t0)
    return statistics.median(times)


def build(variant_id: str) -> tuple[float, float]:
    with tempfile.TemporaryDirectory() as out:
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "scorekeeper.advisor.build", variant_id, "--out", out],
                       check=True, capture_output=True)
        seconds = time.perf_counter() - t0
    peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return seconds, peak_mb


def row(name: str, scores: list[float]) -> str:
    mean = statistics.fmean(scores)
    se = statistics.stdev(scores) / len(scores) ** 0.5
    return f"{name} {mean:7.2f} ± {se:4.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--variants", default=ALL)
    parser.add_argument("--build", default="generala", help="variant whose table is solved and timed")
    parser.add_argument("--skip-timing", action="store_true")
    args = parser.parse_args()
    if not args.skip_timing:
        for vid in ("yahtzee", "ru_fences"):
            print(f"advice after a throw, {vid}: median {advice_after_throw(vid):.1f} ms (table loaded)")
        for bytecode in (True, False):
            how = "modules compiled once" if bytecode else "modules compiled from source every time"
            print(f"first advice in a fresh process (yahtzee, {how}): median {fresh_process(bytecode):.2f} s")
        seconds, peak = build(args.build)
        print(f"solving the {args.build} table: {seconds:.1f} s, peak memory {peak:.0f} MB")
    print(f"solitaire games ({args.games} each): mean final score ± standard error (stages won with the "
          "upper bonus / premium, per stage); 'expects': the advisor's own figure for a whole game")
    for vid in filter(None, args.variants.split(",")):
        v = get_variant(vid)
        t0 = time.perf_counter()
        res = (simulate_fences if v.fences else simulate)(v, args.games, seed=1)
        line = [f"{vid:16s}"]
        if not v.fences:
            line.append(f"expects {advise(v, Position(frozenset(v.box_ids))).expected:7.2f}")
        line.append(row("advisor", list(res.totals)))
        if v.upper is not None:
            line.append(f"({res.bonus.mean() / v.stages:.3f})")
        for who in ("greedy", "outlook") if v.upper is not None else ("greedy",):
            scores, won, _lost = play(v, who, args.games, seed=2)
            line.append(row(who, scores))
            if v.upper is not None:
                line.append(f"({won / args.games / v.stages:.3f})")
        print("  ".join(line) + f"  [{time.perf_counter() - t0:.0f} s]", flush=True)

if __name__ == "__main__":
    main()
