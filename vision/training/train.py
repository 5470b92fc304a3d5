"""Train the die detector and the face classifiers, and export them to ONNX in assets/.

Reproducible (fixed seeds) and CPU-only. Its dependencies (PyTorch, onnx) are not the app's; they
are the uv dependency group `train`:

    uv run --group train python -m vision.training.train      # from the repository root

The detector learns 5000 steps; each classifier (--cls-widths, one per width, from seeds --seed,
--seed + 1, ...) 60 epochs, its examples cut anew from the photos every 5 (--cls-refresh): about
90 minutes on two CPU cores. The shipped files come from these runs (W, W2, W3 prefixes of saved
weights):

1. --no-widened --no-upright --max-pitch 50 --save W: all three networks from scratch;
2. --init W --only det --det-steps 1500 --max-pitch 50 --save W2 (about 7 minutes): the detector
   goes on from its weights with the widened dice-a photos added;
3. --init W --only cls --no-widened --cls-epochs 15 --max-pitch 50 --save W2 (about 20 minutes):
   the classifiers go on from theirs with the dice of renders seen at an angle kept upright
   (--upright, the default), so that they read the upper face of a die in a photo taken at an
   angle, as the reader's views keep the photo's up direction (vision.model.VIEW_TURNS);
4. --init W2 --only det --det-steps 1500 --save W3 and --init W2 --only cls --no-widened
   --cls-epochs 15 --save W3 (about 30 minutes; the two can run side by side with --threads 1):
   both go on with renders seen from up to 60 degrees off overhead (--max-pitch, default 60);
5. --init W3 --only cls --member 3 --init-member 1 --cls-widths 1,1,1 --no-widened --cls-epochs 15
   --faults 0.1 --save W4 (about 12 minutes): a third classifier, started from the first's weights,
   goes on with its own renders (seed --seed + 2) and camera faults in one view in ten
   (vision.training.faults: blur, shake, noise, JPEG); it reads blurred, shaken and dim photos
   better, and the three share the reader's views;
6. --init S --only det --det-steps 1500 --touching 0.3 --save W5 (about 10 minutes), S the weights
   of the files of step 5 (vision.training.onnx_weights --save S): the detector goes on with
   three in ten render dice placed against another, as thrown dice come to rest (before,
   renders kept dice about two sides apart, and a die touching another was often boxed with it
   and lost);
7. from S6, the weights of the files of step 6: --init S6 --only cls --member K --cls-widths 1,1,1
   --no-widened --cls-epochs 8 --chinese 0.3 --seed 10 --save C (K = 1, 2, 3, side by side with
   --threads 1, about 12 minutes; --faults 0.1 for member 3, as in step 5) and again with
   --chinese 0.4 --cls-lr 5e-4 --seed 0 --save D; the shipped classifiers are the two runs
   averaged weight for weight (vision.training.average C D). Three in ten of the renders' dice
   (four in the second run) are of the Chinese kind, their one a large red pip, which the
   classifiers before took for a close view of one pip (not a die): renders with half their dice
   so (validate --chinese 100) 0.950 -> 0.971. The first run alone read them better (0.975) but
   the held-out photos worse (0.974: two smoky dice misread), the second 0.966 and 0.982, a die
   missed; the average keeps
   the held-out and widened photos as a whole (12 errors on their 384 dice, as before) and reads
   photos out of focus, shaken, grainy and compressed better (0.908 -> 0.919, 0.858 -> 0.884,
   0.930 -> 0.967, 0.942 -> 0.945).
8. from S7, the weights of the files of step 7: --init S7 --only cls --member K --cls-widths 1,1,1
   --no-widened --cls-epochs 8 --min-pitch 25 --chinese 0.3 --seed 50 --name steep_classifier
   (K = 1, 2, 3 side by side with --threads 1, about 15 minutes; --faults 0.1 for member 3): a
   second set of classifiers, gone on with renders seen from 25-60 degrees off overhead only. Alone
   it reads steep photos better and photos from overhead worse (below); the reader asks it only
   where the first set reads a photo's dice doubtfully, and takes its reads where it is surer
   (vision.reader._read_again): renders from 45-60 degrees 0.838 -> 0.859, 30-45 degrees 0.979 ->
   0.983, glossy dice 0.949 -> 0.951, photos out of focus 0.933 -> 0.939 and shaken 0.889 -> 0.895,
   the held-out photos, the photos learnt from and the other renders as before.
9. from S7 as in 8, with --faults 0.3 --chinese 0.3 --seed 80 --name faults_classifier (all three
   members with camera faults in three training views in ten): a third set, asked where the dice
   still read under 0.8 on average, its reads taken where surer (vision.model.OTHER_SETS):
   shaken photos 0.895 -> 0.927, out of focus 0.939 -> 0.947, grey light 0.948 -> 0.945, the
   held-out photos, renders and the photos learnt from as before.
10. from S7 as in 8, --only cls --member 1 --cls-widths 1,1,1 --no-widened --cls-epochs 8 --chinese
   0.5 --clutter 0.5 --cls-lr 5e-4 --seed 141 --name gate_classifier (about 10 minutes): the gate,
   one classifier gone on with half the renders cluttered (a score sheet, keys or a printed label
   beside the dice, vision.synth.add_clutter) and half the renders' dice of the Chinese kind, asked
   of each die the others keep with doubt whether it is a die at all (vision.reader._gated): renders
   so cluttered (validate --clutter 40) 0.952 -> 0.975 (30 things read as dice -> 14), dice-c's
   photos learnt from 0.965 -> 0.978 (a laptop's keys and a printed tag: 52 -> 25), Chinese dice,
   glossy dice and photos out of focus a die each worse (0.984 -> 0.981, 0.934 -> 0.931, 0.947 ->
   0.944), the rest as before. A gate gone on with three in ten render dice Chinese (seed 140)
   dropped four rendered dice of the Chinese kind where this drops one (validate --chinese 30);
   one with --clutter 0.3 (seed 142) dropped fewer keys.
11. from scratch, --only cls --member 1 --cls-widths 2 --cls-stem 24,32 --no-widened --cls-epochs 36
   --chinese 0.3 --faults 0.05 --seed 200 --name referee_classifier --save R (about 32 minutes), then
   --init R with the same and --cls-epochs 12 --glints 0.2 --seed 201 (about 12 minutes): the
   referee, a larger classifier (24 and 32 channels in its two full-resolution layers, twice the
   others' channels after them; a view in about twice their time through cv2.dnn), asked of each die the
   others read under 0.7 and averaged with them (vision.reader._refereed, with its figures).

Training can go on from the shipped files themselves: vision.training.onnx_weights writes PyTorch
weights from them for --init (the files for steps 4, 5 and 6 were made so, from the files of
the step before).

(Tried and not kept: going on as in 3 with the widened photos added, no better on the held-out
photos and renders; going on from step 4's networks with camera faults in their training views
(--faults 0.3 for all three, 0.1 for the classifiers), which read blurred and shaken photos better
but clean held-out photos no better (0.1: one die worse) or worse (0.3: 0.979 -> 0.958, dice read
where there are none); the three classifiers going on 8 more epochs as in 5, which read the
held-out photos and renders no better (0.982 -> 0.979, 0.985 -> 0.986), nor with the held-out
photos added (no better on renders, worse on shaken photos); and so with the dice the shipped
classifiers read unsure at their labelled boxes (24 of 1,295, mostly dark translucent dice with
dark red pips) given four times the views and those they read surely as another face (5, most
of them mislabelled) left out, which fitted the photos learnt from better (F1 0.975 -> 0.982)
but read the held-out photos worse (0.982 -> 0.979; dim 0.945 -> 0.927, shaken 0.869 -> 0.846);
and so with a fifth of the renders' dice translucent gem dice (--see-through 0.2, vision.synth),
which read renders of such dice barely better (validate --gems 100: 0.981 -> 0.984) and the
dark translucent dice of the photos learnt from no better (F1 there 0.975 -> 0.971), nor were the
six classifiers, shipped and so trained, better read together; and so with renders from 25-60
degrees off overhead only (--min-pitch 25), which read renders from 45-60 degrees better (validate
--tilts: 0.831 -> 0.863) but the held-out photos, renders, close-ups and the photos learnt from worse
(0.984 -> 0.982, 0.987 -> 0.984, 0.978 -> 0.964, 0.979 -> 0.976); the detector 2000 more steps with
four in ten render dice touching another, which read touching dice no better (0.945 -> 0.943) and the
held-out photos worse (0.984 -> 0.982); in step 7, the close views of part of a die kept clear of its
edges, which read grainy photos far worse (32 dice read where there are none); the runs of step 7
averaged with the classifiers of step 6 as well (Chinese dice 0.961 and 0.964 only); from the shipped
files, the three classifiers 8 epochs on with three in ten render dice glossy, a lamp or a window
shining back from them (--glare 0.3, --chinese 0.3, seed 20; validate --glare 100: 0.951 -> 0.960),
which read grainy photos far worse (0.967 -> 0.921, noise read as dice) and compressed ones worse
(0.950 -> 0.935); so at half the learning rate with camera faults in every member (seed 30), which
read the held-out photos worse (0.982 -> 0.979, widened 0.969 -> 0.958); and those two averaged
(held-out 0.979, glare 0.957), or the first averaged with the shipped (glare 0.952); from the
shipped files, the three classifiers 8 epochs on with close views of part of a die at most a third of its side (--close-view 0.15,0.33,
--chinese 0.3, seed 40), so that a close view of one pip looks less like a whole die whose one is a
large pip: Chinese dice 0.971 -> 0.981 but held-out photos 0.982 -> 0.969 (dice read where there
are none), averaged with the shipped weights 0.976 and 0.979; the detector 1,500 steps on with
three in ten render dice of the Chinese kind (it boxes their one as little more than its pip),
Chinese dice only 0.972, widened photos 0.969 -> 0.961, 45-60 degrees 0.839 -> 0.812; and both
together, Chinese dice 0.977, held-out photos 0.977. The reader's look from further back at a
doubted detection (vision.reader._look_further), with its last read dropping a die the looks kept
only where "not a die" is above 0.15 (STILL_A_DIE), reads the Chinese dice 0.971 -> 0.981 and the
held-out photos as before. And from the shipped files, the three classifiers 8 epochs on with renders
from 25-60 degrees only (step 8, used in their place for every photo): 45-60
degrees 0.839 -> 0.882, photos saved sideways at 30-45 degrees 0.956 -> 0.977, held-out photos
0.982 -> 0.982, widened 0.969 -> 0.974, but sideways at 0-15 degrees 0.984 -> 0.972, grainy 0.977 ->
0.966, compressed 0.950 -> 0.937, grey light 0.945 -> 0.934, glossy 0.951 -> 0.947; averaged with the
shipped weights, held-out 0.984 but 45-60 degrees 0.841 and shaken photos 0.889 -> 0.868. The second
set of step 8 going on 8 more epochs with renders from 35-60 degrees only (seed 60), as asked by the
reader: 45-60 degrees 0.859 -> 0.874, warm light 0.964 -> 0.974, but widened photos 0.969 -> 0.966,
grey light 0.948 -> 0.937, shaken 0.895 -> 0.889, the photos learnt from 0.981 -> 0.980; that run
averaged with step 8's (vision.training.average): 45-60 degrees 0.869, warm light 0.974, but widened
photos 0.966 and grey light 0.942 (a real die misread where the second set was taken). A third set,
from the files of step 7 8 epochs on with three in ten render dice glossy (--glare 0.3 --chinese 0.3,
seed 70, --faults 0.1 for the third), asked as the second is and its reads taken where surer than
both: glossy dice 0.951 -> 0.958, JPEG quality 30 0.950 -> 0.953, but shaken photos 0.895 -> 0.882
and renders from 0-15 degrees 0.996 -> 0.994, at more time per doubtful photo (asked after the set
of step 9, under 0.8 as it is: glossy dice 0.952, JPEG 0.953, but shaken 0.927 -> 0.911); the set of
step 9 asked wherever the second is (under 0.95): shaken photos 0.895 -> 0.932, but the held-out photos
0.982 -> 0.979 (a die misread), JPEG quality 30 0.950 -> 0.940, grey light 0.948 -> 0.940. From
the shipped files, the first set's three classifiers 8 epochs on (--chinese 0.3 --cls-lr 5e-4, seed
90, --faults 0.1 for the third) with a view of the side facing the camera, as not a die, for half the
render dice seen at an angle (--side-faces 0.5): the dice-c photos learnt from read 32 dice where
there are none instead of 47 (mostly sides taken for dice), renders from 45-60 degrees 0.861 ->
0.874, but real dice were lost everywhere else: renders 0.983 -> 0.977 (23 missed, not 11), dice
lying against another 0.948 -> 0.928, Chinese dice 0.979 -> 0.960, the held-out photos 0.982 ->
0.979, out of focus 0.947 -> 0.922; vision.reader._side_face drops the sides the reader still takes
for dice instead. For speed, the first set's three classifiers distilled each into a copy whose second
layer (3 x 3 from 16 channels to 24, over half of the arithmetic) became a 3 x 3 to 8 channels and a
1 x 1 from them, started from the layer's whitened truncated SVD, then 4 epochs matching the shipped
file's 11 outputs (mean squared error) on 58,000 crops cut as here: 0.62 -> 0.43 ms a view through
cv2.dnn, but the reader read 22 of 355 photos learnt from otherwise, mostly doubtful dice, and worse
(dice-a 0.981 -> 0.976, dice-c 0.972 -> 0.966). Distilled again with that layer depthwise
separable (a 3 x 3 on each of the 16 channels, then a 1 x 1 to 24), the new layer first taught
alone for 2 epochs to give the shipped layer's output (left at 0.35 of its variance), then the
whole network 12 epochs on the shipped file's class scores (Kullback-Leibler divergence, plus a
tenth of the logits' squared error) and box numbers (squared error, weight 10), on views cut as
here (4 of each dice-a die learnt from, 2 of each dice-c die and of 600 renders' dice, half of
these of the Chinese kind; views of no die at 0.3 a die), cut anew every 2 epochs, seed 100 (about
13 minutes a classifier on one core): cv2.dnn reads a view in 0.54 of the time, the reader read
dice-a's test split in 0.84 of the time, but the held-out photos 0.982 -> 0.979, Chinese dice
0.979 -> 0.975, the photos learnt from 0.980 -> 0.976, renders from 45-60 degrees 0.842 -> 0.840
(dice-c's photos learnt from better, 0.962 -> 0.968); 6-10 epochs, with the box numbers' weight 1
and three in ten dice Chinese, read Chinese dice 0.963. Distilled again with 8 channels between
the two full-resolution layers, not 16 (both layers new, taught alone for 3 epochs to give the
shipped second layer's output, then the whole network 12 epochs as above, seeds 101-103): cv2.dnn
reads a view in 0.67 of the time and the reader read dice-a's test split in 0.84 of it (43.2
against 51.5 ms), but the held-out photos 0.982 -> 0.979, photos out of focus 0.947 -> 0.912,
grainy 0.977 -> 0.961, renders from 30-45 degrees saved sideways 0.904 -> 0.858 (better: Chinese
dice 0.979 -> 0.986, gem dice 0.964 -> 0.973); and with a camera fault in a quarter of its views
and the renders' dice also turned any way, as the reader's turn check reads them: held-out photos
0.974, out of focus 0.916, grainy 0.961, sideways 0.858 (on blurred photos the turn check,
vision.reader._far_side, chose other turns); with that turn check read by the shipped first set
and the rest by the student, sideways photos read as before (0.904) but still out of focus 0.927,
shaken 0.917, grainy 0.964, the held-out photos 0.979. Distilled so (faults, turned views) with the first
layer kept and the second giving 16 channels, not 24 (it and the block after the first pooling
new): a view in 0.83 of the time but the reader in only 0.95 of it (48.1 against 50.7 ms), and
photos out of focus 0.947 -> 0.921, shaken 0.927 -> 0.913, grainy 0.977 -> 0.964, grey light
0.945 -> 0.932, Chinese dice 0.979 -> 0.963, the held-out photos 0.982 -> 0.979 (better: renders
from 30-45 degrees saved sideways 0.904 -> 0.990, from 45-60 degrees 0.861 -> 0.876). The set
so distilled taken only while looking for dice, the shipped one for each die's last read
(vision.reader._read_again), saved no time. A fourth classifier in the first set, taking its
share of the views at no cost (--member 4 --init-member 2 --cls-widths 1,1,1,1 --no-widened
--cls-epochs 8 --chinese 0.3 --cls-lr 5e-4 --faults 0.1, seed 100): the photos learnt from read
worse (dice-a 0.981 -> 0.977, dice-c 0.972 -> 0.965), dice-c's held-out photos 0.988 -> 0.986.
From the shipped files, the first set's three classifiers 8 epochs on with three in ten render dice
glinting, a lamp's spot or a bent streak lighting the upper face around its pips, half of them where
a pip of another face would lie (--glints 0.3 --chinese 0.3 --cls-lr 5e-4, seed 110, --faults 0.1
for the third; vision.synth.add_glint): renders so (validate --glints 40) 0.971 -> 0.982, glossy dice
0.934 -> 0.945, widened photos 0.969 -> 0.979, but the held-out photos 0.982 -> 0.974 (two dice
misread), out of focus 0.947 -> 0.927, shaken 0.927 -> 0.901, grainy 0.969 -> 0.961, dice lying
against another 0.950 -> 0.937, sideways at 30-45 degrees 0.972 -> 0.957; averaged with the shipped
weights: glints 0.976, the held-out photos 0.979, out of focus 0.922, JPEG quality 30 0.950 -> 0.935.
So with half the renders cluttered, a score sheet, keys or a label beside the dice (--clutter 0.5
--chinese 0.3 --cls-lr 5e-4, seed 120; vision.synth.add_clutter): renders so (validate --clutter
40) 0.952 -> 0.981 and dice-c's photos learnt from 0.965 -> 0.983 (a laptop's keys and a printed
tag read as dice: 52 -> 12), but the held-out photos 0.982 -> 0.974, 45-60 degrees 0.866 -> 0.824,
grainy 0.969 -> 0.945 (noise read as dice), shaken 0.927 -> 0.908, Chinese dice 0.984 -> 0.967;
used instead as a gate (step 10). Two runs with glinting renders averaged weight for weight, as in
step 7 (--glints 0.3, seed 130, and --glints 0.4, seed 131; --chinese 0.3 --cls-lr 5e-4, --faults
0.1 for the third): glints 0.971 -> 0.981, glossy dice 0.934 -> 0.943, but the held-out photos 0.982
-> 0.979, 45-60 degrees 0.866 -> 0.838, sideways at 30-45 degrees 0.972 -> 0.959, dice lying
against another 0.950 -> 0.938, Chinese dice 0.984 -> 0.971, out of focus 0.947 -> 0.930, grey
light 0.945 -> 0.937.)

Data: dice-a `train` less its validation photos, dice-c `train`, and synthetic renders made by
vision.synth. Test splits are never read here.

Validation: every HOLDOUT_EVERY-th (7th) dice-a `train` photo in manifest.csv order, starting with
the first (29 of 200 photos, 192 dice; vision.training.data.real_training(holdout=True)), is left
out of training. Models and reader settings are chosen on them, measured by

    uv run python -m vision.training.validate_sets --assets DIR --synthetic 80

(with held-out synthetic renders as a check on other dice, tables and angles); the test splits
(bench/vision.py) only report the chosen model.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from pathlib import Path

import cv2
import numpy as np
import torch
import torch.nn.functional as F

from vision.model import CROP_SPAN, crop_die
from vision.training import layout
from vision.training.data import Sample, background_patches, real_training, synthetic, widened
from vision.training.faults import out_of_focus, recompressed
from vision.training.models import CROP, Classifier, Detector

ASSETS = Path(__file__).resolve().parents[2] / "assets"
STRIDE = 4


def camera_faults(img: np.ndarray, rng: np.random.Generator, p: float) -> np.ndarray:
    """What a phone camera may add, each with chance `p`: defocus or a shaken hand's blur, sensor
    noise in dim light, strong JPEG compression (photos sent on by messengers)."""
    out: np.ndarray = img
    if rng.random() < p:
        if rng.random() < 0.5:
            out = out_of_focus(rng.uniform(0.6, 2.2))(out)
        else:  # a shaken hand, in any direction
            k = int(rng.integers(3, 8))
            line = np.zeros((k, k), np.float32)
            line[k // 2] = 1.0 / k
            turn = cv2.getRotationMatrix2D(((k - 1) / 2, (k - 1) / 2), float(rng.uniform(0, 180)), 1.0)
            kernel = cv2.warpAffine(line, turn, (k, k))
            kernel = (kernel / max(float(kernel.sum()), 1e-6)).astype(np.float32)
            out = cv2.filter2D(out, -1, kernel, borderType=cv2.BORDER_REFLECT)
    if rng.random() < p:
        noisy = out.astype(np.float32) + rng.normal(0, rng.uniform(4, 14), out.shape).astype(np.float32)
        out = np.clip(noisy, 0, 255).astype(np.uint8)
    if rng.random() < p:
        out = recompressed(int(rng.integers(20, 90)))(out)
    return out


def colour_jitter(
    img: np.ndarray, rng: np.random.Generator, hue_p: float = 0.6, invert_p: float = 0.2, faults: float = 0.0
) -> np.ndarray:
    out: np.ndarray = img.astype(np.float32)
    if rng.random() < hue_p:
        hsv = cv2.cvtColor(img, cv2.COLOR_BGR2HSV)
        hsv[..., 0] = (hsv[..., 0].astype(np.int32) + int(rng.integers(0, 180))) % 180
        out = cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR).astype(np.float32)
    if rng.random() < 0.1:
        g = cv2.cvtColor(out.astype(np.uint8), cv2.COLOR_BGR2GRAY).astype(np.float32)
        out = np.repeat(g[..., None], 3, 2)
    if rng.random() < invert_p:
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
    out8 = np.clip(out, 0, 255).astype(np.uint8)
    return camera_faults(out8, rng, faults) if faults else out8


def to_tensor(img: np.ndarray) -> np.ndarray:
    return (img.astype(np.float32).transpose(2, 0, 1) / 255.0)[None]


# ---------------------------------------------------------------- detector

def det_example(
    s: Sample, rng: np.random.Generator, size: int, neighbours: bool = False, faults: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
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
    img = colour_jitter(img, rng, faults=faults)
    out = size // STRIDE
    tgt = np.zeros((8, out, out), np.float32)  # heat, logw, logh, ox, oy, centre, size wt, offset wt
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
        # size and offset are learnt on the centre cell, or (neighbours) on the 3 x 3 cells around
        # it, since the peak found at run time may be a cell off
        reach = 1 if neighbours else 0
        for jy in range(max(0, iy - reach), min(out, iy + reach + 1)):
            for jx in range(max(0, ix - reach), min(out, ix + reach + 1)):
                centre = jx == ix and jy == iy
                if not centre and tgt[7, jy, jx] > 0:
                    continue
                tgt[1, jy, jx] = math.log(max(nw, 2) / STRIDE)
                tgt[2, jy, jx] = math.log(max(nh, 2) / STRIDE)
                tgt[3, jy, jx] = gx - jx
                tgt[4, jy, jx] = gy - jy
                tgt[6, jy, jx] = (1.0 if centre else 0.5) if s.has_size else 0.0
                tgt[7, jy, jx] = 1.0 if centre else 0.5
        tgt[5, iy, ix] = 1
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
    mo = tgt[:, 7:8]
    loff = (F.l1_loss(pred[:, 3:5], tgt[:, 3:5], reduction="none") * mo).sum() / mo.sum().clamp(min=1)
    return focal + lsize + loff


def train_detector(
    samples: list[Sample], steps: int, seed: int, size: int, neighbours: bool, init: Path | None = None,
    faults: float = 0.0,
) -> Detector:
    rng = np.random.default_rng(seed)
    torch.manual_seed(seed)
    net = Detector()
    lr = 3e-3
    if init is not None:  # go on from saved weights, more gently
        net.load_state_dict(torch.load(init))
        lr = 1e-3
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    batch = 16
    t0 = time.time()
    net.train()
    for step in range(steps):
        xs, ts = zip(*(det_example(samples[int(rng.integers(len(samples)))], rng, size, neighbours, faults) for _ in range(batch)), strict=True)
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

LEAN = 0.08  # top face's centre this far (times the die's side) from the box's: a die seen at an angle
UPRIGHT_JITTER = 12.0  # degrees a die seen at an angle is turned at most


SIDE_OFFSET = (0.27, 0.4)  # a side view's centre, this far (times the die's side) from the die's, away from its top
SIDE_SIZE = (0.65, 0.95)  # ... and its side, times the die's
CLOSE_VIEW = (0.15, 0.45)  # a close view of part of a die (not a die) spans this much of its side
CLUTTER_VIEWS = 3  # views of each thing beside a render's dice that is not a die (a score sheet, keys, a label)


def _near_a_die(boxes: np.ndarray, cx: float, cy: float) -> bool:
    """(cx, cy) lies within 0.45 of a die's side from its centre: no place for a view of no die."""
    if not len(boxes):
        return False
    d = np.hypot(boxes[:, 0] + boxes[:, 2] / 2 - cx, boxes[:, 1] + boxes[:, 3] / 2 - cy)
    return bool(np.min(d / np.maximum(boxes[:, 2], boxes[:, 3])) < 0.45)


