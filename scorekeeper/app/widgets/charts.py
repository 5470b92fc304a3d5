"""The two charts (flet-charts): running totals of one game, and each player's results over time.

Each chart carries a spoken summary (its label), since a screen reader cannot read lines; the
colours are mid tones that read on light and dark, the axes' labels are big enough for a phone.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

import flet as ft
import flet_charts as fch

from scorekeeper.app import theme
from scorekeeper.app.shell import Shell, tagged
from scorekeeper.app.statistics.model import GameResult, GameStart, axis_step, colour
from scorekeeper.i18n import num

CHART_H = 230
TOOLTIP_BG = "#263238"  # dark in both themes: the lines' mid tones read on it
MARK_DASH = [6, 5]  # px drawn, px left: the line where a match's next game begins
TOOLTIP_MAX_W = 240  # px: «Мария-Антуанетта: 1234» on one line (fl_chart's 120 broke names)


def _ticks(low: float, high: float, count: int = 5) -> tuple[float, float, float]:
    """A round min, max and step covering [low, high] (0 included)."""
    low, high = min(low, 0.0), max(high, 0.0)
    step = axis_step(max(high - low, 1.0), count)
    return (math.floor(low / step) * step, math.ceil(high / step) * step or step, step)


def _label(value: float) -> fch.ChartAxisLabel:
    text = f"{value:.0f}".replace("-", "−")
    return fch.ChartAxisLabel(value=value, label=ft.Text(text, size=13, color=theme.MUTED))


def _axis_labels(low: float, high: float, step: float) -> list[fch.ChartAxisLabel]:
    labels = []
    value = low
    while value <= high + step / 2:
        labels.append(_label(value))
        value += step
    return labels


def _tip(names: Sequence[str], seat: int, y: float) -> str:
    value = f"{y:.0f}".replace("-", "−")
    return f"{names[seat]}: {value}" if seat < len(names) else value


def legend(names: Sequence[str], seats: Sequence[int] | None = None) -> ft.Control:
    """Coloured dots with the players' names."""
    items: list[ft.Control] = []
    for i, name in enumerate(names):
        seat = seats[i] if seats is not None else i
        items.append(
            ft.Row(
                [ft.Container(width=14, height=14, border_radius=7, bgcolor=colour(seat)),
                 ft.Text(name, size=15, weight=ft.FontWeight.W_500)],
                spacing=6,
                tight=True,
            )
        )
    return ft.Row(items, wrap=True, spacing=14, run_spacing=4)


def _chart(series: list[tuple[int, list[tuple[float, float]]]], x_max: float, x_title: str,
           x_step: float | None = None, names: Sequence[str] = (), colours: Sequence[int] | None = None,
           marks: Sequence[float] = ()) -> fch.LineChart:
    """One line per (player's index in `names`, points); `colours` the palette index of each
    player where it is not the index itself; a dashed upright line at each x of `marks`."""
    ys = [y for _, points in series for _, y in points] or [0.0]
    low, high, step = _ticks(min(ys), max(ys))
    xs = x_step or axis_step(max(x_max, 1.0), 5)
    data = [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=x, y=y, show_tooltip=False) for y in (low, high)],
            color=theme.MUTED,
            stroke_width=1.5,
            dash_pattern=MARK_DASH,
            point=False,
        )
        for x in marks
    ] + [
        fch.LineChartData(
            points=[fch.LineChartDataPoint(x=x, y=y, tooltip=_tip(names, seat, y)) for x, y in points],
            color=colour(colours[seat] if colours is not None else seat),
            stroke_width=3,
            curved=False,
            rounded_stroke_cap=True,
            point=len(points) <= 16,
        )
        for seat, points in series
        if points
    ]
    return fch.LineChart(
        data_series=data,
        min_x=0 if x_step is None else 0.6,
        max_x=max(x_max, 1) if x_step is None else x_max + 0.4,
        min_y=low,
        max_y=high,
        height=CHART_H,
        expand=True,
        interactive=True,
        border=ft.Border.all(1, theme.LINE),
        horizontal_grid_lines=fch.ChartGridLines(interval=step, color=theme.LINE, width=1),
        vertical_grid_lines=fch.ChartGridLines(interval=xs, color=theme.LINE, width=0.5),
        left_axis=fch.ChartAxis(labels=_axis_labels(low, high, step), label_size=44, label_spacing=step),
        bottom_axis=fch.ChartAxis(
            labels=_axis_labels(0 if x_step is None else 1, max(x_max, 1), xs),
            label_size=26,
            label_spacing=xs,
            title=ft.Text(x_title, size=13, color=theme.MUTED),
            title_size=20,
        ),
        # Inside the chart's own box: above its top it covered the legend, past its right edge it
        # was cut off; wide enough that a name stays on one line.
        tooltip=fch.LineChartTooltip(bgcolor=TOOLTIP_BG, border_radius=8, max_width=TOOLTIP_MAX_W,
                                     fit_inside_horizontally=True, fit_inside_vertically=True),
        right_axis=fch.ChartAxis(show_labels=False, label_size=8),
        top_axis=fch.ChartAxis(show_labels=False, label_size=8),
    )


