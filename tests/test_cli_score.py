"""`scorekeeper score` as CLI.md states it, run as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest


def scorekeeper(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", *args], capture_output=True, text=True, timeout=60
    )


def test_an_unmet_full_house_scores_zero_with_a_reason():
    result = scorekeeper("score", "ru_fences", "full", "3", "3", "3", "2", "5")
    assert result.returncode == 0, result.stderr
    verdict = json.loads(result.stdout)
    assert verdict["valid"] is False and verdict["allowed"] is True and verdict["score"] == 0
    assert verdict["reason"] and verdict["dice"] == [3, 3, 3, 2, 5]
    assert verdict["variant"] == "ru_fences" and verdict["box"] == "full"


def test_football_four_is_not_allowed_with_five_equal_goals():
    result = scorekeeper("score", "ru_football", "four", "3", "3", "3", "3", "3")
    verdict = json.loads(result.stdout)
    assert verdict["allowed"] is False and verdict["score"] == 0 and verdict["reason"]


def test_football_range_has_no_top_when_goals_are_kept_raw():
    clamped = json.loads(scorekeeper("score", "ru_football", "four", "7", "7", "7", "7", "2").stdout)
    raw = json.loads(scorekeeper("score", "ru_football", "four", "7", "7", "7", "7", "2",
                                 "--option", "high_goal_policy=raw").stdout)
    assert clamped["score"] == 26 and clamped["range"] == [1, 29]  # 7 goals count as 6: 6-6-6-6-5 is the most
    assert raw["score"] == 30 and raw["range"] == [1, None]  # no score is the most


def test_options_value_and_roll():
    result = scorekeeper(
        "score", "ru_fences", "pair", "2", "2", "5", "5", "6", "--value", "2", "--roll", "1",
        "--option", "first_roll_double=true",
    )
    verdict = json.loads(result.stdout)
    assert verdict["score"] == 8 and verdict["value"] == 2


def test_options_may_come_before_the_dice():
    after = scorekeeper("score", "ru_fences", "pair", "2", "2", "5", "5", "6", "--value", "2", "--roll", "1",
                        "--option", "first_roll_double=true")
    before = scorekeeper("score", "ru_fences", "pair", "--roll", "1", "--option", "first_roll_double=true",
                         "--value", "2", "2", "2", "5", "5", "6")
    split = scorekeeper("score", "ru_fences", "pair", "2", "2", "--roll", "1", "5", "5", "6", "--value", "2",
                        "--option", "first_roll_double=true")
    assert before.returncode == split.returncode == 0, before.stderr + split.stderr
    assert json.loads(before.stdout) == json.loads(after.stdout) == json.loads(split.stdout)


def test_output_is_utf8_whatever_the_console_encoding():
    # A Windows pipe or an old locale gives Python a stdout that cannot hold «Фулл».
    env = dict(os.environ, PYTHONIOENCODING="cp1252")
    result = subprocess.run(
        [sys.executable, "-m", "scorekeeper.cli", "score", "ru_fences", "full", "3", "3", "3", "2", "5",
         "--lang", "ru"],
        capture_output=True, timeout=60, env=env,
    )
    assert result.returncode == 0, result.stderr
    assert "Фулл" in json.loads(result.stdout.decode("utf-8"))["reason"]


def test_reason_in_russian_on_request():
    verdict = json.loads(scorekeeper("score", "ru_fences", "full", "3", "3", "3", "2", "5", "--lang", "ru").stdout)
    assert "Фулл" in verdict["reason"]


@pytest.mark.parametrize(("variant", "options"),
                         [("ru_football", []), ("ru_encyclopedia", ["--option", "max_throws=2"])])
def test_the_default_roll_given_aloud_is_the_default(variant, options):
    # `--roll 3` is what an absent --roll means (CLI.md), also where a turn has fewer throws
    unsaid = scorekeeper("score", variant, "chance", "1", "2", "3", "4", "5", *options)
    said = scorekeeper("score", variant, "chance", "1", "2", "3", "4", "5", "--roll", "3", *options)
    assert (unsaid.returncode, said.returncode) == (0, 0), said.stderr
    assert json.loads(said.stdout) == json.loads(unsaid.stdout)


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["nonesuch", "full", "1", "2", "3", "4", "5"], "unknown variant 'nonesuch'"),
        (["ru_fences", "fulll", "1", "2", "3", "4", "5"], "no box 'fulll'"),
        (["ru_fences", "full", "1", "2", "3", "4", "5", "--option", "nope=1"], "unknown option 'nope'"),
        (["ru_fences", "full", "1", "2", "3", "4", "5", "--option", "gora_premium=x"], "option gora_premium"),
        (["ru_fences", "full", "1", "2", "3", "4", "9"], "die 5: 9 is out of range"),
        (["ru_fences", "full", "1", "2", "3", "4"], "expected 5 dice, got 4"),
        (["ru_fences", "full", "1", "2", "x", "4", "5"], "die 3"),
        (["ru_fences", "full", "1", "2", "3", "4", "5", "--roll", "0"], "--roll"),
        (["yatzy"], "required: box"),
        (["ru_fences", "full"], "dice: expected 5 dice, got 0"),
        (["ru_fences", "full", "1", "2", "3", "4", "5", "--bogus"], "--bogus"),
        (["ru_fences", "full", "--roll", "1", "1", "2", "3", "4", "5", "6"], "expected 5 dice, got 6"),
        (["yahtzee", "full", "1", "2", "3", "4", "5", "--roll", "4"], "at most 3 throws"),
        (["ru_football", "full", "1", "2", "3", "4", "5", "--roll", "2"], "at most 1 throw"),
        (["yatzy", "pair", "1", "1", "3", "4", "5", "--value", "9"], "--value 9"),
    ],
)
def test_bad_input_exits_2_with_one_line_naming_it(args, named):
    result = scorekeeper("score", *args)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and named in lines[0]
