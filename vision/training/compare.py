"""Builds' validation figures side by side, each with its error mass: how a setting is judged by
more than one learning against the networks it would replace.

    uv run python -m vision.training.compare assets/models.json A/models.json B/models.json

The first manifest is the baseline. For each set: F1 / photos entirely right / false dice a photo.
The error mass is sum(dice x (1 - F1)) over the rendered categories and dice-a held-out, the sets
that may choose a setting (dice-a test and dice-c valid are reported, never used to choose).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from vision.training.validate import CATEGORIES

CHOOSING = (*CATEGORIES, "dice-a held-out")  # the sets a setting is chosen on
REPORTED = ("dice-a test", "dice-c valid")  # never used to choose


def validation(path: Path) -> dict[str, dict[str, float]]:
    """The validation figures of one manifest; a clear error where it has none."""
    try:
        manifest = json.loads(path.read_text())
    except (OSError, ValueError) as e:
        raise ValueError(f"{path}: not a readable manifest ({e})") from None
    figures = manifest.get("validation") if isinstance(manifest, dict) else None
    sets = {k: v for k, v in figures.items() if isinstance(v, dict) and "f1" in v} if isinstance(figures, dict) else {}
    if not sets:
        raise ValueError(f"{path}: no validation figures (a build writes them last; "
                         "python -m vision.training.validate --manifest writes them again)")
    return sets


def error_mass(figures: dict[str, dict[str, float]]) -> float:
    """Dice not read right, in effect, over the sets that choose: sum(dice x (1 - F1))."""
    return sum(f["dice"] * (1 - f["f1"]) for name, f in figures.items() if name in CHOOSING and f.get("dice"))


def table(names: list[str], builds: list[dict[str, dict[str, float]]]) -> list[str]:
    """One line a set, one column a build, then each build's error mass against the first's."""
    lines = [f"{'set':<16}" + "".join(f"{n[-24:]:>26}" for n in names)]
    for key in (*CHOOSING, *REPORTED):
        cells = []
        for b in builds:
            f = b.get(key)
            cells.append(f"{f['f1']:.3f} / {f['all_right']:4.0%} / {f['false_per_photo']:.2f}" if f else "-")
        lines.append(f"{key:<16}" + "".join(f"{c:>26}" for c in cells))
    masses = [error_mass(b) for b in builds]
    base = masses[0] or 1.0
    lines.append(f"{'error mass':<16}" + "".join(f"{f'{m:.1f} ({m / base:.3f})':>26}" for m in masses))
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("manifests", type=Path, nargs="+", help="models.json of each build, the baseline first")
    args = ap.parse_args(argv)
    try:
        builds = [validation(p) for p in args.manifests]
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    print("\n".join(table([str(p) for p in args.manifests], builds)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
