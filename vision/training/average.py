"""Classifiers averaged weight for weight: each member of two or more runs that went on alike from the
same weights (train.py --init, other seeds or settings), exported to ONNX.

    PYTHONPATH=. /tmp/trainenv/bin/python -m vision.training.average /tmp/a /tmp/b [--assets DIR] [--save P]

Networks fine-tuned from one start stay close enough in weight space that their average is a
network of its own, with none of an ensemble's cost: it keeps what each run learnt and loses less
of what the start knew than either (for the shipped files: see train.py, step 7).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import torch

from vision.training import layout
from vision.training.models import CROP, Classifier
from vision.training.train import ASSETS, export


def averaged(states: list[dict[str, torch.Tensor]]) -> dict[str, torch.Tensor]:
    """The mean of each floating-point tensor (weights, BatchNorm statistics); the others (BatchNorm
    batch counts) from the first."""
    return {key: sum(s[key] for s in states) / len(states) if t.dtype.is_floating_point else t
            for key, t in states[0].items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("runs", nargs="+", help="prefixes of the runs' saved weights (train.py --save)")
    ap.add_argument("--members", type=int, default=3, help="classifiers in each run")
    ap.add_argument("--assets", type=Path, default=ASSETS, help="where the ONNX files go")
    ap.add_argument("--save", default=None, help="also save the averaged PyTorch weights under this prefix")
    args = ap.parse_args()
    if len(args.runs) < 2:
        ap.error("give two runs or more")
    for k in range(1, args.members + 1):
        net = Classifier()
        net.load_state_dict(averaged([torch.load(f"{run}.cls{k}.pt") for run in args.runs]))
        name = "dice_classifier.onnx" if k == 1 else f"dice_classifier_{k}.onnx"
        export(net.eval(), args.assets / name, (1, 3, CROP, CROP), {0: "n"})
        layout.write_tail(args.assets / name)
        if args.save:
            torch.save(net.state_dict(), f"{args.save}.cls{k}.pt")


if __name__ == "__main__":
    main()
