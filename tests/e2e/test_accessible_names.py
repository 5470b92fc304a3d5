"""On the sheet, in Russian and in English, every button has a name in the screen's language: a
screen reader says it, and a script finds it by role and name."""

from __future__ import annotations

import re

import pytest

from tests.e2e.conftest import Tab
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e

OTHER_SCRIPT = {"ru": re.compile(r"[A-Za-z]"), "en": re.compile(r"[А-Яа-яЁё]")}
WORDS = {"ru": {"stage": "Этап 1 (идёт)", "total": "Итого", "fences": "Ограды", "armed": "Не вычёркивать"},
         "en": {"stage": "Stage 1 (current)", "total": "Total", "fences": "Fences", "armed": "Don't cross out"}}


def button_names(tab: Tab) -> list[str]:
    """The accessible name of every button now in the tree ('' for a nameless one). A box of the
    sheet is a button whose text is its written score alone (empty while open): it is named by the
    group around it («Аня · Тройка · даст 15»), which a screen reader says with it."""
    tab.page.wait_for_timeout(500)
    tree = tab.page.locator("body").aria_snapshot()
    names = []
    group = ""
    for line in tree.splitlines():
        around = re.match(r"\s*- '?group \"(.*?)\"'?:$", line)
        found = re.match(r"\s*- '?button(?: \"(.*?)\")?", line)
        if found:
            names.append(found.group(1) or group)
        group = around.group(1) if around else ""
    return names


def check(tab: Tab, lang: str, where: str) -> None:
    names = button_names(tab)
    assert names, where
    assert all(names), f"{where}: a button without a name among {names}"
    wrong = [n for n in names if OTHER_SCRIPT[lang].search(n)]
    assert not wrong, f"{where}: named in the other language: {wrong}"


@pytest.mark.parametrize(("lang", "locale", "players"), [("ru", "ru-RU", ["Аня", "Борис"]),
                                                          ("en", "en-US", ["Ann", "Bob"])])
def test_every_button_on_the_sheet_has_a_name_in_the_screens_language(new_tab, lang: str, locale: str,
                                                                       players: list[str]) -> None:
    tab = new_tab(locale=locale)
    start_game(tab, "ru_fences", players)
    check(tab, lang, "sheet before the throw")
    undo = "Отменить" if lang == "ru" else "Undo"
    assert tab.page.get_by_role("button", name=undo, exact=True).count() == 1
    words = WORDS[lang]
    assert tab.page.get_by_role("button", name=words["stage"], exact=True).count() == 1
    assert tab.page.get_by_role("group", name=f"{players[0]} · {words['total']}: 0", exact=True).count() == 1
    assert tab.page.get_by_role("group", name=f"{players[1]} · {words['fences']}: 0", exact=True).count() == 1
    tab.type_dice("55523")
    tab.wait_text("die-5", re.compile("3$"))
    check(tab, lang, "sheet after a throw")
    tab.tap("box-1-1-full")  # the dice make no full house: the dialog offers a 0
    tab.wait("reason")
    check(tab, lang, "the write-0 dialog")
    tab.close_dialog()
    tab.tap("cross-out")  # armed: a second tap gives it up, and the button says so
    tab.page.get_by_role("button", name=words["armed"], exact=True).wait_for(timeout=5000)
    check(tab, lang, "cross-out mode")


def test_every_switch_and_number_field_of_new_game_has_a_name_of_its_own(new_tab) -> None:
    """A screen reader on a switch says which rule it turns on, not just «switch, off»."""
    tab = new_tab()
    tab.tap("new-game")
    tab.wait("start-game")
    tab.tap("options")
    tab.wait("option-gora_premium")
    tab.page.wait_for_timeout(500)
    unnamed = tab.page.evaluate("""() => [
        ...Array.from(document.querySelectorAll('flt-semantics[role=switch]')).map(e => 'switch ' + (e.getAttribute('aria-label') || '')),
        ...Array.from(document.querySelectorAll('input')).map(e => 'field ' + (e.getAttribute('aria-label') || ''))
    ].filter(s => s.endsWith(' '))""")
    assert unnamed == []
    assert tab.page.get_by_role("switch", name="Каре считается двумя парами", exact=True).count() == 1
    assert tab.page.get_by_role("textbox", name="Премия за «гору» в плюсе", exact=True).count() == 1
    tab.tap("option-two_pairs_allow_quads-value")  # still a switch that switches
    tab.page.get_by_role("switch", name="Каре считается двумя парами", checked=True).wait_for(timeout=5000)


def test_settings_says_which_language_and_theme_are_chosen(new_tab) -> None:
    tab = new_tab()
    tab.tap("settings")
    tab.wait("lang-ru")
    tab.page.wait_for_timeout(500)

    def chosen(name: str) -> str | None:
        return str(tab.page.get_by_role("button", name=name, exact=True).get_attribute("aria-current"))

    assert (chosen("Русский"), chosen("English")) == ("true", "false")
    assert (chosen("Светлая"), chosen("Тёмная"), chosen("Как в системе")) == ("false", "false", "true")
    tab.tap("theme-dark")
    tab.page.wait_for_timeout(800)
    assert (chosen("Тёмная"), chosen("Как в системе")) == ("true", "false")
