"""Training loops of the two networks, each exporting its ONNX file at checkpoints.

The detector learns on random views of the photos and renders, scaled so that dice appear
`det_die_px` wide; the classifier on 40 x 40 crops around dice (its face) and around what is not a
die (table, distractors, part of a die). Both use one-cycle AdamW from fixed seeds.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from vision.compact import CROP, STRIDE, crop_die, detect
from vision.config import READ, TrainConfig
from vision.training.crops import Examples, Reader, colour_jitter
from vision.training.data import Sample
from vision.training.models import Classifier, Detector

Log = Callable[[str], None]


def to_tensor(img: np.ndarray) -> np.ndarray:
    """A BGR image as the networks take it: (1, 3, h, w), levels 0-1."""
    return (img.astype(np.float32).transpose(2, 0, 1) / 255.0)[None]


def det_view(s: Sample, rng: np.random.Generator, cfg: TrainConfig) -> tuple[np.ndarray, np.ndarray]:
    """A random det_crop x det_crop view of `s` (turned, mirrored, scaled so that its dice appear
    within det_die_px) and its centre-net target (8, size / 4, size / 4)."""
    size = cfg.det_crop
    sides = np.maximum(s.boxes[:, 2], s.boxes[:, 3]) if len(s.boxes) else np.array([40.0])
    lo, hi = cfg.det_die_px
    scale = math.exp(rng.uniform(math.log(lo), math.log(hi))) / float(np.median(sides))
    ang = float(rng.choice([0, 90, 180, 270])) if rng.random() < 0.7 else float(rng.uniform(0, 360))
    h, w = s.image.shape[:2]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    if len(s.boxes) and rng.random() < 0.7:  # most views near some die
        i = int(rng.integers(len(s.boxes)))
        cx = s.boxes[i, 0] + s.boxes[i, 2] / 2 + rng.uniform(-1, 1) * size / scale / 3
        cy = s.boxes[i, 1] + s.boxes[i, 3] / 2 + rng.uniform(-1, 1) * size / scale / 3
    elif s.clutter is not None and len(s.clutter) and rng.random() < 0.6:  # or near a distractor
        x, y, bw, bh = s.clutter[int(rng.integers(len(s.clutter)))]
        cx, cy = x + bw / 2, y + bh / 2
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), ang, scale)
    m[:, 2] += np.array([size / 2 - cx, size / 2 - cy])
    if rng.random() < 0.5:
        m[0] = -m[0]
        m[0, 2] += size
    src = s.image
    if scale < 0.5:  # warpAffine does not average over large areas: blur first
        k = int(1 / scale) | 1
        src = cv2.GaussianBlur(src, (k, k), 0)
    img = cv2.warpAffine(src, m, (size, size), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    img = colour_jitter(img, rng, faults=cfg.camera_faults)
    out = size // STRIDE
    tgt = np.zeros((8, out, out), np.float32)  # heat, log w, log h, offset x, y, centre, size weight, offset weight
    yy, xx = np.mgrid[0:out, 0:out].astype(np.float32)
    for bx, by, bw, bh in s.boxes:
        c = m @ np.array([bx + bw / 2, by + bh / 2, 1.0])
        if ang % 90 == 0:
            corners = np.array([[bx, by, 1], [bx + bw, by, 1], [bx, by + bh, 1], [bx + bw, by + bh, 1]])
            pc = corners @ m.T
            nw, nh = float(np.ptp(pc[:, 0])), float(np.ptp(pc[:, 1]))
        else:  # a turned box's bounding box is looser than the die: the die's own side
            nw = nh = float(max(bw, bh) * scale)
        gx, gy = c[0] / STRIDE, c[1] / STRIDE
        if not (0 <= gx < out and 0 <= gy < out):
            continue
        sig = 0.12 * max(nw, nh) / STRIDE + 0.5
        tgt[0] = np.maximum(tgt[0], np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sig * sig)))
        ix, iy = int(gx), int(gy)
        for jy in range(max(0, iy - 1), min(out, iy + 2)):  # the 3 x 3 cells around: a peak may be a cell off
            for jx in range(max(0, ix - 1), min(out, ix + 2)):
                centre = jx == ix and jy == iy
                if not centre and tgt[7, jy, jx] > 0:
                    continue
                tgt[1:5, jy, jx] = (math.log(max(nw, 2) / STRIDE), math.log(max(nh, 2) / STRIDE), gx - jx, gy - jy)
                tgt[6, jy, jx] = (1.0 if centre else 0.5) if s.has_size else 0.0
                tgt[7, jy, jx] = 1.0 if centre else 0.5
        tgt[5, iy, ix] = 1
        tgt[0, iy, ix] = 1.0
    return to_tensor(img)[0], tgt


def det_loss(pred: torch.Tensor, tgt: torch.Tensor) -> torch.Tensor:
    """The centre-net's loss: focal loss on the heat map, L1 on the box size and the centre's offset."""
    heat = pred[:, 0].clamp(1e-4, 1 - 1e-4)
    gt = tgt[:, 0]
    pos = tgt[:, 5]
    neg_w = (1 - gt) ** 4
    lpos = -(torch.log(heat) * (1 - heat) ** 2 * pos).sum()
    lneg = -(torch.log(1 - heat) * heat**2 * neg_w * (1 - pos)).sum()
    npos = pos.sum().clamp(min=1)
    focal = (lpos + lneg) / npos
    ms = tgt[:, 6:7]
    lsize = (F.l1_loss(pred[:, 1:3], tgt[:, 1:3], reduction="none") * ms).sum() / ms.sum().clamp(min=1)
    mo = tgt[:, 7:8]
    loff = (F.l1_loss(pred[:, 3:5], tgt[:, 3:5], reduction="none") * mo).sum() / mo.sum().clamp(min=1)
    return focal + lsize + loff


def export(net: torch.nn.Module, path: Path, shape: tuple[int, ...], dynamic: dict[int, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    net.eval()
    torch.onnx.export(net, (torch.zeros(*shape),), str(tmp), input_names=["x"], output_names=["y"],
                      dynamic_axes={"x": dynamic, "y": dynamic}, opset_version=13, dynamo=False)
    tmp.replace(path)  # a reader never sees half a file


def train_detector(pool: list[Sample], cfg: TrainConfig, path: Path, log: Log) -> Detector:
    rng = np.random.default_rng(cfg.seed)
    torch.manual_seed(cfg.seed)
    net = Detector()
    opt = torch.optim.AdamW(net.parameters(), lr=cfg.det_lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg.det_lr, total_steps=cfg.det_steps, pct_start=0.1)
    t0 = time.time()
    for step in range(cfg.det_steps):
        net.train()
        views = [det_view(pool[int(rng.integers(len(pool)))], rng, cfg) for _ in range(cfg.det_batch)]
        x = torch.from_numpy(np.stack([v[0] for v in views]))
        t = torch.from_numpy(np.stack([v[1] for v in views]))
        loss = det_loss(net(x), t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0:
            log(f"detector step {step}/{cfg.det_steps} loss {loss.item():.3f} {time.time() - t0:.0f}s")
        if (step + 1) % cfg.checkpoint_every == 0 or step == cfg.det_steps - 1:
            export(net, path, (1, 3, cfg.det_crop, cfg.det_crop), {2: "h", 3: "w"})
            log(f"detector checkpoint at step {step + 1}: {path}")
    return net.eval()


def reader(net: Classifier) -> Reader:
    """The classifier as it stands, reading crops (one view each)."""

    def read(crops: np.ndarray) -> np.ndarray:
        net.eval()
        with torch.no_grad():
            out = net(torch.from_numpy(crops.astype(np.float32).transpose(0, 3, 1, 2) / 255.0))
        return torch.softmax(out[:, :7], 1).numpy()

    return read


def train_classifier(make: Callable[[Reader | None], Examples], cfg: TrainConfig, path: Path, log: Log) -> Classifier:
    """`make` cuts the crops (n, 40, 40, 3), classes (n,) and box targets (n, 5), anew every
    cls_refresh epochs, given the classifier learnt so far (None at first); the network is
    exported after each epoch."""
    torch.manual_seed(cfg.seed + cfg.cls_seed)
    rng = np.random.default_rng(cfg.seed + cfg.cls_seed)
    net = Classifier(cfg.cls_widths, cfg.cls_contrast)
    x, y, b = make(None)
    log(f"classifier crops: {len(x)} by class {np.bincount(y, minlength=7).tolist()}")
    steps = cfg.cls_epochs * (len(x) // cfg.cls_batch)
    opt = torch.optim.AdamW(net.parameters(), lr=cfg.cls_lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=cfg.cls_lr, total_steps=steps, pct_start=0.1)
    t0 = time.time()
    step = 0
    for ep in range(cfg.cls_epochs):
        if ep and ep % cfg.cls_refresh == 0:
            x, y, b = make(reader(net))
        net.train()
        xt = torch.from_numpy(x.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
        yt, bt = torch.from_numpy(y), torch.from_numpy(b)
        perm = rng.permutation(len(x))
        correct = 0
        batches = min(len(x) // cfg.cls_batch, steps - step)
        for i in range(batches):
            idx = torch.from_numpy(perm[i * cfg.cls_batch:(i + 1) * cfg.cls_batch])
            xb, yb, bb = xt[idx], yt[idx], bt[idx].clone()
            if rng.random() < 0.5:  # a mirrored face shows the same count
                xb = torch.flip(xb, [3])
                bb[:, 0] = -bb[:, 0]
            out = net(xb)
            wt = bb[:, 4:5]
            lbox = (F.l1_loss(out[:, 7:11], bb[:, :4], reduction="none") * wt).sum() / wt.sum().clamp(min=1)
            loss = F.cross_entropy(out[:, :7], yb, label_smoothing=cfg.label_smoothing) + cfg.box_weight * lbox
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            correct += int((out[:, :7].argmax(1) == yb).sum())
        log(f"classifier epoch {ep + 1}/{cfg.cls_epochs} accuracy {correct / max(1, batches * cfg.cls_batch):.4f} "
            f"loss {loss.item():.3f} {time.time() - t0:.0f}s")
        export(net, path, (1, 3, CROP, CROP), {0: "n"})
    return net.eval()


def object_negatives(samples: list[Sample], rng: np.random.Generator, faults: float, parts: float) -> Examples:
    """Crops labelled not a die that the crops around dice lack: each distractor whole, at its own
    size (the detector proposes cups, cards and tiles whole), and a close view of part of each die
    (a pip or two: in a close-up, the detector proposes pips)."""
    xs, bs = [], []
    for s in samples:
        for x, y, w, h in s.clutter.tolist() if s.clutter is not None else ():
            side = max(w, h) * rng.uniform(0.6, 1.2)
            cx, cy = x + w / 2 + rng.uniform(-0.15, 0.15) * w, y + h / 2 + rng.uniform(-0.15, 0.15) * h
            xs.append(colour_jitter(crop_die(s.image, cx, cy, side, angle=float(rng.uniform(0, 360))), rng, faults=faults))
        for bx, by, bw, bh in s.boxes.tolist():
            if rng.random() < parts:
                side = max(bw, bh)
                cx, cy = bx + bw / 2 + rng.uniform(-0.3, 0.3) * side, by + bh / 2 + rng.uniform(-0.3, 0.3) * side
                part = crop_die(s.image, cx, cy, side * rng.uniform(0.15, 0.4), angle=float(rng.uniform(0, 360)))
                xs.append(colour_jitter(part, rng, faults=faults))
    for _ in xs:
        bs.append((0.0, 0.0, 0.0, 0.0, 0.0))
    crops = np.stack(xs) if xs else np.zeros((0, CROP, CROP, 3), np.uint8)
    return crops, np.zeros(len(xs), np.int64), np.array(bs, np.float32).reshape(-1, 5)


def mined_negatives(samples: list[Sample], detector: Path, rng: np.random.Generator, cfg: TrainConfig) -> Examples:
    """Hard negatives: what the detector just trained proposes on the training photos away from
    every die (a tray's screw caps, printed tokens, a die's pips in a close-up), cut as the reader
    cuts its crops, labelled not a die."""
    net = cv2.dnn.readNetFromONNX(str(detector))
    xs = []
    for s in samples:
        long = max(s.image.shape[:2])
        centres = s.boxes[:, :2] + s.boxes[:, 2:] / 2
        sides = np.maximum(s.boxes[:, 2], s.boxes[:, 3])
        clearance = cfg.mined_clearance[0 if s.has_size else 1]
        for cx, cy, bw, bh, _score in detect(net, s.image, min(READ.detector_long_side, long * 2)):
            if len(sides) and np.min(np.hypot(*(centres - (cx, cy)).T) / sides) < clearance:
                continue
            side = max(bw, bh) * rng.uniform(0.9, 1.15)
            for k in range(cfg.mined_views):
                angle = float(rng.uniform(0, 360)) if k else 0.0
                xs.append(colour_jitter(crop_die(s.image, cx, cy, side, angle=angle), rng, faults=cfg.camera_faults))
    crops = np.stack(xs) if xs else np.zeros((0, CROP, CROP, 3), np.uint8)
    return crops, np.zeros(len(xs), np.int64), np.zeros((len(xs), 5), np.float32)
