"""What a tap on the sheet means, decided without drawing anything: a move for the game's service,
an explanation to show, or a question whose answers are moves.

The sheet's view turns taps into calls here and carries out what comes back; the tests read these
answers without a browser (tests/app/test_sheet_intent.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from scorekeeper.app.sheet.turns import entered_elsewhere, others_move
from scorekeeper.game import GameError, RollWithoutDice, State
from scorekeeper.i18n import Lang, plural_ru, points
from scorekeeper.i18n.ui import tr


@dataclass(frozen=True)
class Move:
    """One action for the game's service, in the player's name the screen showed."""

    kind: Literal["score", "cross_out", "miss", "undo"]
    box: str | None = None
    value: int | None = None  # the value picked (which pair), where the player picks it
    stage: int | None = None  # None: the game's current stage


@dataclass(frozen=True)
class Offer:
    """A button of a question: its test identifier, its label, the move it makes."""

    identifier: str
    label: str
    move: Move


@dataclass(frozen=True)
class Explain:
    """A dialog: why (or what), with the moves it offers (none: an explanation only); `dismiss`
    names the button that does nothing where «Отмена» would read as one of the offers."""

    title: str
    reason: str
    offers: tuple[Offer, ...] = ()
    dismiss: str | None = None


Outcome = Move | Explain


def tap_box(state: State, box_id: str, stage: int | None, crossing: bool, lang: Lang) -> Outcome:
    """A tap on an open box of the current player: write it, strike it (armed to cross out), or say
    why not and offer what the rules allow instead (a cross, the 0 paper would take)."""
    if crossing:
        return Move("cross_out", box_id, stage=stage)
    name = state.variant.box(box_id).name.in_(lang)
    score = Move("score", box_id, stage=stage)
    if state.throws == 0:
        try:
            state.verify_score(box_id, stage=stage)
        except GameError as error:
            offers = ((Offer("confirm-cross-out", tr("cross_it_out", lang), Move("cross_out", box_id, stage=stage)),)
                      if state.can_cross_out(box_id, stage) else ())
            return Explain(name, error.in_(lang), offers)
    try:
        evaluation = state.preview(box_id, stage=stage)
    except GameError as error:
        return Explain(name, error.in_(lang))
    if evaluation.valid and evaluation.wins_game:  # Generala servida: the table hears why it ends
        return Explain(name, evaluation.reason.in_(lang), (Offer("write-and-win", tr("write_and_win", lang), score),))
    if evaluation.valid:
        return score
    # The dice do not make it: the 0 that paper would take, struck through as a crossed box is.
    return Explain(name, evaluation.reason.in_(lang), (Offer("write-zero", tr("cross_it_out", lang), score),))


def pick_value(state: State, box_id: str, stage: int | None, lang: Lang) -> Outcome:
    """A long press on a box whose value the player picks (which pair): each value the dice allow,
    as a question; a plain tap where there is nothing to pick."""
    box = state.variant.box(box_id)
    if not box.choosable or state.dice is None:
        return tap_box(state, box_id, stage, False, lang)
    offers: list[Offer] = []
    for value in sorted(state.dice.distinct, reverse=True):
        try:
            evaluation = state.preview(box_id, value=value, stage=stage)
        except GameError:
            continue
        if evaluation.valid and evaluation.value == value:
            offers.append(Offer(f"pick-{value}", f"{value}: {points(evaluation.score).in_(lang)}",
                                Move("score", box_id, value, stage)))
    if len(offers) < 2:
        return tap_box(state, box_id, stage, False, lang)
    return Explain(box.name.in_(lang), tr("pick_value", lang), tuple(offers))


def undo(seen: State, now: State, entered_on: Mapping[int, tuple[State, object]], device: object,
         lang: Lang) -> Outcome:
    """Undo on the state the screen shows: take the last move back, or first ask where it reopens a
    finished game or takes back another player's move or one entered on another phone."""
    back = Move("undo")
    if not now.can_undo():
        return Explain(tr("why_not", lang), tr("nothing_to_undo", lang))
    confirm = (Offer("confirm-undo", tr("reopen_undo", lang), back),)
    if seen.finished:  # counted in the statistics: reopened only when the player says so
        return Explain(tr("reopen_title", lang), tr("reopen_reason", lang), confirm, tr("keep_move", lang))
    other = others_move(seen, lang)
    if other is not None:  # one player does not clear another's box unasked
        player, move = other
        return Explain(tr("undo_other_title", lang, player=player, move=move),
                       tr("undo_other_reason", lang, now=seen.player_name), confirm, tr("keep_move", lang))
    elsewhere = entered_elsewhere(seen, entered_on, device, lang)
    if elsewhere is not None:  # most likely entered on the player's own phone
        player, move = elsewhere
        return Explain(tr("undo_other_title", lang, player=player, move=move), tr("undo_elsewhere_reason", lang),
                       confirm, tr("keep_move", lang))
    return back


