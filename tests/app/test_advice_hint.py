"""The advisor's hint on the sheet: what it says after a throw, which dice it marks, where it says
nothing, and the switch each phone keeps for it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.advisor import Position, advise
from scorekeeper.app.settings.model import HINT_ON, Settings
from scorekeeper.app.sheet.advice import expected_text, hint_for, kept_places
from scorekeeper.game import Roll, RollWithoutDice, Score, apply, new_game
from scorekeeper.rules import get_variant


def _yahtzee_open() -> frozenset[str]:
    state = new_game(get_variant("yahtzee"), ["Аня"])
    return frozenset(state.sheets[0].stages[0].open_boxes(state.variant))


def test_after_the_first_throw_the_hint_names_the_advisors_keep_and_marks_those_dice() -> None:
    variant = get_variant("yahtzee")
    state = apply(new_game(variant, ["Аня"]), Roll((6, 2, 6, 3, 1)))
    advice = advise(variant, Position(_yahtzee_open(), dice=(6, 2, 6, 3, 1), throw=1))
    assert advice.best.keep == (6, 6)
    hint = hint_for(state, "ru")
    assert hint is not None
    assert hint.line == f"Совет: оставьте 6 6 — ожидается {expected_text(advice.best.expected, 'ru')} очка"
    assert "," in hint.line  # a Russian decimal comma
    assert hint.keep == frozenset({0, 2})  # the two sixes where they lie, not the first two dice
    english = hint_for(state, "en")
    assert english is not None and english.line.startswith("Advice: keep 6 6 — ") and "points expected" in english.line
    assert "Аня" in hint.explanation and "до конца игры" in hint.explanation


def test_after_the_last_throw_the_hint_names_the_box_and_its_score() -> None:
    variant = get_variant("yahtzee")
    state = new_game(variant, ["Аня"])
    for dice in ((5, 5, 5, 5, 5), (5, 5, 5, 5, 5), (5, 5, 5, 5, 5)):
        state = apply(state, Roll(dice))
    hint = hint_for(state, "en")
    assert hint is not None and hint.option.box == "poker" and hint.option.score == 50
    assert hint.line.startswith(f"Advice: write {variant.box('poker').name.en} — 50 points; ")
    assert hint.keep == frozenset()
    ru = hint_for(state, "ru")
    assert ru is not None and "50 очков" in ru.line


def test_no_hint_before_a_throw_after_a_throw_without_dice_or_for_football() -> None:
    state = new_game(get_variant("yahtzee"), ["Аня"])
    assert hint_for(state, "ru") is None
    assert hint_for(apply(state, RollWithoutDice()), "ru") is None
    football = new_game(get_variant("ru_football"), ["Аня", "Борис"])
    assert hint_for(football, "ru") is None


def test_no_hint_once_the_game_is_over() -> None:
    variant = get_variant("yatzy")
    state = new_game(variant, ["Аня"])
    while not state.finished:
        state = apply(state, Roll((1, 2, 3, 4, 6)))
        box = sorted(state.sheets[0].stages[0].open_boxes(variant))[0]
        state = apply(state, Score(box))
    assert hint_for(state, "ru") is None


def test_the_fences_game_is_advised_for_its_stage() -> None:
    state = apply(new_game(get_variant("ru_fences"), ["Аня"]), Roll((4, 4, 4, 1, 2)))
    hint = hint_for(state, "ru")
    assert hint is not None and "до конца этого этапа" in hint.explanation


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 6), min_size=5, max_size=5), st.data())
def test_the_marked_dice_show_exactly_the_kept_values(dice: list[int], data: st.DataObject) -> None:
    keep = tuple(sorted(data.draw(st.lists(st.sampled_from(dice), max_size=5).filter(
        lambda k: all(k.count(v) <= dice.count(v) for v in k)))))
    places = kept_places(tuple(dice), keep)
    assert sorted(dice[p] for p in places) == list(keep)


def test_the_hint_is_off_until_a_phone_turns_it_on() -> None:
    server = Settings()
    assert server.hint is False
    assert server.for_browser(None, None, ["ru-RU"]).hint is False
    assert server.for_browser(None, None, ["ru-RU"], HINT_ON).hint is True
    assert server.for_browser(None, None, ["ru-RU"], "off").hint is False
    assert Settings(hint=True).for_browser(None, None, [], None).hint is False  # per phone, not the server's


def test_a_browser_without_storage_keeps_the_hint_in_the_servers_file(tmp_path) -> None:
    path = tmp_path / "settings.json"
    Settings(hint=True).save(path)
    assert Settings.load(path).hint is True
    path.write_text('{"hint": "yes"}', encoding="utf-8")
    assert Settings.load(path).hint is False  # anything but true leaves it off
