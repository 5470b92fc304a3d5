"""Safety copies of the database, taken before a schema migration or a restore.

SQLite's own online backup copies a consistent snapshot page by page, even of a file another
connection is writing (a plain file copy can catch a WAL database half-written). The copies lie
beside the file as `NAME.safety-STAMP-REASON.db`; the newest three are kept.
"""

from __future__ import annotations

import re
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

KEPT = 3


def copies(path: str | Path) -> list[Path]:
    """The safety copies of the database at `path`, oldest first."""
    original = Path(path)
    found = original.parent.glob(f"{original.name}.safety-*.db")
    return sorted(found, key=lambda p: p.name)


def safety_copy(db: sqlite3.Connection, path: str | Path, reason: str) -> Path | None:
    """Copy the database open on `db` (the file at `path`) beside it, keeping the last KEPT copies;
    the copy's path, or None where the database is no file."""
    if str(path) == ":memory:":
        return None
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")
    tag = re.sub(r"[^A-Za-z0-9_-]+", "-", reason)[:32] or "copy"
    target = Path(path).with_name(f"{Path(path).name}.safety-{stamp}-{tag}.db")
    copy = sqlite3.connect(target)
    try:
        db.backup(copy)
    finally:
        copy.close()
    for old in copies(path)[:-KEPT]:
        old.unlink(missing_ok=True)
    return target
