"""Share and keep buttons shown on several screens: the sheet as a PNG, the CSV, backup and restore.

Files go to the browser as downloads (FilePicker.save_file with the bytes: in a browser it saves
them where downloads go, from where a phone shares them to a chat). A restore picks the file inside
the tap (a PickFiles action: a browser opens its file chooser only then), with its bytes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

import flet as ft

from scorekeeper.app import theme, unfinished
from scorekeeper.app.share.model import OutFile, backup, games_csv, restore, sheet_file
from scorekeeper.app.shell import Shell, named_icon, tagged
from scorekeeper.app.widgets.frame import action_button
from scorekeeper.service import GameService
from scorekeeper.store import StoreError


class _Files:
    """One file picker per tab: it saves the files offered, and reads the backup to restore."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.picker = ft.FilePicker(on_result=self._picked)

    def offer(self, make: Callable[[], OutFile], done_key: str) -> None:
        """Make the file away from the page's loop (a picture takes a moment), then hand it over."""
        s = self.shell

        async def run() -> None:
            try:
                out = await asyncio.to_thread(make)
                if out.games == 0:
                    s.explain(s.t("share"), s.t("share_no_games"))
                    return
                await self.picker.save_file(file_name=out.name, src_bytes=out.data)
            except (StoreError, OSError, ValueError, RuntimeError) as error:
                s.explain(s.t("share"), s.t("share_failed", why=str(error)))
                return
            s.page.show_dialog(ft.SnackBar(content=tagged(
                ft.Text(s.t(done_key, name=out.name, n=out.games), size=16), "share-done"), duration=5000))

        s.page.run_task(run)

    def pick_action(self) -> ft.PickFiles:
        return ft.PickFiles(file_picker=self.picker, file_type=ft.FilePickerFileType.CUSTOM,
                            allowed_extensions=["json"], with_data=True)

    async def _picked(self, e: Any) -> None:
        s = self.shell
        files = getattr(e, "files", None) or []
        if not files:
            return  # the chooser was closed: nothing asked
        chosen = files[0]
        result = await asyncio.to_thread(restore, s.store, chosen.bytes, chosen.name, s.lang)
        for game_id in result.updated:  # a sheet open on some phone shows the actions brought in
            service = GameService.opened(s.store, game_id)
            if service is not None:
                service.catch_up()
        if result.imported or result.updated:
            unfinished.changed(s.store)  # Home lists the unfinished games brought back
        s.explain(s.t("restore"), result.message)


_files: WeakKeyDictionary[Shell, _Files] = WeakKeyDictionary()


def _of(shell: Shell) -> _Files:
    files = _files.get(shell)
    if files is None:
        files = _files[shell] = _Files(shell)
    return files


def share_button(shell: Shell, game_id: int, *, wide: bool = False) -> ft.Control:
    """«Поделиться»: the sheet of game `game_id` as a PNG download (identifier `share`); `wide`: a
    labelled button across the screen (History), else an icon beside «Ещё партию»."""
    t = shell.t

    def share(_: Any) -> None:
        _of(shell).offer(lambda: sheet_file(shell.store, game_id, shell.lang), "share_ready")

    button = action_button(ft.Icons.SHARE, t("share_sheet"), t("share"), share, wide=wide)
    return tagged(button, "share", t("share"))


def csv_button(shell: Shell, player: str | None, variant: str | None) -> ft.Control:
    """The CSV of the games History shows with its filter (identifier `history-csv`)."""
    t = shell.t

    def save(_: Any) -> None:
        _of(shell).offer(lambda: games_csv(shell.store, player, variant), "share_csv_ready")

    return tagged(ft.IconButton(icon=named_icon(ft.Icons.TABLE_VIEW, t("share_csv_hint")), tooltip=t("share_csv_hint"),
                                on_click=save, width=theme.TAP, height=theme.TAP), "history-csv", t("share_csv"))


def keep_section(shell: Shell) -> ft.Control:
    """Settings' backup: save every game as one file (`backup`), restore from one (`restore`)."""
    t = shell.t
    files = _of(shell)
    save = ft.FilledTonalButton(
        content=ft.Row([ft.Icon(ft.Icons.DOWNLOAD, size=20), ft.Text(t("backup"), size=17)], spacing=8),
        on_click=lambda _: files.offer(lambda: backup(shell.store), "backup_ready"), height=theme.TAP, expand=True)
    load = ft.OutlinedButton(
        content=ft.Row([ft.Icon(ft.Icons.UPLOAD_FILE, size=20), ft.Text(t("restore"), size=17)], spacing=8),
        action=files.pick_action(), height=theme.TAP, expand=True)
    return ft.Column(
        [
            ft.Text(t("keep_title"), size=18, weight=ft.FontWeight.W_600),
            ft.Text(t("keep_hint"), size=15, color=theme.MUTED),
            ft.Row([ft.MergeSemantics(content=tagged(save, "backup"), expand=True)]),
            ft.Row([ft.MergeSemantics(content=tagged(load, "restore"), expand=True)]),
        ],
        spacing=10,
    )
