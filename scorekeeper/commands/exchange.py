"""`scorekeeper export --db PATH [--format json|csv|png] [--out FILE] [GAME_ID... | --last]` and
`scorekeeper import FILE --db PATH`."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from scorekeeper.commands import UsageError, parse_whole, print_json
from scorekeeper.commands.play import _database_errors, _db_path
from scorekeeper.exchange import ExchangeError, export_text, import_document, parse_document
from scorekeeper.exchange.table import csv_text
from scorekeeper.i18n import Lang
from scorekeeper.store import Store, StoreError


def add_parsers(sub: argparse._SubParsersAction[Any]) -> None:
    """The two subcommands' arguments."""
    export = sub.add_parser("export", help="write saved games out as JSON, CSV or a PNG of one sheet")
    export.add_argument("game_ids", nargs="*", metavar="GAME_ID")
    export.add_argument("--db", required=True)
    export.add_argument("--format", choices=("json", "csv", "png"), default="json")
    export.add_argument("--out", default=None, metavar="FILE")
    export.add_argument("--last", action="store_true")
    export.add_argument("--lang", choices=("ru", "en"), default=None,
                        help="language of the PNG (default: Russian for the ru_ variants, else English)")
    imp = sub.add_parser("import", help="read a JSON export (or one play script) into the database")
    imp.add_argument("file")
    imp.add_argument("--db", required=True)


def _chosen(store: Store, args: argparse.Namespace) -> list[int]:
    if args.game_ids and args.last:
        raise UsageError("give either GAME_IDs or --last, not both")
    if args.last:
        last = store.last_game_id()
        if last is None:
            raise UsageError(f"--db {args.db}: no saved games")
        return [last]
    if not args.game_ids:
        return [int(r[0]) for r in store.execute("SELECT id FROM games ORDER BY id")]
    ids = [parse_whole(raw, "GAME_ID") for raw in args.game_ids]
    for game_id in ids:
        if not 0 < game_id < 2**63 or not store.game_exists(game_id):
            raise UsageError(f"--db {args.db}: no game {game_id}")
    return ids


def run_export(args: argparse.Namespace) -> int:
    """Write the chosen games (all by default) in the chosen format to --out or stdout."""
    path = _db_path(args.db)
    if not Path(path).is_file():
        raise UsageError(f"--db {path}: no such file")
    if args.format == "png" and args.out is None:
        raise UsageError("--format png needs --out FILE (a picture is not written to the terminal)")
    if args.out is not None and not Path(args.out).parent.is_dir():
        raise UsageError(f"--out {args.out}: no such folder {str(Path(args.out).parent)!r}")
    with _database_errors(path):
        try:
            with Store.for_reading(path) as store:
                ids = _chosen(store, args)
                if args.format == "png":
                    if len(ids) != 1:
                        raise UsageError(f"--format png draws exactly one game; {len(ids)} chosen "
                                         "(give one GAME_ID or --last)")
                    from scorekeeper.app.share.picture import sheet_png

                    info, state, _ = store.load(ids[0])
                    lang: Lang = args.lang or ("ru" if info.variant.startswith("ru_") else "en")
                    data: bytes | str = sheet_png(state, lang, game_id=info.id, played=info.finished or info.created)
                elif args.format == "csv":
                    data = csv_text(store, ids)
                else:
                    data = export_text(store, ids)
        except StoreError as error:
            raise UsageError(str(error)) from None
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if args.out is None:
        binary = getattr(sys.stdout, "buffer", None)
        if binary is None:  # a text-only stand-in for stdout
            sys.stdout.write(raw.decode("utf-8"))
            return 0
        sys.stdout.flush()
        binary.write(raw)
        binary.flush()
        return 0
    try:
        Path(args.out).write_bytes(raw)
    except OSError as error:
        raise UsageError(f"--out {args.out}: cannot write the file ({error.strerror})") from None
    return 0


def run_import(args: argparse.Namespace) -> int:
    """Replay every game of the file, then save those not there yet; nothing saved on any error."""
    try:
        raw = Path(args.file).read_bytes()
    except OSError as error:
        raise UsageError(f"{args.file}: cannot read the file ({error.strerror})") from None
    try:
        entries = parse_document(raw, args.file)
    except ExchangeError as error:
        raise UsageError(str(error)) from None
    path = _db_path(args.db)
    with _database_errors(path):
        try:
            with Store(path) as store:
                report = import_document(store, entries)
        except StoreError as error:
            raise UsageError(f"--db {path}: {error}") from None
    print_json(report.as_dict())
    return 0
