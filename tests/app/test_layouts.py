"""The sheet laid out for the screen it is on: a phone held sideways, a tablet."""

from __future__ import annotations

from pathlib import Path

import flet as ft

from scorekeeper.app.dice_entry.pad import die_side
from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers, walk


def sized(shell: Shell, width: float, height: float) -> None:
    shell.page.width = width  # type: ignore[attr-defined]
    shell.page.height = height  # type: ignore[attr-defined]
    shell._resized(None)


def panel_beside_the_sheet(shell: Shell) -> ft.Container | None:
    """The dice panel's column where it stands beside the sheet (a fixed width, right of it)."""
    top = shell.page.controls[0].content
    if not isinstance(top, ft.Row):
        return None
    side = top.controls[-1]
    assert isinstance(side, ft.Container) and side.width is not None
    return side


def test_a_phone_held_sideways_has_the_dice_beside_the_boxes(shell: Shell) -> None:
    for width, height in ((844, 390), (640, 360)):
        sized(shell, width, height)
        service, screen = open_sheet(shell, "ru_fences", ["Аня", "Борис", "Вера"])
        side = panel_beside_the_sheet(shell)
        assert side is not None, f"{width}×{height}: the dice under the sheet leave no room for a box"
        found = identifiers(side)
        assert {"turn", "die-1", "face-6", "throw", "dice-keys", "cross-out"} <= set(found)
        assert "box-1-1-ones" not in found
        # The sheet's columns share what is left beside the panel; five dice and the photo fit it.
        assert screen._cell_width(3) * 3 + screen._name_width() + 16 <= width - side.width + 0.5
        assert 5 * die_side(screen.dice.width or shell.width, False) + 4 * 5 + 48 + 10 + 16 <= side.width + 0.5
        screen.dispose()


def test_the_throw_button_shows_its_whole_label_beside_the_keys_sideways_and_upright(shell: Shell) -> None:
    """Beside the sheet the panel is narrower than an upright phone: the keys field gives up its
    icon and some width, so that «Все 5», the field and «Бросок» with its label fit; upright, the
    field keeps its full width and icon."""
    from scorekeeper.app.dice_entry.view import ACTION_CHAR_PX, KEYS_W, RETHROW_W, THROW_PAD

    for width, height in ((844, 390), (640, 360), (390, 844), (360, 640)):
        sized(shell, width, height)
        _, screen = open_sheet(shell, "yahtzee", ["Аня", "Борис"])
        keys = screen.dice.keys
        side = panel_beside_the_sheet(shell)
        panel = side.width if side is not None else width
        throw = len("Бросок") * ACTION_CHAR_PX + 24 + 6 + 2 * THROW_PAD
        assert 16 + RETHROW_W + 6 + keys.width + 6 + throw <= panel, f"{width}×{height}"
        if side is None:
            assert keys.width == KEYS_W and keys.prefix_icon is not None, f"{width}×{height}"
        else:
            assert keys.width < KEYS_W and keys.prefix_icon is None, f"{width}×{height}"
        screen.dispose()


def test_an_upright_phone_or_a_tablet_keeps_the_dice_under_the_sheet(shell: Shell) -> None:
    for width, height in ((390, 844), (360, 640), (820, 1180), (1180, 820)):
        sized(shell, width, height)
        _, screen = open_sheet(shell, "yahtzee", ["Ann", "Bob"])
        assert panel_beside_the_sheet(shell) is None, f"{width}×{height}"
        screen.dispose()


def test_an_on_screen_keyboard_does_not_move_the_dice_under_the_typing_thumb(shell: Shell) -> None:
    sized(shell, 1024, 700)
    open_sheet(shell, "yahtzee", ["Ann", "Bob"])
    assert panel_beside_the_sheet(shell) is None
    sized(shell, 1024, 380)  # the keyboard takes the height alone: the field being typed in stays
    shell.redraw()  # …even when the game redraws meanwhile
    assert panel_beside_the_sheet(shell) is None
    sized(shell, 700, 380)  # turned: laid out anew
    assert panel_beside_the_sheet(shell) is not None


def test_a_finished_game_sideways_has_no_dice(shell: Shell) -> None:
    sized(shell, 844, 390)
    service, screen = open_sheet(shell, "yahtzee", ["Соло"])
    for box in service.state.variant.box_ids:
        service.roll((6, 6, 6, 1, 2))
        service.score(box)
    shell.redraw()
    side = panel_beside_the_sheet(shell)
    assert side is not None and "rematch" in identifiers(side)
    assert not any(getattr(c, "identifier", None) == "throw" for c in walk(shell.page.controls[0]))


def test_twelve_players_on_a_small_phone_keep_their_names_apart_and_whole_where_they_can(
        shell: Shell) -> None:
    names = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жора", "Зоя", "Игорь", "Катерина", "Лев",
             "Мария-Антуанетта"]
    sized(shell, 360, 640)
    _, screen = open_sheet(shell, "ru_encyclopedia", names)
    shown = {c.value: c for c in walk(shell.page.controls[0]) if isinstance(c, ft.Text) and c.value in names}
    assert set(shown) == set(names)
    holders = [c for c in walk(shell.page.controls[0])
               if isinstance(c, ft.Container) and isinstance(c.content, ft.Text) and c.content.value in names]
    for holder in holders:
        assert holder.padding is not None  # a gap between two names, however long
        text = holder.content
        assert text.max_lines == 2 and not text.no_wrap  # «Катерина» on two lines, not «Кате…»
    screen.dispose()
    sized(shell, 390, 844)
    _, screen = open_sheet(shell, "ru_encyclopedia", names[:3])
    wide = [c for c in walk(shell.page.controls[0]) if isinstance(c, ft.Text) and c.value == "Борис"]
    assert wide and wide[0].size == 15 and wide[0].max_lines == 1


