"""The training and validation renders of each scene kind: what they show matches what they say."""

from __future__ import annotations

import numpy as np
import pytest

from vision.training.scenes import BUILDERS, DISTRACTORS, add_distractors, scenes


def _overlap(a: np.ndarray, b: np.ndarray) -> bool:
    return bool(a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3])


@pytest.mark.parametrize("kind", sorted(BUILDERS))
def test_a_scene_kind_is_the_same_from_the_same_seed_and_its_boxes_lie_in_the_photo(kind: str) -> None:
    a, b = scenes(kind, 2, 5), scenes(kind, 2, 5)
    for s, t in zip(a, b, strict=True):
        assert np.array_equal(s.image, t.image) and np.array_equal(s.boxes, t.boxes)
        h, w = s.image.shape[:2]
        assert np.all(s.boxes[:, 0] >= -1) and np.all(s.boxes[:, 0] + s.boxes[:, 2] <= w + 1)
        assert np.all(s.boxes[:, 1] >= -1) and np.all(s.boxes[:, 1] + s.boxes[:, 3] <= h + 1)
        assert set(s.values.tolist()) <= {1, 2, 3, 4, 5, 6}


def test_distractors_lie_beside_the_dice_never_over_them() -> None:
    for s in scenes("distractors", 8, 11):
        assert s.clutter is not None and len(s.clutter)
        for thing in s.clutter:
            assert not any(_overlap(thing, die) for die in s.boxes)


def test_no_dice_scenes_have_distractors_and_no_die() -> None:
    for s in scenes("no_dice", 5, 3):
        assert len(s.boxes) == 0 and s.clutter is not None and len(s.clutter) >= 1


def test_crowds_tiny_dice_and_close_ups_are_what_they_say() -> None:
    crowds = scenes("crowds", 4, 2)
    assert all(len(s.boxes) >= 12 for s in crowds)  # 15-40 asked; a few may find no room
    tiny = scenes("tiny", 3, 2)
    assert all(np.median(np.maximum(s.boxes[:, 2], s.boxes[:, 3])) <= 20 for s in tiny)
    close = scenes("close_ups", 4, 2)
    assert all(np.max(s.boxes[:, 2:]) >= 0.18 * min(s.image.shape[:2]) for s in close)


@pytest.mark.parametrize("kind", sorted(DISTRACTORS))
def test_each_distractor_draws_something_within_its_box(kind: str) -> None:
    rng = np.random.default_rng(1)
    img = np.full((300, 300, 3), 128, np.uint8)
    before = img.copy()
    draw, _size = DISTRACTORS[kind]
    assert draw(60, rng)[..., 3].any()
    placed = add_distractors(img, [], 40.0, rng, 1, (kind,))
    assert len(placed) == 1
    x, y, w, h = placed[0]
    changed = np.argwhere(np.any(img != before, axis=2))
    assert changed.size
    assert changed[:, 1].min() >= x - 1 and changed[:, 1].max() <= x + w + 1
    assert changed[:, 0].min() >= y - 1 and changed[:, 0].max() <= y + h + 1
