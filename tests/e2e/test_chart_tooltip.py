"""A tap on the running-totals chart of a past game shows each player's total there, inside the
chart: not over the legend above it, not cut off at the phone's edge."""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.widgets.charts import CHART_H
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.e2e.conftest import AppServer, Tab
from tests.e2e.test_history_stats import greedy

pytestmark = pytest.mark.e2e

CARD_PAD = 12  # the chart card's padding (charts.running_chart)
RIGHT_AXIS = 8  # the chart's empty right axis


def test_the_tooltip_of_the_last_turn_stays_inside_the_chart(browser: Any, tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    rng = random.Random(3)
    with Store(db) as store:
        service = GameService.create(store, "ru_fences", ["Аня", "Борис"])
        for _ in range(14):  # Аня's line climbs to the top right corner
            service.act(greedy(service.state, rng))
        service.close()
    app = AppServer(db).start()
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark", device_scale_factor=1)
    try:
        tab = Tab(context.new_page(), app.url + "history/1")
        tab.open()
        card = tab.find("chart-running-totals").bounding_box()
        assert card is not None
        time.sleep(0.5)
        chart_top = card["y"] + card["height"] - CARD_PAD - CHART_H
        # The card above the chart (title, note, legend), less the page's scroll bar (shown while the
        # pointer is over the page) and the last pixels, where the touched point's ring may reach.
        above = {"x": card["x"], "y": card["y"], "width": card["width"] - 30, "height": chart_top - card["y"] - 10}
        chart = {"x": card["x"], "y": chart_top, "width": card["width"], "height": CHART_H}
        before = tab.page.screenshot(clip=above), tab.page.screenshot(clip=chart)
        x = card["x"] + card["width"] - CARD_PAD - RIGHT_AXIS - 1  # the last turn, at the plot's right edge
        tab.page.mouse.move(x - 1, chart_top + 40)
        tab.page.mouse.move(x, chart_top + 40)
        tab.page.mouse.down()
        time.sleep(0.8)
        during = tab.page.screenshot(clip=above), tab.page.screenshot(clip=chart)
        tab.shot("chart-tooltip-360")
        tab.page.mouse.up()
        assert during[1] != before[1], "no tooltip came up"
        assert during[0] == before[0], "the tooltip covers the legend above the chart"
    finally:
        context.close()
        app.stop()
