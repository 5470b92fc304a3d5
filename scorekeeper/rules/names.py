"""Display names shared by several variants."""

from __future__ import annotations

from scorekeeper.i18n import Text

UPPER_RU = ("Единицы", "Двойки", "Тройки", "Четвёрки", "Пятёрки", "Шестёрки")
UPPER_EN = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")


def upper_name(face: int, en: tuple[str, ...] = UPPER_EN) -> Text:
    """Name of the upper box of `face`."""
    return Text(UPPER_RU[face - 1], en[face - 1])


PAIR = Text("Пара", "One pair")
TWO_PAIRS = Text("Две пары", "Two pairs")
THREE = Text("Тройка", "Three of a kind")
FOUR = Text("Каре", "Four of a kind")
FULL = Text("Фулл", "Full house")
SMALL = Text("Малый стрит", "Small straight")
LARGE = Text("Большой стрит", "Large straight")
POKER = Text("Покер", "Five of a kind")
CHANCE = Text("Шанс", "Chance")
ALL_EVEN = Text("Только чётные", "All even")
ALL_ODD = Text("Только нечётные", "All odd")

SMALL_RUN = (1, 2, 3, 4, 5)
LARGE_RUN = (2, 3, 4, 5, 6)
RUNS_OF_FOUR = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
REQ_RUN_OF_FOUR = Text("четыре значения подряд", "four values in a row")
REQ_SMALL_RUN = Text("ровно 1-2-3-4-5", "exactly 1-2-3-4-5")
REQ_LARGE_RUN = Text("ровно 2-3-4-5-6", "exactly 2-3-4-5-6")
REQ_TWO = Text("два одинаковых", "two of one value")
REQ_THREE = Text("три одинаковых", "three of one value")
REQ_FOUR = Text("четыре одинаковых", "four of one value")
