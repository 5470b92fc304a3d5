"""Fit the reader's die odds for the networks of one folder, and write them into its models.json.

    uv run python -m vision.training.calibrate [--assets DIR] [--n 100]

The classifier says how likely a crop is a die, the detector how likely a die is centred there; the
two err apart (the classifier on printed dots, the detector on a die's edge), so one probability of
a die is fitted from both: a logistic regression on their logits, over every read of renders at
seeds of their own (each category of the validation and plain tables), a read being a die where
its box matches a labelled one. The build runs this after the networks; it reads no real photo, so
dice-a and dice-c stay for measuring.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path

import numpy as np

from vision import compact, load_photo
from vision.config import READ
from vision.scoring import whole_die
from vision.training.scenes import scenes
from vision.training.validate import CATEGORIES, Log

CALIBRATION_SEED = 3000  # apart from the training renders (under 1000) and the validation's (777 on)
KINDS = (*CATEGORIES, "plain")
RENDERS = 100  # renders a kind: about 8,000 reads, 900 of them not a die, for three weights
# while the evidence is gathered: the two logits added, and every read kept that could be a die
GATHER = replace(READ, die_odds=(0.0, 1.0, 1.0), die_threshold=0.05)


def evidence(n: int = RENDERS, seed: int = CALIBRATION_SEED) -> tuple[np.ndarray, np.ndarray]:
    """(classifier's die probability, detector's score) of each read of the renders, and whether
    a labelled die is there."""
    rows, hits = [], []
    match = whole_die()
    for k, kind in enumerate(KINDS):
        for s in scenes(kind, n, seed + k):
            photo = load_photo(s.image)
            for (cx, cy, bw, bh), _p, seen in compact.find(photo.pixels, GATHER):
                box = tuple(v * photo.scale for v in (cx - bw / 2, cy - bh / 2, bw, bh))
                rows.append(seen)
                hits.append(any(match(box, tuple(float(x) for x in b)) > 0 for b in s.boxes))
    return np.array(rows, np.float64).reshape(-1, 2), np.array(hits, bool)


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3) -> np.ndarray:
    """Weights (bias first) of a logistic regression of y on the columns of x, by Newton's method."""
    a = np.column_stack([np.ones(len(x)), x])
    w = np.zeros(a.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-a @ w))
        step = np.linalg.solve((a * (p * (1 - p))[:, None]).T @ a + l2 * np.eye(len(w)), a.T @ (p - y) + l2 * w)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def fit(seen: np.ndarray, hits: np.ndarray) -> tuple[float, float, float]:
    if hits.all() or not hits.any():  # nothing to weigh one against the other (a quick build)
        return (0.0, 1.0, 1.0)
    w = logistic(np.vectorize(compact.logit)(seen), hits.astype(np.float64))
    return (round(float(w[0]), 4), round(float(w[1]), 4), round(float(w[2]), 4))


def calibrate(assets: Path, n: int = RENDERS, log: Log = print) -> tuple[float, float, float]:
    """Fit the die odds of the networks in `assets` and write them into its models.json."""
    with compact.assets_in(assets):
        seen, hits = evidence(n)
    odds = fit(seen, hits)
    path = assets / "models.json"
    manifest = json.loads(path.read_text()) if path.exists() else {}
    manifest["die_odds"] = {"weights": list(odds), "renders_per_kind": n, "seed": CALIBRATION_SEED,
                            "kinds": list(KINDS), "reads": len(hits), "not_a_die": int((~hits).sum())}
    path.write_text(json.dumps(manifest, indent=1) + "\n")
    compact.forget()  # the networks loaded so far read without these odds
    log(f"die odds {odds} from {len(hits)} reads ({int((~hits).sum())} not a die) of {n} renders a kind")
    return odds


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--assets", type=Path, default=compact.assets_dir(), help="the networks' folder")
    ap.add_argument("--n", type=int, default=RENDERS, help="renders of each kind")
    args = ap.parse_args()
    import cv2

    cv2.setNumThreads(1)
    calibrate(args.assets, args.n)


if __name__ == "__main__":
    main()
