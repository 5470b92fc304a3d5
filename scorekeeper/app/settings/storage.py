"""A browser's own settings, kept in its local storage through Flet's SharedPreferences service.

Every call has a time limit and never raises: a browser whose storage does not answer is told
apart (`BrowserState.storage` is None) and the app falls back to the server's settings file.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

import flet as ft

log = logging.getLogger(__name__)

KEY_LANG = "scorekeeper.lang"
KEY_THEME = "scorekeeper.theme"
KEY_HINT = "scorekeeper.hint"  # the advisor's hint on the sheet: "on" / "off"
KEY_JOIN = "scorekeeper.join"  # the table's join code this browser entered (a new server has a new one)
TIMEOUT_S = 10.0  # a browser answers in well under a second (a busy phone or server in a few); past
# this, it is taken as having no storage
FIRST_ASK_S = 3.0  # ... asked again after this long without an answer: the first session after the
# server started sometimes never hears back from the first ask (then a phone opened with the server's
# theme instead of its own)


class BrowserStorage:
    """The language and theme this browser chose, read and written in its local storage."""

    def __init__(self, prefs: ft.SharedPreferences) -> None:
        self._prefs = prefs  # held: Flet drops a service nobody refers to

    async def read(self) -> tuple[object, object, object]:
        """The stored language, theme and hint (None where nothing is stored), asked again once
        where the first ask goes unanswered for FIRST_ASK_S; raises when the storage does not
        answer within TIMEOUT_S in all."""
        async def both() -> tuple[object, object, object]:
            return (await self._prefs.get(KEY_LANG), await self._prefs.get(KEY_THEME),
                    await self._prefs.get(KEY_HINT))

        try:
            return await asyncio.wait_for(both(), FIRST_ASK_S)
        except TimeoutError:
            log.info("the browser's storage did not answer in %.0f s: asked again", FIRST_ASK_S)
        return await asyncio.wait_for(both(), TIMEOUT_S - FIRST_ASK_S)

    async def get(self, key: str) -> object:
        """The value stored under `key` (None where nothing is, or the storage does not answer)."""
        try:
            return await asyncio.wait_for(self._prefs.get(key), TIMEOUT_S)
        except Exception:
            log.warning("the browser did not say %s", key, exc_info=True)
            return None

    async def save(self, key: str, value: str) -> bool:
        """Store `value` under `key`; False when the browser did not keep it."""
        try:
            return bool(await asyncio.wait_for(self._prefs.set(key, value), TIMEOUT_S))
        except Exception:  # a lost connection, a refused write: the caller falls back
            log.warning("the browser did not keep %s", key, exc_info=True)
            return False


@dataclass
class BrowserState:
    """What a browser says about itself before its first screen."""

    storage: BrowserStorage | None = None  # None: no usable storage
    lang: object = None
    theme: object = None
    hint: object = None
    languages: list[str] = field(default_factory=list)  # its preferred languages, first the main one


async def browser_languages(page: ft.Page) -> list[str]:
    """The browser's preferred languages ('ru-RU', 'en'), or [] when it does not say."""
    try:
        info: Any = await asyncio.wait_for(page.get_device_info(), TIMEOUT_S)
    except Exception:
        log.debug("no device info", exc_info=True)
        return []
    if info is None:
        return []
    languages = [x for x in (getattr(info, "languages", None) or []) if isinstance(x, str)]
    if not languages and isinstance(getattr(info, "language", None), str):
        languages = [info.language]
    if not languages:
        languages = [locale.language_code for locale in getattr(info, "locales", None) or []]
    return languages


async def read_browser(page: ft.Page) -> BrowserState:
    """This browser's stored choices and languages (an empty state when it has no storage)."""
    try:
        storage = BrowserStorage(ft.SharedPreferences())
        lang, theme, hint = await storage.read()
    except Exception:
        log.warning("the browser's storage did not answer: the server's settings apply", exc_info=True)
        return BrowserState()
    return BrowserState(storage=storage, lang=lang, theme=theme, hint=hint,
                        languages=await browser_languages(page))
