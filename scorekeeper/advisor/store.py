"""Where the solved tables live: shipped in assets/advisor for the default rules, else solved at
first use and kept in the user's cache directory; either way loaded once per process.

A table's name is a fingerprint of what the play depends on (throws, the upper rule, every box's
verdicts), so Kniffel shares Yahtzee's table and a house rule that changes a score gets its own.
"""

from __future__ import annotations

import hashlib
import os
import sys
import tempfile
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import numpy as np

from scorekeeper.advisor.dice import dice
from scorekeeper.advisor.game import Game
from scorekeeper.advisor.solve import Table, solve

FORMAT = 1
CHANCE_STEPS = 65535
_loaded: dict[str, Table] = {}


def assets_dir() -> Path:
    """assets/advisor in the repository ($SCOREKEEPER_ASSETS/advisor where that is set)."""
    env = os.environ.get("SCOREKEEPER_ASSETS")
    base = Path(env) if env else Path(__file__).resolve().parents[2] / "assets"
    return base / "advisor"


def cache_dir() -> Path:
    """The user's cache for tables solved at first use ($SCOREKEEPER_CACHE where that is set)."""
    env = os.environ.get("SCOREKEEPER_CACHE")
    if env:
        return Path(env)
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "scorekeeper" / "advisor"


@lru_cache(maxsize=64)
def fingerprint(game: Game, throws: int) -> str:
    """A name for the table: every verdict the play can meet, the throws and the upper rule."""
    h = hashlib.sha256()
    h.update(f"{FORMAT}|{throws}|{game.boxes}|{game.variant.upper}|{game.tracks_upper}".encode())
    for t in (1, 3):
        v = game.score_table(t)
        for a in (v.score, v.allowed, v.extra):
            h.update(np.ascontiguousarray(a).tobytes())
    if game.poker is not None:  # the sheet-dependent verdicts, on a few telling sheets
        full = (1 << game.n) - 1
        alike = [dice().hand_index((f,) * 5) for f in range(1, 7)]
        for mask in (full & ~(1 << game.poker), full & ~game.upper_bits & ~(1 << game.poker),
                     game.upper_bits, 1 << 2, 1):
            for flag in (0, 1):
                for t in (1, 3):
                    v = game.verdicts(mask, flag, t)
                    for a in (v.score, v.allowed, v.extra):
                        h.update(np.ascontiguousarray(a[:, alike]).tobytes())
    return h.hexdigest()[:16]


def save(table: Table, path: Path) -> None:
    """Write a table compactly: values as float32, the chances in steps of 1/65535 (uint16), states
    that cannot occur as zeros (they compress away)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tab = table.tab
    with tempfile.NamedTemporaryFile(dir=path.parent, suffix=".npz", delete=False) as f:
        np.savez_compressed(f, values=tab[..., 0].astype(np.float32),
                            chances=np.round(np.clip(tab[..., 1:], 0, 1) * CHANCE_STEPS).astype(np.uint16),
                            seconds=table.seconds)
    os.chmod(f.name, 0o644)  # a table shipped or shared is read by everyone
    os.replace(f.name, path)


def load(game: Game, path: Path) -> Table:
    with np.load(path) as data:
        values, chances = data["values"], data["chances"]
        tab = np.empty(values.shape + (1 + chances.shape[-1],), np.float32)
        tab[..., 0] = values
        tab[..., 1:] = chances / np.float32(CHANCE_STEPS)
        return Table(game, tab, float(data["seconds"]))


def table_for(game: Game, throws: int | None = None, build: bool = True,
              solving: Callable[[], None] | None = None) -> Table | None:
    """The solved table of this game: from memory, assets, the cache, or solved now (and cached)."""
    throws = throws or game.variant.throws
    name = fingerprint(game, throws)
    found = _loaded.get(name)
    if found is not None:
        return Table(game, found.tab, found.seconds)
    for place in (assets_dir(), cache_dir()):
        path = place / f"{name}.npz"
        if path.exists():
            table = load(game, path)
            _loaded[name] = table
            return table
    if not build:
        return None
    if solving is not None:
        solving()
    table = solve(game, throws)
    try:
        save(table, cache_dir() / f"{name}.npz")
    except OSError:
        pass  # a read-only home: the table still serves this process
    _loaded[name] = table
    return table
