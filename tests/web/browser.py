"""A real browser for the web tests: Debian's chromium, headless, driven by selenium.

Nothing is downloaded at test time: the browser and its driver are the system's
(``apt-get install chromium chromium-driver``; CI installs them, and there a missing browser
is a failure, not a skip). The page draws the game on a canvas, so the test reads the screen
from xterm.js's own buffer: a script run before the page's own catches the terminal object
textual-serve creates.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.polling import wait_for_text

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SPIT = Path(sys.executable).parent / "spit"

WAIT = 60.0
"""Seconds a wait for the page lasts before the test fails: generous, as on a loaded machine
(tests in parallel) a browser and a server may take many seconds to start."""

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=BackForwardCache",
)
"""A quiet, offline headless browser: it talks to nobody but the test's server. A page left
is unloaded (no back-forward cache keeping it, and its WebSocket, alive), as a closed tab."""

CATCH_TERMINAL = """
Object.defineProperty(Object.prototype, 'terminal', {
  configurable: true,
  set(value) {
    if (value && value.buffer && !window.spitTerminal) window.spitTerminal = value;
    Object.defineProperty(this, 'terminal', {
      value, writable: true, configurable: true, enumerable: true,
    });
  },
});
"""
"""Keep the xterm.js terminal textual-serve's page creates (``this.terminal = ...``)."""

CATCH_INPUT = """
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  try {
    const message = JSON.parse(data);
    if (message[0] === 'stdin') (window.spitSent = window.spitSent || []).push(message[1]);
  } catch (error) {}
  return send.call(this, data);
};
"""
"""Keep what the page sends the game as input (``["stdin", data]``): keys and mouse reports."""

READ_SCREEN = """
const terminal = window.spitTerminal;
if (!terminal) return null;
const buffer = terminal.buffer.active;
const lines = [];
for (let row = 0; row < terminal.rows; row++) {
  const line = buffer.getLine(buffer.viewportY + row);
  lines.push(line ? line.translateToString(true) : '');
}
return lines.join('\\n');
"""


def require_browser() -> None:
    """Skip without chromium and its driver; in CI (``CI`` set) fail instead."""
    if shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER):
        return
    if os.environ.get("CI"):
        pytest.fail("chromium and chromium-driver are missing; CI must install them")
    pytest.skip("chromium and chromium-driver are not installed")


class Page:
    """One browser tab on a spit page, read as text and typed into."""

    def __init__(self, driver) -> None:
        self.driver = driver

    def open(self, url: str) -> None:
        self.driver.get(url)
        self.wait_for(lambda text: text.strip() != "")
        self.focus()

    def focus(self) -> None:
        """Put the keyboard focus in the terminal, as a click on it would (without the click)."""
        self.driver.execute_script(
            "const t = document.querySelector('.xterm-helper-textarea'); if (t) t.focus();"
        )

    def cell(self, column: int, line: int) -> tuple[float, float]:
        """The middle of the terminal's cell at ``column``, ``line``, in CSS pixels."""
        return tuple(
            self.driver.execute_script(
                "const c = window.spitTerminal._core._renderService.dimensions.css.cell;"
                "const r = document.querySelector('.xterm-screen').getBoundingClientRect();"
                "return [r.left + (arguments[0] + 0.5) * c.width,"
                " r.top + (arguments[1] + 0.5) * c.height];",
                column,
                line,
            )
        )

    def find(self, text: str, after: int = 0) -> tuple[int, int]:
        """The column and line where ``text`` first stands on the screen, from line ``after``."""
        lines = self.screen().splitlines()
        line = next(i for i in range(after, len(lines)) if text in lines[i])
        return lines[line].index(text), line

    def click(self, column: int, line: int) -> None:
        """A mouse click on the terminal's cell at ``column``, ``line``."""
        from selenium.webdriver.common.actions.action_builder import ActionBuilder

        x, y = self.cell(column, line)
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(int(x), int(y)).click()
        actions.perform()

    def tap(self, column: int, line: int) -> None:
        """A finger's tap on the terminal's cell at ``column``, ``line`` (a touch screen)."""
        x, y = self.cell(column, line)
        point = {"x": x, "y": y}
        self.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]}
        )
        self.driver.execute_cdp_cmd(
            "Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []}
        )

    def sent(self) -> list[str]:
        """What the page sent the game as input (keys, mouse reports) since it opened."""
        return self.driver.execute_script("return window.spitSent || []")

    def screen(self) -> str:
        return self.driver.execute_script(READ_SCREEN) or ""

    def type(self, *keys: str) -> None:
        """Type keys into the page, one press each (selenium's Keys for named keys)."""
        from selenium.webdriver.common.action_chains import ActionChains

        for key in keys:
            ActionChains(self.driver).send_keys(key).perform()

    def past_the_practice_offer(self) -> str:
        """A browser's first start offers the guided practice, as any first start does (each
        browser keeps its own config): answer "not now" (Esc); the menu under it."""
        from selenium.webdriver.common.keys import Keys

        self.wait_for("New to Spit?")
        self.type(Keys.ESCAPE)
        return self.wait_for(lambda text: "S  P  I  T" in text and "New to Spit?" not in text)

    def closed(self) -> bool:
        """Whether the page says its game has ended (the WebSocket closed)."""
        return bool(
            self.driver.execute_script("return document.body.classList.contains('-closed')")
        )

    def wait_for(self, what: str | Callable[[str], bool], timeout: float = WAIT) -> str:
        return wait_for_text(self.screen, what, timeout, "the page showed")

    def press_until(
        self, key: str, what: str | Callable[[str], bool], timeout: float = WAIT
    ) -> str:
        """Press ``key`` until the page shows ``what``, as a player presses again a key that
        did nothing yet (a dialog's grace); fails after ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            self.type(key)
            try:
                return self.wait_for(what, timeout=min(0.5, max(0.0, deadline - time.monotonic())))
            except AssertionError:
                if time.monotonic() >= deadline:
                    raise

    def wait_until(self, check: Callable[[], bool], timeout: float = WAIT) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if check():
                return
            time.sleep(0.05)
        raise AssertionError(f"timed out waiting for {check}")


PHONE_AGENT = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko)"
    " Chrome/120.0 Mobile Safari/537.36"
)
"""What an emulated phone says it is: a phone's browser lays pages out at the viewport."""


