"""The sheet's chance line in Chromium: the upper bonus's chance under the advised play of the
whole game (Yahtzee about two in three at the start, not the 4 % of upper-only play), and the
«гора»'s premium and penalty in «Покер с оградами»."""

from __future__ import annotations

import re

import pytest

from scorekeeper.advisor.chances import advised_chances
from scorekeeper.app.sheet.model import percent
from scorekeeper.game import new_game
from scorekeeper.rules import get_variant
from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def exact_line_figures(variant: str) -> tuple[float, float]:
    """The advisor's chances for the first player of a fresh game, as the sheet's model asks them."""
    figures = advised_chances(new_game(get_variant(variant), ["A", "B"]))
    assert figures is not None, f"{variant}: the advisor has no table for the default rules"
    return figures


def test_yahtzee_starts_with_the_bonus_chance_of_the_advised_play(new_tab) -> None:
    p_bonus, _ = exact_line_figures("yahtzee")
    assert 0.6 < p_bonus < 0.75  # optimal solitaire play wins the bonus about two games in three
    tab: Tab = new_tab()
    start_game(tab, "yahtzee", ["Аня", "Борис"])
    line = tab.wait_text("upper-outlook", re.compile(r"\d+\s?%"))
    assert percent(p_bonus) in line, line
    tab.shot("chance-line-yahtzee")


def test_fences_shows_premium_and_penalty_under_the_advised_play(new_tab) -> None:
    p_premium, p_penalty = exact_line_figures("ru_fences")
    tab: Tab = new_tab()
    start_game(tab, "ru_fences", ["Аня", "Борис"])
    line = tab.wait_text("upper-outlook", re.compile("премия"))
    assert percent(p_premium) in line and percent(p_penalty) in line, line
    tab.shot("chance-line-fences")
