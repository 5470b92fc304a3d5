"""The die odds: one probability of a die from the classifier's and the detector's evidence."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import vision
from vision import compact
from vision.compact import assets_dir, die_odds, die_probability
from vision.training.calibrate import calibrate, fit, logistic
from vision.training.scenes import scenes

unit = st.floats(0.001, 0.999)


def test_the_regression_finds_the_weights_the_evidence_was_drawn_with() -> None:
    rng = np.random.default_rng(5)
    x = rng.normal(0, 2, (20_000, 2))
    truth = np.array([-1.0, 1.5, 2.0])
    y = rng.random(len(x)) < 1 / (1 + np.exp(-(truth[0] + x @ truth[1:])))
    assert np.allclose(logistic(x, y.astype(float)), truth, atol=0.15)


def test_evidence_all_of_one_kind_leaves_the_logits_added() -> None:
    seen = np.array([[0.9, 0.8], [0.7, 0.95]])
    assert fit(seen, np.array([True, True])) == (0.0, 1.0, 1.0)


@given(unit, unit, unit, unit)
def test_surer_evidence_never_makes_a_die_less_likely(c1: float, c2: float, d1: float, d2: float) -> None:
    odds = die_odds(assets_dir())
    assert odds is not None, "the shipped models.json carries the build's die odds"
    lo_c, hi_c = sorted((c1, c2))
    lo_d, hi_d = sorted((d1, d2))
    assert die_probability(lo_c, lo_d, odds) <= die_probability(hi_c, hi_d, odds) + 1e-12


def test_a_build_without_die_odds_lets_the_detector_s_doubt_lower_the_classifier_s() -> None:
    assert die_probability(0.9, 0.25, None) == pytest.approx(0.45)
    assert die_probability(0.9, 0.8, None) == pytest.approx(0.9)


def test_calibrating_a_folder_writes_its_odds_and_its_reader_uses_them(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("die_detector.onnx", "die_faces.onnx"):
        shutil.copy(assets_dir() / name, tmp_path / name)
    (tmp_path / "models.json").write_text(json.dumps({"train": {"seed": 0}}))
    odds = calibrate(tmp_path, n=2, log=lambda _line: None)
    assert compact.assets_dir() != tmp_path, "calibrating a folder leaves the reader's own networks in place"
    written = json.loads((tmp_path / "models.json").read_text())
    assert written["train"] == {"seed": 0}, "what the manifest held is kept"
    assert tuple(written["die_odds"]["weights"]) == odds
    assert written["die_odds"]["reads"] > written["die_odds"]["not_a_die"] >= 0
    monkeypatch.setenv("SCOREKEEPER_ASSETS", str(tmp_path))
    compact.forget()
    assert compact.networks().odds == odds
    photo = scenes("kinds", 1, 4245)[0]
    assert len(vision.read_dice(photo.image)) >= len(photo.boxes) - 1


@pytest.mark.parametrize("manifest", ['{"die_odds": {"weights": [1, 2]}}', '{"die_odds": {"weights": "high"}}',
                                      '{"die_odds": [1, 2, 3]}', "{not json"])
def test_a_broken_calibration_is_named_not_read_around(tmp_path: Path, manifest: str) -> None:
    (tmp_path / "models.json").write_text(manifest)
    with pytest.raises(ValueError, match="models.json: die_odds.weights must be three numbers"):
        die_odds(tmp_path)


def test_a_folder_without_a_manifest_or_odds_has_none(tmp_path: Path) -> None:
    assert die_odds(tmp_path) is None
    (tmp_path / "models.json").write_text('{"train": {"seed": 0}}')
    assert die_odds(tmp_path) is None
