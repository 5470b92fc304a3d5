"""Accuracy and speed of the dice reader (`vision.read_dice`) on photos it never learnt from and on
hard renders; with `--baseline REV`, beside it in the same run, the same reader with the networks
of git revision REV.

    uv run python bench/vision.py [--datasets DIR] [--threads 1] [--runs 3] [--renders 100] [--sheet DIR] [--baseline REV]

Sets: dice-a's test split (manifest origin_split == test) and dice-c's valid images, neither used for
training or tuning; and renders of three hard kinds (vision.training.scenes, validation seeds):
printed distractors beside the dice (board tiles and number tokens with dots, dominoes, cards, coins,
buttons, a dice cup, score sheets), close-ups of a few large dice, crowds of 15-40 touching dice.
A die counts as found when a predicted box matches it and the value is right. Matching: dice-a labels
and renders box the whole die (IoU >= 0.5); dice-c labels box only the pip pattern of the top face, so
there a prediction matches when that pattern's centre lies inside the predicted box and the predicted
centre is within half the predicted side of it (vision.scoring). Errors by kind: value, box, missed,
extra; "false/ph" is reads matching no die (box + extra) per photo. Of each reader's wrong and right
reads, how many the app marks for the player to check. Speed: median milliseconds per photo on one
core (cv2.setNumThreads(1)), decoding included; on the real sets each photo's time is the least of
--runs reads (the readers taking turns, so that a slow spell of the machine falls on both alike: the
ratio of the medians is the steadier figure); renders are read once. Also a 12-megapixel JPEG (a
test photo scaled up to 3000 x 3000, widened to 4000 x 3000, with sensor-like noise) and a
12-megapixel render of a whole table (ten dice, each under 1 % of the photo's width).
dice-a's test labels hold a few errors (a die unlabelled, two values wrong, loose boxes): the set is
scored as labelled and again with the fixes of bench/dice_a_label_fixes.csv, each checked by eye; the
photos are read and timed once for both.
`--baseline REV`: REV's assets/die_detector.onnx, assets/die_faces.onnx and assets/models.json
(`git show`), put in a temporary folder, read every set as well, by the present code with the
reading settings and calibration REV's build recorded in models.json: the reader of REV, measured
beside the present one.
`--sheet DIR`: contact sheets of each reader's errors on each set (vision.training.sheet).
"""

from __future__ import annotations

import argparse
import csv
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path

import cv2
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import vision  # noqa: E402
from scorekeeper.app.photo.model import LOW_CONFIDENCE  # noqa: E402
from vision.compact import CLASSIFIER, DETECTOR, assets_in  # noqa: E402
from vision.config import READ, ReadConfig  # noqa: E402
from vision.scoring import ERRORS, Mistake, accuracy, marked, pip_centre, score_photo, whole_die  # noqa: E402
from vision.synth import render_scene  # noqa: E402
from vision.training.scenes import scenes  # noqa: E402
from vision.training.sheet import write_sheets  # noqa: E402
from vision.training.validate import CATEGORIES, RENDERS, VALIDATION_SEED  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "datasets"


def labels(path: Path, w: int, h: int) -> list[tuple[int, tuple[float, float, float, float]]]:
    out = []
    for line in path.read_text().split("\n"):
        p = line.split()
        if len(p) == 5:
            c, xc, yc, bw, bh = (float(v) for v in p)
            out.append((int(c) + 1, ((xc - bw / 2) * w, (yc - bh / 2) * h, bw * w, bh * h)))
    return out


Reader = Callable[[bytes], list[vision.Die]]
Photo = tuple[str, bytes, list]  # file name, encoded bytes, labels


