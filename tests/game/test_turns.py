"""Turns, undo, ranks and the other variants' rules as the sheet shows them."""

from __future__ import annotations

import pytest

from scorekeeper.game import (
    BoxNotAllowed,
    GameOver,
    InvalidAction,
    NothingToUndo,
    NotYourTurn,
    ThrowAlreadyMade,
    TooManyThrows,
    Undo,
    apply,
    verify_actor,
    verify_player,
)
from scorekeeper.game.series import competition_ranks
from tests.game.helpers import column, fill, run, start, turn

YAHTZEE_UPPER = ["ones", "twos", "threes", "fours", "fives", "sixes"]


def test_rotation_is_fixed_and_each_turn_fills_one_box() -> None:
    s = start("yatzy", ["A", "B", "C"])
    names = []
    for _ in range(4):
        names.append(s.player_name)
        s = run(s, *turn([1, 2, 3, 4, 5], "chance" if s.player_name != "A" or not names[:-1] else "ones"))
    assert names == ["A", "B", "C", "A"]
    assert s.sheets[0].filled == 2 and s.sheets[1].filled == 1


def test_player_assertion_names_whose_turn_it_is() -> None:
    s = start("yahtzee")
    verify_player(s, "Аня")
    with pytest.raises(NotYourTurn) as error:
        verify_player(s, "Борис")
    assert error.value.text.en == "It is Аня's turn, not Борис's."
    assert error.value.text.ru == "Сейчас ходит Аня, а не Борис."


def test_yahtzee_allows_three_throws_and_no_cross_out_before_a_throw() -> None:
    s = start("yahtzee")
    assert not s.can_cross_out("chance")
    s = run(s, {"roll": [1, 2, 3, 4, 6]}, {"roll": [1, 2, 3, 4, 6]}, {"roll": [1, 2, 3, 4, 6]})
    with pytest.raises(TooManyThrows) as error:
        s.verify_roll([1, 1, 1, 1, 1])
    assert error.value.text.en == "All 3 throws of this turn are used; write or cross out a box."
    s = run(s, {"cross_out": "large_straight"})
    assert column(s, "Аня")["stages"][0]["crossed"] == ["large_straight"]
    assert column(s, "Аня")["fences"] == 0


@pytest.mark.parametrize("variant", ["yahtzee", "yatzy", "kniffel", "generala", "ru_football"])
def test_a_scratch_may_go_in_any_open_box_upper_ones_included(variant: str) -> None:
    s = run(start(variant, ["Аня"]), {"roll": [1, 2, 4, 5, 6]}, {"cross_out": "threes"})
    stage = column(s, "Аня")["stages"][0]
    assert stage["crossed"] == ["threes"] and stage["boxes"]["threes"] == 0 and stage["upper"] == 0


def test_an_extra_yahtzee_cannot_be_scratched_past_its_forced_upper_box() -> None:
    s = run(start("yahtzee", ["Аня"]), *turn([3, 3, 3, 3, 3], "poker"), {"roll": [3, 3, 3, 3, 3]})
    assert not s.can_cross_out("fours")
    s = run(s, {"cross_out": "threes"})
    stage = column(s, "Аня")["stages"][0]
    assert stage["crossed"] == ["threes"] and stage["extra"] == 100


def test_undo_takes_back_any_players_actions_and_counts_them() -> None:
    s = run(start("yahtzee"), *turn([1, 2, 3, 4, 6], "small_straight"), {"roll": [2, 2, 2, 3, 3]})
    assert s.player_name == "Борис" and s.throws == 1
    back = apply(s, Undo(2))
    assert back.player_name == "Аня" and back.throws == 1 and back.dice is not None
    assert back.sheet()["players"][0]["stages"][0]["boxes"]["small_straight"] is None
    assert apply(back, Undo(1)).sheet() == start("yahtzee").sheet()
    with pytest.raises(NothingToUndo) as error:
        apply(s, Undo(4))
    assert error.value.text.en == "Cannot take back 4: only 3 actions taken."
    assert error.value.text.ru == "Отменить 4 нельзя: сделано только 3 действия."
    with pytest.raises(InvalidAction):
        apply(s, Undo(0))


