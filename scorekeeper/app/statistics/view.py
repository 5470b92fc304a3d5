"""Statistics: per player and variant over the finished games, and two charts.

Without a chosen player: one standings table per variant and form of play (`stats-table-<variant>`,
`-series3` / `-target500` after it for matches, which count apart), a line per player with games,
wins, average and best total (`stats-row-<player>-<variant>[-series3]`); a tap on the line chooses
the player. With a chosen player: a card per variant and form with all the counts, «гора» premiums
and penalties, fences earned and spent, under the same identifiers.
Charts: the running totals of a chosen game
(`chart-running-totals`, ◀ ▶ to choose) and each player's results over time (`chart-results`).
"""

from __future__ import annotations

import flet as ft

from scorekeeper.app import theme
from scorekeeper.app.shell import Shell
from scorekeeper.app.statistics.model import (
    Standings,
    StatRow,
    competition_places,
    decimal,
    finished_players,
    finished_variants,
    form_name,
    match_running,
    num,
    results_over_time,
    standings,
    stat_rows,
    when,
)
from scorekeeper.app.widgets.charts import results_chart, running_chart
from scorekeeper.app.widgets.filters import filter_bar
from scorekeeper.app.widgets.frame import header, named_icon, tagged
from scorekeeper.app.widgets.names import variant_name
from scorekeeper.store import StoreError, match_form

MAX_LINES = 6  # players drawn on the results chart
# The standings' columns (px): place, then games, wins, average, best; the name takes what is left
# (about 88 px on a 360 px phone, 118 on a 390 px one) and is cut with an ellipsis.
COLUMNS = (22, 44, 46, 54, 46)
COLUMN_GAP = 4
LINE_H = theme.TAP_MIN  # a standings line: a tap target among many
TABLE_PAD = 6  # the table's own padding left and right (the screen's is 12)
LEADS = ft.Colors.PRIMARY  # the wins and the leader's place: a green that reads on light and dark


