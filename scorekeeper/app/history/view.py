"""History: the saved games, newest first, filtered by player and variant; each opens its sheet.

The sheet of a past game is shown read-only (every stage, the «гора» of each, totals and places)
with its running totals chart; an unfinished game also offers to resume it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from scorekeeper.app import theme, unfinished
from scorekeeper.app.history.words import card_note, played_when
from scorekeeper.app.new_game.model import changed_rules, house_rules_line
from scorekeeper.app.sheet.advice import has_table
from scorekeeper.app.sheet.model import Row, cell_name, drawn_score
from scorekeeper.app.shell import Shell
from scorekeeper.app.statistics.model import (
    day_of,
    form_name,
    local_day,
    match_running,
    num,
    played_variants,
    totals_by_game,
    when,
)
from scorekeeper.app.widgets import score_grid
from scorekeeper.app.widgets.dialogs import confirm_abandon
from scorekeeper.app.widgets.filters import filter_bar
from scorekeeper.app.widgets.frame import header, tagged
from scorekeeper.app.widgets.names import variant_name
from scorekeeper.app.widgets.review import review_button
from scorekeeper.app.widgets.score_grid import GridLook, Stripe
from scorekeeper.app.widgets.share import csv_button, share_button
from scorekeeper.game.moves import match_games
from scorekeeper.i18n import scored
from scorekeeper.store import StoreError

TROPHY = "#F9A825"  # the winner's cup (amber, reads on light and dark)
CROSSED = "—"  # a crossed-out box, as on the live sheet (the offline client has a glyph for it)
PAD = 12  # the screen's padding on either side
HEADER_H = 30  # the players' names above each stage
TOTAL_H = 36  # the line of totals below the sheet
LOOK = GridLook(prefix="history-", row_h=32, other_h=40, total_h=TOTAL_H, label_size=14, value_size=16,
                total_sizes=(18, 18, 18), total_key="sheet-total")
PAGE = 50  # games listed at first, and added by each "show more"
MATCH_OPTIONS = ("mode", "series_games", "target")  # a match's page says its form in its own line


class HistoryScreen:
    """The saved games with their players, results and winners."""

    def __init__(self, shell: Shell, player: str | None = None, variant: str | None = None,
                 shown: int = PAGE) -> None:
        self.shell = shell
        self.player = player
        self.variant = variant
        self.shown = shown  # how many of the newest games are listed
        self.list = ft.Column()
        self._day = ""  # the day heading of the last game listed

    def dispose(self) -> None:
        """Nothing to let go of."""

    def _filter(self, player: str | None, variant: str | None) -> None:
        self.player, self.variant = player, variant
        self.shown = PAGE
        self.shell.redraw()

    def _open(self, game_id: int) -> None:
        s = self.shell
        player, variant, shown = self.player, self.variant, self.shown
        s.go(f"/history/{game_id}", back=lambda: s.go("/history", player=player, variant=variant, shown=shown))

    def _rows(self, offset: int, count: int) -> list[ft.Control]:
        """The tiles of `count` games from the `offset`-th newest, under a heading for each day
        (the day the game began), then the button for more if there are."""
        s = self.shell
        games = s.store.games(self.player, self.variant, limit=count, offset=offset)
        totals = totals_by_game(s.store, [g["id"] for g in games if g["finished"]])
        rows: list[ft.Control] = []
        for game in games:
            day = day_of(game["created"], s.lang)
            if day != self._day:
                self._day = day
                rows.append(tagged(ft.Container(content=ft.Text(day, size=15, weight=ft.FontWeight.W_600),
                                                padding=ft.Padding.only(left=4, top=6)),
                                   f"history-day-{local_day(game['created'])}"))
            rows.append(self._tile(game, totals.get(game["id"], {})))
        left = self.total - offset - len(games)
        if left > 0:
            rows.append(tagged(ft.OutlinedButton(content=ft.Text(s.t("hist_more", n=min(PAGE, left)), size=16),
                                                 on_click=lambda _: self._more(), height=theme.TAP),
                               "history-more"))
        return rows

    def _more(self) -> None:
        """The next page of older games, added below those listed (the list stays where it is)."""
        offset = self.shown
        self.shown += PAGE
        if self.list.controls:
            self.list.controls.pop()  # the button
        self.list.controls += self._rows(offset, PAGE)
        self.count.value = self._count_text()
        try:
            self.list.update()  # only what changed goes to the browser
            self.count.update()
        except RuntimeError:  # not on a page (yet)
            self.shell.page.update()

    def _count_text(self) -> str:
        t = self.shell.t
        return t("hist_count", n=self.total) if self.shown >= self.total else t(
            "hist_shown", n=self.total, shown=self.shown)

    def _decided(self, game: dict[str, Any], totals: dict[str, int], series: Any = None) -> str:
        """How a match was played and settled: 'серия из 3', 'до 400', 'доп. игра' ('' for one game);
        `series`: a finished series' last state (its games tell whether an extra game settled it)."""
        s = self.shell
        form = game["form"]
        words = [form_name(form, s.lang)] if form else []
        if game["finished"] and self._went_to_extra_game(game, totals, form, series):
            words.append(s.t("hist_extra_decided"))
        return " · ".join(words)

    def _went_to_extra_game(self, game: dict[str, Any], totals: dict[str, int], form: str, series: Any) -> bool:
        if form.startswith("series"):
            return series is not None and any(g.extra for g in series.games)
        best = max(totals.values(), default=None)
        if len(game["winners"]) >= sum(1 for v in totals.values() if v == best):
            return False
        # a tie at the top settled otherwise: by an extra game, or at once (a Generala servida)
        state = self._state(game)
        return state is not None and any(g.extra for g in state.games)

    def _series_state(self, game: dict[str, Any]) -> Any:
        """A finished series' last state (its wins are not saved apart: its games tell), or None."""
        if not game["finished"] or not game["form"].startswith("series"):
            return None
        return self._state(game)

    def _state(self, game: dict[str, Any]) -> Any:
        """A saved game's last state, or None where it cannot be read."""
        try:
            _, state, _ = self.shell.store.load(game["id"])
        except Exception:
            return None
        return state

    def _tile(self, game: dict[str, Any], totals: dict[str, int]) -> ft.Control:
        s = self.shell
        t = s.t
        finished = bool(game["finished"])
        names = game["players"]
        players = " · ".join(scored(n, totals[n]) if n in totals else n for n in names)
        series = self._series_state(game)
        if series is not None:  # a series is won by games won, not by its points added up
            from scorekeeper.app.sheet.match import series_words
            from scorekeeper.game.report import match_dict

            players = " · ".join(series_words(match_dict(series), names, s.lang))
        decided = self._decided(game, totals, series)
        if finished:
            outcome = t("winners", names=", ".join(game["winners"]))
            result: ft.Control = ft.Row([ft.Icon(ft.Icons.EMOJI_EVENTS, size=18, color=TROPHY),
                                         ft.Text(", ".join(game["winners"]), size=15, weight=ft.FontWeight.W_600),
                                         *([ft.Text(f"· {decided}", size=14, color=theme.MUTED)] if decided else [])],
                                        spacing=4, tight=True, wrap=True)
        else:
            outcome = t("hist_abandoned" if game["abandoned"] else "hist_not_finished")
            result = ft.Text(outcome + (f" · {decided}" if decided else ""), size=15, weight=ft.FontWeight.W_600,
                             color=theme.MUTED if game["abandoned"] else ft.Colors.TERTIARY)
        title = variant_name(game["variant"], s.lang)
        # Under the day's heading: the hours it was played ('18:30 — 18:55'; a date only past midnight).
        date = played_when(game["created"], game["finished"], s.lang)
        day = when(game["created"], s.lang, time=False)
        date = date[len(day):].strip() if date.startswith(day) else date
        tile = ft.Container(
            content=ft.Column(
                [
                    ft.Row(
                        [
                            ft.Text(title, size=17, weight=ft.FontWeight.W_600, expand=True, no_wrap=True,
                                    overflow=ft.TextOverflow.ELLIPSIS),
                            ft.Text(date, size=13, color=theme.MUTED),
                        ],
                        spacing=8,
                    ),
                    ft.Text(players, size=15, color=theme.MUTED),
                    result,
                ],
                spacing=3,
            ),
            padding=ft.Padding.symmetric(horizontal=14, vertical=10),
            border_radius=12,
            bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH,
            on_click=lambda _, gid=game["id"]: self._open(gid),
            ink=True,
        )
        label = f"{title}, {date}. {players}. {outcome}" + (f". {decided}" if decided else "")
        return tagged(tile, f"history-game-{game['id']}", label, button=True)

    def build(self) -> ft.Control:
        """Filters, then one tile per game."""
        s = self.shell
        t = s.t
        store = s.store
        self.total = store.count_games(self.player, self.variant)
        self._day = ""
        tiles = self._rows(0, self.shown)
        self.count = ft.Text(self._count_text(), size=13, color=theme.MUTED)
        if tiles:
            tiles.insert(0, tagged(self.count, "history-count"))
        else:
            filtered = self.player is not None or self.variant is not None
            tiles = [tagged(ft.Text(t("hist_none_match" if filtered else "hist_no_games"), size=16,
                                    color=theme.MUTED), "history-empty")]
        bar = filter_bar(s, "history-filter", store.known_names(), played_variants(store),
                         self.player, self.variant, self._filter)
        self.list = body = ft.Column(tiles, spacing=10, scroll=ft.ScrollMode.AUTO, expand=True)
        return ft.Column(
            [
                header(s, t("history"), back=s.home, trailing=[csv_button(s, self.player, self.variant)]),
                ft.Container(content=bar, padding=ft.Padding.only(left=PAD, right=PAD, top=8)),
                ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=PAD, vertical=8), expand=True),
            ],
            spacing=0,
            expand=True,
        )


