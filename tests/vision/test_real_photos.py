"""Real photos (../shared/datasets): held-out splits only, a sample to keep the suite quick."""

from __future__ import annotations

import csv
from pathlib import Path

import vision
from tests.vision.helpers import matched


def labelled(root: Path, name: str, split: str, limit: int) -> list[tuple[Path, list[tuple[int, tuple[float, ...]]]]]:
    rows = [r for r in csv.DictReader(open(root / name / "manifest.csv", newline="")) if r["origin_split"] == split]
    out = []
    for row in rows[:limit]:
        img = root / name / "images" / row["image"]
        truth = []
        w, h = (640, 640) if name == "dice-a" else (640, 480)
        for line in (root / name / "labels" / (img.stem + ".txt")).read_text().split("\n"):
            p = line.split()
            if len(p) == 5:
                c, xc, yc, bw, bh = (float(v) for v in p)
                truth.append((int(c) + 1, ((xc - bw / 2) * w, (yc - bh / 2) * h, bw * w, bh * h)))
        out.append((img, truth))
    return out


def test_dice_a_test_photos(datasets: Path) -> None:
    right = found = total = photos_right = 0
    sample = labelled(datasets, "dice-a", "test", 20)
    for path, truth in sample:
        dice = vision.read_dice(path)
        hits = matched(dice, truth)
        right += hits
        found += len(dice)
        total += len(truth)
        photos_right += int(hits == len(truth) == len(dice))
    f1 = 2 * right / (found + total)
    # floor of the present reader (F1 0.927, 13 photos entirely right on these 20); the target is
    # F1 0.98 and 90 % of photos (bench/vision.py)
    assert f1 >= 0.91, f"F1 {f1:.3f} on {len(sample)} dice-a test photos"
    assert photos_right >= 0.6 * len(sample)


def test_dice_c_valid_photos_values(datasets: Path) -> None:
    """dice-c labels box only the pips, so compare the values read on each photo."""
    sample = labelled(datasets, "dice-c", "valid", 25)
    same = 0
    for path, truth in sample:
        values = sorted(d.value for d in vision.read_dice(path))
        same += int(values == sorted(v for v, _ in truth))
    # floor of the present reader (21 of these 25)
    assert same >= 0.8 * len(sample), f"{same}/{len(sample)} photos read right"
