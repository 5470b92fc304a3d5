"""Solve the tables shipped in assets/advisor: `python -m scorekeeper.advisor.build` (the default rules of
yahtzee, yatzy, generala, ru_encyclopedia and ru_fences; Kniffel shares Yahtzee's), and
`python -m scorekeeper.advisor.build yahtzee --option joker=verhoeff` (Verhoeff's joker convention).

Prints, per table, the value of a whole game, the time and the file's size.
"""

from __future__ import annotations

import argparse
import time

from scorekeeper.advisor.game import Game
from scorekeeper.advisor.solve import solve
from scorekeeper.advisor.store import assets_dir, fingerprint, save
from scorekeeper.rules import get_variant

SHIPPED = ("yahtzee", "yatzy", "generala", "ru_encyclopedia", "ru_fences")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("variants", nargs="*", default=list(SHIPPED))
    parser.add_argument("--out", default=None, help="directory (default: assets/advisor)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="house-rule option of the variants built (repeatable)")
    args = parser.parse_args(argv)
    from pathlib import Path

    from scorekeeper.commands import parse_options

    out = Path(args.out) if args.out else assets_dir()
    options = parse_options(args.option)
    for vid in args.variants:
        game = Game(get_variant(vid, **options))
        t0 = time.perf_counter()
        table = solve(game, progress=True)
        path = out / f"{fingerprint(game, game.variant.throws)}.npz"
        save(table, path)
        full = (1 << game.n) - 1
        print(f"{vid}: {table.at(full, 0, 0)[0]:.4f} in {time.perf_counter() - t0:.0f} s, "
              f"{path.name} {path.stat().st_size / 1e6:.2f} MB", flush=True)


if __name__ == "__main__":
    main()
