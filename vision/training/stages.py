"""What the build's stages share: the renders they learn from, the log, and the detector that reads
as a stage of its own (it needs neither the miner nor the classifier, so it can learn on another core)."""

from __future__ import annotations

import time
from multiprocessing.queues import Queue
from pathlib import Path

import cv2
import torch

from vision.config import ClassifierMix, RenderMix, TrainConfig
from vision.training.data import Sample, real_training
from vision.training.fit import Log, train_detector
from vision.training.scenes import scenes


def renders(mix: RenderMix | ClassifierMix, seed: int, first: int = 0) -> list[Sample]:
    out: list[Sample] = []
    for k, (kind, n) in enumerate(vars(mix).items()):
        out += scenes(kind, n, seed * 1000 + first + k)
    return out


def logger(t_start: float, log_path: Path | None) -> Log:
    """Print a line stamped with the seconds since `t_start`, and append it to `log_path`."""
    def log(line: str) -> None:
        stamp = f"[{time.time() - t_start:6.0f}s] {line}"
        print(stamp, flush=True)
        if log_path is not None:
            with open(log_path, "a") as fh:
                fh.write(stamp + "\n")
    return log


def by_set(real: list[Sample]) -> tuple[list[Sample], list[Sample]]:
    """The real training photos of dice-a and of dice-c."""
    return ([s for s in real if s.source.startswith("dice-a")], [s for s in real if s.source.startswith("dice-c")])


def detector_pool(cfg: TrainConfig, real: list[Sample], synth: list[Sample]) -> list[Sample]:
    """What the detectors learn from: dice-a (repeated: real photos over renders), dice-c, the renders."""
    dice_a, dice_c = by_set(real)
    return dice_a * cfg.real_weight + dice_c + synth


def reading_detector(cfg: TrainConfig, path: Path, log_path: Path | None, t_start: float,
                     seconds: Queue[float]) -> None:
    """The detector that reads, in a process of its own: the same pool and seeds, so the same file."""
    torch.set_num_threads(cfg.threads)
    cv2.setNumThreads(1)
    pool = detector_pool(cfg, real_training(), renders(cfg.renders, cfg.seed))
    t0 = time.time()
    train_detector(pool, cfg, path, logger(t_start, log_path))
    seconds.put(time.time() - t0)
