"""The classifier's views of a die: where a box found in a turned or mirrored view lies in the photo."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from vision.model import (
    CROP,
    CROP_SPAN,
    TAIL,
    VIEWS,
    Classifier,
    Detection,
    assets_dir,
    crop_die,
    in_photo_frame,
    iou,
    models,
    shrink,
    space_to_depth,
    summarise,
    tail_path,
    taken_apart,
)
from vision.reader import _around
from vision.synth import render_scene
from vision.training.layout import to_three, to_twelve

SIDE = 60.0  # the die's side in the photo
CENTRE = (100.0, 100.0)  # the view's centre


def box_in_view(image: np.ndarray, angle: float, mirrored: bool) -> tuple[float, float, float, float]:
    """The bright patch of `image` as the classifier is taught to give it in a view: centre offset
    from the view's centre (pixel CROP / 2, where crop_die puts the die's centre), negated left to
    right in a mirrored view, and log width and height, in view spans; the size from its second
    moments."""
    view = crop_die(image, *CENTRE, SIDE, angle=angle)
    m = cv2.moments(view)
    cx, cy = m["m10"] / m["m00"], m["m01"] / m["m00"]
    sx, sy = math.sqrt(12 * m["mu20"] / m["m00"]), math.sqrt(12 * m["mu02"] / m["m00"])
    tx = (cx - CROP / 2) / CROP
    return -tx if mirrored else tx, (cy - CROP / 2) / CROP, math.log(sx / CROP), math.log(sy / CROP)


@settings(max_examples=60, deadline=None)
@given(
    dx=st.floats(-0.15, 0.15), dy=st.floats(-0.15, 0.15),
    w=st.floats(0.3, 0.5), h=st.floats(0.3, 0.5),
    turn=st.sampled_from([0.0, 90.0, 180.0, 270.0]), tilt=st.sampled_from([0.0, -5.0, 5.0, -10.0, 10.0]),
    mirrored=st.booleans(),
)
def test_a_box_seen_in_any_view_is_put_back_where_it_is_in_the_photo(
    dx: float, dy: float, w: float, h: float, turn: float, tilt: float, mirrored: bool
) -> None:
    """However a view is turned (a photo saved sideways: a quarter; a view tilted a little) or
    mirrored, the box it shows comes back to the photo's place and, turned a quarter, its width
    and height swap back."""
    span = SIDE * CROP_SPAN
    image = np.zeros((200, 200), np.float32)
    x0, y0 = CENTRE[0] + (dx - w / 2) * span, CENTRE[1] + (dy - h / 2) * span
    x1, y1 = CENTRE[0] + (dx + w / 2) * span, CENTRE[1] + (dy + h / 2) * span
    image[round(y0):round(y1), round(x0):round(x1)] = 255.0
    # the patch as drawn (whole pixels), in view spans
    tx, ty = ((round(x0) + round(x1) - 1) / 2 - CENTRE[0]) / span, ((round(y0) + round(y1) - 1) / 2 - CENTRE[1]) / span
    angle = turn + tilt
    seen = np.array([[box_in_view(image, angle, mirrored)]], np.float32)
    back = in_photo_frame(seen, ((angle, mirrored),))[0, 0]
    assert abs(back[0] - tx) < 0.01 and abs(back[1] - ty) < 0.01, (back[:2], (tx, ty))
    if tilt == 0.0:  # a rectangle turned by a quarter is still one: its sides swap back
        tw, th = (round(x1) - round(x0)) / span, (round(y1) - round(y0)) / span
        assert abs(math.exp(back[2]) - tw) < 0.03 and abs(math.exp(back[3]) - th) < 0.03


@settings(max_examples=10, deadline=None)
@given(split=st.integers(1, 5), seed=st.integers(0, 2**16), turn=st.sampled_from([0.0, 90.0]))
def test_dice_read_in_two_parts_read_as_in_one(split: int, seed: int, turn: float) -> None:
    """The reader reads some detections' later views only where their first ones leave doubt: the
    parts put together must give each die the read one pass over all its views gives."""
    image, dice = render_scene(np.random.default_rng(seed), n_dice=4)
    dets = [Detection(x + w / 2, y + h / 2, w, h, 1.0) for x, y, w, h in (d.box for d in dice)]
    m = models()
    whole_p, whole_boxes = m.classify(image, dets, turn=turn)
    some = list(range(0, len(dets), 2))
    start = m.read_views(image, dets, split, turn)
    rest = m.read_views(image, [dets[i] for i in some], VIEWS, turn, first=split)
    parts_p, parts_boxes = summarise([dets[i] for i in some], start.take(some).then(rest))
    np.testing.assert_allclose(parts_p, whole_p[some], atol=1e-6)
    for a, b in zip(parts_boxes, [whole_boxes[i] for i in some], strict=True):
        assert (a.cx, a.cy, a.w, a.h) == pytest.approx((b.cx, b.cy, b.w, b.h), abs=1e-4)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**16), long_side=st.sampled_from([416, 480, 544]))
def test_the_second_look_finds_around_the_dice_what_it_finds_in_the_whole_photo(seed: int, long_side: int) -> None:
    """The second look runs the detector only around the dice the first look kept (reader._around):
    there it finds the dice the whole photo's look finds, boxed as there. (A detection the detector
    is unsure of, such as a second peak on a die half hidden by another, may be found a little
    surer or less sure, and boxed a little otherwise, without the rest of the photo around it: in
    450 such renders, a sure one's box overlapped its match by 0.875 at the least.)"""
    image, dice = render_scene(np.random.default_rng(seed), n_dice=3, die_px=(28, 50))
    boxes = [Detection(x + w / 2, y + h / 2, w, h, 1.0) for x, y, w, h in (d.box for d in dice)]
    region = _around(image, [(b, b, np.zeros(7)) for b in boxes])
    m = models()
    whole = m.detect(image, long_side)[0]
    near = m.detect(image, long_side, region)[0]
    x0, y0, x1, y1 = region
    inside = [d for d in whole if x0 <= d.cx < x1 and y0 <= d.cy < y1]
    assume(any(d.score >= 0.6 for d in inside))  # (a render whose dice the detector is unsure of tells nothing)
    for d in (d for d in inside if d.score >= 0.6):
        assert max((iou(d, e) for e in near if e.score >= 0.4), default=0.0) > 0.8, (d, near)
    for e in (e for e in near if e.score >= 0.6):
        assert max((iou(e, d) for d in whole if d.score >= 0.4), default=0.0) > 0.8, (e, whole)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), w=st.integers(200, 1100), h=st.integers(200, 1100), long_side=st.sampled_from([96, 160, 192, 256, 352, 704]))
