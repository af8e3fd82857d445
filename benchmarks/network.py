"""The network game's figures: key to the other player's table, and rooms per server process.

    python benchmarks/network.py [--quick] [--presses N] [--rooms 50,200,500] [--window S]
                                 [--workers N]

Two measurements, each against a real ``spit server`` started as its own process on
127.0.0.1 (as players run it, records included, in a temporary data directory):

1. **Key → the other player's table.** Client A sends an action; the time until client B has
   the new table (its frame read, parsed, and handed to B's listener) — median and p99 —
   against the same actions' local path on this machine (``LocalGame.act``: the engine
   applies the key and the screen's listener hears of it), measured in the same run.
2. **Rooms on one core.** The server is pinned to one core and the clients to the other; N
   rooms of two expert bots each play at the real game speed. Over a window of play it counts
   actions applied per second, the p99 of action → the actor's own new table (through the
   server and back), and the server's CPU (µs per action: robust to a loaded machine, where
   the p99 is not). It goes up the list of room counts and stops once that p99 passes 50 ms.
   For the first room count it also gives the frames the clients received, per kind: how
   many per action and their median size in bytes.

With ``--workers N`` the server is ``spit server --workers N --redis URL`` against a
``redis-server`` of its own (a temporary directory, a free loopback port): the rooms are
opened and joined through the shared address, as players do, each worker pinned to a core
of its own (worker i to core i-1) and Redis beside worker 1; the clients stay on the last
core. The server's CPU is then every worker's, the supervisor's and Redis's. It also
measures what a redirect adds to a join: a room opened at worker 1's own address, joined
there and joined at worker 2's (sent on to worker 1), alternately.

Nothing is asserted: it prints the figures (``docs/performance.md`` keeps the latest).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from statistics import median

from spit.engine import Match, PlayerView
from spit.game import LocalGame
from spit.net import client as client_module
from spit.net.botclient import BotSeat, play
from spit.net.client import Client, Hearing

LOOPBACK = "127.0.0.1"
LIMIT_MS = 50.0
"""The latency at which the scale measurement stops going up."""


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def pin(pid: int, core: int) -> None:
    """Keep process ``pid`` on one core, if this machine has it."""
    with contextlib.suppress(AttributeError, OSError):
        if core in os.sched_getaffinity(0) or len(os.sched_getaffinity(0)) > core:
            os.sched_setaffinity(pid, {core})


@dataclass
class Served:
    """A server under measurement: where players dial, its processes, its workers' own
    addresses (a cluster's)."""

    address: str
    pids: list[int] = field(default_factory=list)
    own: dict[int, str] = field(default_factory=dict)


@contextlib.asynccontextmanager
async def redis_server() -> AsyncIterator[tuple[str, int]]:
    """A redis-server of its own on a free loopback port; its URL and process id."""
    command = shutil.which("redis-server")
    if command is None:
        raise SystemExit("--workers needs redis-server (apt-get install redis-server)")
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    folder = tempfile.mkdtemp(prefix="spit-bench-redis-")
    process = await asyncio.create_subprocess_exec(
        command,
        *("--bind", LOOPBACK, "--port", str(port), "--dir", folder, "--save", ""),
        stdout=subprocess.DEVNULL,
    )
    for _try in range(200):
        try:
            _, writer = await asyncio.open_connection(LOOPBACK, port)
            writer.close()
            break
        except OSError:
            await asyncio.sleep(0.05)
    try:
        yield f"redis://{LOOPBACK}:{port}/0", process.pid
    finally:
        process.terminate()
        await process.wait()


@contextlib.asynccontextmanager
async def spit_server(
    core: int | None = None, workers: int = 0, profile: str | None = None
) -> AsyncIterator[Served]:
    """``spit server`` on a free loopback port (with ``workers``: that many workers and a
    Redis of their own; with ``profile``: run under cProfile, its statistics written to that
    file when the server stops)."""
    data = tempfile.mkdtemp(prefix="spit-bench-")
    async with contextlib.AsyncExitStack() as stack:
        cluster: list[str] = []
        redis_pid = None
        if workers:
            url, redis_pid = await stack.enter_async_context(redis_server())
            cluster = ["--workers", str(workers), "--redis", url]
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *(["-m", "cProfile", "-o", profile] if profile else []),
            "-m",
            "spit",
            "server",
            "--port",
            "0",
            *cluster,
            stderr=subprocess.PIPE,
            env={**os.environ, "SPIT_DATA_DIR": data},
        )
        served = Served("", [process.pid] + ([redis_pid] if redis_pid else []))
        if core is not None:
            for pid in served.pids:
                pin(pid, core)
        assert process.stderr is not None
        sharing = 0
        while not served.address or sharing < workers:
            line = (await asyncio.wait_for(process.stderr.readline(), 30)).decode()
            if not line:
                raise RuntimeError("spit server did not start")
            if found := re.search(r"worker (\d+) started \(pid (\d+)\)", line):
                index, pid = int(found[1]), int(found[2])
                served.pids.append(pid)
                if core is not None:
                    pin(pid, core + index - 1)
            elif found := re.search(r"\[worker (\d+)\]: listening on (\S+) \(up to", line):
                served.own[int(found[1])] = found[2]
            elif " too (shared" in line:
                sharing += 1
            elif (found := re.search(r"listening on (\S+)", line)) and not served.address:
                served.address = found[1]

        async def drain() -> None:  # keep reading its log so it never blocks on a full pipe
            while await process.stderr.readline():
                pass

        drainer = asyncio.create_task(drain())
        try:
            yield served
        finally:
            process.terminate()
            await process.wait()
            drainer.cancel()