def test_after_the_end_only_undo() -> None:
    s = start("generala", ["Аня"])
    s = run(s, {"roll": [4, 4, 4, 4, 4]}, {"score": "poker"})
    assert s.finished
    with pytest.raises(GameOver) as error:
        s.verify_roll([1, 2, 3, 4, 5])
    assert error.value.text.en == "The game is over: only undo is possible."
    assert not s.can_score("ones")
    assert apply(s, Undo(1)).finished is False


def test_competition_ranking() -> None:
    assert competition_ranks([(10,), (12,), (12,), (3,)]) == [3, 1, 1, 4]


def test_tied_players_share_first_place_by_default() -> None:
    s = start("yatzy", ["A", "B", "C"])
    for _ in range(15):
        for name in ("A", "B", "C"):
            box = next(b for b in s.variant.box_ids if s.open_boxes().__contains__(b))
            s = run(s, {"roll": [6, 6, 6, 6, 6] if name != "C" else [1, 1, 1, 1, 2]}, {"score": box})
    sheet = s.sheet()
    assert sheet["finished"]
    assert [p["rank"] for p in sheet["players"]] == [1, 1, 3]
    assert sheet["winners"] == ["A", "B"]


# --- Yahtzee family ---------------------------------------------------------------------------------


def _upper(s, faces):  # type: ignore[no-untyped-def]
    return fill(s, [([f, f, f, 1 if f != 1 else 2, 2 if f != 2 else 3], YAHTZEE_UPPER[f - 1]) for f in faces])


@pytest.mark.parametrize(("variant", "bonus"), [("yahtzee", 35), ("kniffel", 35), ("yatzy", 50)])
def test_upper_bonus_at_63_once_the_upper_section_is_full(variant: str, bonus: int) -> None:
    s = _upper(start(variant, ["Аня"]), [1, 2, 3, 4, 5])
    assert s.sheet()["players"][0]["stages"][0]["bonus"] == 0
    s = _upper(s, [6])
    stage = s.sheet()["players"][0]["stages"][0]
    assert (stage["upper"], stage["bonus"], stage["total"]) == (63, bonus, 63 + bonus)


def test_extra_yahtzee_earns_100_and_the_joker_is_forced() -> None:
    s = run(start("yahtzee", ["Аня"]), *turn([3, 3, 3, 3, 3], "poker"), {"roll": [3, 3, 3, 3, 3]})
    assert not s.can_score("full")
    with pytest.raises(BoxNotAllowed) as error:
        s.verify_score("full")
    assert error.value.text.en == "An extra YAHTZEE must go in Threes while that box is open."
    assert error.value.text.ru == "Повторный «Яцзы» нужно записать в клетку «Тройки», пока она открыта."
    s = run(s, {"score": "threes"})
    stage = s.sheet()["players"][0]["stages"][0]
    assert (stage["boxes"]["threes"], stage["extra"], stage["total"]) == (15, 100, 165)
    s = run(s, {"roll": [3, 3, 3, 3, 3]}, {"score": "full"})  # Threes filled: joker at full value
    stage = s.sheet()["players"][0]["stages"][0]
    assert (stage["boxes"]["full"], stage["extra"]) == (25, 200)
    assert stage["crossed"] == []


def test_yatzy_has_no_extra_bonus() -> None:
    s = run(start("yatzy", ["Аня"]), *turn([3, 3, 3, 3, 3], "poker"), *turn([3, 3, 3, 3, 3], "chance"))
    stage = s.sheet()["players"][0]["stages"][0]
    assert (stage["boxes"]["chance"], stage["extra"]) == (15, 0)


# --- Generala ---------------------------------------------------------------------------------------


