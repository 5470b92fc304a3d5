"""What the sheet shows, computed from the game's state: rows, cells, previews, the «гора» meter.

Nothing here decides a rule: scores, previews and reasons all come from the game (`State.preview`,
`State.sheet()`), this module only arranges them for the screen.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

# What the sheet shows, importable from one place: a match's words, the turns played, the scores.
from scorekeeper.app.sheet.match import MatchRow as MatchRow
from scorekeeper.app.sheet.match import drawn_games as drawn_games
from scorekeeper.app.sheet.match import game_over_note as game_over_note
from scorekeeper.app.sheet.match import game_result as game_result
from scorekeeper.app.sheet.match import game_title as game_title
from scorekeeper.app.sheet.match import match_line as match_line
from scorekeeper.app.sheet.match import match_rows as match_rows
from scorekeeper.app.sheet.match import name_list as name_list
from scorekeeper.app.sheet.match import played_games as played_games
from scorekeeper.app.sheet.match import series_tally as series_tally
from scorekeeper.app.sheet.match import series_words as series_words
from scorekeeper.app.sheet.match import shown_games as shown_games
from scorekeeper.app.sheet.scores import drawn_score as drawn_score
from scorekeeper.app.sheet.scores import signed as signed
from scorekeeper.app.sheet.turns import describe as describe
from scorekeeper.app.sheet.turns import ended_at_once as ended_at_once
from scorekeeper.app.sheet.turns import entered_elsewhere as entered_elsewhere
from scorekeeper.app.sheet.turns import others_move as others_move
from scorekeeper.app.sheet.turns import turns_played as turns_played
from scorekeeper.app.sheet.turns import undo_note as undo_note
from scorekeeper.game import GameError, State
from scorekeeper.i18n import Lang, Text, num
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


def best_boxes(variant: Variant, hints: dict[str, Evaluation | None]) -> list[str]:
    """The open boxes a throw makes best: the best of the upper section (the «гора») and the best of
    the rest, in the sheet's order; a lower box's larger score must not hide the upper choice."""
    upper = set(variant.upper_ids)
    found = [best_box(variant, {k: v for k, v in hints.items() if (k in upper) == part}) for part in (True, False)]
    return [box for box in found if box is not None]


def reveal_spans(spans: list[tuple[float, float]], offset: float, viewport: float, margin: float = 8.0
                 ) -> float | None:
    """The scroll offset that brings all the spans (top, height) into view, moving as little as it
    can; where they do not fit together, the first one at the top of the view with as many of the
    others below it as fit. None where no move is needed (or there is no span).

    >>> reveal_spans([(200, 36), (500, 36)], offset=0, viewport=420)
    124.0
    >>> reveal_spans([(0, 36), (600, 36)], offset=300, viewport=420)
    0.0
    >>> reveal_spans([(100, 36)], offset=0, viewport=420) is None
    True
    """
    if not spans:
        return None
    top = min(t for t, _ in spans)
    bottom = max(t + h for t, h in spans)
    if bottom - top + 2 * margin <= viewport:
        return reveal_offset(top, bottom - top, offset, viewport, margin)
    target = max(spans[0][0] - margin, 0.0)
    return target if abs(target - offset) > 0.5 else None


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


def won_at_once(state: State, lang: Lang) -> str:
    """Why a game over is won before its sheet is full: 'Генерала с первого броска (servida)' ('' otherwise)."""
    from scorekeeper.game import Score

    action = state.last_action
    if not state.finished or not isinstance(action, Score) or not ended_at_once(state.previous, state):
        return ""
    return tr("won_at_once", lang, box=state.variant.box(action.box).name.in_(lang))


def winners_line(state: State, lang: Lang) -> str:
    """'Победа: Борис', with why where a first-throw Generala ended the game at once."""
    line = tr("winners", lang, names=", ".join(state.sheet()["winners"]))
    why = won_at_once(state, lang)
    return f"{line} — {why}" if why else line


TURN_NAME_CHARS = 18  # a name longer than this is cut in the turn line, which then takes two lines at most


def short_name(name: str, most: int = TURN_NAME_CHARS) -> str:
    """`name` as the turn line shows it: whole, or cut with «…» where it is longer than `most`.

    >>> short_name("Аня"), short_name("Александра Владимировна Петрова-Водкина")
    ('Аня', 'Александра Владим…')
    """
    return name if len(name) <= most else name[: most - 1].rstrip() + "…"


def turn_line(state: State, lang: Lang) -> str:
    """Whose turn, stage, throw k of m (or who won, and why when a Generala servida ended it)."""
    sheet = state.sheet()
    if state.finished:
        return f"{tr('finished', lang)}. {winners_line(state, lang)}"
    turn = sheet["turn"]
    parts = [tr("turn_of", lang, name=short_name(turn["player"]))]
    if state.variant.stages > 1:
        parts.append(tr("stage_n", lang, n=turn["stage"]))
    if state.variant.one_throw:
        parts.append(f"{tr('tour', lang)} {state.sheets[state.seat or 0].filled + 1}")
    else:
        parts.append(tr("throw_k_of_m", lang, k=turn["throws"], m=turn["throws_allowed"]))
    return " · ".join(parts)


def cell_name(player: str, row: str, value: str, lang: Lang) -> str:
    """A sheet cell as a screen reader says it: «Аня · Итого: 45» («Борис · Гора» while empty)."""
    return tr("cell_of", lang, name=player, row=row, value=value) if value else f"{player} · {row}"


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
