"""Reading dice on photos rendered here: known values and boxes, many kinds of dice and tables."""

from __future__ import annotations

import dataclasses
import functools
import shutil
from pathlib import Path

import cv2
import numpy as np
import pytest

import vision
from scorekeeper.app.photo.model import LOW_CONFIDENCE
from tests.vision.helpers import jpeg, matched, plain_scene
from vision import model
from vision.synth import add_clutter, add_glare, add_glint, face_texture, render_scene
from vision.training.data import Sample, far_away, synthetic, turned
from vision.training.faults import dim

SCENES = [
    # seed, size, values, die_px, pitch, body, pip
    (1, (640, 480), [1, 2, 3, 4, 5], (45, 60), (0, 5), "white", "black"),
    (2, (640, 480), [6, 6, 2, 3, 1], (45, 60), (0, 5), "black", "white"),
    (3, (800, 600), [5, 4, 3, 2, 1, 6], (50, 70), (25, 40), "red", "white"),
    (4, (640, 640), [2, 2, 5, 6, 1], (40, 55), (0, 20), None, None),
    (5, (1024, 768), [3, 6, 4, 4, 1], (60, 90), (30, 45), "ivory", "black"),
    (6, (640, 480), [1, 6, 5, 2, 3], (45, 60), (0, 30), "blue", "white"),
    (7, (640, 480), [4, 1, 2, 5, 6], (45, 60), (0, 30), "yellow", "black"),
    (8, (960, 720), [1, 2, 3, 4, 5, 6, 1, 2, 3, 4], (40, 60), (0, 30), None, None),
]


def render(seed: int, size: tuple[int, int], values: list[int], die_px: tuple[float, float],
           pitch: tuple[float, float], body: str | None, pip: str | None) -> tuple[np.ndarray, list]:
    rng = np.random.default_rng(1000 + seed)
    img, truth = render_scene(rng, size, values=values, die_px=die_px, pitch_deg=pitch, body=body, pip=pip)
    return img, [(d.value, d.box) for d in truth]


def read_renders(first_seed: int, photos: int, size: tuple[int, int], dice: int, die_px: tuple[float, float],
                 pitch: tuple[float, float], shown: tuple[int, ...] = (), **options: float) -> tuple[int, int, int]:
    """`photos` renders of `dice` dice each (seeds from `first_seed`), the first showing `shown`
    and the rest at random, read as JPEG: how many dice were read right, how many there were and
    how many were read."""
    right = total = found = 0
    for seed in range(photos):
        rng = np.random.default_rng(first_seed + seed)
        values = [*shown, *(int(v) for v in rng.integers(1, 7, dice - len(shown)))]
        img, truth = render_scene(rng, size, values=values, die_px=die_px, pitch_deg=pitch, **options)
        read = vision.read_dice(jpeg(img))
        right += matched(read, [(d.value, d.box) for d in truth])
        total += len(truth)
        found += len(read)
    return right, total, found


def test_reads_varied_dice_tables_and_angles() -> None:
    found = right = total = scenes_right = 0
    for scene in SCENES:
        img, truth = render(*scene)
        dice = vision.read_dice(jpeg(img))
        hits = matched(dice, truth)
        found += len(dice)
        right += hits
        total += len(truth)
        scenes_right += int(hits == len(truth) == len(dice))
    precision, recall = right / found, right / total
    f1 = 2 * precision * recall / (precision + recall)
    # floor of the present reader (F1 1.000 here, all 8 scenes right); bench/vision.py
    # measures it on real photos
    assert f1 >= 0.93, f"F1 {f1:.3f} (precision {precision:.3f}, recall {recall:.3f})"
    assert scenes_right >= 5


