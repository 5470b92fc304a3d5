"""The commands a setting is tried and judged with: --set on the build and the validation, and the
side-by-side comparison of builds' manifests."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from vision.config import READ, TRAIN, numbers
from vision.training.compare import error_mass, main, validation

SHIPPED = Path(__file__).resolve().parents[2] / "assets" / "models.json"


def test_set_changes_numbers_in_their_own_kind() -> None:
    changed = numbers(TRAIN, ["cls_seed=2", "label_smoothing=0.1"])
    assert changed == {"cls_seed": 2, "label_smoothing": 0.1}
    assert type(changed["cls_seed"]) is int
    assert type(numbers(READ, ["die_threshold=1"])["die_threshold"]) is float, "a float setting stays a float"
    assert numbers(TRAIN, ["cls_contrast=True"]) == {"cls_contrast": True}, "a switch takes true or false"
    widths = numbers(TRAIN, ["cls_widths=96,96,144, 256,384"])["cls_widths"]
    assert widths == (96, 96, 144, 256, 384) and all(type(w) is int for w in widths), "a tuple keeps its kind"
    assert numbers(TRAIN, ["det_die_px=6,180"]) == {"det_die_px": (6.0, 180.0)}


@pytest.mark.parametrize(("item", "named"), [
    ("cls_sed=2", "NAME must be one of"),  # a misspelt name
    ("renders=3", "NAME must be one of"),  # not a number: a render mix
    ("cls_seed=2.5", "cls_seed takes a whole number"),
    ("nms_iou=", "nms_iou takes a number"),
    ("cls_contrast=1", "cls_contrast takes true or false"),  # a switch is not a number
    ("cls_widths=96,96,144,256", "cls_widths takes 5 comma-separated numbers"),  # one width short
    ("cls_widths=96,96,144,256,38.4", "cls_widths takes a whole number"),
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


def test_contrast_classifier_reads_a_dark_die_as_opencv_does(tmp_path: Path) -> None:
    """The crop stretched to its own spread is part of the network: the reader (OpenCV) gets the
    same scores as training (PyTorch) for a dark die with faint pips and for a flat crop."""
    torch = pytest.importorskip("torch", reason="the training libraries (uv group train) are not installed")
    cv2 = pytest.importorskip("cv2")
    from vision.training.fit import export
    from vision.training.models import Classifier

    torch.manual_seed(0)
    net = Classifier((8, 8, 8, 8, 8), contrast=True).eval()
    path = tmp_path / "faces.onnx"
    export(net, path, (1, 3, 40, 40), {0: "n"})
    crops = np.full((2, 40, 40, 3), 30, np.uint8)
    crops[0, 12:16, 12:16] = 45  # a pip hardly lighter than its die
    reader = cv2.dnn.readNet(str(path))
    reader.setInput(cv2.dnn.blobFromImages(list(crops), 1 / 255.0))
    x = torch.from_numpy(crops.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
    with torch.no_grad():
        learnt = net(x).numpy()
    assert np.allclose(reader.forward(), learnt, atol=1e-5)
    torch.manual_seed(0)
    plain = Classifier((8, 8, 8, 8, 8)).eval()
    with torch.no_grad():
        unstretched = plain(x).numpy()
    # the same random weights on the crop as it is hardly tell the faint pip from a flat die
    assert np.abs(learnt[0] - learnt[1]).max() > 5 * np.abs(unstretched[0] - unstretched[1]).max()
