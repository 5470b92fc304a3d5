"""The New game screen's house rules: said in words, their defaults shown and restorable, and a
game's changed rules named on its History page."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from scorekeeper.app.history.view import GameSheetScreen
from scorekeeper.app.new_game.model import NewGameForm, changed_rules, value_words
from scorekeeper.app.new_game.view import NewGameScreen
from scorekeeper.i18n.ui import OPTION_HELP, OPTION_NAMES, OPTION_UNSET, OPTION_VALUES
from scorekeeper.rules import VARIANT_IDS, get_variant
from scorekeeper.service import GameService
from tests.app.controls import identifiers, texts
from tests.app.test_history_view import shell_at, shown


def test_a_preset_shows_and_keeps_the_switches_it_brings() -> None:
    """«С руки ×2» turns its switches on: the screen shows them on, and one turned off stays off."""
    form = NewGameForm(variant_id="ru_fences")
    form.set_option("lower_preset", "ru_school_js")
    assert form.option_value("first_roll_double") is True
    form.set_option("first_roll_double", False)
    assert form.options == {"lower_preset": "ru_school_js", "first_roll_double": False}
    variant = get_variant("ru_fences", **form.options)
    assert variant.options["first_roll_double"] is False
    form.set_option("lower_preset", "yatzy15")  # back to the written rules: the switch's own default
    assert form.options == {}
    assert form.option_value("first_roll_double") is False


def test_defaults_come_back_and_moot_options_are_not_offered() -> None:
    form = NewGameForm(variant_id="ru_fences")
    names = [spec.name for spec in form.specs()]
    assert "even_odd_score" not in names and "fence_formula" not in names
    form.set_option("lower_preset", "even_odd")
    form.set_option("gora_premium", 30)
    assert "even_odd_score" in [spec.name for spec in form.specs()]
    form.reset_options()
    assert form.options == {} and form.option_value("gora_premium") == 50
    form.pick_variant("ru_encyclopedia")
    assert [s.name for s in form.specs()] == ["max_throws", "mode", "tie_break"]
    form.set_option("mode", "series")
    assert "series_games" in [s.name for s in form.specs()]


def test_every_value_is_said_in_words_in_both_languages() -> None:
    """No id such as replace_net or gora_first reaches the screen, and English stays English."""
    for variant_id in VARIANT_IDS:
        form = NewGameForm(variant_id=variant_id)
        for key, mode in (("mode", "series"), ("mode", "target"), ("lower_preset", "even_odd")):
            if key in [s.name for s in form.specs()]:
                form.set_option(key, mode)
                break
        for spec in form.specs():
            values = spec.kind if isinstance(spec.kind, tuple) else (True, False) if spec.kind is bool else ()
            for value in values:
                for lang in ("ru", "en"):
                    said = value_words(spec.name, value, lang)
                    assert said and "_" not in said, (variant_id, spec.name, value)
            assert spec.name in OPTION_NAMES
    english = [*OPTION_NAMES.values(), *OPTION_VALUES.values(), *OPTION_HELP.values(), *OPTION_UNSET.values()]
    assert [t.en for t in english if re.search("[а-яё]", t.en, re.IGNORECASE)] == []
    assert value_words("joker", "none", "en") == "no joker"
    assert value_words("max_players", None, "ru") == "без предела"


def test_the_screen_marks_a_changed_rule_with_its_default_and_resets(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, route="/new")
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.options_open = True
    screen.form.set_option("gora_penalty_mode", "replace_net")
    shell.redraw()
    said = " ".join(texts(shown(shell)))
    assert "по умолчанию: минус и −20" in said and "изменено: 1" in said
    assert "replace_net" not in said
    reset: Any = identifiers(shown(shell))["options-reset"].content
    reset.on_click(None)
    assert screen.form.options == {}
    assert "изменено" not in " ".join(texts(shown(shell)))


def test_the_games_description_follows_the_house_rules_chosen(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, route="/new")
    shell.settings.lang = "en"
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.form.pick_variant("generala")
    shell.redraw()
    assert any("+5 servida" in line for line in texts(shown(shell)))
    screen.form.set_option("servida_bonus", 10)
    shell.redraw()
    said = " ".join(texts(shown(shell)))
    assert "+10 servida" in said and "+5 servida" not in said


def test_remembered_players_are_offered_and_seated(tmp_path: Path) -> None:
    form = NewGameForm(known_names=["Аня", "Борис", "Вера"])
    assert form.names == ["Аня", "Борис"] and form.known_to_offer() == ["Вера"]
    form.names[1] = ""
    assert form.take_known("Вера") and form.names == ["Аня", "Вера"]
    assert not form.take_known("Аня")  # at the table already
    assert form.take_known("Борис") and form.names == ["Аня", "Вера", "Борис"]


def test_the_history_page_names_the_house_rules_that_differ(tmp_path: Path) -> None:
    assert changed_rules("ru_fences", {}, "ru") == []
    assert changed_rules("yatzy", {"joker": "free", "upper_bonus": 50}, "en") == [
        "Joker rule for an extra five of a kind: any open box"]
    assert changed_rules("ru_encyclopedia", {"players": [2, 6]}, "ru") == ["Игроков за столом: 2–6"]
    assert changed_rules("ru_encyclopedia", {"mode": "series", "series_games": 5}, "ru") == [
        "Формат: серия", "Игр в серии: 5"]
    assert changed_rules("ru_encyclopedia", {"mode": "target"}, "en") == ["Format: to a target"]
    shell = shell_at(tmp_path)
    service = GameService.create(shell.store, "ru_fences", ["Аня", "Борис"],
                                 {"box_order": "gora_first", "first_roll_double": True})
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    line = " ".join(texts(identifiers(shown(shell))["history-house-rules"]))
    assert line == "Правила стола: «С руки» — вдвойне: да. Порядок клеток в этапе: сначала гора."


def test_adding_a_player_keeps_the_screen_where_it_was(tmp_path: Path) -> None:
    """The players change in place: the screen is not built again (which would scroll it to the top)."""
    shell = shell_at(tmp_path, route="/new")
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    before = shown(shell)
    add: Any = identifiers(before)["add-player"].content
    add.on_click(None)
    assert shown(shell) is before and len(screen.form.names) == 3
    assert "player-name-3" in identifiers(before)


def test_the_help_under_a_choice_describes_the_value_chosen(tmp_path: Path) -> None:
    """«Без джокера» is not explained as «Сначала свой верх», nor «сверху вниз» as «Сначала гора»:
    a line shown under several values of a choice names none of them (or compares them all)."""
    shell = shell_at(tmp_path, route="/new")
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.options_open = True
    checked = 0
    for lang in ("ru", "en"):
        shell.settings.lang = lang  # type: ignore[assignment]
        default = shell.t("option_default", value="")
        for variant_id in VARIANT_IDS:
            screen.form.pick_variant(variant_id)
            for spec in screen.form.specs():
                if not isinstance(spec.kind, tuple) or len(spec.kind) < 2:
                    continue
                words = {value: value_words(spec.name, value, lang).lower() for value in spec.kind}
                helps: dict[str, list[Any]] = {}
                for value in spec.kind:
                    screen.form.set_option(spec.name, value)
                    shell.redraw()
                    row = identifiers(shown(shell))[f"option-{spec.name}"]
                    below = " ".join(line for line in texts(row)[1:] if not line.startswith(default)).lower()
                    helps.setdefault(below, []).append(value)
                for below, values in helps.items():
                    if len(values) < 2:
                        continue
                    named = [v for v, w in words.items() if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", below)]
                    assert named in ([], list(spec.kind)), (variant_id, spec.name, values, lang, below)
                    checked += 1
                screen.form.reset_options()
    assert checked > 5
    screen.form.pick_variant("ru_fences")
    shell.settings.lang = "ru"
    screen.form.set_option("box_order", "strict")
    shell.redraw()
    assert any(line.startswith("Сверху вниз: клетки этапа заполняются строго по порядку")
               for line in texts(identifiers(shown(shell))["option-box_order"]))
    screen.form.pick_variant("yahtzee")
    screen.form.set_option("joker", "none")
    shell.redraw()
    assert any(line.startswith("Без джокера:") for line in texts(identifiers(shown(shell))["option-joker"]))


def test_the_first_player_cannot_be_moved_up_and_moving_up_never_swaps_the_ends(tmp_path: Path) -> None:
    """«Поднять игрока 1» swapped the first player with the last: it is off now, and a move up
    changes places with the player just above."""
    shell = shell_at(tmp_path, route="/new")
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.form.names[:] = ["Вася", "Петя", "Коля"]
    screen._refresh_players()
    buttons = identifiers(shown(shell))
    assert buttons["move-up-1"].content.disabled
    assert not buttons["move-up-2"].content.disabled and not buttons["move-up-3"].content.disabled
    screen.form.move_up(0)
    assert screen.form.names == ["Вася", "Петя", "Коля"]
    buttons["move-up-3"].content.on_click(None)
    assert screen.form.names == ["Вася", "Коля", "Петя"]
    assert identifiers(shown(shell))["move-up-1"].content.disabled


def test_a_tie_rule_and_the_pair_rules_say_what_they_change(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, route="/new")
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.options_open = True
    screen.form.pick_variant("ru_fences")
    for name, value, said in (("tie_break", "extra_game", "играют ещё одну игру"),
                              ("tie_break", "shared", "побеждают вместе"),
                              ("two_pairs_allow_quads", True, "4-4-4-4-2 в две пары"),
                              ("full_allows_five_of_kind", True, "тройка и пара разных")):
        screen.form.set_option(name, value)
        shell.redraw()
        assert said in " ".join(texts(identifiers(shown(shell))[f"option-{name}"])), name
