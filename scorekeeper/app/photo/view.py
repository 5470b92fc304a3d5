"""The photo flow: pick a photo, see what was read on it, fix any die, then "Use" records the throw.

`photo_button` is the button beside the dice: it opens the file chooser (the camera on a phone)
inside the tap itself (ft.PickFiles), which is the only way iOS Safari lets a page open it.
`open_photo_flow` does the same from code. Both end in `PhotoDialog`; nothing is recorded before
the player presses "Use".
"""

from __future__ import annotations

import asyncio
import logging
import os
import uuid
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.photo.model import (
    MAX_PHOTO_BYTES,
    UPLOAD_MAX_BYTES,
    PhotoReading,
    analyse,
    error_message,
    fit,
    shown_box,
    size_message,
)
from scorekeeper.app.shell import Shell, tagged
from scorekeeper.app.widgets.die import die_face

log = logging.getLogger(__name__)

OnUse = Callable[[list[int]], None]

SHOWN_W = 340.0  # the photo's room in the dialog on a 390 px phone
SHOWN_H = 360.0
BOX_OK = "#00E676"  # boxes are drawn on the photo itself: fixed bright colours read on any table
BOX_DOUBT = "#FF9100"
BOX_SELECTED = "#FFEB3B"


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


class _Launcher:
    """One file picker per tab; the latest photo button says where its result goes."""

    def __init__(self, shell: Shell) -> None:
        self.shell = shell
        self.needed = 5
        self.on_use: OnUse | None = None
        self.current: PhotoDialog | None = None  # the dialog on screen, replaced by another photo
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
            await show_photo(self.shell, e.files[0], self.needed, self.on_use)

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


_launchers: weakref.WeakKeyDictionary[Shell, _Launcher] = weakref.WeakKeyDictionary()


def _launcher(shell: Shell) -> _Launcher:
    launcher = _launchers.get(shell)
    if launcher is None:
        launcher = _Launcher(shell)
        _launchers[shell] = launcher
    return launcher


def photo_button(shell: Shell, dice_needed: int, on_use: OnUse, *, enabled: bool = True) -> ft.Control:
    """The Photo button placed beside the dice (identifier `photo`)."""
    launcher = _launcher(shell)
    launcher.needed = dice_needed
    launcher.on_use = on_use
    button = ft.IconButton(
        icon=ft.Icons.PHOTO_CAMERA,
        icon_size=26,
        icon_color=ft.Colors.PRIMARY,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        tooltip=shell.t("photo"),
        width=48,
        height=48,
        disabled=not enabled,
        action=launcher.action() if enabled else None,
    )
    return tagged(button, "photo", shell.t("photo"), button=True)


def open_photo_flow(shell: Shell, dice_needed: int, on_use: OnUse) -> None:
    """Pick a photo from code (desktop browsers allow it) and run the flow."""

    async def run() -> None:
        files = await _launcher(shell).picker.pick_files(
            file_type=ft.FilePickerFileType.IMAGE, with_data=upload_dir() is None, cancel_upload_on_window_blur=False
        )
        if files:
            await show_photo(shell, files[0], dice_needed, on_use)

    shell.page.run_task(run)


async def show_photo(shell: Shell, picked: Any, dice_needed: int, on_use: OnUse) -> None:
    """Check the picked file, show the dialog, read the dice in a worker thread, show them."""
    dialog = PhotoDialog(shell, dice_needed, on_use)
    dialog.open()
    import vision

    size = int(getattr(picked, "size", 0) or 0)
    data: bytes | None = getattr(picked, "bytes", None)
    limit = photo_limit()
    refusal = size_message(max(size, len(data or b"")), limit)
    if refusal is not None:
        dialog.fail(refusal.in_(shell.lang))
        return
    if not data and upload_dir() is not None and getattr(picked, "id", None) is not None:
        try:
            data = await _launcher(shell).fetch(picked)
        except vision.ImageError as error:
            dialog.fail(error_message(str(error)).in_(shell.lang))
            return
        except Exception as error:  # an upload that cannot even start: say so, keep the app
            log.exception("photo: the upload failed")
            dialog.fail(error_message(f"the upload failed: {type(error).__name__}").in_(shell.lang))
            return
    if not data:
        dialog.fail(size_message(0).in_(shell.lang))  # type: ignore[union-attr]
        return
    try:
        reading, preview = await asyncio.to_thread(analyse, data, dice_needed, limit)
    except vision.ImageError as error:
        dialog.fail(error_message(str(error)).in_(shell.lang))
        return
    except Exception as error:  # the reader must never take the app down
        log.exception("photo: reading the dice failed")
        dialog.fail(error_message(type(error).__name__).in_(shell.lang))
        return
    dialog.show(reading, preview)


