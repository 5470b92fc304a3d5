"""History's words: when a game was played, a player's place, a series' wins and draws."""

from __future__ import annotations

from typing import Any

from scorekeeper.app.sheet.match import series_tally
from scorekeeper.app.statistics.model import when
from scorekeeper.i18n import Lang, plural_ru


def played_when(created: str | None, finished: str | None, lang: Lang) -> str:
    """When a game was played: '02.12.2026 01:05 — 01:40' within a day, both dates otherwise."""
    start = when(created, lang)
    if not finished:
        return start
    day = when(finished, lang, time=False)
    if day == when(created, lang, time=False):
        return f"{start} — {when(finished, lang)[len(day):].strip()}"
    return f"{start} — {when(finished, lang)}"


def place(rank: int, lang: str) -> str:
    """'2 место' / '2nd place'."""
    if lang == "ru":
        return f"{rank} место"
    suffix = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    return f"{rank}{suffix} place"


def wins(n: int, lang: str) -> str:
    """'2 победы' / '2 wins'."""
    if lang == "ru":
        return f"{n} {plural_ru(n, 'победа', 'победы', 'побед')}"
    return f"{n} {'win' if n == 1 else 'wins'}"


def draws(n: int, lang: str) -> str:
    """'1 ничья' / '1 draw'."""
    if lang == "ru":
        return f"{n} {plural_ru(n, 'ничья', 'ничьи', 'ничьих')}"
    return f"{n} {'draw' if n == 1 else 'draws'}"


def card_note(player: dict[str, Any], sheet: dict[str, Any], lang: str) -> str:
    """Under a player's total on a game's page: the place once it is over, and the wins (and the
    draws) of a series."""
    notes = [place(player["rank"], lang)] if sheet["finished"] else []
    match = sheet.get("match")
    if match is not None and match["mode"] == "series":
        won, drawn = series_tally(match)
        notes.append(wins(won[player["name"]], lang))
        if drawn[player["name"]]:
            notes.append(draws(drawn[player["name"]], lang))
    return " · ".join(notes)