def test_generala_servida_wins_the_game_at_once() -> None:
    s = start("generala", ["Аня", "Борис"])
    s = run(s, *turn([1, 2, 3, 4, 5], "small_straight"))  # Аня 25 servida
    s = run(s, {"roll": [2, 2, 2, 2, 2]}, {"score": "poker"})
    sheet = s.sheet()
    assert sheet["finished"] and sheet["turn"] is None
    assert sheet["winners"] == ["Борис"]
    assert [p["rank"] for p in sheet["players"]] == [2, 1]


def test_a_second_generala_servida_written_as_the_doble_wins_the_game_at_once() -> None:
    s = start("generala", ["Аня", "Борис"])
    s = run(s, {"roll": [2, 2, 2, 2, 1]}, {"roll": [2, 2, 2, 2, 2]}, {"score": "poker"})  # Аня 50
    s = run(s, *turn([1, 2, 3, 4, 6], "sixes"))
    s = run(s, {"roll": [4, 4, 4, 4, 4]}, {"score": "double_poker"})  # Аня's Doble, first throw
    sheet = s.sheet()
    assert sheet["finished"] and sheet["winners"] == ["Аня"]
    assert column(s, "Аня")["stages"][0]["boxes"]["double_poker"] == 100


def test_generala_on_a_later_throw_does_not_end_the_game() -> None:
    s = run(start("generala"), {"roll": [2, 2, 2, 2, 1]}, {"roll": [2, 2, 2, 2, 2]}, {"score": "poker"})
    assert not s.finished
    assert column(s, "Аня")["stages"][0]["boxes"]["poker"] == 50


def test_doble_generala_before_a_generala_is_a_crossed_zero() -> None:
    s = run(start("generala"), {"roll": [2, 2, 2, 2, 1]}, {"roll": [2, 2, 2, 2, 2]}, {"score": "double_poker"})
    stage = column(s, "Аня")["stages"][0]
    assert stage["boxes"]["double_poker"] == 0 and stage["crossed"] == ["double_poker"]


# --- ru_football ------------------------------------------------------------------------------------


def test_football_tour_is_one_throw() -> None:
    s = run(start("ru_football"), {"roll": [0, 1, 2, 3, 9]})
    assert s.sheet()["turn"]["dice"] == [0, 1, 2, 3, 6]  # 7+ goals count as 6
    assert s.sheet()["turn"]["throws_allowed"] == 1
    with pytest.raises(TooManyThrows) as error:
        s.verify_roll([1, 1, 1, 1, 1])
    assert error.value.text.en == "This tour's results are in already: a tour has one throw."


def test_football_four_of_a_kind_refuses_five_equal_values_unless_last() -> None:
    s = run(start("ru_football", ["Аня"]), {"roll": [3, 3, 3, 3, 3]})
    with pytest.raises(BoxNotAllowed) as error:
        s.verify_score("four")
    assert "unless it is the last open box" in error.value.text.en
    assert not s.can_cross_out("four")
    for box in s.variant.box_ids:
        if box != "four":
            s = run(s, {"score": box}, {"roll": [3, 3, 3, 3, 3]})
    s = run(s, {"score": "four"})
    sheet = s.sheet()
    assert sheet["finished"]
    assert sheet["players"][0]["stages"][0]["boxes"]["four"] == 0
    assert "four" in sheet["players"][0]["stages"][0]["crossed"]


def test_a_missed_tour_closes_the_lowest_value_box_with_zero() -> None:
    s = run(start("ru_football"), {"miss": True})
    stage = column(s, "Аня")["stages"][0]
    assert stage["boxes"]["ones"] == 0 and stage["crossed"] == ["ones"]
    assert s.player_name == "Борис"
    s = run(s, {"miss": True}, {"miss": True})
    assert column(s, "Аня")["stages"][0]["crossed"] == ["ones", "twos"]
    s = run(s, {"roll": [1, 1, 2, 2, 3]})
    with pytest.raises(ThrowAlreadyMade):
        s.verify_miss()
    with pytest.raises(BoxNotAllowed) as error:
        start("yahtzee").verify_miss()
    assert error.value.text.en == "Only a football tour can be missed."


