"""The encyclopedia «Покер» (ru_encyclopedia): 11 boxes, up to 12 players, series and target play."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from scorekeeper.i18n import Text
from scorekeeper.rules import boxes as b
from scorekeeper.rules import names as n
from scorekeeper.rules.base import OptionSpec, Variant

OPTIONS = (
    OptionSpec("max_throws", 3, (2, 3), "throws per turn (the text reads as 2; 3 by default)"),
    OptionSpec("mode", "single", ("single", "series", "target"), "one game, a series of N, or play to a target total"),
    OptionSpec("series_games", None, int, "games in a series (mode series; 3 when not set)", minimum=1, maximum=99,
               nullable=True),
    OptionSpec("target", None, int, "total to reach (mode target; 500 when not set)", minimum=1, maximum=100_000,
               nullable=True),
    OptionSpec("players", (1, 12), tuple, "how few and how many players a game takes, [low, high] within 1-12",
               minimum=1, maximum=12),
    OptionSpec("upper_bonus", None, (None,), "no upper bonus in this game", nullable=True),
    OptionSpec("tie_break", "extra_game", ("extra_game", "shared"), "what a tie for first place means"),
)


def build(options: Mapping[str, Any]) -> Variant:
    """The ru_encyclopedia variant with these (already validated) options."""
    o = dict(options)
    boxes = [b.upper_sum(face, n.upper_name(face)) for face in range(1, 7)] + [
        b.straight("small_straight", n.SMALL, [n.SMALL_RUN], b.fixed(20), n.REQ_SMALL_RUN, exact=True),
        b.straight("large_straight", n.LARGE, [n.LARGE_RUN], b.fixed(25), n.REQ_LARGE_RUN, exact=True),
        b.full_house(Text("Фул", "Full house"), b.total, allow_five=False),
        b.chance(Text("Успех", "Chance")),
        b.five_of_a_kind("poker", n.POKER, b.fixed(50)),
    ]
    most = o["players"][1]
    return Variant(
        id="ru_encyclopedia",
        name=Text("Покер (энциклопедия)", "Poker (encyclopedia)"),
        description=Text(
            f"11 клеток, до {most} {'игрока' if most == 1 else 'игроков'}, без бонуса за верх; одна игра, "
            "серия или игра до "
            "суммы; ничья " + ("решается дополнительной игрой." if o["tie_break"] == "extra_game" else
                              "— общее место."),
            f"11 boxes, up to {most} player{'' if most == 1 else 's'}, no upper bonus; one game, a series "
            "or play to "
            "a target total; a tie " + ("is settled by an extra game." if o["tie_break"] == "extra_game" else
                                        "shares the place."),
        ),
        options=o,
        boxes=tuple(boxes),
        throws=o["max_throws"],
        tie_break=o["tie_break"],
        min_players=o["players"][0],
        max_players=o["players"][1],
        mode=o["mode"],
        series_games=(o["series_games"] or 3) if o["mode"] == "series" else None,
        target=(o["target"] or 500) if o["mode"] == "target" else None,
    )
