"""One browser tab's frame: language, theme, which screen is shown, dialogs; screens plug into it."""

from __future__ import annotations

import importlib
import logging
import re
from collections.abc import Callable
from typing import Any, Protocol

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.config import AppConfig
from scorekeeper.app.redraw import patch_in_place
from scorekeeper.app.settings.model import HINT_OFF, HINT_ON, Settings
from scorekeeper.app.settings.storage import (
    KEY_HINT,
    KEY_JOIN,
    KEY_LANG,
    KEY_THEME,
    BrowserStorage,
    read_browser,
)
from scorekeeper.app.widgets.frame import header, named_icon, tagged
from scorekeeper.i18n import Lang
from scorekeeper.i18n.ui import tr
from scorekeeper.store import Store

log = logging.getLogger(__name__)

__all__ = ["SCREENS", "Screen", "Shell", "header", "named_icon", "tagged"]  # the frame, as screens import it


# Every screen by its address: (module, class). Screens reach each other through these addresses
# (Shell.go), never by importing one another; the shell imports a screen only when it is shown.
SCREENS: dict[str, tuple[str, str]] = {
    "/new": ("scorekeeper.app.new_game.view", "NewGameScreen"),
    "/history": ("scorekeeper.app.history.view", "HistoryScreen"),
    "/statistics": ("scorekeeper.app.statistics.view", "StatisticsScreen"),
    "/settings": ("scorekeeper.app.settings.view", "SettingsScreen"),
    "/invite": ("scorekeeper.app.invite.view", "InviteScreen"),
}
HOME = ("scorekeeper.app.home.view", "HomeScreen")
GAME = ("scorekeeper.app.sheet.view", "SheetScreen")  # /game/N
PAST_GAME = ("scorekeeper.app.history.view", "GameSheetScreen")  # /history/N
REVIEW = ("scorekeeper.app.review.view", "ReviewScreen")  # /review/N
JOIN = ("scorekeeper.app.invite.view", "JoinScreen")


def screen_class(entry: tuple[str, str]) -> Any:
    """The screen class of a (module, class) entry, imported now."""
    module, name = entry
    return getattr(importlib.import_module(module), name)


class Screen(Protocol):
    """A screen: builds its controls, and lets go of what it listens to when left."""

    def build(self) -> ft.Control: ...

    def dispose(self) -> None: ...