class GameSheetScreen:
    """One saved game's sheet, read-only, with its running totals."""

    def __init__(self, shell: Shell, game_id: int, back: Any = None, game_shown: int | None = None) -> None:
        self.shell = shell
        self.game_id = game_id
        self.route = f"/history/{game_id}"  # its address: a reload or Back comes back to it
        self.back = back or (lambda: shell.go("/history"))
        self.game_shown = game_shown  # which game of a match the sheet shows (None: the last)

    def dispose(self) -> None:
        """Nothing to let go of."""

    def build(self) -> ft.Control:
        """Summary, chart, then every stage of the sheet."""
        s = self.shell
        t = s.t
        try:
            info, state, _ = s.store.load(self.game_id)
        except StoreError as error:
            return ft.Column([header(s, t("hist_game_n", n=self.game_id), back=self.back),
                              ft.Container(content=ft.Text(str(error), size=16), padding=16)], expand=True)
        from scorekeeper.app.widgets.charts import running_chart

        sheet = state.sheet()
        names = [p["name"] for p in sheet["players"]]
        parts: list[ft.Control] = [self._summary(info, state, sheet), share_button(s, self.game_id, wide=True)]
        if state.finished and has_table(state.variant):  # where the advisor can look back on the game
            parts.append(review_button(s, self.game_id, lambda: s.go(self.route), wide=True))
        if not state.finished:
            parts.append(tagged(ft.FilledButton(content=ft.Text(t("hist_resume"), size=17),
                                                on_click=lambda _: self._resume(info.abandoned is not None),
                                                height=theme.TAP),
                                "history-resume"))
            if info.abandoned is None:
                parts.append(tagged(ft.OutlinedButton(content=ft.Text(t("abandon"), size=17),
                                                      on_click=lambda _: confirm_abandon(s, self.game_id, s.redraw),
                                                      height=theme.TAP),
                                    "history-abandon"))
        parts.append(running_chart(s, names, *match_running(state)))
        shown, shown_sheet, game = state, sheet, None
        if "match" in sheet:  # which of the match's games to show: the last (or the one in play) first
            chooser, shown, game = self._game_chooser(state, sheet)
            parts.append(chooser)
            shown_sheet = sheet if shown is state else shown.sheet()
        parts.append(tagged(self._sheet(shown, shown_sheet), "history-sheet"))
        parts.append(self._moves(state, game))
        body = ft.Column(parts, spacing=12, scroll=ft.ScrollMode.AUTO, expand=True)
        # The number first: a long variant name is cut, the game's number stays.
        title = f"{t('hist_game_no', n=self.game_id)} · {variant_name(info.variant, s.lang)}"
        return ft.Column(
            [header(s, title, back=self.back),
             ft.Container(content=body, padding=ft.Padding.symmetric(horizontal=PAD, vertical=8), expand=True)],
            spacing=0,
            expand=True,
        )

    def _game_chooser(self, state: Any, sheet: dict[str, Any]) -> tuple[ft.Control, Any, int]:
        """The match's games as buttons (`history-match-game-K`), each opening its own sheet, the last
        game (or the one being played) at first; the state whose sheet to show, and its game's
        index in the match (0-based, extra games counted)."""
        from scorekeeper.app.sheet.match import game_title, played_games

        s = self.shell
        games = match_games(state)
        titles = [game_title(g, s.lang) for g in played_games(sheet["match"])]
        if not state.finished:  # the game being played, as it stands
            titles.append(s.t("hist_game_in_play"))
        last = len(titles) - 1
        chosen = last if self.game_shown is None else min(self.game_shown, last)

        def pick(k: int) -> Callable[[Any], None]:
            def handler(_: Any) -> None:
                self.game_shown = k
                s.redraw()
            return handler

        buttons: list[ft.Control] = []
        for k, title in enumerate(titles):
            kind = ft.FilledTonalButton if k == chosen else ft.OutlinedButton  # alike in size: no jump
            button = kind(content=ft.Text(title, size=15), on_click=pick(k), height=theme.TAP)
            buttons.append(tagged(button, f"history-match-game-{k + 1}", selected=k == chosen))
        chooser = ft.Column([ft.Text(s.t("hist_game_sheet"), size=15, weight=ft.FontWeight.W_600),
                             ft.Row(buttons, spacing=4, wrap=True)], spacing=4)
        return chooser, state if chosen == last else games[chosen], chosen

    def _resume(self, abandoned: bool) -> None:
        """Open the game's sheet to play on (an abandoned game is no longer so)."""
        if abandoned:
            self.shell.store.set_aside(self.game_id, aside=False)
            unfinished.changed(self.shell.store)
        self.shell.open_game(self.game_id)

    def _moves(self, state: Any, game: int | None = None) -> ft.Control:
        """Every turn of the game (of a match, of its `game`-th game, 0-based), newest first, the
        moves an Undo took back kept and marked."""
        from scorekeeper.app.sheet.turns import turns_played
        from scorekeeper.game import new_game
        from scorekeeper.game.moves import replay_moves

        s = self.shell
        log = replay_moves(new_game(state.variant, state.players), s.store.actions(self.game_id))
        if game is not None:
            log = [m for m in log if len(m.before.games) == game]
        lines = turns_played(state, s.lang, limit=None, log=log)
        return tagged(
            ft.Column([ft.Text(s.t("turns_played"), size=15, weight=ft.FontWeight.W_600),
                       *[ft.Text(line, size=13, color=theme.MUTED) for line in lines]], spacing=2),
            "history-turns",
            visible=bool(lines),
        )

    def _summary(self, info: Any, state: Any, sheet: dict[str, Any]) -> ft.Control:
        """The result: who won, when, each player's total and place (of the match, in a match: its
        carried totals, as the list of games shows them, and each game's result)."""
        from scorekeeper.app.sheet.match import game_result, match_line, played_games
        from scorekeeper.app.sheet.model import winners_line

        s = self.shell
        t = s.t
        match = sheet.get("match")
        totals = {p["name"]: p["total"] for p in sheet["players"]} if match is None else match["totals"]
        players = list(enumerate(sheet["players"]))
        if state.finished:
            players.sort(key=lambda seated: int(seated[1]["rank"]))  # the winner first, then by place
        cards: list[ft.Control] = []
        for seat, p in players:
            won = state.finished and p["rank"] == 1
            cards.append(
                tagged(
                    ft.Container(
                        content=ft.Column(
                            [
                                ft.Row([*([ft.Icon(ft.Icons.EMOJI_EVENTS, size=16, color=TROPHY)] if won else []),
                                        ft.Text(p["name"], size=15, weight=ft.FontWeight.W_600, no_wrap=True,
                                                overflow=ft.TextOverflow.ELLIPSIS, text_align=ft.TextAlign.CENTER,
                                                expand=True)],
                                       spacing=2),
                                ft.Text(num(totals[p["name"]]), size=26, weight=ft.FontWeight.BOLD),
                                ft.Text(card_note(p, sheet, s.lang), size=12, color=theme.MUTED),
                            ],
                            spacing=0,
                            horizontal_alignment=ft.CrossAxisAlignment.CENTER,
                        ),
                        padding=ft.Padding.symmetric(horizontal=10, vertical=8),
                        border_radius=12,
                        bgcolor=theme.CURRENT_COLUMN if won else ft.Colors.SURFACE_CONTAINER_HIGH,
                        width=104,
                    ),
                    f"history-total-{seat + 1}",
                    ", ".join(x for x in (f"{p['name']}: {num(totals[p['name']])}", card_note(p, sheet, s.lang)) if x),
                )
            )
        status = (winners_line(state, s.lang) if state.finished
                  else t("hist_abandoned" if info.abandoned else "hist_not_finished"))
        shown: list[ft.Control] = [
            tagged(ft.Text(status, size=18, weight=ft.FontWeight.W_600), "history-status"),
            tagged(ft.Text(played_when(info.created, info.finished, s.lang), size=13, color=theme.MUTED),
                   "history-dates"),
        ]
        if match is not None:  # its games are listed below the cards: the line says the match's form and score
            shown.append(tagged(ft.Text(match_line(sheet, s.lang, games=False), size=14), "history-match"))
        rules = changed_rules(info.variant, dict(info.options), s.lang, MATCH_OPTIONS if match is not None else ())
        if rules:
            shown.append(tagged(ft.Text(house_rules_line(rules, s.lang), size=13, color=theme.MUTED),
                                "history-house-rules"))
        shown.append(ft.Row(cards, wrap=True, spacing=8, run_spacing=8))
        if match is not None:
            names = [p["name"] for p in sheet["players"]]
            shown.append(tagged(ft.Column([ft.Text(game_result(g, names, s.lang), size=13, color=theme.MUTED)
                                           for g in played_games(match)], spacing=2), "history-match-games"))
        return ft.Column(shown, spacing=6)

    def _name_width(self, players: int) -> float:
        """The box names' column: narrower when many players share the phone's width."""
        return theme.NAME_W if players <= 4 else theme.NAME_W_NARROW

    def _cell_width(self, players: int) -> float:
        """A player's column: the page's width shared out, never under 44 px (then it scrolls)."""
        room = self.shell.width - 2 * PAD - self._name_width(players)
        return max(44.0, min(84.0, room / max(1, players)))

    def _sheet(self, state: Any, sheet: dict[str, Any]) -> ft.Control:
        """Every stage's rows; when the players' columns do not fit the page's width, the box names
        stay put and the columns scroll sideways."""
        s = self.shell
        variant = state.variant
        players = sheet["players"]
        name_w = self._name_width(len(players))
        width = self._cell_width(len(players))

        def box(seat: int, player: dict[str, Any], row: Row, width: float) -> ft.Control:
            assert row.box_id is not None
            part = player["stages"][stage - 1]
            value = part["boxes"].get(row.box_id)
            crossed = row.box_id in part["crossed"]
            # A crossed box reads as on the live sheet: a dash, spoken as "crossed out".
            shown = "" if value is None else CROSSED if crossed else drawn_score(variant, row.box_id, value)
            content = ft.Text(shown, size=16, color=theme.MUTED if crossed else None,
                              semantics_label=s.t("crossed") if crossed else None)
            cell = tagged(ft.Container(content=content, width=width, height=LOOK.row_h, alignment=ft.Alignment.CENTER,
                                       border=ft.Border.only(left=ft.BorderSide(0.5, theme.LINE))),
                          f"history-box-{seat + 1}-{stage}-{row.box_id}")
            spoken = s.t("crossed") if crossed else shown
            return ft.Semantics(content=cell, label=cell_name(player["name"], row.label.in_(s.lang), spoken, s.lang))

        parts: list[Stripe] = []
        for stage in range(1, variant.stages + 1):
            if variant.stages > 1:
                parts.append((ft.Container(content=ft.Text(s.t("hist_stage_n", n=stage), size=16,
                                                           weight=ft.FontWeight.W_600, no_wrap=True),
                                           width=name_w, height=HEADER_H + 8, alignment=ft.Alignment.BOTTOM_LEFT,
                                           padding=ft.Padding.only(left=8, bottom=4)),
                              [ft.Container(width=0, height=HEADER_H + 8)], None, None))
            parts.append((
                ft.Container(width=name_w, height=HEADER_H),
                [ft.Container(content=ft.Text(p["name"], size=14, weight=ft.FontWeight.W_600, no_wrap=True,
                                              overflow=ft.TextOverflow.ELLIPSIS),
                              width=width, height=HEADER_H, alignment=ft.Alignment.CENTER) for p in players],
                None, None,
            ))
            parts += score_grid.stage_stripes(s, LOOK, variant, sheet, stage, name_w, width, box)
        parts += score_grid.total_stripes(s, LOOK, variant, sheet, name_w, width,
                                          border=ft.Border.only(top=ft.BorderSide(1, theme.LINE)))
        if name_w + width * len(players) <= s.width - 2 * PAD:
            return ft.Column(score_grid.draw(parts), spacing=0)
        columns = ft.Row([ft.Column(score_grid.draw(parts, left=False), spacing=0)], scroll=ft.ScrollMode.AUTO,
                         expand=True)
        return ft.Row([ft.Column(score_grid.draw(parts, right=False), spacing=0, width=name_w), columns], spacing=0,
                      vertical_alignment=ft.CrossAxisAlignment.START)
