"""What the sheet shows, computed from the game's state: rows, cells, previews, the «гора» meter.

Nothing here decides a rule: scores, previews and reasons all come from the game (`State.preview`,
`State.sheet()`), this module only arranges them for the screen.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from scorekeeper.game import GameError, State
from scorekeeper.game.moves import Move
from scorekeeper.i18n import Lang, Text, num, scored
from scorekeeper.i18n.ui import tr
from scorekeeper.rules import Evaluation, Variant
from scorekeeper.rules.boxes import GORA_PAR

NARROW_CELL = 64  # px: a player's column narrower than this shows the short form of a note

RowKind = Literal["box", "upper", "extra", "stage_total"]
CellKind = Literal["written", "crossed", "preview", "greyed", "open", "closed", "strike"]


@dataclass(frozen=True)
class Row:
    """One row of a stage: a box, the upper section's result («гора»), the points earned outside
    the boxes (extra Yahtzees), or the stage's total."""

    kind: RowKind
    label: Text
    box_id: str | None = None


def stage_rows(variant: Variant) -> list[Row]:
    """The rows of one stage, grouped as on paper: upper boxes, their result, the rest, then the
    extra points where the variant can give them (they count in the total like a box)."""
    rows = [Row("box", box.name, box.id) for box in variant.boxes if box.section == "upper"]
    if rows and variant.upper is not None:  # a result row only where the upper part earns one
        label = Text("Гора", "Gora") if variant.fences else Text("Верх", "Upper")
        rows.append(Row("upper", label))
    rows += [Row("box", box.name, box.id) for box in variant.boxes if box.section == "lower"]
    if variant.has_extras:
        rows.append(Row("extra", Text("Доп. бонусы", "Extra bonuses")))
    if variant.stages > 1:
        rows.append(Row("stage_total", Text("Сумма этапа", "Stage total")))
    return rows


def previews(state: State, stage: int | None = None) -> dict[str, Evaluation | None]:
    """For the current player's open boxes of the current stage (or of `stage`, where the player
    chooses the stage) after a throw: what each would give (None: the game does not allow it now).
    Empty before the first throw."""
    if state.finished or state.throws == 0:
        return {}
    found: dict[str, Evaluation | None] = {}
    for box_id in state.open_boxes(stage):
        try:
            found[box_id] = state.preview(box_id, stage=stage)
        except (GameError, ValueError):
            found[box_id] = None
    return found


def best_box(variant: Variant, hints: dict[str, Evaluation | None]) -> str | None:
    """The open box this throw scores most in (one it makes, not a 0 written; the first of
    equals in the sheet's order), or None where it makes none."""
    best: tuple[int, str] | None = None
    for box_id in variant.box_ids:
        found = hints.get(box_id)
        if found is None or not found.allowed or not found.valid:
            continue
        score = found.score + found.extra
        if best is None or score > best[0]:
            best = (score, box_id)
    return best[1] if best is not None else None


def row_span(variant: Variant, box_id: str, above: float, box_h: float, other_h: float, line: float
             ) -> tuple[float, float]:
    """Where a box's row lies in the sheet's scrolling part: (top, height) in pixels from its start,
    given what lies above the first row (`above`), the heights of a box's row and of the other
    rows (the «гора», totals), and the line under each."""
    top = above
    for row in stage_rows(variant):
        height = box_h if row.kind == "box" else other_h
        if row.kind == "box" and row.box_id == box_id:
            return top, height
        top += height + line
    raise KeyError(box_id)


def reveal_offset(top: float, height: float, offset: float, viewport: float, margin: float = 8.0
                  ) -> float | None:
    """The scroll offset that brings the span [top, top + height] into a viewport `viewport` tall
    scrolled to `offset`, moving it as little as it can; None where it is in view already."""
    if top < offset:
        return max(top - margin, 0.0)
    if top + height > offset + viewport:
        return max(top + height + margin - viewport, 0.0)
    return None


@dataclass(frozen=True)
class Cell:
    """One box of one player: the text to read (score or empty) and how it looks."""

    text: str  # what a test or a screen reader reads: the score, or empty while open
    shown: str  # what is drawn (a preview, a cross)
    kind: CellKind
    tappable: bool


