"""How long the app takes from a tap on a score box to its number on the screen, on a phone.

    uv run python bench/app_latency.py [--players 5] [--rounds 4] [--cpu-slowdown 4]

Starts the app on a free port with a database of its own, opens it in Debian's Chromium at a
phone's size (390 x 844), starts a Yahtzee game for --players players and plays --rounds rounds:
each turn the dice are typed, then the upper box they fill is tapped. Measured in the browser
from the tap to the moment the box's accessible text shows the number written (what a player
sees), and likewise from the fifth typed digit to the turn line saying «бросок 1 из 3».
--cpu-slowdown N runs the page N times slower (Chromium's CPU throttling), as on a phone slower than
this machine; the server is not slowed. Prints
the median and the slowest of each, in milliseconds. Times on a shared machine move by a tenth
or more from one run to the next: compare runs made one after another.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.e2e.conftest import CHROMIUM, LAUNCH_ARGS, PHONE, AppServer, Tab  # noqa: E402
from tests.e2e.test_fences_game import start_game  # noqa: E402

NAMES = ["Аня", "Борис", "Вера", "Глеб", "Дина", "Егор", "Жора", "Зоя"]
THROWS = [("66612", "sixes", "18"), ("55512", "fives", "15"), ("44412", "fours", "12"), ("33312", "threes", "9"),
          ("22213", "twos", "6"), ("11123", "ones", "3")]

# Click the node, then watch every animation frame until its text is the one expected.
TAP_AND_WAIT = """async ([id, expected]) => {
  const sel = `[flt-semantics-identifier="${id}"]`;
  const text = () => { const n = document.querySelector(sel);
                       return n ? ((n.getAttribute('aria-label') || '') + n.innerText).trim() : null; };
  const node = document.querySelector(sel);
  const target = node.querySelector('[role=button], [flt-tappable]') || node;
  const t0 = performance.now();
  target.click();
  return await new Promise(done => {
    const check = () => {
      if (text() === expected) return done(performance.now() - t0);
      if (performance.now() - t0 > 15000) return done(-1);
      requestAnimationFrame(check);
    };
    check();
  });
}"""

WAIT_TURN = """async ([pattern, t0]) => {
  const re = new RegExp(pattern);
  return await new Promise(done => {
    const check = () => {
      const n = document.querySelector('[flt-semantics-identifier="turn"]');
      const t = n ? (n.getAttribute('aria-label') || '') + n.innerText : '';
      if (re.test(t)) return done(performance.now() - t0);
      if (performance.now() - t0 > 15000) return done(-1);
      requestAnimationFrame(check);
    };
    check();
  });
}"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--players", type=int, default=5, choices=range(1, len(NAMES) + 1))
    ap.add_argument("--rounds", type=int, default=4, choices=range(1, len(THROWS) + 1))
    ap.add_argument("--cpu-slowdown", type=float, default=1.0, help="the page's CPU this many times slower")
    args = ap.parse_args()
    if not CHROMIUM.exists():
        sys.exit(f"{CHROMIUM} is absent: install Debian's chromium")
    from playwright.sync_api import sync_playwright

    names = NAMES[:args.players]
    writes: list[float] = []
    throws: list[float] = []
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as pw:
        server = AppServer(Path(tmp) / "games.sqlite").start()
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
        try:
            context = browser.new_context(viewport=PHONE, device_scale_factor=1)
            tab = Tab(context.new_page(), server.url)
            tab.open()
            start_game(tab, "yahtzee", names)
            if args.cpu_slowdown != 1:
                cdp = context.new_cdp_session(tab.page)
                cdp.send("Emulation.setCPUThrottlingRate", {"rate": args.cpu_slowdown})
            for digits, box, value in THROWS[:args.rounds]:
                for n, name in enumerate(names, start=1):
                    tab.wait_text("turn", re.compile(f"Ходит {name}.*бросок 0 из 3"))
                    time.sleep(0.3)  # the screen settled, as between a player's actions
                    tab.type_dice(digits[:4])
                    t0 = tab.page.evaluate("performance.now()")
                    tab.page.keyboard.type(digits[4])
                    throws.append(tab.page.evaluate(WAIT_TURN, ["бросок 1 из 3", t0]))
                    time.sleep(0.3)
                    tab.find(f"box-{n}-1-{box}")  # in view
                    writes.append(tab.page.evaluate(TAP_AND_WAIT, [f"box-{n}-1-{box}", value]))
        finally:
            browser.close()
            server.stop()
    if min(writes + throws) < 0:
        sys.exit("a tap or a throw was not shown within 15 s")
    slower = f", its CPU {args.cpu_slowdown:g} times slower" if args.cpu_slowdown != 1 else ""
    print(f"{args.players} players, {len(writes)} turns, phone-sized Chromium (390 x 844){slower}")
    print(f"tap on a box -> its number shown: median {statistics.median(writes):.0f} ms, slowest {max(writes):.0f} ms")
    print(f"fifth digit typed -> throw shown: median {statistics.median(throws):.0f} ms, slowest {max(throws):.0f} ms")


if __name__ == "__main__":
    main()
