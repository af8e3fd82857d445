"""What a server holds under floods from strangers, and what an honest room feels meanwhile.

    python benchmarks/floods.py [--quick] [--window S] [--files N] [--source DIR]

Each flood runs against a fresh server of its own process on 127.0.0.1, its open files limited
to ``--files`` (1,024 by default, the common limit; soft and hard, so it cannot raise them),
built from ``--source`` (this checkout by default; another checkout measures the code before
a change). Its quotas apply to loopback too, so that the attackers, which connect from
127.0.0.2 and up (all of 127.0.0.0/8 is loopback), are strangers to it. Meanwhile an honest
rooms (four, of two expert bots each) play from 127.0.0.1, and the p99 of their actions
(action → the actor's own new table) is taken over the flood's window.

1. **guesses**: 50 attackers each connect, send 100 wrong room codes in one go, read the
   answers, and connect again: the wrong codes answered a second (each one tried), and the
   connections a second the server took.
2. **connections**: attackers open and hold as many connections as they can, from one
   address, then from eight; then a newcomer from another address tries to connect: let in,
   refused cleanly (HTTP 503), or left hanging in the handshake.
3. **rooms**: attackers open a room and drop the connection at once, as fast as they can:
   the rooms opened and refused a second.
4. **pings**: two raw sockets open a websocket, then send 125-byte pings and never read (each
   ping asks the server for a pong): the pings a second it took, and the connections cut.

For each, the server's log (its lines and bytes over the window) and its resident memory
before and after. Nothing is asserted: it
prints the figures (``docs/reliability.md`` keeps the latest).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import resource
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import websockets
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from network import TimedBot, percentile

from spit.net.botclient import play
from spit.net.client import Client

ROOT = Path(__file__).resolve().parent.parent

SERVER = """
import asyncio
from spit.net.server import GameServer, Limits
try:
    from spit.net.limits import Quotas
except ImportError:  # the code before admission: no quotas to set
    limits = Limits()
else:
    limits = Limits(quotas=Quotas(exempt_loopback=False))

async def main():
    server = GameServer(limits=limits, record=False)
    host, port = await server.start("127.0.0.1", 0)
    print(f"{host}:{port}", flush=True)
    await asyncio.Event().wait()

asyncio.run(main())
"""
"""A server whose quotas spare no address, loopback included."""

FLOODS = (
    "none",
    "guesses",
    "connections from one address",
    "connections from 8 addresses",
    "rooms",
    "pings",
)

WRONG = json.dumps({"v": 2, "type": "join", "room": "0000-0000", "name": "m"})
OPEN = json.dumps({"v": 2, "type": "open", "variant": "standard", "seed": None, "name": "m"})
HANDSHAKE = (
    b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
PING = b"\x89\xfd" + bytes(4) + b"p" * 125  # a masked ping of 125 bytes (the mask: zeros)


class Log:
    """The server's log as it comes: lines and bytes."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.lines = 0
        self.bytes = 0

    def rss_mb(self) -> float:
        """The server's resident memory now, in MB."""
        status = Path(f"/proc/{self.pid}/status").read_text()
        kib = next(line.split()[1] for line in status.splitlines() if line.startswith("VmRSS"))
        return int(kib) / 1024


@contextlib.asynccontextmanager
async def server(source: Path, files: int) -> AsyncIterator[tuple[str, Log]]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (files, files))

    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-c",
        SERVER,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(source)},
        preexec_fn=limit,
        cwd=str(source),
    )
    assert process.stdout is not None and process.stderr is not None
    address = (await asyncio.wait_for(process.stdout.readline(), 30)).decode().strip()
    log = Log(process.pid)

    async def drain() -> None:
        assert process.stderr is not None
        while line := await process.stderr.readline():
            log.lines += 1
            log.bytes += len(line)

    drainer = asyncio.create_task(drain())
    try:
        yield address, log
    finally:
        process.terminate()
        await process.wait()
        drainer.cancel()