class PhotoDialog:
    """The photo with a box and value on each die, the fixes, and "Use"."""

    def __init__(self, shell: Shell, needed: int, on_use: OnUse) -> None:
        self.shell = shell
        self.needed = needed
        self.on_use = on_use
        self.reading: PhotoReading | None = None
        self.preview: bytes | None = None
        self.error: str | None = None
        self.showing = False
        self.body = ft.Container(width=SHOWN_W)
        self.use_button = ft.FilledButton(
            content=ft.Text(shell.t("photo_use"), size=17), on_click=self._use, height=theme.TAP, disabled=True
        )
        self.dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(shell.t("photo"), size=19, weight=ft.FontWeight.W_600),
            content=self.body,
            inset_padding=ft.Padding.symmetric(horizontal=8, vertical=12),
            content_padding=ft.Padding.only(left=12, right=12, top=8),
            title_padding=ft.Padding.only(left=16, right=16, top=14),
            actions_padding=ft.Padding.only(left=12, right=12, bottom=12, top=4),
            actions=[
                tagged(ft.TextButton(content=shell.t("cancel"), on_click=self._cancel, height=theme.TAP),
                       "photo-cancel"),
                tagged(self.use_button, "photo-use"),
            ],
        )

    # --- life ------------------------------------------------------------------------------------
    def open(self) -> None:
        launcher = _launcher(self.shell)
        if launcher.current is not None:
            launcher.current.close()
        launcher.current = self
        self.showing = True
        self.body.content = self._waiting()
        self.shell.page.show_dialog(self.dialog)

    def close(self) -> None:
        if self.showing:
            self.showing = False
            self.shell.page.pop_dialog()
        launcher = _launcher(self.shell)
        if launcher.current is self:
            launcher.current = None

    def fail(self, message: str) -> None:
        self.error = message
        self._redraw()

    def show(self, reading: PhotoReading, preview: bytes) -> None:
        self.reading = reading
        self.preview = preview
        self._redraw()

    def _redraw(self) -> None:
        self.body.content = self._content()
        self.use_button.disabled = self.reading is None or not self.reading.ready()
        try:
            self.dialog.update()
        except Exception:  # closed meanwhile
            pass

    # --- events ----------------------------------------------------------------------------------
    def _cancel(self, _: Any) -> None:
        self.close()

    def _use(self, _: Any) -> None:
        values = self.reading.use() if self.reading is not None else None
        if values is None:
            return
        self.close()
        self.on_use(values)

    def _tap(self, index: int) -> None:
        if self.reading is not None:
            self.reading.tap(index)
            self._redraw()

    def _set(self, value: int) -> None:
        if self.reading is not None:
            self.reading.set_value(value)
            self._redraw()

    def _remove(self, _: Any) -> None:
        if self.reading is not None:
            self.reading.remove()
            self._redraw()

    def _keep_best(self, _: Any) -> None:
        if self.reading is not None:
            self.reading.keep_best()
            self._redraw()

    def _add(self, _: Any) -> None:
        if self.reading is not None:
            self.reading.add()
            self._redraw()

    # --- drawing ---------------------------------------------------------------------------------
    def _message(self, text: str, tone: str | None = None) -> ft.Control:
        return tagged(ft.Text(text, size=16, color=tone, weight=ft.FontWeight.W_500), "photo-message")

    def _waiting(self) -> ft.Control:
        return ft.Column(
            [ft.Row([ft.ProgressRing(width=28, height=28), self._message(self.shell.t("photo_reading"))],
                    spacing=12, wrap=True)],
            tight=True,
        )

    def _content(self) -> ft.Control:
        t = self.shell.t
        retake = tagged(
            ft.OutlinedButton(
                content=ft.Row([ft.Icon(ft.Icons.PHOTO_CAMERA, size=18), ft.Text(t("photo_retake"))], spacing=6,
                               tight=True),
                height=44,
                action=_launcher(self.shell).action(),
            ),
            "photo-retake",
        )
        _launcher(self.shell).needed = self.needed
        _launcher(self.shell).on_use = self.on_use
        if self.error is not None or self.reading is None:
            return ft.Column([self._message(self.error or "", ft.Colors.ERROR), retake], spacing=12, tight=True)
        reading = self.reading
        tone = None if reading.ready() and not reading.uncertain() else ft.Colors.ERROR if not reading.ready() else None
        parts: list[ft.Control] = [self._message(reading.message().in_(self.shell.lang), tone)]
        if self.preview is not None:
            parts.append(self._photo(reading, self.preview))
        parts.append(self._strip(reading))
        if reading.selected is not None:
            parts.append(self._pad())
        fixes: list[ft.Control] = []
        if len(reading.dice) > reading.needed:
            fixes.append(tagged(ft.FilledTonalButton(content=t("photo_keep_best", n=reading.needed),
                                                     on_click=self._keep_best, height=44), "photo-keep-best"))
        parts.append(
            ft.Row(
                [
                    *fixes,
                    tagged(ft.OutlinedButton(content=t("photo_add"), on_click=self._add, height=44), "photo-add"),
                    retake,
                ],
                spacing=8,
                wrap=True,
            )
        )
        return ft.Column(parts, spacing=10, tight=True, scroll=ft.ScrollMode.AUTO)

    def _photo(self, reading: PhotoReading, preview: bytes) -> ft.Control:
        width, height = fit(reading.size, SHOWN_W, SHOWN_H)
        layers: list[ft.Control] = [ft.Image(src=preview, width=width, height=height, fit=ft.BoxFit.FILL)]
        for index, die in enumerate(reading.dice):
            if die.box is None:
                continue
            left, top, w, h = shown_box(die.box, reading.size, (width, height))
            colour = BOX_SELECTED if reading.selected == index else BOX_DOUBT if die.doubtful else BOX_OK
            badge = ft.Container(
                content=ft.Text(str(die.value), size=15, weight=ft.FontWeight.BOLD, color="#000000"),
                bgcolor=colour,
                padding=ft.Padding.symmetric(horizontal=5, vertical=0),
                border_radius=4,
                left=0,
                top=0,
            )
            side_w, side_h = max(w, 18), max(h, 18)
            frame = ft.Container(
                width=side_w,
                height=side_h,
                border=ft.Border.all(4 if reading.selected == index else 2.5, colour),
                border_radius=4,
                on_click=lambda _, i=index: self._tap(i),
                content=ft.Stack([badge], width=side_w, height=side_h),
            )
            label = self.shell.t("photo_box", n=index + 1, v=die.value)
            # Only a direct child of the Stack may be positioned: the tagged frame goes inside one.
            layers.append(ft.Container(content=tagged(frame, f"photo-box-{index + 1}", label, button=True),
                                       left=left, top=top, width=side_w, height=side_h))
        return ft.Container(
            content=ft.Stack(layers, width=width, height=height),
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
        )

    def _strip(self, reading: PhotoReading) -> ft.Control:
        size = 46.0 if len(reading.dice) <= 6 else 38.0
        faces: list[ft.Control] = []
        for index, die in enumerate(reading.dice):
            face = die_face(die.value, size, selected=reading.selected == index)
            if die.doubtful:
                face.border = ft.Border.all(3, BOX_DOUBT)
            face.on_click = lambda _, i=index: self._tap(i)
            label = self.shell.t("die_n", n=index + 1, v=die.value)
            faces.append(tagged(face, f"photo-die-{index + 1}", label, button=True))
        return ft.Column(
            [
                ft.Row(faces, spacing=6, wrap=True, run_spacing=6),
                ft.Text(self.shell.t("photo_hint"), size=13, color=theme.MUTED, visible=bool(faces)),
            ],
            spacing=4,
            visible=bool(faces),
        )

    def _pad(self) -> ft.Control:
        t = self.shell.t
        buttons: list[ft.Control] = []
        for value in range(1, 7):
            button = ft.Container(
                content=die_face(value, 30),
                width=44,
                height=44,
                alignment=ft.Alignment.CENTER,
                border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                on_click=lambda _, v=value: self._set(v),
                ink=True,
            )
            buttons.append(tagged(button, f"photo-face-{value}", t("photo_set", v=value), button=True))
        remove = tagged(
            ft.IconButton(icon=ft.Icons.DELETE_OUTLINE, on_click=self._remove, tooltip=t("photo_remove"),
                          width=44, height=44, icon_color=ft.Colors.ERROR),
            "photo-remove",
            t("photo_remove"),
        )
        return ft.Row([*buttons, remove], spacing=4, wrap=True, run_spacing=4)


__all__ = ["MAX_PHOTO_BYTES", "PhotoDialog", "open_photo_flow", "photo_button", "show_photo"]