# --- ru_encyclopedia: extra game, series, target ---------------------------------------------------

ENC_BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "small_straight", "large_straight",
             "full", "chance", "poker"]


def _same_game(s, players: int):  # type: ignore[no-untyped-def]
    for box in ENC_BOXES:
        for _ in range(players):
            s = run(s, *turn([6, 6, 6, 5, 5], box))
    return s


def test_encyclopedia_throws_option() -> None:
    s = run(start("ru_encyclopedia", max_throws=2), {"roll": [1, 2, 3, 4, 5]}, {"roll": [1, 2, 3, 4, 5]})
    assert not s.can_roll()


def test_a_tie_for_first_leads_to_an_extra_game_between_the_tied() -> None:
    s = start("ru_encyclopedia", ["Аня", "Борис"])
    s = _same_game(s, 2)
    sheet = s.sheet()
    assert not sheet["finished"] and sheet["winners"] == []
    assert sheet["match"]["extra_game"] is True
    assert sheet["match"]["games"][0]["winners"] == ["Аня", "Борис"]
    assert sheet["turn"]["player"] == "Аня"
    assert all(v is None for v in sheet["players"][0]["stages"][0]["boxes"].values())
    for box in ENC_BOXES:
        s = run(s, *turn([6, 6, 6, 5, 5], box), *turn([1, 1, 1, 2, 2], box))
    sheet = s.sheet()
    assert sheet["finished"] and sheet["winners"] == ["Аня"]
    assert [p["rank"] for p in sheet["players"]] == [1, 2]
    assert [g["extra_game"] for g in sheet["match"]["games"]] == [False, True]


def test_only_the_players_tied_for_first_play_the_extra_game() -> None:
    s = start("ru_encyclopedia", ["A", "B", "C"])
    for box in ENC_BOXES:
        s = run(s, *turn([6, 6, 6, 5, 5], box), *turn([6, 6, 6, 5, 5], box), *turn([1, 1, 1, 2, 2], box))
    sheet = s.sheet()
    assert sheet["match"]["extra_game"] and s.seats == (0, 1)
    assert [p["playing"] for p in sheet["players"]] == [True, True, False]
    assert [p["rank"] for p in sheet["players"]] == [1, 1, 3]
    assert s.player_name == "A"
    s = run(s, *turn([1, 1, 1, 2, 2], "ones"))
    assert s.player_name == "B"


def test_series_most_wins() -> None:
    s = start("ru_encyclopedia", ["A", "B"], mode="series", series_games=3)
    for game in range(3):
        win = [6, 6, 6, 5, 5]
        lose = [1, 1, 1, 2, 2]
        for box in ENC_BOXES:
            a, b = (win, lose) if game != 1 else (lose, win)
            s = run(s, *turn(a, box), *turn(b, box))
        if game < 2:
            assert not s.finished and s.sheet()["match"]["game"] == game + 2
    sheet = s.sheet()
    assert sheet["finished"] and sheet["winners"] == ["A"]
    assert sheet["match"]["wins"] == {"A": 2, "B": 1}
    assert len(sheet["match"]["games"]) == 3


def test_target_play_carries_totals_until_someone_reaches_it() -> None:
    s = start("ru_encyclopedia", ["A", "B"], mode="target", target=150)
    for box in ENC_BOXES:
        s = run(s, *turn([6, 6, 6, 5, 5], box), *turn([1, 1, 1, 2, 2], box))
    sheet = s.sheet()
    a_total = sheet["match"]["games"][0]["totals"]["A"]
    assert a_total < 150 and not sheet["finished"]
    assert sheet["match"]["totals"] == {"A": a_total, "B": sheet["match"]["games"][0]["totals"]["B"]}
    for box in ENC_BOXES:
        s = run(s, *turn([6, 6, 6, 5, 5], box), *turn([1, 1, 1, 2, 2], box))
    sheet = s.sheet()
    assert sheet["finished"] and sheet["winners"] == ["A"]
    assert sheet["match"]["totals"]["A"] == 2 * a_total >= 150


