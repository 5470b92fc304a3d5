"""The review of a played game: each decision with its dice entered in full, what it gave up against
the advice, the totals per player; nothing where the advisor has no table."""

from __future__ import annotations

from scorekeeper.advisor import Position, advise
from scorekeeper.app.review.model import game_review
from scorekeeper.game import Roll, RollWithoutDice, Score, new_game
from scorekeeper.game.actions import Undo
from scorekeeper.rules import get_variant


def _open(variant_id: str) -> frozenset[str]:
    variant = get_variant(variant_id)
    return frozenset(new_game(variant, ["Аня"]).sheets[0].stages[0].open_boxes(variant))


def test_a_turn_followed_then_a_box_against_the_advice() -> None:
    variant = get_variant("yahtzee")
    actions = [Roll((6, 2, 6, 3, 1)), Roll((6, 6, 6, 4, 6)), Roll((6, 6, 6, 5, 6)), Score("chance"),
               Roll((1, 1, 2, 3, 4)), Score("ones")]
    reviews = game_review(variant, ["Аня"], actions, "ru")
    assert reviews is not None
    (anya,) = reviews
    assert [line.followed for line in anya.lines] == [True, True, False, False]
    assert anya.lines[0].text == "Бросок 1: 1 2 3 6 6 — оставлено 6 6"
    assert anya.lines[2].text == "Бросок 3: 5 6 6 6 6 — вписано «Шанс» 29"
    # What the chance gave up is what the advisor says between its best box and the chance.
    options = advise(variant, Position(_open("yahtzee"), dice=(6, 6, 6, 5, 6), throw=3)).options
    chance = next(o for o in options if o.box == "chance")
    assert abs(anya.lines[2].lost - (options[0].expected - chance.expected)) < 1e-9
    assert anya.lines[2].advised.startswith(f"совет: «{variant.box(options[0].box or '').name.ru}» ")
    assert abs(anya.lost - sum(line.lost for line in anya.lines)) < 1e-9
    assert anya.total_text("ru").startswith("Отдано ") and "2 из 4" in anya.total_text("ru")
    assert anya.total_text("en").endswith("2 of 4 decisions as advised.")


def test_each_player_gets_their_own_decisions_and_undone_ones_are_left_out() -> None:
    variant = get_variant("yatzy")
    actions = [Roll((5, 5, 5, 5, 5)), Score("chance"), Undo(1), Score("poker"),  # Аня: as advised, after an undo
               Roll((1, 2, 3, 4, 5)), Score("small_straight"),  # Борис
               RollWithoutDice(), Roll((2, 2, 3, 3, 3)), Score("full")]  # Аня: throw 1 without its dice
    reviews = game_review(variant, ["Аня", "Борис"], actions, "en")
    assert reviews is not None
    anya, boris = reviews
    assert anya.name == "Аня" and boris.name == "Борис"
    poker, full = variant.box("poker").name.en, variant.box("full").name.en
    assert [line.text for line in anya.lines] == [f"Throw 1: 5 5 5 5 5 — wrote {poker} 50",
                                                  f"Throw 2: 2 2 3 3 3 — wrote {full} 13"]
    assert len(boris.lines) == 1 and boris.lines[0].text.startswith("Throw 1: 1 2 3 4 5 — wrote ")
    assert anya.lines[0].followed and anya.lines[0].advised == ""


def test_nothing_to_review_without_the_advisors_table() -> None:
    assert game_review(get_variant("ru_football"), ["Аня", "Борис"], [], "ru") is None


def test_a_player_who_never_entered_dice_is_said_so() -> None:
    reviews = game_review(get_variant("yahtzee"), ["Аня"], [RollWithoutDice(), RollWithoutDice()], "ru")
    assert reviews is not None and reviews[0].lines == ()
    assert reviews[0].total_text("ru") == "Ни одного броска с введёнными кубиками."
