"""The photo flow: pick a photo, see what was read on it, fix any die, then "Use" records the throw.

`photo_button` is the button beside the dice: it opens the file chooser (the camera on a phone)
inside the tap itself (ft.PickFiles), which is the only way iOS Safari lets a page open it.
`open_photo_flow` does the same from code. Both end in `PhotoDialog`; nothing is recorded before
the player presses "Use".
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import Any

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.photo.model import (
    GAP,
    MAX_PHOTO_BYTES,
    DialogLayout,
    PhotoReading,
    analyse,
    dialog_layout,
    error_message,
    fit,
    label_font,
    label_size,
    label_spots,
    shown_box,
    size_message,
    tap_areas,
)
from scorekeeper.app.photo.upload import Launcher, OnUse, photo_limit, upload_dir
from scorekeeper.app.shell import Shell, named_icon, tagged
from scorekeeper.app.widgets.die import die_face

log = logging.getLogger(__name__)


STRIP_KEY = "photo-strip"  # the dice under the message, scrolled to when a die is picked sideways
MESSAGE_W = 420.0  # the dialog's width while it only says something (reading, or why not)
BOX_OK = "#00E676"  # boxes are drawn on the photo itself: fixed bright colours read on any table
BOX_DOUBT = "#FF9100"
BOX_SELECTED = "#FFEB3B"


_launchers: weakref.WeakKeyDictionary[Shell, Launcher] = weakref.WeakKeyDictionary()


def _launcher(shell: Shell) -> Launcher:
    launcher = _launchers.get(shell)
    if launcher is None:
        launcher = Launcher(shell, show_photo)
        _launchers[shell] = launcher
    return launcher


def photo_button(shell: Shell, dice_needed: int, on_use: OnUse, *, enabled: bool = True,
                 kept: list[int] | None = None) -> ft.Control:
    """The Photo button placed beside the dice (identifier `photo`); `kept`: the dice kept through
    the throw before, which join a photo of the others."""
    launcher = _launcher(shell)
    launcher.needed = dice_needed
    launcher.on_use = on_use
    launcher.kept = list(kept or [])
    button = ft.IconButton(
        icon=named_icon(ft.Icons.PHOTO_CAMERA, shell.t("photo"), size=26, color=ft.Colors.PRIMARY),
        icon_size=26,
        icon_color=ft.Colors.PRIMARY,
        bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
        tooltip=shell.t("photo"),
        width=48,
        height=48,
        disabled=not enabled,
        action=launcher.action() if enabled else None,
    )
    return tagged(button, "photo")


def open_photo_flow(shell: Shell, dice_needed: int, on_use: OnUse, kept: list[int] | None = None) -> None:
    """Pick a photo from code (desktop browsers allow it) and run the flow."""

    async def run() -> None:
        files = await _launcher(shell).picker.pick_files(
            file_type=ft.FilePickerFileType.IMAGE, with_data=upload_dir() is None, cancel_upload_on_window_blur=False
        )
        if files:
            await show_photo(shell, files[0], dice_needed, on_use, kept)

    shell.page.run_task(run)


async def show_photo(shell: Shell, picked: Any, dice_needed: int, on_use: OnUse,
                     kept: list[int] | None = None) -> None:
    """Check the picked file, show the dialog, read the dice in a worker thread, show them."""
    dialog = PhotoDialog(shell, dice_needed, on_use, kept)
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
        reading, preview = await asyncio.to_thread(analyse, data, dice_needed, limit, dialog.kept)
    except vision.ImageError as error:
        dialog.fail(error_message(str(error)).in_(shell.lang))
        return
    except Exception as error:  # the reader must never take the app down
        log.exception("photo: reading the dice failed")
        dialog.fail(error_message(type(error).__name__).in_(shell.lang))
        return
    dialog.show(reading, preview)


class PhotoDialog:
    """The photo with an outline round each die and its value beside it, the dice in the photo's
    order, the fixes, and "Use" (with why it is off, when it is)."""

    def __init__(self, shell: Shell, needed: int, on_use: OnUse, kept: list[int] | None = None) -> None:
        self.shell = shell
        self.needed = needed
        self.on_use = on_use
        self.kept = list(kept or [])
        self.reading: PhotoReading | None = None
        self.preview: bytes | None = None
        self.error: str | None = None
        self.showing = False
        self.used = False  # "Use" taken: the throw is on its way
        self.layout = self._layout()
        self.body = ft.Container(width=min(self.layout.width(self.layout.photo[0]), MESSAGE_W))
        self.scroller: ft.Column | None = None  # the reading's view: kept while it is fixed, new for each photo
        self.use_button = ft.FilledButton(
            content=ft.Text(shell.t("photo_use"), size=17), on_click=self._use, height=theme.TAP, disabled=True
        )
        self.use_why = ft.Text(shell.t("photo_use_wait"), size=13, color=theme.MUTED, text_align=ft.TextAlign.END)
        self.dialog = ft.AlertDialog(
            modal=True,
            title=ft.Text(shell.t("photo"), size=19, weight=ft.FontWeight.W_600),
            content=self.body,
            inset_padding=ft.Padding.symmetric(horizontal=8, vertical=12),
            content_padding=ft.Padding.only(left=12, right=12, top=8),
            title_padding=ft.Padding.only(left=16, right=16, top=14),
            actions_padding=ft.Padding.only(left=12, right=12, bottom=12, top=4),
            actions=[
                ft.Row(
                    [
                        ft.Container(content=tagged(self.use_why, "photo-use-why"), expand=True),
                        tagged(ft.TextButton(content=shell.t("cancel"), on_click=self._cancel, height=theme.TAP),
                               "photo-cancel"),
                        tagged(self.use_button, "photo-use"),
                    ],
                    spacing=4,
                    vertical_alignment=ft.CrossAxisAlignment.CENTER,
                ),
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
        self.scroller = None
        self._redraw()

    def show(self, reading: PhotoReading, preview: bytes) -> None:
        """Show a new reading, from the top of the dialog."""
        self.reading = reading
        self.preview = preview
        self.scroller = None
        self._redraw()

    def _layout(self) -> DialogLayout:
        """The room on this screen now (a phone turned meanwhile gets the other layout)."""
        width = float(getattr(self.shell, "width", theme.PHONE_W))
        height = float(getattr(self.shell, "height", theme.PHONE_H))
        return dialog_layout(width, height, bool(getattr(self.shell, "sideways", False)))

    def _redraw(self) -> None:
        self.layout = self._layout()
        self.body.content = self._content()
        # Upright the whole dialog scrolls (no taller than its content, the actions stay in
        # sight); sideways the photo stays put and the column beside it scrolls.
        self.dialog.scrollable = self.layout.side is None
        self.use_button.disabled = self.reading is None or not self.reading.ready()
        self.use_why.value = self._use_why()
        try:
            self.dialog.update()
        except Exception:  # closed meanwhile
            pass

    # --- events ----------------------------------------------------------------------------------
    def _cancel(self, _: Any) -> None:
        self.close()

    def _use(self, _: Any) -> None:
        values = self.reading.use() if self.reading is not None else None
        if values is None or self.used:  # a second tap before the dialog closed: one throw
            return
        self.used = True
        self.close()
        self.on_use(values)

    def _tap(self, index: int) -> None:
        if self.reading is not None:
            before = self.reading.selected
            self.reading.tap(index)
            self._redraw()
            if self.reading.selected is not None and self.reading.selected != before:
                self._reveal_pad()

    def _reveal_pad(self) -> None:
        """Sideways the column beside the photo is low: bring the dice and the pad just shown into
        sight (the photo beside them still shows which die is picked)."""
        column = self.scroller
        if self.layout.side is None or column is None or column.scroll is None:
            return

        async def reveal() -> None:
            try:
                await column.scroll_to(scroll_key=STRIP_KEY, duration=200)
            except Exception:  # the dialog closed meanwhile: nothing to show
                pass

        try:
            self.shell.page.run_task(reveal)
        except Exception:  # no page to run it on (built without one): nothing to scroll
            pass

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
            self._reveal_pad()  # the die added is picked: its value comes from the pad

    # --- drawing ---------------------------------------------------------------------------------
    def _use_why(self) -> str:
        """Why "Use" is off, beside it (empty when it is on)."""
        t = self.shell.t
        if self.reading is not None and self.error is None:
            return "" if self.reading.ready() else t("photo_use_count", needed=self.needed, n=len(self.reading.dice))
        return t("photo_use_none") if self.error is not None else t("photo_use_wait")

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
                height=theme.TAP_MIN,
                action=_launcher(self.shell).action(),
            ),
            "photo-retake",
        )
        _launcher(self.shell).needed = self.needed
        _launcher(self.shell).on_use = self.on_use
        _launcher(self.shell).kept = self.kept
        if self.error is not None or self.reading is None:
            self.body.width = min(self.layout.width(self.layout.photo[0]), MESSAGE_W)
            return ft.Column([self._message(self.error or "", ft.Colors.ERROR), retake], spacing=12, tight=True)
        reading = self.reading
        tone = None if reading.ready() and not reading.uncertain() else ft.Colors.ERROR if not reading.ready() else None
        parts: list[ft.Control] = [self._message(reading.message().in_(self.shell.lang), tone)]
        add = tagged(ft.OutlinedButton(content=t("photo_add"), on_click=self._add, height=theme.TAP_MIN), "photo-add")
        # The fix the message asks for comes right under it, where it shows as the dialog opens.
        if len(reading.dice) > reading.needed:
            parts.append(tagged(ft.FilledTonalButton(content=t("photo_keep_best", n=reading.needed),
                                                     on_click=self._keep_best, height=theme.TAP_MIN),
                                "photo-keep-best"))
        elif len(reading.dice) < reading.needed:
            parts.append(add)
        photo = self._photo(reading, self.preview) if self.preview is not None else None
        shown = fit(reading.size, *self.layout.photo)[0] if photo is not None else 0.0
        fixes = [self._strip(reading)]
        if reading.selected is not None:
            fixes.append(self._pad())
        fixes.append(ft.Row([add, retake] if len(reading.dice) >= reading.needed else [retake], spacing=8, wrap=True))
        side = self.layout.side
        scroll = None if side is None else ft.ScrollMode.AUTO  # upright, the dialog itself scrolls
        if self.scroller is None or self.scroller.scroll != scroll:
            self.scroller = ft.Column(spacing=10, tight=side is None, scroll=scroll)
        if side is None:
            self.body.width = self.layout.photo[0]
            self.scroller.controls = [*parts, *([photo] if photo is not None else []), *fixes]
            return self.scroller
        # Sideways: the photo on the left, in sight all along; the message and fixes beside it.
        self.body.width = self.layout.width(shown) if photo is not None else min(side, MESSAGE_W)
        self.scroller.controls = [*parts, *fixes]
        column = ft.Container(content=self.scroller, width=side, height=self.layout.height)
        if photo is None:
            return column
        return ft.Row([photo, column], spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.START)

    def _photo(self, reading: PhotoReading, preview: bytes) -> ft.Control:
        """The photo with a thin outline round each die and its value written beside it."""
        width, height = fit(reading.size, *self.layout.photo)
        on_photo = [(index, die) for index, die in enumerate(reading.dice) if die.box is not None]
        boxes = [shown_box(die.box, reading.size, (width, height)) for _, die in on_photo]  # type: ignore[arg-type]
        font = label_font(boxes)
        spots = label_spots(boxes, (width, height), label_size(font))
        areas = tap_areas(boxes, (width, height), theme.TAP_MIN)
        targets: list[ft.Control] = []
        labels: list[ft.Control] = []
        for (index, die), box, spot, area in zip(on_photo, boxes, spots, areas, strict=True):
            selected = reading.selected == index
            colour = BOX_SELECTED if selected else BOX_DOUBT if die.doubtful else BOX_OK
            left, top, w, h = box
            outline = ft.Container(
                width=w, height=h, left=left - area[0], top=top - area[1],
                border=ft.Border.all(2.5 if selected else 1.5, colour), border_radius=3,
            )
            target = ft.Container(
                width=area[2], height=area[3],
                on_click=lambda _, i=index: self._tap(i),
                content=ft.Stack([outline], width=area[2], height=area[3]),
            )
            label = self.shell.t("photo_box", n=index + 1, v=die.value)
            # Only a direct child of the Stack may be positioned: the tagged target goes inside one.
            targets.append(ft.Container(content=tagged(target, f"photo-box-{index + 1}", label, button=True),
                                        left=area[0], top=area[1], width=area[2], height=area[3]))
            # The value beside the die: a finger's tap on it selects the die too, but to a screen
            # reader it is no button of its own (it was a nameless 14 × 17 px one): the die's named
            # target above, at least TAP_MIN where the dice leave room, says the value.
            labels.append(ft.Container(
                content=ft.Semantics(
                    content=ft.Container(
                        content=ft.Text(str(die.value), size=font, weight=ft.FontWeight.BOLD, color="#000000"),
                        alignment=ft.Alignment.CENTER,
                        bgcolor=colour,
                        border_radius=3,
                        on_click=lambda _, i=index: self._tap(i),
                    ),
                    exclude_semantics=True,
                ),
                left=spot[0], top=spot[1], width=spot[2], height=spot[3],
            ))
        image = ft.Image(src=preview, width=width, height=height, fit=ft.BoxFit.FILL)
        return ft.Container(
            content=ft.Stack([image, *targets, *labels], width=width, height=height),
            alignment=ft.Alignment.CENTER,
            border_radius=8,
            clip_behavior=ft.ClipBehavior.HARD_EDGE,
        )

    def _strip(self, reading: PhotoReading) -> ft.Control:
        """The dice as faces, in their order on the photo, each a full-size tap target."""
        size = 46.0 if len(reading.dice) <= 6 else 40.0
        faces: list[ft.Control] = []
        for index, die in enumerate(reading.dice):
            face = die_face(die.value, size, selected=reading.selected == index)
            if die.doubtful:
                face.border = ft.Border.all(3, BOX_DOUBT)
            target = ft.Container(content=face, width=theme.TAP_MIN, height=theme.TAP_MIN,
                                  alignment=ft.Alignment.CENTER, on_click=lambda _, i=index: self._tap(i))
            label = self.shell.t("die_n", n=index + 1, v=die.value)
            faces.append(tagged(target, f"photo-die-{index + 1}", label, button=True))
        return ft.Column(
            [
                ft.Row(faces, spacing=2, wrap=True, run_spacing=2),
                ft.Text(self.shell.t("photo_hint"), size=13, color=theme.MUTED, visible=bool(faces)),
            ],
            spacing=4,
            visible=bool(faces),
            key=ft.ScrollKey(STRIP_KEY),  # type: ignore[call-arg]
        )

    def _pad(self) -> ft.Control:
        t = self.shell.t
        buttons: list[ft.Control] = []
        for value in range(1, 7):
            button = ft.Container(
                content=die_face(value, 32),
                width=theme.TAP_MIN,
                height=theme.TAP_MIN,
                alignment=ft.Alignment.CENTER,
                border_radius=8,
                bgcolor=ft.Colors.SURFACE_CONTAINER_HIGHEST,
                on_click=lambda _, v=value: self._set(v),
                ink=True,
            )
            buttons.append(tagged(button, f"photo-face-{value}", t("photo_set", v=value), button=True))
        remove = tagged(
            ft.OutlinedButton(
                content=ft.Row([ft.Icon(ft.Icons.DELETE_OUTLINE, size=20, color=ft.Colors.ERROR),
                                 ft.Text(t("photo_remove"), color=ft.Colors.ERROR)], spacing=6, tight=True),
                on_click=self._remove,
                height=theme.TAP_MIN,
            ),
            "photo-remove",
        )
        return ft.Row([*buttons, remove], spacing=4, wrap=True, run_spacing=6)


__all__ = ["MAX_PHOTO_BYTES", "PhotoDialog", "open_photo_flow", "photo_button", "show_photo"]