def test_a_photo_taken_in_little_light() -> None:
    """A dark room and a camera that does not make up for it (a webcam, a phone set by hand): the
    scenes above at a fifth of their light, with the grain that comes with it, are still read."""
    right = total = found = 0
    for scene in SCENES:
        img, truth = render(*scene)
        dice = vision.read_dice(jpeg(dim(0.2)(img)))
        right += matched(dice, truth)
        total += len(truth)
        found += len(dice)
    # the present reader: 45 of 46 right; read as they are, without brightening: 38
    assert right >= 43 and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_results_are_dice_with_values_boxes_and_confidence() -> None:
    img, truth = plain_scene()
    dice = vision.read_dice(jpeg(img))
    assert sorted(d.value for d in dice) == sorted(v for v, _ in truth)
    for d in dice:
        assert isinstance(d, vision.Die)
        assert d.value in range(1, 7)
        assert all(isinstance(v, int) for v in d.box) and d.box[2] > 0 and d.box[3] > 0
        assert 0.0 <= d.confidence <= 1.0
    with pytest.raises(dataclasses.FrozenInstanceError):
        dice[0].value = 6  # type: ignore[misc]
    # reading order: top to bottom
    centres = [d.box[1] + d.box[3] / 2 for d in dice]
    assert centres[0] <= max(centres)


def test_same_reading_at_any_resolution() -> None:
    img, truth = plain_scene()
    values = sorted(v for v, _ in truth)
    for w, h in [(4000, 3000), (640, 480), (320, 240)]:
        scaled = cv2.resize(img, (w, h), interpolation=cv2.INTER_AREA if w < 640 else cv2.INTER_CUBIC)
        sx, sy = w / 640, h / 480
        t = [(v, (b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy)) for v, b in truth]
        dice = vision.read_dice(jpeg(scaled))
        assert sorted(d.value for d in dice) == values, f"{w}x{h}: {dice}"
        assert matched(dice, t) == len(truth), f"{w}x{h}: boxes off: {dice}"


def test_array_inputs() -> None:
    img, truth = plain_scene()
    values = sorted(v for v, _ in truth)
    assert sorted(d.value for d in vision.read_dice(img)) == values
    bgra = cv2.cvtColor(img, cv2.COLOR_BGR2BGRA)
    assert sorted(d.value for d in vision.read_dice(bgra)) == values
    assert sorted(d.value for d in vision.read_dice(img.astype(np.float32) / 255)) == values
    grey = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    assert sorted(d.value for d in vision.read_dice(grey)) == values
    png = cv2.imencode(".png", img)[1].tobytes()
    assert sorted(d.value for d in vision.read_dice(png)) == values


def test_empty_table_has_no_dice() -> None:
    rng = np.random.default_rng(7)
    for _ in range(3):
        img, _truth = render_scene(rng, (640, 480), values=[])
        assert vision.read_dice(jpeg(img)) == []


def test_thirty_small_dice() -> None:
    rng = np.random.default_rng(30)
    values = [int(v) for v in rng.integers(1, 7, 30)]
    img, truth = render_scene(rng, (1600, 1200), values=values, die_px=(55, 70), pitch_deg=(0, 10))
    assert len(truth) >= 25
    dice = vision.read_dice(jpeg(img))
    hits = matched(dice, [(d.value, d.box) for d in truth])
    assert hits >= len(truth) - 2, f"{hits}/{len(truth)} right, {len(dice)} read"


def test_whole_table_from_standing_height() -> None:
    """A 12-megapixel photo of the whole table: each die under 1 % of its width, a few pixels at
    the detector's first look, where it is too small to read; the reader looks closer."""
    right, total, found = read_renders(9200, 4, (4000, 3000), 8, (26, 34), (0, 30))
    # the present reader: 32 of 32 right; looking only from further back, as for a close-up: 24
    assert right >= 30 and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_whole_table_where_its_pattern_looks_like_dice_from_afar() -> None:
    """Photos as above, 9-12 megapixels, dice 0.6-1 % of the width, 3 to 15 of them: where at the
    first look the table's pattern gives larger detections than the dice (none of them a die),
    the reader still looks closer once it has found no die anywhere else."""
    right = total = found = 0
    for s in far_away(4, 12846):
        read = vision.read_dice(jpeg(s.image))
        right += matched(read, [(int(v), tuple(b)) for b, v in zip(s.boxes, s.values, strict=True)])
        total += len(s.values)
        found += len(read)
    # the present reader: 42 of 45 right; looking closer only after tiny detections: 31; before
    # looking closer at all: 29
    assert right >= 40 and found <= total + 1, f"{right} of {total} dice right, {found} read"


