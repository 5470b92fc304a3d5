"""The two small networks (PyTorch, training only; the app runs their ONNX export through OpenCV).

- Detector: a fully convolutional centre-net at stride 4: a heat map of die centres, the box size
  (log of width and height in output cells) and the sub-cell offset of the centre.
- Classifier: a 40 x 40 crop around one die -> 7 class scores (0: not a die, 1..6: the top face)
  and the die's box relative to the crop (centre offset, log width and height).
"""

from __future__ import annotations

import torch
from torch import nn

# the least spread a crop is stretched by: a table's sensor noise (about 0.02) is not raised to pips
CONTRAST_FLOOR = 0.05


def _cbr(cin: int, cout: int, k: int = 3, s: int = 1, groups: int = 1, d: int = 1) -> nn.Sequential:
    return nn.Sequential(
        nn.Conv2d(cin, cout, k, s, padding=d * (k // 2), groups=groups, dilation=d, bias=False),
        nn.BatchNorm2d(cout),
        nn.ReLU(inplace=True),
    )


def _sep(cin: int, cout: int, s: int = 1, d: int = 1) -> nn.Sequential:
    return nn.Sequential(_cbr(cin, cin, 3, s, groups=cin, d=d), _cbr(cin, cout, 1))


class Detector(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.c1 = _cbr(3, 16, 3, 2)  # /2
        self.c2 = nn.Sequential(_sep(16, 32, 2), _sep(32, 32))  # /4
        self.c3 = nn.Sequential(_sep(32, 48, 2), _sep(48, 48))  # /8
        self.c4 = nn.Sequential(_sep(48, 96, 2), _sep(96, 96, d=2), _sep(96, 96))  # /16
        self.c5 = nn.Sequential(_sep(96, 128, 2), _sep(128, 128, d=2))  # /32
        self.up5 = _cbr(128, 96, 1)
        self.up4 = _cbr(96, 48, 1)
        self.up3 = _cbr(48, 32, 1)
        self.fuse4 = _sep(96, 96)
        self.fuse3 = _sep(48, 48)
        self.fuse2 = _sep(32, 32)
        self.up = nn.Upsample(scale_factor=2, mode="nearest")
        self.head = nn.Conv2d(32, 5, 1)
        nn.init.constant_(self.head.bias, 0.0)
        with torch.no_grad():
            self.head.bias[0] = -4.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        f2 = self.c2(self.c1(x))
        f3 = self.c3(f2)
        f4 = self.c4(f3)
        f5 = self.c5(f4)
        y = self.fuse4(f4 + self.up(self.up5(f5)))
        y = self.fuse3(f3 + self.up(self.up4(y)))
        y = self.fuse2(f2 + self.up(self.up3(y)))
        out = self.head(y)
        heat = torch.sigmoid(out[:, :1])
        return torch.cat([heat, out[:, 1:]], 1)


class Classifier(nn.Module):
    """With `contrast`, the crop is read twice over: as it is and stretched to its own mean and
    spread (TrainConfig.cls_contrast), so that pips hardly lighter than a dark die stand out."""

    def __init__(self, widths: tuple[int, int, int, int, int], contrast: bool = False) -> None:
        super().__init__()
        a, b, c, d, e = widths
        self.contrast = contrast
        self.body = nn.Sequential(
            _cbr(6 if contrast else 3, 16),
            _cbr(16, 24),  # two full-resolution layers: pips are only a few pixels wide
            nn.MaxPool2d(2),  # 20
            _sep(24, a),
            _sep(a, b),
            nn.MaxPool2d(2),  # 10
            _sep(b, c),
            _sep(c, d),
            nn.MaxPool2d(2),  # 5
            _sep(d, e),
            nn.AdaptiveAvgPool2d(1),
            nn.Flatten(),
            nn.Dropout(0.1),
            nn.Linear(e, 11),
        )

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.contrast:
            centred = x - x.mean((1, 2, 3), keepdim=True)
            spread = centred.pow(2).mean((1, 2, 3), keepdim=True).sqrt()
            x = torch.cat([x, centred / (spread + CONTRAST_FLOOR)], 1)
        return self.body(x)
