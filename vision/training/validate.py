"""Accuracy of the reader on each kind of photo it must hold up on, each reported on its own.

    uv run python -m vision.training.validate [--n 100] [--assets DIR] [--min-confidence 0.2] [--set NAME=VALUE]

Categories: rendered scenes of each kind (vision.training.scenes, seeds the training never uses:
distractors, close-ups, crowds, tiny dice, oblique views, coloured / translucent / Chinese dice,
blur, dim light, photos with no dice) and the real photos: dice-a's held-out train photos, dice-a
test and dice-c valid (neither chooses anything: they are reported, as by bench/vision.py). For
each: F1 (where a set has no dice, 1 when nothing was read), the share of photos entirely right,
false dice per photo (reads matching no die), the median milliseconds per photo. The dice are read
as vision.read_dice reads them (its MIN_CONFIDENCE) unless told otherwise.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np

import vision
from vision.config import READ, numbers
from vision.scoring import accuracy, pip_centre, score_photo, whole_die
from vision.training.data import Sample, load_real, real_training
from vision.training.scenes import scenes

VALIDATION_SEED = 777  # training renders use seeds under 1000 * (seed + 1)
# renders a category: at 20, a category held as few as 26 dice and its F1 moved by 0.05 against 100
RENDERS = 100
CATEGORIES = ("distractors", "close_ups", "crowds", "tiny", "oblique", "kinds", "blur", "dim", "no_dice")
Reader = Callable[[np.ndarray], list]  # type: ignore[type-arg]
Log = Callable[[str], None]


def real_sets() -> dict[str, tuple[list[Sample], bool]]:
    """The real photos: (samples, boxes of whole dice)."""
    test = [Sample(img, b, v, True, "dice-a test/" + n) for n, img, b, v in load_real("dice-a", "test")]
    valid = [Sample(img, b, v, False, "dice-c valid/" + n) for n, img, b, v in load_real("dice-c", "valid")]
    return {"dice-a held-out": (real_training(holdout=True), True), "dice-a test": (test, True),
            "dice-c valid": (valid, False)}


def measure(read: Reader, samples: list[Sample], whole: bool) -> dict[str, float]:
    scores, times = [], []
    for s in samples:
        t0 = time.perf_counter()
        dice = read(s.image)
        times.append((time.perf_counter() - t0) * 1000)
        truth = [(int(v), tuple(float(x) for x in b)) for b, v in zip(s.boxes, s.values, strict=True)]
        scores.append(score_photo(dice, truth, whole_die() if whole else pip_centre))
    m = accuracy(scores, times)
    m["false_per_photo"] = (m["extra"] + m["box"]) / max(1, len(samples))
    if not m["dice"]:  # no dice to find: F1 says nothing, the false dice say it all
        m["f1"] = float(m["extra"] == 0)
    return m


def category_sets(n: int, only: tuple[str, ...] = ()) -> dict[str, tuple[list[Sample], bool]]:
    sets = {kind: (scenes(kind, n, VALIDATION_SEED + k), True) for k, kind in enumerate(CATEGORIES)
            if not only or kind in only}
    sets.update((k, v) for k, v in real_sets().items() if not only or k in only)
    return sets


def line(name: str, m: dict[str, float]) -> str:
    return (f"{name:<16} photos {int(m['photos']):>3} dice {int(m['dice']):>4} F1 {m['f1']:.3f} "
            f"all right {m['all_right']:>6.1%} false/photo {m['false_per_photo']:.2f} ms {m['ms']:.0f}")


def figures(n: int, assets: Path | None = None, log: Log = print, settings: dict[str, float] | None = None,
            only: tuple[str, ...] = (), min_confidence: float = vision.MIN_CONFIDENCE) -> dict[str, dict[str, float]]:
    """Each category's figures (`only`: those categories); `settings` override vision.config.READ."""
    if assets is not None:
        os.environ["SCOREKEEPER_ASSETS"] = str(assets)
    read = reader(settings or {}, min_confidence)
    out = {}
    for name, (samples, whole) in category_sets(n, only).items():
        m = measure(read, samples, whole)
        log(line(name, m))
        out[name] = {k: round(float(m[k]), 4) for k in ("f1", "all_right", "false_per_photo", "ms", "photos", "dice")}
    return out


def reader(settings: dict[str, float], min_confidence: float) -> Reader:
    """vision.read_dice with `settings` overriding vision.config.READ."""
    cfg = replace(READ, **settings)  # type: ignore[arg-type]
    return lambda image: vision.read_photo(vision.load_photo(image), min_confidence, cfg)


def main() -> None:
    import argparse

    import cv2

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--n", type=int, default=RENDERS, help="rendered photos in each category")
    ap.add_argument("--assets", type=Path, default=None, help="the networks to measure (default: assets/)")
    ap.add_argument("--min-confidence", type=float, default=vision.MIN_CONFIDENCE,
                    help="dice read less surely are left out (default: vision.MIN_CONFIDENCE, as the app reads)")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a reading setting of vision.config.ReadConfig, changed for this run (repeatable)")
    ap.add_argument("--only", default="", help="these sets only, comma-separated (distractors,dice-a held-out)")
    ap.add_argument("--manifest", action="store_true",
                    help="write the figures into the networks' models.json (as the build does)")
    args = ap.parse_args()
    cv2.setNumThreads(1)
    try:
        settings = numbers(READ, args.set)
    except ValueError as e:
        ap.error(str(e))
    out = figures(args.n, args.assets, print, settings, tuple(s for s in args.only.split(",") if s), args.min_confidence)
    if args.manifest:
        import json

        from vision.compact import assets_dir

        path = assets_dir() / "models.json"
        manifest = json.loads(path.read_text())
        manifest["read"] = dict(vars(READ), **settings)  # the settings these networks are now read with
        manifest["validation"] = {"renders_per_category": args.n, "read": manifest["read"],
                                  "min_confidence": args.min_confidence, **out}
        path.write_text(json.dumps(manifest, indent=1) + "\n")
        print(f"figures written to {path}")


if __name__ == "__main__":
    main()
