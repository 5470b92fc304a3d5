"""History and statistics in Chromium, on a database of games written beforehand through the store.

A server of its own (module scope) serves a database holding two finished ru_fences games, a
finished Yahtzee game and an unfinished one; the tests read the screens through the identifiers.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.app.statistics.model import num
from scorekeeper.game import CrossOut, Roll, Score, State
from scorekeeper.service import GameService
from scorekeeper.store import Store
from tests.e2e.conftest import AppServer, Tab

pytestmark = pytest.mark.e2e

GAMES = [
    ("ru_fences", ["Аня", "Борис"], None),
    ("yahtzee", ["Аня", "Вера", "Борис"], None),
    ("ru_fences", ["Аня", "Борис", "Вера"], None),
    ("ru_fences", ["Борис", "Аня"], 10),  # unfinished: 10 actions
]


def greedy(state: State, rng: random.Random) -> Any:
    """A fair player: throws once to three times, then writes the box that scores most."""
    if state.throws == 0 or (state.can_roll() and rng.random() < 0.4):
        return Roll(tuple(rng.randint(1, 6) for _ in range(5)))
    best: tuple[int, str] | None = None
    for box in sorted(state.open_boxes()):
        if state.can_score(box):
            evaluation = state.preview(box)
            if evaluation.valid and (best is None or evaluation.score > best[0]):
                best = (evaluation.score, box)
    if best is not None:
        return Score(best[1])
    for box in sorted(state.open_boxes()):
        if state.can_cross_out(box):
            return CrossOut(box)
    return Score(next(b for b in sorted(state.open_boxes()) if state.can_score(b)))


def fill(db: Path) -> dict[str, Any]:
    """Write the games; return what the screens should show."""
    rng = random.Random(11)
    facts: dict[str, Any] = {"ids": []}
    with Store(db) as store:
        for variant, players, stop in GAMES:
            service = GameService.create(store, variant, players)
            taken = 0
            while not service.state.finished and (stop is None or taken < stop):
                service.act(greedy(service.state, rng))
                taken += 1
            facts["ids"].append(service.game_id)
            if variant == "ru_fences" and stop is None and "first" not in facts:
                facts["first"] = service.state.sheet()
            service.close()
        facts["stats"] = store.player_stats()
    return facts


@pytest.fixture(scope="module")
def filled(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[AppServer, dict[str, Any]]]:
    db = tmp_path_factory.mktemp("history") / "games.sqlite"
    facts = fill(db)
    app = AppServer(db).start()
    yield app, facts
    app.stop()


@pytest.fixture
def tab(browser: Any, filled: tuple[AppServer, dict[str, Any]]) -> Iterator[Any]:
    contexts: list[Any] = []

    def open_tab(color_scheme: str = "light", locale: str | None = None) -> Tab:
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=color_scheme,
                                      device_scale_factor=1, **({"locale": locale} if locale else {}))
        contexts.append(context)
        page = Tab(context.new_page(), filled[0].url)
        page.open()
        return page

    yield open_tab
    for context in contexts:
        context.close()


def test_history_lists_games_newest_first_and_opens_a_read_only_sheet(tab: Any, filled: Any) -> None:
    _, facts = filled
    first, yahtzee, _third, unfinished = facts["ids"]
    page = tab()
    page.tap("history")
    page.wait(f"history-game-{unfinished}")
    labels = page.page.locator('[flt-semantics-identifier^="history-game-"]')
    order = [labels.nth(i).get_attribute("flt-semantics-identifier") for i in range(labels.count())]
    assert order == [f"history-game-{i}" for i in reversed(facts["ids"])]
    assert re.search("не закончена", page.text(f"history-game-{unfinished}"))
    winners = facts["first"]["winners"]
    assert f"Победа: {', '.join(winners)}" in page.text(f"history-game-{first}")
    page.shot("history-light")

    # filter by variant, then by player
    page.tap("history-filter-variant-yahtzee")
    page.wait(f"history-game-{yahtzee}")
    deadline_ok = False
    for _ in range(30):
        if not page.has(f"history-game-{first}"):
            deadline_ok = True
            break
        page.page.wait_for_timeout(100)
    assert deadline_ok, "the variant filter kept a ru_fences game"
    page.tap("history-filter-variant-all")
    page.tap("history-filter-player-Вера")
    page.wait(f"history-game-{yahtzee}")
    page.page.wait_for_timeout(300)
    assert not page.has(f"history-game-{first}")  # Вера did not play the first game
    page.tap("history-filter-player-all")

    # the first game's sheet, read-only
    page.tap(f"history-game-{first}")
    page.wait("history-sheet")
    sheet = facts["first"]
    for seat, player in enumerate(sheet["players"], start=1):
        assert page.wait_text(f"history-total-{seat}", re.compile(rf"{num(player['total'])}\b"))
        three = player["stages"][0]["boxes"]["three"]
        shown = "вычеркнута" if "three" in player["stages"][0]["crossed"] else num(three)
        assert shown in page.text(f"history-box-{seat}-1-three")
    assert "Победа" in page.text("history-status")
    assert page.has("chart-running-totals")
    assert not page.has("throw") and not page.has("die-1")  # nothing to play here
    page.shot("history-game-light")
    page.tap("back")
    page.wait(f"history-game-{first}")


def test_statistics_rows_and_charts(tab: Any, filled: Any) -> None:
    _, facts = filled
    page = tab()
    page.tap("statistics")
    page.wait("chart-results")
    page.shot("statistics-light")
    for row in facts["stats"]:
        identifier = f"stats-row-{row['name']}-{row['variant']}"
        text = page.text(identifier)
        assert f"Игр {row['games']}" in text and f"Побед {row['wins']}" in text, text
        # The «гора» earns premiums; Yahtzee's upper sum a bonus, named as New game names it.
        earned = "Премии" if row["variant"] == "ru_fences" else "Бонусы верха"
        assert f"Лучший {num(row['best'])}" in text and f"{earned} {row['premiums']}" in text, text
        # A penalty only the «гора» can cost: Yahtzee's card does not show one.
        assert (f"Штрафы {row['penalties']}" in text) == (row["variant"] == "ru_fences"), text
        if row["variant"] == "ru_fences":
            assert f"Ограды + {row['fences_earned']}" in text and f"Ограды − {row['fences_spent']}" in text
    running = page.text("chart-running-totals")
    assert running.startswith("Сумма по ходам")
    results = page.text("chart-results")
    assert results.startswith("Результаты по играм")
    page.shot("statistics-charts-light")
    # the newest game first, then older ones
    newest = page.text("stats-game")
    page.tap("stats-game-older")
    older = re.escape(newest.split(" · ")[0])
    page.wait_text("stats-game", re.compile(rf"^(?!{older} ·)Игра №\d+"))
    # one player and one variant
    page.tap("stats-filter-player-Вера")
    page.wait("stats-row-Вера-yahtzee")
    page.page.wait_for_timeout(300)
    assert not page.has("stats-row-Аня-ru_fences")


def test_statistics_standings_fit_a_small_phone_and_a_line_chooses_its_player(browser: Any, filled: Any) -> None:
    """At 360×640 each variant's table and its lines stay inside the screen; a tap on a line shows
    that player's cards with every count."""
    app, facts = filled
    context = browser.new_context(viewport={"width": 360, "height": 640}, device_scale_factor=1)
    try:
        page = Tab(context.new_page(), app.url)
        page.open()
        page.tap("statistics")
        page.wait("stats-table-ru_fences")
        for row in facts["stats"]:
            box = page.find(f"stats-row-{row['name']}-{row['variant']}").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360.5, (row, box)
        page.shot("statistics-standings-360")
        leader = next(r for r in facts["stats"] if r["variant"] == "ru_fences")
        identifier = f"stats-row-{leader['name']}-ru_fences"
        page.tap(identifier)
        page.wait_text(identifier, re.compile(r"Ограды \+"))
        for _ in range(30):
            if not page.has("stats-table-ru_fences"):
                break
            page.page.wait_for_timeout(100)
        assert not page.has("stats-table-ru_fences")  # the player's cards, not the tables
    finally:
        context.close()


