"""Handlers of the command-line subcommands, one module each; shared helpers live here."""

from __future__ import annotations

import json
import sys
from typing import Any


class UsageError(Exception):
    """Bad input on the command line: the message names what was wrong (exit 2)."""


def parse_option_value(raw: str) -> Any:
    """A JSON literal, or a bare word taken as a string."""
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def parse_whole(raw: str, flag: str) -> int:
    """A whole number given on the command line (`flag` names it in the error), or a UsageError."""
    try:
        return int(raw)
    except ValueError:
        raise UsageError(f"{flag} {raw!r}: expected a whole number") from None


def parse_options(pairs: list[str]) -> dict[str, Any]:
    """`--option name=value` pairs as a dict; a malformed pair is a UsageError."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name.strip():
            raise UsageError(f"--option {pair!r}: expected NAME=VALUE")
        options[name.strip()] = parse_option_value(raw.strip())
    return options


def print_json(obj: Any) -> None:
    """One UTF-8 JSON object on stdout, whatever the locale's encoding (a Windows pipe, LANG=C)."""
    line = json.dumps(obj, ensure_ascii=False) + "\n"
    binary = getattr(sys.stdout, "buffer", None)
    if binary is None:  # a text-only stand-in for stdout
        sys.stdout.write(line)
        sys.stdout.flush()
        return
    sys.stdout.flush()
    binary.write(line.encode("utf-8"))
    binary.flush()