def box_cell(
    sheet: dict[str, Any],
    state: State,
    seat: int,
    stage: int,
    box_id: str,
    hints: dict[str, Evaluation | None],
    striking: Collection[str] | None = None,
) -> Cell:
    """The cell of box `box_id` for player `seat` (0-based) in `stage` (1-based). `striking`: while
    the player is about to cross a box out, the boxes that may be struck, each drawn as the cross
    it would take; the player's other open boxes are then drawn empty (a tap says why not)."""
    stage_sheet = sheet["players"][seat]["stages"][stage - 1]
    written = stage_sheet["boxes"].get(box_id)
    if written is not None:
        if box_id in stage_sheet["crossed"]:
            return Cell(num(written), "—", "crossed", False)
        return Cell(num(written), drawn_score(state.variant, box_id, written), "written", False)
    current = not state.finished and state.seat == seat and (
        state.stage == stage or state.variant.stage_order == "any")  # "any": the player picks the stage
    if not current:
        return Cell("", "", "closed", False)
    if striking is not None:
        return Cell("", "—", "strike", True) if box_id in striking else Cell("", "", "open", True)
    if box_id not in hints:
        return Cell("", "", "open", True)
    hint = hints[box_id]
    if hint is None or not hint.valid:
        return Cell("", "0" if hint is not None else "", "greyed", True)
    # the extra Yahtzee's +100 too
    shown = f"{num(hint.score)}+{hint.extra}" if hint.extra else drawn_score(state.variant, box_id, hint.score)
    return Cell("", shown, "preview", True)


def drawn_score(variant: Variant, box_id: str, score: int) -> str:
    """A box's score as drawn: the «гора»'s boxes with their sign, as on paper (+4, −8; RULES.md
    §3.4), the others as numbers."""
    return signed(score) if variant.fences and variant.box(box_id).section == "upper" else num(score)


def why_closed(sheet: dict[str, Any], state: State, seat: int, stage: int, box_id: str, lang: Lang) -> str | None:
    """Why a box that is not tappable takes nothing now, said to the player who taps it (None
    once the game is over, or where the box is open)."""
    if state.finished:
        return None
    box = state.variant.box(box_id).name.in_(lang)
    stage_sheet = sheet["players"][seat]["stages"][stage - 1]
    written = stage_sheet["boxes"].get(box_id)
    if written is not None:
        if box_id in stage_sheet["crossed"]:
            return tr("why_crossed", lang, box=box)
        return tr("why_written", lang, box=box, n=drawn_score(state.variant, box_id, written))
    turn = state.seats[state.turn_index]
    if turn != seat:
        return tr("why_their_turn", lang, player=state.players[turn], owner=state.players[seat])
    if state.stage != stage and state.variant.stage_order == "sequential":
        return tr("why_stage_later" if stage > state.stage else "why_stage_over", lang, stage=stage, now=state.stage)
    return None


def signed(n: int) -> str:
    """+4, −8, 0 (a true minus, as History and Statistics write it)."""
    return f"+{n}" if n > 0 else num(n)


@dataclass(frozen=True)
class Meter:
    """The upper section of one stage for one player: net so far and what it means."""

    text: str  # the value read by tests: the signed net (gora; empty before its first box) or the sum so far
    note: str  # what is still needed, or the premium / penalty once complete
    tone: Literal["good", "bad", "neutral"]
    short: str | None = None  # the note for a narrow column, where it differs: the premium's points alone
    cell: str | None = None  # the note under the net in any column, where the note is too long for one

    def note_in(self, width: float) -> str:
        """The note for a column this wide (px)."""
        if self.cell is not None:
            return self.cell
        return self.short if self.short is not None and width < NARROW_CELL else self.note


