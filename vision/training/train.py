"""Train the die detector and the face classifier, and export both to ONNX in assets/.

Reproducible (fixed seeds) and CPU-only. Its dependencies (PyTorch, onnx) are not the app's; they
are listed in vision/training/requirements.txt for a separate virtual environment:

    python3 -m venv /tmp/trainenv && /tmp/trainenv/bin/pip install -r vision/training/requirements.txt
    PYTHONPATH=. /tmp/trainenv/bin/python -m vision.training.train      # from the repository root

Data: dice-a `train` (less every 7th photo, held out for tuning), dice-c `train`, and synthetic
renders made by vision.synth. Test splits are never read here.
"""

from __future__ import annotations

import argparse
import math
import time
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from vision.model import crop_die
from vision.training.data import Sample, background_patches, real_training, synthetic
from vision.training.models import CROP, Classifier, Detector

ASSETS = Path(__file__).resolve().parents[2] / "assets"
STRIDE = 4


def colour_jitter(img: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out: np.ndarray = img.astype(np.float32)
    if rng.random() < 0.6:
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    if rng.random() < 0.1:
        g = cv2.cvtColor(out.astype(np.uint8), cv2.COLOR_BGR2GRAY).astype(np.float32)
        out = np.repeat(g[..., None], 3, 2)
    if rng.random() < 0.2:
        out = 255 - out  # light dice on dark tables and the reverse
    out = out * rng.uniform(0.6, 1.3) + rng.uniform(-40, 40)
    out = out * rng.uniform(0.85, 1.15, 3)
    if rng.random() < 0.3:
        h, w = out.shape[:2]
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        gx, gy = rng.uniform(-1, 1, 2)
        out *= (1 + 0.5 * ((xx / w - 0.5) * gx + (yy / h - 0.5) * gy))[..., None]
    if rng.random() < 0.3:
        k = int(rng.choice([3, 5]))
        out = cv2.GaussianBlur(out, (k, k), 0)
    out += rng.normal(0, rng.uniform(0, 6), out.shape).astype(np.float32)
    return np.clip(out, 0, 255).astype(np.uint8)


def to_tensor(img: np.ndarray) -> np.ndarray:
    return (img.astype(np.float32).transpose(2, 0, 1) / 255.0)[None]


# ---------------------------------------------------------------- detector

def det_example(s: Sample, rng: np.random.Generator, size: int) -> tuple[np.ndarray, np.ndarray]:
    """A random size x size view of a sample and its target (7, size/4, size/4)."""
    sides = np.maximum(s.boxes[:, 2], s.boxes[:, 3]) if len(s.boxes) else np.array([40.0])
    med = float(np.median(sides))
    target_side = math.exp(rng.uniform(math.log(12), math.log(90)))
    scale = target_side / med
    ang = rng.choice([0, 90, 180, 270]) if rng.random() < 0.7 else rng.uniform(0, 360)
    h, w = s.image.shape[:2]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    if len(s.boxes) and rng.random() < 0.7:  # centre the view near some die
        i = int(rng.integers(len(s.boxes)))
        cx = s.boxes[i, 0] + s.boxes[i, 2] / 2 + rng.uniform(-1, 1) * size / scale / 3
        cy = s.boxes[i, 1] + s.boxes[i, 3] / 2 + rng.uniform(-1, 1) * size / scale / 3
    m = cv2.getRotationMatrix2D((float(cx), float(cy)), float(ang), scale)
    m[:, 2] += np.array([size / 2 - cx, size / 2 - cy])
    if rng.random() < 0.5:
        m[0] = -m[0]
        m[0, 2] += size
    border = cv2.BORDER_REPLICATE if rng.random() < 0.3 else cv2.BORDER_CONSTANT
    img = cv2.warpAffine(s.image, m, (size, size), flags=cv2.INTER_AREA if scale < 1 else cv2.INTER_LINEAR,
                         borderMode=border, borderValue=tuple(float(v) for v in rng.uniform(0, 255, 3)))
    img = colour_jitter(img, rng)
    out = size // STRIDE
    tgt = np.zeros((7, out, out), np.float32)  # heat, logw, logh, ox, oy, mask_centre, mask_size
    yy, xx = np.mgrid[0:out, 0:out].astype(np.float32)
    for (bx, by, bw, bh) in s.boxes:
        c = m @ np.array([bx + bw / 2, by + bh / 2, 1.0])
        # box size after the rotation: rotate the corners
        corners = np.array([[bx, by, 1], [bx + bw, by, 1], [bx, by + bh, 1], [bx + bw, by + bh, 1]], np.float64)
        pc = corners @ m.T
        if ang % 90 == 0:
            nw, nh = np.ptp(pc[:, 0]), np.ptp(pc[:, 1])
        else:  # a rotated box's bounding box is looser than the die: use the die's own side
            nw = nh = max(bw, bh) * scale
        gx, gy = c[0] / STRIDE, c[1] / STRIDE
        if not (0 <= gx < out and 0 <= gy < out):
            continue
        sig = 0.12 * max(nw, nh) / STRIDE + 0.5
        g = np.exp(-((xx - gx) ** 2 + (yy - gy) ** 2) / (2 * sig * sig))
        tgt[0] = np.maximum(tgt[0], g)
        ix, iy = int(gx), int(gy)
        tgt[1, iy, ix] = math.log(max(nw, 2) / STRIDE)
        tgt[2, iy, ix] = math.log(max(nh, 2) / STRIDE)
        tgt[3, iy, ix] = gx - ix
        tgt[4, iy, ix] = gy - iy
        tgt[5, iy, ix] = 1
        tgt[6, iy, ix] = 1 if s.has_size else 0
        tgt[0, iy, ix] = 1.0
    return to_tensor(img)[0], tgt


def det_loss(pred: torch.Tensor, tgt: torch.Tensor) -> torch.Tensor:
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
    loff = (F.l1_loss(pred[:, 3:5], tgt[:, 3:5], reduction="none") * pos[:, None]).sum() / npos
    return focal + lsize + loff


def train_detector(samples: list[Sample], steps: int, seed: int) -> Detector:
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    net = Detector()
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.1)
    batch, size = 16, 256
    t0 = time.time()
    net.train()
    for step in range(steps):
        xs, ts = zip(*(det_example(samples[int(rng.integers(len(samples)))], rng, size) for _ in range(batch)), strict=True)
        x = torch.from_numpy(np.stack(xs))
        t = torch.from_numpy(np.stack(ts))
        loss = det_loss(net(x), t)
        opt.zero_grad()
        loss.backward()
        opt.step()
        sched.step()
        if step % 50 == 0 or step == steps - 1:
            print(f"det step {step}/{steps} loss {loss.item():.3f} {time.time() - t0:.0f}s", flush=True)
    return net.eval()