@pytest.mark.parametrize(("pitch", "base", "floor"), [((40, 50), 2000, 32), ((50, 60), 3000, 27)])
def test_photo_taken_at_an_angle_is_read_by_the_top_faces(pitch: tuple[int, int], base: int, floor: int) -> None:
    """Seen from 40-60 degrees off overhead, a die shows sides as large as its top face or larger;
    the reader reads the top face (the upper one in the photo), not the sides."""
    right, total, found = read_renders(base, 6, (800, 600), 6, (50, 75), pitch)
    # the present reader: 35 and 28 of 36 right; without the set of classifiers gone on with
    # steep renders (assets/steep_classifier*.onnx) 35 and 26 (at 50-60 degrees
    # one of the six photos reads best turned upside down and is taken for one so saved; with
    # the turn read on two views instead of four, a second photo too: 22);
    # classifiers that learnt from renders up to 50 degrees: 34 and 25; classifiers that learnt
    # dice turned any way: 27 at 40-50
    assert right >= floor and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_without_the_other_sets_of_classifiers_the_first_reads_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The other sets (steep_classifier*.onnx, faults_classifier*.onnx) are optional: a models
    folder without them reads with the first set alone, steep photos a little worse."""
    for f in ("dice_detector.onnx", "dice_classifier.onnx", "dice_classifier_2.onnx", "dice_classifier_3.onnx"):
        shutil.copy(model.assets_dir() / f, tmp_path / f)
    monkeypatch.setenv("SCOREKEEPER_ASSETS", str(tmp_path))
    monkeypatch.setattr(model, "_models", None)
    assert model.models().others == {} and len(model.models().cls) == 3
    right, total, found = read_renders(3000, 6, (800, 600), 6, (50, 75), (50, 60))
    assert right >= 24 and found <= total, f"{right} of {total} dice right, {found} read"


@pytest.mark.parametrize("quarters", [1, 2, 3])
def test_photo_at_an_angle_saved_sideways_is_read_by_the_top_faces(quarters: int) -> None:
    """A photo taken at an angle and saved turned a quarter (or upside down) without its EXIF
    orientation: the table's far side is not up, and the reader finds which way it is."""
    right = total = found = 0
    for seed in range(6):
        rng = np.random.default_rng(4000 + seed)
        img, truth = render_scene(rng, (800, 600), values=[int(v) for v in rng.integers(1, 7, 6)],
                                  die_px=(50, 75), pitch_deg=(30, 45))
        sample = turned(Sample(img, np.array([d.box for d in truth], np.float32),
                               np.array([d.value for d in truth]), True, "render"), quarters)
        dice = vision.read_dice(jpeg(sample.image))
        right += matched(dice, [(int(v), tuple(b)) for v, b in zip(sample.values, sample.boxes, strict=True)])
        total += len(truth)
        found += len(dice)
    # the present reader: 36 of 36 each way; read with the photo's up taken for the far side:
    # 29, 21 and 29
    assert right >= 34 and found <= total + 1, f"{right} of {total} dice right, {found} read"


@pytest.mark.parametrize(("quarters", "floor"), [(2, 142), (3, 146)])
def test_photo_at_an_angle_saved_turned_is_turned_back_on_a_smaller_lead(quarters: int, floor: int) -> None:
    """Renders of tables at 30-45 degrees saved turned, in some of which only two more of the
    eight dice the turn check reads read surest turned the right way than upright, or many more
    but one of them doubtfully. With the dice's boxes far from square (seen at an angle), such a
    lead turns the photo back; from overhead, where any turn reads alike, a turn needs more."""
    right = total = 0
    for sample in synthetic(20, 12345 + 131, pitch=(30, 45)):
        photo = turned(sample, quarters)
        dice = vision.read_dice(photo.image)
        right += matched(dice, [(int(v), tuple(float(x) for x in b))
                                for v, b in zip(photo.values, photo.boxes, strict=True)])
        total += len(photo.values)
    # the present reader: 144 and 148 of 151; needing the lead it needs from overhead (TURN_VOTES):
    # 137 and 142; needing the surer reads (TURN_VOTES_CLEAR out): 144 and 142
    assert right >= floor, f"{right} of {total} dice right"