def read_set(photos: list[Photo], readers: list[Reader], runs: int) -> list[list[tuple[list[vision.Die], float]]]:
    """Each reader's dice on each photo, and the least milliseconds of its `runs` reads of it (the
    time the reading takes, less what other work on the machine took from it); the readers take
    turns photo by photo and run by run, so that a slow spell of the machine falls on them alike."""
    out: list[list[tuple[list[vision.Die], float]]] = [[] for _ in readers]
    for _name, data, _truth in photos:
        times: list[list[float]] = [[] for _ in readers]
        dice: list[list[vision.Die]] = [[] for _ in readers]
        for run in range(runs):
            for k, reader in enumerate(readers):
                t0 = time.perf_counter()
                read = reader(data)
                times[k].append((time.perf_counter() - t0) * 1000)
                if run == 0:
                    dice[k] = read
        for k in range(len(readers)):
            out[k].append((dice[k], min(times[k])))
    return out


def score_set(
    photos: list[Photo], reads: list[tuple[list[vision.Die], float]], whole: bool,
    errors: list[tuple[str, np.ndarray, Mistake]] | None = None,
) -> tuple[dict[str, float], dict[str, int]]:
    """The set's figures (vision.scoring.accuracy) and its reads marked for the player to check;
    each error, with its photo's name and pixels, appended to `errors` where given."""
    scores = []
    for (name, data, truth), (dice, _ms) in zip(photos, reads, strict=True):
        scores.append(score_photo(dice, truth, whole_die() if whole else pip_centre))
        if errors is not None and scores[-1].mistakes:
            img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
            errors.extend((name, img, mk) for mk in scores[-1].mistakes)
    return accuracy(scores, [ms for _dice, ms in reads]), marked(scores, LOW_CONFIDENCE)


FIXES = Path(__file__).resolve().parent / "dice_a_label_fixes.csv"


def fixed(photos: list[Photo], path: Path = FIXES) -> tuple[list[Photo], int]:
    """`photos` with the label fixes of `path` applied, and how many were applied. A fix names a
    label by its photo, value and centre (within 6 pixels), or adds a die where value is empty;
    its new value, and its new box where given, replace the label's."""
    rows = list(csv.DictReader(open(path, newline="")))
    out, applied = [], 0
    for name, data, truth in photos:
        truth = list(truth)
        for row in (r for r in rows if r["image"] == name):
            box = tuple(float(row[k]) for k in ("new_x", "new_y", "new_w", "new_h")) if row["new_x"] else None
            if not row["value"]:
                assert box is not None, f"{name}: a die added needs its box"
                truth.append((int(row["new_value"]), box))
                applied += 1
                continue
            x, y = float(row["x"]), float(row["y"])
            found = [i for i, (v, b) in enumerate(truth) if v == int(row["value"])
                     and abs(b[0] + b[2] / 2 - x) <= 6 and abs(b[1] + b[3] / 2 - y) <= 6]
            assert len(found) == 1, f"{name}: the fix for the {row['value']} at ({x}, {y}) finds {len(found)} labels"
            truth[found[0]] = (int(row["new_value"]), box or truth[found[0]][1])
            applied += 1
        out.append((name, data, truth))
    return out, applied


def load(root: Path, name: str, split: str) -> list[Photo]:
    rows = list(csv.DictReader(open(root / name / "manifest.csv", newline="")))
    out = []
    for row in rows:
        if row["origin_split"] != split:
            continue
        path = root / name / "images" / row["image"]
        data = path.read_bytes()
        img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
        h, w = img.shape[:2]
        out.append((row["image"], data, labels(root / name / "labels" / (path.stem + ".txt"), w, h)))
    return out


