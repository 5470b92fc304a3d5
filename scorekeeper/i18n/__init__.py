"""Texts in Russian and English: the pair type the rules speak in, and Russian plural forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Lang = Literal["ru", "en"]
LANGS: tuple[Lang, ...] = ("ru", "en")


@dataclass(frozen=True)
class Text:
    """One sentence or name in both languages."""

    ru: str
    en: str

    def in_(self, lang: Lang) -> str:
        """The text in `lang`."""
        return self.ru if lang == "ru" else self.en

    def as_dict(self) -> dict[str, str]:
        return {"ru": self.ru, "en": self.en}


def num(value: float | int | str) -> str:
    """A number as the table reads it, with a real minus sign: '−14' (on every screen alike)."""
    return str(value).replace("-", "\u2212")


def scored(name: str, value: float | int | str) -> str:
    """'Анна Мария\u00a0376': a player's name and number, kept on one line wherever a line wraps
    (no-break spaces: a narrow screen does not leave the score, or half the name, on the next)."""
    return f"{name} {num(value)}".replace(" ", "\u00a0")


def plural_ru(n: int, one: str, few: str, many: str) -> str:
    """Russian noun form after the number n: 1 очко, 2 очка, 5 очков."""
    n = abs(n)
    if n % 10 == 1 and n % 100 != 11:
        return one
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return few
    return many


def points(n: int) -> Text:
    """'15 очков' / '15 points'."""
    return Text(
        f"{n} {plural_ru(n, 'очко', 'очка', 'очков')}",
        f"{n} {'point' if abs(n) == 1 else 'points'}",
    )