class Shell:
    """The frame of one session: shows screens, keeps settings, opens dialogs."""

    def __init__(self, page: ft.Page, config: AppConfig, store: Store) -> None:
        self.page = page
        self.config = config
        self.store = store
        # The server's settings until the browser has said what it chose (load_browser_settings).
        self.settings = Settings.load(config.settings_path)
        self.browser: BrowserStorage | None = None  # this browser's own storage, when it has one
        self.screen: Screen | None = None
        self.route = "/"  # the address of the shown screen, as the browser has it
        self.joined = False  # this device entered the join code (or came by the invitation's QR code)
        self.remembered_code: object = None  # the join code this browser entered before, if any
        self._rebuild_current: Callable[[], Screen] | None = None
        self._laid_out_for = self.width
        self._shape: tuple[float, bool] | None = None  # (width, sideways) as last decided
        self._root: ft.SafeArea | None = None  # what holds the screen shown, on the page

    # --- words and looks ---------------------------------------------------------------------
    @property
    def lang(self) -> Lang:
        """The current language."""
        return self.settings.lang

    def t(self, key: str, **values: object) -> str:
        """The catalogue's text for `key` in the current language."""
        return tr(key, self.lang, **values)

    async def load_browser_settings(self) -> None:
        """Before the first screen: this browser's own language and theme. What it stored, else
        its own language when Russian or English, else the server's; the server's settings alone
        where the page is no browser or its storage does not answer."""
        if not getattr(self.page, "web", False):
            return
        state = await read_browser(self.page)
        if state.storage is not None:
            self.browser = state.storage
            self.settings = self.settings.for_browser(state.lang, state.theme, state.languages, state.hint)
            if self.config.needs_code(self.page.client_ip):  # a phone that joined before, its tab closed since
                self.remembered_code = await state.storage.get(KEY_JOIN)

    def set_lang(self, lang: Lang) -> None:
        """Switch the language (saved) and redraw the screen."""
        self.settings.lang = lang
        self._remember(KEY_LANG, lang)
        self.page.title = self.t("app_title")
        self.redraw()

    def set_theme(self, choice: str) -> None:
        """Switch light / dark / system (saved)."""
        if choice in ("light", "dark", "system"):
            self.settings.theme = choice  # type: ignore[assignment]
            self._remember(KEY_THEME, choice)
            theme.apply(self.page, self.settings.theme)
            # The page's own properties go with the page: a screen redrawn in place sends only the
            # controls it changed, and the new theme waited until another screen was sent whole.
            self.page.update()
            self.redraw()

    def set_hint(self, on: bool) -> None:
        """Show the advisor's hint on the sheet, or not (saved for this phone)."""
        self.settings.hint = on
        self._remember(KEY_HINT, HINT_ON if on else HINT_OFF)
        self.redraw()

    def _remember(self, key: str, value: str) -> None:
        """Save a choice: in this browser, and a language also as the server's default (for a
        browser that has never chosen and speaks neither Russian nor English); in the server's
        file alone where the browser has no storage."""
        if self.browser is None:
            self.settings.save(self.config.settings_path)
            return
        if key == KEY_LANG:
            Settings.save_lang(self.config.settings_path, self.settings.lang)
        try:
            self.page.run_task(self._store_in_browser, self.browser, key, value)
        except Exception:
            log.warning("%s not stored in the browser", key, exc_info=True)
            self.settings.save(self.config.settings_path)

    async def _store_in_browser(self, browser: BrowserStorage, key: str, value: str) -> None:
        if not await browser.save(key, value):
            self.settings.save(self.config.settings_path)  # kept somewhere, if not for this browser alone

    @property
    def width(self) -> float:
        """The page's width in logical pixels (a phone's 390 until the browser has said)."""
        width = getattr(self.page, "width", None)
        return float(width) if isinstance(width, (int, float)) and width > 0 else theme.PHONE_W

    @property
    def height(self) -> float:
        """The page's height in logical pixels (a phone's 844 until the browser has said)."""
        height = getattr(self.page, "height", None)
        return float(height) if isinstance(height, (int, float)) and height > 0 else theme.PHONE_H

    @property
    def sideways(self) -> bool:
        """The screen is low and wide (a phone held sideways): the sheet's dice go beside it. Decided
        anew only when the width changes, so that an on-screen keyboard, which takes height alone,
        never switches the layout under the field being typed in."""
        width = self.width
        if self._shape is None or self._shape[0] != width:
            self._shape = (width, self.height < theme.SIDEWAYS_H and width >= theme.SIDEWAYS_W and width > self.height)
        return self._shape[1]

    def _resized(self, _: Any) -> None:
        """Lay the screen out again for a new width (not for a height change: an on-screen
        keyboard that opens must not rebuild the field being typed in)."""
        if abs(self.width - self._laid_out_for) >= 1:
            self._laid_out_for = self.width
            self.redraw()

    # --- screens -------------------------------------------------------------------------------
    def start(self) -> None:
        """Set up the page and show the first screen."""
        page = self.page
        page.title = self.t("app_title")
        page.padding = 0
        page.spacing = 0
        theme.apply(page, self.settings.theme)
        page.on_close = lambda _: self._closed()
        # A reload keeps this session: show what changed meanwhile (a game another phone started).
        page.on_connect = lambda _: self.redraw()
        page.on_resize = self._resized
        page.on_route_change = self._route_changed
        route = getattr(page, "route", None) or "/"
        if self.config.needs_code(page.client_ip):
            from scorekeeper.app.invite.model import code_in, code_matches

            carried = code_in(route)  # the invitation's QR code holds the code
            remembered = self.remembered_code if isinstance(self.remembered_code, str) else None
            self.joined = any(code is not None and code_matches(code, self.config.join_code)
                              for code in (carried, remembered))
            if carried is not None and self.joined:
                self.remember_join()
        if self.needs_code():
            join = screen_class(JOIN)
            self.show(lambda: join(self))
        else:
            self.route = route
            self.go(self.route)

    def remember_join(self) -> None:
        """Keep the table's code in this browser: the phone comes back (a closed tab, the game's
        address opened anew) without typing it again while this server runs."""
        if self.browser is None:
            return
        try:
            self.page.run_task(self.browser.save, KEY_JOIN, self.config.join_code)
        except Exception:
            log.warning("the join code not kept in the browser", exc_info=True)

    def needs_code(self) -> bool:
        """This device must enter the table's join code before anything else."""
        return self.config.needs_code(self.page.client_ip) and not self.joined

    # --- addresses: each screen has one, so a reload or Back keeps the place ------------------------
    def go(self, route: str, **options: Any) -> None:
        """Show the screen of `route`: '/game/N' a game's sheet, '/history/N' a game in History,
        '/review/N' its review,
        '/new', '/history', '/statistics', '/settings', '/invite' those screens; home for anything else
        (a game that does not exist included). `options` go to the screen (History's filter, where
        a game in History goes back to)."""
        path = (route or "/").split("?")[0].rstrip("/") or "/"
        match = re.fullmatch(r"/(game|history|review)/(\d+)", path)
        if match and self.store.game_exists(int(match.group(2))):
            if match.group(1) == "game":
                self.open_game(int(match.group(2)))
            else:
                past = screen_class(PAST_GAME if match.group(1) == "history" else REVIEW)
                self.show(lambda: past(self, int(match.group(2)), **options))
        elif path in SCREENS:
            screen = screen_class(SCREENS[path])
            self.show(lambda: screen(self, **options))
        else:
            self.home()

    def _route_changed(self, e: Any) -> None:
        """The browser's back/forward buttons (our own address changes are already shown)."""
        if e.route != self.route and not self.needs_code():
            leaving_game = self.route.startswith("/game/")
            self.route = e.route  # the browser is there already: nothing to push
            for _ in range(8):  # a dialog belongs to the screen that opened it (Back while it is open)
                if self.page.pop_dialog() is None:
                    break
            if leaving_game and e.route.split("?")[0].rstrip("/") == "/new":
                self.home()  # Back from a game started on the form: its game is under way, not to start again
                return
            self.go(e.route)

    @staticmethod
    def route_of(screen: Screen) -> str | None:
        """The address of a screen: its own `route`, else its entry in SCREENS (None: it has none)."""
        own = getattr(screen, "route", None)
        if isinstance(own, str):
            return own
        kind = (type(screen).__module__, type(screen).__name__)
        return next((route for route, entry in SCREENS.items() if entry == kind), None)

    def _set_route(self, route: str) -> None:
        """Put the shown screen's address in the browser (history entry included)."""
        if route == self.route:
            return
        self.route = route
        push = getattr(self.page, "push_route", None)
        if push is not None:
            try:
                self.page.run_task(push, route)
            except Exception:  # an address is a convenience: never fail a screen over it
                log.debug("route %s not pushed", route, exc_info=True)

    def _closed(self) -> None:
        """The tab is gone for good: stop listening to its game."""
        if self.screen is not None:
            self.screen.dispose()
            self.screen = None

    def show(self, make: Callable[[], Screen]) -> None:
        """Replace the shown screen by a new one."""
        if self.screen is not None:
            self.screen.dispose()
        self._rebuild_current = make
        self.screen = make()
        self._mount()
        route = self.route_of(self.screen)
        if route is not None:
            self._set_route(route)

    def redraw(self) -> None:
        """Build the current screen again (after an action, a language or theme change) and send
        what changed."""
        if self.screen is None:
            return
        self._mount(in_place=True)

    def _mount(self, in_place: bool = False) -> None:
        """Put the screen's controls on the page: built anew, and where the same screen is shown
        again (`in_place`), sent as what changed where it can be (app.redraw), else whole."""
        assert self.screen is not None
        content = self.screen.build()
        if not (in_place and self._patched(content)):
            self._root = ft.SafeArea(content=content, expand=True)
            self.page.controls.clear()
            self.page.controls.append(self._root)
            self.page.update()
        after = getattr(self.screen, "after_mount", None)
        if after is not None:
            after()  # what needs the controls on the screen (scroll positions)

    def _patched(self, content: ft.Control) -> bool:
        """`content` sent as what changed from the screen shown; False where it was not."""
        root = self._root
        if root is None or len(self.page.controls) != 1 or self.page.controls[0] is not root:
            return False
        try:
            return patch_in_place(self.page, root, content)
        except Exception:  # never lose a screen over it: it is sent whole
            log.warning("the screen could not be sent as its changes", exc_info=True)
            return False

    def home(self) -> None:
        """The home screen."""
        home = screen_class(HOME)
        self.show(lambda: home(self))
        self._set_route("/")

    def open_game(self, game_id: int) -> None:
        """The sheet of a saved game."""
        sheet = screen_class(GAME)
        self.show(lambda: sheet(self, game_id))
        self._set_route(f"/game/{game_id}")

    # --- dialogs -------------------------------------------------------------------------------
    def explaining(self, title: str, reason: str) -> Callable[[Any], None]:
        """A tap's handler that says `reason` in a dialog titled `title` (see explain)."""
        def say(_: Any) -> None:
            self.explain(title, reason)

        return say

    def explain(
        self,
        title: str,
        reason: str,
        actions: list[tuple[str, str, Callable[[], object]]] | None = None,
        dismiss: str | None = None,
    ) -> ft.AlertDialog:
        """A dialog saying why, with optional actions (identifier, label, what it does); `dismiss`
        names the button that closes it doing nothing, where «Отмена» would read as one of them."""

        def closer(run: Callable[[], object] | None) -> Callable[[Any], None]:
            def handler(_: Any) -> None:
                self.page.pop_dialog()
                if run is not None:
                    run()

            return handler

        buttons: list[ft.Control] = [
            tagged(ft.Button(content=label, on_click=closer(run), height=theme.TAP), identifier)
            for identifier, label, run in (actions or [])
        ]
        buttons.append(
            tagged(
                ft.TextButton(
                    content=dismiss or (self.t("cancel") if actions else self.t("ok")),
                    on_click=closer(None),
                    height=theme.TAP,
                ),
                "dismiss",
            )
        )
        dialog = ft.AlertDialog(
            title=ft.Text(title),
            semantics_label=title,  # the dialog is announced by its title, in the screen's language
            content=tagged(ft.Text(reason, size=18), "reason"),
            actions=buttons,
        )
        self.page.show_dialog(dialog)
        return dialog
