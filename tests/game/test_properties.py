"""Invariants over random legal games of every variant (hypothesis picks variant, options, seed)."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.game import Roll, RollWithoutDice, State, Undo, apply, new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import get_variant
from scorekeeper.service import GameService
from scorekeeper.store import Store

SETUPS: list[tuple[str, dict[str, Any]]] = [
    ("ru_fences", {}),
    ("ru_fences", {"stage_order": "any", "fences_on_gora": False}),
    ("ru_fences", {"box_order": "gora_first", "lower_preset": "ru_school_js", "allow_gora_cross_out": True}),
    ("ru_fences", {"box_order": "strict", "tie_break": "extra_game", "lower_preset": "even_odd"}),
    ("ru_encyclopedia", {}),
    ("ru_encyclopedia", {"mode": "series", "series_games": 2, "max_throws": 2}),
    ("ru_encyclopedia", {"mode": "target", "target": 120}),
    ("ru_football", {}),
    ("ru_football", {"high_goal_policy": "raw", "tie_break": "extra_game"}),
    ("yahtzee", {}),
    ("yatzy", {}),
    ("kniffel", {"joker": "free"}),
    ("generala", {}),
    ("generala", {"servida_wins": False, "ace_in_straight": True}),
]

games = st.tuples(st.sampled_from(SETUPS), st.integers(1, 5), st.integers(0, 2**32 - 1))
FAST = settings(max_examples=40, deadline=None)


def _start(setup: tuple[str, dict[str, Any]], players: int) -> State:
    variant_id, options = setup
    return new_game(get_variant(variant_id, **options), [f"P{i}" for i in range(players)])


def _check_sheet(state: State) -> None:
    variant = state.variant
    sheet = state.sheet()
    for seat, player in enumerate(sheet["players"]):
        assert player["fences"] >= 0
        assert player["total"] == sum(stage["total"] for stage in player["stages"])
        filled = 0
        for stage in player["stages"]:
            written = [v for v in stage["boxes"].values() if v is not None]
            filled += len(written)
            upper = [stage["boxes"][b] for b in variant.upper_ids]
            assert stage["upper"] == sum(v for v in upper if v is not None)
            expected_bonus = variant.upper_bonus(stage["upper"]) if None not in upper else 0
            assert stage["bonus"] == expected_bonus
            assert stage["total"] == sum(written) + stage["bonus"] + stage["extra"]
            assert all(stage["boxes"][b] == 0 for b in stage["crossed"])
        assert filled == state.sheets[seat].filled
    if sheet["finished"]:
        assert sheet["turn"] is None and sheet["winners"]
    else:
        turn = sheet["turn"]
        assert 0 <= turn["throws"] <= turn["throws_allowed"]
        without_dice = isinstance(state.last_action, RollWithoutDice)
        assert (turn["dice"] is None) == (turn["throws"] == 0 or without_dice)


@FAST
@given(games)
def test_random_games_keep_the_sheet_consistent(game: tuple[Any, int, int]) -> None:
    setup, players, seed = game
    state = _start(setup, players)
    for action, after in play_random(state, random.Random(seed), max_actions=2500):
        _check_sheet(after)
        if len(after.games) == len(state.games):  # within one game: each box is written once
            new = [
                (seat, index, box)
                for seat, column in enumerate(after.sheets)
                for index, stage in enumerate(column.stages)
                for box in stage.written
                if box not in state.sheets[seat].stages[index].written
            ]
            gone = [
                (seat, index, box)
                for seat, column in enumerate(state.sheets)
                for index, stage in enumerate(column.stages)
                for box, score in stage.written.items()
                if after.sheets[seat].stages[index].written.get(box) != score
            ]
            assert gone == []
            assert len(new) == (0 if isinstance(action, Roll | RollWithoutDice) else 1)
        state = after
    assert state.finished


@FAST
@given(games, st.integers(1, 6))
def test_undo_then_redo_gives_the_same_sheet(game: tuple[Any, int, int], back: int) -> None:
    setup, players, seed = game
    rng = random.Random(seed)
    taken = [a for a, _ in play_random(_start(setup, players), rng, max_actions=rng.randint(1, 300))]
    state = _start(setup, players)
    for action in taken:
        state = apply(state, action)
    back = min(back, state.effective)
    undone = apply(state, Undo(back))
    assert undone.effective == state.effective - back
    redone = undone
    for action in state.effective_actions()[len(state.effective_actions()) - back:]:
        redone = apply(redone, action)
    assert redone.sheet() == state.sheet()
    assert redone.effective_actions() == state.effective_actions()


@settings(max_examples=20, deadline=None)
@given(games, st.floats(0.0, 0.1))
def test_reload_from_sqlite_equals_the_live_state(game: tuple[Any, int, int], undo_rate: float) -> None:
    setup, players, seed = game
    with tempfile.TemporaryDirectory() as tmp:
        with Store(Path(tmp) / "games.db") as store:
            service = GameService.create(store, setup[0], [f"P{i}" for i in range(players)], setup[1])
            rng = random.Random(seed)
            for action, _ in play_random(service.state, rng, max_actions=400, undo_rate=undo_rate):
                service.act(action)
            live = service.state
            service.close()
        with Store(Path(tmp) / "games.db") as store:
            _, loaded, saved = store.load(service.game_id)
            assert saved == service.saved_actions
            assert loaded.sheet() == live.sheet()
            assert loaded.effective_actions() == live.effective_actions()
