"""Every screen builds its controls for every variant, without a browser (a stand-in page)."""

from __future__ import annotations

import random
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from scorekeeper.app.config import AppConfig
from scorekeeper.app.sheet.view import SheetScreen
from scorekeeper.app.shell import Shell
from scorekeeper.game import new_game
from scorekeeper.game.simulate import play_random
from scorekeeper.rules import VARIANT_IDS
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.app.conftest import StandInPage, open_sheet
from tests.app.controls import identifiers, texts, walk


def test_home_settings_new_game_invite(shell: Shell) -> None:
    from scorekeeper.app.invite.view import InviteScreen
    from scorekeeper.app.new_game.view import NewGameScreen
    from scorekeeper.app.settings.view import SettingsScreen

    assert "Новая игра" in " ".join(texts(shell.page.controls[0]))
    for screen in (SettingsScreen, NewGameScreen, InviteScreen):
        shell.show(lambda screen=screen: screen(shell))
        assert shell.page.controls
    shell.set_lang("en")
    shell.home()
    assert "New game" in " ".join(texts(shell.page.controls[0]))


@pytest.mark.parametrize("variant", VARIANT_IDS)
def test_every_variant_has_a_sheet_that_takes_a_throw(shell: Shell, variant: str) -> None:

    service, screen = open_sheet(shell, variant, ["Аня", "Борис", "Вера", "Глеб", "Дина"])
    values = (3, 3, 3, 2, 5)
    screen._roll(values)
    assert service.state.throws == 1 and service.state.dice is not None
    assert tuple(service.state.dice.values) == values
    shell.redraw()
    words = " ".join(texts(shell.page.controls[0]))
    assert "Аня" in words and "Дина" in words
    screen.dispose()


def test_a_stale_screen_cannot_write_into_the_next_players_column(shell: Shell) -> None:

    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    service.roll((5, 5, 5, 2, 3))
    assert screen.shown_player == "Аня"
    shell.page.run_task = lambda handler: None  # type: ignore[method-assign]  # news not arrived yet
    service.score("three")  # …and another phone writes her box meanwhile
    service.roll((6, 6, 1, 2, 4))  # Борис throws there too
    screen._tap_box("pair")  # this phone still shows Аня: refused, nothing written
    assert service.state.sheets[1].stages[0].is_open("pair")
    assert shell.page.dialogs  # the reason is shown


def test_home_lists_the_game_played_last_first_with_whose_turn(shell: Shell) -> None:
    older = GameService.create(shell.store, "ru_fences", ["Аня", "Борис"])
    newer = GameService.create(shell.store, "yahtzee", ["Вера"])
    time.sleep(0.01)  # the store's times are in milliseconds
    older.roll([5, 5, 5, 2, 3])  # played after the newer game was created
    shell.home()
    shown = texts(shell.page.controls[0])
    fences_turn = shown.index("Ходит Аня · этап 1 · бросок\u00a01\u00a0из\u00a03")
    yahtzee_turn = shown.index("Ходит Вера · бросок\u00a00\u00a0из\u00a03")
    assert fences_turn < yahtzee_turn
    assert newer.game_id != older.game_id


def test_a_game_address_opens_its_sheet_and_an_unknown_one_home(tmp_path: Path) -> None:
    from scorekeeper.app.home.view import HomeScreen
    from scorekeeper.app.sheet.view import SheetScreen

    store = Store(tmp_path / "g.sqlite")
    game = GameService.create(store, "ru_fences", ["Аня", "Борис"])
    for route, screen in ((f"/game/{game.game_id}", SheetScreen), ("/game/999", HomeScreen), ("/x", HomeScreen)):
        page = StandInPage()
        page.route = route  # type: ignore[attr-defined]
        shell = Shell(page, AppConfig(db_path=tmp_path / "g.sqlite"), store)  # type: ignore[arg-type]
        shell.start()
        assert isinstance(shell.screen, screen), route


