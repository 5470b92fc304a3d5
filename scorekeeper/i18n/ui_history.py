"""The words of history, statistics and the photo flow; merged into the app's catalogue (ui.UI)."""

from __future__ import annotations

from scorekeeper.i18n import Text

UI_HISTORY: dict[str, Text] = {
    # history
    "hist_all_players": Text("Все игроки", "All players"),
    "hist_all_variants": Text("Все игры", "All games"),
    "hist_no_games": Text("Сыгранных игр пока нет.", "No games played yet."),
    "hist_none_match": Text("Таких игр нет: измените отбор.", "No such games: change the filter."),
    "hist_not_finished": Text("не закончена", "not finished"),
    "hist_game_n": Text("Игра №{n}", "Game #{n}"),
    "hist_game_no": Text("№{n}", "#{n}"),
    "hist_resume": Text("Продолжить игру", "Resume the game"),
    "hist_abandoned": Text("брошена", "abandoned"),
    "abandon": Text("Бросить игру", "Abandon the game"),
    "abandon_named": Text("Бросить игру: {game}", "Abandon the game: {game}"),
    "abandon_title": Text("Бросить эту игру?", "Abandon this game?"),
    "abandon_reason": Text("Игра останется в истории с пометкой «брошена» и уйдёт из незаконченных. "
                           "Её лист не меняется: продолжить её можно из истории.",
                           "The game stays in History, marked abandoned, and leaves the unfinished games. "
                           "Its sheet does not change: it can be resumed from History."),
    "abandon_do": Text("Бросить", "Abandon"),
    "hist_stage_n": Text("Этап {n}", "Stage {n}"),
    "hist_turns": Text("ходов: {n}", "{n} turns"),
    "hist_filter_player": Text("Игрок", "Player"),
    "hist_filter_variant": Text("Игра", "Game"),
    "hist_last_game": Text("Лист последней игры матча", "The sheet of the match's last game"),
    "hist_count": Text("Игр: {n}", "Games: {n}"),
    "hist_shown": Text("Игр: {n}, показаны последние {shown}", "Games: {n}, the latest {shown} shown"),
    "hist_more": Text("Показать ещё {n}", "Show {n} more"),
    # statistics
    "stats_fences_earned": Text("Огр. +", "Fences +"),
    "stats_fences_spent": Text("Огр. −", "Fences −"),
    "stats_chart_game": Text("Игра на графике", "Game on the chart"),
    "stats_older_game": Text("Игра раньше", "Earlier game"),
    "stats_newer_game": Text("Игра позже", "Later game"),
    "stats_turn": Text("ход", "turn"),
    "stats_game": Text("игра", "game"),
    "stats_points": Text("очки", "points"),
    "stats_no_chart": Text("Для графика нужна хотя бы одна игра.", "The chart needs at least one game."),
    "stats_results_note": Text("Итог каждой законченной игры по порядку.",
                               "Each finished game's total, in order."),
    "stats_form_series": Text("серия из {n}", "series of {n}"),
    "stats_form_target": Text("до {n}", "to {n}"),
    "stats_latest_games": Text("Последние {n} игр.", "The latest {n} games."),
    "stats_lines_shown": Text("Линии {n} игроков, сыгравших больше всех; другого игрока покажет отбор.",
                              "Lines of the {n} players with most games; the filter shows any other."),
    "stats_running_note": Text("Сумма очков после каждого хода.", "The total after each turn."),
    # photo
    "photo": Text("Кубики с фото", "Dice from a photo"),
    "photo_reading": Text("Читаю кубики на фото…", "Reading the dice…"),
    "photo_use": Text("Записать", "Use"),
    "photo_use_count": Text("Нужно {needed}, а сейчас {n}", "{needed} needed, {n} now"),
    "photo_use_wait": Text("Фото читается", "Reading the photo"),
    "photo_use_none": Text("Кубики не прочитаны", "No dice read"),
    "photo_add": Text("+ Кубик", "+ Die"),
    "photo_remove": Text("Убрать", "Remove"),
    "photo_keep_best": Text("Оставить {n} надёжных", "Keep the {n} surest"),
    "photo_retake": Text("Другое фото", "Another photo"),
    "photo_hint": Text("Нажмите кубик, чтобы исправить; ещё раз — следующее значение.",
                       "Tap a die to fix it; tap again for the next value."),
    "photo_box": Text("Кубик {n} на фото: {v}", "Die {n} on the photo: {v}"),
    "photo_set": Text("Поставить {v}", "Set {v}"),
}
