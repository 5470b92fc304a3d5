"""What a screen reader (or a script driving the app by role and name) is told: icon buttons name
themselves in the screen's language, a box says whose it is and what it holds or would take, a
dialog is announced by its title, a drop-down says its option and value."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import flet as ft
import pytest

from scorekeeper.app.invite.view import InviteScreen
from scorekeeper.app.new_game.view import NewGameScreen
from scorekeeper.app.shell import Shell
from scorekeeper.i18n import Lang
from scorekeeper.i18n.ui import OPTION_NAMES
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, texts, walk


def icon_names(tree: Any) -> dict[str, str]:
    """The spoken name of each tagged IconButton's icon, by the button's identifier."""
    names: dict[str, str] = {}
    for identifier, node in identifiers(tree).items():
        button = getattr(node, "content", None)
        if isinstance(button, ft.IconButton):
            icon = button.icon
            names[identifier] = icon.semantics_label if isinstance(icon, ft.Icon) else ""
    return names


@pytest.mark.parametrize(("lang", "words", "all_five"), [("ru", ("Назад", "Отменить", "Кубики с фото"), "Все 5"),
                                                         ("en", ("Back", "Undo", "Dice from a photo"), "All 5")])
def test_the_sheets_icon_buttons_are_named_in_the_screens_language(shell: Shell, lang: Lang,
                                                                    words: tuple[str, ...], all_five: str) -> None:
    shell.settings.lang = lang
    open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    names = icon_names(shell.page.controls[0])
    assert [names[i] for i in ("back", "undo", "photo")] == list(words)
    # All five thrown again: a button with its name written on it, not an arrow to guess
    assert texts(identifiers(shell.page.controls[0])["rethrow-all"]) == [all_five]


def test_every_icon_button_on_new_game_and_home_is_named(shell: Shell) -> None:
    open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    shell.home()
    home = icon_names(shell.page.controls[0])
    assert all(home.values()) and any(k.startswith("abandon-") for k in home)
    assert next(v for k, v in home.items() if k.startswith("abandon-")).startswith("Бросить игру: Покер с оградами")
    shell.show(lambda: NewGameScreen(shell))
    names = icon_names(shell.page.controls[0])
    assert names["move-up-1"] == "Поднять игрока 1" and names["remove-player-2"] == "Убрать игрока 2"
    assert all(names.values()), names


def spoken_box(tree: Any, identifier: str) -> str:
    """The label of the node around the box with this identifier."""
    for node in walk(tree):
        if isinstance(node, ft.Semantics) and getattr(node.content, "identifier", None) == identifier:
            return str(node.label)
    raise AssertionError(f"no label around {identifier}")


def test_a_box_says_whose_it_is_and_what_it_holds_or_would_take(shell: Shell) -> None:
    service, sheet = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    service.roll((5, 5, 5, 2, 3))
    shell.redraw()
    tree = shell.page.controls[0]
    assert spoken_box(tree, "box-1-1-three") == "Аня · Тройка · даст 15"
    assert spoken_box(tree, "box-2-1-three") == "Борис · Тройка"
    service.score("three")
    shell.redraw()
    tree = shell.page.controls[0]
    assert spoken_box(tree, "box-1-1-three") == "Аня · Тройка: 15"
    # The box's own text stays its written score (what the tests read).
    assert identifiers(tree)["box-1-1-three"].identifier == "box-1-1-three"


def test_the_box_label_is_english_on_an_english_screen(shell: Shell) -> None:
    shell.settings.lang = "en"
    service, _ = open_sheet(shell, "yahtzee", ["Ann"])
    service.roll((6, 6, 6, 1, 2))
    shell.redraw()
    assert spoken_box(shell.page.controls[0], "box-1-1-sixes") == "Ann · Sixes · would score 18"


def test_a_dialog_is_announced_by_its_title(shell: Shell) -> None:
    shell.explain("Фулл", "Для «Фулл» нужно…")
    dialog = shell.page.dialogs[-1]  # type: ignore[attr-defined]
    assert dialog.semantics_label == "Фулл"


def test_the_chances_line_is_named_by_what_it_shows(shell: Shell) -> None:
    open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    outlook = identifiers(shell.page.controls[0])["upper-outlook"]
    assert outlook.label is None  # its text (the chances) names it; the tap explains them


def test_a_drop_down_says_its_option_and_its_value(shell: Shell) -> None:
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.options_open = True
    shell.redraw()
    labelled = [n for n in walk(shell.page.controls[0])
                if isinstance(n, ft.Semantics) and isinstance(n.content, ft.Dropdown)]
    assert labelled
    for node in labelled:
        assert node.label and node.label.startswith(f"{OPTION_NAMES[node.identifier[7:-6]].in_('ru')}: ")


def stage_names(tree: Any) -> list[str]:
    """The spoken name of each stage button (its text's label), stage by stage."""
    found = identifiers(tree)
    names = []
    for n in (1, 2, 3):
        text = found[f"stage-{n}"].content.content
        assert isinstance(text, ft.Text)
        names.append(str(text.semantics_label))
    return names


@pytest.mark.parametrize(("lang", "names"), [("ru", ["Этап 1 (идёт)", "Этап 2", "Этап 3"]),
                                             ("en", ["Stage 1 (current)", "Stage 2", "Stage 3"])])
def test_a_stage_button_says_its_stage_and_whether_it_is_played(shell: Shell, lang: Lang,
                                                                 names: list[str]) -> None:
    shell.settings.lang = lang
    _, sheet = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    tree = shell.page.controls[0]
    assert stage_names(tree) == names
    assert identifiers(tree)["stage-1"].content.content.value == "1 •"  # the dot stays what is seen
    sheet.viewing_stage = 2
    shell.redraw()
    assert stage_names(shell.page.controls[0]) == names


@pytest.mark.parametrize(("lang", "words"), [("ru", ("Итого", "Ограды", "Гора", "Сумма этапа")),
                                             ("en", ("Total", "Fences", "Gora", "Stage total"))])
def test_totals_fences_and_the_gora_say_whose_they_are(shell: Shell, lang: Lang, words: tuple[str, ...]) -> None:
    shell.settings.lang = lang
    service, _ = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    service.roll((3, 3, 3, 3, 2))
    service.score("threes")
    shell.redraw()
    tree = shell.page.controls[0]
    sheet = service.state.sheet()
    ann = sheet["players"][0]
    total, fences, gora, stage_total = words
    assert spoken_box(tree, "total-1") == f"Аня · {total}: {ann['total']}"
    assert spoken_box(tree, "total-2") == f"Борис · {total}: 0"
    assert spoken_box(tree, "fences-1") == f"Аня · {fences}: {ann['fences']}"
    assert spoken_box(tree, "gora-1-1").startswith(f"Аня · {gora}: +3, ")  # four threes: net +3, and its note
    assert spoken_box(tree, "gora-2-1") == f"Борис · {gora}"  # nothing written yet
    assert spoken_box(tree, "stage-total-1-1") == f"Аня · {stage_total}: {ann['stages'][0]['total']}"
    # The cells' own texts stay the bare numbers the tests read.
    assert texts(identifiers(tree)["total-1"]) == [str(ann["total"])]


def test_the_armed_cross_out_button_says_that_a_tap_gives_it_up(shell: Shell) -> None:
    _, sheet = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    node = identifiers(shell.page.controls[0])["cross-out"]
    assert [c.semantics_label for c in walk(node) if isinstance(c, ft.Text)] == [None] and not node.selected
    sheet.crossing = True
    shell.redraw()
    node = identifiers(shell.page.controls[0])["cross-out"]
    assert [c.semantics_label for c in walk(node) if isinstance(c, ft.Text)] == ["Не вычёркивать"]
    assert node.selected and texts(node) == ["Вычеркнуть"]


@pytest.mark.parametrize(("lang", "address", "qr"), [("ru", "Адрес: ", "QR-код"),
                                                        ("en", "Address: ", "QR code")])
def test_the_invite_names_its_address_and_its_qr_code(shell: Shell, lang: Lang, address: str, qr: str) -> None:
    shell.settings.lang = lang
    shell.config = replace(shell.config, host="0.0.0.0")
    shell.show(lambda: InviteScreen(shell))
    tree = shell.page.controls[0]
    assert spoken_box(tree, "invite-address").startswith(address + "http://")
    images = [c for c in walk(tree) if isinstance(c, ft.Image)]
    assert images and all(str(i.semantics_label).startswith(qr) for i in images)


@pytest.mark.parametrize("lang", ["ru", "en"])
def test_a_past_games_cells_say_whose_they_are(shell: Shell, lang: Lang) -> None:
    from scorekeeper.app.history.view import GameSheetScreen

    shell.set_lang(lang)
    service, _screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    service.roll([5, 5, 5, 2, 3])
    service.score("three")
    service.cross_out("full")
    tree = GameSheetScreen(shell, service.game_id, back=shell.home).build()
    around = {c.content.identifier: c.label for c in walk(tree)
              if isinstance(c, ft.Semantics) and isinstance(c.content, ft.Semantics) and c.content.identifier}
    three, crossed, total = (("Тройка", "вычеркнута", "Итого") if lang == "ru" else
                             ("Three of a kind", "crossed out", "Total"))
    assert around["history-box-1-1-three"] == f"Аня · {three}: 15"
    assert around["history-box-2-1-full"].startswith("Борис · ") and around["history-box-2-1-full"].endswith(crossed)
    assert around["history-box-2-1-three"] == f"Борис · {three}"  # empty: no value said
    assert around["history-sheet-total-1"] == f"Аня · {total}: 15"
    assert texts(identifiers(tree)["history-box-1-1-three"]) == ["15"]  # the cell's own text stays the number