class Honest:
    """Honest rooms of two expert bots each; the latencies of their actions while measuring."""

    ROOMS = 4

    def __init__(self, address: str) -> None:
        self.address = address
        self.latencies: list[float] = []
        self.seats: list[TimedBot] = []
        self.tasks: list[asyncio.Task[Any]] = []

    async def start(self) -> None:
        for n in range(self.ROOMS):
            host = TimedBot(random.Random(2 * n), self.latencies)
            guest = TimedBot(random.Random(2 * n + 1), self.latencies)
            host.client = Client(self.address, host, open_timeout=30)
            welcome = await host.client.open(seed=n)
            host.welcomed(welcome)
            guest_client = Client(self.address, guest, open_timeout=30)
            self.seats += [host, guest]
            self.tasks.append(asyncio.create_task(host.client.run()))
            self.tasks.append(asyncio.create_task(play(guest_client, guest, code=welcome.room)))
        await asyncio.sleep(1.0)

    def measuring(self, on: bool) -> None:
        for seat in self.seats:
            seat.measuring = on

    def p99_ms(self) -> float:
        return percentile(self.latencies, 0.99) * 1000 if self.latencies else float("nan")

    async def stop(self) -> None:
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
        await asyncio.gather(
            *(s.client.close() for s in self.seats if s.client), return_exceptions=True
        )


async def _connect(address: str, source: str, timeout: float = 5.0) -> Any:
    return await connect(
        f"ws://{address}/",
        proxy=None,
        compression=None,
        local_addr=(source, 0),
        open_timeout=timeout,
        ping_interval=None,
    )


class Tally:
    def __init__(self) -> None:
        self.counts: dict[str, int] = {}

    def add(self, what: str, n: int = 1) -> None:
        self.counts[what] = self.counts.get(what, 0) + n

    def __getitem__(self, what: str) -> int:
        return self.counts.get(what, 0)


async def _refused_or_failed(tally: Tally, error: BaseException) -> None:
    if isinstance(error, websockets.InvalidStatus):
        tally.add("refused")
    elif isinstance(error, TimeoutError):
        tally.add("hung")
    else:
        tally.add("failed")
    await asyncio.sleep(0.01)


async def guesser(address: str, end: float, tally: Tally) -> None:
    while time.monotonic() < end:
        try:
            ws = await _connect(address, "127.0.0.2")
        except (OSError, websockets.InvalidHandshake, TimeoutError) as error:
            await _refused_or_failed(tally, error)
            continue
        tally.add("connections")
        with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
            for _ in range(100):
                ws.protocol.send_text(WRONG.encode())
            ws.send_data()
            async with asyncio.timeout(5):
                async for answer in ws:
                    if json.loads(answer).get("problem") == "no-room":
                        tally.add("guesses")
        await ws.close()


async def opener(address: str, end: float, tally: Tally) -> None:
    while time.monotonic() < end:
        try:
            ws = await _connect(address, "127.0.0.2")
        except (OSError, websockets.InvalidHandshake, TimeoutError) as error:
            await _refused_or_failed(tally, error)
            continue
        with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
            await ws.send(OPEN)
            async with asyncio.timeout(5):
                answer = json.loads(await ws.recv())
            tally.add("rooms" if answer["type"] == "welcome" else "rooms refused")
        ws.transport.abort()  # dropped at once, no goodbye


async def pinger(address: str, end: float, tally: Tally) -> None:
    """Open a websocket, then send pings and never read; again when cut off."""
    host, port = address.rsplit(":", 1)
    while time.monotonic() < end:
        try:
            reader, writer = await asyncio.open_connection(
                host, int(port), local_addr=("127.0.0.2", 0)
            )
            writer.write(HANDSHAKE)
            await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), 5)
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
            await _refused_or_failed(tally, error)
            continue
        tally.add("connections")
        try:
            while time.monotonic() < end:
                writer.write(PING * 100)
                await asyncio.wait_for(writer.drain(), max(0.01, end - time.monotonic()))
                tally.add("pings", 100)
        except TimeoutError:
            pass  # the server stopped reading it: the pings wait in the kernel
        except OSError:
            tally.add("cut")
        writer.transport.abort()


async def holder(address: str, sources: list[str], count: int, held: list[Any], tally: Tally):
    """Open ``count`` connections, 100 at a time, and keep those let in."""

    async def one(n: int) -> None:
        try:
            held.append(await _connect(address, sources[n % len(sources)], timeout=3.0))
        except (OSError, websockets.InvalidHandshake, TimeoutError) as error:
            await _refused_or_failed(tally, error)

    for batch in range(0, count, 100):
        await asyncio.gather(*(one(n) for n in range(batch, min(count, batch + 100))))