def timed_read(reader: Reader, data: bytes, runs: int = 5) -> tuple[list[vision.Die], float]:
    """The dice `reader` reads on `data` and the median milliseconds of `runs` reads."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        dice = reader(data)
        times.append((time.perf_counter() - t0) * 1000)
    return dice, statistics.median(times)


def rendered(kind: str, n: int) -> list[Photo]:
    """`n` validation renders of one scene kind (vision.training.scenes), PNG-encoded, labelled."""
    out = []
    for k, s in enumerate(scenes(kind, n, VALIDATION_SEED + CATEGORIES.index(kind))):
        ok, enc = cv2.imencode(".png", s.image)
        truth = [(int(v), tuple(float(x) for x in b)) for b, v in zip(s.boxes, s.values, strict=True)]
        out.append((f"{kind}-{k}.png", enc.tobytes(), truth))
    return out


def networks_of(rev: str, folder: Path) -> Path:
    """`folder`, holding the two networks of git revision `rev` and its models.json (its assets/)."""
    for name in (DETECTOR, CLASSIFIER, "models.json"):
        shown = subprocess.run(["git", "show", f"{rev}:assets/{name}"], cwd=ROOT, capture_output=True, check=False)
        if shown.returncode and name != "models.json":
            raise SystemExit(f"--baseline {rev}: {shown.stderr.decode().strip()}")
        if not shown.returncode:
            (folder / name).write_bytes(shown.stdout)
    return folder


def settings_of(folder: Path) -> ReadConfig:
    """The reading settings the build in `folder` recorded (models.json's "read"), over the present ones."""
    path = folder / "models.json"
    recorded = json.loads(path.read_text()).get("read", {}) if path.exists() else {}

    def frozen(v: object) -> object:
        return tuple(frozen(x) for x in v) if isinstance(v, list) else v

    known = {f.name for f in fields(ReadConfig)}
    return replace(READ, **{k: frozen(v) for k, v in recorded.items() if k in known})


def reading_with(folder: Path) -> Reader:
    """vision.read_dice with the networks in `folder` (as SCOREKEEPER_ASSETS names them), read
    with the settings their build recorded."""
    cfg = settings_of(folder)

    def read(data: bytes) -> list[vision.Die]:
        with assets_in(folder):
            return vision.read_photo(vision.load_photo(data), vision.MIN_CONFIDENCE, cfg)
    return read


def big_photo(photo: Photo) -> tuple[bytes, list[tuple[int, tuple[float, float, float, float]]]]:
    """A 12-megapixel JPEG: `photo` scaled up to 3000 x 3000 (its dice stay square) and widened to
    4000 x 3000 by repeating its edge pixels, with sensor-like noise (a phone-sized file)."""
    _name, data, truth = photo
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)
    big = cv2.resize(img, (3000, 3000), interpolation=cv2.INTER_CUBIC)
    big = cv2.copyMakeBorder(big, 0, 0, 500, 500, cv2.BORDER_REPLICATE)
    big = np.clip(big + np.random.default_rng(0).normal(0, 4, big.shape), 0, 255).astype(np.uint8)
    ok, enc = cv2.imencode(".jpg", big, [cv2.IMWRITE_JPEG_QUALITY, 92])
    sx, sy = 3000 / img.shape[1], 3000 / img.shape[0]
    return enc.tobytes(), [(v, (500 + b[0] * sx, b[1] * sy, b[2] * sx, b[3] * sy)) for v, b in truth]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", type=Path, default=DEFAULT)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--runs", type=int, default=3, help="reads of each photo by each reader, timed (the least counts)")
    ap.add_argument("--renders", type=int, default=RENDERS, help="rendered photos in each rendered set")
    ap.add_argument("--sheet", type=Path, default=None, help="write contact sheets of the errors here")
    ap.add_argument("--baseline", metavar="REV", default=None,
                    help="also read every set with the networks of this git revision (a commit, a branch, HEAD~1)")
    args = ap.parse_args()
    cv2.setNumThreads(args.threads)
    if not (args.datasets / "dice-a").is_dir():
        print(f"no data sets under {args.datasets}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="baseline-networks-") as folder:
        readers: dict[str, Reader] = {"present": vision.read_dice}
        if args.baseline:
            readers[args.baseline[:10]] = reading_with(networks_of(args.baseline, Path(folder)))
        bench(args, readers)
    return 0


def bench(args: argparse.Namespace, readers: dict[str, Reader]) -> None:
    """Every set read by each reader; a table of their figures, the times compared to the first's."""
    dice_a = load(args.datasets, "dice-a", "test")
    dice_a_fixed, fixes = fixed(dice_a)
    sets = [  # name, photos, boxes of whole dice, photos read: the two dice-a rows are one read
        ("dice-a test", dice_a, True, "dice-a"),
        ("dice-a fixed*", dice_a_fixed, True, "dice-a"),
        ("dice-c valid", load(args.datasets, "dice-c", "valid"), False, "dice-c"),
    ]
    for kind in ("distractors", "close_ups", "crowds"):
        sets.append((kind.replace("_", "-"), rendered(kind, args.renders), True, kind))
    for read in readers.values():
        read(dice_a[0][1])  # load the networks once before timing
    print(f"one core: cv2.setNumThreads({args.threads})")
    header = (f"{'set':<13} {'reader':<10} {'photos':>6} {'dice':>5} {'prec':>6} {'recall':>6} {'F1':>6} "
              f"{'all right':>9} {'false/ph':>8} {'ms/photo':>8}  " + " ".join(f"{k:>6}" for k in ERRORS))
    print(header)
    print("-" * len(header))
    checks = []
    medians: dict[str, dict[str, float]] = {}  # each photo source's median ms, by reader
    sheets: list[Path] = []
    read_before: dict[str, list[list[tuple[list[vision.Die], float]]]] = {}
    for name, photos, whole, source in sets:
        if source not in read_before:
            runs = args.runs if source.startswith("dice-") else 1  # renders: timed once (they are many)
            read_before[source] = read_set(photos, list(readers.values()), runs)
        for rname, read in zip(readers, read_before[source], strict=True):
            errors: list[tuple[str, np.ndarray, Mistake]] | None = [] if args.sheet and "*" not in name else None
            m, check = score_set(photos, read, whole, errors)
            if errors:
                sheets += write_sheets(errors, args.sheet / f"{name.replace(' ', '-')}-{rname}.png")
            false = (m["extra"] + m["box"]) / max(1, m["photos"])
            print(f"{name:<13} {rname:<10} {m['photos']:>6} {m['dice']:>5} {m['precision']:>6.3f} "
                  f"{m['recall']:>6.3f} {m['f1']:>6.3f} {m['all_right']:>8.1%} {false:>8.2f} {m['ms']:>8.1f}  "
                  + " ".join(f"{int(m[k]):>6}" for k in ERRORS))
            checks.append((name, rname, check))
            medians.setdefault(source, {})[rname] = m["ms"]
    print(f"* dice-a's test split with {fixes} label fixes ({FIXES.name}: values, boxes, an unlabelled die)")
    present, *others = readers
    for source, ms in medians.items():  # this machine's speed moves: the ratio is the steadier figure
        for other in others:
            print(f"{source}: the present reader's median time is {ms[present] / ms[other]:.2f} of {other}'s "
                  f"({ms[present]:.1f} against {ms[other]:.1f} ms)")
    for name, rname, c in checks:
        if "*" not in name:
            print(f"{name} ({rname}): the app marks {c['wrong_marked']} of the {c['wrong']} wrong reads for the "
                  f"player to check (confidence < {LOW_CONFIDENCE}), and {c['right_marked']} of the {c['right']} right ones")
    big_bytes, scaled = big_photo(dice_a[0])
    rng = np.random.default_rng(2024)
    table, on_table = render_scene(rng, (4000, 3000), n_dice=10, die_px=(30, 36), pitch_deg=(0, 20))
    ok, enc = cv2.imencode(".jpg", table, [cv2.IMWRITE_JPEG_QUALITY, 92])
    for rname, reader in readers.items():
        dice, ms = timed_read(reader, big_bytes)
        print(f"12 MP photo (4000 x 3000 JPEG, {len(big_bytes) / 1e6:.1f} MB), {rname}: median {ms:.0f} ms "
              f"of 5 runs, {score_photo(dice, scaled).hits}/{len(scaled)} dice right, {len(dice)} read")
        dice, ms = timed_read(reader, enc.tobytes())
        hits = score_photo(dice, [(d.value, d.box) for d in on_table]).hits
        print(f"12 MP render of a whole table (dice 30-36 px), {rname}: median {ms:.0f} ms of 5 runs, "
              f"{hits}/{len(on_table)} dice right, {len(dice)} read")
    for path in sheets:
        print(f"errors drawn: {path}")


if __name__ == "__main__":
    sys.exit(main())
