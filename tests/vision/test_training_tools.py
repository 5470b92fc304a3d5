"""The commands a setting is tried and judged with: --set on the build and the validation, and the
side-by-side comparison of builds' manifests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vision.config import READ, TRAIN, numbers
from vision.training.compare import error_mass, main, validation

SHIPPED = Path(__file__).resolve().parents[2] / "assets" / "models.json"


def test_set_changes_numbers_in_their_own_kind() -> None:
    changed = numbers(TRAIN, ["cls_seed=2", "label_smoothing=0.1"])
    assert changed == {"cls_seed": 2, "label_smoothing": 0.1}
    assert type(changed["cls_seed"]) is int
    assert type(numbers(READ, ["die_threshold=1"])["die_threshold"]) is float, "a float setting stays a float"


@pytest.mark.parametrize(("item", "named"), [
    ("cls_sed=2", "NAME must be one of"),  # a misspelt name
    ("renders=3", "NAME must be one of"),  # not a number: a render mix
    ("cls_seed=2.5", "cls_seed takes a whole number"),
    ("nms_iou=", "nms_iou takes a number"),
])
def test_set_refuses_what_it_cannot_change(item: str, named: str) -> None:
    config = READ if item.startswith("nms") else TRAIN
    with pytest.raises(ValueError, match=named):
        numbers(config, [item])


def test_error_mass_counts_the_dice_a_worse_build_loses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shipped = json.loads(SHIPPED.read_text())
    worse = json.loads(SHIPPED.read_text())
    tiny = worse["validation"]["tiny"]
    tiny["f1"] -= 10 / tiny["dice"]  # ten tiny dice fewer read right
    worse["validation"]["dice-a test"]["f1"] -= 0.5  # reported, never used to choose
    path = tmp_path / "models.json"
    path.write_text(json.dumps(worse))
    base = error_mass(validation(SHIPPED))
    assert error_mass(validation(path)) == pytest.approx(base + 10)
    assert main([str(SHIPPED), str(path)]) == 0
    out = capsys.readouterr().out
    assert f"{base + 10:.1f} ({(base + 10) / base:.3f})" in out
    assert "dice-a test" in out and f"{shipped['validation']['dice-a test']['f1'] - 0.5:.3f}" in out


def test_a_manifest_without_figures_is_named(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bare = tmp_path / "models.json"
    bare.write_text(json.dumps({"train": {"seed": 0}}))
    assert main([str(SHIPPED), str(bare)]) == 2
    err = capsys.readouterr().err
    assert str(bare) in err and "no validation figures" in err
