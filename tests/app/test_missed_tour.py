"""Football: the organiser closes a participant's missed tour from the sheet (RULES.md §5.2)."""

from __future__ import annotations

from typing import Any

from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts


def test_a_missed_tour_closes_the_lowest_open_box_once_the_organiser_says_so(shell: Shell) -> None:
    service, _ = open_sheet(shell, "ru_football", ["Аня", "Борис"])
    page: Any = shell.page
    lowest = service.state.missed_box()
    ids = identifiers(page.controls[0])
    assert "missed-tour" in ids and texts(ids["missed-tour"]) == ["Пропуск тура"]
    ids["missed-tour"].content.on_click(None)
    said = " ".join(texts(page.dialogs[-1]))
    assert "Аня пропускает тур" in said and f"«{lowest.name.ru}»" in said
    identifiers(page.dialogs[-1])["dismiss"].content.on_click(None)  # cancelled: nothing written
    assert service.state.player_name == "Аня" and service.state.effective == 0

    identifiers(page.controls[0])["missed-tour"].content.on_click(None)
    identifiers(page.dialogs[-1])["confirm-missed-tour"].content.on_click(None)
    sheet = service.state.sheet()["players"][0]["stages"][0]
    assert {box: n for box, n in sheet["boxes"].items() if n is not None} == {lowest.id: 0}
    assert sheet["crossed"] == [lowest.id]
    assert service.state.player_name == "Борис"
    from scorekeeper.app.sheet.turns import describe

    assert describe(service.state.previous, service.state, "ru") == f"пропуск тура ({lowest.name.ru} 0)"


def test_once_the_tours_goals_are_in_the_tour_was_not_missed(shell: Shell) -> None:
    service, _ = open_sheet(shell, "ru_football", ["Аня"])
    service.roll((1, 0, 2, 3, 1))
    shell.open_game(service.game_id)
    ids = identifiers(shell.page.controls[0])
    assert "missed-tour" not in ids and "cross-out" in ids
