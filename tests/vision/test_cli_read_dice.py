"""`scorekeeper read-dice`: JSON Lines per CLI.md, errors on their own line, --annotate."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from scorekeeper.cli import main
from tests.vision.helpers import jpeg, mostly_right, plain_scene
from vision import compact


@pytest.fixture()
def photo(tmp_path: Path) -> tuple[Path, list[int]]:
    img, truth = plain_scene()
    path = tmp_path / "roll.jpg"
    path.write_bytes(jpeg(img))
    dice = vision.read_dice(path)
    assert mostly_right(dice, truth), dice
    return path, sorted(d.value for d in dice)  # the command prints what the reader reads


def test_reads_photos_as_json_lines(photo: tuple[Path, list[int]], capsys: pytest.CaptureFixture[str]) -> None:
    path, values = photo
    assert main(["read-dice", str(path), str(path)]) == 0
    lines = capsys.readouterr().out.strip().split("\n")
    assert len(lines) == 2
    obj = json.loads(lines[0])
    assert obj["image"] == str(path)
    assert obj["values"] == values
    assert isinstance(obj["ms"], float)
    assert len(obj["dice"]) == len(values)
    for d in obj["dice"]:
        assert set(d) == {"value", "box", "confidence"}
        assert len(d["box"]) == 4 and all(isinstance(v, int) for v in d["box"])
    assert sorted(d["value"] for d in obj["dice"]) == values


def test_bad_images_get_an_error_line_and_exit_2(
    photo: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, values = photo
    empty = tmp_path / "empty.jpg"
    empty.write_bytes(b"")
    text = tmp_path / "notes.jpg"
    text.write_text("not a photo")
    truncated = tmp_path / "cut.jpg"
    truncated.write_bytes(path.read_bytes()[:5000])
    args = ["read-dice", str(empty), str(path), str(text), str(truncated), str(tmp_path / "missing.jpg")]
    assert main(args) == 2
    captured = capsys.readouterr()
    lines = [json.loads(line) for line in captured.out.strip().split("\n")]
    assert [line["image"] for line in lines] == args[1:]
    assert "empty" in lines[0]["error"]
    assert lines[1]["values"] == values  # the good photo is still read
    assert "not an image" in lines[2]["error"]
    assert "truncated JPEG" in lines[3]["error"]
    assert "cannot open" in lines[4]["error"]
    assert captured.err.count("\n") == 4


def test_annotate_writes_each_photo(photo: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, _values = photo
    out = tmp_path / "annotated"
    assert main(["read-dice", str(path), "--annotate", str(out)]) == 0
    drawn = cv2.imread(str(out / "roll.jpg"))
    original = cv2.imread(str(path))
    assert drawn is not None and drawn.shape == original.shape
    box = json.loads(capsys.readouterr().out)["dice"][0]["box"]
    x, y, w, h = box
    edge = drawn[y : y + h, x : x + 3].astype(int) - original[y : y + h, x : x + 3].astype(int)
    assert np.abs(edge).mean() > 20  # a box is drawn there


def test_annotate_into_a_file_exits_2_with_one_line(
    photo: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _values = photo
    taken = tmp_path / "taken.txt"
    taken.write_text("notes")
    assert main(["read-dice", str(path), "--annotate", str(taken)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "--annotate" in captured.err
    assert taken.read_text() == "notes"


def test_photos_of_the_same_name_get_drawings_of_their_own(
    photo: tuple[Path, list[int]], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, _values = photo
    other = tmp_path / "other" / "roll.jpg"
    other.parent.mkdir()
    other.write_bytes(path.read_bytes())
    png = tmp_path / "roll.png"
    png.write_bytes(cv2.imencode(".png", cv2.imread(str(path)))[1].tobytes())
    out = tmp_path / "annotated"
    assert main(["read-dice", str(path), str(other), str(png), "--annotate", str(out)]) == 0
    assert sorted(f.name for f in out.iterdir()) == ["roll-2.jpg", "roll-3.jpg", "roll.jpg"]
    assert len(capsys.readouterr().out.strip().split("\n")) == 3


@pytest.mark.filterwarnings("error")  # a warning would reach the terminal as lines on stderr
def test_a_tiny_black_photo_reads_no_dice_and_says_nothing_on_stderr(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = []
    for side in (1, 2, 3):
        paths.append(tmp_path / f"dot{side}.png")
        paths[-1].write_bytes(cv2.imencode(".png", np.zeros((side, side, 3), np.uint8))[1].tobytes())
    assert main(["read-dice", *map(str, paths)]) == 0
    captured = capsys.readouterr()
    assert [json.loads(line)["values"] for line in captured.out.strip().split("\n")] == [[], [], []]
    assert captured.err == ""


@pytest.mark.parametrize(("broken", "named"), [("die_faces.onnx", "die_faces.onnx"), ("models.json", "models.json")])
def test_a_reader_that_cannot_start_says_why_in_one_line(
    photo: tuple[Path, list[int]], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str], broken: str, named: str,
) -> None:
    path, _values = photo
    folder = tmp_path / "networks"
    folder.mkdir()
    for name in ("die_detector.onnx", "die_faces.onnx", "models.json"):
        (folder / name).write_bytes((compact.assets_dir() / name).read_bytes())
    if broken == "models.json":
        (folder / broken).write_text('{"die_odds": {"weights": [1, 2]}}')
    else:
        (folder / broken).unlink()
    monkeypatch.setenv("SCOREKEEPER_ASSETS", str(folder))
    assert main(["read-dice", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and named in captured.err and "cannot start" in captured.err