def test_dark_screens(tab: Any, filled: Any) -> None:
    _, facts = filled
    page = tab("dark")
    page.tap("statistics")
    page.wait("chart-results")
    page.shot("statistics-dark")
    page.find("chart-results")
    page.shot("statistics-charts-dark")
    page.tap("back")
    page.tap("history")
    page.wait(f"history-game-{facts['ids'][0]}")
    page.shot("history-dark")
    page.tap(f"history-game-{facts['ids'][0]}")
    page.wait("history-sheet")
    page.shot("history-game-dark")


def test_english_screens(tab: Any, filled: Any) -> None:
    """The same screens in English, on a phone whose language is English."""
    _app, facts = filled
    page = tab(locale="en-US")
    page.tap("statistics")
    row = facts["stats"][0]
    text = page.text(f"stats-row-{row['name']}-{row['variant']}")
    assert f"Games {row['games']}" in text and f"Wins {row['wins']}" in text
    page.node("stats-filter-player-all").scroll_into_view_if_needed()
    page.shot("statistics-en-light")
    page.tap("back")
    page.tap("history")
    assert "Winner:" in page.text(f"history-game-{facts['ids'][0]}")
    page.tap(f"history-game-{facts['ids'][0]}")
    page.wait("history-sheet")
    assert "Winner" in page.text("history-status")
    page.shot("history-game-en-light")


