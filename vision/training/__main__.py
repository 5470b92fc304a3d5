"""Rebuild the reader's two networks from the data sets and vision.config, and write their manifest.

    uv run --group train python -m vision.training [--assets DIR] [--parallel] [--quick]
        [--miner-only | --classifier-only | --detector-only] [--set NAME=VALUE]

From fixed seeds: renders of every scene kind (vision.training.scenes), dice-a train (less the
photos held out for validation) and dice-c train; a detector kept out of assets/ (the miner: its
candidates away from every die are the classifier's hard negatives), the face classifier, then the
detector that reads, each from scratch and exported to ONNX as it learns (a stopped build leaves
usable files); then the validation by category and assets/models.json (data sets and their hashes,
the configuration, the date, the figures). No step reads previously shipped weights or the test
splits.
"""

from __future__ import annotations

import argparse
import datetime
import hashlib
import json
import multiprocessing
import time
from dataclasses import replace
from multiprocessing.queues import Queue
from pathlib import Path

import cv2
import numpy as np
import torch

from vision import MIN_CONFIDENCE
from vision.compact import CLASSIFIER, DETECTOR
from vision.config import READ, TRAIN, ClassifierMix, RenderMix, TrainConfig, numbers
from vision.training.calibrate import RENDERS as CALIBRATION_RENDERS
from vision.training.calibrate import calibrate
from vision.training.crops import Examples, Reader, cls_examples, hard_views
from vision.training.data import DATASETS, Sample, real_training
from vision.training.fit import (
    Log,
    mined_negatives,
    object_negatives,
    train_classifier,
    train_detector,
)
from vision.training.stages import by_set, detector_pool, logger, reading_detector, renders

ROOT = Path(__file__).resolve().parents[2]
ASSETS = ROOT / "assets"
WORK = ROOT / "build" / "vision"  # what a build keeps and does not ship
MINER = "die_miner.onnx"


