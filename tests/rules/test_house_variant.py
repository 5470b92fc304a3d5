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
