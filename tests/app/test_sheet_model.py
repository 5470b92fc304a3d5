"""The sheet's rows, cells and meters come from the game's state, laid out as on paper."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.app.sheet.model import (
    best_box,
    best_boxes,
    box_cell,
    percent,
    previews,
    reveal_offset,
    reveal_spans,
    row_span,
    signed,
    stage_rows,
    turn_line,
    upper_meter,
)
from scorekeeper.app.sheet.turns import turns_played
from scorekeeper.game import CrossOut, Roll, Score, apply, new_game
from scorekeeper.rules import get_variant


def test_rows_group_the_upper_boxes_then_their_result_then_the_rest() -> None:
    rows = stage_rows(get_variant("ru_fences"))
    kinds = [r.kind for r in rows]
    assert kinds[:6] == ["box"] * 6 and kinds[6] == "upper" and kinds[-1] == "stage_total"
    assert [r.box_id for r in rows[:6]] == ["ones", "twos", "threes", "fours", "fives", "sixes"]
    assert len([r for r in rows if r.kind == "box"]) == 15
    yahtzee = stage_rows(get_variant("yahtzee"))
    assert "stage_total" not in [r.kind for r in yahtzee] and "upper" in [r.kind for r in yahtzee]
    football = stage_rows(get_variant("ru_football"))
    assert [r.kind for r in football] == ["box"] * 14


def test_cells_show_previews_after_a_throw_but_read_empty_until_written() -> None:
    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
    assert previews(state) == {}
    state = _roll(state, (5, 5, 5, 2, 3))
    hints = previews(state)
    sheet = state.sheet()
    three = box_cell(sheet, state, 0, 1, "three", hints)
    assert (three.text, three.shown, three.kind, three.tappable) == ("", "15", "preview", True)
    full = box_cell(sheet, state, 0, 1, "full", hints)
    assert full.kind == "greyed" and full.text == ""
    other = box_cell(sheet, state, 1, 1, "three", hints)
    assert other.kind == "closed" and not other.tappable


def _roll(state, values):
    from scorekeeper.game import Roll, apply

    return apply(state, Roll(tuple(values)))


def test_written_and_crossed_cells_read_their_score() -> None:
    from scorekeeper.game import CrossOut, Score, apply

    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
    state = apply(_roll(state, (5, 5, 5, 2, 3)), Score("three"))
    state = apply(state, CrossOut("large_straight"))
    sheet = state.sheet()
    assert box_cell(sheet, state, 0, 1, "three", {}).text == "15"
    crossed = box_cell(sheet, state, 1, 1, "large_straight", {})
    assert (crossed.text, crossed.shown, crossed.kind) == ("0", "—", "crossed")


def test_armed_to_cross_out_the_boxes_that_may_be_struck_show_the_cross() -> None:
    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])  # no throw yet: lower boxes only
    striking = {box for box in state.variant.box_ids if state.can_cross_out(box)}
    assert "large_straight" in striking and "ones" not in striking
    sheet = state.sheet()
    lower = box_cell(sheet, state, 0, 1, "large_straight", {}, striking)
    assert (lower.text, lower.shown, lower.kind, lower.tappable) == ("", "—", "strike", True)
    upper = box_cell(sheet, state, 0, 1, "ones", {}, striking)
    assert (upper.shown, upper.kind, upper.tappable) == ("", "open", True)  # a tap says why not
    assert box_cell(sheet, state, 1, 1, "large_straight", {}, striking).kind == "closed"


def test_gora_meter_says_what_is_needed_and_the_premium() -> None:
    variant = get_variant("ru_fences")
    open_stage = {"upper": -4, "bonus": 0, "boxes": {"ones": -2, "twos": -2}}
    meter = upper_meter(variant, open_stage, "ru")
    assert (meter.text, meter.note, meter.tone) == ("−4", "нужно +4", "bad")
    done = {"upper": 5, "bonus": 50, "boxes": dict.fromkeys(variant.upper_ids, 1)}
    assert upper_meter(variant, done, "en").note == "premium +50"
    yahtzee = get_variant("yahtzee")
    assert upper_meter(yahtzee, {"upper": 40, "bonus": 0, "boxes": {}}, "en").note == "23 to go"


def test_a_penalty_that_replaces_the_net_is_shown_as_what_the_gora_comes_to() -> None:
    state = new_game(get_variant("ru_fences", gora_penalty_mode="replace_net", stages=1), ["Аня"])
    for face, box in enumerate(("ones", "twos", "threes", "fours", "fives", "sixes"), start=1):
        other = face % 6 + 1  # one of each face: the net −42, and the «гора» comes to −20 all told
        state = apply(apply(state, Roll((face, other, other, other, other))), Score(box))
    stage = state.sheet()["players"][0]["stages"][0]
    meter = upper_meter(state.variant, stage, "ru")
    assert (stage["upper"], stage["upper"] + stage["bonus"]) == (-42, -20)  # the "bonus" +22 takes it there
    assert meter.note == "штраф \u221220 вместо \u221242" and meter.tone == "bad"
    assert meter.note_in(200) == meter.note_in(50) == "итог \u221220"  # under the net, in a cell's width
    assert upper_meter(state.variant, stage, "en").note == "penalty \u221220 instead of \u221242"
    plain = upper_meter(get_variant("ru_fences", stages=1), stage | {"bonus": -20}, "ru")
    assert plain.note == "штраф \u221220"  # added to the net, as the rules have it by default


def test_turn_line_and_turns_played() -> None:
    from scorekeeper.game import CrossOut, Score, apply

    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
    assert turn_line(state, "ru") == "Ходит Аня · этап 1 · бросок\u00a00\u00a0из\u00a03"
    state = apply(_roll(state, (5, 5, 5, 2, 3)), Score("three"))
    assert turn_line(state, "en") == "Борис to play · stage 1 · throw\u00a00\u00a0of\u00a03"
    assert turns_played(state, "ru") == ["Аня: 5-5-5-2-3 · Тройка 15"]
    state = apply(state, CrossOut("full"))
    state = _roll(_roll(state, (6, 6, 1, 2, 4)), (6, 6, 6, 2, 3))
    assert turns_played(state, "en") == [
        "Аня: 6-6-1-2-4, 6-6-6-2-3",
        "Борис: Full house — crossed out",
        "Аня: 5-5-5-2-3 · Three of a kind 15",
    ]
    assert signed(3) == "+3" and signed(-3) == "−3" and signed(0) == "0"


def test_the_moves_say_the_bonus_an_extra_five_of_a_kind_adds() -> None:
    state = new_game(get_variant("kniffel"), ["Аня"])
    state = apply(_roll(state, (5, 5, 5, 5, 5)), Score("poker"))
    state = apply(_roll(state, (5, 5, 5, 5, 5)), Score("fives"))
    assert turns_played(state, "ru")[0] == "Аня: 5-5-5-5-5 · Пятёрки 25 · +100 за повторный «Книффель»"
    assert turns_played(state, "en")[1] == "Аня: 5-5-5-5-5 · Kniffel 50"


def test_the_move_that_ends_a_game_of_a_match_keeps_its_score() -> None:
    state = new_game(get_variant("ru_encyclopedia", mode="series", series_games=3), ["Аня", "Борис"])
    for box in ["ones", "twos", "threes", "fours", "fives", "sixes", "small_straight", "large_straight", "full",
                "chance", "poker"]:
        state = apply(_roll(state, (6, 6, 6, 5, 5)), Score(box))
        state = apply(_roll(state, (2, 2, 2, 2, 2)), Score(box))
    assert len(state.games) == 1 and not state.finished  # Борис's «Покер» ended game 1
    assert turns_played(state, "ru")[0] == "Борис: 2-2-2-2-2 · Покер 50"


def test_upper_chances_move_with_the_throw() -> None:
    from scorekeeper.advisor import Position, advise
    from scorekeeper.app.sheet.model import upper_chances

    variant = get_variant("ru_fences")
    state = new_game(variant, ["Аня"])
    before = upper_chances(state, "en")
    start = advise(variant, Position(frozenset(variant.box_ids)))  # the advisor's play of the stage
    assert start.p_bonus is not None and start.p_penalty is not None
    assert before == f"Gora chances: premium {percent(start.p_bonus)}%, penalty {percent(start.p_penalty)}%"
    lucky = upper_chances(_roll(state, (6, 6, 6, 6, 6)), "en")
    spent = state
    for _ in range(3):  # the last throw of the turn, and no face came twice
        spent = _roll(spent, (1, 2, 3, 4, 5))
    unlucky = upper_chances(spent, "en")
    premium = [int(text.split("premium ")[1].split("%")[0]) for text in (before, lucky, unlucky)]
    assert premium[1] > premium[0] > premium[2]


def test_upper_chances_for_the_yahtzee_bonus() -> None:
    from scorekeeper.advisor import Position, advise
    from scorekeeper.app.sheet.model import upper_chances

    yahtzee = get_variant("yahtzee")
    exact = advise(yahtzee, Position(frozenset(yahtzee.box_ids))).p_bonus  # the whole game as advised
    assert exact is not None and 0.6 < exact < 0.75  # about two games in three, not the 4 % of one turn a box
    assert upper_chances(new_game(yahtzee, ["Аня"]), "ru") == f"Шанс бонуса верха: {percent(exact)}%"
    for other in ("ru_football", "generala", "ru_encyclopedia"):  # no upper bonus: no line
        assert upper_chances(new_game(get_variant(other), ["Аня"]), "ru") == ""


def test_a_house_rule_without_a_solved_table_says_what_the_chance_assumes() -> None:
    from scorekeeper.app.sheet.model import upper_chances

    state = new_game(get_variant("kniffel", upper_threshold=60), ["Аня"])
    line = upper_chances(state, "ru")
    assert line.startswith("Шанс бонуса верха (игра только на верх): ")


def test_a_throw_without_dice_in_the_turns_and_the_chances() -> None:
    from scorekeeper.app.sheet.model import upper_chances
    from scorekeeper.game import RollWithoutDice, apply

    state = new_game(get_variant("ru_fences"), ["Аня"])
    blind = apply(state, RollWithoutDice())
    assert upper_chances(blind, "en") == upper_chances(state, "en")  # no dice: the turn's own figure
    assert turns_played(_roll(blind, (1, 1, 1, 2, 3)), "ru") == ["Аня: ?, 1-1-1-2-3"]


def test_variants_with_extra_points_show_them_in_a_row_of_their_own() -> None:
    for variant_id in ("yahtzee", "kniffel"):
        kinds = [r.kind for r in stage_rows(get_variant(variant_id))]
        assert kinds[-1] == "extra" and kinds.count("extra") == 1, variant_id
    for variant_id in ("yatzy", "generala", "ru_fences", "ru_encyclopedia", "ru_football"):
        assert "extra" not in [r.kind for r in stage_rows(get_variant(variant_id))], variant_id
    assert "extra" not in [r.kind for r in stage_rows(get_variant("yahtzee", extra_bonus=0, joker="none"))]


def test_the_gora_meter_reads_as_no_result_before_its_first_box() -> None:
    variant = get_variant("ru_fences")
    empty = {"upper": 0, "bonus": 0, "boxes": dict.fromkeys(variant.upper_ids)}
    for lang in ("ru", "en"):
        meter = upper_meter(variant, empty, lang)
        assert (meter.text, meter.note) == ("", ""), lang
    even = upper_meter(variant, {"upper": 0, "bonus": 0, "boxes": {"threes": 0}}, "ru")
    assert even.text == "0" and len(even.note) <= 7  # fits a quarter of a 360 px phone
    assert len(upper_meter(variant, {"upper": 0, "bonus": 0, "boxes": {"threes": 0}}, "en").note) <= 7


def test_a_narrow_column_shows_the_premium_by_its_points() -> None:
    variant = get_variant("ru_fences")
    done = {"upper": -4, "bonus": -20, "boxes": dict.fromkeys(variant.upper_ids, -1)}
    meter = upper_meter(variant, done, "en")
    assert (meter.note_in(84), meter.note_in(56.5)) == ("penalty −20", "−20")
    needed = upper_meter(variant, {"upper": -4, "bonus": 0, "boxes": {"ones": -2, "twos": -2}}, "ru")
    assert needed.note_in(56.5) == needed.note == "нужно +4"


def test_a_tap_on_a_closed_box_is_told_why() -> None:
    from scorekeeper.app.sheet.model import why_closed

    state = new_game(get_variant("ru_fences"), ["Аня", "Борис"])
    state = apply(state, Roll((5, 5, 5, 2, 3)))
    state = apply(state, Score("three"))
    sheet = state.sheet()
    assert why_closed(sheet, state, 0, 1, "three", "ru") == "Клетка «Тройка» уже записана: 15."
    assert why_closed(sheet, state, 0, 1, "full", "en") == "It is Борис's turn; Аня's boxes are written in Аня's own turn."
    assert why_closed(sheet, state, 1, 2, "full", "en") == "Stage 2 opens once stage 1 is filled."
    assert why_closed(sheet, state, 1, 1, "full", "en") is None  # open: the tap writes it
    state = apply(state, CrossOut("chance"))
    assert why_closed(state.sheet(), state, 1, 1, "chance", "en") == "Chance is crossed out already."
    state = apply(apply(state, Roll((2, 5, 5, 1, 3))), Score("twos"))  # a lone two: −4, as the sheet draws it
    assert why_closed(state.sheet(), state, 0, 1, "twos", "ru") == "Клетка «Двойки» уже записана: −4."


def _rewritten_ones() -> tuple[list, object]:
    """The review's table: Аня writes Единицы 3 and Борис Шестёрки 18; four undos; Аня writes
    Единицы 4 and Борис his 18 again."""
    from scorekeeper.game import Undo
    from scorekeeper.game.moves import replay_moves

    start = new_game(get_variant("yahtzee"), ["Аня", "Борис"])
    first = [Roll((1, 1, 1, 2, 3)), Score("ones"), Roll((6, 6, 6, 1, 2)), Score("sixes")]
    undos = [Undo(1)] * 4
    again = [Roll((1, 1, 1, 1, 2)), Score("ones"), Roll((6, 6, 6, 1, 2)), Score("sixes")]
    return replay_moves(start, first + undos), replay_moves(start, first + undos + again)


def test_the_turns_keep_the_moves_taken_back_marked_in_their_place() -> None:
    undone, log = _rewritten_ones()
    state = log[-1].after
    assert turns_played(state, "ru", log=log) == [
        "Борис: 6-6-6-1-2 · Шестёрки 18",
        "Аня: 1-1-1-1-2 · Единицы 4",
        "Борис: 6-6-6-1-2 · Шестёрки 18 (отменено)",
        "Аня: 1-1-1-2-3 · Единицы 3 (отменено)",
    ]
    # Everything taken back: the list stays, every move marked.
    assert turns_played(undone[-1].after, "en", log=undone) == [
        "Борис: 6-6-6-1-2 · Sixes 18 (undone)",
        "Аня: 1-1-1-2-3 · Aces 3 (undone)",
    ]


def test_a_box_taken_back_leaves_its_throw_for_the_box_written_instead() -> None:
    from scorekeeper.game import Undo
    from scorekeeper.game.moves import replay_moves

    start = new_game(get_variant("yahtzee"), ["Аня", "Борис"])
    log = replay_moves(start, [Roll((1, 1, 1, 2, 3)), Score("ones"), Undo(1), Score("twos"), Roll((5, 5, 5, 5, 2)),
                               Undo(1)])
    assert turns_played(log[-1].after, "ru", log=log) == [
        "Борис: 5-5-5-5-2 (отменено)",
        "Аня: 1-1-1-2-3 · Двойки 2",
        "Аня: 1-1-1-2-3 · Единицы 3 (отменено)",
    ]


def test_an_undo_says_what_it_took_back_until_the_next_action() -> None:
    from scorekeeper.app.sheet.turns import undo_note

    undone, log = _rewritten_ones()
    assert undo_note(undone, "ru") == "Отменено: Аня — бросок 1-1-1-2-3"
    assert undo_note(undone[:-2], "ru") == "Отменено: Борис — бросок 6-6-6-1-2"
    assert undo_note(undone[:-3], "ru") == "Отменено: Борис — Шестёрки 18"
    assert undo_note(undone[:-3], "en") == "Undone: Борис — Sixes 18"
    assert undo_note(log, "ru") == "" and undo_note([], "ru") == ""


def test_a_gora_box_taken_back_is_named_with_its_sign_as_the_sheet_draws_it() -> None:
    from scorekeeper.app.sheet.turns import undo_note
    from scorekeeper.game import Undo
    from scorekeeper.game.moves import replay_moves

    start = new_game(get_variant("ru_fences"), ["Гоша"])
    log = replay_moves(start, [Roll((1, 1, 1, 1, 3)), Score("ones"), Undo(1), Score("threes"), Undo(1)])
    assert undo_note(log[:3], "en") == "Undone: Гоша — Ones +1"
    assert undo_note(log, "ru") == "Отменено: Гоша — Тройки \u22126"
    assert turns_played(log[-1].after, "ru", log=log)[1:] == [
        "Гоша: 1-1-1-1-3 · Тройки \u22126 (отменено)", "Гоша: 1-1-1-1-3 · Единицы +1 (отменено)"]


def test_an_undo_of_a_turn_passed_on_names_whose_move_it_takes_back() -> None:
    from scorekeeper.app.sheet.turns import others_move

    state = new_game(get_variant("yahtzee"), ["Аня", "Борис"])
    assert others_move(state, "ru") is None
    state = _roll(state, (1, 1, 1, 2, 3))
    assert others_move(state, "ru") is None  # her own throw: one tap
    state = apply(state, Score("ones"))
    assert others_move(state, "ru") == ("Аня", "Единицы 3")
    assert others_move(_roll(state, (6, 6, 6, 1, 2)), "ru") is None
    assert others_move(new_game(get_variant("yahtzee"), ["Аня"]), "ru") is None
    alone = apply(_roll(new_game(get_variant("yahtzee"), ["Аня"]), (1, 1, 1, 2, 3)), Score("ones"))
    assert others_move(alone, "ru") is None  # a game of one: always her own move


def test_a_throw_taken_back_is_marked_before_the_throw_that_replaced_it() -> None:
    from scorekeeper.game import Undo
    from scorekeeper.game.moves import replay_moves

    start = new_game(get_variant("yahtzee"), ["Аня", "Борис"])
    log = replay_moves(start, [Roll((1, 1, 1, 2, 3)), Undo(1), Roll((2, 2, 2, 2, 2)), Score("poker")])
    assert turns_played(log[-1].after, "ru", log=log) == ["Аня: 1-1-1-2-3 (отменено), 2-2-2-2-2 · Яцзы 50"]


FENCES = get_variant("ru_fences")


def test_the_box_a_throw_scores_most_in() -> None:
    state = new_game(FENCES, ["Аня", "Борис"])
    assert best_box(FENCES, previews(state)) is None  # no throw yet
    assert best_box(FENCES, previews(_roll(state, (6, 6, 6, 6, 6)))) == "poker"
    # 15, as «Шанс»: the first of the two on the sheet
    assert best_box(FENCES, previews(_roll(state, (1, 2, 3, 4, 5)))) == "small_straight"
    assert best_box(FENCES, previews(_roll(state, (6, 6, 6, 4, 5)))) == "chance"
    yahtzee = new_game(get_variant("yahtzee"), ["Аня"])
    assert best_box(yahtzee.variant, previews(_roll(yahtzee, (2, 3, 4, 5, 6)))) == "large_straight"  # 40
    written = apply(_roll(state, (1, 2, 3, 4, 5)), Score("small_straight"))  # Аня
    written = apply(_roll(written, (6, 6, 6, 6, 6)), Score("poker"))  # Борис
    # Аня's small straight is written
    assert best_box(FENCES, previews(_roll(written, (1, 2, 3, 4, 5)))) == "chance"


def test_the_boxes_a_throw_makes_best_hold_the_upper_one_too() -> None:
    """A lower box's larger score does not hide the «гора»'s choice (1-1-1-2-3: «Шанс» 8, «Единицы»
    at par); the span of the two is brought into view, or where it does not fit, its head."""
    import doctest

    from scorekeeper.app.sheet import model

    state = new_game(FENCES, ["Аня", "Борис"])
    assert best_boxes(FENCES, previews(state)) == []
    assert best_boxes(FENCES, previews(_roll(state, (1, 1, 1, 2, 3)))) == ["ones", "chance"]
    assert best_boxes(FENCES, previews(_roll(state, (6, 6, 6, 6, 6)))) == ["sixes", "poker"]
    ones, chance = (row_span(FENCES, box, 0.0, 36, 44, 0.5) for box in ("ones", "chance"))
    assert reveal_spans([ones, chance], offset=0, viewport=420) is None  # too far apart: the head stays
    assert reveal_spans([ones, chance], offset=200, viewport=420) == 0.0
    assert doctest.testmod(model).failed == 0


def test_a_row_is_scrolled_into_view_as_little_as_it_takes() -> None:
    variant = get_variant("ru_fences")
    top, height = row_span(variant, "ones", 34.5, 36, 44, 0.5)
    assert (top, height) == (34.5, 36)
    pair, _ = row_span(variant, "pair", 34.5, 36, 44, 0.5)
    assert pair == 34.5 + 6 * 36.5 + 44.5  # under the six upper boxes and the «гора»
    poker, _ = row_span(variant, "poker", 34.5, 36, 44, 0.5)
    assert reveal_offset(pair, 36, offset=0, viewport=420) is None  # in view: not moved
    assert reveal_offset(poker, 36, offset=0, viewport=420) == poker + 36 + 8 - 420  # its foot in view
    assert reveal_offset(top, 36, offset=300, viewport=420) == 26.5  # above the view: its top in view
    assert reveal_offset(2.0, 36, offset=300, viewport=420) == 0.0


def test_the_gora_boxes_are_drawn_with_their_sign() -> None:
    state = _roll(new_game(FENCES, ["Аня", "Борис"]), (4, 4, 4, 4, 1))
    fours = box_cell(state.sheet(), state, 0, 1, "fours", previews(state))
    ones = box_cell(state.sheet(), state, 0, 1, "ones", previews(state))
    assert (fours.shown, ones.shown) == ("+4", "−2")  # a preview: four fours, a lone one
    state = apply(state, Score("fours"))
    written = box_cell(state.sheet(), state, 0, 1, "fours", {})
    assert (written.text, written.shown) == ("4", "+4")  # read as the score, drawn as on paper
    yahtzee = _roll(new_game(get_variant("yahtzee"), ["Аня"]), (4, 4, 4, 4, 1))
    assert box_cell(yahtzee.sheet(), yahtzee, 0, 1, "fours", previews(yahtzee)).shown == "16"


def test_a_bonus_all_but_sure_is_not_shown_as_certain() -> None:
    """Yatzy with the bonus at 20: 18 in Sixes and five upper boxes open is very likely, not sure."""
    from scorekeeper.app.sheet.model import upper_chances

    state = new_game(get_variant("yatzy", upper_threshold=20), ["Ева"])
    state = apply(_roll(state, (6, 6, 6, 1, 2)), Score("sixes"))
    assert upper_chances(state, "en") == "Upper bonus chance (upper-only play): >99%"
    state = apply(_roll(state, (1, 1, 3, 4, 5)), Score("ones"))  # 20: the bonus is won
    assert upper_chances(state, "en") == "Upper bonus chance (upper-only play): 100%"


@given(st.floats(min_value=0.0, max_value=1.0))
def test_a_chance_shows_100_or_0_percent_only_when_sure(p: float) -> None:
    from scorekeeper.app.sheet.model import percent

    shown = percent(p)
    assert (shown == "100") == (p >= 1.0 - 1e-9)
    assert (shown == "0") == (p <= 1e-9)
    if shown not in ("<1", ">99"):
        assert abs(int(shown) - 100 * p) <= 0.5 + 1e-9


def test_names_are_listed_with_commas_and_the_last_after_and() -> None:
    from scorekeeper.app.sheet.match import name_list

    assert [name_list(n, "ru") for n in (["Аня"], ["Аня", "Борис"], ["Аня", "Борис", "Вера"])] == [
        "Аня", "Аня и Борис", "Аня, Борис и Вера"]
    assert name_list(["Ann", "Bob", "Vera"], "en") == "Ann, Bob and Vera"
