"""`scorekeeper advise VARIANT --open BOXES ...`: the best play now and what the rest is worth."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from scorekeeper.commands import UsageError, parse_options, parse_whole, print_json
from scorekeeper.rules import RulesInputError, get_variant


def add_parser(sub: Any, options: Any) -> None:
    """The subcommand's arguments (`options`: the shared --option adder)."""
    p = sub.add_parser("advise", help="the best play for one decision, with the expected points")
    p.add_argument("variant")
    p.add_argument("--open", required=True, dest="open_boxes", help="comma-separated open boxes")
    p.add_argument("--upper", default="0")
    p.add_argument("--fences", default="0")
    p.add_argument("--poker-value", default=None, dest="poker_value")
    p.add_argument("--dice", nargs="+", default=None)
    p.add_argument("--throw", default=None)
    options(p)


def _open(raw: str) -> frozenset[str]:
    items = [item.strip() for item in raw.split(",")]
    if not raw.strip() or any(not item for item in items):
        raise UsageError(f"--open {raw!r}: expected box ids separated by commas")
    if len(set(items)) != len(items):
        raise UsageError(f"--open {raw!r}: a box is named twice")
    return frozenset(items)


def run_advise(args: argparse.Namespace) -> int:
    """Print the advice as one JSON object."""
    from scorekeeper.advisor import AdviceError, Position, advise

    try:
        variant = get_variant(args.variant, **parse_options(args.option))
    except RulesInputError as error:
        raise UsageError(str(error)) from None
    if (args.dice is None) != (args.throw is None):
        raise UsageError("--dice and --throw go together (five dice and the number of that throw)")
    dice = None
    if args.dice is not None:
        values = [parse_whole(d, "--dice") for d in args.dice]
        if len(values) != 5 or any(not 1 <= v <= 6 for v in values):
            raise UsageError(f"--dice {' '.join(args.dice)}: expected five values 1..6")
        dice = tuple(values)
    poker = None if args.poker_value is None else parse_whole(args.poker_value, "--poker-value")
    if poker is not None and poker < 0:
        raise UsageError(f"--poker-value {poker}: points are never negative")
    position = Position(
        open_boxes=_open(args.open_boxes),
        upper=parse_whole(args.upper, "--upper"),
        fences=parse_whole(args.fences, "--fences"),
        poker_value=poker,
        dice=dice,
        throw=parse_whole(args.throw, "--throw") if args.throw is not None else 0,
    )
    if position.throw == 0 and dice is not None:
        raise UsageError("--throw 0: the first throw of a turn is 1")
    def solving() -> None:
        print("scorekeeper advise: solving the best play for these rules once (kept for next time); "
              "this takes minutes", file=sys.stderr, flush=True)

    try:
        advice = advise(variant, position, solving)
    except AdviceError as error:
        raise UsageError(str(error)) from None
    print_json(advice.to_json())
    return 0