def test_a_die_the_detector_boxes_by_part_of_its_face_is_read_whole() -> None:
    """A table of twelve dice (some of the Chinese kind) where the detector's first look boxes two
    dice by a part of their face, half their size, which reads as no die: each is read again boxed
    as large as the other dice, and all twelve are read right."""
    sample = synthetic(18, 12345 + 601, pitch=(0, 45), chinese=0.5)[17]
    dice = vision.read_dice(sample.image)
    truth = [(int(v), tuple(float(x) for x in b)) for v, b in zip(sample.values, sample.boxes, strict=True)]
    # the present reader: 12 of 12; without the second read (SMALL_SHARE 0): 10
    assert matched(dice, truth) == len(truth) == 12 and len(dice) == 12, [(d.value, d.box) for d in dice]


@pytest.mark.parametrize(("pitch", "floor"), [((0, 15), 14), ((30, 45), 13)])
def test_close_up_of_large_dice(pitch: tuple[int, int], floor: int) -> None:
    """Two dice photographed from close by, each a quarter of the photo's height: far larger than
    the detector's first look expects, so the reader looks again from further back."""
    right, total, found = read_renders(7000, 8, (1200, 900), 2, (250, 320), pitch)
    # the present reader: 16 and 14 of 16 right; with only the first look and the closer one: 2 and 0
    assert right >= floor and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_translucent_dice_with_hidden_pips_showing_through() -> None:
    """Gem dice: through the body one sees the pips of the faces turned away (mirrored, fainter)
    beside the upper face's, and the pips may be dark on a dark body (dark red on smoke); the
    reader reads the upper face's pips only."""
    right, total, found = read_renders(9000, 6, (800, 600), 6, (45, 65), (0, 30), see_through=1.0)
    # the present reader: 35 of 36 right (36 of the same scenes with opaque dice)
    assert right >= total - 3 and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_dice_of_the_chinese_kind() -> None:
    """Many dice show their one as a large red pip and their four's pips red: read as any other."""
    right, total, found = read_renders(9200, 6, (800, 600), 6, (45, 65), (0, 30), (1, 1, 4), chinese=1.0)
    # the present reader: 34 of 36 right (36 of the same scenes with ordinary dice); classifiers
    # that had not learnt from such dice: 25, most ones lost (a large pip taken for a close view
    # of one pip, not a die)
    assert right >= 32 and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_large_ones_of_the_chinese_kind() -> None:
    """A large die showing a Chinese one is one big red pip on a plain face: the detector boxes
    little more than the pip, which seen so close reads as part of a die; the reader looks again
    from further back and finds the die, and keeps it though some views of it doubt."""
    right, total, found = read_renders(9400, 8, (640, 480), 4, (50, 80), (0, 30), (1, 1, 1, 1), chinese=1.0)
    # the present reader: 28 of 32 right; without the look from further back and with the last
    # read dropping a die as surely as the looks do: 20, 21 read
    assert right >= 25 and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_glossy_dice_shining_back_a_lamp_or_a_window() -> None:
    """A reflection on a die's upper face is a bright spot where no pip is: the pips are read."""
    right, total, found = read_renders(9300, 6, (800, 600), 6, (45, 65), (0, 30), glare=1.0)
    # the present reader: 33 of 36 right (36 of the same scenes without reflections); the
    # misreads count a reflection on a dark die as one more pip
    assert right >= 31 and found <= total + 1, f"{right} of {total} dice right, {found} read"


@functools.cache
def cluttered() -> list[Sample]:
    """Ten renders with a score sheet, keys or a printed label beside the dice."""
    return synthetic(10, 9600, pitch=(0, 45), clutter=1.0)


