"""The server's transport alone: its CPU per client frame, websockets against picows.

    python benchmarks/transport.py [--clients 50] [--seconds 5] [--runs 3]

Each run starts a server process pinned to core 0 that answers every text frame with two
636-byte ones (an action and the two tables it makes), without any game: either
:class:`spit.net.transport.Transport` (websockets, as ``spit server`` uses it) or a bare
``picows`` listener, each on asyncio's loop and on uvloop's. ``--clients`` websockets clients
on core 1 send a 60-byte frame each, wait for the two answers and 10 ms, and go again for
``--seconds``. It prints the server's CPU (from /proc) per frame answered. picows is not a
dependency of spit: ``pip install picows`` to measure it (it is skipped if absent).
Nothing is asserted (docs/performance.md, "The server re-cut", keeps the latest figures).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import signal
import subprocess
import sys
import time
from typing import Any

TABLE = "x" * 636
ACT = '{"type":"act","action":"p0 play a on 1","id":1}'
TICKS = os.sysconf("SC_CLK_TCK")


async def _serve_websockets() -> int:
    from spit.net.limits import Admission, Quotas
    from spit.net.transport import Connection, Outbox, Transport

    class Answer:
        def __init__(self, conn: Connection) -> None:
            self.conn = conn

        def frame(self, text: str | bytes) -> None:
            self.conn.send_text(TABLE, 1000)
            self.conn.send_text(TABLE, 1000)

        def gone(self) -> None:
            pass

    transport = Transport(Admission(Quotas(), files=4096), Answer, Outbox(1000))
    return (await transport.listen("127.0.0.1", 0, reuse_port=False))[1]


async def _serve_picows() -> int:
    from picows import WSListener, WSMsgType, ws_create_server

    data = TABLE.encode()

    class Answer(WSListener):  # type: ignore[misc]
        def on_ws_frame(self, transport: Any, frame: Any) -> None:
            if frame.msg_type == WSMsgType.TEXT:
                frame.get_payload_as_utf8_text()
                transport.send(WSMsgType.TEXT, data)
                transport.send(WSMsgType.TEXT, data)
            elif frame.msg_type == WSMsgType.CLOSE:
                transport.send_close(frame.get_close_code())
                transport.disconnect()

    server = await ws_create_server(lambda _: Answer(), "127.0.0.1", 0)
    return int(server.sockets[0].getsockname()[1])


async def _serve(kind: str) -> None:
    port = await (_serve_websockets() if kind == "websockets" else _serve_picows())
    print(port, flush=True)
    stop = asyncio.Event()
    asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
    await stop.wait()


async def _clients(port: int, clients: int, seconds: float) -> int:
    from websockets.asyncio.client import connect

    answered = 0

    async def one() -> None:
        nonlocal answered
        async with connect(f"ws://127.0.0.1:{port}/", compression=None) as ws:
            end = time.monotonic() + seconds
            while time.monotonic() < end:
                await ws.send(ACT)
                await ws.recv()
                await ws.recv()
                answered += 1
                await asyncio.sleep(0.01)  # a player's pace

    await asyncio.gather(*(one() for _ in range(clients)))
    return answered


def _cpu(pid: int) -> float:
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def measure(kind: str, loop: str, clients: int, seconds: float) -> float:
    """Server CPU (µs) per frame answered."""
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", kind, "--loop", loop], stdout=subprocess.PIPE
    )
    try:
        assert server.stdout is not None
        port = int(server.stdout.readline())
        os.sched_setaffinity(server.pid, {0})
        os.sched_setaffinity(0, {1})
        before = _cpu(server.pid)
        answered = asyncio.run(_clients(port, clients, seconds))
        return (_cpu(server.pid) - before) / max(answered, 1) * 1e6
    finally:
        server.terminate()
        server.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--serve", help=argparse.SUPPRESS)
    parser.add_argument("--loop", default="asyncio", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        if args.loop == "uvloop":
            import uvloop

            uvloop.run(_serve(args.serve))
        else:
            asyncio.run(_serve(args.serve))
        return
    try:
        import picows  # noqa: F401
    except ImportError:
        kinds = ["websockets"]
    else:
        kinds = ["websockets", "picows"]
    figures: dict[str, list[float]] = {}
    for _ in range(args.runs):  # alternated: each run measures every kind once
        for kind in kinds:
            for loop in ("asyncio", "uvloop"):
                us = measure(kind, loop, args.clients, args.seconds)
                figures.setdefault(f"{kind} on {loop}", []).append(us)
    for name, values in figures.items():
        shown = ", ".join(f"{v:.0f}" for v in values)
        print(f"{name:24} {sorted(values)[len(values) // 2]:6.0f} µs per frame ({shown})")


if __name__ == "__main__":
    main()
