"""The turn line on a phone: «0 из 3» stays on one line, and is read out as plain words."""

from __future__ import annotations

from scorekeeper.app.shell import Shell
from tests.app.conftest import open_sheet
from tests.app.controls import identifiers


def test_the_throw_count_never_breaks_and_reads_plainly(shell: Shell) -> None:
    open_sheet(shell, "ru_encyclopedia", ["Аня", "Борис", "Вера"])
    turn = identifiers(shell.page.controls[0])["turn"].content
    assert turn.value.endswith("бросок\u00a00\u00a0из\u00a03")  # no break inside «бросок 0 из 3»
    assert turn.semantics_label == "Ходит Аня · бросок 0 из 3"  # a screen reader (and a search) sees spaces
