"""The turn machine: a new game, an action applied (or refused: verify / can), a log replayed, and
whether a player may make an action. The state and its checks: scorekeeper.game.state.

>>> from scorekeeper.rules import get_variant
>>> s = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
>>> s = apply(s, Roll((5, 5, 5, 2, 3)))
>>> s = apply(s, Score("three"))
>>> s.sheets[0].stages[0].written["three"], s.sheets[0].fences, s.player_name
(15, 2, 'Борис')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Sequence

from scorekeeper.game import series
from scorekeeper.game.actions import Action, CrossOut, Miss, Roll, RollWithoutDice, Score, Undo
from scorekeeper.game.errors import (
    InvalidAction,
    NotYourTurn,
)
from scorekeeper.game.series import GameRecord
from scorekeeper.game.sheet import PlayerSheet
from scorekeeper.game.state import (
    State,
    _can,
    _check_cross_out,
    _check_miss,
    _check_roll,
    _check_roll_without_dice,
    _check_score,
    _check_undo,
    _evolve,
    verify_player,
)
from scorekeeper.i18n import Text
from scorekeeper.rules import Box, Variant

NAME_MAX = 64  # characters of a player's name: a full name with a patronymic fits; screens cut what does not


def new_game(variant: Variant, players: Sequence[str]) -> State:
    """A fresh game (or match) for these players, the first of them to throw."""
    names = tuple(players)
    if not names:
        raise InvalidAction(Text("Нужен хотя бы один игрок.", "A game needs at least one player."))
    if len(names) > variant.max_players:
        raise InvalidAction(
            Text(
                f"В «{variant.name.ru}» играют не больше {variant.max_players} игроков.",
                f"{variant.name.en} takes at most {variant.max_players} players.",
            )
        )
    if len(names) < variant.min_players:
        raise InvalidAction(
            Text(
                f"В «{variant.name.ru}» играют не меньше {variant.min_players} игроков.",
                f"{variant.name.en} takes at least {variant.min_players} players.",
            )
        )
    for name in names:
        if not _visible(name) or any(unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") for c in name):
            raise InvalidAction(Text(f"Имя игрока {name!r}: нужна одна строка видимых знаков.",
                                     f"Player name {name!r}: expected one line of visible characters."))
        if len(name) > NAME_MAX:
            raise InvalidAction(Text(f"Имя игрока «{name[:NAME_MAX]}…» длиннее {NAME_MAX} знаков.",
                                     f"Player name “{name[:NAME_MAX]}…” is longer than {NAME_MAX} characters."))
    if len({_same_name(n) for n in names}) != len(names):  # «Аня» and «аня» are one person typed twice
        raise InvalidAction(Text("Имена игроков повторяются.", "Player names must differ."))
    return State(variant, names, tuple(PlayerSheet.empty(variant) for _ in names), tuple(range(len(names))))


def _visible(name: str) -> bool:
    """The name shows something: a character that is neither a space nor an invisible one (a
    zero-width space alone is no name)."""
    return any(unicodedata.category(c)[0] not in "ZC" for c in name)


def _same_name(name: str) -> str:
    """What two names typed for one person have in common: the same letters however composed
    («é» as one character or as e and an accent), spaces at the ends and doubled ones aside,
    either case."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


def verify_actor(state: State, action: Action, name: str) -> None:
    """Raise NotYourTurn unless `name` plays in this game and may take `action` now: the player
    whose turn it is, or for an undo also a player whose action it takes back (a player who has
    just written a box takes it back after the turn has passed)."""
    if name not in state.players:
        players = ", ".join(state.players)
        raise NotYourTurn(Text(f"{name} не играет в этой игре (игроки: {players}).",
                               f"{name} does not play in this game (players: {players})."))
    if not isinstance(action, Undo):
        verify_player(state, name)
        return
    _check_undo(state, action)
    authors = _undone_authors(state, action.count)
    now = state.player_name
    if name == now or name in authors:
        return
    whose = ", ".join(dict.fromkeys(authors))
    turn_ru, turn_en = (f"тот, чей ход ({now}), или ", f"the player whose turn it is ({now}) or ") if now else ("", "")
    raise NotYourTurn(Text(f"Отменить может {turn_ru}тот, чьи действия отменяются ({whose}), а не {name}.",
                           f"Undo is for {turn_en}a player whose actions it takes back ({whose}), not {name}."))