def _palette(names: Sequence[str], given: Mapping[str, int]) -> list[int]:
    """Each name's palette index: the one given, else the first not taken."""
    taken = {given[n] for n in names if n in given}
    free = (i for i in range(len(names) + len(taken)) if i not in taken)
    return [given[n] if n in given else next(free) for n in names]


def running_chart(shell: Shell, names: Sequence[str], totals: list[list[int]],
                  starts: Sequence[GameStart] = ()) -> ft.Control:
    """Running totals turn by turn of one game: one line per player (`chart-running-totals`); in a
    match, a dashed line where each next game begins (`starts`), said in the note and the summary."""
    series = [(seat, [(float(turn), float(total)) for turn, total in enumerate(points)])
              for seat, points in enumerate(totals)]
    turns = max((len(p) - 1 for p in totals), default=0)
    summary = ", ".join(f"{name} {num(points[-1]) if points else 0}" for name, points in zip(names, totals, strict=False))
    note = shell.t("stats_running_note")
    if starts:
        note = f"{note} {shell.t('stats_running_games')}"
        said, regular = [], 1
        for start in starts:
            regular += not start.extra
            said.append(shell.t("stats_game_start_extra" if start.extra else "stats_game_start",
                                n=regular, turn=round(start.at + 0.5)))
        summary = f"{summary}; {', '.join(said)}"
    body = ft.Column(
        [
            ft.Text(shell.t("running_totals"), size=18, weight=ft.FontWeight.W_600),
            ft.Text(note, size=13, color=theme.MUTED),
            legend(names),
            _chart(series, float(turns), shell.t("stats_turn"), names=names, marks=[s.at for s in starts]),
        ],
        spacing=6,
    )
    return tagged(ft.Container(content=body, padding=12, border_radius=12,
                               bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH),
                  "chart-running-totals", f"{shell.t('running_totals')}: {summary}")


def results_chart(shell: Shell, results: Sequence[GameResult], names: Sequence[str], title: str,
                  note: str = "", colours: Mapping[str, int] | None = None) -> ft.Control:
    """Each player's total in each finished game, oldest first (`chart-results`); `note` says
    what was left out; `colours` the palette index of players already drawn in another chart
    (the others take the first colours left)."""
    drawn = _palette(names, colours or {})
    series = []
    for seat, name in enumerate(names):
        points = [(float(i + 1), float(r.totals[name])) for i, r in enumerate(results) if name in r.totals]
        series.append((seat, points))
    summary = "; ".join(
        f"{name}: " + ", ".join(num(r.totals[name]) for r in results if name in r.totals) for name in names
    )
    body = ft.Column(
        [
            ft.Text(shell.t("results_over_time"), size=18, weight=ft.FontWeight.W_600),
            ft.Text(" ".join(x for x in (f"{title}. {shell.t('stats_results_note')}", note) if x), size=13,
                    color=theme.MUTED),
            legend(names, drawn),
            _chart(series, float(len(results)), shell.t("stats_game"), x_step=1.0 if len(results) <= 8 else None,
                   names=names, colours=drawn),
        ],
        spacing=6,
    )
    return tagged(ft.Container(content=body, padding=12, border_radius=12,
                               bgcolor=ft.Colors.SURFACE_CONTAINER_HIGH),
                  "chart-results", f"{shell.t('results_over_time')}: {summary}")
