"""PyTorch weights from the shipped ONNX files, so that training can go on from them (--init).

    PYTHONPATH=. /tmp/trainenv/bin/python -m vision.training.onnx_weights --save /tmp/shipped
    PYTHONPATH=. /tmp/trainenv/bin/python -m vision.training.train --init /tmp/shipped ...

The export folds each BatchNorm into the convolution before it, so a BatchNorm is rebuilt around
the folded weights: its statistics are those of the convolution's output on real training examples
and its scale and shift undo them. In eval mode the network computes what the ONNX file computes
(checked here against OpenCV's reading of the file); in train mode, normalising by a batch's own
statistics, it starts close to it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import cv2
import numpy as np
import onnx
import torch
from onnx import numpy_helper
from torch import nn

from vision.model import classifier_files, taken_apart
from vision.training import layout
from vision.training.data import real_training
from vision.training.models import Classifier, Detector
from vision.training.train import ASSETS, cls_examples, det_example


def _conv_order(net: nn.Module, x: torch.Tensor) -> list[nn.Conv2d]:
    """The convolutions in the order the forward pass runs them (the ONNX graph's order)."""
    order: list[nn.Conv2d] = []
    hooks = [m.register_forward_hook(lambda m, _i, _o: order.append(m)) for m in net.modules() if isinstance(m, nn.Conv2d)]
    net.eval()
    with torch.no_grad():
        net(x)
    for h in hooks:
        h.remove()
    return order


def _norm_after(net: nn.Module) -> dict[nn.Module, nn.BatchNorm2d]:
    out: dict[nn.Module, nn.BatchNorm2d] = {}
    for seq in net.modules():
        if isinstance(seq, nn.Sequential):
            children = list(seq.children())
            for a, b in zip(children, children[1:], strict=False):
                if isinstance(a, nn.Conv2d) and isinstance(b, nn.BatchNorm2d):
                    out[a] = b
    return out


def load(net: nn.Module, path: Path, examples: torch.Tensor) -> float:
    """Fill `net` from the ONNX file at `path`; `examples` set the BatchNorm statistics. Returns
    the largest difference from OpenCV's output of the file on the first examples."""
    graph = onnx.load(str(path)).graph
    init = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    convs = [n for n in graph.node if n.op_type == "Conv"]
    order = _conv_order(net, examples[:2])
    if len(order) != len(convs):
        raise ValueError(f"{path}: {len(convs)} convolutions, the network has {len(order)}")
    norms = _norm_after(net)
    folded: dict[nn.Module, np.ndarray] = {}
    twelve = graph.input[0].type.tensor_type.shape.dim[1].dim_value == 12  # a detector (vision.training.layout)
    with torch.no_grad():
        for conv, node in zip(order, convs, strict=True):
            w, b = init[node.input[1]], init[node.input[2]]
            if twelve and node is convs[0]:
                w = layout.to_three(w)
            if tuple(conv.weight.shape) != w.shape:
                raise ValueError(f"{path}: {node.name} is {w.shape}, the network's {tuple(conv.weight.shape)}")
            conv.weight.copy_(torch.from_numpy(w.copy()))
            if conv in norms:
                folded[conv] = b
            else:
                assert conv.bias is not None
                conv.bias.copy_(torch.from_numpy(b.copy()))
        for node in graph.node:
            if node.op_type == "Gemm":
                lin = next(m for m in net.modules() if isinstance(m, nn.Linear))
                lin.weight.copy_(torch.from_numpy(init[node.input[1]].copy()))
                lin.bias.copy_(torch.from_numpy(init[node.input[2]].copy()))
        for conv, b in folded.items():  # identity first: the outputs below are the file's
            bn = norms[conv]
            bn.weight.fill_(1.0)
            bn.bias.copy_(torch.from_numpy(b.copy()))
            bn.running_mean.zero_()
            bn.running_var.fill_(1.0 - bn.eps)
    raw: dict[nn.Module, torch.Tensor] = {}
    hooks = [conv.register_forward_hook(lambda m, _i, o: raw.setdefault(m, o.detach())) for conv in folded]
    net.eval()
    with torch.no_grad():
        net(examples)
    for h in hooks:
        h.remove()
    with torch.no_grad():
        for conv, b in folded.items():
            z = raw[conv]
            mean, var = z.mean((0, 2, 3)), z.var((0, 2, 3), unbiased=False)
            bn = norms[conv]
            bn.running_mean.copy_(mean)
            bn.running_var.copy_(var)
            bn.weight.copy_(torch.sqrt(var + bn.eps))
            bn.bias.copy_(mean + torch.from_numpy(b.copy()))
        probe = examples[:8]
        ours = net(probe).numpy()
    reader = cv2.dnn.readNetFromONNX(str(path))
    reader.setInput(taken_apart(probe.numpy()) if twelve else probe.numpy())
    return float(np.abs(reader.forward() - ours).max())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--assets", type=Path, default=ASSETS, help="where the ONNX files are")
    ap.add_argument("--save", required=True, help="prefix of the weights written (PREFIX.det.pt, PREFIX.cls1.pt, ...)")
    args = ap.parse_args()
    torch.manual_seed(0)
    rng = np.random.default_rng(0)
    dice_a = [s for s in real_training() if s.source.startswith("dice-a")]
    crops = cls_examples(dice_a[:60], rng, 2, 0.15)[0]
    crop_batch = torch.from_numpy(crops.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
    views = torch.from_numpy(np.stack([det_example(dice_a[int(rng.integers(len(dice_a)))], rng, 256, True)[0]
                                       for _ in range(48)]))
    files = classifier_files(args.assets, "dice_classifier")
    for k, path in enumerate(files):
        net = Classifier()
        diff = load(net, path, crop_batch)
        torch.save(net.state_dict(), f"{args.save}.cls{k + 1}.pt")
        print(f"{path.name} -> {args.save}.cls{k + 1}.pt (largest difference from the file: {diff:.1e})")
    det = Detector()
    diff = load(det, args.assets / "dice_detector.onnx", views)
    torch.save(det.state_dict(), f"{args.save}.det.pt")
    print(f"dice_detector.onnx -> {args.save}.det.pt (largest difference from the file: {diff:.1e})")


if __name__ == "__main__":
    main()
