"""The app's words in Russian and English: one catalogue, looked up by key.

>>> tr("stage_n", "en", n=2)
'stage 2'
"""

from __future__ import annotations

from scorekeeper.i18n import Lang, Text

UI: dict[str, Text] = {
    # home
    "app_title": Text("Счёт в кости", "Dice score sheet"),
    "new_game": Text("Новая игра", "New game"),
    "resume": Text("Продолжить", "Resume"),
    "unfinished": Text("Незаконченные игры", "Unfinished games"),
    "no_unfinished": Text("Незаконченных игр нет.", "No unfinished games."),
    "history": Text("История", "History"),
    "statistics": Text("Статистика", "Statistics"),
    "settings": Text("Настройки", "Settings"),
    "invite": Text("Пригласить", "Invite"),
    "back": Text("Назад", "Back"),
    "home": Text("Главная", "Home"),
    "players_count": Text("игроков: {n}", "{n} players"),
    # settings
    "language": Text("Язык", "Language"),
    "theme": Text("Тема", "Theme"),
    "theme_light": Text("Светлая", "Light"),
    "theme_dark": Text("Тёмная", "Dark"),
    "theme_system": Text("Как в системе", "System"),
    # new game
    "variant": Text("Игра", "Game"),
    "options": Text("Правила стола", "House rules"),
    "players": Text("Игроки", "Players"),
    "player_n": Text("Игрок {n}", "Player {n}"),
    "players_full": Text("Игроков {n}: больше эта игра не берёт.", "{n} players: the most this game takes."),
    "players_full_sheet": Text("Игроков {n}: больше на одном листе не помещается.",
                               "{n} players: the most one sheet holds."),
    "add_player": Text("Добавить игрока", "Add player"),
    "remove_player": Text("Убрать игрока {n}", "Remove player {n}"),
    "move_up": Text("Поднять игрока {n}", "Move player {n} up"),
    "start_game": Text("Начать игру", "Start game"),
    "names_must_differ": Text("Имена игроков должны различаться.", "Player names must differ."),
    "name_needed": Text("У каждого игрока должно быть имя.", "Every player needs a name."),
    "yes": Text("да", "yes"),
    "no": Text("нет", "no"),
    "recent_names": Text("Недавние игроки", "Recent players"),
    "options_changed": Text("изменено: {n}", "{n} changed"),
    "options_reset": Text("Вернуть правила по умолчанию", "Back to the default rules"),
    "option_default": Text("по умолчанию: {value}", "default: {value}"),
    "option_is_default": Text("(по умолчанию)", "(default)"),
    "house_rules_line": Text("Правила стола: {rules}", "House rules: {rules}"),
    "rules_as_written": Text("Правила стола — как написаны, без изменений.",
                             "House rules: as written, nothing changed."),
    "game_rules": Text("Правила этой игры", "This game's rules"),
    # sheet
    "stage": Text("Этап", "Stage"),
    "stage_n": Text("этап {n}", "stage {n}"),
    "stage_chip": Text("Этап {n}", "Stage {n}"),
    "stage_chip_current": Text("Этап {n} (идёт)", "Stage {n} (current)"),
    "cell_of": Text("{name} · {row}: {value}", "{name} · {row}: {value}"),
    # No-break spaces: a narrow line never leaves «3» alone on the next line.
    "throw_k_of_m": Text("бросок\u00a0{k}\u00a0из\u00a0{m}", "throw\u00a0{k}\u00a0of\u00a0{m}"),  # one piece where a line wraps
    "tour": Text("тур", "tour"),
    "turn_of": Text("Ходит {name}", "{name} to play"),
    "finished": Text("Игра окончена", "Game over"),
    "winners": Text("Победа: {names}", "Winner: {names}"),
    "won_at_once": Text("{box} с первого броска (servida)", "{box} on the first throw (servida)"),
    "won_at_once_move": Text("с первого броска (servida): победа", "on the first throw (servida): wins the game"),
    "total": Text("Итого", "Total"),
    "fences": Text("Ограды", "Fences"),
    "gora": Text("Гора", "Gora"),
    "gora_needed": Text("нужно +{n}", "need +{n}"),
    "gora_ahead": Text("запас {n}", "ahead +{n}"),
    "upper_needed": Text("ещё {n}", "{n} to go"),
    "gora_even": Text("в ноль", "even"),
    "penalty_instead": Text("штраф {penalty} вместо {net}", "penalty {penalty} instead of {net}"),
    "gora_comes_to": Text("итог {total}", "{total} in all"),
    "gora_sums_done": Text("По знакам {net}, по сумме кубиков {raw} из {target}: {result}.",
                           "By sign {net}; by the dice's sum {raw} of {target}: {result}."),
    "gora_sums": Text("По знакам {net}, по сумме кубиков {raw} из {target} в записанных клетках "
                      "(во всех шести — из {all}): {result}.",
                      "By sign {net}; by the dice's sum {raw} of {target} in the boxes written "
                      "({all} in all six): {result}."),
    "premium": Text("премия", "premium"),
    "gora_chances": Text("Шансы «горы»: премия {bonus}%, штраф {penalty}%",
                         "Gora chances: premium {bonus}%, penalty {penalty}%"),
    "bonus_chance": Text("Шанс бонуса верха: {bonus}%", "Upper bonus chance: {bonus}%"),
    "gora_chances_upper_only": Text("Шансы «горы» (игра только на гору): премия {bonus}%, штраф {penalty}%",
                                    "Gora chances (gora-only play): premium {bonus}%, penalty {penalty}%"),
    "bonus_chance_upper_only": Text("Шанс бонуса верха (игра только на верх): {bonus}%",
                                    "Upper bonus chance (upper-only play): {bonus}%"),
    "chances_title": Text("Откуда эти проценты", "Where these numbers come from"),
    "chances_help": Text(
        "Шансы при игре по подсказке: каждый ход берутся кубики и клетка, которые дают больше всего "
        "очков в среднем (точная таблица этапа при трёх бросках за ход; этот ход — со всеми оградами). "
        "Где сказано «только на гору», расчёт для игры только на гору: каждая открытая клетка горы "
        "получает один ход, все кубики её номинала остаются на столе.",
        "The chances when playing as the advisor advises: each turn the dice and box worth the most "
        "points on average (the stage's exact table with three throws a turn; this turn with all its "
        "fences). Where the line says «gora-only play», the figure is for playing the gora only: each open "
        "gora box gets one turn, every die of its face kept.",
    ),
    "chances_help_no_fences": Text(  # the same, for the games without fences (Yahtzee, Kniffel, ...)
        "Точный шанс при лучшей игре всей оставшейся партии: каждый ход берутся кубики и клетка, "
        "которые дают больше всего очков в среднем, нижние клетки тоже. Где сказано «только на верх», "
        "расчёт для игры только на верх: каждая открытая клетка верха получает один ход, все кубики "
        "её номинала остаются на столе.",
        "The exact chance under the best play of the whole rest of the game: each turn the dice and "
        "box worth the most points on average, lower boxes included. Where the line says «upper-only "
        "play», the figure is for playing the upper boxes only: each open upper box gets one turn, "
        "every die of its face kept.",
    ),
    "chances_help_mid_turn": Text(
        " После этого броска — если дальше играть по подсказке.",
        " After this throw: playing on as advised.",
    ),
    "penalty": Text("штраф", "penalty"),
    "bonus": Text("бонус", "bonus"),
    "no_bonus": Text("без бонуса", "no bonus"),
    "upper_sum": Text("Верх", "Upper"),
    "stage_total": Text("Сумма этапа", "Stage total"),
    "throw": Text("Бросок", "Throw"),
    "record_tour": Text("Записать тур", "Record the tour"),
    "write_and_win": Text("Записать и выиграть", "Write it and win"),
    "option_bad": Text("«{name}»: «{typed}» не подходит — нужно целое число от {low} до {high}.",
                       "{name}: “{typed}” will not do — a whole number from {low} to {high} is needed."),
    "clamp_hint": Text("{n} голов и больше считаются как {m}", "{n} goals or more count as {m}"),
    "record_throw": Text("Записать бросок", "Record throw"),
    "cross_out": Text("Вычеркнуть", "Cross out"),
    "cross_out_armed": Text("{player}: выберите клетку, чтобы вычеркнуть", "{player}: pick a box to cross out"),
    "cross_out_fences": Text("(+{n}\u00a0{word})", "(+{n}\u00a0fence{s})"),
    "cross_out_cancel": Text("Не вычёркивать", "Don't cross out"),
    "undo": Text("Отменить", "Undo"),
    "dice_keys": Text("Кубики с клавиатуры", "Dice by keyboard"),
    "dice_keys_hint": Text("55523", "55523"),
    "die_n": Text("Кубик {n}: {v}", "Die {n}: {v}"),
    "team_n": Text("Команда {n}: {v}", "Team {n}: {v}"),
    "die_blank": Text("—", "—"),
    "face_v": Text("Выпало {v}", "Rolled {v}"),
    "goals_v": Text("Голов: {v}", "Goals: {v}"),
    "rethrow_all": Text("Все заново", "Re-throw all"),
    "rethrow_all_short": Text("Все 5", "All 5"),
    "tap_dice_hint": Text(
        "Сначала нажмите кубики, которые перебросили (все пять: «Все 5»)",
        "First tap the dice you threw again (all five: “All 5”)",
    ),
    "suggested_hint": Text(
        "Бледные кубики ждут новых значений (или нажмите другие; все пять: «Все 5»)",
        "Faded dice wait for new values (or tap others; all five: “All 5”)",
    ),
    "enter_dice_hint": Text("Введите все пять кубиков (введено: {k} из 5).", "Enter all five dice ({k} of 5 entered)."),
    "last_throw_hint": Text(
        "Это последний бросок хода: без кубиков его не записать. Введите все пять (введено: {k} из 5).",
        "This is the turn's last throw: it cannot go without its dice. Enter all five ({k} of 5 entered).",
    ),
    "keys_chars": Text("«{text}»: кубики набираются цифрами от {low} до {high}.",
                       "“{text}”: dice are typed as digits {low} to {high}."),
    "keys_range": Text("«{text}»: на кубиках только значения от {low} до {high}.",
                       "“{text}”: the dice show only {low} to {high}."),
    "keys_many": Text("«{text}»: кубиков пять.", "“{text}”: there are five dice."),
    "keys_beyond": Text("«{extra}» после пяти кубиков не принято: бросок уже записан.",
                        "“{extra}” after the five dice was not taken: the throw is recorded already."),
    "keys_after": Text("«{extra}» набрано сразу после записанного броска и осталось в поле: сотрите, если это лишнее.",
                       "“{extra}” was typed right after the throw was recorded and stays in the field: "
                       "delete it if it was a key too many."),
    "all_blank_hint": Text(
        "Введите пять кубиков. Если все пять брошены снова, бросок можно записать без кубиков: он будет засчитан.",
        "Enter the five dice. If all five were thrown again, the throw can go without its dice; it still counts.",
    ),
    "blanked_hint": Text(
        "Пустые кубики брошены? Нажмите, что на них выпало: это следующий бросок. «Без кубиков» — "
        "если и его перебрасываете, не вводя: он будет засчитан.",
        "Have the blank dice been thrown? Tap what they show: that is the next throw. “Without dice”: "
        "if you throw again without entering it; it still counts as a throw.",
    ),
    "throw_without_dice": Text("Без кубиков", "Without dice"),
    "throw_unseen_title": Text("Бросок без кубиков?", "A throw without its dice?"),
    "partial_hint": Text(
        "«Бросок» — перебросить пустые, не вводя этот бросок",
        "Throw: re-throw the blank dice without entering this throw",
    ),
    "blank_faces_hint": Text("Пустые кубики брошены снова: нажмите, что на них выпало",
                             "The blank dice were thrown again: tap what they show"),
    "without_dice_hint": Text(
        "Бросок {k} записан без кубиков — введите следующий",
        "Throw {k} went without its dice: enter the next one",
    ),
    "enter_goals_hint": Text("Введите голы всех пяти команд (введено: {k} из 5).",
                             "Enter the goals of all five teams ({k} of 5 entered)."),
    "first_blank_hint": Text(
        "Введите пять кубиков. Если все пять будут брошены снова, бросок можно записать и без кубиков.",
        "Enter the five dice. If all five will be thrown again, the throw can go without its dice.",
    ),
    "same_dice_hint": Text(
        "Это кубики прошлого броска. Нажмите кубики, брошенные снова, и их новые значения на панели.",
        "These are the dice of the last throw. Tap the dice thrown again, then their new faces on the pad.",
    ),
    "pale_dice_hint": Text(
        "Это кубики прошлого броска. Бледные брошены снова? Нажмите их новые значения на панели "
        "или запишите бросок без них: остальные останутся.",
        "These are the dice of the last throw. Were the pale ones thrown again? Tap their new faces on "
        "the pad, or record the throw without them: the others stay.",
    ),
    "throw_without_pale": Text("Без бледных", "Without the pale ones"),
    "throw_recorded": Text("Бросок {k}: {dice}", "Throw {k}: {dice}"),
    "why_not": Text("Так не выйдет", "Not possible"),
    "write_a_box": Text("Теперь запишите клетку", "Now write a box"),
    "game_over_sheet": Text("Лист этой игры", "This game's sheet"),
    "rematch": Text("Ещё партию", "Play again"),
    "rematch_join": Text("К новой партии", "To the new game"),
    "thrown_elsewhere": Text("Этот бросок уже записали на другом телефоне: {dice}",
                             "Another phone recorded this throw first: {dice}"),
    "pick_value": Text("Какое значение записать?", "Which value to write?"),
    "cross_it_out": Text("Вычеркнуть (0)", "Cross out (0)"),
    "missed_tour": Text("Пропуск тура", "Missed tour"),
    "missed_tour_title": Text("{player} пропускает тур", "{player} missed the tour"),
    "missed_tour_reason": Text(
        "Пропущенный тур закрывает нулём наименьшую открытую клетку: «{box}».",
        "A missed tour closes the lowest open box with 0: {box}.",
    ),
    "missed_tour_close": Text("Закрыть нулём", "Close it with 0"),
    "missed_tour_move": Text("пропуск тура ({box} 0)", "missed tour ({box} 0)"),
    "cancel": Text("Отмена", "Cancel"),
    "ok": Text("Понятно", "OK"),
    "would_score": Text("даст {n}", "would score {n}"),
    "crossed": Text("вычеркнута", "crossed out"),
    "turns_played": Text("Ходы", "Turns"),
    "undone": Text("Отменено: {what}", "Undone: {what}"),
    "set_aside_note": Text("Эту игру бросили. Следующий ход продолжит её.",
                           "This game was abandoned. The next move resumes it."),
    "undone_mark": Text("отменено", "undone"),
    "undone_throw": Text("бросок {dice}", "throw {dice}"),
    "undone_tour": Text("голы тура {dice}", "the tour's goals {dice}"),
    "undone_throw_without_dice": Text("бросок без кубиков", "a throw without its dice"),
    "undo_other_title": Text("Отменить ход игрока {player}: {move}?", "Undo {player}'s move: {move}?"),
    "undo_other_reason": Text(
        "Сейчас ходит {now}. Отменённый ход останется в списке «Ходы» с пометкой «отменено».",
        "It is {now}'s turn now. The move taken back stays in the Turns list, marked undone.",
    ),
    "undo_elsewhere_reason": Text(
        "Этот ход введён на другом экране. Отменённый ход останется в списке «Ходы» с пометкой «отменено».",
        "This move was entered on another screen. The move taken back stays in the Turns list, marked undone.",
    ),
    "nothing_to_undo": Text("Отменять нечего.", "Nothing to undo."),
    "why_written": Text("Клетка «{box}» уже записана: {n}.", "{box} is written already: {n}."),
    "why_crossed": Text("Клетка «{box}» уже вычеркнута.", "{box} is crossed out already."),
    "why_their_turn": Text("Сейчас ходит {player}; клетки игрока {owner} заполняются, когда ходит {owner}.",
                           "It is {player}'s turn; {owner}'s boxes are written in {owner}'s own turn."),
    "why_stage_later": Text("Этап {stage} откроется, когда будет заполнен этап {now}.",
                            "Stage {stage} opens once stage {now} is filled."),
    "why_stage_over": Text("Этап {stage} уже заполнен: сейчас идёт этап {now}.",
                           "Stage {stage} is filled already: stage {now} is being played."),
    "reopen_title": Text("Открыть игру снова?", "Reopen the game?"),
    "reopen_reason": Text(
        "Игра окончена. Отмена последнего хода снова откроет её, и она выйдет из статистики, пока её не доиграют.",
        "The game is over. Undoing its last move reopens it, and it leaves the statistics until it ends again.",
    ),
    "reopen_undo": Text("Отменить ход", "Undo the move"),
    "keep_move": Text("Не отменять", "Keep it"),
    "to_home": Text("На главную", "Home"),
    "fences_short": Text("огр.", "fen."),
    "live": Text("Другие экраны видят изменения сразу", "Other screens see changes at once"),
    # a match: a series of games, play to a target total, extra games
    "match_game_of": Text("Игра {n} из {of}", "Game {n} of {of}"),
    "match_series_of": Text("Серия из {of} игр", "Series of {of} games"),
    "match_wins": Text("победы: {scores}", "wins: {scores}"),
    "match_draws": Text("ничьи: {scores}", "draws: {scores}"),
    "match_draw_count": Text("ничьих: {n}", "draws: {n}"),
    "match_to_target": Text("До {target}: {scores}", "To {target}: {scores}"),
    "match_game_n": Text("Игра {n}", "Game {n}"),
    "match_extra": Text("Доп. игра", "Extra game"),
    "match_extra_players": Text("Дополнительная игра: {names}", "Extra game: {names}"),
    "match_tied_wins": Text("Поровну побед в серии: {scores}", "The series is level on wins: {scores}"),
    "match_tied_total": Text("До {target} дошли поровну: {scores}", "Level past {target}: {scores}"),
    "match_game_over": Text("{game} окончена: {scores}.", "{game} over: {scores}."),
    "match_game_won": Text("Победа: {names}.", "Won by {names}."),
    "match_game_tied": Text("Ничья: {names}.", "A tie: {names}."),
    "match_and": Text(" и ", " and "),
    "game_total": Text("За игру", "This game"),
    "match_total": Text("Всего в матче", "Match total"),
    "series_wins": Text("Победы", "Wins"),
    "series_draws": Text("Ничьи", "Draws"),
    "place": Text("Место", "Place"),
    "match_place": Text("Место в матче", "Match place"),
    "shown_game": Text("Лист игры", "Sheet of game"),
    "extra_short": Text("доп. {n}", "extra {n}"),
    "extra_move": Text("+{n} за повторный «{box}»", "+{n} for an extra {box}"),
    "sits_out": Text("не играет", "sits out"),
    # invite
    "invite_title": Text("Позовите игроков к столу", "Invite the table"),
    "invite_address": Text("Адрес: {url}", "Address: {url}"),
    "invite_code": Text("Код: {code}", "Code: {code}"),
    "invite_qr": Text("QR-код: открыть приложение на телефоне", "QR code: open the app on a phone"),
    "invite_local_only": Text(
        "Приложение слушает только этот компьютер. Запустите его с --host 0.0.0.0, "
        "чтобы другие телефоны за столом могли подключиться.",
        "The app listens on this computer only. Start it with --host 0.0.0.0 so that the "
        "other phones at the table can join.",
    ),
    "join_title": Text("Введите код", "Enter the code"),
    "join_hint": Text(
        "Код показан на экране «Пригласить» и в терминале.",
        "The code is on the Invite screen and in the terminal.",
    ),
    "join_wrong": Text("Код не подходит.", "Wrong code."),
    "join": Text("Войти", "Join"),
    # history / statistics
    "no_history": Text("Законченных игр пока нет.", "No finished games yet."),
    "games": Text("Игр", "Games"),
    "wins": Text("Побед", "Wins"),
    "average": Text("Среднее", "Average"),
    "best": Text("Лучший", "Best"),
    "premiums": Text("Премии", "Premiums"),
    "bonuses": Text("Бонусы верха", "Upper bonuses"),  # the upper sum's, not the extra Yahtzees
    "penalties": Text("Штрафы", "Penalties"),
    "running_totals": Text("Сумма по ходам", "Running totals"),
    "results_over_time": Text("Результаты по играм", "Results over time"),
    "service_missing": Text(
        "Сохранение игр ещё не подключено.", "Saving games is not available yet."
    ),
}


def tr(key: str, lang: Lang, **values: object) -> str:
    """The text of `key` in `lang`, with {placeholders} filled."""
    text = UI[key].in_(lang)
    return text.format(**values) if values else text


# History, statistics and the photo flow keep their words in their own module.
from scorekeeper.i18n.ui_history import UI_HISTORY  # noqa: E402

UI.update({k: v for k, v in UI_HISTORY.items() if k not in UI})
from scorekeeper.i18n.ui_share import UI_SHARE  # noqa: E402

UI.update({k: v for k, v in UI_SHARE.items() if k not in UI})
from scorekeeper.i18n.ui_advice import UI_ADVICE  # noqa: E402

UI.update({k: v for k, v in UI_ADVICE.items() if k not in UI})

# The house rules' names, values and help live in ui_options.
from scorekeeper.i18n.ui_options import (  # noqa: E402
    OPTION_HELP,
    OPTION_NAMES,
    OPTION_STATED,
    OPTION_UNSET,
    OPTION_VALUES,
)

__all__ = ["OPTION_HELP", "OPTION_NAMES", "OPTION_STATED", "OPTION_UNSET", "OPTION_VALUES", "UI", "tr"]
