"""The advisor's hint and the review on the screens, every variant, without a browser."""

from __future__ import annotations

import random

import pytest

from scorekeeper.app.review.view import ReviewScreen
from scorekeeper.app.sheet.advice import has_table
from scorekeeper.app.shell import Shell
from scorekeeper.game import new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import VARIANT_IDS
from scorekeeper.service import GameService
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_the_hint_shows_after_a_throw_where_the_advisor_has_a_table(shell: Shell, variant: str) -> None:
    service, screen = open_sheet(shell, variant, ["Аня", "Борис"])
    screen._roll((3, 3, 3, 2, 5))
    shell.redraw()
    assert "advice-line" not in identifiers(shell.page.controls[0])  # off until this phone turns it on
    shell.set_hint(True)
    shell.redraw()
    shown = identifiers(shell.page.controls[0])
    can = has_table(service.state.variant) and not service.state.variant.one_throw
    assert ("advice-line" in shown) == can
    if can:
        assert any(w.startswith("Совет: ") for w in texts(shown["advice-line"]))
        assert screen.dice.advised <= frozenset(range(5))
    screen.dispose()


@pytest.mark.parametrize("variant", ["yahtzee", "ru_fences", "ru_football"])
def test_a_finished_game_has_a_review_per_player_where_the_advisor_can_give_one(shell: Shell, variant: str) -> None:
    service = GameService.create(shell.store, variant, ["Аня", "Борис"])
    for action, _ in play_random(new_game(service.state.variant, ["Аня", "Борис"]), random.Random(3)):
        service.act(action)
    assert service.state.finished
    shell.show(lambda: ReviewScreen(shell, service.game_id))
    shown = identifiers(shell.page.controls[0])
    if variant == "ru_football":
        assert "review-none" in shown and "review-total-Аня" not in shown
        shell.go(f"/history/{service.game_id}")
        assert "review" not in identifiers(shell.page.controls[0])  # nothing to look back on
        return
    assert {"review-total-Аня", "review-total-Борис"} <= set(shown)
    assert "review-Аня-1" in shown  # random play enters its dice: decisions to look back on
    shell.go(f"/history/{service.game_id}")
    assert "review" in identifiers(shell.page.controls[0])
