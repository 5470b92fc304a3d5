"""The turns played, in words: what a move wrote, the list of moves, what an Undo would take back
and whose move it was."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from scorekeeper.app.sheet.scores import drawn_score
from scorekeeper.game import GameError, State
from scorekeeper.game.moves import Move
from scorekeeper.i18n import Lang
from scorekeeper.i18n.ui import tr


def ended_at_once(before: State | None, after: State) -> bool:
    """The move from `before` to `after` ended a game before its sheet was full (a Generala servida)."""
    return (before is not None and len(after.games) > len(before.games)
            and after.games[-1].won_at_once is not None)


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
        return f"{written} — {tr('won_at_once_move', lang)}" if ended_at_once(before, after) else written
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


def entered_elsewhere(state: State, entered_on: Mapping[int, tuple[State, object]], device: object,
                      lang: Lang) -> tuple[str, str] | None:
    """Whose move an Undo would take back and the move, where another device than `device` entered
    it (`entered_on`: the device of each state, by id); None where this one did, or it is not known."""
    before = state.previous
    entry = entered_on.get(id(state))
    if before is None or state.finished or entry is None or entry[0] is not state or entry[1] == device:
        return None
    return str(before.player_name), describe(before, state, lang)
