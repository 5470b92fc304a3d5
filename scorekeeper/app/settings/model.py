"""The player's settings (language, theme, the advisor's hint).

Each browser keeps its own choice in its local storage (see `storage`); the server keeps a default
in a small JSON file beside the games' database. A browser that has never chosen starts in its own
language when that is Russian or English, else in the server's language, and in the server's theme.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from scorekeeper.i18n import LANGS, Lang

ThemeChoice = Literal["light", "dark", "system"]
THEMES: tuple[ThemeChoice, ...] = ("light", "dark", "system")
HINT_ON, HINT_OFF = "on", "off"  # the hint as a browser stores it


def as_lang(value: object) -> Lang | None:
    """`value` when it names a language of the app, else None."""
    for lang in LANGS:
        if value == lang:
            return lang
    return None


def as_theme(value: object) -> ThemeChoice | None:
    """`value` when it names a theme choice, else None."""
    for theme in THEMES:
        if value == theme:
            return theme
    return None


def locale_lang(languages: Sequence[str]) -> Lang | None:
    """The app's language for a browser's preferred languages ('ru-RU', 'en_US', 'de'...): its
    first (main) language when the app speaks it, else None."""
    for tag in languages[:1]:
        if isinstance(tag, str):
            return as_lang(tag.replace("_", "-").split("-")[0].strip().lower())
    return None


@dataclass
class Settings:
    """Language and theme; unknown or broken files fall back to the defaults."""

    lang: Lang = "ru"
    theme: ThemeChoice = "system"
    hint: bool = False  # the advisor's hint on the sheet: a player's choice, off until chosen

    @classmethod
    def load(cls, path: Path | None) -> Settings:
        """The settings saved at `path`, or the defaults."""
        if path is None or not path.exists():
            return cls()
        try:
            raw = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return cls()
        settings = cls()
        if isinstance(raw, dict):
            settings.lang = as_lang(raw.get("lang")) or settings.lang
            settings.theme = as_theme(raw.get("theme")) or settings.theme
            settings.hint = raw.get("hint") is True
        return settings

    def save(self, path: Path | None) -> None:
        """Write the settings to `path` (nothing when None)."""
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(self), ensure_ascii=False), encoding="utf-8")

    @classmethod
    def save_lang(cls, path: Path | None, lang: Lang) -> None:
        """Make `lang` the saved language at `path`, keeping the saved theme."""
        saved = cls.load(path)
        saved.lang = lang
        saved.save(path)

    def for_browser(self, stored_lang: object, stored_theme: object, languages: Sequence[str],
                    stored_hint: object = None) -> Settings:
        """A browser's settings, these being the server's: what it stored itself, else its own
        language when the app speaks it, else the server's; the hint only where it turned it on."""
        return Settings(
            lang=as_lang(stored_lang) or locale_lang(languages) or self.lang,
            theme=as_theme(stored_theme) or self.theme,
            hint=stored_hint == HINT_ON,
        )