def dataset_hash(name: str) -> str:
    """sha256 over the data set's files (names and bytes, in sorted order)."""
    h = hashlib.sha256()
    for path in sorted((DATASETS / name).rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(DATASETS / name)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def classifier(cfg: TrainConfig, dice_a: list[Sample], dice_c: list[Sample], synth: list[Sample],
               miner: Path, path: Path, log: Log) -> None:
    """The face classifier: crops around the dice and around what is not a die, the miner's
    candidates away from every die among them."""
    rng = np.random.default_rng(cfg.seed + 2)
    mined = mined_negatives(dice_a + dice_c + synth, miner, rng, cfg)
    log(f"{len(mined[0])} hard negatives: the miner's candidates away from every die")

    def make(read: Reader | None) -> Examples:
        views = None
        if read is not None and cfg.cls_hard_views:
            views, hard = hard_views(dice_a, read, cfg.cls_views_real, cfg.cls_hard_views, cfg.cls_hard_below)
            log(f"{hard} dice-a dice read under {cfg.cls_hard_below} of their own face: {cfg.cls_hard_views} views more")
        parts = [cls_examples(dice_a, rng, cfg.cls_views_real, cfg.negatives_per_die, faults=cfg.camera_faults,
                              looks=cfg.cls_die_looks, views=views),  # dice-c's boxes hold only the pips, not the face
                 cls_examples(dice_c, rng, cfg.cls_views_dice_c, cfg.negatives_per_die, faults=cfg.camera_faults),
                 cls_examples(synth, rng, cfg.cls_views_synth, cfg.negatives_per_die, True, cfg.camera_faults),
                 object_negatives(synth + dice_a, rng, cfg.camera_faults, cfg.part_negatives), mined]
        return tuple(np.concatenate([p[k] for p in parts]) for k in range(3))  # type: ignore[return-value]

    train_classifier(make, cfg, path, log)


def build(cfg: TrainConfig, assets: Path, work: Path, log_path: Path | None, only: str = "",
          quick: bool = False, parallel: bool = False) -> None:
    """The whole build; `only` "classifier": the classifier alone, beside the detector already in
    `assets` and the miner in `work`; "detector": the detector that reads alone, beside the
    classifier in `assets`; "miner": the miner alone, into `work` (assets/ untouched). Each stage
    learns from the same renders and seeds as in the whole build, so its result is the same.
    `parallel`: the detector that reads learns in a second process."""
    t_start = time.time()
    log = logger(t_start, log_path)
    side = None
    if parallel and not only:
        ctx = multiprocessing.get_context("spawn")
        side_seconds: Queue[float] = ctx.Queue()
        side = ctx.Process(target=reading_detector, args=(cfg, assets / DETECTOR, log_path, t_start, side_seconds))
        side.start()
    torch.set_num_threads(cfg.threads)
    cv2.setNumThreads(1)
    real = real_training()
    dice_a, dice_c = by_set(real)
    synth = renders(cfg.renders, cfg.seed)
    extra = renders(cfg.cls_renders, cfg.seed, first=100)  # seeds apart from the detector's renders
    log(f"{len(dice_a)} dice-a and {len(dice_c)} dice-c photos, {len(synth)} renders, {len(extra)} for the classifier")
    manifest = {
        "datasets": {name: {"sha256": dataset_hash(name), "splits": splits}
                     for name, splits in (("dice-a", "train less every 7th photo"), ("dice-c", "train"))},
        "train": cfg.as_dict(), "read": dict(vars(READ)), "date": datetime.date.today().isoformat(),
        "networks": {"detector": DETECTOR, "classifier": CLASSIFIER},
        # OpenCV draws the renders: 5.0 and 5.1 draw them apart, pixel for pixel
        "libraries": {"torch": torch.__version__, "opencv": cv2.__version__, "numpy": np.__version__},
        # PyTorch's kernels add up in an order of their instruction set: the same seeds give the same
        # bytes only on a CPU of the same set (and with the same number of threads)
        "cpu": torch.backends.cpu.get_cpu_capability(),
    }
    pool = detector_pool(cfg, real, synth)
    seconds: dict[str, float] = {}
    earlier = 0.0  # seconds of the stages an earlier run did (--classifier-only)
    if only in ("classifier", "detector"):
        # the stages kept from the earlier build: their files, times and settings
        kept = ("miner", "detector") if only == "classifier" else ("miner", "classifier")
        needed: tuple[Path, ...] = (assets / DETECTOR, work / MINER) if only == "classifier" else (assets / CLASSIFIER,)
        needed += (assets / "models.json",)
        before = json.loads(needed[-1].read_text()) if all(p.exists() for p in needed) else {}
        if before.get("train", {}).get("seed") != cfg.seed:
            raise SystemExit(f"--{only}-only needs {', '.join(map(str, needed))} from a build with this seed")
        seconds = {k: v for k, v in before["seconds"].items() if k in kept}
        earlier = sum(seconds.values())
        mine = ("cls",) if only == "classifier" else ("det_",)
        manifest["train"] = {**before["train"], **{k: v for k, v in cfg.as_dict().items() if k.startswith(mine)}}
    else:
        miner = replace(cfg, det_steps=cfg.miner_steps, det_die_px=cfg.miner_die_px)
        train_detector(pool, miner, work / MINER, lambda line: log("miner: " + line))
        seconds["miner"] = time.time() - t_start
        if only == "miner":
            log(f"the miner alone: {work / MINER} in {seconds['miner']:.0f}s")
            return
    if only != "detector":
        t0 = time.time()
        classifier(cfg, dice_a, dice_c, synth + extra, work / MINER, assets / CLASSIFIER, log)
        seconds["classifier"] = time.time() - t0
    if side is not None:
        side.join()
        if side.exitcode:
            raise SystemExit(f"the detector that reads failed in its process (exit code {side.exitcode})")
        seconds["detector"] = side_seconds.get(timeout=60)
    elif only != "classifier":
        t0 = time.time()
        train_detector(pool, cfg, assets / DETECTOR, log)
        seconds["detector"] = time.time() - t0

    manifest["seconds"] = {k: round(v) for k, v in seconds.items()}
    (assets / "models.json").write_text(json.dumps(manifest, indent=1) + "\n")
    t0 = time.time()
    calibrate(assets, 2 if quick else CALIBRATION_RENDERS, log)
    seconds["calibration"] = time.time() - t0
    seconds["total"] = time.time() - t_start + earlier
    manifest = {**json.loads((assets / "models.json").read_text()), "seconds": {k: round(v) for k, v in seconds.items()}}
    (assets / "models.json").write_text(json.dumps(manifest, indent=1) + "\n")
    log("validating")
    from vision.training.validate import RENDERS, figures
    manifest["validation"] = {"renders_per_category": RENDERS, "read": dict(vars(READ)),
                              "min_confidence": MIN_CONFIDENCE, **figures(n=RENDERS, assets=assets, log=log)}
    (assets / "models.json").write_text(json.dumps(manifest, indent=1) + "\n")
    log(f"done in {time.time() - t_start:.0f}s")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--assets", type=Path, default=ASSETS, help="where the networks and models.json go")
    ap.add_argument("--work", type=Path, default=WORK, help="where the miner (not shipped) goes")
    ap.add_argument("--log", type=Path, default=None, help="also append the progress to this file")
    ap.add_argument("--parallel", action="store_true",
                    help="learn the detector that reads in a second process, beside the miner and the classifier "
                         "(two cores: the same files, 151 min rather than about 210)")
    ap.add_argument("--quick", action="store_true", help="a minute's build, to check the pipeline runs")
    stage = ap.add_mutually_exclusive_group()
    stage.add_argument("--classifier-only", action="store_true",
                       help="train the classifier alone, beside the detector and miner of an earlier build with this seed")
    stage.add_argument("--detector-only", action="store_true",
                       help="train the detector that reads alone, beside the classifier of an earlier build with this seed")
    stage.add_argument("--miner-only", action="store_true",
                       help="train the miner alone, into --work: what --classifier-only learns beside")
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a number or switch (true/false) of vision.config.TrainConfig changed for this build, recorded in its manifest "
                         "(repeatable; cls_seed=2: a second learning of the classifier's setting)")
    args = ap.parse_args()
    try:
        cfg = replace(TRAIN, **numbers(TRAIN, args.set))
    except ValueError as e:
        ap.error(str(e))
    if args.quick:
        cfg = replace(cfg, renders=RenderMix(*(2 for _ in vars(RenderMix()))),
                      cls_renders=ClassifierMix(*(2 for _ in vars(ClassifierMix()))), det_steps=20, miner_steps=20, cls_epochs=1,
                      checkpoint_every=10)
    only = "classifier" if args.classifier_only else "detector" if args.detector_only else "miner" if args.miner_only else ""
    build(cfg, args.assets, args.work, args.log, only, args.quick, args.parallel)


if __name__ == "__main__":
    main()
