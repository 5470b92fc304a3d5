"""The words of sharing and keeping: the sheet as a picture, CSV, backup and restore."""

from __future__ import annotations

from scorekeeper.i18n import Text

UI_SHARE: dict[str, Text] = {
    # the picture
    "pic_box": Text("Клетка", "Box"),
    "pic_stage": Text("Этап {n}", "Stage {n}"),
    "pic_total": Text("Итого", "Total"),
    "pic_fences": Text("Ограды", "Fences"),
    "pic_rank": Text("Место", "Place"),
    "pic_game": Text("Игра №{n}", "Game #{n}"),
    "pic_unfinished": Text("Игра не окончена", "Game not finished"),
    # sharing in the app
    "share": Text("Поделиться", "Share"),
    "share_sheet": Text("Поделиться листом (картинка)", "Share the sheet (picture)"),
    "share_ready": Text("Картинка листа готова: {name}", "The sheet's picture is ready: {name}"),
    "share_csv": Text("Таблица CSV", "CSV table"),
    "share_csv_hint": Text("Игры, показанные по отбору, одной таблицей (CSV)",
                           "The games shown by the filter, as one table (CSV)"),
    "share_csv_ready": Text("Таблица готова: {name} (игр: {n})", "The table is ready: {name} ({n} games)"),
    "share_no_games": Text("Нет игр для таблицы.", "No games for a table."),
    "share_failed": Text("Не получилось сохранить файл: {why}", "The file could not be saved: {why}"),
    # backup and restore
    "keep_title": Text("Резервная копия", "Backup"),
    "keep_hint": Text("Все игры одним файлом: сохраните его, чтобы перенести игры на другое устройство "
                      "или восстановить их.",
                      "Every game in one file: keep it to move the games to another device or to "
                      "restore them."),
    "backup": Text("Сохранить все игры", "Save all games"),
    "backup_ready": Text("Копия сохранена: {name} (игр: {n})", "Backup saved: {name} ({n} games)"),
    "restore": Text("Восстановить из файла", "Restore from a file"),
    "restore_done": Text("Добавлено игр: {imported}, уже были: {skipped}.",
                         "Games added: {imported}; already here: {skipped}."),
    "restore_updated": Text("Дополнено игр, сыгранных дальше в другом месте: {n}.",
                            "Games played on elsewhere, brought up to date: {n}."),
    "restore_failed": Text("Файл не восстановлен, ничего не изменилось. {why}",
                           "The file was not restored; nothing changed. {why}"),
    "restore_nothing": Text("Файл не выбран.", "No file chosen."),
}