# ---------------------------------------------------------------- classifier

def cls_examples(samples: list[Sample], rng: np.random.Generator, per_die: int, negatives: float) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for s in samples:
        h, w = s.image.shape[:2]
        for (bx, by, bw, bh), v in zip(s.boxes, s.values, strict=True):
            side = max(bw, bh)
            for _ in range(per_die):
                j = 0.12 * side
                cx = bx + bw / 2 + rng.uniform(-j, j)
                cy = by + bh / 2 + rng.uniform(-j, j)
                sd = side * rng.uniform(0.85, 1.2)
                img = crop_die(s.image, cx, cy, sd, angle=float(rng.uniform(0, 360)))
                xs.append(colour_jitter(img, rng))
                ys.append(int(v))
        n_neg = int(round(negatives * len(s.boxes) * per_die)) + (1 if rng.random() < negatives else 0)
        sides = np.maximum(s.boxes[:, 2], s.boxes[:, 3]) if len(s.boxes) else np.array([40.0])
        for _ in range(n_neg):
            side = float(rng.choice(sides)) * rng.uniform(0.7, 1.5)
            if len(s.boxes) and rng.random() < 0.5:  # half off a die, or between two
                i = int(rng.integers(len(s.boxes)))
                bx, by, bw, bh = s.boxes[i]
                a = rng.uniform(0, 2 * math.pi)
                r = rng.uniform(0.55, 0.9) * max(bw, bh)
                cx, cy = bx + bw / 2 + r * math.cos(a), by + bh / 2 + r * math.sin(a)
            else:
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
            if len(s.boxes):
                d = np.hypot(s.boxes[:, 0] + s.boxes[:, 2] / 2 - cx, s.boxes[:, 1] + s.boxes[:, 3] / 2 - cy)
                if np.min(d / np.maximum(s.boxes[:, 2], s.boxes[:, 3])) < 0.45:
                    continue
            img = crop_die(s.image, cx, cy, side, angle=float(rng.uniform(0, 360)))
            xs.append(colour_jitter(img, rng))
            ys.append(0)
    return np.stack(xs), np.array(ys, np.int64)


