"""From a decoded photo to dice: brighten a dark one, detect, look again at the scale where dice
appear about 24 px wide, find which way the table's far side lies, classify each die, and read the
doubtful ones again with a larger classifier, the referee (_refereed).

What was tried around it and not kept, with its figures: docs/vision.md.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from vision import Die
from vision.imageio import Photo
from vision.model import (
    DET_LONG_SIDE,
    DET_MAX_LONG_SIDE,
    GATE,
    GATE_DOUBT,
    GATE_NOT_A_DIE,
    GATE_VIEWS,
    NOT_A_DIE,
    OTHER_SETS,
    REFEREE,
    Detection,
    iou,
    models,
    summarise,
)
from vision.scoring import box_iou

TARGET_DIE_PX = 24.0  # apparent die side (detector input pixels) the second look aims at
RESCALE_TOLERANCE = 1.1  # no second look when the first scale is within this factor of it (where
# dice appear some 18-22 px wide, a die touching another is missed: the detector boxes the two as one)
MIN_LONG_SIDE = 192  # the second look's least scale, unless the first looked from further back
WIDE_LONG_SIDES = (160, 96)  # looks from further back for dice too large for the first (close-ups)
SMALL_DIE_PX = 16.0  # ... or first, where the first look's detections are smaller than this (input px),
CLOSER = (2, 4)  # looks from this many times closer for dice too small for it (a large photo of a table),
TINY_DIE_PX = 13.0  # the closest first where they are smaller than this (the least size the detector gives)
AROUND = 2.0  # the second look only within this many die sides of the first look's dice (_around)
SURE_DIE = 0.01  # "not a die" at most this: a die of the first look kept when the closer look lost it
LOOK_VIEWS = 2  # views of each die read while looking for dice and their scale; the last read takes VIEWS
ONE_HINT = 0.3  # a detection whose first view reads as not a die is read in its second only where face
ONE_HINT_DOUBT = 0.95  # one is this share of what it read as dice, and "not a die" under this (_keep)
TURN_CHECK = 0.9  # the first look's dice read surer than this on average: the photo's up is the table's far side
TURN_DICE = 8  # ... else this many of the surest detections are read with the photo turned each quarter,
TURN_VOTES = 0.3  # and a turn is taken where more of them (this share of them) read surest than upright,
TURN_VOTES_ASLANT = 0.2  # or this share where the dice look seen at an angle: the first look's boxes
ASLANT = 0.04  # this far from square (median |log(width / height)|; from overhead, under 0.037);
TURN_VOTES_CLEAR = 0.5  # there, a lead of this share turns it even where its reads are less sure on average
# (one die read doubtfully turned)
TURN_VIEWS = 4  # ... each read in this many views in each turn (in two, more steep photos were read upside down)
TURN_MIN_DICE = 2  # ... counting only detections that read as a die in some turn, at least this many
SAME_BOX = 0.8  # a detection boxed this alike (IoU) to a die already read takes that read (same views)
LOOK_FURTHER = 1.4  # a detection read as not a die is read again boxed this many times larger (_look_further),
DOUBT = 0.9  # ... where "not a die" was below this,
ONE_SHARE = 0.5  # ... and face one at least this share of what it read as dice,
FURTHER_MIN_PX = 16.0  # ... and its box at least this wide at the detector's input (not a speck far off)
SMALL_SHARE = 0.7  # a doubted detection boxed under this share of the kept dice's side is read again boxed
CLEAR_OF = 0.2  # as large as they are, where that box overlaps none of them by this much (IoU) (_look_as_large),
AS_LARGE_OF = 3  # where at least this many were kept
STILL_A_DIE = 0.15  # the last read drops a die the looks kept only where "not a die" is above this
SAME_LOOK_IOU = 0.6  # two reads found in the same look are one die where boxed this alike (IoU) ...
SAME_LOOK_INSIDE = 0.85  # ... or one box this much inside the other (reads of different looks: 0.5, 0.6),
SAME_SIZE = 0.7  # ... where neither box's area is under this share of the other's
DARK = 110  # a photo whose brightest hundredth is under this is brightened (_lit) ...
LIT = 200  # ... to this,
MOST_GAIN = 4.0  # at most this many times,
GRAIN = 3.0  # and smoothed where its noise, brightened, is over this many levels,
BLUR_PER_GRAIN = 0.15  # by this (Gaussian sigma, pixels) for each level over it,
MOST_BLUR = 1.2  # at most this
REFEREE_DOUBT = 0.7  # dice read under this asked of the referee (_refereed), ...
REFEREE_MOST = 0.69  # ... their confidence then at most this
SIDE_AREA = 0.85  # a read boxed at most this share of another's area, on its near side, ...
SIDE_WIDE = 1.02  # ... foreshortened (its box at least this many times wider than high), ...
SIDE_ALIGNED = 0.9  # ... this share of its width across the other's, ...
SIDE_OVERLAP = 0.45  # ... this share of its height within the other's, ...
SIDE_TOP = 0.1  # ... and its top edge below the other's middle, less this share of the other's height,
# is that die's side face


Read = tuple[Detection, Detection, np.ndarray]  # a die: detector's box, classifier's refit, probabilities
Kept = list[Read]


def _keep(image: np.ndarray, dets: list[Detection], turn: float, back: float, known: Sequence[Read] = ()) -> Kept:
    """The detections the classifier keeps: (first box, refitted box, class probabilities). A
    detection boxed as alike as SAME_BOX to a die of `known` (read at the same turn) takes that
    die's read: its views would be all but the same pixels. Each is read in LOOK_VIEWS views, but
    one whose first view reads as not a die surely enough that the average could not keep it
    (LOOK_VIEWS * NOT_A_DIE), unless that view leans towards a one as _look_further looks for (ONE_HINT)
    and it is not a speck. Doubted detections are read again boxed larger (_look_further,
    _look_as_large). `back`: image pixels per detector input pixel."""
    reads: list[Read | None] = []
    for d0 in dets:
        alike = max(known, key=lambda k: iou(k[0], d0), default=None)
        reads.append((d0, alike[1], alike[2]) if alike and iou(alike[0], d0) >= SAME_BOX else None)
    todo = [d0 for d0, r in zip(dets, reads, strict=True) if r is None]
    if todo:
        m = models()
        first = m.read_views(image, todo, 1, turn)
        p = first.probs[0]
        more = [i for i, d0 in enumerate(todo) if p[i, 0] < LOOK_VIEWS * NOT_A_DIE or (
            p[i, 0] < ONE_HINT_DOUBT and p[i, 1] >= ONE_HINT * p[i, 1:].sum() and max(d0.w, d0.h) / back >= FURTHER_MIN_PX)]
        probs, boxes = summarise(todo, first)
        if more:
            views = first.take(more).then(m.read_views(image, [todo[i] for i in more], LOOK_VIEWS, turn, first=1))
            for i, pi, bi in zip(more, *summarise([todo[i] for i in more], views), strict=True):
                probs[i], boxes[i] = pi, bi
        new = iter(zip(todo, boxes, probs, strict=True))
        reads = [r if r is not None else next(new) for r in reads]
    read = [r for r in reads if r is not None]
    kept = [r for r in read if r[2][0] <= NOT_A_DIE] + _look_further(image, read, turn, back)
    return kept + _look_as_large(image, read, kept, turn, back)


def _look_as_large(image: np.ndarray, reads: Sequence[Read], kept: Kept, turn: float, back: float) -> Kept:
    """The detections of `reads` read as not a die, though with doubt (not leaning towards a one:
    _look_further reads those), boxed far smaller than the dice `kept` (under SMALL_SHARE of their
    median side), read again boxed as large as those dice where that box is clear of them
    (CLEAR_OF): those that then read as a die. The detector may box a die by a part of its face,
    which, seen so close, reads as no die. Only where AS_LARGE_OF dice or more were kept, SMALL_DIE_PX
    wide or more at the detector's input: fewer, or smaller, they may be a far table's pattern, and
    these extra reads would keep the reader from looking closer (_first_look)."""
    if len(kept) < AS_LARGE_OF:
        return []
    side = float(np.median([max(d.w, d.h) for _d0, d, _p in kept]))
    if side / back < SMALL_DIE_PX:
        return []
    doubted = [d0 for d0, _d, p in reads if NOT_A_DIE < p[0] < DOUBT and p[1] < ONE_SHARE * p[1:].sum()
               and max(d0.w, d0.h) < SMALL_SHARE * side]
    larger = [Detection(d.cx, d.cy, side, side, d.score) for d in doubted]
    larger = [d for d in larger if all(iou(d, k[1]) < CLEAR_OF for k in kept)]
    if not larger:
        return []
    probs, boxes = models().classify(image, larger, LOOK_VIEWS, turn)
    return [(d0, d, p) for d0, d, p in zip(larger, boxes, probs, strict=True) if p[0] <= NOT_A_DIE]


def _look_further(image: np.ndarray, reads: Sequence[Read], turn: float, back: float) -> Kept:
    """The detections of `reads` read as not a die, though with doubt, and leaning towards a one
    (ONE_SHARE of what they read as dice), read again boxed LOOK_FURTHER times larger: those that
    then read as a die showing one. The detector boxes a die whose one is a single large pip (dice
    of the Chinese kind) as little more than that pip, and seen so close the classifier takes it
    for a close view of part of a die. Not for specks (a photo of a whole table seen from afar,
    whose looks at other scales these extra reads would mislead)."""
    doubted = [d0 for d0, _d, p in reads if NOT_A_DIE < p[0] < DOUBT and p[1] >= ONE_SHARE * p[1:].sum()
               and max(d0.w, d0.h) / back >= FURTHER_MIN_PX]
    if not doubted:
        return []
    larger = [Detection(d.cx, d.cy, d.w * LOOK_FURTHER, d.h * LOOK_FURTHER, d.score) for d in doubted]
    probs, boxes = models().classify(image, larger, LOOK_VIEWS, turn)
    return [(d0, d, p) for d0, d, p in zip(larger, boxes, probs, strict=True)
            if p[0] <= NOT_A_DIE and int(np.argmax(p[1:])) == 0]


def _look(
    image: np.ndarray, long_side: int, turn: float = 0.0, known: Sequence[Read] = (),
    region: tuple[int, int, int, int] | None = None,
) -> tuple[Kept, float, list[Detection]]:
    """The detector at `long_side` (in `region` only, where given) and the detections the
    classifier keeps (see _keep); also the scale used (image px per input px) and all the detections."""
    dets, back = models().detect(image, long_side, region)
    return _keep(image, dets, turn, back, known), back, dets


def _far_side(image: np.ndarray, kept: Kept, dets: list[Detection]) -> float:
    """Which way the table's far side lies in the photo (degrees counter-clockwise from up): 0
    unless the dice read doubtfully upright and more of them surely so with the photo turned. A
    photo taken at an angle and saved sideways without its EXIF orientation shows the dice's top
    faces beside their sides instead of above them; seen from overhead, any turn reads alike, and
    a turn needs a larger lead of votes and surer reads there than where the dice's boxes show them
    seen at an angle."""
    if not dets or kept and float(np.mean([p[1:].max() for _d0, _d, p in kept])) >= TURN_CHECK:
        return 0.0
    m = models()
    sample = dets[:TURN_DICE]  # the detector's surest
    turns = (0.0, 90.0, 180.0, 270.0)
    p = np.stack([m.classify(image, sample, TURN_VIEWS, t)[0] for t in turns])
    dice = p[:, :, 0].min(0) < 0.3  # read as a die in some turn
    if dice.sum() < TURN_MIN_DICE:
        return 0.0
    sure = np.log(p[:, dice, 1:].max(2) + 1e-6)  # (turn, die)
    votes = np.bincount(sure.argmax(0), minlength=4) / dice.sum()
    best = int(votes.argmax())
    lead = votes[best] - votes[0]
    surer = sure[best].mean() > sure[0].mean()
    if bool(kept) and float(np.median([abs(np.log(d.w / d.h)) for _d0, d, _p in kept])) >= ASLANT:
        take = lead > TURN_VOTES_ASLANT and (surer or lead >= TURN_VOTES_CLEAR)
    else:
        take = lead > TURN_VOTES and surer
    return turns[best] if best and take else 0.0


def _box(d0: Detection, d: Detection) -> Detection:
    """A die's box: the classifier's refit `d` where it is within reason of the detector's `d0`,
    else `d0`."""
    return d if 0.6 < max(d.w, d.h) / max(d0.w, d0.h) < 1.6 else d0


def _read_again(image: np.ndarray, kept: Kept, turn: float) -> Kept:
    """The classifier once more, on views centred on the boxes it refitted: a die centred and
    sized as in training is read better, and its box is refitted from closer. A die the looks kept
    (NOT_A_DIE) is dropped only where it now reads as not a die more surely (STILL_A_DIE): a die
    whose one is a single large pip reads doubtfully in some views however it is boxed. Where the
    dice read under its OTHER_SETS confidence on average, each other set of classifiers
    (models().others) in turn reads them too, and its reads are taken where it reads them surer on average: a photo
    taken from low down, or shaken, whose dice the first set reads doubtfully."""
    if not kept:
        return kept
    m = models()
    seen = [_box(d0, d) for d0, d, _p in kept]
    probs, boxes = m.classify(image, seen, turn=turn)
    sure = float(probs[:, 1:].max(1).mean())
    for other in m.others:
        if sure < OTHER_SETS[other]:
            other_probs, other_boxes = m.classify(image, seen, turn=turn, other=other)
            other_sure = float(other_probs[:, 1:].max(1).mean())
            if other_sure > sure:
                probs, boxes, sure = other_probs, other_boxes, other_sure
    return [(d0, d, p) for (d0, _d, _p), d, p in zip(kept, boxes, probs, strict=True) if p[0] <= STILL_A_DIE]


def _gated(image: np.ndarray, kept: Kept, turn: float) -> Kept:
    """The dice kept, less those the gate (model.GATE, where its file is present) reads as not a
    die: "not a die" above GATE_NOT_A_DIE on average over GATE_VIEWS views. The other classifiers
    read the digits of a score sheet, a keyboard's keys or a printed label lying beside the dice as
    dice, though doubtfully (GATE_DOUBT: only such dice are asked); the gate learnt such things as
    not dice."""
    m = models()
    asked = [i for i, (_d0, _d, p) in enumerate(kept) if p[0] >= GATE_DOUBT]
    if not m.gate or not asked:
        return kept
    seen = [_box(d0, d) for d0, d, _p in (kept[i] for i in asked)]
    probs = m.classify(image, seen, GATE_VIEWS, turn, other=GATE)[0]
    dropped = {i for i, p in zip(asked, probs, strict=True) if p[0] > GATE_NOT_A_DIE}
    return [k for i, k in enumerate(kept) if i not in dropped]


def _first_look(image: np.ndarray) -> tuple[Kept, float, list[Detection], int]:
    """The first look (see _look) and its long side: at DET_LONG_SIDE, or where most of what the
    detector found there is not dice, at the first other scale where most of it is, else where it
    kept most. Closer first where what it found is small (a large photo of a whole table: dice a few
    pixels wide, too small to read at the first look), the closest first where it is as small as
    the detector boxes anything (TINY_DIE_PX: the dice may be far smaller), then from further back (a close-up: dice too
    large for the first look, their pips and edges taken for dice); else the other way round, and
    closer only while no die is found (a table whose pattern looks like dice from afar)."""
    long_side = max(image.shape[:2])
    first = min(DET_LONG_SIDE, max(long_side, 256))
    kept, back, dets = _look(image, first)
    if len(kept) >= len(dets) / 2:
        return kept, back, dets, first
    nearest = min(DET_MAX_LONG_SIDE, int(long_side * 1.5))
    median = float(np.median([max(d.w, d.h) / back for d in dets]))
    small = median < SMALL_DIE_PX
    closer = sorted({min(first * k, nearest) for k in CLOSER} - {first}, reverse=median < TINY_DIE_PX)
    wider = [s for s in WIDE_LONG_SIDES if s < first]
    looks = {}
    for side in closer + wider if small else wider + closer:
        if not small and side in closer and kept:
            break
        look = looks[side] = _look(image, side)
        if look[0] and len(look[0]) >= len(look[2]) / 2:
            return *look, side
        if len(look[0]) > len(kept):
            (kept, back, dets), first = look, side
    closest = max(closer, default=0)
    if not kept and closest in looks:  # no die anywhere: the closest look stands (the second would
        (kept, back, dets), first = looks[closest], closest  # look there again)
    return kept, back, dets, first


def _second_look(image: np.ndarray, kept: Kept, back: float, first: int, turn: float) -> Kept:
    """The detector again at the scale where the first look's dice appear TARGET_DIE_PX wide (or,
    where it found none in a large photo, closer), unless that is near the first scale: its dice,
    and those of the first it lost if surely dice (a photo at an angle has near dice larger than
    far ones); the other way round where the second look found fewer dice (a busy background at
    its scale). Where the first look's dice are SMALL_DIE_PX wide or more, it found them all but
    for one lying against another, boxed with it: the second look looks only around them (_around)."""
    long_side = max(image.shape[:2])
    rescale, region = 0, None
    if kept:
        median = float(np.median([max(d.w, d.h) / back for _d0, d, _p in kept]))
        rescale = int(first * TARGET_DIE_PX / median)
        if median >= SMALL_DIE_PX:  # dice this large, the first look found them all, but for
            region = _around(image, kept)  # one against another, boxed with it
    elif long_side > first:
        rescale = first * 2
    rescale = max(min(MIN_LONG_SIDE, first), min(rescale, DET_MAX_LONG_SIDE, int(long_side * 1.5)))
    if first / RESCALE_TOLERANCE < rescale < first * RESCALE_TOLERANCE:
        return kept
    again = _look(image, rescale, turn, kept, region)[0]  # the first look's dice boxed alike are not read again
    if len(again) < len(kept):
        kept, again = again, kept
    return again + [k for k in kept if k[2][0] <= SURE_DIE and all(iou(k[1], a[1]) < 0.3 for a in again)]


def _around(image: np.ndarray, kept: Kept) -> tuple[int, int, int, int]:
    """The part of the photo within AROUND die sides of the dice kept (x0, y0, x1, y1), where the
    second look looks for dice."""
    boxes = [d for _d0, d, _p in kept]
    side = AROUND * float(np.median([max(d.w, d.h) for d in boxes]))
    h, w = image.shape[:2]
    x0 = max(0, int(min(d.cx - d.w / 2 for d in boxes) - side))
    y0 = max(0, int(min(d.cy - d.h / 2 for d in boxes) - side))
    x1 = min(w, int(max(d.cx + d.w / 2 for d in boxes) + side) + 1)
    y1 = min(h, int(max(d.cy + d.h / 2 for d in boxes) + side) + 1)
    return x0, y0, x1, y1


def _lit(image: np.ndarray) -> np.ndarray:
    """A dark photo (its brightest hundredth under DARK) brightened so that it reaches LIT, at most
    MOST_GAIN times, and where its grain, so brightened, would be read as dice (over GRAIN levels),
    smoothed (BLUR_PER_GRAIN pixels per level over it, at most MOST_BLUR)."""
    top = float(np.percentile(image[::4, ::4], 99))
    if top >= DARK:
        return image
    gain = min(LIT / max(top, 1.0), MOST_GAIN)
    out: np.ndarray = image.astype(np.float32) * gain
    blur = min(BLUR_PER_GRAIN * (_grain(image) * gain - GRAIN), MOST_BLUR)
    if blur > 0.2:
        out = cv2.GaussianBlur(out, (0, 0), blur)
    return np.clip(out, 0, 255).astype(np.uint8)


def _grain(image: np.ndarray) -> float:
    """The photo's noise (standard deviation, levels), from the median of a Laplacian that flat
    areas and edges barely answer (Immerkaer)."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    kernel = np.array([[1, -2, 1], [-2, 4, -2], [1, -2, 1]], np.float32)
    response = np.abs(cv2.filter2D(grey.astype(np.float32), -1, kernel)[1:-1, 1:-1])
    if not response.size:  # a photo too small to have an inside
        return 0.0
    return float(np.median(response)) * 1.4826 / 6


