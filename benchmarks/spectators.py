"""Spectators never slow the players: a match's action → own table, with 0 and 200 watching.

    python benchmarks/spectators.py [--quick] [--watchers 0,200] [--window S]

Against a real ``spit server`` of its own (its own process, pinned to one core, as
benchmarks/network.py starts it), two timed expert bots play one match at the real game
speed; over a window of play it takes each action's time until the actor's own new table is
back (median, p99), and the server's CPU per action. Then the same with the match watched by
N spectators, each a websocket of its own in a separate process (the crowd, on the other
core) that reads every frame it is sent; the room keeps the server's default delay (3 s).
Nothing is asserted: it prints the figures (docs/spectators.md keeps the latest).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from statistics import median

from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent))

from network import cpu_seconds, percentile, seat_bots, spit_server, stop_bots

from spit.net.wire import Watch, client_frame


async def crowd(address: str, code: str, count: int) -> None:
    """``count`` spectators of room ``code``: "ready" once all watch, then frames read until
    stdin closes, their count a JSON line."""
    frames = 0

    async def spectator() -> None:
        nonlocal frames
        async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
            await ws.send(client_frame(Watch(code)))
            await ws.recv()  # watching
            ready.release()
            async for _frame in ws:
                frames += 1

    ready = asyncio.Semaphore(0)
    tasks = [asyncio.create_task(spectator()) for _ in range(count)]
    for _ in range(count):
        await ready.acquire()
    print("ready", flush=True)
    loop = asyncio.get_running_loop()
    await loop.run_in_executor(None, sys.stdin.readline)
    print(json.dumps({"frames": frames}), flush=True)
    for task in tasks:
        task.cancel()


async def one_match(watchers: int, window: float) -> dict[str, float]:
    """One match of two timed expert bots, ``watchers`` watching; its figures."""
    async with spit_server(core=0) as served:
        latencies: list[float] = []
        seats = await seat_bots(served.address, range(1, 2), latencies)
        code = seats[0].client.welcome.room
        process = None
        if watchers:
            process = await asyncio.create_subprocess_exec(
                sys.executable,
                __file__,
                "--crowd",
                served.address,
                code,
                str(watchers),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            assert process.stdout is not None and process.stdin is not None
            await process.stdout.readline()  # ready
        for seat in seats:
            seat.measuring = True
        cpu, actions = cpu_seconds(*served.pids), sum(s.tables_with_events for s in seats)
        await asyncio.sleep(window)
        cpu = cpu_seconds(*served.pids) - cpu
        actions = (sum(s.tables_with_events for s in seats) - actions) / 2
        frames = 0
        if process is not None:
            assert process.stdout is not None and process.stdin is not None
            process.stdin.write(b"done\n")
            await process.stdin.drain()
            frames = json.loads(await process.stdout.readline())["frames"]
            with contextlib.suppress(ProcessLookupError):
                process.terminate()
            await process.wait()
        await stop_bots(seats)
    return {
        "actions": len(latencies),
        "median": median(latencies) * 1000 if latencies else float("nan"),
        "p99": percentile(latencies, 0.99) * 1000 if latencies else float("nan"),
        "cpu_us": cpu / max(actions, 1) * 1e6,
        "frames": frames,
    }


async def main_async(args: argparse.Namespace) -> None:
    print("watchers  actions  median ms  p99 ms  server µs/action  frames to spectators")
    for watchers in args.watchers:
        figures = await one_match(watchers, args.window)
        print(
            f"{watchers:8d}  {figures['actions']:7.0f}  {figures['median']:9.2f}  "
            f"{figures['p99']:6.2f}  {figures['cpu_us']:16.0f}  {figures['frames']:20.0f}",
            flush=True,
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short window (5 s)")
    parser.add_argument(
        "--watchers",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[0, 200],
        help="spectator counts to measure (0,200)",
    )
    parser.add_argument("--window", type=float, default=20.0, help="seconds of play measured")
    parser.add_argument("--crowd", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.crowd:
        address, code, count = args.crowd
        asyncio.run(crowd(address, code, int(count)))
        return
    if args.quick:
        args.window = 5.0
    random.seed(1)
    started = time.perf_counter()
    asyncio.run(main_async(args))
    print(f"({time.perf_counter() - started:.0f} s)")


if __name__ == "__main__":
    main()
