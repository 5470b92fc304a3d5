"""A match in words: the games played, the series' wins, the lines under the sheet, the news of a
game that just ended."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper.game import State
from scorekeeper.i18n import Lang, num, scored
from scorekeeper.i18n.ui import tr


def name_list(names: Sequence[str], lang: Lang) -> str:
    """«Аня», «Аня и Борис», «Аня, Борис и Вера» ('Ann, Bob and Vera')."""
    if len(names) <= 2:
        return tr("match_and", lang).join(names)
    return f"{', '.join(names[:-1])}{tr('match_and', lang)}{names[-1]}"


def _scores(values: dict[str, int], names: list[str]) -> str:
    """'Аня 376, Борис 376, Вера 334': the players in seat order, those with a value."""
    return ", ".join(scored(name, values[name]) for name in names if name in values)


def drawn_games(match: dict[str, Any]) -> list[dict[str, Any]]:
    """The games of a series that stay draws: tied for first and no extra game after them (ties
    shared). A game tied for first is otherwise won by the winner of the extra game its leaders
    play next (scorekeeper.game.series)."""
    games = match["games"]
    drawn = []
    for index, game in enumerate(games):
        if game["extra_game"] or len(game["winners"]) < 2:
            continue
        settled = games[index + 1]["extra_game"] if index + 1 < len(games) else match["extra_game"]
        if not settled:
            drawn.append(game)
    return drawn


def series_tally(match: dict[str, Any]) -> tuple[dict[str, int], dict[str, int]]:
    """The games of a series each player won, and those they drew (drawn_games), by name: the match
    counts a drawn game for each of its leaders, the sheet says it was a draw."""
    drawn = dict.fromkeys(match["wins"], 0)
    for game in drawn_games(match):
        for name in game["winners"]:
            drawn[name] += 1
    won = {name: wins - drawn[name] for name, wins in match["wins"].items()}
    return won, drawn


def series_words(match: dict[str, Any], names: list[str], lang: Lang) -> list[str]:
    """'победы: Аня 1, Борис 1', then 'ничьих: 1' (every player drew) or 'ничьи: Аня 1, Борис 1'."""
    won, drawn = series_tally(match)
    words = [tr("match_wins", lang, scores=_scores(won, names))]
    draws = drawn_games(match)
    if draws and all(len(g["winners"]) == len(names) for g in draws):
        words.append(tr("match_draw_count", lang, n=len(draws)))
    elif draws:
        words.append(tr("match_draws", lang, scores=_scores({n: d for n, d in drawn.items() if d}, names)))
    return words


def match_line(sheet: dict[str, Any], lang: Lang, games: bool = True) -> str:
    """The match at a glance, under the turn line: 'Игра 2 из 3 · победы: Аня 1, Борис 0',
    'До 400: Аня 376, Борис 376, Вера 334', who plays an extra game ('' for a single game); once
    it is over, every game's totals too, unless `games` is false (a page listing them apart)."""
    match = sheet.get("match")
    if match is None:
        return ""
    names = [p["name"] for p in sheet["players"]]
    parts: list[str] = []
    if match["extra_game"]:
        playing = [p["name"] for p in sheet["players"] if p.get("playing")]
        parts.append(tr("match_extra_players", lang, names=name_list(playing, lang)))
    if match["mode"] == "series":
        if sheet["finished"]:
            parts.append(tr("match_series_of", lang, of=match["series_games"]))
        elif not match["extra_game"]:
            regular = sum(1 for g in match["games"] if not g["extra_game"])
            parts.append(tr("match_game_of", lang, n=regular + 1, of=match["series_games"]))
        parts += series_words(match, names, lang)
    elif match["mode"] == "target":
        parts.append(tr("match_to_target", lang, target=match["target"], scores=_scores(match["totals"], names)))
    if games and sheet["finished"] and len(match["games"]) > 1:
        # The whole story of the match: every game, the first included.
        parts += [f"{game_title(g, lang)}: {_scores(g['totals'], names)}" for g in played_games(match)]
    return " · ".join(parts)


