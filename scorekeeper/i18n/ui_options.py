"""The words of the house rules: each option's name, its values, how it reads when set, its help."""

from __future__ import annotations

from scorekeeper.i18n import Text

# House-rule options as the new-game screen names them (the rules' own help text is the fallback).
OPTION_NAMES: dict[str, Text] = {
    "lower_preset": Text("Нижние клетки: набор очков", "Scoring of the lower boxes"),
    "two_pairs_allow_quads": Text("Каре считается двумя парами", "Four of a kind counts as two pairs"),
    "full_allows_five_of_kind": Text("Пять одинаковых считаются фуллом", "Five of a kind counts as a full house"),
    "first_roll_double": Text("«С руки» — вдвойне", "Double on the first throw (s ruki)"),
    "gora_premium": Text("Премия за «гору» в плюсе", "Premium for a gora above zero"),
    "gora_penalty": Text("Штраф за «гору» в минусе", "Penalty for a gora below zero"),
    "gora_premium_at_zero": Text("Премия и за «гору» ровно в ноль", "Premium for a gora of exactly 0"),
    "gora_penalty_mode": Text("Как считать штраф за «гору» в минусе", "How the gora penalty counts"),
    "fences_on_gora": Text("Ограды и за клетки «горы»", "Fences on gora boxes too"),
    "allow_gora_cross_out": Text("Клетки «горы» можно вычёркивать", "Gora boxes may be crossed out"),
    "allow_zero_roll_cross_out": Text("Вычёркивание без броска (+3 ограды)", "Crossing out before any throw (+3 fences)"),
    "base_rolls": Text("Бросков за ход без оград", "Throws per turn before fences"),
    "stages": Text("Этапов в игре", "Stages in a game"),
    "max_players": Text("Игроков не больше", "Most players"),
    "players": Text("Игроков за столом", "Players at the table"),
    "even_odd_score": Text("Чёт/нечет: сумма или 20", "Even/odd boxes: the sum or 20"),
    "stage_order": Text("Порядок этапов", "Order of the stages"),
    "box_order": Text("Порядок клеток в этапе", "Order of boxes in a stage"),
    "tie_break": Text("Ничья", "A tie for first place"),
    "max_throws": Text("Бросков за ход", "Throws per turn"),
    "mode": Text("Одна игра, серия или до суммы", "One game, a series, or to a target"),
    "series_games": Text("Игр в серии", "Games in a series"),
    "target": Text("Играть до суммы", "Target total"),
    "zero_is_even": Text("0 голов — чётное", "0 goals counts as even"),
    "high_goal_policy": Text("7 и больше голов у команды", "A team's 7 or more goals"),
    "fours_max": Text("Потолок клетки «Четвёрки»", "Cap of the Fours box"),
    "count_time": Text("Какие голы считаются", "Which goals count"),
    "upper_threshold": Text("Сумма верха для бонуса", "Upper sum for the bonus"),
    "upper_bonus": Text("Бонус за сумму верха", "Bonus for the upper sum"),
    "extra_bonus": Text("Бонус за каждые следующие пять одинаковых", "Bonus per extra five of a kind"),
    "joker": Text("Как записывать следующие пять одинаковых (джокер)", "Joker rule for an extra five of a kind"),
    "straight_score": Text("Очки за стрит (Escalera)", "Escalera scores"),
    "full_score": Text("Очки за фулл", "Full scores"),
    "four_score": Text("Очки за каре (Póker)", "Póker scores"),
    "generala_score": Text("Очки за генералу", "Generala scores"),
    "double_generala_score": Text("Очки за двойную генералу", "Doble Generala scores"),
    "double_generala": Text("Есть клетка «двойная генерала»", "The sheet has a Doble Generala box"),
    "servida_bonus": Text("Прибавка за комбинацию с первого броска", "Extra for a first-throw combination"),
    "servida_wins": Text("Генерала с первого броска — победа", "A first-throw Generala wins at once"),
    "ace_in_straight": Text("Туз в стрите за 2 или 6", "The ace may stand for 2 or 6 in a straight"),
}

# An option's name in a line of the house rules that differ («name: value»), where the new-game
# screen's name is a question that the value does not answer as it reads.
OPTION_STATED: dict[str, Text] = {
    "mode": Text("Формат", "Format"),
}