def upper_meter(variant: Variant, stage_sheet: dict[str, Any], lang: Lang) -> Meter:
    """The «гора» meter (ru_fences) or the upper sum against its bonus (Yahtzee-style)."""
    upper = int(stage_sheet["upper"])
    bonus = int(stage_sheet["bonus"])
    filled = all(stage_sheet["boxes"].get(b) is not None for b in variant.upper_ids)
    rule = variant.upper
    if rule is None:
        return Meter(num(upper), "", "neutral")
    if rule.mode == "gora":
        if not any(stage_sheet["boxes"].get(b) is not None for b in variant.upper_ids):
            return Meter("", "", "neutral")  # nothing written yet: no net, nothing to read as a result
        text = signed(upper)
        if filled:
            if upper < 0 and rule.penalty_mode == "replace_net":  # the penalty stands instead of the net
                whole = signed(upper + bonus)  # (the "bonus" is what takes the net there, up or down)
                note = tr("penalty_instead", lang, penalty=whole, net=text) if bonus else f"{tr('penalty', lang)} {whole}"
                return Meter(text, note, "bad", whole, tr("gora_comes_to", lang, total=whole))
            if bonus > 0:
                return Meter(text, f"{tr('premium', lang)} {signed(bonus)}", "good", signed(bonus))
            if bonus < 0:
                return Meter(text, f"{tr('penalty', lang)} {signed(bonus)}", "bad", signed(bonus))
            return Meter(text, tr("gora_even", lang), "neutral")
        if upper > 0:
            return Meter(text, tr("gora_ahead", lang, n=upper), "good")
        if upper < 0:
            return Meter(text, tr("gora_needed", lang, n=-upper), "bad")
        return Meter(text, tr("gora_even", lang), "neutral")
    text = num(upper)
    if filled:
        if bonus > 0:
            return Meter(text, f"{tr('bonus', lang)} {signed(bonus)}", "good", signed(bonus))
        return Meter(text, tr("no_bonus", lang), "neutral")
    missing = max(0, rule.threshold - upper)
    return Meter(text, tr("upper_needed", lang, n=missing) if missing else f"{tr('bonus', lang)} +{rule.bonus}",
                 "neutral" if missing else "good")


def gora_sums(variant: Variant, stage_sheet: dict[str, Any], lang: Lang) -> str:
    """The «гора» of one stage said both ways (RULES.md §3.4): by sign, and as the dice's own sum
    against three of each face (63 for all six boxes), with what it means so far; '' where no
    «гора» box is written yet, or the variant has no «гора».

    «По знакам +4, по сумме кубиков 67 из 63: премия +50.»"""
    rule = variant.upper
    if rule is None or rule.mode != "gora":
        return ""
    written = {b: int(stage_sheet["boxes"][b]) for b in variant.upper_ids if stage_sheet["boxes"].get(b) is not None}
    if not written:
        return ""
    par = {b: GORA_PAR * (variant.box(b).face or 0) for b in variant.upper_ids}  # three of each face
    raw = sum(score + par[b] for b, score in written.items())  # each box's count times its face
    target = sum(par[b] for b in written)
    meter = upper_meter(variant, stage_sheet, lang)
    if len(written) == len(variant.upper_ids):
        return tr("gora_sums_done", lang, net=meter.text, raw=raw, target=target, result=meter.note)
    return tr("gora_sums", lang, net=meter.text, raw=raw, target=target, all=sum(par.values()), result=meter.note)


def _ended_at_once(before: State | None, after: State) -> bool:
    """The move from `before` to `after` ended a game before its sheet was full (a Generala servida)."""
    return (before is not None and len(after.games) > len(before.games)
            and after.games[-1].won_at_once is not None)


def won_at_once(state: State, lang: Lang) -> str:
    """Why a game over is won before its sheet is full: 'Генерала с первого броска (servida)' ('' otherwise)."""
    from scorekeeper.game import Score

    action = state.last_action
    if not state.finished or not isinstance(action, Score) or not _ended_at_once(state.previous, state):
        return ""
    return tr("won_at_once", lang, box=state.variant.box(action.box).name.in_(lang))


def winners_line(state: State, lang: Lang) -> str:
    """'Победа: Борис', with why where a first-throw Generala ended the game at once."""
    line = tr("winners", lang, names=", ".join(state.sheet()["winners"]))
    why = won_at_once(state, lang)
    return f"{line} — {why}" if why else line


def turn_line(state: State, lang: Lang) -> str:
    """Whose turn, stage, throw k of m (or who won, and why when a Generala servida ended it)."""
    sheet = state.sheet()
    if state.finished:
        return f"{tr('finished', lang)}. {winners_line(state, lang)}"
    turn = sheet["turn"]
    parts = [tr("turn_of", lang, name=turn["player"])]
    if state.variant.stages > 1:
        parts.append(tr("stage_n", lang, n=turn["stage"]))
    if state.variant.one_throw:
        parts.append(f"{tr('tour', lang)} {state.sheets[state.seat or 0].filled + 1}")
    else:
        parts.append(tr("throw_k_of_m", lang, k=turn["throws"], m=turn["throws_allowed"]))
    return " · ".join(parts)


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


def _written(before: State, after: State, box_id: str) -> int | None:
    """The score that an action wrote into `box_id` (the column of the player who acted)."""
    seat = before.seat
    if seat is None:
        return None
    for old, new in zip(before.sheets[seat].stages, after.sheets[seat].stages, strict=False):
        if box_id not in old.written and box_id in new.written:
            return int(new.written[box_id])
    return None