def played_games(match: dict[str, Any]) -> list[dict[str, Any]]:
    """The match's finished games, each regular one numbered among the regular games only (the
    match's own "number" counts the extra games too: the second game of a series after an extra
    game is «Игра 2», not «Игра 3»)."""
    games: list[dict[str, Any]] = []
    regular = 0
    for game in match["games"]:
        regular += not game["extra_game"]
        games.append(game if game["extra_game"] else {**game, "number": regular})
    return games


def game_title(game: dict[str, Any], lang: Lang) -> str:
    """'Игра 1', 'Доп. игра'."""
    return tr("match_extra", lang) if game["extra_game"] else tr("match_game_n", lang, n=game["number"])


def game_result(game: dict[str, Any], names: list[str], lang: Lang, over: bool = False) -> str:
    """One finished game of a match (an entry of the sheet's match "games"): 'Игра 1: Аня 213,
    Борис 192. Победа: Аня.'; `over`: said as news, 'Игра 1 окончена: …'."""
    title = game_title(game, lang)
    scores = _scores(game["totals"], names)
    head = tr("match_game_over", lang, game=title, scores=scores) if over else f"{title}: {scores}."
    winners = game["winners"]
    outcome = tr("match_game_tied" if len(winners) > 1 else "match_game_won", lang, names=", ".join(winners))
    return f"{head} {outcome}"


def game_over_note(state: State, lang: Lang) -> str:
    """The news of a match's game that just ended, said on the sheet until the next game has its
    first box written: its result, and who plays an extra game ('' otherwise)."""
    if state.finished or not state.games or any(state.sheets[s].filled for s in state.seats):
        return ""
    sheet = state.sheet()
    names = [p["name"] for p in sheet["players"]]
    match = sheet["match"]
    last = played_games(match)[-1]
    note = game_result(last, names, lang, over=True)
    if state.extra_game:
        leaders = [state.players[s] for s in state.seats]
        if len(last["winners"]) == 1:  # the game was won, the match is tied: say how
            if match["mode"] == "series":
                won, _ = series_tally(match)
                note += f" {tr('match_tied_wins', lang, scores=_scores({n: won[n] for n in leaders}, leaders))}."
            elif match["mode"] == "target":
                totals = {n: match["totals"][n] for n in leaders}
                note += f" {tr('match_tied_total', lang, target=match['target'], scores=_scores(totals, leaders))}."
        note += f" {tr('match_extra_players', lang, names=name_list(leaders, lang))}."
    return note


@dataclass(frozen=True)
class MatchRow:
    """A line under the game's totals in a match: its identifiers' prefix, its label, a value per player."""

    key: str
    label: str
    values: list[str]


def match_rows(sheet: dict[str, Any], lang: Lang) -> list[MatchRow]:
    """The match under the game's totals: the totals carried towards the target, the wins of a
    series, and the places once the match is over (none for a single game)."""
    match = sheet.get("match")
    if match is None:
        return []
    names = [p["name"] for p in sheet["players"]]
    rows: list[MatchRow] = []
    if match["mode"] == "target":
        rows.append(MatchRow("match-total", tr("match_total", lang), [num(match["totals"][n]) for n in names]))
    elif match["mode"] == "series":
        won, drawn = series_tally(match)
        rows.append(MatchRow("wins", tr("series_wins", lang), [str(won[n]) for n in names]))
        if any(drawn.values()):
            rows.append(MatchRow("draws", tr("series_draws", lang), [str(drawn[n]) for n in names]))
    if sheet["finished"]:
        shown = shown_games(match, names, lang)
        if len(set(shown)) > 1:  # the columns hold different games: say which, so no one compares them
            rows.append(MatchRow("shown-game", tr("shown_game", lang), shown))
        rows.append(MatchRow("place", tr("match_place", lang), [str(p["rank"]) for p in sheet["players"]]))
    return rows


def shown_games(match: dict[str, Any], names: list[str], lang: Lang) -> list[str]:
    """The game each player's column holds once the match is over, the last they played: '1', 'доп. 2'."""
    shown: list[str] = []
    for name in names:
        extras = 0
        last = ""
        for game in played_games(match):
            extras += game["extra_game"]
            if name in game["totals"]:
                last = tr("extra_short", lang, n=extras) if game["extra_game"] else str(game["number"])
        shown.append(last)
    return shown
