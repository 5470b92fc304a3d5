"""`scorekeeper --port P` as a player starts it: the printed address serves the app, games land in
the user's data directory."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.e2e.conftest import PHONE, ROOT, Tab, free_port
from tests.e2e.test_fences_game import start_game

pytestmark = pytest.mark.e2e


def test_the_console_script_serves_the_printed_address(browser, tmp_path: Path) -> None:
    port = free_port()
    env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path / "data")}
    env.pop("DISPLAY", None)  # a machine with no screen: nothing to open, the address is printed
    script = Path(sys.executable).parent / "scorekeeper"
    process = subprocess.Popen([str(script), "--port", str(port)], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, start_new_session=True)
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()
        match = re.search(r"http://\S+", first)
        assert match and match.group(0) == f"http://127.0.0.1:{port}/", first
        context = browser.new_context(viewport=PHONE)
        tab = Tab(context.new_page(), match.group(0))
        deadline = time.monotonic() + 60  # the address is printed before the server listens
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, "the app did not start"
                time.sleep(0.1)
        tab.open()
        start_game(tab, "yahtzee", ["Соло"])
        tab.type_dice("66612")
        tab.wait_text("turn", re.compile("бросок 1 из 3"))
        tab.tap("box-1-1-sixes")
        tab.wait_text("total-1", "18")
        context.close()
        saved = list((tmp_path / "data").rglob("*.sqlite"))
        assert saved, "no database in the user's data directory"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=10)