def test_many_unfinished_games_leave_the_other_screens_above_them(shell: Shell) -> None:
    for n in range(8):
        GameService.create(shell.store, "yatzy", [f"Игрок {n}", "Борис"])
    shell.home()
    order = [c.identifier for c in walk(shell.page.controls[0]) if getattr(c, "identifier", None)]
    resumes = [i for i, name in enumerate(order) if name.startswith("resume-")]
    assert len(resumes) == 8
    for screen in ("history", "statistics", "settings", "invite"):
        assert order.index(screen) < resumes[0]


def test_russian_average_has_a_decimal_comma(shell: Shell) -> None:
    from scorekeeper.app.statistics.view import StatisticsScreen

    for seed in (1, 2):
        service = GameService.create(shell.store, "yatzy", ["Аня"])
        for action, _ in play_random(new_game(service.state.variant, ["Аня"]), random.Random(seed)):
            service.act(action)
    average = shell.store.player_stats("Аня")[0]["average"]
    shown = f"{average:.1f}"
    shell.show(lambda: StatisticsScreen(shell))
    assert shown.replace(".", ",") in texts(shell.page.controls[0])
    shell.set_lang("en")
    shell.show(lambda: StatisticsScreen(shell))
    assert shown in texts(shell.page.controls[0])


def _yahtzee_to_the_last_box(service: GameService) -> None:
    """A Yahtzee (50), an extra one (+100, in Sixes by the joker rule), then 1-2-3-4-5 in every
    other box but Chance."""
    service.roll((6, 6, 6, 6, 6))
    service.score("poker")
    service.roll((6, 6, 6, 6, 6))
    service.score("sixes")
    for box in service.state.variant.box_ids:
        if service.state.sheets[0].stages[0].is_open(box) and box != "chance":
            service.roll((1, 2, 3, 4, 5))
            service.score(box)


def test_the_extra_yahtzee_has_its_row_live_and_in_the_history(shell: Shell) -> None:
    from scorekeeper.app.history.view import GameSheetScreen
    from tests.app.controls import identifiers

    service = GameService.create(shell.store, "yahtzee", ["Аня"])
    _yahtzee_to_the_last_box(service)
    stage = service.state.sheet()["players"][0]["stages"][0]
    assert stage["extra"] == 100
    shell.open_game(service.game_id)
    shown = identifiers(shell.page.controls[0])
    assert texts(shown["extra-1-1"]) == ["100"]
    written = sum(v for v in stage["boxes"].values() if v is not None)
    assert written + stage["bonus"] + 100 == int(texts(shown["total-1"])[0])  # the rows add up to the total
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    assert texts(identifiers(shell.page.controls[0])["history-extra-1-1"]) == ["100"]


def test_undo_asks_before_it_reopens_a_finished_game(shell: Shell) -> None:
    from tests.app.controls import identifiers

    service = GameService.create(shell.store, "yahtzee", ["Аня"])
    _yahtzee_to_the_last_box(service)
    service.roll((1, 2, 3, 4, 5))
    service.score("chance")
    assert service.state.finished
    shell.open_game(service.game_id)
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    page: Any = shell.page
    screen._undo(None)
    assert service.state.finished and len(page.dialogs) == 1  # nothing undone yet: asked first
    assert "Открыть игру снова?" in texts(page.dialogs[0].title)
    identifiers(page.dialogs[0])["dismiss"].content.on_click(None)
    assert service.state.finished and not page.dialogs
    screen._undo(None)
    identifiers(page.dialogs[0])["confirm-undo"].content.on_click(None)
    assert not service.state.finished and service.state.throws == 1
    screen._undo(None)  # in a game being played, one tap
    assert not page.dialogs and service.state.throws == 0


