"""What the share and keep buttons hand out or take in: file names, contents, the restore's summary.

Pure of Flet: the files come from the exchange module and the picture, as the command line's do.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

from scorekeeper.exchange import ExchangeError, export_text, import_document, parse_document
from scorekeeper.exchange.table import csv_text
from scorekeeper.i18n import Lang
from scorekeeper.i18n.ui import tr
from scorekeeper.store import Store, StoreError


@dataclass(frozen=True)
class OutFile:
    """A file to hand to the browser: its name, contents and how many games it holds."""

    name: str
    data: bytes
    games: int


def _today() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%d")


def sheet_file(store: Store, game_id: int, lang: Lang) -> OutFile:
    """The picture of a saved game's sheet."""
    from scorekeeper.app.share.picture import sheet_png

    info, state, _ = store.load(game_id)
    data = sheet_png(state, lang, game_id=game_id, played=info.finished or info.created)
    return OutFile(f"scorekeeper-game-{game_id}.png", data, 1)


def shown_ids(store: Store, player: str | None, variant: str | None) -> list[int]:
    """The ids of the games History lists with this filter, oldest first (as a table reads)."""
    total = store.count_games(player, variant)
    return sorted(int(g["id"]) for g in store.games(player, variant, limit=max(total, 1)))


def games_csv(store: Store, player: str | None, variant: str | None) -> OutFile:
    """The CSV of the games History shows with this filter."""
    ids = shown_ids(store, player, variant)
    return OutFile(f"scorekeeper-games-{_today()}.csv", csv_text(store, ids).encode("utf-8"), len(ids))


def backup(store: Store) -> OutFile:
    """Every game in the exchange file (the same as `scorekeeper export`)."""
    ids = shown_ids(store, None, None)
    return OutFile(f"scorekeeper-backup-{_today()}.json", export_text(store, ids).encode("utf-8"), len(ids))


@dataclass(frozen=True)
class Restored:
    """What a restore did, said to the player: `ok` false where nothing was saved."""

    ok: bool
    message: str
    imported: int = 0
    skipped: int = 0
    updated: tuple[int, ...] = ()  # the ids of saved games the file carried on further


def restore(store: Store, data: bytes | None, name: str, lang: Lang) -> Restored:
    """Import a backup (or a play script) as `scorekeeper import` does: every game replayed first,
    nothing saved on any error."""
    if data is None:
        return Restored(False, tr("restore_nothing", lang))
    try:
        report = import_document(store, parse_document(data, name))
    except ExchangeError as error:
        return Restored(False, tr("restore_failed", lang, why=error.text.in_(lang)))
    except StoreError as error:
        return Restored(False, tr("restore_failed", lang, why=str(error)))
    imported, skipped = len(report.imported), report.skipped
    message = tr("restore_done", lang, imported=imported, skipped=skipped)
    if report.updated:
        message += " " + tr("restore_updated", lang, n=len(report.updated))
    return Restored(True, message, imported, skipped, report.updated)
