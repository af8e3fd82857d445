"""Startup, idle CPU and memory of the game against the floor app, each on a real terminal.

    python benchmarks/terminal.py [--runs N] [--idle SECONDS]

Each app runs in its own process (``probe.py frame``) on a pseudo-terminal of its own, so
Textual's real Linux driver starts, draws and waits for keys exactly as in a terminal
window; this script plays the terminal, reading (and discarding) what the app writes.

- **Startup:** from just before the process is spawned to the first frame of the game's
  table (the floor's screen), on ``time.monotonic()``, which both processes share; and the
  CPU time the process has used by then, which a busy machine disturbs less. The game
  starts the way a player starts it: ``spit play --two-player``.
- **Idle CPU:** once the table is up and has settled, the process's user + system time
  from ``/proc/<pid>/stat`` over a stretch of wall time in which nobody presses anything:
  two players; against the bot once it has spat and waits for the person (it has no
  move); and against the bot with the pause screen open.
- **Peak memory:** the process's ``VmHWM`` (peak resident set) from ``/proc/<pid>/status``
  at the end of its idle stretch.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import signal
import struct
import subprocess
import sys
import tempfile
import termios
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent
PROBE = HERE / "probe.py"
SIZE = (100, 36)
"""Columns and lines of the pseudo-terminal."""
TICKS = os.sysconf("SC_CLK_TCK")
"""Clock ticks per second of /proc CPU times."""
SETTLE = 3.0
"""Seconds after the first frame before idling is measured: the bot spits in this time."""
BYTECODE = Path(tempfile.gettempdir()) / "spit-benchmarks-bytecode"
"""Where the apps' compiled modules are kept from one start to the next (see ``running``)."""


@dataclass
class Running:
    """An app running on a pty of its own."""

    process: subprocess.Popen[bytes]
    stamp: Path
    spawned: float

    def first_frame(self, timeout: float = 30.0) -> tuple[float, float]:
        """Seconds from spawning to the first frame of the table, and CPU seconds used by then."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.stamp.read_text() if self.stamp.exists() else ""
            if text.count(" ") == 1:
                at, cpu = (float(part) for part in text.split())
                return at - self.spawned, cpu
            if self.process.poll() is not None:
                raise RuntimeError(f"{self.process.args} ended before its first frame")
            time.sleep(0.005)
        raise TimeoutError(f"{self.process.args}: no frame in {timeout} s")

    def cpu_seconds(self) -> float:
        """User + system CPU time the process has used so far."""
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / TICKS

    def peak_rss_kib(self) -> int:
        """The process's peak resident memory so far, in KiB."""
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0


def _drain(fd: int) -> None:
    """Read what the app writes to its terminal until it closes, and forget it."""
    while True:
        try:
            if not os.read(fd, 65536):
                return
        except OSError:
            return


@contextmanager
def running(kind: str, *options: str) -> Iterator[Running]:
    """``probe.py frame kind`` on a fresh pty; stopped (by its pid) on leaving."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", SIZE[1], SIZE[0], 0, 0))
    with tempfile.TemporaryDirectory() as tmp:
        stamp = Path(tmp) / "frame"
        # No config file, whoever runs it: the config directory is an empty one of the run's
        # own. (An empty file named by SPIT_CONFIG, as before, is a file to parse: the TOML
        # parser loaded, 2.3 ms, which a player without a config file never pays.)
        env = {
            **os.environ,
            "TERM": "xterm-256color",
            "XDG_CONFIG_HOME": str(Path(tmp) / "config"),
        }
        env.pop("SPIT_CONFIG", None)
        env.pop("TEXTUAL", None)
        # Start as an installed game starts: from compiled modules. Where writing bytecode is
        # turned off (PYTHONDONTWRITEBYTECODE), every start compiled spit from source, some
        # 200 M instructions a player never pays; the compiled modules are kept aside instead.
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(BYTECODE)
        spawned = time.monotonic()
        process = subprocess.Popen(
            [sys.executable, str(PROBE), "frame", kind, "--out", str(stamp), *options],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        reader = threading.Thread(target=_drain, args=(master,), daemon=True)
        reader.start()
        try:
            yield Running(process, stamp, spawned)
        finally:
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(5)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
            os.close(master)
            reader.join(1)


def startup(kind: str) -> tuple[float, float]:
    """Wall and CPU seconds from spawning ``kind`` to its first table frame (it then exits)."""
    with running(kind) as app:
        seconds = app.first_frame()
        app.process.wait(30)
        return seconds


def startups(runs: int) -> dict[str, list[tuple[float, float]]]:
    """``runs`` startups of the floor and the game, taken in turn so noise hits both alike.

    One untimed start of each comes first, so every timed one finds its modules compiled.
    """
    times: dict[str, list[tuple[float, float]]] = {"floor": [], "game": []}
    for kind in times:
        startup(kind)
    for _ in range(runs):
        for kind, values in times.items():
            values.append(startup(kind))
    return times


IDLE_CASES = {
    "floor": ("floor", "--stay"),
    "two players": ("game", "--stay"),
    "bot, no move": ("bot", "--stay"),
    "bot, paused": ("bot", "--stay", "--pause"),
}
"""What idles: the floor app; the game two-player; against the bot waiting, and paused."""


def idle(seconds: float, settle: float = SETTLE) -> dict[str, dict[str, float]]:
    """Each idle case's CPU % over ``seconds`` and its peak memory, all running at once.

    They run side by side to save time: an idle app hardly competes for a core. Idling is
    measured from ``settle`` seconds after the first frame.
    """
    with (
        running(*IDLE_CASES["floor"]) as floor,
        running(*IDLE_CASES["two players"]) as two,
        running(*IDLE_CASES["bot, no move"]) as bot,
        running(*IDLE_CASES["bot, paused"]) as paused,
    ):
        apps = {"floor": floor, "two players": two, "bot, no move": bot, "bot, paused": paused}
        for app in apps.values():
            app.first_frame()
        time.sleep(settle)
        before = {name: app.cpu_seconds() for name, app in apps.items()}
        start = time.monotonic()
        time.sleep(seconds)
        wall = time.monotonic() - start
        return {
            name: {
                "cpu_percent": 100 * (app.cpu_seconds() - before[name]) / wall,
                "peak_rss_kib": app.peak_rss_kib(),
            }
            for name, app in apps.items()
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="startups of each app")
    parser.add_argument("--idle", type=float, default=10.0, help="seconds of idling")
    args = parser.parse_args()
    times = startups(args.runs)
    for kind, values in times.items():
        wall = [w for w, _ in values]
        shown = ", ".join(f"{w * 1000:.0f}" for w in wall)
        cpu = median(c for _, c in values)
        print(
            f"startup {kind}: median {median(wall) * 1000:.0f} ms ({shown}), "
            f"CPU {cpu * 1000:.0f} ms"
        )
    for name, figures in idle(args.idle).items():
        print(
            f"idle {name}: {figures['cpu_percent']:.2f} % CPU, "
            f"peak {figures['peak_rss_kib'] / 1024:.1f} MiB"
        )


if __name__ == "__main__":
    main()
