"""A house variant is a few lines: boxes from the shared builders, registered by id."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import Text
from scorekeeper.rules import Variant, get_variant, register_variant, variant_ids
from scorekeeper.rules import boxes as b
from scorekeeper.rules.base import OptionSpec


def test_a_house_variant_registers_in_a_few_lines():
    def build(options):
        return Variant(
            id="house_mini",
            name=Text("Мини", "Mini"),
            description=Text("Три клетки.", "Three boxes."),
            options=options,
            boxes=(
                b.chance(Text("Шанс", "Chance")),
                b.five_of_a_kind("poker", Text("Покер", "Poker"), b.fixed(options["poker"])),
                b.full_house(Text("Фулл", "Full"), b.total, allow_five=True),
            ),
        )

    register_variant("house_mini", build, (OptionSpec("poker", 50, int),))
    assert "house_mini" in variant_ids()
    mini = get_variant("house_mini", poker=75)
    assert mini.evaluate("poker", mini.hand([2, 2, 2, 2, 2])).score == 75
    assert mini.evaluate("full", mini.hand([2, 2, 2, 2, 2])).score == 10
    with pytest.raises(ValueError, match=r"expected one of .*house_mini"):  # a mistyped id lists it too
        get_variant("house_mimi")


def test_the_fences_description_follows_the_tables_stages_premium_and_penalty():
    as_written = get_variant("ru_fences").description
    assert "Три этапа по 15 клеток" in as_written.ru and "(+50 премия, −20 штраф)" in as_written.ru
    table = get_variant("ru_fences", stages=1, gora_premium=40, gora_penalty=30).description
    assert "Один этап по 15 клеток" in table.ru and "(+40 премия, −30 штраф)" in table.ru
    assert "One stage of 15 boxes" in table.en and "(+40 premium, −30 penalty)" in table.en
    assert "5 этапов" in get_variant("ru_fences", stages=5).description.ru


def test_every_description_follows_the_house_rules_it_names():
    """The rules dialog shows the description above the changed house rules: the two agree."""
    generala = get_variant("generala", servida_bonus=10).description
    assert "+10 servida" in generala.en and "+5" not in generala.en and "(servida) +10" in generala.ru
    plain = get_variant("generala", servida_bonus=0, servida_wins=False, double_generala=False).description
    assert plain.en == "The Latin American game: 10 boxes." and "servida" not in plain.ru
    yatzy = get_variant("yatzy", upper_threshold=20).description
    assert "+50 for an upper sum of 20 or more" in yatzy.en and "+50 за верх от 20" in yatzy.ru
    yahtzee = get_variant("yahtzee", upper_bonus=0, extra_bonus=0).description
    assert "no upper bonus" in yahtzee.en and "+100" not in yahtzee.en and "+35" not in yahtzee.ru
    assert "+35 for an upper sum of 63" in get_variant("kniffel").description.en
    shared = get_variant("ru_encyclopedia", tie_break="shared", players=[2, 4]).description
    assert "up to 4 players" in shared.en and "extra game" not in shared.en and "общее место" in shared.ru
    assert "a tie is settled by an extra game" in get_variant("ru_encyclopedia").description.en