def test_four_players_on_a_phone_see_a_long_name_whole_on_two_lines_and_short_ones_full_size(
        shell: Shell) -> None:
    names = ["Александра", "Константин", "Вера", "Глеб"]
    sized(shell, 390, 844)
    _, screen = open_sheet(shell, "ru_fences", names)
    shown = {c.value: c for c in walk(shell.page.controls[0]) if isinstance(c, ft.Text) and c.value in names}
    assert set(shown) == set(names)
    for long in names[:2]:  # «Алекс…» would be all the table saw of her
        assert shown[long].max_lines == 2 and not shown[long].no_wrap and shown[long].size == 13
    for short in names[2:]:
        assert shown[short].max_lines == 1 and shown[short].size == 15
    screen.dispose()


def test_the_gora_note_is_larger_in_the_wide_columns_of_a_few_players_and_still_whole(shell: Shell) -> None:
    """«нужно +12» under the «гора» read at arm's length: 13 px beside one other player, 11 px in
    four players' narrower columns; a note too long for 13 px ("premium +50") a size smaller."""

    def note(players: list[str], faces: tuple[int, ...], rolled: tuple[int, ...] | None = None) -> ft.Text:
        _, screen = open_sheet(shell, "ru_fences", players)
        boxes = ("ones", "twos", "threes", "fours", "fives", "sixes")
        for face in faces:  # each player in turn writes the same box
            for _seat in players:
                screen._roll(rolled or (face,) * 5)
                screen._tap_box(boxes[face - 1])
        cell = identifiers(shell.page.controls[0])["gora-1-1"]
        text = [c for c in walk(cell) if isinstance(c, ft.Text)][-1]
        screen.dispose()
        return text

    sized(shell, 390, 844)
    two = note(["Аня", "Борис"], (6,), (6, 1, 2, 3, 4))
    assert two.value == "нужно +12" and two.size == 13
    four = note(["Аня", "Борис", "Вера", "Глеб"], (6,), (6, 1, 2, 3, 4))
    assert four.value == "нужно +12" and four.size == 11
    shell.set_lang("en")
    premium = note(["Ann", "Bob"], (1, 2, 3, 4, 5, 6))
    assert premium.value == "premium +50" and premium.size == 12


def test_a_box_name_that_would_wrap_in_the_narrower_column_of_many_players_is_drawn_smaller(
        shell: Shell) -> None:
    """Two lines of a row's full-size name are taller than the row: «Малый стрит» is drawn smaller
    where five or more players narrow the names' column, and full size beside four."""
    def size_of(box_name: str) -> float | None:
        found = [c for c in walk(shell.page.controls[0]) if isinstance(c, ft.Text) and c.value == box_name]
        assert found, box_name
        return found[0].size

    sized(shell, 360, 640)
    _, screen = open_sheet(shell, "ru_encyclopedia", ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор"])
    assert size_of("Малый стрит") == 13 and size_of("Шестёрки") == 15
    screen.dispose()
    _, screen = open_sheet(shell, "ru_encyclopedia", ["Аня", "Борис", "Вера", "Глеб"])
    assert size_of("Малый стрит") == 15


def test_the_box_names_take_the_room_a_few_players_leave(shell: Shell) -> None:
    """With two players on a phone the players' columns stop growing at their widest, and the box
    names take what is left; with more players they keep their column, and every column still
    fits the screen."""
    from scorekeeper.app import theme

    names = {}
    for players in (["Аня", "Борис"], ["Аня", "Борис", "Вера"], ["Аня", "Борис", "Вера", "Глеб"]):
        for width in (390, 360):
            sized(shell, width, 844)
            _, screen = open_sheet(shell, "yahtzee", players)
            n = len(players)
            names[n, width] = screen._name_width()
            assert theme.NAME_W <= names[n, width] <= theme.NAME_W_WIDE
            assert screen._cell_width(n) * n + names[n, width] + 16 <= width + 0.5
            screen.dispose()
    assert names[2, 390] >= 150 > theme.NAME_W == names[4, 360]


def test_every_house_rule_choice_fits_its_drop_down_and_its_name_keeps_room(tmp_path: Path) -> None:
    """A drop-down as wide as its longest choice (about 9 px a letter at 16 px, and its arrow); one
    wider than the room beside the option's name goes on a line under the name."""
    from scorekeeper.app.new_game.view import NewGameScreen
    from scorekeeper.rules import VARIANT_IDS
    from tests.app.test_history_view import shell_at

    shell = shell_at(tmp_path, route="/new")
    for lang in ("ru", "en"):
        shell.settings.lang = lang
        for variant_id in VARIANT_IDS:
            screen = NewGameScreen(shell)
            screen.form.pick_variant(variant_id)
            screen.options_open = True
            shell.show(lambda screen=screen: screen)  # type: ignore[misc]
            for name, row in identifiers(shell.page.controls[0]).items():
                if not name.startswith("option-") or name.endswith("-value"):
                    continue
                drop = next((c for c in walk(row) if isinstance(c, ft.Dropdown)), None)
                if drop is None:
                    continue
                longest = max(len(o.text or "") for o in drop.options or [])
                assert drop.width is not None and drop.width >= min(64 + 8.5 * longest, 300), (lang, name)
                assert drop.width <= 300  # 390 px less the screen's margins
                column = next(c for c in walk(row) if isinstance(c, ft.Column))
                beside = isinstance(column.controls[0], ft.Row)  # the name and the choice on one line
                assert beside == (drop.width <= 190), (lang, name, drop.width)
