"""The `scorekeeper` command line: the contract of CLI.md (parse, call, render; no rules here)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from scorekeeper.commands import UsageError, exchange

COMMANDS = ("app", "score", "play", "show", "outlook", "advise", "read-dice", "export", "import")


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports bad arguments in one line on stderr (exit 2), as CLI.md asks."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see --help)\n")


MESSAGE_ENDS = 300  # characters kept at each end of a longer message (a pasted 100,000-die roll)


def one_line(message: str) -> str:
    """An error message as one line of bounded length: line breaks shown as \\n, and the middle of
    a very long message cut (its start names the input, its end the rule broken)."""
    line = message.replace("\r", "\\r").replace("\n", "\\n")
    if len(line) > 2 * MESSAGE_ENDS + 50:
        cut = len(line) - 2 * MESSAGE_ENDS
        line = f"{line[:MESSAGE_ENDS]} … [{cut} characters left out] … {line[-MESSAGE_ENDS:]}"
    return line


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="house-rule option (repeatable), e.g. --option gora_premium_at_zero=true",
    )


def _app_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--host", default="127.0.0.1", help="address to serve on (0.0.0.0: the whole table)")
    parser.add_argument("--port", type=int, default=8550, help="port of the web UI (default 8550)")
    parser.add_argument("--db", default=None, help="SQLite file (default: one in the user's data directory)")
    parser.add_argument("--no-browser", action="store_true", help="do not open a browser")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of every subcommand."""
    parser = OneLineParser(
        prog="scorekeeper",
        description="Score sheet for dice games at a real table.",
    )
    sub = parser.add_subparsers(dest="command")

    _app_arguments(sub.add_parser("app", help="start the app (the default)"))

    score = sub.add_parser("score", help="evaluate one claim: a box for five dice")
    score.add_argument("variant")
    score.add_argument("box")
    score.add_argument("dice", nargs="*", help="the five values")
    _add_options(score)
    score.add_argument("--value", default=None, help="the value the player picks (which pair)")
    score.add_argument("--roll", default=None, help="throw number within the turn (default 3: not the first)")
    score.add_argument("--lang", choices=("en", "ru"), default="en", help="language of 'reason'")

    play = sub.add_parser("play", help="replay a scripted game and print the sheet")
    play.add_argument("script")
    play.add_argument("--db", default=None)

    show = sub.add_parser("show", help="print the sheet of a saved game")
    show.add_argument("game_id", nargs="?", default=None)
    show.add_argument("--db", required=True)
    show.add_argument("--last", action="store_true")

    outlook = sub.add_parser("outlook", help="chances of the upper bonus / «гора» premium")
    outlook.add_argument("variant")
    outlook.add_argument("--open", required=True, dest="open_boxes")
    outlook.add_argument("--upper", required=True)
    outlook.add_argument("--fences", default="0")
    _add_options(outlook)

    from scorekeeper.commands.advise import add_parser as add_advise

    add_advise(sub, _add_options)

    read = sub.add_parser("read-dice", help="read dice from photos (JSON Lines)")
    read.add_argument("images", nargs="+")
    read.add_argument("--annotate", default=None, metavar="DIR")
    exchange.add_parsers(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or args_list[0] not in COMMANDS + ("-h", "--help"):
        args_list.insert(0, "app")  # `scorekeeper [--port N]` is the app
    parser = build_parser()
    args, extra = parser.parse_known_args(args_list)
    if extra and args.command == "score" and not any(e.startswith("--") for e in extra):
        args.dice += extra  # dice after an option: `score ru_fences full --roll 1 3 3 3 2 2`
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        if args.command == "app":
            from scorekeeper.commands.app import run_app

            return run_app(args)
        if args.command == "score":
            from scorekeeper.commands.score import run_score

            return run_score(args)
        if args.command in ("play", "show"):
            from scorekeeper.commands import play

            return play.run_play(args) if args.command == "play" else play.run_show(args)
        if args.command == "outlook":
            from scorekeeper.commands.outlook import run_outlook

            return run_outlook(args)
        if args.command == "advise":
            from scorekeeper.commands.advise import run_advise

            return run_advise(args)
        if args.command == "read-dice":
            from scorekeeper.commands.read_dice import run_read_dice

            return run_read_dice(args)
        if args.command in ("export", "import"):
            return exchange.run_export(args) if args.command == "export" else exchange.run_import(args)
    except UsageError as error:
        print(f"scorekeeper {args.command}: {one_line(str(error))}", file=sys.stderr)
        return 2
    parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
