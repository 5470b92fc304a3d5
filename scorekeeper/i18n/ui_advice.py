"""The words of the advisor's hint on the sheet and of its switch in Settings."""

from __future__ import annotations

from scorekeeper.i18n import Text

UI_ADVICE: dict[str, Text] = {
    # Settings
    "advice_setting": Text("Подсказка советника", "The advisor's hint"),
    "advice_setting_about": Text(
        "После каждого броска: какие кубики оставить или какую клетку вписать. На этом телефоне.",
        "After each throw: which dice to keep or which box to write. On this phone.",
    ),
    "advice_off": Text("Выкл.", "Off"),
    "advice_on": Text("Вкл.", "On"),
    # the sheet
    "advice_title": Text("Совет", "Advice"),
    "advice_keep": Text("Совет: оставьте {dice} — ожидается {x} очка", "Advice: keep {dice} — {x} points expected"),
    "advice_rethrow": Text("Совет: перебросьте все кубики — ожидается {x} очка",
                           "Advice: throw all five again — {x} points expected"),
    "advice_box": Text("Совет: впишите «{box}» — {points}; ожидается {x} очка",
                       "Advice: write {box} — {points}; {x} points expected"),
    "advice_explain": Text(
        "{x} — столько очков {name} в среднем ещё наберёт до конца игры, если с этого броска играть "
        "лучшим образом (очки этого хода и бонусы включены, уже записанные — нет).",
        "{x} is how many points {name} scores on average from here to the end of the game with the best "
        "play from this throw on (this turn's points and any bonus included, points already "
        "written not).",
    ),
    "advice_explain_fences": Text(
        "{x} — столько очков {name} в среднем ещё наберёт до конца этого этапа, если с этого броска "
        "играть лучшим образом (премия или штраф «горы» учтены; каждая ограда в запасе считается за 3 очка).",
        "{x} is how many points {name} scores on average from here to the end of this stage with the best "
        "play from this throw on (the «гора» premium or penalty included; each banked fence counted as "
        "3 points).",
    ),
    "die_advised": Text("оставить", "keep"),
}
