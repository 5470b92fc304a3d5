"""What history and statistics show, computed from the store and the games' states (no Flet).

- `running_totals(state)`: each player's total after each of their turns (the line chart of a game);
  `match_running(state)` adds where each game of a match begins.
- `results_over_time(store, variant)`: each finished game's totals, oldest first (results chart).
- `stat_rows(store, player, variant)`: games, wins, average, best, premiums, penalties, fences,
  extra Yahtzee points, games won at once.
- `standings(rows)`: those rows as one table per variant and form of play, the leader first.
- `when(iso, lang)`: a saved date as the table reads it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Any

from scorekeeper.game import CrossOut, Miss, Score, State, apply, new_game
from scorekeeper.i18n import Lang, Text, num, plural_ru
from scorekeeper.i18n.ui import tr
from scorekeeper.rules import get_variant
from scorekeeper.store import Store, match_form

# Line colours: mid tones that read on the light and the dark theme alike (Material 400/300).
PALETTE = (
    "#42A5F5",  # blue
    "#FFA726",  # orange
    "#EC407A",  # pink
    "#26A69A",  # teal
    "#AB47BC",  # purple
    "#D4E157",  # lime
    "#EF5350",  # red
    "#26C6DA",  # cyan
    "#8D6E63",  # brown
    "#7E57C2",  # deep purple
    "#FFEE58",  # yellow
    "#9CCC65",  # light green
)

WEEKDAYS_RU = ("пн", "вт", "ср", "чт", "пт", "сб", "вс")
WEEKDAYS_EN = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
MONTHS_EN = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def colour(index: int) -> str:
    """The line colour of the player in seat `index` (0-based)."""
    return PALETTE[index % len(PALETTE)]


def when(iso: str | None, lang: Lang, *, time: bool = True) -> str:
    """'29.11.2026 14:05' / 'Nov 29, 2026 14:05' in this machine's time zone ('' if unknown)."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return iso[:16]
    clock = f" {moment:%H:%M}" if time else ""
    if lang == "ru":
        return f"{moment:%d.%m.%Y}{clock}"
    return f"{MONTHS_EN[moment.month - 1]} {moment.day}, {moment.year}{clock}"


def day_of(iso: str | None, lang: Lang) -> str:
    """The day a game was played, for History's headings: 'пт, 29.05.2026' / 'Fri, May 29, 2026'."""
    if not iso:
        return ""
    try:
        moment = datetime.fromisoformat(iso).astimezone()
    except ValueError:
        return iso[:10]
    weekday = (WEEKDAYS_RU if lang == "ru" else WEEKDAYS_EN)[moment.weekday()]
    return f"{weekday}, {when(iso, lang, time=False)}"


def local_day(iso: str | None) -> str:
    """The local date of a saved time, '2026-05-29' ('' if unknown)."""
    try:
        return datetime.fromisoformat(iso or "").astimezone().date().isoformat()
    except ValueError:
        return (iso or "")[:10]


def stages_text(n: int) -> Text:
    """'1 этап' / '1 stage', '2 этапа', '5 этапов'."""
    return Text(f"{n} {plural_ru(n, 'этап', 'этапа', 'этапов')}", f"{n} {'stage' if n == 1 else 'stages'}")


def form_name(form: str, lang: Lang) -> str:
    """A match form as the cards and charts name it: 'серия из 3' / 'series of 3', 'до 500' / 'to 500',
    '1 этап' / '1 stage' ('' for single games as the rules have them)."""
    kind, _, size = form.partition(":")
    if kind == "series":
        return tr("stats_form_series", lang, n=size)
    if kind == "target":
        return tr("stats_form_target", lang, n=size)
    if kind == "stages":
        return stages_text(int(size)).in_(lang)
    return ""


def _regular_total(state: State, seat: int) -> int:
    """The seat's total so far: finished regular games of the match plus the game being played."""
    variant = state.variant
    done = sum(g.totals[g.seats.index(seat)] for g in state.games if not g.extra and seat in g.seats)
    if state.finished or state.extra_game or seat not in state.seats:
        return done
    return done + state.sheets[seat].total(variant)


def running_totals(state: State) -> list[list[int]]:
    """Per seat: the total after each of that player's turns, starting at 0 before the first. A
    player who sits an extra game out keeps their total through its rounds (a point for each), so
    that every player's next game is drawn at the same turns as the others'."""
    return match_running(state)[0]


@dataclass(frozen=True)
class GameStart:
    """Where a game of a match after the first begins on the running totals' turn axis: between
    the turns `at` - 0.5 and `at` + 0.5 (every player's series has the same turns there)."""

    at: float
    extra: bool  # an extra game between those tied