def read_photo(photo: Photo) -> list[Die]:
    """The dice on `photo`, in reading order: a dark photo brightened (_lit), a first look (from
    further back for a close-up), which way the table's far side lies, a second look at the scale
    the first suggests, each die read once more on views centred on its refitted box, what is not
    a die after all dropped (_gated), and one die seen twice kept once."""
    image = _lit(photo.pixels)
    kept, turn = _found(image)
    return _dice(photo, _refereed(image, kept, turn), turn)


def _found(image: np.ndarray) -> tuple[Kept, float]:
    """The dice read on `image` (see read_photo) and which way the table's far side lies."""
    kept, back, dets, first = _first_look(image)
    turn = _far_side(image, kept, dets)
    if turn:
        kept = _keep(image, dets, turn, back)
    kept = _second_look(image, kept, back, first, turn)
    return _gated(image, _read_again(image, kept, turn), turn), turn


def _refereed(image: np.ndarray, kept: Kept, turn: float) -> Kept:
    """The dice kept, those read under REFEREE_DOUBT (the app's mark for the player to check)
    read again by the referee (model.REFEREE, where its file is present), a larger classifier, and
    its probabilities and theirs averaged. A die so asked stays marked (its confidence at most
    REFEREE_MOST): the referee settles its likelier value, not whether the player should look."""
    m = models()
    asked = [i for i, (_d0, _d, p) in enumerate(kept) if p[1:].max() < REFEREE_DOUBT]
    if not m.referee or not asked:
        return kept
    seen = [_box(d0, d) for d0, d, _p in (kept[i] for i in asked)]
    probs = m.classify(image, seen, turn=turn, other=REFEREE)[0]
    out = list(kept)
    for i, p in zip(asked, probs, strict=True):
        d0, d, p0 = kept[i]
        both = (p0 + p) / 2
        out[i] = (d0, d, both * min(1.0, REFEREE_MOST / float(both[1:].max())))
    return out