def train_classifier(x: np.ndarray, y: np.ndarray, epochs: int, seed: int) -> Classifier:
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = Classifier()
    xt = torch.from_numpy(x.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
    yt = torch.from_numpy(y)
    batch = 128
    steps = epochs * (len(x) // batch)
    opt = torch.optim.AdamW(net.parameters(), lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps, pct_start=0.1)
    t0 = time.time()
    net.train()
    step = 0
    for ep in range(epochs):
        perm = rng.permutation(len(x))
        correct = 0
        for i in range(len(x) // batch):
            idx = torch.from_numpy(perm[i * batch : (i + 1) * batch])
            xb, yb = xt[idx], yt[idx]
            if rng.random() < 0.5:
                xb = torch.flip(xb, [3])  # a mirrored face shows the same count
            out = net(xb)
            loss = F.cross_entropy(out, yb, label_smoothing=0.05)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            correct += int((out.argmax(1) == yb).sum())
        print(f"cls epoch {ep} acc {correct / ((len(x) // batch) * batch):.4f} loss {loss.item():.3f} {time.time() - t0:.0f}s", flush=True)
    return net.eval()


def export(net: torch.nn.Module, path: Path, shape: tuple[int, ...], dynamic: dict[int, str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.onnx.export(
        net, torch.zeros(*shape), str(path), input_names=["x"], output_names=["y"],
        dynamic_axes={"x": dynamic, "y": dynamic}, opset_version=13, dynamo=False,
    )
    print(f"wrote {path} ({path.stat().st_size / 1e3:.0f} kB)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--det-steps", type=int, default=1500)
    ap.add_argument("--cls-epochs", type=int, default=12)
    ap.add_argument("--synthetic", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=["det", "cls"], default=None)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    rng = np.random.default_rng(args.seed)
    real = real_training()
    patches = background_patches(real, 150, rng)
    t0 = time.time()
    synth = synthetic(args.synthetic, args.seed + 1, patches)
    print(f"{len(real)} real photos, {len(synth)} synthetic ({time.time() - t0:.0f}s)", flush=True)
    dice_a = [s for s in real if s.source.startswith("dice-a")]
    dice_c = [s for s in real if s.source.startswith("dice-c")]
    if args.only != "cls":
        # real photos weighted up against the synthetic ones
        pool = dice_a * 3 + dice_c + synth
        det = train_detector(pool, args.det_steps, args.seed)
        export(det, ASSETS / "dice_detector.onnx", (1, 3, 256, 256), {2: "h", 3: "w"})
    if args.only != "det":
        xa, ya = cls_examples(dice_a, rng, 6, 0.15)
        xc, yc = cls_examples(dice_c, rng, 2, 0.15)
        xs, ys = cls_examples(synth, rng, 1, 0.15)
        x = np.concatenate([xa, xc, xs])
        y = np.concatenate([ya, yc, ys])
        print(f"classifier examples: {len(x)} ({np.bincount(y, minlength=7).tolist()})", flush=True)
        cls = train_classifier(x, y, args.cls_epochs, args.seed)
        export(cls, ASSETS / "dice_classifier.onnx", (1, 3, CROP, CROP), {0: "n"})


if __name__ == "__main__":
    main()
