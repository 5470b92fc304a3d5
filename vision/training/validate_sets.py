"""Accuracy of `vision.read_dice` on the validation photos, with what went wrong.

    uv run python -m vision.training.validate_sets [--assets DIR] [--synthetic 60] [-v]

The validation photos are the dice-a train photos that training leaves out (every HOLDOUT_EVERY-th
of the split in manifest order, see vision.training.data), so settings and models are chosen on
them and the test splits stay for reporting. `--synthetic N` adds N renders made with a seed the
training never uses (oblique views, many kinds of dice and tables), a check that the reader still
generalises; `--tilts N` adds N renders for each band of camera angles, from overhead to 60 degrees
off it (training renders go to 60); `--sideways N` renders turned a quarter either way and upside
down, as photos saved without their EXIF orientation; `--close-ups N` renders of a few large dice
photographed from close by; `--far N` large photos of a whole table, the dice under 1.2 % of
the photo's width; `--gems N` renders from 0-45 degrees, half their dice translucent,
the pips of their hidden faces showing through (vision.synth.GEM_COLOURS); `--touching N` renders
from 0-45 degrees, half their dice lying against another, as thrown dice do; `--chinese N` renders
from 0-45 degrees, half their dice of the Chinese kind (the one a large red pip); `--glare N` renders
from 0-45 degrees, half their dice glossy, a lamp or a window shining back from them; `--glints N`
renders from 0-45 degrees, half their dice with small reflections beside their pips; `--clutter N`
renders from 0-45 degrees with a score sheet, keys or a printed label beside the dice; `--faults` the
validation photos spoilt as a phone camera may spoil them (blur, noise, JPEG, dim or coloured
light); `--learnt` the dice-a photos training learns from, where a disagreement is a die the
networks cannot fit or a fault in the labels (with -v, to look at). Errors per die: `value` (box
right, value wrong), `box` (IoU 0.1-0.5 with a die otherwise unmatched), `missed`, `extra`; a
photo is right when every die is found with its value and nothing else is read. "To check": how
many of the wrong and of the right reads the app marks for the player to check (`--marks T1,T2`:
also how many it would mark under each of those confidences, printed before). `--sheet DIR`
draws each set's errors on contact sheets (vision.training.sheet) to look at.
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Sequence
from pathlib import Path

import cv2
import numpy as np

import vision
from scorekeeper.app.photo.model import LOW_CONFIDENCE
from vision.scoring import Mistake, accuracy, error_line, marked, score_photo
from vision.training.data import (
    Sample,
    close_ups,
    far_away,
    real_training,
    synthetic,
    turned,
    widened,
)
from vision.training.faults import PHOTO_FAULTS
from vision.training.sheet import write_sheets

SYNTH_SEED = 12345  # training renders use seeds 1 and up from --seed


def evaluate(
    samples: list[Sample], verbose: bool = False, errors: list[tuple[str, np.ndarray, Mistake]] | None = None,
    marks: Sequence[float] = (),
) -> tuple[dict[str, float], dict[str, int]]:
    """The set's figures and its reads marked for checking; each error, with its photo's source
    and pixels, appended to `errors` where given; the reads that would be marked under each
    confidence of `marks` printed."""
    scores, times = [], []
    for s in samples:
        t0 = time.perf_counter()
        dice = vision.read_dice(s.image)
        times.append((time.perf_counter() - t0) * 1000)
        truth = [(int(v), tuple(float(x) for x in b)) for b, v in zip(s.boxes, s.values, strict=True)]
        scores.append(score_photo(dice, truth))
        if verbose:
            for note in scores[-1].notes:
                print(f"  {s.source}: {note}")
        if errors is not None:
            errors.extend((s.source, s.image, mk) for mk in scores[-1].mistakes)
    if marks:
        counts = [marked(scores, t) for t in marks]
        print("  marked under " + ", ".join(f"{t}: {c['wrong_marked']}/{c['wrong']} wrong, {c['right_marked']}/{c['right']} right"
                                            for t, c in zip(marks, counts, strict=True)))
    return accuracy(scores, times), marked(scores, LOW_CONFIDENCE)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--assets", type=Path, default=None, help="the ONNX files to measure (default: assets/)")
    ap.add_argument("--synthetic", type=int, default=0, help="also this many held-out renders")
    ap.add_argument("--tilts", type=int, default=0,
                    help="also this many renders for each band of camera angles (0-15, 15-30, 30-45, 45-60 degrees)")
    ap.add_argument("--sideways", type=int, default=0,
                    help="also this many renders from 0-15 and from 30-45 degrees, each turned a quarter "
                         "left, right and upside down (saved without their EXIF orientation)")
    ap.add_argument("--close-ups", type=int, default=0,
                    help="also this many renders of one to four dice photographed from close by")
    ap.add_argument("--far", type=int, default=0,
                    help="also this many 9-12 megapixel renders of a whole table, its dice small")
    ap.add_argument("--gems", type=int, default=0,
                    help="also this many renders from 0-45 degrees with half their dice translucent gem dice")
    ap.add_argument("--touching", type=int, default=0,
                    help="also this many renders from 0-45 degrees with half their dice against another")
    ap.add_argument("--chinese", type=int, default=0,
                    help="also this many renders from 0-45 degrees with half their dice of the Chinese kind "
                         "(the one a large red pip, the four's pips red)")
    ap.add_argument("--glare", type=int, default=0,
                    help="also this many renders from 0-45 degrees with half their dice shining back a lamp or a window")
    ap.add_argument("--glints", type=int, default=0,
                    help="also this many renders, half their dice with small reflections beside their pips")
    ap.add_argument("--clutter", type=int, default=0,
                    help="also this many renders with a score sheet, keys or a label beside the dice")
    ap.add_argument("--faults", action="store_true",
                    help="also the validation photos with each of vision.training.faults.PHOTO_FAULTS")
    ap.add_argument("--learnt", action="store_true",
                    help="also the dice-a photos the networks learnt from: where they disagree with the "
                         "labels, the dice they cannot fit, or faults in the labels")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every error")
    ap.add_argument("--marks", default="", help="confidences, comma-separated (0.6,0.7): for each set, how many "
                    "wrong and right reads the app would mark under each (LOW_CONFIDENCE is chosen so)")
    ap.add_argument("--sheet", type=Path, default=None, help="draw each set's errors on contact sheets here")
    args = ap.parse_args()
    if args.assets is not None:
        os.environ["SCOREKEEPER_ASSETS"] = str(args.assets)
    cv2.setNumThreads(1)
    held = real_training(holdout=True)
    sets = [("validation", held), ("widened", widened(held))]
    if args.synthetic:
        sets.append(("synthetic", synthetic(args.synthetic, SYNTH_SEED)))
    for lo in (0, 15, 30, 45) if args.tilts else ():
        sets.append((f"tilt {lo}-{lo + 15}", synthetic(args.tilts, SYNTH_SEED + 1 + lo, pitch=(lo, lo + 15))))
    for lo in (0, 30) if args.sideways else ():
        renders = synthetic(args.sideways, SYNTH_SEED + 101 + lo, pitch=(lo, lo + 15))
        sets.append((f"tilt {lo}-{lo + 15} turned", [turned(s, q) for q in (1, 2, 3) for s in renders]))
    if args.close_ups:
        sets.append(("close-ups", close_ups(args.close_ups, SYNTH_SEED + 201)))
    if args.far:
        sets.append(("far away", far_away(args.far, SYNTH_SEED + 501)))
    if args.gems:
        sets.append(("gem dice", synthetic(args.gems, SYNTH_SEED + 301, pitch=(0, 45), see_through=0.5)))
    if args.touching:
        sets.append(("touching dice", synthetic(args.touching, SYNTH_SEED + 401, pitch=(0, 45), touching=0.5)))
    if args.chinese:
        sets.append(("chinese dice", synthetic(args.chinese, SYNTH_SEED + 601, pitch=(0, 45), chinese=0.5)))
    if args.glare:
        sets.append(("glare", synthetic(args.glare, SYNTH_SEED + 701, pitch=(0, 45), glare=0.5)))
    if args.glints:
        sets.append(("glints", synthetic(args.glints, SYNTH_SEED + 801, pitch=(0, 45), glints=0.5)))
    if args.clutter:
        sets.append(("clutter", synthetic(args.clutter, SYNTH_SEED + 901, pitch=(0, 45), clutter=1.0)))
    for fault, spoil in PHOTO_FAULTS.items() if args.faults else ():
        sets.append((fault, [Sample(spoil(s.image), s.boxes, s.values, s.has_size, s.source) for s in held]))
    if args.learnt:
        sets.append(("learnt from", [s for s in real_training() if s.source.startswith("dice-a")]))
    width = max(len(name) for name, _ in sets)
    for name, samples in sets:
        errors: list[tuple[str, np.ndarray, Mistake]] | None = [] if args.sheet else None
        m, c = evaluate(samples, args.verbose, errors, [float(t) for t in args.marks.split(",") if t])
        if args.sheet and errors:
            write_sheets(errors, args.sheet / (name.replace(" ", "-") + ".png"))
        print(f"{name:<{width}} photos {int(m['photos'])} dice {int(m['dice'])} precision {m['precision']:.3f} "
              f"recall {m['recall']:.3f} F1 {m['f1']:.3f} all right {m['all_right']:.1%} "
              f"ms {m['ms']:.0f} | errors: {error_line(m)} | to check: {c['wrong_marked']}/{c['wrong']} wrong, "
              f"{c['right_marked']}/{c['right']} right", flush=True)


if __name__ == "__main__":
    main()