def _dice(photo: Photo, kept: Kept, turn: float) -> list[Die]:
    """The dice `kept` as read_photo gives them: boxed in the photo's pixels, one die seen twice
    kept once, sides of dice dropped, in reading order."""
    dice: list[tuple[Die, int]] = []  # each die read and the look that found it
    s = photo.scale
    for d0, refit, p in kept:
        d = _box(d0, refit)
        value = int(np.argmax(p[1:])) + 1
        conf = float(p[value]) * min(1.0, d.score / 0.5)
        x0 = max(0, round((d.cx - d.w / 2) * s))
        y0 = max(0, round((d.cy - d.h / 2) * s))
        x1 = min(photo.width, round((d.cx + d.w / 2) * s))
        y1 = min(photo.height, round((d.cy + d.h / 2) * s))
        if x1 <= x0 or y1 <= y0:
            continue
        dice.append((Die(value, (x0, y0, x1 - x0, y1 - y0), round(conf, 3)), d0.look))
    kept_dice: list[tuple[Die, int]] = []
    for die, look in sorted(dice, key=lambda t: -t[0].confidence):  # one die seen twice: keep the surer
        if not any(_same_die(die, k, look != 0 and look == k_look) for k, k_look in kept_dice):
            kept_dice.append((die, look))
    found = [d for d, _look in kept_dice]
    if not turn:  # a turned photo's far side is a guess: a wrong one would drop top faces as sides
        found = [d for d in found if not any(_side_face(d, other) for other in found if other is not d)]
    return _reading_order(sorted(found, key=lambda d: (d.box[1] + d.box[3] / 2, d.box[0])))


