"""`scorekeeper outlook VARIANT --open BOXES --upper N [--fences F]`: the upper-section outlook."""

from __future__ import annotations

import argparse
from typing import Any

from scorekeeper.commands import UsageError, parse_options, print_json
from scorekeeper.outlook import BOX_FACE, FACES, outlook, upper_goal
from scorekeeper.rules import RulesInputError, get_variant

_FACE_BOX = {face: box_id for box_id, face in BOX_FACE.items()}


def _whole(raw: str, flag: str) -> int:
    try:
        return int(raw.strip())
    except ValueError:
        raise UsageError(f"{flag} {raw!r}: expected a whole number") from None


def _open_faces(variant: Any, raw: str) -> frozenset[int]:
    faces: set[int] = set()
    if not raw.strip():
        return frozenset()
    for item in raw.split(","):
        box_id = item.strip()
        if not box_id:
            raise UsageError(f"--open {raw!r}: an empty box id between commas")
        try:
            box = variant.box(box_id)
        except RulesInputError as error:
            raise UsageError(f"--open {box_id}: {error}") from None
        if box.section != "upper" or box.face not in FACES:
            upper = ",".join(variant.upper_ids)
            raise UsageError(f"--open {box_id}: not an upper box of {variant.id} (those: {upper})")
        if box.face in faces:
            raise UsageError(f"--open {raw!r}: box {box_id} is named twice")
        faces.add(box.face)
    return frozenset(faces)


def _reachable(mode: str, filled: set[int]) -> set[int]:
    """Every upper sum (or «гора» net) the filled boxes can hold: c dice of face f write c * f (or
    (c - 3) * f in the «гора»), c from 0 to 5; a crossed-out box counts as nothing written."""
    counts = range(-3, 3) if mode == "gora" else range(0, 6)
    sums = {0}
    for face in filled:
        sums = {s + c * face for s in sums for c in counts}
    return sums


def run_outlook(args: argparse.Namespace) -> int:
    """Print the chances of the upper bonus / «гора» premium and penalty as JSON."""
    try:
        variant = get_variant(args.variant, **parse_options(args.option))
    except RulesInputError as error:
        raise UsageError(str(error)) from None
    goal = upper_goal(variant)
    if goal is None:
        raise UsageError(
            f"{variant.id} has no upper bonus, so there is no outlook to give "
            "(variants with one: ru_fences, yahtzee, yatzy, kniffel)"
        )
    faces = _open_faces(variant, args.open_boxes)
    upper = _whole(args.upper, "--upper")
    fences = _whole(args.fences, "--fences")
    if fences < 0:
        raise UsageError(f"--fences {fences}: fences are never negative")
    if fences and not goal.fences:
        raise UsageError(f"--fences {fences}: {variant.id} has no fences (only 0 is accepted)")
    if goal.mode == "sum" and upper < 0:
        raise UsageError(f"--upper {upper}: the upper sum of {variant.id} is never negative")
    reachable = _reachable(goal.mode, set(FACES) - faces)
    if upper not in reachable:
        filled = ", ".join(_FACE_BOX[f] for f in sorted(set(FACES) - faces)) or "none"
        raise UsageError(f"--upper {upper}: not a {'net' if goal.mode == 'gora' else 'sum'} the filled upper "
                         f"boxes ({filled}) can hold; they make {min(reachable)} to {max(reachable)}")
    result = outlook(goal, faces, upper, fences)
    print_json(
        {
            "variant": variant.id,
            "p_bonus": result.p_bonus,
            "p_zero": result.p_zero,
            "p_penalty": result.p_penalty,
            "expected_upper": result.expected_upper,
            "expected_bonus": result.expected_bonus,
            "next_box": None if result.best_face is None else _FACE_BOX[result.best_face],
            "open": [_FACE_BOX[f] for f in sorted(faces)],
            "upper": upper,
            "fences": fences,
            "bonus": goal.bonus,
            "penalty": goal.penalty,
        }
    )
    return 0