class StatisticsScreen:
    """Rows per player and variant, the running totals of one game, results over time."""

    def __init__(self, shell: Shell, player: str | None = None, variant: str | None = None) -> None:
        self.shell = shell
        self.player = player
        self.variant = variant
        self.chart_index: int | None = None  # 0 (or None): the latest finished game of the filter
        self._colours: dict[str, int] = {}  # each player's colour, as the running totals drew it

    def dispose(self) -> None:
        """Nothing to let go of."""

    def _filter(self, player: str | None, variant: str | None) -> None:
        self.player, self.variant = player, variant
        self.chart_index = None
        self.shell.redraw()

    def _step(self, delta: int) -> None:
        self.chart_index = max(0, (self.chart_index or 0) + delta)
        self.shell.redraw()

    # --- rows ------------------------------------------------------------------------------------
    def _row(self, row: StatRow) -> ft.Control:
        s = self.shell
        t = s.t

        def fact(label: str, value: str, tone: str | None = None) -> ft.Control:
            return ft.Container(
                content=ft.Column(
                    [ft.Text(value, size=22, weight=ft.FontWeight.BOLD, color=tone, no_wrap=True),
                     ft.Text(label, size=12, color=theme.MUTED, no_wrap=True)],
                    spacing=0,
                    horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                ),
                expand=True,
            )

        average = decimal(row.average, s.lang)
        first = [
            fact(t("games"), str(row.games)),
            fact(t("wins"), f"{row.wins}", theme.GOOD if row.wins else None),
            fact(t("average"), average),
            fact(t("best"), num(row.best)),
        ]
        second: list[ft.Control] = []  # only what the variant can earn: no «гора» counts in Generala
        if row.premium_rule:
            second.append(fact(t(row.premium_word), str(row.premiums), theme.GOOD if row.premiums else None))
        if row.penalty_rule:
            second.append(fact(t("penalties"), str(row.penalties), theme.BAD if row.penalties else None))
        if row.fences:
            second += [fact(t("stats_fences_earned"), str(row.fences_earned)),
                       fact(t("stats_fences_spent"), str(row.fences_spent))]
        if row.extras_rule:
            second.append(fact(t("stats_extra_points"), num(row.extra_points), theme.GOOD if row.extra_points else None))
        if row.at_once_rule:
            second.append(fact(t("stats_won_at_once"), str(row.won_at_once), theme.GOOD if row.won_at_once else None))
        if second:
            second += [ft.Container(expand=True) for _ in range(4 - len(second))]
        title = self._title(row.variant, row.form)
        card = ft.Container(
            content=ft.Column(
                [
                    ft.Row(
                        [ft.Text(row.name, size=19, weight=ft.FontWeight.W_600, no_wrap=True),
                         ft.Text(title, size=14, color=theme.MUTED, expand=True, max_lines=2,
                                 overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.RIGHT)],
                        spacing=8,  # a long title (a match's form) goes on to a second line
                        vertical_alignment=ft.CrossAxisAlignment.START,
                    ),
                    ft.Row(first, spacing=4),
                    *([ft.Row(second, spacing=4)] if second else []),
                ],
                spacing=6,
            ),
            padding=ft.Padding.symmetric(horizontal=12, vertical=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
        )
        return tagged(card, row.identifier, self._spoken(row, title))

    def _title(self, variant: str, form: str) -> str:
        """'Покер (энциклопедия) · серия из 3'."""
        lang = self.shell.lang
        return " · ".join(x for x in (variant_name(variant, lang), form_name(form, lang)) if x)

    def _spoken(self, row: StatRow, title: str) -> str:
        """Every count of the row, as a screen reader says it (a line of the standings too)."""
        t = self.shell.t
        facts = [f"{t('games')} {row.games}", f"{t('wins')} {row.wins}",
                 f"{t('average')} {decimal(row.average, self.shell.lang)}", f"{t('best')} {num(row.best)}"]
        if row.premium_rule:
            facts.append(f"{t(row.premium_word)} {row.premiums}")
        if row.penalty_rule:
            facts.append(f"{t('penalties')} {row.penalties}")
        if row.fences:
            facts += [f"{t('stats_fences_earned')} {row.fences_earned}", f"{t('stats_fences_spent')} {row.fences_spent}"]
        if row.extras_rule:
            facts.append(f"{t('stats_extra_points')} {num(row.extra_points)}")
        if row.at_once_rule:
            facts.append(f"{t('stats_won_at_once')} {row.won_at_once}")
        return f"{row.name}, {title}: " + ", ".join(facts)

    # --- standings -------------------------------------------------------------------------------
    @staticmethod
    def _cells(place: ft.Control, name: ft.Control, figures: list[ft.Control]) -> ft.Row:
        return ft.Row([place, name, *figures], spacing=COLUMN_GAP,
                      vertical_alignment=ft.CrossAxisAlignment.CENTER)

    @staticmethod
    def _figure(value: str, width: int, size: int, **style: object) -> ft.Text:
        return ft.Text(value, width=width, size=size, text_align=ft.TextAlign.RIGHT, no_wrap=True,
                       **style)  # type: ignore[arg-type]

    def _line(self, place: int, row: StatRow, title: str) -> ft.Control:
        """One player's line: place, name (ellipsized), games, wins, average, best; a tap chooses them."""
        lead = place == 1 and row.wins > 0
        w = COLUMNS
        cells = self._cells(
            ft.Text(str(place), width=w[0], size=15, color=LEADS if lead else theme.MUTED,
                    weight=ft.FontWeight.BOLD if lead else None, no_wrap=True),
            ft.Text(row.name, size=17, weight=ft.FontWeight.W_600 if lead else ft.FontWeight.W_500, expand=True,
                    no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
            [self._figure(str(row.games), w[1], 17),
             self._figure(str(row.wins), w[2], 17, weight=ft.FontWeight.BOLD,
                          color=LEADS if row.wins else None),
             self._figure(decimal(row.average, self.shell.lang), w[3], 17),
             self._figure(num(row.best), w[4], 17)],
        )
        line = ft.Container(
            content=cells,
            height=LINE_H,
            padding=ft.Padding.symmetric(horizontal=2),
            border=ft.Border.only(top=ft.BorderSide(1, theme.LINE)),
            on_click=lambda _, name=row.name: self._filter(name, self.variant),
            ink=True,
        )
        return tagged(line, row.identifier, self._spoken(row, title), button=True)

    def _table(self, table: Standings) -> ft.Control:
        """A variant's standings in one form of play (`stats-table-...`)."""
        t = self.shell.t
        title = self._title(table.variant, table.form)
        w = COLUMNS
        head = ft.Container(
            content=self._cells(
                ft.Text("", width=w[0]),
                ft.Text(t("stats_col_player"), size=13, color=theme.MUTED, expand=True, no_wrap=True),
                [self._figure(t(key), width, 13, color=theme.MUTED)
                 for key, width in zip(("stats_col_games", "stats_col_wins", "stats_col_average", "stats_col_best"),
                                       w[1:], strict=True)],
            ),
            padding=ft.Padding.only(left=2, right=2, bottom=2),
        )
        body = ft.Column(
            [ft.Text(title, size=18, weight=ft.FontWeight.W_600, no_wrap=True, overflow=ft.TextOverflow.ELLIPSIS),
             head,
             *[self._line(place, row, title)
               for place, row in zip(competition_places(table.rows), table.rows, strict=True)]],
            spacing=0,
        )
        card = ft.Container(content=body, padding=ft.Padding.only(left=TABLE_PAD, right=TABLE_PAD, top=10, bottom=4),
                            border_radius=12, bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH)
        return tagged(card, table.identifier, t("stats_standings", game=title))

    # --- charts ----------------------------------------------------------------------------------
    def _running(self) -> list[ft.Control]:
        s = self.shell
        t = s.t
        # the finished games only, as everything here (not a game under way, nor one set aside)
        games = [g for g in s.store.games(self.player, self.variant, limit=200) if g["finished"]]
        if not games:
            return []
        self.chart_index = min(self.chart_index or 0, len(games) - 1)
        game = games[self.chart_index]
        try:
            _, state, _ = s.store.load(game["id"])
        except StoreError:
            return []
        names = list(state.players)
        self._colours = {name: seat for seat, name in enumerate(names)}  # the results chart's colours too
        label = (f"{t('hist_game_n', n=game['id'])} · {variant_name(game['variant'], s.lang)} · "
                 f"{when(game['finished'] or game['created'], s.lang, time=False)}")
        chooser = ft.Row(
            [
                tagged(ft.IconButton(icon=named_icon(ft.Icons.CHEVRON_LEFT, t("stats_older_game")), on_click=lambda _: self._step(1),
                                     disabled=self.chart_index >= len(games) - 1, width=theme.TAP,
                                     height=theme.TAP, tooltip=t("stats_older_game")), "stats-game-older"),
                tagged(ft.Text(label, size=15, weight=ft.FontWeight.W_500, text_align=ft.TextAlign.CENTER,
                               expand=True), "stats-game", expand=True),  # type: ignore[arg-type]
                tagged(ft.IconButton(icon=named_icon(ft.Icons.CHEVRON_RIGHT, t("stats_newer_game")), on_click=lambda _: self._step(-1),
                                     disabled=self.chart_index == 0, width=theme.TAP, height=theme.TAP,
                                     tooltip=t("stats_newer_game")),
                       "stats-game-newer"),
            ],
            spacing=0,
            vertical_alignment=ft.CrossAxisAlignment.CENTER,
        )
        return [chooser, running_chart(s, names, *match_running(state))]

    def _results(self) -> list[ft.Control]:
        """The results of the variant (the filter's, else the one finished last) in the form of play
        of its latest finished game: single games and matches of one length do not share a chart."""
        s = self.shell
        latest = s.store.execute(
            "SELECT g.variant, g.options FROM games g WHERE g.finished IS NOT NULL"
            + (" AND g.variant = ?" if self.variant is not None else "")
            + (" AND EXISTS (SELECT 1 FROM results r WHERE r.game_id = g.id AND r.name = ?)" if self.player else "")
            + " ORDER BY g.finished DESC, g.id DESC LIMIT 1",
            [x for x in (self.variant, self.player) if x is not None],
        )
        if not latest:
            return []
        variant, form = str(latest[0][0]), match_form(str(latest[0][0]), str(latest[0][1]))
        limit = 60
        results = results_over_time(s.store, variant, self.player, limit=limit, form=form)
        if not results:
            return []
        played: dict[str, int] = {}
        for result in results:
            for name in result.totals:
                played[name] = played.get(name, 0) + 1
        # The players with most games (the filter's player first): more lines than that are a tangle.
        names = sorted(played, key=lambda n: (n != self.player, -played[n]))[:MAX_LINES]
        title = " · ".join(x for x in (variant_name(variant, s.lang), form_name(form, s.lang)) if x)
        notes = [s.t("stats_latest_games", n=limit)] if len(results) >= limit else []
        if len(played) > len(names):
            notes.append(s.t("stats_lines_shown", n=len(names)))
        return [results_chart(s, results, names, title, " ".join(notes), self._colours)]

    def build(self) -> ft.Control:
        """Filters, rows, charts."""
        s = self.shell
        t = s.t
        store = s.store
        # Only who and what has finished games: another chip would lead to an empty page.
        players, variants = finished_players(store), finished_variants(store)
        bar = filter_bar(s, "stats-filter", players + [p for p in [self.player] if p and p not in players],
                         variants + [v for v in [self.variant] if v and v not in variants],
                         self.player, self.variant, self._filter)
        found = stat_rows(store, self.player, self.variant)
        parts: list[ft.Control]
        if not found:
            parts = [tagged(ft.Text(t("no_history"), size=16, color=theme.MUTED), "stats-empty")]
        elif self.player is not None:
            parts = [self._row(r) for r in found]  # the chosen player's cards, with every count
        else:
            parts = [tagged(ft.Text(t("stats_tap_player"), size=14, color=theme.MUTED), "stats-hint"),
                     *[self._table(table) for table in standings(found)]]
        self._colours = {}
        if found:  # no running chart of an unfinished game under «no finished games yet»
            parts += self._running()
        parts += self._results()
        body = ft.Column(parts, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [
                header(s, t("statistics"), back=s.home),
                ft.Container(content=bar, padding=ft.Padding.only(left=12, right=12, top=8)),
                ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=12, vertical=8), expand=True),
            ],
            spacing=0,
            expand=True,
        )