def cpu_seconds(*pids: int) -> float:
    """User plus system CPU time of these processes so far."""
    total = 0.0
    for pid in pids:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


# -- 1. key -> the other player's table ----------------------------------------------------------


class Watcher(Hearing):
    """Notes when each new table arrives."""

    def __init__(self) -> None:
        self.arrived: asyncio.Event = asyncio.Event()
        self.view: PlayerView | None = None
        self.at = 0.0

    def table(self, view, events, by, ack) -> None:
        self.view = view
        self.at = time.perf_counter()
        self.arrived.set()


async def remote_presses(address: str, presses: int, seed: int) -> list[float]:
    """Seconds from A's action to B's new table, for ``presses`` legal actions."""
    rng = random.Random(seed)
    watchers = (Watcher(), Watcher())
    clients = (Client(address, watchers[0]), Client(address, watchers[1]))
    welcome = await clients[0].open(seed=seed)
    await clients[1].join(welcome.room)
    runs = [asyncio.create_task(c.run()) for c in clients]
    while not (clients[0].status.running and clients[1].status.running):
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.05)
    times: list[float] = []
    while len(times) < presses:
        actors = [s for s in (0, 1) if clients[s].view and clients[s].view.legal_actions]
        if not actors or clients[0].over:
            break
        actor = rng.choice(actors)
        other = 1 - actor
        watchers[other].arrived.clear()
        watchers[actor].arrived.clear()
        start = time.perf_counter()
        clients[actor].act(rng.choice(clients[actor].view.legal_actions))
        await asyncio.wait_for(watchers[other].arrived.wait(), 5)
        times.append(watchers[other].at - start)
        await asyncio.wait_for(watchers[actor].arrived.wait(), 5)  # the actor's table too
        await asyncio.sleep(0.025)  # as fast as two quick hands, within the server's rate limit
    for run in runs:
        run.cancel()
    for client in clients:
        await client.close()
    return times


ECHO = """
import asyncio


class Echo(asyncio.Protocol):
    def connection_made(self, transport):
        self.transport = transport

    def data_received(self, data):
        self.transport.write(data)


async def main():
    server = await asyncio.get_running_loop().create_server(Echo, "127.0.0.1", 0)
    print(server.sockets[0].getsockname()[1], flush=True)
    await asyncio.Event().wait()


asyncio.run(main())
"""
"""An echo server, asyncio in a Python process of its own: the floor of key -> table."""


async def loopback_round_trips(count: int) -> list[float]:
    """Seconds for 100 bytes to go over loopback to another Python process's asyncio loop and
    back: the least a server on this machine answers in (key on A -> table on B passes two
    processes' loops and the kernel twice, as this does), paced as the presses are."""
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", ECHO, stdout=subprocess.PIPE
    )
    assert process.stdout is not None
    port = int(await asyncio.wait_for(process.stdout.readline(), 30))
    reader, writer = await asyncio.open_connection(LOOPBACK, port)
    payload = b"x" * 100
    times: list[float] = []
    try:
        for _ in range(count):
            start = time.perf_counter()
            writer.write(payload)
            await reader.readexactly(len(payload))
            times.append(time.perf_counter() - start)
            await asyncio.sleep(0.025)
    finally:
        writer.close()
        process.terminate()
        await process.wait()
    return times


class _Heard:
    def __init__(self) -> None:
        self.at = 0.0

    def table_changed(self, change) -> None:
        self.at = time.perf_counter()

    def pause_changed(self, paused, by) -> None: ...

    def connection_changed(self) -> None: ...

    def game_lost(self, why) -> None: ...