def miss(state: State, player: str | None, lang: Lang) -> Explain:
    """A participant missed the tour (football): which box it closes with 0, asked first."""
    try:
        box = state.missed_box()
    except GameError as error:
        return Explain(tr("why_not", lang), error.in_(lang))
    return Explain(tr("missed_tour_title", lang, player=player), tr("missed_tour_reason", lang, box=box.name.in_(lang)),
                   (Offer("confirm-missed-tour", tr("missed_tour_close", lang), Move("miss")),))


def can_strike(state: State, stage: int | None) -> bool:
    """Some box can be struck now (Yahtzee: only after a throw; «Покер с оградами»: before one
    too, for fences)."""
    return not state.finished and any(state.can_cross_out(box, stage) for box in state.variant.box_ids)


def strike_words(state: State, lang: Lang) -> str:
    """The turn line while armed to cross out: whose box it is, and the fences striking now banks."""
    words = tr("cross_out_armed", lang, player=state.player_name or "")
    banked = state.fence_change
    if banked > 0:
        words += " " + tr("cross_out_fences", lang, n=banked, word=plural_ru(banked, "ограда", "ограды", "оград"),
                          s="" if banked == 1 else "s")
    return words


class KeptDice:
    """The dice a screen kept through each throw it recorded without them, shown again when an
    Undo comes back to that state; and the dice set before a turn's first such throw while the
    screen's own Undo takes it back (the Undo takes back the throw, not the taps)."""

    def __init__(self) -> None:
        self._kept: dict[int, tuple[State, list[int | None]]] = {}
        self._untaken: tuple[State, list[int | None]] | None = None

    def remember(self, state: State, dice: list[int | None]) -> None:
        """The throw that led to `state` went without its dice, `dice` set on this screen."""
        self._kept[id(state)] = (state, list(dice))

    def through(self, state: State) -> list[int | None] | None:
        """The dice kept through the throw without its dice that led to `state`: as this screen set
        them, else as recorded (kept on another phone, or before a reload); None where none were."""
        remembered = self._kept.get(id(state))
        if remembered is not None and remembered[0] is state:
            return remembered[1]
        last = state.last_action
        if isinstance(last, RollWithoutDice) and last.kept:
            return [*last.kept, *[None] * (5 - len(last.kept))]
        return None

    def undoing(self, seen: State) -> None:
        """This screen's Undo is about to take back the throw that led to `seen`."""
        faces = self.through(seen) if seen.throws == 1 and seen.dice is None else None
        if faces is not None and any(v is not None for v in faces):
            self._untaken = (seen, faces)

    def undo_refused(self) -> None:
        self._untaken = None

    def restored(self, state: State, enabled: bool) -> list[int | None] | None:
        """Once, after this screen's Undo came back to the turn's start: the dice to set again."""
        untaken, self._untaken = self._untaken, None
        if untaken is not None and state is not untaken[0] and not state.throws and enabled \
                and state.player_name == untaken[0].player_name:
            return list(untaken[1])
        return None