def test_an_undo_is_said_on_every_phone_and_asks_before_it_takes_back_another_players_move(
        shell: Shell, tmp_path: Path) -> None:
    from scorekeeper.app.history.view import GameSheetScreen

    service = GameService.create(shell.store, "yahtzee", ["Аня", "Борис"])
    other = Shell(StandInPage(), AppConfig(db_path=tmp_path / "g.sqlite"), shell.store)  # type: ignore[arg-type]
    other.start()
    other.open_game(service.game_id)
    shell.open_game(service.game_id)
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    page: Any = shell.page

    def note(on: Shell) -> list[str]:
        found = identifiers(on.page.controls[0]).get("undone-note")
        return [] if found is None else texts(found)

    screen._roll((1, 1, 1, 2, 3))
    screen._tap_box("ones")
    screen._roll((6, 6, 6, 1, 2))
    screen._tap_box("sixes")
    assert service.state.player_name == "Аня" and not page.dialogs
    screen._undo(None)  # Борис's box, and it is Аня's turn: asked first, nothing undone yet
    assert len(page.dialogs) == 1 and service.state.sheets[1].stages[0].written.get("sixes") == 18
    assert texts(page.dialogs[0].title) == ["Отменить ход игрока Борис: Шестёрки 18?"]
    identifiers(page.dialogs[0])["confirm-undo"].content.on_click(None)
    assert "sixes" not in service.state.sheets[1].stages[0].written
    for phone in (shell, other):
        assert note(phone) == ["Отменено: Борис — Шестёрки 18"]
    screen._undo(None)  # Борис's throw, in his own turn: one tap
    assert not page.dialogs and service.state.throws == 0
    assert note(other) == ["Отменено: Борис — бросок 6-6-6-1-2"]
    screen._undo(None)
    assert texts(page.dialogs[0].title) == ["Отменить ход игрока Аня: Единицы 3?"]
    identifiers(page.dialogs[0])["confirm-undo"].content.on_click(None)
    screen._undo(None)
    assert not page.dialogs and not service.state.can_undo()
    assert note(other) == ["Отменено: Аня — бросок 1-1-1-2-3"]
    shown = texts(other.page.controls[0])
    assert "Борис: 6-6-6-1-2 · Шестёрки 18 (отменено)" in shown  # nothing left standing, the list stays
    screen._roll((1, 1, 1, 1, 2))
    assert note(shell) == [] and note(other) == []  # until the next action
    screen._tap_box("ones")
    screen._roll((6, 6, 6, 1, 2))
    screen._tap_box("sixes")
    turns = ["Борис: 6-6-6-1-2 · Шестёрки 18", "Аня: 1-1-1-1-2 · Единицы 4",
             "Борис: 6-6-6-1-2 · Шестёрки 18 (отменено)", "Аня: 1-1-1-2-3 · Единицы 3 (отменено)"]
    shown = texts(other.page.controls[0])
    assert shown[shown.index("Ходы") + 1:shown.index("Ходы") + 5] == turns
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    assert texts(identifiers(shell.page.controls[0])["history-turns"]) == ["Ходы", *turns]
    screen.dispose()


def test_an_undo_back_to_a_throw_without_dice_shows_the_dice_kept(shell: Shell) -> None:
    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    for value in (6, 6):  # two sixes kept, three dice thrown again: throw 1 goes without its dice
        screen.dice.entry.press_face(value)
    screen.dice._throw_without_dice()
    assert service.state.throws == 1 and service.state.dice is None
    values = [screen.dice.entry.press_face(v) for v in (1, 2, 4)][-1]
    assert values == (6, 6, 1, 2, 4)
    screen._roll(values)
    assert service.state.throws == 2
    screen._undo(None)
    assert service.state.throws == 1 and service.state.dice is None
    assert screen.dice.entry.values == [6, 6, None, None, None]  # as they lay before the undone throw
    assert [screen.dice.entry.press_face(v) for v in (3, 3, 3)][-1] == (6, 6, 3, 3, 3)


