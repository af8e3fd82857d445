"""Spit in a browser against the floor in a browser: key to screen, and page to first frame.

Both apps are served the same way (``spit.web.server.WebServer``, one process per page) and
played in the same headless chromium: the floor (``benchmarks/floor.py``, one ``Static``
that changes on every key) and spit's start menu (F1 opens and closes its help). Inside the
page, ``terminal.input`` hands xterm.js the bytes of the key, as a key press would, and
the time runs until xterm.js has parsed the app's next frame. So a
figure is the whole round trip a player waits for: page -> WebSocket -> server -> app ->
server -> WebSocket -> page. Nothing is asserted; this prints figures.

    python benchmarks/web.py [--keys N]

Needs chromium and chromium-driver (Debian: ``apt-get install chromium chromium-driver``).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.web.browser import ADDRESS, chromium  # noqa: E402

SERVE = """
import sys
from spit.web.server import WebServer
WebServer(sys.argv[1:], bind="127.0.0.1", port=0, max_sessions=2).run(
    lambda address: print(address, flush=True)
)
"""
"""A WebServer for any command, printing its address: the same server for both apps."""

ONE_KEY = """
const [data, done] = arguments;
const terminal = window.spitTerminal;
const started = performance.now();
const listener = terminal.onWriteParsed(() => {
  listener.dispose();
  done(performance.now() - started);
});
terminal.input(data, true);
setTimeout(() => { listener.dispose(); done(null); }, 5000);
"""
"""Type one key into the page; milliseconds until xterm.js has parsed the app's answer (the
next frame it draws), or None if none came."""

F1 = "\x1bOP"
"""F1 opens the help over the menu and closes it again: every press is a new frame."""


def serve(command: list[str]) -> tuple[subprocess.Popen[str], str]:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVE, *command], stdout=subprocess.PIPE, text=True
    )
    assert server.stdout is not None
    found = ADDRESS.search(server.stdout.readline())
    assert found, "the server did not say where it listens"
    return server, found.group(0)


def measure(page, address: str, ready: str, keys: int) -> tuple[float, list[float]]:
    """Seconds from opening the page to ``ready`` on it; each key's round trip in ms."""
    started = time.perf_counter()
    page.driver.get(address)
    page.wait_for(ready, timeout=30)
    first_frame = time.perf_counter() - started
    page.driver.set_script_timeout(10)
    times = []
    for _key in range(keys):
        took = page.driver.execute_async_script(ONE_KEY, F1)
        if took is not None:
            times.append(took)
        time.sleep(0.05)  # a person's keys come apart; let the app settle
    return first_frame, times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=60, help="keys per app and round")
    args = parser.parse_args()
    floor, floor_address = serve([sys.executable, str(ROOT / "benchmarks" / "floor.py")])
    spit, spit_address = serve([sys.executable, "-m", "spit"])
    results: dict[str, tuple[list[float], list[float]]] = {"floor": ([], []), "spit": ([], [])}
    try:
        with tempfile.TemporaryDirectory() as profile, chromium(Path(profile)) as page:
            for _round in range(2):  # in turns, so both see the same machine
                for name, address, ready in (
                    ("floor", floor_address, "0"),
                    ("spit", spit_address, "S  P  I  T"),
                ):
                    first, keys = measure(page, address, ready, args.keys)
                    results[name][0].append(first)
                    results[name][1].extend(keys)
                    page.driver.get("about:blank")
    finally:
        for server in (floor, spit):
            server.terminate()
            server.wait()
    print(f"{'browser, headless chromium':<34}{'floor':>10}{'spit':>10}{'ratio':>8}")
    for label, pick in (
        ("page -> first frame, median (s)", lambda r: statistics.median(r[0])),
        ("key -> next frame, median (ms)", lambda r: statistics.median(r[1])),
        ("key -> next frame, p90 (ms)", lambda r: statistics.quantiles(r[1], n=10)[-1]),
    ):
        floor_figure, spit_figure = pick(results["floor"]), pick(results["spit"])
        print(
            f"{label:<34}{floor_figure:>10.3f}{spit_figure:>10.3f}"
            f"{spit_figure / floor_figure:>7.2f}x"
        )
    print(f"keys measured: floor {len(results['floor'][1])}, spit {len(results['spit'][1])}")


if __name__ == "__main__":
    main()