def _extra_won(before: State, after: State) -> int:
    """The bonus outside the boxes (an extra Yahtzee's) that an action added to its player's column."""
    seat = before.seat
    if seat is None or len(after.games) > len(before.games):
        return 0
    return sum(new.extra - old.extra
               for old, new in zip(before.sheets[seat].stages, after.sheets[seat].stages, strict=False))


def describe(before: State, after: State, lang: Lang) -> str:
    """One action in words: '5-5-5-2-3', 'Тройка 15', 'Фулл — вычеркнута'."""
    from scorekeeper.game import CrossOut, Miss, Roll, RollWithoutDice, Score

    action = after.last_action
    variant = after.variant
    if isinstance(action, Roll):
        return "-".join(str(v) for v in action.values)
    if isinstance(action, RollWithoutDice):  # a throw recorded without its dice: those kept, '?' the others
        return "-".join([*(str(v) for v in action.kept), *"?" * (5 - len(action.kept))]) if action.kept else "?"
    if isinstance(action, Score | CrossOut):
        name = variant.box(action.box).name.in_(lang)
        score = _written(before, after, action.box)
        if score is None and isinstance(action, Score) and len(after.games) > len(before.games):
            # The move ended a game of a match: its column was cleared for the next game.
            score = before.preview(action.box, action.value, action.stage).score
        extra = _extra_won(before, after)
        bonus = f" · {tr('extra_move', lang, n=extra, box=variant.box('poker').name.in_(lang))}" if extra else ""
        if isinstance(action, CrossOut):
            return f"{name} — {tr('crossed', lang)}{bonus}"
        written = f"{name} {drawn_score(variant, action.box, score)}{bonus}" if score is not None else f"{name}{bonus}"
        return f"{written} — {tr('won_at_once_move', lang)}" if _ended_at_once(before, after) else written
    if isinstance(action, Miss):  # a missed football tour: the organiser closed its lowest open box
        try:
            box = before.missed_box()
        except GameError:
            return tr("missed_tour_move", lang, box="—")
        return tr("missed_tour_move", lang, box=box.name.in_(lang))
    return "—"


def _chain(state: State) -> list[Move]:
    """The actions that made `state` (undone ones dropped), oldest first."""
    found: list[Move] = []
    walker: State | None = state
    while walker is not None and walker.previous is not None and walker.last_action is not None:
        found.append(Move(walker.last_action, walker.previous, walker))
        walker = walker.previous
    return list(reversed(found))


def _marked(text: str, move: Move, lang: Lang) -> str:
    """'Единицы 3 (отменено)' for a move an Undo took back."""
    return f"{text} ({tr('undone_mark', lang)})" if move.undone else text


def turns_played(state: State, lang: Lang, limit: int | None = 12, log: Sequence[Move] | None = None) -> list[str]:
    """The latest turns, newest first: 'Аня: 5-5-5-2-3 · Тройка 15'. Given the whole `log`, the
    moves taken back are kept in their place, marked: 'Аня: 1-1-1-2-3 · Единицы 3 (отменено)'."""
    from scorekeeper.game import Roll, RollWithoutDice, Undo

    lines: list[str] = []
    throws: list[Move] = []  # the throws of the turn not yet written

    def line(player: str | None, written: Move | None = None) -> str:
        # A box taken back is marked once, not each of its throws again.
        marks = written is None or not written.undone
        shown = ", ".join(_marked(describe(t.before, t.after, lang), t, lang) if marks else
                          describe(t.before, t.after, lang) for t in throws)
        box = "" if written is None else _marked(describe(written.before, written.after, lang), written, lang)
        return f"{player}: " + (f"{shown} · {box}" if shown and box else shown or box)

    for move in _chain(state) if log is None else log:
        if isinstance(move.action, Undo):
            continue
        player = move.before.player_name
        if throws and throws[0].before.player_name != player:  # a turn taken back before its box
            lines.append(line(throws[0].before.player_name))
            throws = []
        if isinstance(move.action, Roll | RollWithoutDice):
            throws.append(move)
            continue
        lines.append(line(player, move))
        # A box taken back leaves the turn's throws that still stand for the box written instead.
        throws = [t for t in throws if not t.undone] if move.undone else []
    if throws:
        lines.append(line(throws[0].before.player_name))
    return list(reversed(lines))[:limit]


