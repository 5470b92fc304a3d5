"""A match on the sheet and in History: the game of the series and its wins, the totals carried
towards the target, the news of a game that ended, the extra game and who sits it out, the result."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from scorekeeper.app.history.view import GameSheetScreen
from scorekeeper.app.shell import Shell
from scorekeeper.service import GameService
from tests.app.controls import identifiers, texts
from tests.app.test_history_view import shell_at, shown
from tests.app.test_screens_build import StandInPage

BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "small_straight", "large_straight", "full",
         "chance", "poker"]
HIGH = (6, 6, 6, 5, 5)  # 84 in a game of the encyclopedia «Покер»
LOW = (1, 1, 1, 2, 2)  # 21


def play(service: GameService, dice: dict[str, tuple[int, ...]], boxes: list[str] = BOXES) -> None:
    """Every player of the current game writes `boxes` in turn, each throwing their own dice."""
    for box in boxes:
        for _ in service.state.seats:
            service.roll(dice[service.state.player_name or ""])
            service.score(box)


def another_phone(shell: Shell) -> Shell:
    """A second phone at the table, on the same app (and store) as `shell`."""
    page: Any = StandInPage()
    page.width = 360
    phone = Shell(page, shell.config, shell.store)
    phone.start()
    return phone


def read(shell: Shell, identifier: str) -> str:
    """The text as a player reads it (a no-break space, which keeps a name and its score on one
    line, as a space)."""
    return raw(shell, identifier).replace("\u00a0", " ")


def raw(shell: Shell, identifier: str) -> str:
    return " ".join(texts(identifiers(shown(shell))[identifier]))


def test_a_target_match_shows_the_carried_totals_the_news_and_the_extra_game(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, width=360)
    watcher = another_phone(shell)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис", "Вера"],
                                 {"mode": "target", "target": 150})
    dice = {"Аня": HIGH, "Борис": HIGH, "Вера": LOW}
    play(service, dice, BOXES[:-1])
    for phone in (shell, watcher):  # both phones watch the game end
        phone.open_game(service.game_id)
    play(service, dice, BOXES[-1:])
    for phone in (shell, watcher):  # game 2 starts at 0, the match says where it stands
        assert read(phone, "match-line") == "До 150: Аня 84, Борис 84, Вера 21"
        assert "Аня\u00a084, Борис\u00a084" in raw(phone, "match-line")  # a name stays with its score
        assert read(phone, "game-over-note") == "Игра 1 окончена: Аня 84, Борис 84, Вера 21. Ничья: Аня, Борис."
        assert [read(phone, f"total-{n}") for n in (1, 2, 3)] == ["0", "0", "0"]
        assert [read(phone, f"match-total-{n}") for n in (1, 2, 3)] == ["84", "84", "21"]
    service.roll(HIGH)
    service.score("sixes")
    assert "game-over-note" not in identifiers(shown(watcher))  # the next game has its first box
    assert read(watcher, "match-line") == "До 150: Аня 102, Борис 84, Вера 21"
    assert read(watcher, "match-total-1") == "102"

    service.undo(2)
    for phone in (shell, watcher):
        phone.home()
    play(service, dice, BOXES[:-1])
    for phone in (shell, watcher):
        phone.open_game(service.game_id)
    play(service, dice, BOXES[-1:])  # 168, 168, 42: Аня and Борис tie
    for phone in (shell, watcher):
        ids = identifiers(shown(phone))
        assert read(phone, "game-over-note").endswith("Ничья: Аня, Борис. Дополнительная игра: Аня и Борис.")
        assert read(phone, "match-line") == "Дополнительная игра: Аня и Борис · До 150: Аня 168, Борис 168, Вера 42"
        assert "sits-out-3" in ids and "sits-out-1" not in ids
        assert read(phone, "sits-out-3") == "не играет"
        assert read(phone, "total-3") == "21"  # her game 2, greyed
        assert ids["total-3"].content.opacity == 0.4 and ids["total-1"].content.opacity in (None, 1.0)
        assert ids["box-3-1-sixes"].content.opacity == 0.4

    for phone in (shell, watcher):
        phone.home()
    play(service, {"Аня": HIGH, "Борис": LOW})  # the extra game: Аня wins the match
    assert service.state.finished
    shell.open_game(service.game_id)
    assert [read(shell, f"place-{n}") for n in (1, 2, 3)] == ["1", "2", "3"]
    assert [read(shell, f"match-total-{n}") for n in (1, 2, 3)] == ["168", "168", "42"]
    assert read(shell, "match-line") == (  # every game of the match, the first included
        "До 150: Аня 168, Борис 168, Вера 42 · Игра 1: Аня 84, Борис 84, Вера 21 · "
        "Игра 2: Аня 84, Борис 84, Вера 21 · Доп. игра: Аня 84, Борис 21")
    line = identifiers(shown(shell))["match-line"]
    text = getattr(line, "content", line)
    assert text.max_lines is None and text.overflow.name != "ELLIPSIS"  # the deciding game is not cut off
    assert "За игру" in texts(shown(shell)) and "Всего в матче" in texts(shown(shell))
    # Вера's column holds her game 2, the others' the extra game: the sheet says so, and the places
    # are the match's, said so.
    assert [read(shell, f"shown-game-{n}") for n in (1, 2, 3)] == ["доп. 1", "доп. 1", "2"]
    assert "Место в матче" in texts(shown(shell))

    from scorekeeper.app.history.view import HistoryScreen

    single = GameService.create(shell.store, "yatzy", ["Глеб"]).game_id
    shell.show(lambda: HistoryScreen(shell))  # the list says how the match was settled
    tiles = identifiers(shown(shell))
    assert tiles[f"history-game-{service.game_id}"].label.endswith(  # type: ignore[attr-defined]
        "Победа: Аня. до 150 · доп. игра")
    assert "до 150 · доп. игра" in " ".join(texts(tiles[f"history-game-{service.game_id}"]))
    assert "доп." not in tiles[f"history-game-{single}"].label  # type: ignore[attr-defined]

    shell.show(lambda: GameSheetScreen(shell, service.game_id))  # the History page: the match's result
    assert [read(shell, f"history-total-{n}") for n in (1, 2, 3)] == [
        "Аня 168 1 место", "Борис 168 2 место", "Вера 42 3 место"]
    assert [read(shell, f"history-match-total-{n}") for n in (1, 2, 3)] == ["168", "168", "42"]
    assert read(shell, "history-match-games") == (
        "Игра 1: Аня 84, Борис 84, Вера 21. Ничья: Аня, Борис. "
        "Игра 2: Аня 84, Борис 84, Вера 21. Ничья: Аня, Борис. "
        "Доп. игра: Аня 84, Борис 21. Победа: Аня.")


def test_a_series_shows_the_game_of_the_series_and_the_wins(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"],
                                 {"mode": "series", "series_games": 3})
    shell.open_game(service.game_id)
    assert read(shell, "match-line") == "Игра 1 из 3 · победы: Аня 0, Борис 0"
    play(service, {"Аня": HIGH, "Борис": LOW}, BOXES[:-1])
    service.roll(HIGH)
    service.score("poker")
    service.roll((2, 2, 2, 2, 2))
    poker = service.state.preview("poker").score
    service.score("poker")  # the move that ends game 1
    assert read(shell, "match-line") == "Игра 2 из 3 · победы: Аня 1, Борис 0"
    assert read(shell, "game-over-note") == f"Игра 1 окончена: Аня 84, Борис {21 + poker}. Победа: Аня."
    assert [read(shell, f"wins-{n}") for n in (1, 2)] == ["1", "0"]
    identifiers(shown(shell))["game-over-sheet"].content.on_click(None)  # the sheet of the game just ended
    assert isinstance(shell.screen, GameSheetScreen)
    assert identifiers(shown(shell))["history-match-game-1"].selected
    assert read(shell, "history-sheet").count("84") >= 1 and "Лист этой игры" not in read(shell, "history-sheet")
    shell.screen.back()  # and back to the game being played
    assert read(shell, "match-line") == "Игра 2 из 3 · победы: Аня 1, Борис 0"
    play(service, {"Аня": HIGH, "Борис": LOW}, BOXES[:3])
    assert "game-over-sheet" not in identifiers(shown(shell))  # gone with the note once game 2 has a box

    shell.show(lambda: GameSheetScreen(shell, service.game_id))  # a match in play: not 0:0
    assert [read(shell, f"history-total-{n}") for n in (1, 2)] == [
        "Аня 84 1 победа", f"Борис {21 + poker + 3 + 4} 0 побед"]
    assert read(shell, "history-match") == "Игра 2 из 3 · победы: Аня 1, Борис 0"


def test_a_drawn_game_of_a_series_is_played_off_by_its_leaders_and_the_series_goes_on(tmp_path: Path) -> None:
    """«Ничья разрешается в дополнительной игре»: a game of the series tied for first is won by the
    winner of the extra game its leaders play next; the one who sat it out is not counted a loss."""
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис", "Вера"],
                                 {"mode": "series", "series_games": 2})
    shell.open_game(service.game_id)
    play(service, {"Аня": HIGH, "Борис": LOW, "Вера": LOW})  # game 1: Аня's
    play(service, {"Аня": LOW, "Борис": HIGH, "Вера": HIGH})  # game 2: Борис and Вера tie
    assert service.state.extra_game and service.state.seats == (1, 2)
    assert read(shell, "match-line") == "Дополнительная игра: Борис и Вера · победы: Аня 1, Борис 0, Вера 0"
    play(service, {"Борис": LOW, "Вера": HIGH})  # Вера wins game 2: 1 win each, Аня and Вера
    state = service.state
    assert state.extra_game and state.seats == (0, 2) and not state.finished
    assert read(shell, "game-over-note").endswith(  # the game was won: why another is played
        "Победа: Вера. Поровну побед в серии: Аня 1, Вера 1. Дополнительная игра: Аня и Вера.")
    assert state.sheet()["match"]["wins"] == {"Аня": 1, "Борис": 0, "Вера": 1}
    play(service, {"Аня": HIGH, "Вера": LOW})  # the extra game of the series: Аня's
    sheet = service.state.sheet()
    assert sheet["finished"] and sheet["winners"] == ["Аня"]
    assert [p["rank"] for p in sheet["players"]] == [1, 3, 2]
    assert [read(shell, f"wins-{n}") for n in (1, 2, 3)] == ["1", "0", "1"]
    assert not any(key.startswith("draws-") for key in identifiers(shown(shell)))

    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    assert read(shell, "history-total-1").startswith("Аня") and "1 победа" in read(shell, "history-total-1")
    # each game of the match has its own sheet in History, the last shown first
    found = identifiers(shown(shell))
    games = [read(shell, f"history-match-game-{k}") for k in range(1, 5)]
    assert games == ["Игра 1", "Игра 2", "Доп. игра", "Доп. игра"] and "history-match-game-5" not in found
    assert found["history-match-game-4"].selected and not found["history-match-game-1"].selected
    assert read(shell, "history-sheet-total-2") == "21"  # Борис sat the last game out: his game 2 stands
    found["history-match-game-1"].content.on_click(None)
    assert [read(shell, f"history-sheet-total-{n}") for n in (1, 2, 3)] == ["84", "21", "21"]
    identifiers(shown(shell))["history-match-game-3"].content.on_click(None)  # Борис and Вера played game 2 off
    assert [read(shell, f"history-sheet-total-{n}") for n in (1, 2)] == ["21", "84"]
    assert read(shell, "history-box-1-1-ones") == "3"  # its first column is the first to play there: Борис, 1-1-1-2-2
    turns = texts(identifiers(shown(shell))["history-turns"])[1:]  # and the turns are that game's
    assert len(turns) == 2 * len(BOXES) and not any(line.startswith("Аня") for line in turns)


def test_where_ties_are_shared_a_drawn_game_of_a_series_shows_as_a_draw(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"],
                                 {"mode": "series", "series_games": 3, "tie_break": "shared"})
    shell.open_game(service.game_id)
    play(service, {"Аня": HIGH, "Борис": HIGH})  # game 1: a draw
    play(service, {"Аня": HIGH, "Борис": LOW})  # game 2: Аня's
    assert read(shell, "match-line") == "Игра 3 из 3 · победы: Аня 1, Борис 0 · ничьих: 1"
    assert [read(shell, f"wins-{n}") for n in (1, 2)] == ["1", "0"]
    assert [read(shell, f"draws-{n}") for n in (1, 2)] == ["1", "1"]

    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    assert read(shell, "history-total-1") == "Аня 168 1 победа · 1 ничья"
    shell.settings.lang = "en"
    shell.redraw()
    assert read(shell, "history-match") == "Game 3 of 3 · wins: Аня 1, Борис 0 · draws: 1"
    shell.settings.lang = "ru"
    from scorekeeper.app.history.view import HistoryScreen

    shell.show(lambda: HistoryScreen(shell))
    assert "не закончена · серия из 3" in texts(identifiers(shown(shell))[f"history-game-{service.game_id}"])


def test_historys_list_shows_a_finished_series_by_its_wins_not_its_points_added_up(tmp_path: Path) -> None:
    from scorekeeper.app.history.view import HistoryScreen

    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"],
                                 {"mode": "series", "series_games": 3})
    play(service, {"Аня": HIGH, "Борис": LOW})  # Аня 84 : 21
    play(service, {"Аня": LOW, "Борис": HIGH})  # 21 : 84
    play(service, {"Аня": HIGH, "Борис": LOW})  # Аня wins the series 2 : 1 (its points: 189 : 126)
    assert service.state.finished
    shell.show(lambda: HistoryScreen(shell))
    tile = [line.replace("\u00a0", " ") for line in texts(identifiers(shown(shell))[f"history-game-{service.game_id}"])]
    assert "победы: Аня 2, Борис 1" in tile and not any("189" in line for line in tile)


def test_the_next_game_of_a_match_opens_at_the_top_with_its_own_moves(tmp_path: Path, monkeypatch: Any) -> None:
    import flet as ft

    scrolled: list[float | None] = []

    async def scroll_to(self: ft.Column, offset: float | None = None, **_: Any) -> None:
        scrolled.append(offset)

    monkeypatch.setattr(ft.Column, "scroll_to", scroll_to)
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"],
                                 {"mode": "series", "series_games": 3})
    shell.open_game(service.game_id)
    play(service, {"Аня": HIGH, "Борис": LOW}, BOXES[:-1])
    service.roll(HIGH)
    service.score("poker")
    assert scrolled == []  # a box of the same game: the sheet stays where the player scrolled
    service.roll(LOW)
    service.score("poker")  # game 1 ends, game 2 opens
    assert scrolled == [0]
    # Nothing played in game 2 yet: game 1's moves are not its own.
    assert not any(line.startswith(("Аня:", "Борис:")) for line in texts(shown(shell)))
    service.roll(HIGH)
    service.score("sixes")
    assert any(line.startswith("Аня: 6-6-6-5-5 · Шестёрки") for line in texts(shown(shell)))
    assert not any("Покер" in line for line in texts(shown(shell)) if line.startswith("Борис:"))


def test_the_games_of_a_series_are_numbered_without_its_extra_games(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"],
                                 {"mode": "series", "series_games": 2})
    shell.open_game(service.game_id)
    play(service, {"Аня": HIGH, "Борис": HIGH})  # game 1 tied: played off
    play(service, {"Аня": HIGH, "Борис": LOW})  # the extra game: Аня's
    assert read(shell, "match-line") == "Игра 2 из 2 · победы: Аня 1, Борис 0"
    play(service, {"Аня": HIGH, "Борис": LOW})  # game 2: Аня's, the series 2 : 0
    assert service.state.finished
    assert read(shell, "match-line") == (
        "Серия из 2 игр · победы: Аня 2, Борис 0 · Игра 1: Аня 84, Борис 84 · Доп. игра: Аня 84, Борис 21 · "
        "Игра 2: Аня 84, Борис 21")


def test_historys_list_keeps_each_name_with_its_score_on_one_line(tmp_path: Path) -> None:
    """On a narrow phone the players' line wraps between players only: never inside a name, nor
    between a name and its score."""
    from scorekeeper.app.history.view import HistoryScreen

    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Анна Мария", "Борис"], {})
    play(service, {"Анна Мария": HIGH, "Борис": LOW})
    assert service.state.finished
    shell.show(lambda: HistoryScreen(shell))
    tile = texts(identifiers(shown(shell))[f"history-game-{service.game_id}"])
    assert "Анна\u00a0Мария\u00a084 · Борис\u00a021" in tile


def test_a_finished_series_page_in_history_lists_each_game_once(tmp_path: Path) -> None:
    """The line under the dates says the series' form and wins; the games' totals are listed
    under the cards, each once; the house rules do not say the form again."""
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"],
                                 {"mode": "series", "series_games": 3})
    play(service, {"Аня": HIGH, "Борис": LOW})
    play(service, {"Аня": LOW, "Борис": HIGH})
    play(service, {"Аня": HIGH, "Борис": LOW})
    shell.show(lambda: GameSheetScreen(shell, service.game_id))
    assert read(shell, "history-match") == "Серия из 3 игр · победы: Аня 2, Борис 1"
    page = [line.replace("\u00a0", " ") for line in texts(shown(shell))]
    assert sum("Игра 2: Аня 21, Борис 84" in line for line in page) == 1
    assert "history-house-rules" not in identifiers(shown(shell))  # «Формат: серия; Игр в серии: 3» said above


def test_a_target_reached_level_by_the_game_s_winner_says_why_an_extra_game_follows(tmp_path: Path) -> None:
    shell = shell_at(tmp_path, width=360)
    service = GameService.create(shell.store, "ru_encyclopedia", ["Аня", "Борис"], {"mode": "target", "target": 100})
    shell.open_game(service.game_id)
    play(service, {"Аня": HIGH, "Борис": LOW})  # 84 : 21
    play(service, {"Аня": LOW, "Борис": HIGH})  # Борис wins game 2, and both are past 100 at 105
    assert service.state.extra_game and not service.state.finished
    assert read(shell, "game-over-note") == ("Игра 2 окончена: Аня 21, Борис 84. Победа: Борис. "
                                             "До 100 дошли поровну: Аня 105, Борис 105. Дополнительная игра: Аня и Борис.")
    shell.set_lang("en")
    assert read(shell, "game-over-note").endswith("Won by Борис. Level past 100: Аня 105, Борис 105. "
                                                  "Extra game: Аня and Борис.")
