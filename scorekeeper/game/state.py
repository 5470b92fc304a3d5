"""The game state and its checks: what the table knows now, and why an action cannot be (the
`verify_*` functions raise it, the `can_*` ones say whether it can; the app greys out with the one
and explains with the other). Turns are taken in scorekeeper.game.turns.

A state is immutable and remembers the state before it, so undo is a walk back and the state of a
game is a pure function of its action log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from scorekeeper.dice import Hand
from scorekeeper.game import report
from scorekeeper.game.actions import Action, CrossOut, Miss, Roll, Score, Undo
from scorekeeper.game.errors import (
    BoxAlreadyWritten,
    BoxNotAllowed,
    BoxNotOpenInStage,
    BoxOutOfOrder,
    DiceNotEntered,
    GameError,
    GameOver,
    InvalidAction,
    NothingToUndo,
    NoThrowYet,
    NotYourTurn,
    ThrowAlreadyMade,
    TooManyThrows,
)
from scorekeeper.game.series import GameRecord
from scorekeeper.game.sheet import PlayerSheet, StageSheet
from scorekeeper.i18n import Text, plural_ru
from scorekeeper.rules import Box, Claim, Evaluation, Variant


@dataclass(frozen=True, eq=False)
class State:
    """Everything the table knows now; build with new_game(), advance with apply()."""

    variant: Variant
    players: tuple[str, ...]
    sheets: tuple[PlayerSheet, ...]  # per seat: the current game's column (or the last one played)
    seats: tuple[int, ...]  # the seats playing the current game, in turn order
    turn_index: int = 0  # index into seats
    throws: int = 0  # throws used in this turn
    dice: Hand | None = None  # the dice after the last throw of this turn
    games: tuple[GameRecord, ...] = ()  # finished games of the match
    extra_game: bool = False  # the current game is an extra game between those tied
    finished: bool = False
    previous: State | None = None  # the state before the last effective action
    last_action: Action | None = None
    effective: int = 0  # effective actions so far (undone ones dropped)

    # --- who and where ---------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """The seat whose turn it is (None once finished)."""
        return None if self.finished else self.seats[self.turn_index]

    @property
    def player_name(self) -> str | None:
        """The name of the player whose turn it is (None once finished)."""
        seat = self.seat
        return None if seat is None else self.players[seat]

    @property
    def column(self) -> PlayerSheet:
        """The column of the player whose turn it is (once finished: of the last game's first seat)."""
        return self.sheets[self.seats[self.turn_index]]

    @property
    def stage(self) -> int:
        """The current player's stage, 1-based (the lowest stage with an open box)."""
        return self.column.current_stage(self.variant) + 1

    @property
    def throws_allowed(self) -> int:
        """Throws this turn allows: the variant's, plus the banked fences in ru_fences."""
        return self.variant.throws + (self.column.fences if self.variant.fences else 0)

    @property
    def fence_change(self) -> int:
        """The fences a box written now banks (the variant's throws left unused), negative when
        banked ones were spent; 0 where the variant has no fences."""
        return self.variant.throws - self.throws if self.variant.fences else 0

    def open_boxes(self, stage: int | None = None) -> frozenset[str]:
        """The current player's open boxes in `stage` (1-based; default the current stage)."""
        index = (stage or self.stage) - 1
        return self.column.stages[index].open_boxes(self.variant)

    def effective_actions(self) -> tuple[Action, ...]:
        """The actions that made this state, undone ones dropped, oldest first."""
        found: list[Action] = []
        state: State | None = self
        while state is not None and state.last_action is not None:
            found.append(state.last_action)
            state = state.previous
        return tuple(reversed(found))

    def sheet(self) -> dict[str, Any]:
        """The sheet as CLI.md shows it."""
        return report.sheet(self)

    def ranks(self) -> list[int]:
        """Every seat's rank now (competition ranking, extra games included)."""
        return report.ranks(self)

    # --- the triads (the app greys out boxes with can_*, explains with verify_*) -----------------
    def verify_roll(self, values: Iterable[Any]) -> None:
        """Raise why these dice cannot be thrown now (InvalidDice for bad values)."""
        _check_roll(self, Roll(tuple(values)))

    def can_roll(self, values: Iterable[Any] | None = None) -> bool:
        """A throw is possible now (with these values, if given)."""
        if values is None:
            return _can(lambda state, _: _check_throw_left(state), self, None)
        return _can(_check_roll, self, Roll(tuple(values)))

    def verify_roll_without_dice(self) -> None:
        """Raise why a throw cannot be recorded without its dice now."""
        _check_roll_without_dice(self)

    def can_roll_without_dice(self) -> bool:
        """A throw can be recorded now without its dice (another throw remains after it)."""
        return _can(lambda state, _: _check_roll_without_dice(state), self, None)

    def verify_score(self, box: str, value: int | None = None, stage: int | None = None) -> None:
        """Raise why the box cannot be written now."""
        _check_score(self, Score(box, value, stage))

    def can_score(self, box: str, value: int | None = None, stage: int | None = None) -> bool:
        """The box can be written now."""
        return _can(_check_score, self, Score(box, value, stage))

    def verify_cross_out(self, box: str, stage: int | None = None) -> None:
        """Raise why the box cannot be struck now."""
        _check_cross_out(self, CrossOut(box, stage))

    def can_cross_out(self, box: str, stage: int | None = None) -> bool:
        """The box can be struck now."""
        return _can(_check_cross_out, self, CrossOut(box, stage))

    def verify_miss(self) -> None:
        """Raise why the organiser cannot close a missed tour now."""
        _check_miss(self, Miss())

    def can_miss(self) -> bool:
        """A missed tour can be closed now."""
        return _can(_check_miss, self, Miss())

    def missed_box(self) -> Box:
        """The box a missed tour closes with 0 now (raises like verify_miss)."""
        return _check_miss(self, Miss())

    def verify_undo(self, count: int = 1) -> None:
        """Raise why `count` actions cannot be taken back."""
        _check_undo(self, Undo(count))

    def can_undo(self, count: int = 1) -> bool:
        """`count` actions can be taken back."""
        return _can(_check_undo, self, Undo(count))

    def verify_player(self, name: str) -> None:
        """Raise NotYourTurn unless it is `name`'s turn."""
        verify_player(self, name)

    def preview(self, box: str, value: int | None = None, stage: int | None = None) -> Evaluation:
        """What writing `box` now would give (score, reason); raises like verify_score."""
        _, _, evaluation = _check_score(self, Score(box, value, stage))
        return evaluation


def _evolve(state: State, **changes: Any) -> State:
    """A copy of `state` with some fields changed (dataclasses.replace without its per-call cost,
    which dominated replaying a long game)."""
    new = object.__new__(State)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


# --- checks ---------------------------------------------------------------------------------------


def _can(check: Callable[[State, Any], object], state: State, action: Any) -> bool:
    """`check(state, action)` passes (raises no GameError or ValueError)."""
    try:
        check(state, action)
    except (GameError, ValueError):
        return False
    return True


def _check_not_over(state: State) -> None:
    if state.finished:
        raise GameOver(Text("Игра окончена: можно только отменить ход.",
                            "The game is over: only undo is possible."))


def _check_throw_left(state: State) -> None:
    _check_not_over(state)
    allowed = state.throws_allowed
    if state.throws >= allowed:
        if state.variant.one_throw:
            text = Text("В этом туре результаты уже введены: в туре один «бросок».",
                        "This tour's results are in already: a tour has one throw.")
        else:
            text = Text(
                f"Все броски хода использованы ({allowed}); запишите или вычеркните клетку.",
                f"All {allowed} throws of this turn are used; write or cross out a box.",
            )
        raise TooManyThrows(text)


def _check_roll(state: State, action: Roll) -> Hand:
    _check_not_over(state)
    hand = state.variant.hand(action.values)  # InvalidDice: bad input, not a broken rule
    _check_throw_left(state)
    return hand


def _check_roll_without_dice(state: State) -> None:
    _check_throw_left(state)
    if state.throws + 1 >= state.throws_allowed:
        k = state.throws + 1
        raise TooManyThrows(Text(f"Бросок {k} — последний в этом ходе: введите его кубики.",
                                 f"Throw {k} is this turn's last: enter its dice."))


def _box(state: State, box_id: str) -> Box:
    variant = state.variant
    if box_id not in variant.box_ids:
        raise InvalidAction(
            Text(
                f"В «{variant.name.ru}» нет клетки {box_id!r}; есть: {', '.join(variant.box_ids)}.",
                f"{variant.name.en} has no box {box_id!r}; its boxes: {', '.join(variant.box_ids)}.",
            )
        )
    return variant.box(box_id)


def _order_allows(variant: Variant, stage: StageSheet, box: Box) -> bool:
    if variant.box_order == "gora_first":
        return box.section == "upper" or stage.upper_complete(variant)
    if variant.box_order == "strict":
        return next(b for b in variant.box_ids if stage.is_open(b)) == box.id
    return True


def _target_stage(state: State, box: Box, stage: int | None) -> int:
    """The 0-based stage the box goes in, or the violation that keeps it shut."""
    variant = state.variant
    column = state.column
    current = column.current_stage(variant)
    if stage is not None and not 1 <= stage <= variant.stages:
        raise InvalidAction(Text(f"Этапа {stage} нет: их {variant.stages}.",
                                 f"There is no stage {stage}: the game has {variant.stages}."))
    if variant.stage_order == "any":
        if stage is not None:
            index = stage - 1
        else:
            index = next((i for i, s in enumerate(column.stages) if s.is_open(box.id)), current)
    else:
        index = current
        if stage is not None and stage - 1 != index:
            raise BoxNotOpenInStage(
                Text(
                    f"Сейчас идёт этап {current + 1}: этап {stage} не открыт.",
                    f"Stage {current + 1} is being played: stage {stage} is not open.",
                )
            )
    sheet = column.stages[index]
    if not sheet.is_open(box.id):
        raise BoxAlreadyWritten(
            Text(
                f"Клетка «{box.name.ru}» уже заполнена на этапе {index + 1}.",
                f"{box.name.en} is already written in stage {index + 1}.",
            )
        )
    if not _order_allows(variant, sheet, box):
        if variant.box_order == "gora_first":
            text = Text(
                f"Сначала заполните «гору» этапа {index + 1}, потом «{box.name.ru}».",
                f"Fill the upper section of stage {index + 1} before {box.name.en}.",
            )
        else:
            first = variant.box(next(b for b in variant.box_ids if sheet.is_open(b)))
            text = Text(
                f"Клетки заполняются по порядку: сейчас «{first.name.ru}», не «{box.name.ru}».",
                f"Boxes are filled in order: {first.name.en} comes before {box.name.en}.",
            )
        raise BoxOutOfOrder(text)
    return index


def _claim(state: State, index: int, value: int | None) -> Claim:
    sheet = state.column.stages[index]
    return Claim(
        throw=state.throws,
        value=value,
        open_boxes=sheet.open_boxes(state.variant),
        written=sheet.written,
    )


def _need_throw(state: State, doing: Text) -> None:
    if state.throws == 0:
        raise NoThrowYet(Text(f"Сначала бросьте кубики, потом {doing.ru}.",
                              f"Throw the dice before you {doing.en}."))
    if state.dice is None:
        k = state.throws
        raise DiceNotEntered(Text(f"Бросок {k} записан без кубиков: введите кубики следующего броска, "
                                  f"потом {doing.ru}.",
                                  f"Throw {k} was recorded without its dice: enter the next throw's dice "
                                  f"before you {doing.en}."))


def _check_score(state: State, action: Score) -> tuple[Box, int, Evaluation]:
    _check_not_over(state)
    box = _box(state, action.box)
    _need_throw(state, Text("записывайте клетку", "write a box"))
    index = _target_stage(state, box, action.stage)
    if action.value is not None and not state.variant.shows(action.value):
        raise InvalidAction(Text(f"Значение {action.value}: такого нет на кубике.",
                                 f"Value {action.value}: not a value the dice can show."))
    assert state.dice is not None
    evaluation = state.variant.evaluate(box.id, state.dice, _claim(state, index, action.value))
    if not evaluation.allowed:
        raise BoxNotAllowed(evaluation.reason)
    return box, index, evaluation


def _check_cross_out(state: State, action: CrossOut) -> tuple[Box, int, int]:
    """The box, its stage and the extra points the throw earns anyway."""
    _check_not_over(state)
    variant = state.variant
    box = _box(state, action.box)
    if state.throws == 0 and not variant.zero_throw_cross_out:
        if variant.fences:  # «Покер с оградами» allows it by default: this table chose otherwise
            raise NoThrowYet(Text("Сначала бросьте кубики: по правилам этого стола вычёркивать до броска нельзя.",
                                  "Throw the dice first: this table's rules allow no crossing out before a throw."))
        _need_throw(state, Text("вычёркивайте клетку", "cross out a box"))
    index = _target_stage(state, box, action.stage)
    if box.section == "upper" and not variant.upper_cross_out:
        raise BoxNotAllowed(
            Text(
                f"Клетку «{box.name.ru}» вычеркнуть нельзя: верхние клетки записываются по кубикам.",
                f"{box.name.en} is an upper box and cannot be crossed out: it takes the dice's value.",
            )
        )
    if state.throws and state.dice is None:
        _need_throw(state, Text("вычёркивайте клетку", "cross out a box"))
    if state.throws == 0:
        if box.id not in _zero_throw_boxes(variant):
            raise BoxNotAllowed(
                Text(
                    f"Клетку «{box.name.ru}» нельзя вычеркнуть без броска.",
                    f"{box.name.en} cannot be crossed out before a throw.",
                )
            )
        return box, index, 0
    assert state.dice is not None
    evaluation = variant.evaluate(box.id, state.dice, _claim(state, index, None))
    if not evaluation.allowed:
        raise BoxNotAllowed(evaluation.reason)
    return box, index, evaluation.extra


def _zero_throw_boxes(variant: Variant) -> frozenset[str]:
    """The boxes a turn may strike before its first throw (the variant's list, else every lower box)."""
    listed = variant.zero_throw_boxes
    if listed or not variant.zero_throw_cross_out:
        return listed
    return frozenset(variant.lower_ids)


def _lowest_open(state: State) -> Box:
    variant = state.variant
    stage = state.column.stages[state.stage - 1]
    candidates = [variant.box(b) for b in variant.box_ids if stage.is_open(b)]
    open_in_order = [b for b in candidates if _order_allows(variant, stage, b)] or candidates
    return min(open_in_order, key=lambda b: variant.six_range(b.id)[1])


def _check_miss(state: State, action: Miss) -> Box:
    _check_not_over(state)
    if not state.variant.one_throw:
        raise BoxNotAllowed(Text("Пропустить можно только тур футбольного покера.",
                                 "Only a football tour can be missed."))
    if state.throws > 0:
        raise ThrowAlreadyMade(Text("Результаты тура уже введены: тур не пропущен.",
                                    "This tour's results are in: the tour was not missed."))
    return _lowest_open(state)


def _check_undo(state: State, action: Undo) -> None:
    if action.count < 1:
        raise InvalidAction(Text("Отменить можно одно действие или больше.",
                                 "Undo takes back one action or more."))
    if action.count > state.effective:
        n = state.effective
        raise NothingToUndo(
            Text(
                f"Отменить {action.count} нельзя: сделано только {n} "
                f"{plural_ru(n, 'действие', 'действия', 'действий')}.",
                f"Cannot take back {action.count}: only {n} action{'s' if n != 1 else ''} taken.",
            )
        )


def verify_player(state: State, name: str) -> None:
    """Raise NotYourTurn unless it is `name`'s turn."""
    _check_not_over(state)
    current = state.player_name
    if name != current:
        raise NotYourTurn(Text(f"Сейчас ходит {current}, а не {name}.",
                               f"It is {current}'s turn, not {name}'s."))


def verify_roll(state: State, values: Iterable[Any]) -> None:
    """Raise why these dice cannot be thrown now (InvalidDice for bad values)."""
    state.verify_roll(values)


def can_roll(state: State, values: Iterable[Any] | None = None) -> bool:
    """A throw is possible now (with these values, if given)."""
    return state.can_roll(values)


def verify_score(state: State, box: str, value: int | None = None, stage: int | None = None) -> None:
    """Raise why the box cannot be written now."""
    state.verify_score(box, value, stage)


def can_score(state: State, box: str, value: int | None = None, stage: int | None = None) -> bool:
    """The box can be written now."""
    return state.can_score(box, value, stage)


def verify_cross_out(state: State, box: str, stage: int | None = None) -> None:
    """Raise why the box cannot be struck now."""
    state.verify_cross_out(box, stage)


def can_cross_out(state: State, box: str, stage: int | None = None) -> bool:
    """The box can be struck now."""
    return state.can_cross_out(box, stage)


def verify_undo(state: State, count: int = 1) -> None:
    """Raise why `count` actions cannot be taken back."""
    state.verify_undo(count)


def can_undo(state: State, count: int = 1) -> bool:
    """`count` actions can be taken back."""
    return state.can_undo(count)