def _taken_back(move: Move, lang: Lang) -> str:
    """'Аня — Единицы 3', 'Борис — бросок 6-6-6-1-2'."""
    from scorekeeper.game import Roll, RollWithoutDice

    if isinstance(move.action, RollWithoutDice):
        what = tr("undone_throw_without_dice", lang)
    elif isinstance(move.action, Roll):
        # Football's «throw» is a tour's goals: said as the rest of its screen says it.
        what = tr("undone_tour" if move.before.variant.one_throw else "undone_throw", lang,
                  dice=describe(move.before, move.after, lang))
    else:
        what = describe(move.before, move.after, lang)
    return f"{move.before.player_name} — {what}"


def undo_note(log: Sequence[Move], lang: Lang) -> str:
    """What the latest action took back, when it was an Undo: 'Отменено: Аня — Единицы 3' ('' otherwise)."""
    if not log or not log[-1].takes_back:
        return ""
    return tr("undone", lang, what="; ".join(_taken_back(log[i], lang) for i in log[-1].takes_back))


def others_move(state: State, lang: Lang) -> tuple[str, str] | None:
    """Whose move an Undo would take back and the move ('Борис', 'Шестёрки 18'), where it was made
    in another player's turn than the current one (None where the undo stays in this turn)."""
    before = state.previous
    if before is None or state.finished or before.player_name == state.player_name:
        return None
    return str(before.player_name), describe(before, state, lang)


def cell_name(player: str, row: str, value: str, lang: Lang) -> str:
    """A sheet cell as a screen reader says it: «Аня · Итого: 45» («Борис · Гора» while empty)."""
    return tr("cell_of", lang, name=player, row=row, value=value) if value else f"{player} · {row}"


def entered_elsewhere(state: State, entered_on: Mapping[int, tuple[State, object]], device: object,
                      lang: Lang) -> tuple[str, str] | None:
    """Whose move an Undo would take back and the move, where another device than `device` entered
    it (`entered_on`: the device of each state, by id); None where this one did, or it is not known."""
    before = state.previous
    entry = entered_on.get(id(state))
    if before is None or state.finished or entry is None or entry[0] is not state or entry[1] == device:
        return None
    return str(before.player_name), describe(before, state, lang)


def percent(p: float) -> str:
    """A chance in whole percent, never rounded to a certainty it is not: '>99' and '<1' for
    the near ones, '100' and '0' only for the sure."""
    if 1e-9 < p < 0.005:
        return "<1"
    if 0.995 <= p < 1.0 - 1e-9:
        return ">99"
    return str(int(min(max(p, 0.0), 1.0) * 100 + 0.5))  # half up: 0.5 % is 1 %, not 0


def upper_chances(state: State, lang: Lang) -> str:
    """The current player's chances for this stage's «гора» premium / upper bonus, or ''.

    Under the advisor's play of the rest of the game where its table is at hand; else the outlook
    of playing for the upper boxes only (before a throw: the stage's; after one: playing this turn
    for the most promising open upper box), and the line says so.
    """
    from scorekeeper.advisor.chances import advised_chances
    from scorekeeper.outlook import outlook, outlook_mid_turn, upper_goal

    variant = state.variant
    if state.finished or variant.upper is None:
        return ""
    goal = upper_goal(variant)
    seat = state.seat
    if goal is None or seat is None:
        return ""
    stage_sheet = state.sheets[seat].stages[state.stage - 1]
    open_faces = {variant.box(b).face for b in variant.upper_ids if stage_sheet.is_open(b)}
    faces = {f for f in open_faces if f is not None}
    if not faces:
        return ""
    advised = advised_chances(state)
    if advised is not None:
        p_bonus, p_penalty = advised
        if goal.mode == "gora":
            return tr("gora_chances", lang, bonus=percent(p_bonus), penalty=percent(p_penalty))
        return tr("bonus_chance", lang, bonus=percent(p_bonus))
    fences = state.sheets[seat].fences if variant.fences else 0
    upper = stage_sheet.upper(variant)
    try:
        if state.dice is not None and state.throws > 0:
            dice = state.dice
            chances = max(
                (outlook_mid_turn(goal, faces, upper, fences, f, dice.count(f), state.throws) for f in faces),
                key=lambda o: o.p_bonus,
            )
        else:
            chances = outlook(goal, faces, upper, fences)
    except ValueError:
        return ""
    bonus = percent(chances.p_bonus)
    if goal.mode == "gora":
        penalty = percent(chances.p_penalty)
        return tr("gora_chances_upper_only", lang, bonus=bonus, penalty=penalty)
    return tr("bonus_chance_upper_only", lang, bonus=bonus)