def test_shared_tie_break_ends_without_an_extra_game() -> None:
    s = _same_game(start("ru_encyclopedia", ["A", "B"], tie_break="shared"), 2)
    assert s.finished and s.sheet()["winners"] == ["A", "B"]
    assert "match" not in s.sheet()


def test_module_level_triads_match_the_methods() -> None:
    from scorekeeper.game import (
        can_cross_out,
        can_roll,
        can_score,
        can_undo,
        verify_cross_out,
        verify_roll,
        verify_score,
        verify_undo,
    )
    from scorekeeper.game.errors import NoThrowYet

    s = start("ru_fences")
    assert can_roll(s) and can_roll(s, [1, 2, 3, 4, 5]) and not can_roll(s, [0, 1, 2, 3, 4])
    assert not can_score(s, "chance") and can_cross_out(s, "chance") and not can_undo(s)
    verify_roll(s, [1, 2, 3, 4, 5])
    verify_cross_out(s, "chance")
    with pytest.raises(NoThrowYet):
        verify_score(s, "chance")
    with pytest.raises(NothingToUndo):
        verify_undo(s, 1)


def test_an_undo_is_for_the_player_whose_turn_it_is_or_whose_actions_it_takes_back() -> None:
    s = run(start("yahtzee", ["Аня", "Борис", "Вика"]), *turn([1, 2, 3, 4, 6], "small_straight"))
    assert s.player_name == "Борис"
    verify_actor(s, Undo(1), "Аня")  # her box, taken back after the turn passed
    verify_actor(s, Undo(1), "Борис")  # whose turn it is
    with pytest.raises(NotYourTurn) as error:
        verify_actor(s, Undo(1), "Вика")
    assert error.value.text.en == ("Undo is for the player whose turn it is (Борис) or a player whose actions "
                                   "it takes back (Аня), not Вика.")
    with pytest.raises(NothingToUndo):  # too many to take back is said as such, whoever asks
        verify_actor(s, Undo(5), "Вика")


def test_a_game_of_a_series_tied_for_first_is_played_off_before_the_series_goes_on() -> None:
    """«Ничья разрешается в дополнительной игре»: the leaders of a tied game play an extra game
    for it; its winner has the game's win, and the series goes on to its next game."""
    s = start("ru_encyclopedia", ["A", "B", "C"], mode="series", series_games=2)
    for box in ENC_BOXES:  # game 1: A and B tie for first
        s = run(s, *turn([6, 6, 6, 5, 5], box), *turn([6, 6, 6, 5, 5], box), *turn([1, 1, 1, 2, 2], box))
    assert s.extra_game and s.seats == (0, 1) and s.sheet()["match"]["wins"] == {"A": 0, "B": 0, "C": 0}
    for box in ENC_BOXES:  # the extra game: B wins game 1
        s = run(s, *turn([1, 1, 1, 2, 2], box), *turn([6, 6, 6, 5, 5], box))
    assert not s.extra_game and s.seats == (0, 1, 2) and s.sheet()["match"]["game"] == 3
    assert s.sheet()["match"]["wins"] == {"A": 0, "B": 1, "C": 0}
    for box in ENC_BOXES:  # game 2: C's
        s = run(s, *turn([1, 1, 1, 2, 2], box), *turn([1, 1, 1, 2, 2], box), *turn([6, 6, 6, 5, 5], box))
    assert s.extra_game and s.seats == (1, 2)  # 1 win each: the series' own extra game
    for box in ENC_BOXES:
        s = run(s, *turn([6, 6, 6, 5, 5], box), *turn([1, 1, 1, 2, 2], box))
    sheet = s.sheet()
    assert sheet["finished"] and sheet["winners"] == ["B"]
    assert [p["rank"] for p in sheet["players"]] == [3, 1, 2]
    assert [g["extra_game"] for g in sheet["match"]["games"]] == [False, True, False, True]