def test_enter_in_the_keys_field_gives_it_the_focus_back(shell: Shell) -> None:
    from types import SimpleNamespace

    from scorekeeper.app.dice_entry.view import DicePanel
    from scorekeeper.rules import get_variant

    thrown: list[tuple[int, ...]] = []
    panel = DicePanel(shell, get_variant("yahtzee"), thrown.append)
    focused: list[bool] = []

    async def focus() -> None:
        focused.append(True)

    panel.keys.focus = focus  # type: ignore[method-assign]
    panel._keys_submitted(SimpleNamespace(control=SimpleNamespace(value="55523")))
    assert thrown == [(5, 5, 5, 2, 3)] and focused == [True]


def test_the_chart_arrows_say_which_way_they_go(shell: Shell) -> None:
    from scorekeeper.app.statistics.view import StatisticsScreen

    for seed in (3, 4):
        service = GameService.create(shell.store, "generala", ["Аня"])
        for action, _ in play_random(new_game(service.state.variant, ["Аня"]), random.Random(seed)):
            service.act(action)
    for lang, older, newer in (("ru", "Игра раньше", "Игра позже"), ("en", "Earlier game", "Later game")):
        shell.set_lang(lang)
        shell.show(lambda: StatisticsScreen(shell))
        found = identifiers(shell.page.controls[0])
        assert found["stats-game-older"].content.tooltip == older
        assert found["stats-game-newer"].content.tooltip == newer


def test_fewer_dice_typed_are_the_dice_kept_as_if_tapped(shell: Shell) -> None:
    from types import SimpleNamespace


    service, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
    keys = screen.dice._keys_submitted
    keys(SimpleNamespace(control=SimpleNamespace(value="66124")))
    assert service.state.dice is not None and service.state.dice.values == (6, 6, 1, 2, 4)
    keys(SimpleNamespace(control=SimpleNamespace(value="66")))  # the two sixes kept, three thrown again
    assert screen.dice.entry.values == [6, 6, None, None, None]
    assert service.state.throws == 1 and not shell.page.dialogs  # nothing counted, nothing asked
    assert screen.dice.hint.value == "Пустые кубики брошены снова: нажмите, что на них выпало"
    keys(SimpleNamespace(control=SimpleNamespace(value="635")))  # what the three show: the second throw
    assert service.state.throws == 2 and service.state.dice is not None
    assert service.state.dice.values == (6, 6, 6, 3, 5)


def test_keys_that_are_no_dice_are_said_and_change_nothing(shell: Shell) -> None:
    from types import SimpleNamespace

    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "yahtzee", ["Аня"])
    page: Any = shell.page
    for typed, said in (("7a89", "dice are typed as digits 1 to 6"), ("55723", "the dice show only 1 to 6"),
                        ("555233", "there are five dice")):
        shell.set_lang("en")
        screen = shell.screen
        assert isinstance(screen, SheetScreen)
        screen.dice.keys.value = typed
        screen.dice._throw_pressed(None)  # Throw pressed on what was typed
        assert len(page.dialogs) == 1 and said in " ".join(texts(page.dialogs[0].content))
        page.pop_dialog()  # closed, as its button does
        assert service.state.throws == 0
    shell.set_lang("ru")
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    screen.dice._keys_submitted(SimpleNamespace(control=SimpleNamespace(value="7a89")))
    assert "кубики набираются цифрами от 1 до 6" in " ".join(texts(page.dialogs[0].content))