def match_running(state: State) -> tuple[list[list[int]], list[GameStart]]:
    """`running_totals(state)`, and where each game of a match after the first begins (once a turn
    of it is written)."""
    actions = state.effective_actions()
    replayed = new_game(state.variant, state.players)
    series: list[list[int]] = [[0] for _ in state.players]
    starts: list[GameStart] = []
    for action in actions:
        seat, playing, games = replayed.seat, replayed.seats, len(replayed.games)
        replayed = apply(replayed, action)
        if isinstance(action, Score | CrossOut | Miss) and seat is not None:
            series[seat].append(_regular_total(replayed, seat))
            if seat == playing[0]:  # a round of the game begins: those sitting it out stay where they were
                for other in (s for s in range(len(state.players)) if s not in playing):
                    series[other].append(series[other][-1])
        if len(replayed.games) > games and not replayed.finished:
            starts.append(GameStart(max(len(points) for points in series) - 0.5, replayed.extra_game))
    turns = max(len(points) for points in series) - 1
    return series, [start for start in starts if start.at < turns]  # a game begun, not only due


@dataclass(frozen=True)
class GameResult:
    """One finished game of a variant, in the order they were played."""

    game_id: int
    finished: str
    totals: dict[str, int]  # player -> total
    winners: tuple[str, ...]


def results_over_time(store: Store, variant: str, player: str | None = None, limit: int = 60,
                      form: str | None = None) -> list[GameResult]:
    """The latest `limit` finished games of `variant` (of `player`, if given; played in `form`, see
    `match_form`, if given), oldest first."""
    sql = ("SELECT r.game_id, g.finished, r.name, r.total, r.won, g.options FROM results r "
           "JOIN games g ON g.id = r.game_id WHERE r.variant = ?")
    params: list[Any] = [variant]
    if player is not None:
        sql += " AND r.game_id IN (SELECT game_id FROM results WHERE name = ?)"
        params.append(player)
    sql += " ORDER BY g.finished, r.game_id, r.seat"
    games: dict[int, GameResult] = {}
    for game_id, finished, name, total, won, options in store.execute(sql, params):
        if form is not None and match_form(variant, options) != form:
            continue
        result = games.get(game_id)
        if result is None:
            result = games[game_id] = GameResult(game_id, finished or "", {}, ())
        result.totals[name] = int(total)
        if won:
            games[game_id] = GameResult(game_id, result.finished, result.totals, result.winners + (name,))
    return list(games.values())[-limit:]


@dataclass(frozen=True)
class StatRow:
    """One player in one variant, over the finished games."""

    name: str
    variant: str
    games: int
    wins: int
    average: float
    best: int
    premiums: int
    penalties: int
    fences_earned: int
    fences_spent: int
    fences: bool  # the variant has fences (ru_fences): show the fence counts
    premium_rule: bool = True  # the variant's upper section can earn a bonus / premium: show the count
    penalty_rule: bool = True  # ... or cost a penalty («гора»)
    premium_word: str = "premiums"  # the count's name: «Премии» for the «гора», «Бонусы» for a sum's bonus
    form: str = ""  # how the games were played: '' one game each, 'series:3', 'target:500' (see match_form)
    extra_points: int = 0  # points outside the boxes (extra Yahtzee bonuses)
    won_at_once: int = 0  # games won at once (a Generala servida)
    extras_rule: bool = False  # the variant can earn the one (show its count) ...
    at_once_rule: bool = False  # ... or the other

    @property
    def identifier(self) -> str:
        """The row's test identifier: `stats-row-<name>-<variant>`, then `-series3` or `-target500`
        for matches."""
        own = f"-{self.form.replace(':', '')}" if self.form else ""
        return f"stats-row-{self.name}-{self.variant}{own}"

    @property
    def win_share(self) -> str:
        """'40%' of the games won."""
        return f"{round(100 * self.wins / self.games)}%" if self.games else "—"

    @property
    def standing(self) -> tuple[int, int, float]:
        """How the row ranks in its table, lower first: most wins, then fewer games for them (a
        higher share of games won), then the higher average. Without a win, the number of games
        says nothing: the average alone ranks."""
        return -self.wins, self.games if self.wins else 0, -self.average


@lru_cache(maxsize=64)
def _rules(variant: str) -> tuple[bool, bool, bool, str, bool, bool]:
    """The variant has fences, an upper bonus or premium, an upper penalty (as it is by default);
    the catalogue key of what its upper section earns (a «гора»'s premiums, a sum's bonuses); and
    whether it earns points outside the boxes (extra Yahtzees) or a game at once (Generala servida)."""
    try:
        v = get_variant(variant)
    except Exception:
        return False, False, False, "premiums", False, False
    upper = v.upper
    word = "premiums" if upper is not None and upper.mode == "gora" else "bonuses"
    return (bool(v.fences), upper is not None and upper.bonus > 0, upper is not None and upper.penalty > 0, word,
            v.has_extras, v.can_win_at_once)