def test_the_detectors_input_is_shrunk_as_opencv_shrinks_it(seed: int, w: int, h: int, long_side: int) -> None:
    """The detector's input is shrunk by area through floats where that is faster (model.shrink):
    level for level what cv2.resize gives for the photo itself, so the detector sees the same picture."""
    assume(long_side < max(w, h))
    image = render_scene(np.random.default_rng(seed), (w, h), n_dice=3)[0]
    s = long_side / max(w, h)
    size = (max(32, round(w * s)), max(32, round(h * s)))
    np.testing.assert_array_equal(shrink(image, *size), cv2.resize(image, size, interpolation=cv2.INTER_AREA))


def test_each_classifier_run_in_two_parts_reads_as_the_whole() -> None:
    """Each shipped classifier is run in two parts, its first layers by cv2.dnn's classic engine and
    the rest (NAME.tail.onnx) by its new one, for speed (model.Classifier): on views of rendered dice,
    what the file as a whole reads, and every classifier has its tail (a stale or missing tail would
    misread or slow every photo)."""
    image, dice = render_scene(np.random.default_rng(5), n_dice=8)
    views = [crop_die(image, x + w / 2, y + h / 2, max(w, h), angle=a) for x, y, w, h in (d.box for d in dice) for a in (0.0, 10.0)]
    blob = cv2.dnn.blobFromImages(views, 1 / 255.0)
    files = sorted(p for p in assets_dir().glob("*classifier*.onnx") if not p.name.endswith(TAIL))
    assert len(files) == 11  # three sets of three, the gate and the referee
    for path in files:
        assert tail_path(path).exists(), f"{path.name} has no tail"
        split = Classifier(path)
        assert split.head is not None or not hasattr(cv2.dnn, "ENGINE_CLASSIC")
        whole = cv2.dnn.readNetFromONNX(str(path))
        whole.setInput(blob)
        np.testing.assert_allclose(split.forward(blob), whole.forward(), atol=1e-4, err_msg=path.name)


def _conv(x: np.ndarray, w: np.ndarray, stride: int, before: int, after: int) -> np.ndarray:
    """A convolution (as ONNX's Conv, no bias) of x (c, h, w) by w (out, c, k, k), padded with
    zeros by `before` rows and columns before and `after` after."""
    k = w.shape[2]
    xp = np.pad(x, ((0, 0), (before, after), (before, after)))
    oh = (xp.shape[1] - k) // stride + 1
    ow = (xp.shape[2] - k) // stride + 1
    out = np.zeros((w.shape[0], oh, ow), np.float64)
    for a in range(k):
        for b in range(k):
            patch = xp[:, a:a + stride * oh:stride, b:b + stride * ow:stride]
            out += np.einsum("oc,chw->ohw", w[:, :, a, b], patch)
    return out


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**16), h=st.integers(2, 12), w=st.integers(2, 12))
def test_the_detectors_first_layer_on_its_twelve_channels_computes_as_trained(seed: int, h: int, w: int) -> None:
    """The shipped detector's first layer, trained as a 3 x 3 convolution at stride 2 on the photo's
    three channels, is shipped as a 2 x 2 at stride 1 on them taken apart into twelve (vision.model.
    space_to_depth, vision.training.layout): the same sums, so the detector finds what it learnt to."""
    rng = np.random.default_rng(seed)
    x = rng.random((3, 2 * h, 2 * w))
    k = rng.normal(size=(16, 3, 3, 3)).astype(np.float32)
    trained = _conv(x, k, 2, 1, 1)
    shipped = _conv(taken_apart(x[None])[0], to_twelve(k), 1, 1, 0)
    np.testing.assert_allclose(shipped, trained, atol=1e-9)
    np.testing.assert_array_equal(to_three(to_twelve(k)), k)
    image = (rng.random((2 * h, 2 * w, 3)) * 255).astype(np.uint8)
    u, v, c, p, q = (int(rng.integers(n)) for n in (h, w, 3, 2, 2))
    assert space_to_depth(image)[0, 4 * c + 2 * p + q, u, v] == np.float32(image[2 * u + p, 2 * v + q, c]) * np.float32(1 / 255.0)
