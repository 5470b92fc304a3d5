"""Real photos (../shared/datasets): held-out splits and photos, a sample to keep the suite quick."""

from __future__ import annotations

import csv
from pathlib import Path

import cv2
import pytest

import vision
from tests.vision.helpers import matched
from vision.training.data import real_training
from vision.training.faults import PHOTO_FAULTS


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
    # floor (the present reader: F1 0.944, 16 photos entirely right on these 20); the target is
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
    # floor (the present reader: 24 of these 25)
    assert same >= 0.8 * len(sample), f"{same}/{len(sample)} photos read right"


# each fault and the F1 the present reader keeps under it on the sample below (clean: 0.947)
CAMERA_FAULTS = {
    "out of focus (blur of 2 px)": 0.852,
    "shaken (7 px)": 0.843,
    "grainy (noise of 8 levels)": 0.936,
    "JPEG quality 30": 0.922,
}


@pytest.mark.parametrize("fault", CAMERA_FAULTS)
def test_dice_a_test_photos_with_camera_faults(datasets: Path, fault: str) -> None:
    """A photo out of focus, shaken, grainy or compressed hard is still mostly read."""
    spoil, present = PHOTO_FAULTS[fault], CAMERA_FAULTS[fault]
    right = found = total = 0
    sample = labelled(datasets, "dice-a", "test", 12)
    for path, truth in sample:
        dice = vision.read_dice(spoil(cv2.imread(str(path), cv2.IMREAD_COLOR)))
        right += matched(dice, truth)
        found += len(dice)
        total += len(truth)
    f1 = 2 * right / (found + total)
    assert f1 >= present - 0.03, f"F1 {f1:.3f} on {len(sample)} dice-a test photos {fault}"


def test_shaken_photos_are_read_by_the_classifiers_that_learnt_camera_faults(datasets: Path) -> None:
    """The held-out dice-a photos (those settings are chosen on) shaken by 7 px: the set of
    classifiers that learnt with camera faults (assets/faults_classifier*.onnx) reads them where
    the others read them doubtfully."""
    right = found = total = 0
    for s in real_training(holdout=True):
        dice = vision.read_dice(PHOTO_FAULTS["shaken (7 px)"](s.image))
        truth = [(int(v), tuple(float(x) for x in b)) for b, v in zip(s.boxes, s.values, strict=True)]
        right += matched(dice, truth)
        found += len(dice)
        total += len(truth)
    f1 = 2 * right / (found + total)
    # the present reader: 0.927; without that set: 0.895
    assert f1 >= 0.91, f"F1 {f1:.3f} on {total} dice of shaken held-out photos"


# dice-c training photos taken from low down (a webcam at the table's edge) where the side of a die
# facing the camera was read as a die of its own, and how many dice each shows
SIDES_SEEN = {"train_two_27.jpg": 3, "train_three_43.jpg": 5, "train_three_33.jpg": 4, "train_dice_44.jpg": 5}


@pytest.mark.parametrize("photo", SIDES_SEEN)
def test_a_die_seen_at_an_angle_is_read_once_by_its_top_face(datasets: Path, photo: str) -> None:
    """The top face is read, and the side below it is not taken for another die (vision.reader._side_face)."""
    truth = next(t for p, t in labelled(datasets, "dice-c", "train", 400) if p.name == photo)
    dice = vision.read_dice(datasets / "dice-c" / "images" / photo)
    assert len(truth) == SIDES_SEEN[photo]
    assert sorted(d.value for d in dice) == sorted(v for v, _ in truth), f"{photo}: read {dice}"
