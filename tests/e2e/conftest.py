"""Drive the real app in Debian's Chromium: one server per session, helpers to read the sheet.

The tests skip (never fail) where /usr/bin/chromium or the playwright package is missing.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path(os.environ.get("SCOREKEEPER_CHROMIUM", "/usr/bin/chromium"))
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # The phones at the table speak Russian unless a test gives its browser context a locale.
    "--accept-lang=ru-RU",
]
PHONE = {"width": 390, "height": 844}
ROOT = Path(__file__).resolve().parents[2]
SCREENS = ROOT / "artifacts" / "screens"


def free_port() -> int:
    """A TCP port nobody listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class AppServer:
    """`scorekeeper app` on a free port with its own database; ended by its own PID."""

    def __init__(self, db: Path, host: str = "127.0.0.1") -> None:
        self.db = db
        self.host = host
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.process: subprocess.Popen[bytes] | None = None
        self.started_in = 0.0

    def start(self) -> AppServer:
        self.log = self.db.with_suffix(f".{self.port}.log")
        log = open(self.log, "wb")  # noqa: SIM115 - kept for the run
        t0 = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "scorekeeper.cli", "app", "--host", self.host, "--port", str(self.port),
             "--db", str(self.db), "--no-browser"],
            cwd=ROOT,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the app exited with {self.process.returncode}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                self.started_in = time.monotonic() - t0
                return self
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the app did not start listening within 60 s")

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=10)
        self.process = None


class Tab:
    """One browser tab on the app, read and driven through the test identifiers."""

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url
        self.taps = 0  # taps on the app (counted by tap())

    def open(self, reload: bool = False) -> float:
        """Load the app (or reload the tab) and turn on semantics; seconds until the first screen
        is readable."""
        t0 = time.monotonic()
        if reload:
            self.page.reload()
        else:
            self.page.goto(self.url)
        self.page.wait_for_selector("#loading", state="detached", timeout=60_000)
        self.page.locator("flt-semantics-placeholder").dispatch_event("click")
        self.page.wait_for_selector("[flt-semantics-identifier]", timeout=60_000)
        return time.monotonic() - t0

    def node(self, identifier: str) -> Any:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').first

    def wait(self, identifier: str, timeout: float = 10_000) -> Any:
        node = self.node(identifier)
        node.wait_for(state="attached", timeout=timeout)
        return node

    def has(self, identifier: str) -> bool:
        return self.page.locator(f'[flt-semantics-identifier="{identifier}"]').count() > 0

    def tap(self, identifier: str) -> None:
        """Click the control with this identifier (scrolling the sheet to it if needed)."""
        from playwright.sync_api import Error as PlaywrightError

        for attempt in range(4):
            for _ in range(20):
                # A redraw replaces semantics nodes; a click on a node that is being replaced is
                # lost, so click only a node that stayed the same for a moment.
                node = self.find(identifier)
                node_id = node.get_attribute("id")
                time.sleep(0.08)
                if node_id and self.page.locator(f"#{node_id}").count() == 1:
                    break
            node = self.page.locator(f"#{node_id}") if node_id else self.find(identifier)
            target = node.locator("input, [role=button], [flt-tappable]").first
            if target.count() == 0 or node.get_attribute("flt-tappable") is not None:
                target = node
            try:
                if attempt < 2:
                    target.click(timeout=4000)
                else:
                    # Something lies over the node (a dialog's fading barrier): the semantics
                    # node takes the click itself, as a screen reader's tap would.
                    target.dispatch_event("click", timeout=4000)
            except PlaywrightError:
                if attempt == 3:
                    raise
                continue  # the click did not happen: nothing was clicked, try again
            self.taps += 1
            return

    def _uncovered(self, node: Any) -> bool:
        """Nothing else lies over the middle of the node (it can take a tap)."""
        return bool(node.evaluate(
            """e => { const r = e.getBoundingClientRect();
                      const x = r.left + r.width / 2, y = r.top + r.height / 2;
                      if (y < 0 || y > innerHeight || x < 0 || x > innerWidth) return false;
                      const hit = document.elementFromPoint(x, y);
                      return hit !== null && (hit === e || e.contains(hit) || hit.contains(e)); }"""
        ))

    def find(self, identifier: str, timeout: float = 10_000) -> Any:
        """The node, scrolling the sheet (a Flutter scrollable) until it exists and is uncovered."""
        deadline = time.monotonic() + timeout / 1000
        while True:
            if self.has(identifier):
                node = self.node(identifier)
                for _ in range(12):
                    box = node.bounding_box()
                    if box is None or self._uncovered(node):
                        break
                    # Wheel the sheet towards the node: up when it sits above the middle.
                    x, middle = self._middle()
                    self.page.mouse.move(x, middle)
                    self.page.mouse.wheel(0, -120 if box["y"] < middle else 120)
                    time.sleep(0.15)
                return node
            if time.monotonic() > deadline:
                raise AssertionError(f"no [{identifier}] on the screen")
            self.page.mouse.move(*self._middle())
            self.page.mouse.wheel(0, 200)
            time.sleep(0.15)

    def _middle(self) -> tuple[float, float]:
        """The middle of the screen's upper part, where the scrolling content is on every size."""
        size = self.page.viewport_size or {"width": 390, "height": 844}
        return min(200.0, size["width"] / 2), size["height"] * 0.45

    def text(self, identifier: str) -> str:
        node = self.find(identifier)
        return (node.get_attribute("aria-label") or "") + node.inner_text()

    def wait_text(self, identifier: str, expected: str | re.Pattern[str], timeout: float = 10.0) -> str:
        """Wait until the node's text is (or matches) `expected`; return it."""
        deadline = time.monotonic() + timeout
        seen = ""
        while time.monotonic() < deadline:
            try:
                seen = self.text(identifier).strip()
            except AssertionError:
                seen = "<absent>"
            if (seen == expected) if isinstance(expected, str) else expected.search(seen):
                return seen
            time.sleep(0.1)
        raise AssertionError(f"[{identifier}] shows {seen!r}, expected {expected!r}")

    def close_dialog(self, identifier: str = "dismiss") -> None:
        """Tap a dialog's button and wait until the dialog is gone."""
        self.tap(identifier)
        self.page.locator('[flt-semantics-identifier="reason"]').first.wait_for(state="detached", timeout=5000)
        time.sleep(0.3)

    def type_dice(self, digits: str) -> None:
        """The keyboard path: click the field, wait, type five digits (taken at the fifth)."""
        for _ in range(5):  # a screen rebuilt just before (another action's redraw) may take the focus away
            field = self.find("dice-keys").locator("input").first
            field.click()
            time.sleep(0.3)
            if field.evaluate("e => document.activeElement === e"):
                break
        self.page.keyboard.type(digits, delay=30)

    def fill(self, identifier: str, value: str) -> None:
        """Type into a text field and check that the value stuck (a first focus may reset it)."""
        for _ in range(4):
            field = self.find(identifier).locator("input").first
            field.click()
            time.sleep(0.2)
            field.fill(value)
            time.sleep(0.3)
            if self.find(identifier).locator("input").first.input_value() == value:
                return
        raise AssertionError(f"[{identifier}] would not keep {value!r}")

    def shot(self, name: str) -> None:
        SCREENS.mkdir(parents=True, exist_ok=True)
        time.sleep(0.4)
        self.page.screenshot(path=str(SCREENS / f"{name}.png"))