def test_a_score_sheet_keys_or_a_label_beside_the_dice_are_not_read_as_dice() -> None:
    """At a table the dice lie beside the score sheet, a phone or a laptop's keys: their digits,
    letters and keys are not dice, and the dice are read as ever."""
    right = total = found = 0
    for s in cluttered():
        read = vision.read_dice(jpeg(s.image))
        right += matched(read, [(int(v), tuple(b)) for v, b in zip(s.values, s.boxes, strict=True)])
        total += len(s.values)
        found += len(read)
    # the present reader: 70 of 72 right, 74 read; without the gate (assets/gate_classifier.onnx,
    # vision.reader._gated): 70 right, 81 read
    assert right >= total - 3 and found <= total + 4, f"{right} of {total} dice right, {found} read"


def test_without_the_gate_the_dice_read_are_kept_as_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gate is optional: a models folder without it keeps every die the classifiers keep, and
    reads more of the things beside the dice as dice."""
    _without(model.GATE, tmp_path, monkeypatch)
    assert model.models().gate == [] and len(model.models().others) == 2
    found = sum(len(vision.read_dice(jpeg(s.image))) for s in cluttered())
    assert found >= 79, f"{found} read"


def _without(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader's models from here on: the shipped files less those of `name` (a copy in `tmp_path`)."""
    for f in model.assets_dir().glob("*.onnx"):
        if not f.name.startswith(name):
            shutil.copy(f, tmp_path / f.name)
    monkeypatch.setenv("SCOREKEEPER_ASSETS", str(tmp_path))
    monkeypatch.setattr(model, "_models", None)