def cls_examples(
    samples: list[Sample], rng: np.random.Generator, per_die: int, negatives: float, upright: bool = False,
    faults: float = 0.0, close_view: tuple[float, float] = CLOSE_VIEW, side_faces: float = 0.0,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Crops (n, CROP, CROP, 3), classes (n,) and box targets (n, 5): the die's centre offset and
    log size relative to the crop, and a weight (0 where the box is unknown or turned off-axis).
    Dice are turned any way, except with `upright` those seen at an angle (renders), which are
    turned only a little: in a photo taken at an angle the top face is the upper one. `faults`:
    the chance of each of camera_faults; `close_view` the range of the side of a close view of part
    of a die, times the die's; `side_faces` the chance, for a die seen at an angle (renders), of a
    view centred on the side facing the camera, which is not a die (the reader took such sides
    for dice of their own). A render's clutter (a score sheet, keys, a label: Sample.clutter) gives
    CLUTTER_VIEWS views of each thing, not a die."""
    xs, ys, bs = [], [], []
    for s in samples:
        h, w = s.image.shape[:2]
        for d, ((bx, by, bw, bh), v) in enumerate(zip(s.boxes, s.values, strict=True)):
            side = max(bw, bh)
            gcx, gcy = bx + bw / 2, by + bh / 2
            # a die seen at an angle (its top face off the middle of its box) keeps its up direction
            leans = upright and s.tops is not None and math.hypot(*(s.tops[d] - (gcx, gcy))) > LEAN * side
            for _ in range(per_die):
                j = 0.15 * side
                cx = gcx + rng.uniform(-j, j)
                cy = gcy + rng.uniform(-j, j)
                sd = side * math.exp(rng.uniform(math.log(0.75), math.log(1.4)))
                square = rng.random() < 0.6
                if leans:
                    angle = 0.0 if square else float(rng.uniform(-UPRIGHT_JITTER, UPRIGHT_JITTER))
                else:
                    angle = float(rng.integers(4) * 90) if square else float(rng.uniform(0, 360))
                img = crop_die(s.image, cx, cy, sd, angle=angle)
                span = sd * CROP_SPAN
                m = cv2.getRotationMatrix2D((float(cx), float(cy)), angle, CROP / span)
                m[:, 2] += np.array([CROP / 2 - cx, CROP / 2 - cy])
                px, py = m @ np.array([gcx, gcy, 1.0])
                tw, th = (bh, bw) if square and angle % 180 else (bw, bh)
                wt = 1.0 if square and s.has_size else 0.0
                bs.append((px / CROP - 0.5, py / CROP - 0.5, math.log(tw / span), math.log(th / span), wt))
                xs.append(colour_jitter(img, rng, 0.4, 0.1, faults))
                ys.append(int(v))
            if leans and rng.random() < side_faces:  # the side below the top face is not a die
                assert s.tops is not None
                ux, uy = (gcx, gcy) - s.tops[d]
                norm = math.hypot(ux, uy)
                off = rng.uniform(*SIDE_OFFSET) * side
                img = crop_die(s.image, gcx + ux / norm * off, gcy + uy / norm * off, side * rng.uniform(*SIDE_SIZE),
                               angle=float(rng.uniform(-UPRIGHT_JITTER, UPRIGHT_JITTER)))
                xs.append(colour_jitter(img, rng, 0.4, 0.1, faults))
                ys.append(0)
                bs.append((0.0, 0.0, 0.0, 0.0, 0.0))
            if rng.random() < 0.3:  # a close view of part of a die (one pip) is not a die
                pcx = gcx + rng.uniform(-0.3, 0.3) * side
                pcy = gcy + rng.uniform(-0.3, 0.3) * side
                img = crop_die(s.image, pcx, pcy, side * rng.uniform(*close_view), angle=float(rng.uniform(0, 360)))
                xs.append(colour_jitter(img, rng, 0.4, 0.1, faults))
                ys.append(0)
                bs.append((0.0, 0.0, 0.0, 0.0, 0.0))
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
            if _near_a_die(s.boxes, cx, cy):
                continue
            img = crop_die(s.image, cx, cy, side, angle=float(rng.uniform(0, 360)))
            xs.append(colour_jitter(img, rng, 0.4, 0.1, faults))
            ys.append(0)
            bs.append((0.0, 0.0, 0.0, 0.0, 0.0))
        for x, y, cw, ch in s.clutter.tolist() if s.clutter is not None else ():  # digits, keys, letters
            for _ in range(CLUTTER_VIEWS):
                cx, cy = x + rng.uniform(0, cw), y + rng.uniform(0, ch)
                if _near_a_die(s.boxes, cx, cy):
                    continue
                side = float(rng.choice(sides)) * rng.uniform(0.6, 1.4)
                turn = rng.uniform(0, 360) if rng.random() < 0.3 else rng.uniform(-30, 30)  # mostly as written
                img = crop_die(s.image, cx, cy, side, angle=float(turn))
                xs.append(colour_jitter(img, rng, 0.4, 0.1, faults))
                ys.append(0)
                bs.append((0.0, 0.0, 0.0, 0.0, 0.0))
    return np.stack(xs), np.array(ys, np.int64), np.array(bs, np.float32)


Examples = tuple[np.ndarray, np.ndarray, np.ndarray]


def train_classifier(
    make: Callable[[], Examples], epochs: int, seed: int, width: float = 1.0, init: Path | None = None,
    refresh: int = 0, lr: float | None = None, stem: tuple[int, int] = (16, 24),
) -> Classifier:
    """`make` cuts the examples (crops, classes, box targets); with `refresh` it cuts them anew every
    `refresh` epochs (other jitter, turns and crops), else once."""
    torch.manual_seed(seed)
    rng = np.random.default_rng(seed)
    net = Classifier(width, stem)
    if init is not None:  # go on from saved weights, more gently
        net.load_state_dict(torch.load(init))
    lr = lr or (3e-3 if init is None else 1e-3)
    x, y, b = make()
    print(f"classifier examples: {len(x)} ({np.bincount(y, minlength=7).tolist()})", flush=True)
    batch = 128
    steps = epochs * (len(x) // batch)
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=lr, total_steps=steps, pct_start=0.1)
    t0 = time.time()
    net.train()
    step = 0
    for ep in range(epochs):
        if ep and refresh and ep % refresh == 0:
            x, y, b = make()
        xt = torch.from_numpy(x.astype(np.float32).transpose(0, 3, 1, 2) / 255.0)
        yt = torch.from_numpy(y)
        bt = torch.from_numpy(b)
        perm = rng.permutation(len(x))
        correct = 0
        batches = min(len(x) // batch, steps - step)
        for i in range(batches):
            idx = torch.from_numpy(perm[i * batch : (i + 1) * batch])
            xb, yb, bb = xt[idx], yt[idx], bt[idx].clone()
            if rng.random() < 0.5:
                xb = torch.flip(xb, [3])  # a mirrored face shows the same count
                bb[:, 0] = -bb[:, 0]
            out = net(xb)
            wt = bb[:, 4:5]
            lbox = (F.l1_loss(out[:, 7:11], bb[:, :4], reduction="none") * wt).sum() / wt.sum().clamp(min=1)
            loss = F.cross_entropy(out[:, :7], yb, label_smoothing=0.05) + 2 * lbox
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
            step += 1
            correct += int((out[:, :7].argmax(1) == yb).sum())
        print(f"cls epoch {ep} acc {correct / max(1, batches * batch):.4f} loss {loss.item():.3f} {time.time() - t0:.0f}s", flush=True)
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
    ap.add_argument("--det-steps", type=int, default=5000)
    ap.add_argument("--det-crop", type=int, default=256, help="side of the detector's training views")
    ap.add_argument("--det-neighbours", action=argparse.BooleanOptionalAction, default=True,
                    help="learn box size and offset on the 3 x 3 cells around each centre")
    ap.add_argument("--cls-epochs", type=int, default=60)
    ap.add_argument("--cls-widths", default="1,1",
                    help="one classifier per width, trained from seeds --seed, --seed + 1, ... and read "
                         "together; a width multiplies the channels after the two full-resolution layers")
    ap.add_argument("--cls-stem", default="16,24",
                    help="the classifiers' two full-resolution layers' channels")
    ap.add_argument("--widened", action=argparse.BooleanOptionalAction, default=True,
                    help="also learn on the dice-a photos widened by a third (dice foreshortened)")
    ap.add_argument("--init", default=None,
                    help="go on from weights saved with --save under this prefix (lower learning rate)")
    ap.add_argument("--member", type=int, default=None, help="with --only cls: train only this classifier (1, 2, ...)")
    ap.add_argument("--init-member", type=int, default=None,
                    help="with --init: each classifier goes on from this one's weights (a new member "
                         "of the ensemble started from an existing one)")
    ap.add_argument("--cls-lr", type=float, default=None,
                    help="the classifiers' peak learning rate (default 3e-3, or 1e-3 going on with --init)")
    ap.add_argument("--cls-refresh", type=int, default=5,
                    help="cut the classifier's examples anew every this many epochs (0: once)")
    ap.add_argument("--upright", action=argparse.BooleanOptionalAction, default=True,
                    help="dice of renders seen at an angle keep their up direction in the classifier's examples")
    ap.add_argument("--cls-views", type=int, default=10,
                    help="classifier examples cut around each dice-a die (jittered, turned)")
    ap.add_argument("--synthetic", type=int, default=1200)
    ap.add_argument("--max-pitch", type=float, default=60.0,
                    help="renders' camera angle from straight down goes up to this many degrees")
    ap.add_argument("--min-pitch", type=float, default=0.0, help="... from this many")
    ap.add_argument("--marbled", type=float, default=0.25,
                    help="share of the classifier's synthetic dice veined with a second colour")
    ap.add_argument("--see-through", type=float, default=0.0,
                    help="share of the classifier's synthetic dice that are translucent gem dice")
    ap.add_argument("--touching", type=float, default=0.0,
                    help="share of the synthetic dice placed against another (both networks)")
    ap.add_argument("--chinese", type=float, default=0.0,
                    help="share of the synthetic dice of the Chinese kind, the one a large red pip (both networks)")
    ap.add_argument("--glare", type=float, default=0.0,
                    help="share of the synthetic dice shining back a lamp or a window (both networks)")
    ap.add_argument("--glints", type=float, default=0.0,
                    help="share of the synthetic dice with small reflections beside their pips (both networks)")
    ap.add_argument("--clutter", type=float, default=0.0,
                    help="share of the renders with a score sheet, keys or a label beside the dice (not dice)")
    ap.add_argument("--det-marbled", type=float, default=0.0, help="... and of the detector's")
    ap.add_argument("--faults", type=float, default=0.0,
                    help="chance of each camera fault (blur, noise, JPEG) in a training view or crop")
    ap.add_argument("--close-view", default=",".join(map(str, CLOSE_VIEW)),
                    help="the side of a close view of part of a die (not a die), times the die's: least,most")
    ap.add_argument("--side-faces", type=float, default=0.0,
                    help="chance of a view of the side facing the camera, as not a die, for a render die seen at an angle")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", choices=["det", "cls"], default=None)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--save", default=None, help="also save the PyTorch weights under this prefix")
    ap.add_argument("--assets", type=Path, default=ASSETS, help="where the ONNX files go")
    ap.add_argument("--name", default="dice_classifier",
                    help="the classifiers' files: NAME.onnx, NAME_2.onnx, ... (steep_classifier: the second set)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    cv2.setNumThreads(1)
    widths = [float(w) for w in args.cls_widths.split(",")]
    channels = [int(c) for c in args.cls_stem.split(",")]
    if len(channels) != 2:
        ap.error(f"--cls-stem: two channel counts, such as 24,32 (got {args.cls_stem})")
    stem = (channels[0], channels[1])
    lo, hi = (float(x) for x in args.close_view.split(","))
    close_view = (lo, hi)
    real = real_training()
    dice_a = [s for s in real if s.source.startswith("dice-a")]
    dice_c = [s for s in real if s.source.startswith("dice-c")]
    wide = widened(dice_a) if args.widened else []
    for k, width in enumerate(widths):
        if args.only == "det" and k or args.only == "cls" and args.member not in (None, k + 1):
            continue
        # each classifier from its own seed: its own synthetic renders, crops and initial weights
        seed = args.seed + k
        rng = np.random.default_rng(seed)
        patches = background_patches(real, 150, rng)
        t0 = time.time()
        pitch = (args.min_pitch, args.max_pitch)
        synth = synthetic(args.synthetic, seed + 1, patches, args.marbled, pitch, args.see_through, args.touching,
                          args.chinese, args.glare, args.glints, args.clutter)
        print(f"{len(real)} real photos, {len(synth)} synthetic ({time.time() - t0:.0f}s)", flush=True)
        if k == 0 and args.only != "cls":
            synth_det = synth
            if args.det_marbled != args.marbled or args.see_through:  # the detector learnt on unveined, opaque dice
                synth_det = synthetic(args.synthetic, seed + 1, patches, args.det_marbled, pitch, touching=args.touching,
                                      chinese=args.chinese, glare=args.glare, glints=args.glints,
                                      clutter=args.clutter)
            # real photos weighted up against the synthetic ones
            pool = (dice_a + wide) * 2 + dice_c + synth_det if wide else dice_a * 3 + dice_c + synth_det
            init = Path(args.init + ".det.pt") if args.init else None
            det = train_detector(pool, args.det_steps, seed, args.det_crop, args.det_neighbours, init, args.faults)
            export(det, args.assets / "dice_detector.onnx", (1, 3, 256, 256), {2: "h", 3: "w"})
            layout.twelve_channels(args.assets / "dice_detector.onnx")  # its input taken apart (vision.model.space_to_depth)
            if args.save:
                torch.save(det.state_dict(), args.save + ".det.pt")
        if args.only == "det":
            continue
        def make(rng: np.random.Generator = rng, synth: list[Sample] = synth) -> Examples:
            half = args.cls_views // 2 if wide else args.cls_views  # the dice-a views, shared between the two shapes
            fl, cv = args.faults, close_view
            parts = [cls_examples(dice_a, rng, half, 0.15, faults=fl, close_view=cv),
                     cls_examples(dice_c, rng, 2, 0.15, faults=fl, close_view=cv),
                     cls_examples(synth, rng, 1, 0.15, args.upright, fl, cv, args.side_faces)]
            if wide:
                parts.append(cls_examples(wide, rng, args.cls_views - half, 0.15, faults=fl, close_view=cv))
            return (np.concatenate([p[0] for p in parts]), np.concatenate([p[1] for p in parts]),
                    np.concatenate([p[2] for p in parts]))

        init = Path(f"{args.init}.cls{args.init_member or k + 1}.pt") if args.init else None
        cls = train_classifier(make, args.cls_epochs, seed, width, init, args.cls_refresh, args.cls_lr, stem)
        name = f"{args.name}.onnx" if k == 0 else f"{args.name}_{k + 1}.onnx"
        export(cls, args.assets / name, (1, 3, CROP, CROP), {0: "n"})
        layout.write_tail(args.assets / name)  # run apart by cv2.dnn's new engine (vision.model.Classifier)
        if args.save:
            torch.save(cls.state_dict(), f"{args.save}.cls{k + 1}.pt")

if __name__ == "__main__":
    main()
