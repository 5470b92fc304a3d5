"""`scorekeeper outlook VARIANT --open BOXES --upper N [--fences F]`: the upper-section outlook."""

from __future__ import annotations

import argparse

from scorekeeper.commands import UsageError, parse_options, parse_whole, print_json
from scorekeeper.outlook import DICE, FACES, UpperGoal, outlook, upper_goal
from scorekeeper.rules import RulesInputError, Variant, get_variant, variant_ids


def _open_faces(variant: Variant, raw: str) -> frozenset[int]:
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


def _reachable(goal: UpperGoal, filled: set[int]) -> set[int]:
    """Every upper sum (or «гора» net) the filled boxes can hold: each box as written with 0 to 5
    dice of its face (a crossed-out box writes what none, or in the «гора» three, would)."""
    sums = {0}
    for face in filled:
        sums = {s + goal.box_score(face, c) for s in sums for c in range(DICE + 1)}
    return sums


def run_outlook(args: argparse.Namespace) -> int:
    """Print the chances of the upper bonus / «гора» premium and penalty as JSON."""
    try:
        variant = get_variant(args.variant, **parse_options(args.option))
    except RulesInputError as error:
        raise UsageError(str(error)) from None
    goal = upper_goal(variant)
    if goal is None:
        with_bonus = ", ".join(v for v in variant_ids() if get_variant(v).upper is not None)
        raise UsageError(
            f"{variant.id} has no upper bonus, so there is no outlook to give (variants with one: {with_bonus})"
        )
    faces = _open_faces(variant, args.open_boxes)
    upper = parse_whole(args.upper, "--upper")
    fences = parse_whole(args.fences, "--fences")
    if fences < 0:
        raise UsageError(f"--fences {fences}: fences are never negative")
    if fences and not goal.fences:
        raise UsageError(f"--fences {fences}: {variant.id} has no fences (only 0 is accepted)")
    if goal.mode == "sum" and upper < 0:
        raise UsageError(f"--upper {upper}: the upper sum of {variant.id} is never negative")
    face_box = {box.face: box.id for box in variant.boxes if box.section == "upper" and box.face is not None}
    reachable = _reachable(goal, set(FACES) - faces)
    if upper not in reachable:
        filled = ", ".join(face_box[f] for f in sorted(set(FACES) - faces)) or "none"
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
            "next_box": None if result.best_face is None else face_box[result.best_face],
            "open": [face_box[f] for f in sorted(faces)],
            "upper": upper,
            "fences": fences,
            "bonus": goal.bonus,
            "penalty": goal.penalty,
        }
    )
    return 0