@pytest.fixture(scope="session", autouse=True)
def fresh_metrics() -> None:
    """artifacts/metrics.json holds this run's measurements only."""
    (ROOT / "artifacts" / "metrics.json").unlink(missing_ok=True)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"{CHROMIUM} is absent: install Debian's chromium to run the browser tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is absent")
    with sync_playwright() as pw:
        chromium = pw.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def db_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("e2e") / "games.sqlite"


@pytest.fixture(scope="session")
def server(browser: Any, db_path: Path) -> Iterator[AppServer]:
    app = AppServer(db_path).start()
    yield app
    app.stop()


@pytest.fixture(scope="module")
def lan_server(browser: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """An app of its own (one per test module) on every address of this machine, as a club runs it
    (`--host 0.0.0.0`): phones reach it at the network address and join by its code."""
    from scorekeeper.app.invite.model import lan_address

    if lan_address().startswith("127."):
        pytest.skip("this machine has no network address besides the loopback")
    app = AppServer(tmp_path_factory.mktemp("table") / "games.sqlite", host="0.0.0.0").start()
    yield app
    app.stop()


@pytest.fixture
def new_tab(browser: Any, server: AppServer) -> Iterator[Any]:
    """Open fresh tabs (each in its own browser context) on the session's server."""
    contexts: list[Any] = []

    def open_tab(url: str | None = None, color_scheme: str = "light", viewport: dict[str, int] = PHONE,
                 locale: str | None = None) -> Tab:
        context = browser.new_context(viewport=viewport, color_scheme=color_scheme, device_scale_factor=1,
                                      **({"locale": locale} if locale else {}))
        contexts.append(context)
        tab = Tab(context.new_page(), url or server.url)
        tab.open()
        return tab

    yield open_tab
    for context in contexts:
        context.close()