def _side_face(b: Die, a: Die) -> bool:
    """`b` is the side of die `a` facing the camera, read as a die of its own: in an upright photo
    taken at an angle the top face is seen above that side, which is foreshortened. Its box is
    smaller than a's (SIDE_AREA) and wider than high (SIDE_WIDE), lies across a's (SIDE_ALIGNED),
    reaches far into it from the near side (SIDE_OVERLAP) from no higher than about a's middle
    (SIDE_TOP, where a's top face ends), and its middle is no further down than a's lower edge and
    a quarter of its height. A die lying in front of another is seen larger (nearer), its box (top
    face and side) higher than wide, so it is kept."""
    au, av, aw, ah = a.box
    bu, bv, bw, bh = b.box
    if bw * bh > SIDE_AREA * aw * ah or bw < SIDE_WIDE * bh or bv + bh / 2 <= av + ah / 2:
        return False
    across = min(au + aw, bu + bw) - max(au, bu)
    down = av + ah - bv
    return (across >= SIDE_ALIGNED * bw and down >= SIDE_OVERLAP * bh and bv >= av + ah / 2 - SIDE_TOP * ah
            and bv + bh / 2 <= av + ah + bh / 4)


def _same_die(a: Die, b: Die, same_look: bool) -> bool:
    """Two reads of one die: boxed alike, or one box mostly inside the other. Where the detector
    found both in the same look, boxed about as large (SAME_SIZE), it saw two dice (two peaks
    apart): only boxes far more alike are one die there (SAME_LOOK_IOU, SAME_LOOK_INSIDE), as dice
    lying against each other seen at an angle overlap as much as reads of one die at two scales.
    (A box much smaller than the other, inside it, is part of that die: its top face seen from low
    down, a webcam's view.)"""
    area_a, area_b = a.box[2] * a.box[3], b.box[2] * b.box[3]
    if same_look and SAME_SIZE * area_b <= area_a <= area_b / SAME_SIZE:
        return box_iou(a.box, b.box) >= SAME_LOOK_IOU or _inside(a.box, b.box) >= SAME_LOOK_INSIDE
    return box_iou(a.box, b.box) >= 0.5 or _inside(a.box, b.box) >= 0.6


def _inside(a: tuple[int, int, int, int], b: tuple[int, int, int, int]) -> float:
    """The share of box `a` that lies inside box `b`."""
    ix = max(0, min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]))
    iy = max(0, min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]))
    return ix * iy / max(1, a[2] * a[3])


def _reading_order(dice: list[Die]) -> list[Die]:
    """Rows of dice top to bottom (a row: centres within half a die's height), each left to right."""
    rows: list[list[Die]] = []
    for d in dice:
        cy = d.box[1] + d.box[3] / 2
        if rows:
            last = rows[-1]
            ref = last[0].box[1] + last[0].box[3] / 2
            if abs(cy - ref) < 0.5 * last[0].box[3]:
                last.append(d)
                continue
        rows.append([d])
    return [d for row in rows for d in sorted(row, key=lambda d: d.box[0])]
