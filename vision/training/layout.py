"""The shipped ONNX files laid out for cv2.dnn's speed, computing what the networks as trained compute.

- The detector's first layer takes its input taken apart into twelve channels
  (vision.model.space_to_depth): a 3 x 3 convolution at stride 2 on three channels computes the same
  as a 2 x 2 convolution at stride 1 on the twelve, padded by one row and column before, not after,
  which cv2.dnn runs in less time (its three-channel layer is slow for its arithmetic).
- Each classifier's layers after its first pooling are also saved apart (NAME.tail.onnx): the
  reader runs the layers before it, whose 3 x 3 convolutions take most of the time, by cv2.dnn's
  classic engine (Winograd), and the tail by its new engine, faster for the rest (vision.model.Classifier).

train.py and average.py write their files so; onnx_weights reads them back into the PyTorch
networks, whose first layers stay as trained.

    PYTHONPATH=. /tmp/trainenv/bin/python -m vision.training.layout [--assets DIR]

lays out the files of a folder so: a detector with a three-channel input is rewritten in place,
and each classifier's tail written (again).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from vision.model import TAIL, tail_path

if TYPE_CHECKING:
    import onnx  # training only (the uv group `train`): imported where a file is written

# the 3 x 3 kernel's row (or column) a -> the 2 x 2 kernel's row and the input's row parity p:
# output row i reads input rows 2i - 1, 2i, 2i + 1, which are rows i - 1 (odd), i (even), i (odd)
# of the channels taken apart
_TAP = {0: (0, 1), 1: (1, 0), 2: (1, 1)}


def to_twelve(w: np.ndarray) -> np.ndarray:
    """A (out, 3, 3, 3) kernel at stride 2 as the (out, 12, 2, 2) kernel on the channels taken apart."""
    out = np.zeros((w.shape[0], 4 * w.shape[1], 2, 2), np.float32)
    for c in range(w.shape[1]):
        for a, (da, p) in _TAP.items():
            for b, (db, q) in _TAP.items():
                out[:, 4 * c + 2 * p + q, da, db] = w[:, c, a, b]
    return out


def to_three(w: np.ndarray) -> np.ndarray:
    """The inverse of to_twelve."""
    out = np.zeros((w.shape[0], w.shape[1] // 4, 3, 3), np.float32)
    for c in range(out.shape[1]):
        for a, (da, p) in _TAP.items():
            for b, (db, q) in _TAP.items():
                out[:, c, a, b] = w[:, 4 * c + 2 * p + q, da, db]
    return out


def first_conv(graph: onnx.GraphProto) -> onnx.NodeProto:
    """The convolution reading the graph's input."""
    return next(n for n in graph.node if n.op_type == "Conv" and n.input[0] == graph.input[0].name)


def twelve_channels(path: Path) -> None:
    """The detector file at `path`, exported with a three-channel input, made to take twelve."""
    import onnx
    from onnx import helper, numpy_helper

    model = onnx.load(str(path))
    graph = model.graph
    node = first_conv(graph)
    attrs = {a.name: helper.get_attribute_value(a) for a in node.attribute}
    if list(attrs.get("kernel_shape", [])) != [3, 3] or list(attrs.get("strides", [])) != [2, 2] \
            or list(attrs.get("pads", [])) != [1, 1, 1, 1]:
        raise ValueError(f"{path}: its first layer is not a 3 x 3 convolution at stride 2 ({attrs})")
    init = next(i for i in graph.initializer if i.name == node.input[1])
    init.CopyFrom(numpy_helper.from_array(to_twelve(numpy_helper.to_array(init)), init.name))
    del node.attribute[:]
    node.attribute.extend([
        helper.make_attribute("dilations", [1, 1]), helper.make_attribute("group", 1),
        helper.make_attribute("kernel_shape", [2, 2]), helper.make_attribute("pads", [1, 1, 0, 0]),
        helper.make_attribute("strides", [1, 1]),
    ])
    graph.input[0].type.tensor_type.shape.dim[1].dim_value = 12
    for d in (2, 3):  # the input's height and width are halved, still any
        graph.input[0].type.tensor_type.shape.dim[d].dim_param = "h2" if d == 2 else "w2"
    onnx.checker.check_model(model)
    onnx.save(model, str(path))


def write_tail(path: Path) -> Path:
    """The layers of the classifier file at `path` after its first pooling, saved apart (tail_path)."""
    import onnx.utils

    graph = onnx.load(str(path)).graph
    cut = next(n.output[0] for n in graph.node if n.op_type == "MaxPool")
    out = tail_path(path)
    onnx.utils.extract_model(str(path), str(out), [cut], [graph.output[0].name])
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--assets", type=Path, default=Path(__file__).resolve().parents[2] / "assets")
    args = ap.parse_args()
    import onnx

    det = args.assets / "dice_detector.onnx"
    if onnx.load(str(det)).graph.input[0].type.tensor_type.shape.dim[1].dim_value == 3:
        twelve_channels(det)
        print(f"{det}: input taken apart into twelve channels")
    for path in sorted(args.assets.glob("*classifier*.onnx")):
        if not path.name.endswith(TAIL):
            print(f"{path.name} -> {write_tail(path).name}")


if __name__ == "__main__":
    main()