def test_throw_pressed_on_dice_not_yet_changed_says_what_to_do(shell: Shell) -> None:
    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    page: Any = shell.page
    screen.dice._throw_pressed(None)  # nothing entered before the first throw
    assert "Если все пять будут брошены снова" in " ".join(texts(page.dialogs[0].content))
    page.dialogs.clear()
    screen.dice.keys.value = "66123"
    screen.dice._throw_pressed(None)
    assert service.state.throws == 1
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    screen.dice._throw_pressed(None)  # again, on the dice of that throw (the pale ones to throw again)
    assert len(page.dialogs) == 1
    said = " ".join(texts(page.dialogs[0].content))
    assert "Это кубики прошлого броска" in said and "Бледные брошены снова?" in said
    assert service.state.throws == 1  # nothing recorded
    page.dialogs.clear()
    screen.dice.entry.tap_die(1)  # a die tapped: the pale ones are no longer what Throw would mean
    screen.dice.entry.tap_die(1)
    screen.dice.entry.values[0] = 6
    screen.dice.entry.changed = False  # ... and set back as it was thrown
    screen.dice._throw_pressed(None)
    assert "Бледные" not in " ".join(texts(page.dialogs[0].content))  # nothing pale: which were thrown again?
    assert service.state.throws == 1


def test_throw_pressed_after_the_pale_dice_were_thrown_again_records_the_throw_without_them(shell: Shell) -> None:
    """After a throw the dice outside the biggest group are pale (suggested to throw again). A player
    who throws them and taps Throw gets the throw recorded without its dice, on one more tap: the
    others kept, the pale ones blank for their new faces."""
    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    page: Any = shell.page
    screen.dice.keys.value = "66123"
    screen.dice._throw_pressed(None)
    screen = shell.screen
    assert isinstance(screen, SheetScreen) and screen.dice.entry.suggested == [2, 3, 4]
    screen.dice._throw_pressed(None)
    dialog = page.dialogs[0]
    button = identifiers(dialog)["throw-without-dice"].content
    assert button.content == "Без бледных"
    button.on_click(None)
    assert service.state.throws == 2 and service.state.dice is None  # the second throw, without its dice
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    assert screen.dice.entry.values == [6, 6, None, None, None]
    for face in (6, 2, 3):
        screen.dice._face(face)
    assert service.state.dice is not None and service.state.dice.values == (6, 6, 6, 2, 3)


def test_throw_pressed_on_kept_dice_of_a_throw_entered_in_full_asks_before_it_counts_a_throw(shell: Shell) -> None:
    """After a throw entered in full, the player blanks all five («Все 5»), taps the two kept and
    Throw, as if Throw threw the rest: that asks first, and counts nothing (the faces entered next
    make the second throw) unless «Без кубиков» in that dialog records the throw unseen."""
    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    page: Any = shell.page
    screen.dice.keys.value = "66123"
    screen.dice._throw_pressed(None)
    screen = shell.screen
    assert isinstance(screen, SheetScreen) and service.state.throws == 1
    screen.dice._rethrow_all(None)
    screen.dice._face(6)
    screen.dice._face(6)
    screen.dice._throw_pressed(None)
    said = " ".join(texts(page.dialogs[-1]))
    assert "Пустые кубики брошены?" in said and "он будет засчитан" in said
    assert service.state.throws == 1 and service.state.dice is not None  # nothing recorded
    identifiers(page.dialogs[-1])["throw-without-dice"].content.on_click(None)
    assert service.state.throws == 2 and service.state.dice is None  # the second throw, unseen
    screen = shell.screen
    assert isinstance(screen, SheetScreen) and screen.dice.entry.values == [6, 6, None, None, None]
    for face in (6, 2, 3):
        screen.dice._face(face)
    assert service.state.throws == 3 and service.state.dice is not None
    assert service.state.dice.values == (6, 6, 6, 2, 3)


def test_throw_pressed_on_blank_dice_at_the_turns_last_throw_says_why_it_needs_them(shell: Shell) -> None:
    """Two throws a turn: the first recorded without its dice (66, Enter: the sixes kept), Throw
    on the second with three dice blank says that this throw is the last and cannot go without
    its dice, and how many are entered."""
    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "ru_encyclopedia", ["Аня", "Борис"], {"max_throws": 2})
    page: Any = shell.page
    screen.dice.keys.value = "66"
    screen.dice._throw_pressed(None)
    assert service.state.throws == 1 and service.state.dice is None
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    screen.dice._throw_pressed(None)
    said = " ".join(texts(page.dialogs[-1]))
    assert "последний бросок хода" in said and "без кубиков его не записать" in said
    assert "введено: 2 из 5" in said
    assert service.state.throws == 1  # nothing recorded


