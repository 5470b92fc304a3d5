"""`scorekeeper score VARIANT BOX D1..D5`: one claim judged with no game around it."""

from __future__ import annotations

import argparse

from scorekeeper.commands import UsageError, parse_options, parse_whole, print_json
from scorekeeper.dice import InvalidDice
from scorekeeper.rules import Claim, RulesInputError, get_variant

NOT_THE_FIRST = 3  # --roll's default (CLI.md): a throw after the first


def run_score(args: argparse.Namespace) -> int:
    """Print the verdict on one claim as JSON."""
    try:
        variant = get_variant(args.variant, **parse_options(args.option))
        box = variant.box(args.box)
        hand = variant.hand(args.dice)
    except InvalidDice as error:
        raise UsageError(f"{' '.join(['dice', *args.dice])}: {error}") from None
    except RulesInputError as error:
        raise UsageError(str(error)) from None
    throw = NOT_THE_FIRST if args.roll is None else parse_whole(args.roll, "--roll")
    if throw < 1:
        raise UsageError(f"--roll {throw}: the throw number starts at 1")
    # the default said aloud means what it means unsaid, even where a turn is shorter (football's one)
    if throw > variant.throws and throw != NOT_THE_FIRST and not variant.fences:
        raise UsageError(f"--roll {throw}: a turn of {variant.id} has at most {variant.throws} "
                         f"throw{'s' if variant.throws != 1 else ''}")
    value = None if args.value is None else parse_whole(args.value, "--value")
    if value is not None and not variant.shows(value):
        raise UsageError(f"--value {value}: not a value the dice can show")
    evaluation = variant.evaluate(box.id, hand, Claim(throw=throw, value=value))
    low, high = variant.score_range(box.id)
    print_json(
        {
            "variant": variant.id,
            "box": box.id,
            "dice": [int(d) for d in args.dice],
            "valid": evaluation.valid,
            "allowed": evaluation.allowed,
            "score": evaluation.score,
            "reason": evaluation.reason.in_(args.lang),
            "reason_ru": evaluation.reason.ru,
            "reason_en": evaluation.reason.en,
            "value": evaluation.value,
            "roll": throw,
            "range": [low, high],
            "name": box.name.as_dict(),
        }
    )
    return 0