@contextmanager
def chromium(
    profile: Path,
    size: tuple[int, int] = (1280, 860),
    lang: str = "en-US",
    *,
    phone: bool = False,
) -> Iterator[Page]:
    """A fresh headless chromium (its own profile directory) with one tab, asking for pages
    in ``lang`` (its ``Accept-Language``); with ``phone``, Chromium's mobile emulation of a
    touch screen of ``size`` CSS pixels (three device pixels each)."""
    require_browser()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    os.environ.setdefault("SE_OFFLINE", "true")  # selenium must never fetch a driver
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    if phone:
        metrics = {"width": size[0], "height": size[1], "pixelRatio": 3.0, "touch": True}
        emulation = {"deviceMetrics": metrics, "userAgent": PHONE_AGENT}
        options.add_experimental_option("mobileEmulation", emulation)
    else:
        options.add_argument(f"--window-size={size[0]},{size[1]}")
    options.add_argument(f"--accept-lang={lang}")
    options.add_experimental_option("prefs", {"intl.accept_languages": lang})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    try:
        driver.set_page_load_timeout(WAIT)
        for script in (CATCH_TERMINAL, CATCH_INPUT):
            driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": script})
        yield Page(driver)
    finally:
        driver.quit()


ADDRESS = re.compile(r"http://127\.0\.0\.1:\d+/\S*")


@contextmanager
def spit_web(*args: str, config: Path, log: Path) -> Iterator[str]:
    """The installed ``spit web`` on a free loopback port; yields the page's address."""
    with spit_web_process(*args, config=config, log=log) as (address, _process):
        yield address


@contextmanager
def spit_web_process(
    *args: str, config: Path, log: Path
) -> Iterator[tuple[str, subprocess.Popen[str]]]:
    """The installed ``spit web`` on a free loopback port; yields the page's address and the
    server's process."""
    assert SPIT.exists(), f"the spit command is not installed next to {sys.executable}"
    env = {**os.environ, "SPIT_CONFIG": str(config)}
    with log.open("w") as out:
        process = subprocess.Popen(
            [str(SPIT), "web", "--bind", "127.0.0.1", "--port", "0", *args],
            stdout=subprocess.PIPE,
            stderr=out,
            text=True,
            env=env,
        )
    try:
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], WAIT)
        assert ready, f"spit web said nothing in {WAIT:.0f} s; its log:\n{log.read_text()}"
        line = process.stdout.readline()  # the server's first line says where it is
        found = ADDRESS.search(line)
        assert found, f"spit web said {line!r}; its log:\n{log.read_text()}"
        yield found.group(0), process
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def children(parent: int) -> set[int]:
    """The processes whose parent is ``parent`` now (Linux: read from /proc)."""
    found = set()
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        # pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after it
        fields = stat.rpartition(")")[2].split()
        if len(fields) > 1 and int(fields[1]) == parent:
            found.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """Whether process ``pid`` is still running (not ended, not a zombie)."""
    try:
        stat = (Path("/proc") / str(pid) / "stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] != "Z"