async def attack(kind: str, address: str, files: int, window: float) -> dict[str, Any]:
    """One flood for ``window`` seconds; what it managed."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)  # the attackers hold many sockets
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    tally = Tally()
    held: list[Any] = []
    start = time.monotonic()
    end = start + window
    newcomer = ""
    if kind == "guesses":
        await asyncio.gather(*(guesser(address, end, tally) for _ in range(50)))
    elif kind == "rooms":
        await asyncio.gather(*(opener(address, end, tally) for _ in range(50)))
    elif kind == "pings":
        await asyncio.gather(*(pinger(address, end, tally) for _ in range(2)))
    elif kind == "none":
        await asyncio.sleep(window)
    else:
        sources = (
            ["127.0.0.2"]
            if kind == "connections from one address"
            else [f"127.0.0.{n}" for n in range(2, 10)]
        )
        await holder(address, sources, files + 200, held, tally)
        try:
            ws = await _connect(address, "127.0.0.99", timeout=5.0)
            newcomer = "let in"
            await ws.close()
        except websockets.InvalidStatus as error:
            newcomer = f"refused ({error.response.status_code})"
        except TimeoutError:
            newcomer = "left hanging"
        except OSError as error:
            newcomer = f"failed ({error.strerror})"
        await asyncio.sleep(max(0.0, end - time.monotonic()))
    span = time.monotonic() - start
    for ws in held:
        ws.transport.abort()
    return {
        "per_s": {
            what: n / span
            for what, n in tally.counts.items()
            if what in ("guesses", "connections", "rooms", "rooms refused", "pings")
        },
        "cut": tally["cut"],
        "held": len(held),
        "refused": tally["refused"],
        "hung": tally["hung"],
        "failed": tally["failed"],
        "newcomer": newcomer,
    }


def run_attack(kind: str, address: str, files: int, window: float) -> dict[str, Any]:
    """:func:`attack` in a process of its own, so the honest rooms' client shares no loop
    (and no interpreter lock) with the attackers."""
    return asyncio.run(attack(kind, address, files, window))


async def flood(kind: str, source: Path, files: int, window: float) -> dict[str, Any]:
    async with server(source, files) as (address, log):
        honest = Honest(address)
        await honest.start()
        honest.measuring(True)
        lines_before, bytes_before = log.lines, log.bytes
        rss = [log.rss_mb()]

        async def watch() -> None:
            while True:
                await asyncio.sleep(1.0)
                rss.append(log.rss_mb())

        watcher = asyncio.create_task(watch())
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(1, mp_context=context) as pool:
            figures = await asyncio.get_running_loop().run_in_executor(
                pool, run_attack, kind, address, files, window
            )
        watcher.cancel()
        await asyncio.sleep(1.0)  # what the server frees once the attackers are gone
        honest.measuring(False)
        figures.update(
            flood=kind,
            p99_ms=honest.p99_ms(),
            actions=len(honest.latencies),
            log_lines=log.lines - lines_before,
            log_kib=(log.bytes - bytes_before) / 1024,
            rss_mb=(rss[0], max(rss), log.rss_mb()),
        )
        await honest.stop()
    return figures


async def main_async(args: argparse.Namespace) -> None:
    source = Path(args.source).resolve()
    print(f"floods against {source} ({args.files} open files, {args.window:g} s each)")
    for kind in args.floods.split(","):
        figures = await flood(kind, source, args.files, args.window)
        rates = ", ".join(f"{what} {n:.0f}/s" for what, n in figures["per_s"].items())
        print(
            f"{kind:30} {rates or '-'}; held {figures['held']}, refused {figures['refused']},"
            f" hung {figures['hung']}, failed {figures['failed']}, cut {figures['cut']}"
            + (f"; newcomer {figures['newcomer']}" if figures["newcomer"] else "")
            + f"; honest p99 {figures['p99_ms']:.1f} ms ({figures['actions']} actions)"
            + f"; log {figures['log_lines']} lines, {figures['log_kib']:.0f} KiB"
            + "; RSS {:.0f} MB before, {:.0f} at most, {:.0f} after".format(*figures["rss_mb"]),
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a brief run, to check it works")
    parser.add_argument("--window", type=float, default=10.0)
    parser.add_argument("--files", type=int, default=1024)
    parser.add_argument("--source", default=str(ROOT), help="the checkout to run the server of")
    parser.add_argument("--floods", default=",".join(FLOODS), help="which, comma-separated")
    args = parser.parse_args()
    if args.quick:
        args.window, args.files = 1.0, 256
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
