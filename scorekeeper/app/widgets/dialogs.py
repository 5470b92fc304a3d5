"""Questions more than one screen asks."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scorekeeper.app import unfinished

if TYPE_CHECKING:
    from scorekeeper.app.shell import Shell


def confirm_abandon(shell: Shell, game_id: int, then: Callable[[], None]) -> None:
    """Ask, then mark the unfinished game abandoned (History keeps it, resumable) and go on with `then`."""
    t = shell.t

    def abandon() -> None:
        shell.store.set_aside(game_id)
        unfinished.changed(shell.store)
        then()

    shell.explain(t("abandon_title"), t("abandon_reason"), [("confirm-abandon", t("abandon_do"), abandon)])