class _NoTimers:
    def call_later(self, delay, callback):
        raise AssertionError("not needed")


def local_presses(presses: int, seed: int) -> list[float]:
    """Seconds from a key's action to the screen's listener hearing of it, on this machine."""
    rng = random.Random(seed)
    times: list[float] = []
    while len(times) < presses:
        game = LocalGame(Match.new(rng.randrange(2**32)))
        heard = _Heard()
        game.start(heard, _NoTimers())
        while len(times) < presses and not game.match.is_over:
            legal = [a for p in (0, 1) for a in game.view(p).legal_actions]
            if not legal:
                break
            action = rng.choice(legal)
            start = time.perf_counter()
            game.act(action)
            game.view(1 - action.player)  # the other seat's table, as its screen draws it
            times.append(heard.at - start)
    return times


# -- 2. rooms on one core ------------------------------------------------------------------------


class TimedBot(BotSeat):
    """A bot seat that times each of its actions until its own new table comes back."""

    task: asyncio.Task[None]

    def __init__(self, rng: random.Random, latencies: list[float]) -> None:
        super().__init__("expert", rng)
        self._latencies = latencies
        self._sent_at = 0.0
        self.measuring = False
        self.tables_with_events = 0
        """Tables that came with events: one per action the server applied in the room."""

    def _land(self) -> None:
        self._sent_at = time.perf_counter()
        super()._land()

    def table(self, view, events, by, ack) -> None:
        if ack is not None and ack == self._waiting and self.measuring:
            self._latencies.append(time.perf_counter() - self._sent_at)
        self.tables_with_events += bool(events)
        super().table(view, events, by, ack)


class FrameTally:
    """The size of every frame the clients read, by kind, while ``on``."""

    def __init__(self) -> None:
        self.on = False
        self.sizes: dict[str, list[int]] = defaultdict(list)
        original = client_module.parse_server

        def parse(frame: str | bytes):  # the clients read each frame through this
            message = original(frame)
            if self.on:
                size = len(frame) if isinstance(frame, bytes) else len(frame.encode())
                self.sizes[type(message).__name__.lower()].append(size)
            return message

        client_module.parse_server = parse


TALLY = FrameTally()


async def seat_bots(address: str, rooms: range, latencies: list[float]) -> list[TimedBot]:
    """Open ``rooms`` (their numbers: the seeds), two timed expert bots in each, playing."""
    seats: list[TimedBot] = []
    for batch in range(rooms.start, rooms.stop, 50):
        opened = []
        for n in range(batch, min(rooms.stop, batch + 50)):
            host = TimedBot(random.Random(2 * n), latencies)
            client = Client(address, host, open_timeout=30)
            host.client = client
            opened.append((host, client, client.open(seed=n)))
        welcomes = await asyncio.gather(*(c for _, _, c in opened))
        for (host, client, _), welcome in zip(opened, welcomes, strict=True):
            host.welcomed(welcome)
            guest = TimedBot(random.Random(2 * batch + 1), latencies)
            guest_client = Client(address, guest, open_timeout=30)
            seats += [host, guest]
            host.task = asyncio.create_task(client.run())
            guest.task = asyncio.create_task(play(guest_client, guest, code=welcome.room))
    return seats


async def stop_bots(seats: list[TimedBot]) -> None:
    for seat in seats:
        seat.task.cancel()
    await asyncio.gather(*(seat.task for seat in seats), return_exceptions=True)
    await asyncio.gather(
        *(seat.client.close() for seat in seats if seat.client), return_exceptions=True
    )


async def bots_process(address: str, first: int, count: int) -> None:
    """The bots of ``--bots``: ``count`` rooms from room ``first`` on; "ready" once they
    play, then a window from "go" to "stop" (lines on stdin), its figures a JSON line."""
    latencies: list[float] = []
    seats = await seat_bots(address, range(first, first + count), latencies)
    lines = asyncio.StreamReader()
    loop = asyncio.get_running_loop()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(lines), sys.stdin)
    print("ready", flush=True)
    await lines.readline()
    for seat in seats:
        seat.measuring = True
    served_before, own_before = _server_actions(seats), time.process_time()
    await lines.readline()
    figures = {
        "latencies": latencies,
        "served": _server_actions(seats) - served_before,
        "cpu": time.process_time() - own_before,
    }
    print(json.dumps(figures), flush=True)
    await stop_bots(seats)


