"""How a reading of a photo compares with its labels: the one matching used by the bench, the
validation script and the tests.

A die read counts (a hit) when its box matches a labelled die and its value is right. Reads are
matched in order of confidence, each to the unused label it matches best, each label at most once.
What is not a hit is one of: `value` (box matched, value wrong), `box` (a read overlaps an
unmatched label, but not enough to match), `missed` (a label nothing overlaps) and `extra` (a read
that overlaps no label).
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from vision import Die

Box = Sequence[float]
Truth = Sequence[tuple[int, Box]]
ERRORS = ("value", "box", "missed", "extra")


def box_iou(a: Box, b: Box) -> float:
    """Intersection over union of two boxes given as (x, y, width, height)."""
    ix = max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = a[2] * a[3] + b[2] * b[3] - inter
    return inter / union if union > 0 else 0.0


def whole_die(min_iou: float = 0.5) -> Callable[[Box, Box], float]:
    """Labels that box the whole die: a read matches with IoU >= min_iou (the quality is the IoU)."""
    def match(pred: Box, label: Box) -> float:
        q = box_iou(pred, label)
        return q if q >= min_iou else 0.0
    return match


def pip_centre(pred: Box, label: Box) -> float:
    """Labels that box only the top face's pips (dice-c): the label's centre lies inside the read box
    and the read's centre is within half its side of it."""
    gx, gy = label[0] + label[2] / 2, label[1] + label[3] / 2
    px, py = pred[0] + pred[2] / 2, pred[1] + pred[3] / 2
    inside = pred[0] <= gx <= pred[0] + pred[2] and pred[1] <= gy <= pred[1] + pred[3]
    return 1.0 if inside and ((px - gx) ** 2 + (py - gy) ** 2) ** 0.5 <= 0.5 * max(pred[2], pred[3]) else 0.0


@dataclass(frozen=True)
class Mistake:
    """One error: its kind (one of ERRORS), the die read (None where missed) and the label it
    concerns as (value, box) (None where extra)."""

    kind: str
    read: Die | None
    label: tuple[int, Box] | None

    def __str__(self) -> str:
        d, t = self.read, self.label
        if self.kind == "value" and d and t:
            return f"read {d.value} for {t[0]} at {d.box}"
        if self.kind == "box" and d and t:
            return f"box {d.box} IoU {box_iou(d.box, t[1]):.2f} with {tuple(round(x) for x in t[1])}"
        if self.kind == "missed" and t:
            return f"missed {t[0]} at {tuple(round(x) for x in t[1])}"
        assert d is not None
        return f"extra {d.value} at {d.box} ({d.confidence})"


@dataclass
class PhotoScore:
    """One photo's reading against its labels: hits, dice read, dice labelled and the errors."""

    hits: int
    read: int
    true: int
    mistakes: list[Mistake] = field(default_factory=list)
    reads: list[tuple[float, bool]] = field(default_factory=list)  # (confidence, right) of each die read

    @property
    def errors(self) -> Counter[str]:
        """How many errors of each kind."""
        return Counter(m.kind for m in self.mistakes)

    @property
    def notes(self) -> list[str]:
        """One line per error."""
        return [str(m) for m in self.mistakes]

    @property
    def all_right(self) -> bool:
        """Every labelled die read right, and nothing else read."""
        return self.hits == self.true == self.read


def score_photo(dice: Sequence[Die], truth: Truth, match: Callable[[Box, Box], float] | None = None) -> PhotoScore:
    """Hits and errors of one photo's reading against its labels (values 1..6, boxes x, y, w, h)."""
    match = match or whole_die()
    dice = sorted(dice, key=lambda d: -d.confidence)
    used = [False] * len(truth)
    matched = [False] * len(dice)
    out = PhotoScore(0, len(dice), len(truth))
    hit: set[int] = set()
    for j, d in enumerate(dice):
        best, best_q = -1, 0.0
        for i, (_v, b) in enumerate(truth):
            q = match(d.box, b)
            if not used[i] and q > best_q:
                best, best_q = i, q
        if best >= 0:
            used[best] = matched[j] = True
            if truth[best][0] == d.value:
                out.hits += 1
                hit.add(j)
            else:
                out.mistakes.append(Mistake("value", d, truth[best]))
    for i, (v, b) in enumerate(truth):
        if used[i]:
            continue
        near = [(box_iou(d.box, b), j) for j, d in enumerate(dice) if not matched[j]]
        q, j = max(near) if near else (0.0, -1)
        if q > 0.1:
            matched[j] = True
            out.mistakes.append(Mistake("box", dice[j], (v, b)))
        else:
            out.mistakes.append(Mistake("missed", None, (v, b)))
    for j, d in enumerate(dice):
        if not matched[j]:
            out.mistakes.append(Mistake("extra", d, None))
    out.reads = [(d.confidence, j in hit) for j, d in enumerate(dice)]
    return out


def accuracy(scores: Sequence[PhotoScore], ms: Sequence[float]) -> dict[str, float]:
    """Per-die precision, recall and F1, the share of photos read entirely right, the median
    milliseconds per photo and the count of each kind of error."""
    hits = sum(s.hits for s in scores)
    read = sum(s.read for s in scores)
    true = sum(s.true for s in scores)
    p = hits / read if read else 0.0
    r = hits / true if true else 0.0
    errors: Counter[str] = Counter()
    for s in scores:
        errors.update(s.errors)
    return {"photos": len(scores), "dice": true, "precision": p, "recall": r,
            "f1": 2 * p * r / (p + r) if p + r else 0.0,
            "all_right": sum(s.all_right for s in scores) / max(1, len(scores)),
            "ms": statistics.median(ms) if ms else 0.0, **{k: float(errors[k]) for k in ERRORS}}


def marked(scores: Sequence[PhotoScore], below: float) -> dict[str, int]:
    """How many of the wrong and of the right reads have a confidence under `below` (the app asks
    the player to check those): the counts of each."""
    reads = [r for s in scores for r in s.reads]
    return {"wrong": sum(not ok for _c, ok in reads), "wrong_marked": sum(not ok and c < below for c, ok in reads),
            "right": sum(ok for _c, ok in reads), "right_marked": sum(ok and c < below for c, ok in reads)}


def error_line(m: dict[str, float]) -> str:
    """The error counts of `accuracy`'s figures as one line: 'value 2, box 0, missed 1, extra 0'."""
    return ", ".join(f"{k} {int(m.get(k, 0))}" for k in ERRORS)