def _stat_row(r: dict[str, Any]) -> StatRow:
    """One row of Store.player_stats, with what its variant can earn."""
    fences, premium, penalty, word, extras, at_once = _rules(r["variant"])
    return StatRow(
        name=r["name"],
        variant=r["variant"],
        games=int(r["games"]),
        wins=int(r["wins"] or 0),
        average=float(r["average"] or 0.0),
        best=int(r["best"] or 0),
        premiums=int(r["premiums"] or 0),
        penalties=int(r["penalties"] or 0),
        fences_earned=int(r["fences_earned"] or 0),
        fences_spent=int(r["fences_spent"] or 0),
        fences=fences,
        premium_rule=premium or bool(r["premiums"]),
        penalty_rule=penalty or bool(r["penalties"]),
        premium_word=word,
        form=r.get("form", ""),
        extra_points=int(r.get("extra_points") or 0),
        won_at_once=int(r.get("won_at_once") or 0),
        extras_rule=extras or bool(r.get("extra_points")),
        at_once_rule=at_once or bool(r.get("won_at_once")),
    )


def stat_rows(store: Store, player: str | None = None, variant: str | None = None) -> list[StatRow]:
    """Per player, variant and form of play (single games, a series of N, to a target): the variant
    played most first (single games before matches), and in each the season's leader first: most
    wins, then fewer games (a higher share), then the higher average, then by name (StatRow.standing)."""
    rows = [_stat_row(r) for r in store.player_stats(player, variant)]
    played: dict[str, int] = {}
    for row in rows:
        played[row.variant] = played.get(row.variant, 0) + row.games
    return sorted(rows, key=lambda r: (-played[r.variant], r.variant, r.form != "", r.form, *r.standing, r.name))


@dataclass(frozen=True)
class Standings:
    """The players of one variant played in one form (see `match_form`), the leader first."""

    variant: str
    form: str
    rows: tuple[StatRow, ...]

    @property
    def identifier(self) -> str:
        """The table's test identifier: `stats-table-<variant>`, then `-series3` or `-target500`."""
        own = f"-{self.form.replace(':', '')}" if self.form else ""
        return f"stats-table-{self.variant}{own}"


def standings(rows: list[StatRow]) -> list[Standings]:
    """`stat_rows` as one table per variant and form of play, in their order (rows of one table
    together, the leader first)."""
    tables: dict[tuple[str, str], list[StatRow]] = {}
    for row in rows:
        tables.setdefault((row.variant, row.form), []).append(row)
    return [Standings(variant, form, tuple(group)) for (variant, form), group in tables.items()]


def decimal(value: float, lang: Lang) -> str:
    """An average to one decimal with a real minus sign, the Russian decimal comma in Russian:
    '311,0' / '311.0'."""
    text = num(f"{value:.1f}")
    return text.replace(".", ",") if lang == "ru" else text


def finished_players(store: Store) -> list[str]:
    """The names of the players of finished games (the statistics count no other), the latest first."""
    rows = store.execute("SELECT name FROM results GROUP BY name ORDER BY max(game_id * 100000 - seat) DESC")
    return [str(r[0]) for r in rows]


def finished_variants(store: Store) -> list[str]:
    """The variants of the finished games, the one finished last first."""
    rows = store.execute("SELECT variant FROM games WHERE finished IS NOT NULL GROUP BY variant ORDER BY max(id) DESC")
    return [str(r[0]) for r in rows]


def competition_places(rows: Sequence[StatRow]) -> list[int]:
    """The places of a table's rows, leader first: those level (StatRow.standing) share a place,
    and the next one skips (1, 1, 3)."""
    keys = [r.standing for r in rows]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def played_variants(store: Store) -> list[str]:
    """The variants of the saved games, most recently played first."""
    rows = store.execute("SELECT variant FROM games GROUP BY variant ORDER BY max(id) DESC")
    return [str(r[0]) for r in rows]


def axis_step(top: float, ticks: int = 5) -> float:
    """A round step for about `ticks` labels up to `top` (1, 2, 5, 10, 20, 50, …)."""
    if top <= 0:
        return 1.0
    raw = top / ticks
    step = 1.0
    while step * 10 <= raw:
        step *= 10
    for factor in (1, 2, 5, 10):
        if step * factor >= raw:
            return step * factor
    return step * 10


def totals_by_game(store: Store, game_ids: list[int]) -> dict[int, dict[str, int]]:
    """The saved results (player -> total) of these finished games."""
    if not game_ids:
        return {}
    marks = ",".join("?" * len(game_ids))
    found: dict[int, dict[str, int]] = {}
    for game_id, name, total in store.execute(
        f"SELECT game_id, name, total FROM results WHERE game_id IN ({marks}) ORDER BY game_id, seat", game_ids
    ):
        found.setdefault(int(game_id), {})[name] = int(total)
    return found