def _undone_authors(state: State, count: int) -> list[str]:
    """Who took each of the last `count` effective actions, latest first (fewer where fewer were taken)."""
    names: list[str] = []
    back = state.previous
    while back is not None and len(names) < count:
        if back.player_name is not None:
            names.append(back.player_name)
        back = back.previous
    return names


def verify(state: State, action: Action) -> None:
    """Raise why `action` cannot be taken now (RuleViolation, InvalidAction or InvalidDice)."""
    apply(state, action)


def can(state: State, action: Action) -> bool:
    """`action` can be taken now."""
    return _can(apply, state, action)


# --- apply ----------------------------------------------------------------------------------------


def apply(state: State, action: Action) -> State:
    """The state after `action`; raises (and changes nothing) if the action cannot be taken."""
    if isinstance(action, Undo):
        _check_undo(state, action)
        back = state
        for _ in range(action.count):
            assert back.previous is not None
            back = back.previous
        return back
    if isinstance(action, Roll):
        hand = _check_roll(state, action)
        return _evolve(state, throws=state.throws + 1, dice=hand,
                       previous=state, last_action=action, effective=state.effective + 1)
    if isinstance(action, RollWithoutDice):
        _check_roll_without_dice(state)
        return _evolve(state, throws=state.throws + 1, dice=None,
                       previous=state, last_action=action, effective=state.effective + 1)
    if isinstance(action, Score):
        box, index, evaluation = _check_score(state, action)
        return _write(state, action, box, index, score=evaluation.score, crossed=not evaluation.valid,
                      extra=evaluation.extra, wins=evaluation.wins_game)
    if isinstance(action, CrossOut):
        box, index, extra = _check_cross_out(state, action)
        return _write(state, action, box, index, score=0, crossed=True, extra=extra)
    if isinstance(action, Miss):
        box = _check_miss(state, action)
        return _write(state, action, box, state.stage - 1, score=0, crossed=True)
    raise InvalidAction(Text(f"Неизвестное действие {action!r}.", f"Unknown action {action!r}."))


def _write(
    state: State, action: Action, box: Box, index: int, *, score: int, crossed: bool, extra: int = 0,
    wins: bool = False,
) -> State:
    """Write one box in stage `index` (0-based), settle the fences, pass the turn; finish the game
    (and the match) if due. `extra`: points outside the box; `wins`: the claim ends the game at once."""
    variant = state.variant
    seat = state.seats[state.turn_index]
    column = state.sheets[seat]
    stages = list(column.stages)
    stages[index] = stages[index].with_box(box.id, score, crossed, extra)
    fences, earned, spent = column.fences, column.fences_earned, column.fences_spent
    if variant.fences and not isinstance(action, Miss):
        delta = state.fence_change
        if box.section == "upper" and not variant.fences_on_upper:
            delta = min(delta, 0)  # bank nothing, but spent fences are spent
        fences = max(0, fences + delta)
        earned += max(delta, 0)
        spent += max(-delta, 0)
    sheets = list(state.sheets)
    sheets[seat] = PlayerSheet(tuple(stages), fences, earned, spent, column.filled + 1, column.earlier)
    after = _evolve(
        state,
        sheets=tuple(sheets),
        turn_index=(state.turn_index + 1) % len(state.seats),
        throws=0,
        dice=None,
        previous=state,
        last_action=action,
        effective=state.effective + 1,
    )
    if wins or all(sheets[s].complete(variant) for s in state.seats):
        return _end_game(after, seat if wins else None)
    return after


def _end_game(state: State, won_at_once: int | None) -> State:
    variant = state.variant
    record = GameRecord(
        number=len(state.games) + 1,
        extra=state.extra_game,
        seats=state.seats,
        totals=tuple(state.sheets[s].total(variant) for s in state.seats),
        won_at_once=won_at_once,
        extras=tuple(sum(stage.extra for stage in state.sheets[s].stages) for s in state.seats),
    )
    games = state.games + (record,)
    upcoming = series.next_game(variant, len(state.players), games)
    if upcoming is None:
        return _evolve(state, games=games, finished=True, turn_index=0)
    seats, extra = upcoming
    sheets = list(state.sheets)
    for s in seats:
        sheets[s] = sheets[s].next_game(variant)
    return _evolve(state, games=games, sheets=tuple(sheets), seats=seats, turn_index=0, extra_game=extra)


def replay(variant: Variant, players: Sequence[str], actions: Iterable[Action]) -> State:
    """The state after these actions from a fresh game."""
    state = new_game(variant, players)
    for action in actions:
        state = apply(state, action)
    return state