async def rooms_on_one_core(
    count: int,
    window: float,
    workers: int = 0,
    profile: str | None = None,
    processes: int = 0,
) -> dict[str, float]:
    """``count`` rooms of two expert bots against a server pinned to one core (a cluster:
    each worker to its own); with ``processes``, the bots in that many processes of their
    own, each on the last core."""
    latencies: list[float] = []
    seats: list[TimedBot] = []
    last = (os.cpu_count() or 2) - 1
    async with spit_server(core=0, workers=workers, profile=profile) as running:
        address, pids = running.address, running.pids
        pin(os.getpid(), last)
        bots = []
        for index in range(processes):
            share = range(count)[index::processes]
            bots.append(
                await asyncio.create_subprocess_exec(
                    sys.executable,
                    __file__,
                    "--bots",
                    f"{address},{share.start},{len(share)}",
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    limit=1 << 24,  # a window's latencies are one line: past 64 KiB at 400 rooms
                )
            )
            pin(bots[-1].pid, last)
        for process in bots:
            assert process.stdout is not None
            await asyncio.wait_for(process.stdout.readline(), 600)  # "ready"
        if not processes:
            seats = await seat_bots(address, range(count), latencies)
        await asyncio.sleep(2.0)  # every room dealt and under way
        for seat in seats:
            seat.measuring = True
        TALLY.sizes.clear()
        TALLY.on = True
        served_before = _server_actions(seats)
        cpu_before, wall_before = cpu_seconds(*pids), time.perf_counter()
        own_before = time.process_time()
        for process in bots:
            assert process.stdin is not None
            process.stdin.write(b"go\n")
        await asyncio.sleep(window)
        for process in bots:
            assert process.stdin is not None
            process.stdin.write(b"stop\n")
        cpu_after, wall_after = cpu_seconds(*pids), time.perf_counter()
        own = time.process_time() - own_before
        served = _server_actions(seats) - served_before
        TALLY.on = False
        for seat in seats:
            seat.measuring = False
        for process in bots:
            assert process.stdout is not None
            figures = json.loads(await asyncio.wait_for(process.stdout.readline(), 600))
            latencies += figures["latencies"]
            served += figures["served"]
            own += figures["cpu"]
            await process.wait()
        await stop_bots(seats)
    span = wall_after - wall_before
    return {
        "rooms": count,
        "actions_per_s": served / span,
        "p50_ms": median(latencies) * 1000 if latencies else float("nan"),
        "p99_ms": percentile(latencies, 0.99) * 1000 if latencies else float("nan"),
        "server_cpu": (cpu_after - cpu_before) / span,
        "server_us_per_action": (cpu_after - cpu_before) / max(served, 1) * 1e6,
        "clients_cpu": own / span,
        "served": served,
    }


def _server_actions(seats: list[TimedBot]) -> float:
    """Actions the server has applied in these rooms so far: each is told to both seats."""
    return sum(seat.tables_with_events for seat in seats) / 2


# -- 3. what a redirect adds to a join ------------------------------------------------------------


async def join_times(joins: int) -> tuple[list[float], list[float]]:
    """Seconds from ``join`` to the welcome: at the worker holding the room, and at another
    one that sends the client on there; ``joins`` each, alternately."""
    direct: list[float] = []
    sent_on: list[float] = []
    async with spit_server(workers=2) as served:
        holder, other = served.own[1], served.own[2]
        for n in range(2 * joins):
            host = Client(holder, Hearing())
            welcome = await host.open(seed=n)
            guest = Client(other if n % 2 else holder, Hearing())
            start = time.perf_counter()
            await guest.join(welcome.room)
            (sent_on if n % 2 else direct).append(time.perf_counter() - start)
            await guest.close()
            await host.close()
    return direct, sent_on


async def print_redirect_cost(joins: int) -> None:
    direct, sent_on = await join_times(joins)
    print(f"{'join -> welcome (2 workers)':34}{'median':>10}{'p99':>10}")
    for name, times in (
        ("at the worker holding the room", direct),
        ("sent on (redirect)", sent_on),
    ):
        print(f"{name:34}{median(times) * 1e3:>8.2f}ms{percentile(times, 0.99) * 1e3:>8.2f}ms")
    print(
        f"{'a redirect adds':34}{(median(sent_on) - median(direct)) * 1e3:>8.2f}ms"
        f"{(percentile(sent_on, 0.99) - percentile(direct, 0.99)) * 1e3:>8.2f}ms"
    )


# -- the report ----------------------------------------------------------------------------------


