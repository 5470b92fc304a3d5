"""Real photos (../shared/datasets): held-out splits and photos, a sample to keep the suite quick.

Each figure asserted is a floor a margin below what the reader reads with its present networks.
"""

from __future__ import annotations

import csv
from pathlib import Path

import cv2
import pytest

import vision
from scorekeeper.app.photo.model import LOW_CONFIDENCE
from tests.vision.helpers import matched
from vision.training.data import real_training
from vision.training.faults import PHOTO_FAULTS
from vision.training.validate import measure


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
    # the target is F1 0.98 and 90 % of photos entirely right (docs/vision.md)
    assert f1 >= 0.89, f"F1 {f1:.3f} on {len(sample)} dice-a test photos"
    assert photos_right >= 0.55 * len(sample), f"{photos_right} of {len(sample)} photos entirely right"


def test_dice_c_valid_photos_values(datasets: Path) -> None:
    """dice-c labels box only the pips, so compare the values read on each photo."""
    sample = labelled(datasets, "dice-c", "valid", 25)
    same = 0
    for path, truth in sample:
        values = sorted(d.value for d in vision.read_dice(path))
        same += int(values == sorted(v for v, _ in truth))
    assert same >= 0.8 * len(sample), f"{same}/{len(sample)} photos read right"


# each fault and the F1 the reader keeps at least under it on the sample below
CAMERA_FAULTS = {
    "out of focus (blur of 2 px)": 0.80,
    "shaken (7 px)": 0.74,
    "grainy (noise of 8 levels)": 0.89,
    "JPEG quality 30": 0.84,
}


@pytest.mark.parametrize("fault", CAMERA_FAULTS)
def test_dice_a_test_photos_with_camera_faults(datasets: Path, fault: str) -> None:
    """A photo out of focus, shaken, grainy or compressed hard is still mostly read."""
    spoil, floor = PHOTO_FAULTS[fault], CAMERA_FAULTS[fault]
    right = found = total = 0
    sample = labelled(datasets, "dice-a", "test", 12)
    for path, truth in sample:
        dice = vision.read_dice(spoil(cv2.imread(str(path), cv2.IMREAD_COLOR)))
        right += matched(dice, truth)
        found += len(dice)
        total += len(truth)
    f1 = 2 * right / (found + total)
    assert f1 >= floor, f"F1 {f1:.3f} on {len(sample)} dice-a test photos {fault}"


def test_dice_a_held_out_photos(datasets: Path) -> None:
    """The dice-a train photos never learnt from (every 7th)."""
    m = measure(vision.read_dice, real_training(holdout=True), True)
    assert m["f1"] >= 0.9, m


# dice-c training photos taken from low down (a webcam at the table's edge) where the side of a die
# facing the camera was read as a die of its own, and how many dice each shows
SIDES_SEEN = {"train_two_27.jpg": 3, "train_three_43.jpg": 5, "train_three_33.jpg": 4, "train_dice_44.jpg": 5}


@pytest.mark.parametrize("photo", SIDES_SEEN)
def test_a_die_seen_at_an_angle_is_read_once_by_its_top_face(datasets: Path, photo: str) -> None:
    """The top face is read, and the side below it is not taken for another die: no die more
    than there are, at most one missed, and a value not one of theirs only where the reader is
    doubtful (under the app's mark, so the player is asked to check it)."""
    truth = next(t for p, t in labelled(datasets, "dice-c", "train", 400) if p.name == photo)
    dice = vision.read_dice(datasets / "dice-c" / "images" / photo)
    assert len(truth) == SIDES_SEEN[photo]
    assert len(truth) - 1 <= len(dice) <= len(truth), f"{photo}: read {dice}"
    left = [v for v, _ in truth]
    for d in sorted(dice, key=lambda d: -d.confidence):
        if d.value in left:
            left.remove(d.value)
        else:
            assert d.confidence < LOW_CONFIDENCE, f"{photo}: read {dice}"