def test_the_referee_reads_doubtful_dice_again_and_leaves_them_marked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Dice the classifiers read with doubt (under the app's mark for the player to check) are read
    again by the referee, a larger classifier, and the two reads averaged: some such reads change,
    and they stay marked; dice read surely are read as they were; without the referee's file the
    reader reads as before."""
    photos = []
    for first, options in ((9700, {"see_through": 1.0}), (9750, {"glints": 1.0})):
        for seed in range(first, first + 15):
            rng = np.random.default_rng(seed)
            image, _truth = render_scene(rng, (800, 600), n_dice=6, die_px=(40, 60), pitch_deg=(0, 45), **options)
            photos.append(jpeg(image))
    assert model.models().referee, "the referee's file is shipped"
    refereed = [vision.read_dice(p, min_confidence=0) for p in photos]
    _without(model.REFEREE, tmp_path, monkeypatch)
    assert model.models().referee == []
    alone = [vision.read_dice(p, min_confidence=0) for p in photos]
    values = 0
    for with_it, without in zip(refereed, alone, strict=True):
        assert [d for d in with_it if d.confidence >= LOW_CONFIDENCE] == [d for d in without if d.confidence >= LOW_CONFIDENCE]
        asked = {(d.value, d.box) for d in without if d.confidence < LOW_CONFIDENCE}
        for d in with_it:
            if d not in without:
                assert d.confidence < LOW_CONFIDENCE and any(box == d.box for _v, box in asked), d
                values += (d.value, d.box) not in asked
    # the present reader: 25 of the 26 doubtful reads changed, 4 of them to another value
    assert values >= 2, f"{values} values changed"


def test_dice_lying_against_each_other() -> None:
    """Thrown dice often come to rest touching: each is read as a die of its own."""
    right, total, found = read_renders(9100, 6, (800, 600), 6, (45, 65), (0, 30), touching=0.8)
    # the present reader: 35 of 36 right; the detector before it learnt from renders of touching
    # dice: 31, 33 read (the others lost beside a neighbour)
    assert right >= 32 and found <= total + 1, f"{right} of {total} dice right, {found} read"


def test_dice_lying_against_each_other_seen_at_an_angle() -> None:
    """Seen at an angle, a die against another hides part of it, and their boxes overlap as much
    as two reads of one die: two dice the detector found apart in one look stay two dice."""
    right = total = found = 0
    for scenes in [(9200, 10, (640, 480), 8, (30, 45), (25, 45)), (9300, 10, (800, 600), 10, (35, 50), (15, 40)),
                   (9400, 10, (640, 480), 6, (40, 60), (30, 45))]:
        r, t, f = read_renders(*scenes, touching=1.0)
        right, total, found = right + r, total + t, found + f
    # the present reader: 217 of 240 right, 226 read; taking two dice of one look for one die as
    # readily as reads of two looks: 214, 223
    assert right >= 216 and found <= total, f"{right} of {total} dice right, {found} read"


def test_a_one_of_the_chinese_kind_is_a_large_red_pip() -> None:
    red = (30, 30, 190)
    plain = face_texture(1, (235, 235, 232), (20, 20, 20), 100, np.random.default_rng(1), 0.1)
    chinese = face_texture(1, (235, 235, 232), (20, 20, 20), 100, np.random.default_rng(1), 0.1, chinese=(0.2, red))
    four = face_texture(4, (235, 235, 232), (20, 20, 20), 100, np.random.default_rng(1), 0.1, chinese=(0.2, red))
    assert (plain.mean(2) < 60).mean() < 0.05  # a black pip of a tenth of the side
    is_red = (chinese[..., 2] > 120) & (chinese[..., 0] < 80)
    assert 0.1 < is_red.mean() < 0.15  # a red pip of a fifth of the side: pi * 0.2^2 of the face
    assert ((four[..., 2] > 120) & (four[..., 0] < 80)).mean() > 0.08  # four red pips of the usual size


def test_a_reflection_is_a_near_white_patch_on_part_of_a_face() -> None:
    face = face_texture(5, (40, 40, 40), (235, 235, 235), 100, np.random.default_rng(3), 0.1)
    for seed in range(20):
        shone = face.copy()
        add_glare(shone, np.random.default_rng(seed))
        lit = shone.mean(2) - face.mean(2)
        assert lit.min() >= -1e-3  # only brightens
        changed = lit > 30
        assert 0.002 < changed.mean() < 0.35  # a patch, not the whole face
        assert shone.mean(2)[changed].max() > 150  # near white at its brightest


def test_a_glint_lies_beside_the_pips_and_leaves_them_as_they_are() -> None:
    """A small reflection on a four's face: near white, on little of the face, never over a pip,
    and often where a five's middle pip would be (the glint most like a pip)."""
    pips = np.zeros((100, 100), np.float32)
    face = face_texture(4, (40, 40, 40), (40, 40, 200), 100, np.random.default_rng(3), 0.1, pip_mask=pips)
    inside = cv2.erode((pips > 0.5).astype(np.uint8), np.ones((5, 5), np.uint8)) > 0  # the pips less their rims
    middle = bright = 0
    for seed in range(40):
        shone = face.copy()
        add_glint(shone, pips, np.random.default_rng(seed))
        lit = shone.mean(2) - face.mean(2)
        assert lit.min() >= -1e-3  # only brightens
        changed = lit > 30
        assert 0.001 < changed.mean() < 0.25, seed  # a spot or a streak, not the face
        kept = shone[inside]
        assert (kept[:, 2] > kept[:, 1] + 100).all()  # the red pips stay red
        bright += shone.mean(2)[changed].max() > 120  # towards white
        middle += lit[45:56, 45:56].mean() > 30
    assert bright >= 30
    assert middle >= 4  # about a quarter fall on the middle, where a four has no pip


def test_clutter_lies_beside_the_dice_and_leaves_them_as_they_are() -> None:
    """A score sheet, keys or a label drawn on a render: inside the photo, on none of the dice,
    and changing nothing outside the boxes it returns."""
    for seed in range(12):
        rng = np.random.default_rng(seed)
        img, dice = render_scene(rng, (640, 480), n_dice=5, die_px=(40, 60))
        boxes = [d.box for d in dice]
        before = img.copy()
        things = add_clutter(img, boxes, 50.0, np.random.default_rng(seed))
        assert things, seed
        outside = np.ones(img.shape[:2], bool)
        for x, y, w, h in things:
            assert 0 <= x and 0 <= y and x + w <= 640 and y + h <= 480
            assert not any(x < bx + bw and bx < x + w and y < by + bh and by < y + h for bx, by, bw, bh in boxes)
            assert np.abs(img[y:y + h, x:x + w].astype(int) - before[y:y + h, x:x + w]).max() > 50  # drawn
            outside[y:y + h, x:x + w] = False
        assert (img[outside] == before[outside]).all()
