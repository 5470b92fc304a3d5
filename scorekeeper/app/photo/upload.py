"""A photo's way to the server: one file picker per tab, and the upload folder where the server
takes photos by HTTP (checked by size before any byte moves) instead of over the websocket."""

from __future__ import annotations

import asyncio
import os
import uuid
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import flet as ft

from scorekeeper.app.photo.model import MAX_PHOTO_BYTES, UPLOAD_MAX_BYTES, size_message
from scorekeeper.app.shell import Shell

OnUse = Callable[[list[int]], None]
Show = Callable[[Shell, Any, int, OnUse, list[int]], Awaitable[None]]  # (shell, picked file, dice, on_use, kept)


def photo_limit() -> int:
    """The largest photo taken: by HTTP upload, or over the websocket."""
    return UPLOAD_MAX_BYTES if upload_dir() is not None else MAX_PHOTO_BYTES


def upload_dir() -> Path | None:
    """Where the server stores uploads, when it takes them (FLET_UPLOAD_DIR and FLET_SECRET_KEY).

    With it, a photo is checked by its size before any byte moves, then sent by HTTP. Without it
    the browser sends the photo's bytes over the app's websocket, whose messages are limited to
    16 MiB by the server: MAX_PHOTO_BYTES stays below that.
    """
    folder = os.environ.get("FLET_UPLOAD_DIR")
    if folder and os.environ.get("FLET_SECRET_KEY"):
        return Path(folder)
    return None


class Launcher:
    """One file picker per tab; the latest photo button says where its result goes."""

    def __init__(self, shell: Shell, show: Show) -> None:
        self.shell = shell
        self.show = show  # opens the dialog of a picked photo
        self.needed = 5
        self.kept: list[int] = []  # the dice kept through the throw before, for the next photo
        self.on_use: OnUse | None = None
        self.current: Any = None  # the dialog on screen, replaced by another photo
        self.uploaded: asyncio.Future[str | None] | None = None  # the upload under way: error or None
        self.picker = ft.FilePicker(on_result=self._picked, on_upload=self._upload_progress)

    def action(self) -> ft.PickFiles:
        return ft.PickFiles(
            file_picker=self.picker,
            file_type=ft.FilePickerFileType.IMAGE,
            with_data=upload_dir() is None,
            cancel_upload_on_window_blur=False,
        )

    async def _picked(self, e: ft.FilePickerResultEvent) -> None:
        if e.files and self.on_use is not None:
            await self.show(self.shell, e.files[0], self.needed, self.on_use, self.kept)

    def _upload_progress(self, e: ft.FilePickerUploadEvent) -> None:
        future = self.uploaded
        if future is None or future.done():
            return
        if e.error:
            future.set_result(str(e.error))
        elif e.progress is not None and e.progress >= 1.0:
            future.set_result(None)

    @staticmethod
    async def _arrived(progress: asyncio.Future[str | None], path: Path, picked: Any) -> str | None:
        """None once the whole file is in the upload folder (or an upload error).

        The browser's last progress event can come late or not at all; a file of the picked size
        on the server side is the same news.
        """
        expected = int(getattr(picked, "size", 0) or 0)
        while not progress.done():
            if expected and path.exists() and path.stat().st_size >= expected:
                return None
            await asyncio.wait({progress}, timeout=0.2)
        return progress.result()

    async def fetch(self, picked: Any, timeout: float = 120.0) -> bytes:
        """The picked file's bytes through the server's upload folder (removed once read)."""
        import vision

        folder = upload_dir()
        assert folder is not None
        name = f"photo-{uuid.uuid4().hex}"
        self.uploaded = asyncio.get_running_loop().create_future()
        url = self.shell.page.get_upload_url(name, 600)
        await self.picker.upload([ft.FilePickerUploadFile(upload_url=url, id=picked.id, name=picked.name)])
        path = folder / name
        try:
            error = await asyncio.wait_for(self._arrived(self.uploaded, path, picked), timeout)
            if error:
                raise vision.ImageError(f"the upload failed: {error}")
            size = path.stat().st_size
            refusal = size_message(size, photo_limit())
            if refusal is not None:
                raise vision.ImageError(f"file too large: {size / 2**20:.1f} MB")
            return await asyncio.to_thread(path.read_bytes)
        except (TimeoutError, OSError) as error:
            raise vision.ImageError(f"the upload failed: {type(error).__name__}") from None
        finally:
            self.uploaded = None
            path.unlink(missing_ok=True)
