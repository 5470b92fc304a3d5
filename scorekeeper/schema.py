"""The store's SQLite schema: each entry of MIGRATIONS moves a file from version i to i + 1."""

from __future__ import annotations

_V1 = """
CREATE TABLE games (
    id        INTEGER PRIMARY KEY,
    variant   TEXT NOT NULL,
    options   TEXT NOT NULL,          -- JSON object of the options given
    created   TEXT NOT NULL,
    finished  TEXT                    -- when the match ended (NULL while it goes on)
);
CREATE TABLE players (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seat      INTEGER NOT NULL,
    name      TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE TABLE actions (
    game_id   INTEGER NOT NULL REFERENCES games(id),
    seq       INTEGER NOT NULL,       -- 1, 2, ... in the order taken
    kind      TEXT NOT NULL,          -- roll, score, cross_out, miss, undo
    payload   TEXT NOT NULL,          -- the action's JSON form (as in a play script)
    player    TEXT,                   -- whose turn it was
    created   TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
-- Derived from the log when a match ends (and removed if an undo reopens it): statistics.
CREATE TABLE results (
    game_id        INTEGER NOT NULL REFERENCES games(id),
    seat           INTEGER NOT NULL,
    name           TEXT NOT NULL,
    variant        TEXT NOT NULL,
    total          INTEGER NOT NULL,  -- regular games' totals (extra games left out)
    rank           INTEGER NOT NULL,
    won            INTEGER NOT NULL,
    premiums       INTEGER NOT NULL,  -- stages with the upper bonus / «гора» premium
    penalties      INTEGER NOT NULL,  -- stages with the «гора» penalty
    fences_earned  INTEGER NOT NULL,
    fences_spent   INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_name ON results(name, variant);
"""

_V2 = """
-- When the players set an unfinished game aside (NULL while it may go on), cleared by its next action
ALTER TABLE games ADD COLUMN abandoned TEXT;
"""

_V3 = """
-- The finished game this one plays again («Ещё партию»): one per finished game, whichever phone asks first
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games(id);
CREATE UNIQUE INDEX games_rematch_of ON games(rematch_of);
"""

_V4 = """
-- Statistics: points outside the boxes (extra Yahtzee bonuses) over the regular games, and games won at
-- once (a Generala servida), filled for the games finished before by replaying them (Store._backfill_v4)
ALTER TABLE results ADD COLUMN extra_points INTEGER NOT NULL DEFAULT 0;
ALTER TABLE results ADD COLUMN won_at_once INTEGER NOT NULL DEFAULT 0;
"""
MIGRATIONS: tuple[str, ...] = (_V1, _V2, _V3, _V4)
SCHEMA_VERSION = len(MIGRATIONS)
