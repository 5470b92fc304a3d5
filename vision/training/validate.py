"""Accuracy of `vision.read_dice` on the validation photos, with what went wrong.

    uv run python -m vision.training.validate [--assets DIR] [--synthetic 60] [-v]

The validation photos are the dice-a train photos that training leaves out (every HOLDOUT_EVERY-th
of the split in manifest order, see vision.training.data), so settings and models are chosen on
them and the test splits stay for reporting. `--synthetic N` adds N renders made with a seed the
training never uses (oblique views, many kinds of dice and tables), a check that the reader still
generalises. Errors per die: `value` (box right, value wrong), `box` (IoU 0.1-0.5 with a die
otherwise unmatched), `missed`, `extra`; a photo is right when every die is found with its value
and nothing else is read.
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter
from pathlib import Path

import cv2

from vision.training.data import Sample, real_training, synthetic

SYNTH_SEED = 12345  # training renders use seeds 1 and up from --seed


def evaluate(samples: list[Sample], verbose: bool = False) -> dict[str, float]:
    import vision
    from vision.reader import accuracy, box_iou

    errors: Counter[str] = Counter()
    tp = n_pred = n_true = right = 0
    times = []
    for s in samples:
        t0 = time.perf_counter()
        dice = sorted(vision.read_dice(s.image), key=lambda d: -d.confidence)
        times.append((time.perf_counter() - t0) * 1000)
        truth = [(int(v), tuple(float(x) for x in b)) for b, v in zip(s.boxes, s.values, strict=True)]
        used = [False] * len(truth)
        matched = [False] * len(dice)
        hits = 0
        for j, d in enumerate(dice):
            best, best_q = -1, 0.5
            for i, (_v, b) in enumerate(truth):
                q = box_iou(d.box, b)
                if not used[i] and q >= best_q:
                    best, best_q = i, q
            if best >= 0:
                used[best] = matched[j] = True
                if truth[best][0] == d.value:
                    hits += 1
                else:
                    errors["value"] += 1
                    if verbose:
                        print(f"  {s.source}: read {d.value} for {truth[best][0]} at {d.box}")
        for i, (v, b) in enumerate(truth):
            if used[i]:
                continue
            near = [(box_iou(d.box, b), j) for j, d in enumerate(dice) if not matched[j]]
            q, j = max(near) if near else (0.0, -1)
            if q > 0.1:
                matched[j] = True
                errors["box"] += 1
                if verbose:
                    print(f"  {s.source}: box {dice[j].box} IoU {q:.2f} with {tuple(round(x) for x in b)}")
            else:
                errors["missed"] += 1
                if verbose:
                    print(f"  {s.source}: missed {v} at {tuple(round(x) for x in b)}")
        for j, d in enumerate(dice):
            if not matched[j]:
                errors["extra"] += 1
                if verbose:
                    print(f"  {s.source}: extra {d.value} at {d.box} ({d.confidence})")
        tp += hits
        n_pred += len(dice)
        n_true += len(truth)
        right += int(hits == len(truth) == len(dice))
    return {**accuracy(tp, n_pred, n_true, right, len(samples), times), **{k: float(v) for k, v in errors.items()}}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--assets", type=Path, default=None, help="the ONNX files to measure (default: assets/)")
    ap.add_argument("--synthetic", type=int, default=0, help="also this many held-out renders")
    ap.add_argument("-v", "--verbose", action="store_true", help="list every error")
    args = ap.parse_args()
    if args.assets is not None:
        os.environ["SCOREKEEPER_ASSETS"] = str(args.assets)
    cv2.setNumThreads(1)
    sets = [("validation", real_training(holdout=True))]
    if args.synthetic:
        sets.append(("synthetic", synthetic(args.synthetic, SYNTH_SEED)))
    for name, samples in sets:
        m = evaluate(samples, args.verbose)
        errs = ", ".join(f"{k} {int(m.get(k, 0))}" for k in ("value", "box", "missed", "extra"))
        print(f"{name:<11} photos {int(m['photos'])} dice {int(m['dice'])} precision {m['precision']:.3f} "
              f"recall {m['recall']:.3f} F1 {m['f1']:.3f} all right {m['all_right']:.1%} "
              f"ms {m['ms']:.0f} | errors: {errs}", flush=True)


if __name__ == "__main__":
    main()
