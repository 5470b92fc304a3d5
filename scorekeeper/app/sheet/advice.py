"""The advisor's hint on the sheet, decided from the game's state alone: after a throw whose dice
were entered in full, the best keep (which dice) or box to write, with its expected points, and the
sentence that explains the figure. Nothing where the advisor has no table at hand for the game."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from scorekeeper.advisor import AdviceError, Option
from scorekeeper.advisor.chances import advised, position_of
from scorekeeper.advisor.model import game_of
from scorekeeper.advisor.store import table_for
from scorekeeper.game import State
from scorekeeper.i18n import Lang, points
from scorekeeper.i18n.ui import tr
from scorekeeper.rules import Variant


@dataclass(frozen=True)
class Hint:
    """What the sheet shows: the line, its explanation, and the dice to keep (their places 0-4)."""

    line: str
    explanation: str
    keep: frozenset[int]
    option: Option


def expected_text(value: float, lang: Lang) -> str:
    """'53,4' / '53.4': one decimal, as each language writes it."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if lang == "ru" else text


def kept_places(dice: tuple[int, ...], keep: tuple[int, ...]) -> frozenset[int]:
    """The places of the dice that show the kept values (the first ones of each value)."""
    left = Counter(keep)
    places = []
    for place, value in enumerate(dice):
        if left[value] > 0:
            left[value] -= 1
            places.append(place)
    return frozenset(places)


def has_table(variant: Variant) -> bool:
    """The advisor can answer for this game now (a solved table shipped or cached; dice to play)."""
    if variant.one_throw:
        return False
    try:
        return table_for(game_of(variant), build=False) is not None
    except (AdviceError, ValueError):
        return False


def hint_for(state: State, lang: Lang) -> Hint | None:
    """The hint after the throw just entered (its five dice known); None before a throw, after a
    throw without its dice, when the game is over, or where the advisor has no table for it."""
    if state.finished or state.dice is None or state.throws < 1 or not has_table(state.variant):
        return None
    position = position_of(state)
    if position is None or position.dice is None or len(position.dice) != 5:
        return None
    advice = advised(state.variant, position)
    if advice is None:
        return None
    best = advice.best
    expected = expected_text(best.expected, lang)
    if best.box is not None:
        box = state.variant.box(best.box).name.in_(lang)
        line = tr("advice_box", lang, box=box, points=points(best.score or 0).in_(lang), x=expected)
        keep: frozenset[int] = frozenset()
    elif best.keep:
        line = tr("advice_keep", lang, dice=" ".join(map(str, best.keep)), x=expected)
        keep = kept_places(position.dice, best.keep)
    else:
        line = tr("advice_rethrow", lang, x=expected)
        keep = frozenset()
    key = "advice_explain_fences" if state.variant.fences else "advice_explain"
    explanation = tr(key, lang, x=expected, name=state.player_name or "")
    return Hint(line, explanation, keep, best)
