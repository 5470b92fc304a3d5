"""The New game screen: what it refuses before anything is saved."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from scorekeeper.app.new_game.view import NewGameScreen
from scorekeeper.app.shell import Shell
from tests.app.controls import identifiers, texts
from tests.app.test_history_view import shell_at


def _type(screen: NewGameScreen, shell: Shell, option: str, text: str) -> None:
    field = identifiers(shell.page.controls[0])[f"option-{option}-value"].content
    field.value = text
    field.on_change(SimpleNamespace(control=field))


def test_an_option_typed_wrong_is_said_at_start_and_nothing_is_saved(tmp_path: Path) -> None:
    shell = shell_at(tmp_path)
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    screen.form.pick_variant("ru_fences")
    screen.options_open = True
    shell.redraw()
    page: Any = shell.page
    for typed in ("abc", "0", "11", "2.5"):
        _type(screen, shell, "base_rolls", typed)
        screen._start()
        said = " ".join(texts(page.dialogs[-1].content))
        assert f"«Бросков за ход без оград»: «{typed}» не подходит — нужно целое число от 1 до 10." in said
        page.dialogs.clear()
        assert shell.store.last_game_id() is None  # nothing saved
    _type(screen, shell, "base_rolls", "4")  # corrected: the game starts with what is shown
    screen._start()
    game_id = shell.store.last_game_id()
    assert game_id is not None and shell.store.game(game_id).options == {"base_rolls": 4}


def test_a_name_too_long_or_the_same_in_other_letters_is_refused(tmp_path: Path) -> None:
    shell = shell_at(tmp_path)
    screen = NewGameScreen(shell)
    shell.show(lambda: screen)
    page: Any = shell.page
    for names, said in ((["А" * 65, "Борис"], "длиннее 64 знаков"), (["Аня", "аня"], "Имена игроков повторяются")):
        screen.form.names[:] = names
        screen._start()
        assert said in " ".join(texts(page.dialogs[-1].content))
        page.dialogs.clear()
    assert shell.store.last_game_id() is None
