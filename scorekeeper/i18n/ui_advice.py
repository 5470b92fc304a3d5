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
        "play from this throw on (the gora premium or penalty included; each banked fence counted as "
        "3 points).",
    ),
    "die_advised": Text("оставить", "keep"),
}
UI_ADVICE.update({
    # the review of a game
    "review": Text("Разбор игры", "Game review"),
    "review_title": Text("Разбор · №{n}", "Review · #{n}"),
    "review_about": Text(
        "Каждое решение, где кубики были введены целиком: что сделано и сколько очков ожидания оно "
        "отдало против совета (лучшей игры до конца).",
        "Each decision where the dice were entered in full: what was done and the expected points it "
        "gave up against the advice (the best play to the end).",
    ),
    "review_no_table": Text("Для этой игры у советника нет таблицы: разбирать нечего.",
                            "The advisor has no table for this game: nothing to review."),
    "review_none_entered": Text("Ни одного броска с введёнными кубиками.", "No throw with its dice entered."),
    "review_all_followed": Text("Все решения ({n}) — по совету.", "All decisions ({n}) as advised."),
    "review_total": Text("Отдано {x} очка ожидания; по совету — {k} из {n} решений.",
                         "{x} expected points given up; {k} of {n} decisions as advised."),
    "review_line": Text("Бросок {t}: {dice} — {choice}", "Throw {t}: {dice} — {choice}"),
    "review_kept": Text("оставлено {dice}", "kept {dice}"),
    "review_keep": Text("оставить {dice}", "keep {dice}"),
    "review_rethrew": Text("переброшены все", "all thrown again"),
    "review_rethrow": Text("перебросить все", "throw all again"),
    "review_wrote": Text("вписано «{box}» {n}", "wrote {box} {n}"),
    "review_write": Text("«{box}» {n}", "{box} {n}"),
    "review_advised": Text("совет: {choice} (−{x})", "advice: {choice} (−{x})"),
})