def test_a_game_in_history_has_its_own_address_and_fits_a_narrow_phone(browser: Any, filled: Any) -> None:
    """Back goes from a game to the list, then home; the address opens the game; four players fit 360 px."""
    app, _ = filled
    rng = random.Random(4)
    with Store(app.db) as store:
        service = GameService.create(store, "yatzy", ["Аня", "Борис", "Вера", "Глеб"])
        while not service.state.finished:
            service.act(greedy(service.state, rng))
        game_id = service.game_id
        service.close()
    context = browser.new_context(viewport={"width": 360, "height": 800}, device_scale_factor=1)
    try:
        page = Tab(context.new_page(), app.url)
        page.open()
        page.tap("history")
        page.tap(f"history-game-{game_id}")
        page.wait("history-sheet")
        assert page.page.evaluate("location.pathname") == f"/history/{game_id}"
        assert page.page.get_by_text(f"№{game_id} ·").count() == 1  # the title keeps the number
        for seat in range(1, 5):
            box = page.find(f"history-sheet-total-{seat}").bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= 360.5, (seat, box)
        page.shot("history-game-360")
        page.page.go_back()
        page.wait(f"history-game-{game_id}")
        page.page.go_back()
        page.wait("new-game")
        page.url = f"{app.url}history/{game_id}"
        page.open()  # the address alone opens the game, as a reload or a bookmark does
        page.wait("history-sheet")
    finally:
        context.close()


def test_a_season_of_games_is_listed_a_page_at_a_time_and_says_how_many(browser: Any, filled: Any) -> None:
    """With more games than a page, History says how many there are, and "show more" adds the older
    ones below those listed."""
    from scorekeeper.app.history.view import PAGE

    app, facts = filled
    rng = random.Random(8)
    with Store(app.db) as store:
        for _ in range(PAGE):
            service = GameService.create(store, "generala", ["Аня"])
            while not service.state.finished:
                service.act(greedy(service.state, rng))
            service.close()
        total = store.count_games()
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=1)
    try:
        page = Tab(context.new_page(), app.url)
        page.open()
        page.tap("history")
        assert f"Игр: {total}, показаны последние {PAGE}" in page.text("history-count")
        oldest = f"history-game-{facts['ids'][0]}"
        assert not page.has(oldest)
        page.tap("history-more")
        page.wait(oldest)
        assert not page.has("history-more")
        assert page.text("history-count").endswith(f"Игр: {total}")
    finally:
        context.close()