# The values of house-rule options that are words (the rest show as they are).
OPTION_VALUES: dict[str, Text] = {
    "yatzy15": Text("сумма кубиков", "sum of the dice"),
    "ru_premium": Text("с премиями", "with premiums"),
    "ru_school_js": Text("с руки ×2, покер 50+", "first throw ×2, poker 50+"),
    "pl_szkola": Text("покер — сумма", "poker = the sum"),
    "straights_20_25": Text("стриты 20 и 25", "straights 20 and 25"),
    "even_odd": Text("+ чёт и нечет", "+ all even, all odd"),
    "add_to_net": Text("минус и −20", "net − 20"),
    "replace_net": Text("только −20", "−20 only"),
    "lower_only": Text("только нижние", "lower boxes only"),
    "lower_except_chance": Text("нижние, кроме шанса", "lower boxes but Chance"),
    "none": Text("нельзя", "never"),
    "sequential": Text("по порядку", "in order"),
    "any": Text("любой", "any"),
    "free": Text("свободный", "free"),
    "gora_first": Text("сначала гора", "gora first"),
    "strict": Text("сверху вниз", "top down"),
    "shared": Text("делят место", "shared place"),
    "extra_game": Text("доп. партия", "an extra game"),
    "single": Text("одна игра", "one game"),
    "series": Text("серия", "a series"),
    "target": Text("до суммы", "to a target"),
    "clamp6": Text("как 6", "as 6"),
    "raw": Text("как есть", "as they are"),
    "regular": Text("основное время", "regular time"),
    "extra_time": Text("с доп. временем", "extra time too"),
    "forced": Text("обязательный", "forced"),
    "verhoeff": Text("как у Верхуффа", "as Verhoeff"),
    "joker.forced": Text("сначала свой верх", "own upper box first"),
    "joker.free": Text("в любую клетку", "any open box"),
    "joker.verhoeff": Text("в любую, по полной — после своего верха", "any box, full value once its upper is used"),
    "joker.none": Text("без джокера", "no joker"),
    "sum": Text("сумма", "the sum"),
}


# What an unset (empty) number of an option stands for.
OPTION_UNSET: dict[str, Text] = {
    "max_players": Text("без предела", "no limit"),
    "series_games": Text("3", "3"),
    "target": Text("500", "500"),
}

