"""`scorekeeper advise` as CLI.md describes it: the JSON shape, good advice, and bad input refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

from scorekeeper.cli import main

YAHTZEE_BOXES = ("ones,twos,threes,fours,fives,sixes,three,four,full,small_straight,large_straight,"
                 "poker,chance")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, dict[str, Any] | None, str]:
    code = main(["advise", *argv])
    captured = capsys.readouterr()
    return code, json.loads(captured.out) if captured.out else None, captured.err


def test_a_whole_yahtzee_game_is_worth_the_published_optimum(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "yahtzee", "--open", YAHTZEE_BOXES)
    assert code == 0 and err == "" and out is not None
    assert out["expected"] == pytest.approx(254.5877287, abs=5e-4)  # the forced joker of RULES.md
    _, verhoeff, _ = run(capsys, "yahtzee", "--open", YAHTZEE_BOXES, "--option", "joker=verhoeff")
    assert verhoeff is not None and verhoeff["expected"] == pytest.approx(254.5896, abs=5e-4)
    assert 0.6 < out["p_bonus"] < 0.75
    assert out["advice"] == {"keep": []}
    assert "exact" in out["method"]


def test_after_a_throw_every_option_best_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "yahtzee", "--open", "sixes,chance,full", "--upper", "40",
                       "--dice", "6", "6", "2", "6", "3", "--throw", "2")
    assert code == 0 and out is not None
    options = out["options"]
    assert [o["expected"] for o in options] == sorted((o["expected"] for o in options), reverse=True)
    best = {k: v for k, v in options[0].items() if k != "expected"}
    assert out["advice"] == best and out["expected"] == options[0]["expected"]
    assert out["advice"] == {"keep": [6, 6, 6]}
    for o in options:
        if "keep" in o:
            assert o["keep"] == sorted(o["keep"])
        else:
            assert set(o) == {"box", "score", "expected"}
    assert {"box": "chance", "score": 23} in [{k: v for k, v in o.items() if k != "expected"} for o in options]


def test_the_last_throw_names_the_box_and_its_points(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "yatzy", "--open", "full,chance", "--upper", "63",
                       "--dice", "5", "5", "5", "2", "2", "--throw", "3")
    assert code == 0 and out is not None
    assert out["advice"] == {"box": "full", "score": 19}


@pytest.mark.slow
def test_house_rules_change_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, low, err = run(capsys, "generala", "--open", "full", "--dice", "3", "3", "3", "2", "2", "--throw", "1",
                         "--option", "servida_bonus=0")
    assert code == 0 and "solving" in err  # no table shipped for this rule: solved now, said so
    _, high, _ = run(capsys, "generala", "--open", "full", "--dice", "3", "3", "3", "2", "2", "--throw", "1")
    assert low is not None and high is not None
    assert (low["advice"]["score"], high["advice"]["score"]) == (30, 35)
    assert high["expected"] == pytest.approx(low["expected"] + 5, abs=1e-6)
    _, same, _ = run(capsys, "generala", "--open", "full", "--dice", "3", "3", "3", "2", "2", "--throw", "1",
                     "--option", "tie_break=extra_game")  # a rule that changes no score: the same table
    assert same == high


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["nope", "--open", "chance"], "nope"),
        (["yahtzee", "--open", "chance,bogus"], "bogus"),
        (["yahtzee", "--open", "chance,chance"], "twice"),
        (["yahtzee", "--open", ""], "--open"),
        (["yahtzee", "--open", "chance", "--dice", "1", "2", "3", "4", "5"], "--throw"),
        (["yahtzee", "--open", "chance", "--dice", "1", "2", "3", "4", "--throw", "1"], "--dice"),
        (["yahtzee", "--open", "chance", "--dice", "1", "2", "3", "4", "7", "--throw", "1"], "--dice"),
        (["yahtzee", "--open", "chance", "--dice", "1", "2", "3", "4", "5", "--throw", "4"], "--throw"),
        (["yahtzee", "--open", "chance", "--dice", "1", "2", "3", "4", "5", "--throw", "x"], "--throw"),
        (["yahtzee", "--open", "ones,chance", "--upper", "101"], "--upper"),
        (["yahtzee", "--open", "ones,chance", "--upper", "-1"], "--upper"),
        (["yahtzee", "--open", "chance", "--fences", "2"], "--fences"),
        (["yahtzee", "--open", "chance", "--poker-value", "-5"], "--poker-value"),
        (["yahtzee", "--open", "chance", "--option", "joker=maybe"], "joker"),
        (["ru_football", "--open", "chance"], "ru_football"),
        (["ru_fences", "--open", "chance", "--fences", "-1"], "--fences"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                  named: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out is None
    assert err.count("\n") == 1 and named in err