def test_a_face_pressed_with_every_die_kept_says_which_to_tap_first(shell: Shell) -> None:
    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "yatzy", ["Аня"])
    screen.dice.keys.value = "12346"
    screen.dice._throw_pressed(None)
    screen = shell.screen
    assert isinstance(screen, SheetScreen) and service.state.throws == 1
    dice = screen.dice
    dice.entry.suggested = []  # all five kept: no die waits for a face
    dice._face(4)
    assert service.state.throws == 1 and dice.entry.values == [1, 2, 3, 4, 6]
    assert dice.hint.value == "Сначала нажмите кубики, которые перебросили (все пять: «Все 5»)"
    dice._tap_die(5)  # the 6 thrown again: the hint says what it says while a die waits
    assert "Сначала" not in (dice.hint.value or "")
    dice._face(5)
    assert service.state.dice is not None and service.state.dice.values == (1, 2, 3, 4, 5)


def test_a_tap_on_another_players_box_says_whose_turn_it_is(shell: Shell) -> None:
    from scorekeeper.app.sheet.view import SheetScreen

    service = GameService.create(shell.store, "yatzy", ["Аня", "Борис"])
    shell.open_game(service.game_id)
    assert isinstance(shell.screen, SheetScreen)
    page: Any = shell.page
    cells = identifiers(page.controls[0])
    cells["box-2-1-chance"].content.on_click(None)
    assert len(page.dialogs) == 1
    assert "Сейчас ходит Аня" in " ".join(texts(page.dialogs[0].content))


def test_football_says_what_seven_goals_count_as_and_records_a_tour(shell: Shell) -> None:

    service, screen = open_sheet(shell, "ru_football", ["Аня", "Борис"])
    shown = " ".join(texts(shell.page.controls[0]))
    assert "7 голов и больше считаются как 6" in shown and "Записать тур" in shown and "Бросок" not in shown
    screen.dice.keys.value = "00179"
    screen.dice._throw_pressed(None)
    assert service.state.dice is not None and service.state.dice.values == (0, 0, 1, 6, 6)
    raw = GameService.create(shell.store, "ru_football", ["Аня"], {"high_goal_policy": "raw"})
    shell.open_game(raw.game_id)
    assert "считаются как" not in " ".join(texts(shell.page.controls[0]))


def test_a_closed_or_reconnecting_tab_is_not_sent_a_redraw(shell: Shell) -> None:
    import gc
    import warnings


    service, screen = open_sheet(shell, "yatzy", ["Аня", "Борис"])
    page: Any = shell.page
    scheduled: list[Any] = []
    page.run_task = scheduled.append
    page.session = SimpleNamespace(connection=None)  # a reload under way: it redraws once back
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        service.roll((1, 2, 3, 4, 5))  # another phone's throw
        gc.collect()
    assert scheduled == [] and not [w for w in caught if "never awaited" in str(w.message)]
    assert screen._unsubscribe is not None  # still listening for when the tab is back
    page.session = SimpleNamespace(connection=object())
    shell.redraw()  # back: the dice of the throw made meanwhile
    assert screen.dice.entry.values == [1, 2, 3, 4, 5]

    class Ended:
        @property
        def session(self) -> Any:
            raise RuntimeError("An attempt to fetch destroyed session.")

    shell.page = Ended()  # type: ignore[assignment]
    service.score("chance")
    assert screen._unsubscribe is None  # the tab's session is over: the screen stops listening