# A short line under an option whose name alone does not say what it changes (RULES.md).
OPTION_HELP: dict[str, Text] = {
    "lower_preset.yatzy15": Text("Пара, тройка, каре — сумма их кубиков; стриты 15 и 20; покер 50.",
                                 "Pair, three, four score their dice; straights 15 and 20; poker 50."),
    "lower_preset.ru_premium": Text("Каре +20, фулл +10, покер — сумма +50.",
                                    "Four of a kind +20, full house +10, poker the sum +50."),
    "lower_preset.ru_school_js": Text("Каре годится в две пары, покер — в фулл; покер 50 + номинал; "
                                      "с первого броска вдвое.",
                                      "Four of a kind may be two pairs, five a full house; poker 50 + "
                                      "the face; double on the first throw."),
    "lower_preset.pl_szkola": Text("Покер — сумма пяти кубиков (без 50); покер годится в фулл.",
                                   "Poker scores the five dice (no 50); five of a kind may be a full house."),
    "lower_preset.straights_20_25": Text("Малый стрит 20, большой 25.", "Small straight 20, large 25."),
    "lower_preset.even_odd": Text("Ещё две клетки: «только чётные» и «только нечётные».",
                                  "Two more boxes: all even and all odd."),
    "first_roll_double": Text("Нижняя клетка (кроме шанса), собранная первым броском, даёт вдвое.",
                              "A lower box (not Chance) made on the first throw scores double."),
    "gora_premium_at_zero": Text("Иначе «гора» ровно в ноль даёт 0.", "Otherwise a gora of exactly 0 scores 0."),
    "gora_penalty_mode": Text("«Гора» −4: «минус и −20» даёт −24, «только −20» даёт −20.",
                              "A gora of −4: “net − 20” gives −24, “−20 only” gives −20."),
    "fences_on_gora": Text("Ограды (3 − бросков) копятся за любую клетку, а не только за нижние.",
                           "Fences (3 − throws used) are banked on any box, not only the lower ones."),
    "allow_gora_cross_out": Text("Иначе клетка «горы» всегда получает свой плюс или минус.",
                                 "Otherwise a gora box always takes its plus or minus."),
    "allow_zero_roll_cross_out": Text("Какую клетку можно вычеркнуть, не бросая, и получить 3 ограды.",
                                      "Which boxes may be struck before throwing, for 3 fences."),
    "base_rolls": Text("Сверх них — по одной ограде за бросок.", "Each throw beyond them spends one fence."),
    "stages": Text("Каждый этап — все 15 клеток заново.", "Each stage is all 15 boxes again."),
    "max_players": Text("Пусто — без предела (на экране до 12).", "Empty: no limit (up to 12 on this screen)."),
    "even_odd_score": Text("Сколько дают клетки «только чётные» и «только нечётные».",
                           "What the all-even and all-odd boxes score."),
    "stage_order.sequential": Text("По порядку: этап 2 открывается, когда заполнен этап 1.",
                                   "In order: stage 2 opens once stage 1 is filled."),
    "stage_order.any": Text("Любой: клетку можно записать в любой этап, где она ещё открыта.",
                            "Any: a box may be written in any stage where it is still open."),
    "box_order.free": Text("Свободный: клетки этапа заполняются в любом порядке.",
                           "Free: a stage's boxes are written in any order."),
    "box_order.gora_first": Text("Сначала гора: нижние клетки этапа — после шести клеток «горы».",
                                 "Gora first: a stage's lower boxes only after its six gora boxes."),
    "box_order.strict": Text("Сверху вниз: клетки этапа заполняются строго по порядку листа, от «Единиц» "
                             "до последней.",
                             "Top down: a stage's boxes are written strictly in the sheet's order, from Ones "
                             "to the last."),
    "max_throws.2": Text("Один переброс, как в тексте правил.", "One re-throw, as the rules' text reads."),
    "max_throws.3": Text("Два переброса; в тексте правил — один.", "Two re-throws; the rules' text reads as one."),
    "series_games": Text("Побеждает тот, кто выиграл больше игр серии; ничью в игре разыгрывают в "
                         "дополнительной игре её лидеры.",
                         "The most games won wins the series; a game tied for first is played off by its "
                         "leaders in an extra game."),
    "target": Text("Очки копятся от игры к игре, пока кто-то не наберёт сумму.",
                   "Totals carry over from game to game until someone reaches the target."),
    "zero_is_even": Text("Иначе команда с 0 голов не годится ни для чётных, ни для нечётных.",
                         "Otherwise a team with 0 goals is neither even nor odd."),
    "fours_max": Text("В тексте — 16; пять четвёрок дают 20.", "The text says 16; five fours make 20."),
    "upper_threshold": Text("Бонус даётся, когда сумма верха не меньше этой.",
                            "The bonus comes once the upper sum reaches this."),
    "extra_bonus": Text("Пока в клетке пяти одинаковых 50; при 0 бонуса нет.", "While the five-of-a-kind box holds 50; none if it holds 0."),
    "joker.forced": Text("Сначала свой верх: следующие пять одинаковых — в клетку своего номинала, если она открыта, "
                         "иначе в нижнюю по полной цене.",
                         "Own upper box first: an extra five of a kind goes in its face's box while open, "
                         "else in a lower box at full value."),
    "joker.free": Text("В любую клетку: следующие пять одинаковых можно записать в любую открытую клетку, "
                       "в нижнюю — по полной цене.",
                       "Any open box: an extra five of a kind may go in any open box, a lower one at full "
                       "value."),
    "joker.verhoeff": Text("В любую клетку, как у Верхуффа: следующие пять одинаковых можно записать в любую "
                           "открытую клетку, а по полной цене в нижнюю — только когда клетка их номинала уже "
                           "записана.",
                           "Any box, as Verhoeff plays it: an extra five of a kind may go in any open box, "
                           "a lower one at full value only once its face's upper box is written."),
    "joker.none": Text("Без джокера: следующие пять одинаковых — просто пять кубиков, каждая клетка считает их "
                       "по своему правилу.",
                       "No joker: an extra five of a kind is five dice like any other; each box scores it "
                       "by its own rule."),
    "servida_bonus": Text("К стриту, фуллу и каре (Póker), собранным первым броском.",
                          "On Escalera, Full and Póker made on the first throw."),
    "ace_in_straight": Text("Например, 3-4-5-6-1.", "For example 3-4-5-6-1."),
    "two_pairs_allow_quads": Text("Например, 4-4-4-4-2 в две пары — 16. Иначе пары нужны разные.",
                                  "For example 4-4-4-4-2 as two pairs: 16. Otherwise the pairs must differ."),
    "full_allows_five_of_kind": Text("Иначе фулл — только тройка и пара разных номиналов.",
                                     "Otherwise a full house is three of one face and two of another."),
    "tie_break.shared": Text("Делят место: равные по очкам лидеры побеждают вместе.",
                             "Shared place: leaders level on points win together."),
    "tie_break.extra_game": Text("Доп. партия: равные по очкам лидеры играют ещё одну игру, остальные ждут.",
                                 "An extra game: leaders level on points play one more game, the others sit it out."),
    "count_time": Text("Какие голы вводить в тур: только основного времени или с дополнительным.",
                       "Which goals a tour's entry counts: regular time only, or extra time too."),
}
