"""The player's settings (language, theme), kept in a small JSON file beside the games' database."""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

from scorekeeper.i18n import LANGS, Lang

ThemeChoice = Literal["light", "dark", "system"]
THEMES: tuple[ThemeChoice, ...] = ("light", "dark", "system")


@dataclass
class Settings:
    """Language and theme; unknown or broken files fall back to the defaults."""

    lang: Lang = "ru"
    theme: ThemeChoice = "system"

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
            if raw.get("lang") in LANGS:
                settings.lang = raw["lang"]
            if raw.get("theme") in THEMES:
                settings.theme = raw["theme"]
        return settings

    def save(self, path: Path | None) -> None:
        """Write the settings to `path` (nothing when None)."""
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(asdict(self), ensure_ascii=False), encoding="utf-8")