def test_where_the_player_chooses_the_stage_a_box_of_the_stage_shown_is_written_there(shell: Shell) -> None:
    from scorekeeper.app.sheet.view import SheetScreen

    service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"], {"stage_order": "any"})
    service.roll((5, 5, 5, 2, 3))
    screen.viewing_stage = 2  # the stage picker's «2»
    shell.redraw()
    cells = identifiers(shell.page.controls[0])
    assert texts(cells["box-1-2-fives"]) == ["0"]  # the preview of Fives in stage 2: 3 fives, net 0
    cells["box-1-2-fives"].content.on_click(None)
    stages = service.state.sheet()["players"][0]["stages"]
    assert stages[1]["boxes"]["fives"] == 0 and stages[0]["boxes"]["fives"] is None
    sequential = GameService.create(shell.store, "ru_fences", ["Аня"])
    shell.open_game(sequential.game_id)
    sequential.roll((5, 5, 5, 2, 3))
    screen = shell.screen
    assert isinstance(screen, SheetScreen)
    screen.viewing_stage = 2
    shell.redraw()
    page: Any = shell.page
    identifiers(page.controls[0])["box-1-2-fives"].content.on_click(None)  # in order: stage 2 waits
    assert "Этап 2 откроется, когда будет заполнен этап 1." in " ".join(texts(page.dialogs[-1].content))
    assert sequential.state.sheet()["players"][0]["stages"][1]["boxes"]["fives"] is None


def test_a_generala_servida_says_it_wins_before_it_is_written(shell: Shell) -> None:

    service, screen = open_sheet(shell, "generala", ["Аня", "Борис"])
    service.roll((6, 6, 6, 6, 6))  # the first throw
    page: Any = shell.page
    identifiers(page.controls[0])["box-1-1-poker"].content.on_click(None)
    assert not service.state.finished and len(page.dialogs) == 1
    assert "партия выиграна сразу" in " ".join(texts(page.dialogs[0].content))
    identifiers(page.dialogs[0])["write-and-win"].content.on_click(None)
    assert service.state.finished and service.state.sheet()["winners"] == ["Аня"]


def test_the_extra_yahtzee_shows_in_the_preview(shell: Shell) -> None:
    service = GameService.create(shell.store, "yahtzee", ["Аня"])
    service.roll((6, 6, 6, 6, 6))
    service.score("poker")
    service.roll((6, 6, 6, 6, 6))
    shell.open_game(service.game_id)
    assert texts(identifiers(shell.page.controls[0])["box-1-1-sixes"]) == ["30+100"]


def test_digits_left_in_the_keys_field_are_cleared_by_this_screens_own_undo(shell: Shell) -> None:

    service, screen = open_sheet(shell, "yatzy", ["Нина", "Олег"])
    keys = screen.dice._keys_changed
    for text in ("5", "55", "555", "5552", "55523"):
        keys(SimpleNamespace(control=SimpleNamespace(value=text)))
    assert service.state.throws == 1
    screen.dice.keys.value = "3"  # a digit typed and left
    screen._undo(None)
    assert service.state.throws == 0 and screen.dice.keys.value == ""
    for text in ("6", "66", "666", "6661", "66612"):  # the next throw typed in full is taken
        keys(SimpleNamespace(control=SimpleNamespace(value=text)))
    assert service.state.dice is not None and service.state.dice.values == (6, 6, 6, 1, 2)


def test_a_tap_on_the_gora_says_it_by_sign_and_as_the_dices_sum(shell: Shell) -> None:
    """RULES.md §3.4: the «гора» both ways, by sign (−4) and as the dice's own sum against three
    of each face (63 for all six boxes)."""
    _service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис"])
    assert identifiers(shell.page.controls[0])["gora-1-1"].content.on_click is None  # nothing written yet
    screen._roll((2, 5, 5, 1, 3))
    screen._tap_box("twos")  # a lone two: −4
    identifiers(shell.page.controls[0])["gora-1-1"].content.on_click(None)
    said = " ".join(texts(shell.page.dialogs[-1]))
    assert "Гора · Аня · этап 1" in said
    assert "По знакам −4, по сумме кубиков 2 из 6 в записанных клетках (во всех шести — из 63): нужно +4." in said
    screen.dispose()