async def main_async(args: argparse.Namespace) -> None:
    rooms = [int(n) for n in args.rooms.split(",")]
    print(f"network figures ({os.cpu_count()} cores, Python {sys.version.split()[0]})")
    local = local_presses(args.presses, 1)
    floor = await loopback_round_trips(args.presses)
    async with spit_server() as served:
        remote = await remote_presses(served.address, args.presses, 1)
    print(f"{'':34}{'median':>10}{'p99':>10}")
    print(
        f"{'local key -> state change':34}{median(local) * 1e6:>8.0f}us"
        f"{percentile(local, 0.99) * 1e6:>8.0f}us"
    )
    print(
        f"{'key on A -> table on B (loopback)':34}{median(remote) * 1e3:>8.2f}ms"
        f"{percentile(remote, 0.99) * 1e3:>8.2f}ms"
    )
    print(
        f"{'ratio remote / local':34}{median(remote) / median(local):>9.0f}x"
        f"{percentile(remote, 0.99) / percentile(local, 0.99):>9.0f}x"
    )
    print(
        f"{'loopback round trip (asyncio echo)':34}{median(floor) * 1e6:>8.0f}us"
        f"{percentile(floor, 0.99) * 1e6:>8.0f}us"
    )
    print(
        f"{'key A -> table B, less round trip':34}"
        f"{(median(remote) - median(floor)) * 1e3:>8.2f}ms{'':>10}  (goal <= 0.50 ms)"
    )
    if args.workers:
        print()
        await print_redirect_cost(args.joins)
        print()
        print(f"{args.workers} workers (spit server --workers {args.workers} --redis URL)")
    print()
    print(
        f"{'rooms':>6}{'actions/s':>11}{'p50 ms':>9}{'p99 ms':>9}{'server CPU':>12}"
        f"{'us/action':>11}{'clients CPU':>13}"
    )
    frames: dict[str, list[int]] = {}
    per_action = 1.0
    for count in rooms:
        profile = f"{args.profile}.{count}" if args.profile else None
        figures = await rooms_on_one_core(
            count, args.window, args.workers, profile, args.bot_processes
        )
        print(
            f"{figures['rooms']:>6}{figures['actions_per_s']:>11.0f}{figures['p50_ms']:>9.1f}"
            f"{figures['p99_ms']:>9.1f}{figures['server_cpu']:>12.0%}"
            f"{figures['server_us_per_action']:>11.0f}{figures['clients_cpu']:>13.0%}",
            flush=True,
        )
        if not frames:
            frames = {kind: list(sizes) for kind, sizes in TALLY.sizes.items()}
            per_action = 1 / max(figures["served"], 1)
        if figures["p99_ms"] > LIMIT_MS and not args.all:
            break
    print()
    print(f"frames the clients read, {rooms[0]} rooms (both seats)")
    print(f"{'kind':>10}{'per action':>12}{'median bytes':>14}{'bytes/action':>14}")
    for kind, sizes in sorted(frames.items(), key=lambda item: -len(item[1])):
        print(
            f"{kind:>10}{len(sizes) * per_action:>12.2f}{median(sizes):>14.0f}"
            f"{sum(sizes) * per_action:>14.0f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a brief run, to check it works")
    parser.add_argument("--presses", type=int, default=600)
    parser.add_argument("--rooms", default="50,200,500,1000,2000")
    parser.add_argument("--window", type=float, default=10.0)
    parser.add_argument(
        "--all", action="store_true", help="measure every room count, past 50 ms as well"
    )
    parser.add_argument(
        "--workers", type=int, default=0, help="measure spit server --workers N --redis URL"
    )
    parser.add_argument("--joins", type=int, default=200, help="joins timed per way (--workers)")
    parser.add_argument(
        "--profile",
        metavar="PATH",
        help="run each rooms-on-one-core server under cProfile; its statistics go to PATH.<rooms>"
        " (read them with python -m pstats; the CPU figures then include cProfile's cost)",
    )
    parser.add_argument(
        "--bot-processes",
        type=int,
        default=0,
        metavar="N",
        help="run the rooms' bots in N processes of their own (all on the clients' core), not"
        " in this one; the clients' CPU is then theirs (their frames are not tallied)",
    )
    parser.add_argument("--bots", help=argparse.SUPPRESS)  # ADDRESS,FIRST,COUNT: one of those
    args = parser.parse_args()
    if args.bots:
        address, first, count = args.bots.rsplit(",", 2)
        asyncio.run(bots_process(address, int(first), int(count)))
        return
    if args.quick:
        args.presses, args.rooms, args.window, args.joins = 50, "5", 1.0, 10
    asyncio.run(main_async(args))


if __name__ == "__main__":
    main()
