"""One game server across many processes and machines, on a real Redis: whichever worker a
connection reaches, it gets to its room; a room lives in one worker; codes are unique in the
whole cluster; a dead worker takes only its own rooms; a directory gone stops new rooms only.

Workers run in this process (each a whole GameServer with its own cluster part, sharing
nothing with the others but Redis and, within a group, the port) unless a test needs to kill
one: then ``spit server --workers 2`` runs as its own processes."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import random
import re
import signal
import socket
import subprocess
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from spit import words
from spit.net import cluster as cluster_module
from spit.net.client import Client, Gone, ServerGone
from spit.net.cluster import Cluster, Tallies
from spit.net.directory import RedisDirectory
from spit.net.limits import Quotas
from spit.net.server import GameServer
from spit.net.wire import Problem, Rejoin
from spit.net.workers import reserve_port, start_worker
from spit.records.record import read_record, record_files

from .netkit import LIMIT, LOOPBACK, PACE, RecordingSeat, fast_limits
from .rediskit import RedisServer, free_port, redis_server_at

pytestmark = pytest.mark.long  # end to end: server workers and a real redis-server


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    yield from redis_server_at(tmp_path / "redis")


@contextlib.asynccontextmanager
async def worker(
    url: str, port: int, quotas: Quotas | None = None, **cluster: Any
) -> AsyncIterator[tuple[GameServer, str]]:
    """One worker in this process: its GameServer (records off) and its own address; it
    shares ``port`` with the other workers of its group."""
    server = GameServer(
        limits=fast_limits(**({} if quotas is None else {"quotas": quotas})),
        pace=PACE,
        record=False,
        cluster=Cluster(RedisDirectory(url), beat_every=0.2, **cluster),
    )
    own = await start_worker(server, LOOPBACK, port, 0, LOOPBACK)
    try:
        yield server, own
    finally:
        await server.stop()


@contextlib.asynccontextmanager
async def group(url: str, workers: int) -> AsyncIterator[tuple[str, list[tuple[GameServer, str]]]]:
    """A server group (one machine): ``workers`` workers on one shared port; its address."""
    holder = reserve_port(LOOPBACK, 0)
    port = holder.getsockname()[1]
    async with contextlib.AsyncExitStack() as stack:
        started = [await stack.enter_async_context(worker(url, port)) for _ in range(workers)]
        holder.close()
        yield f"{LOOPBACK}:{port}", started


def test_a_server_on_its_own_loads_nothing_of_redis():
    # spit server without --redis is the single server of before: the cluster's dependency
    # is loaded only by the directory, which only --redis makes.
    probe = (
        "import sys, asyncio\n"
        "from spit.cli import main\n"
        "from spit.net.server import GameServer\n"
        "async def serve():\n"
        "    server = GameServer(record=False)\n"
        "    await server.start('127.0.0.1', 0)\n"
        "    await server.stop()\n"
        "asyncio.run(serve())\n"
        "print('redis' in sys.modules)\n"
    )
    run = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "False"


async def test_a_host_on_one_worker_and_a_friend_arriving_at_another_play_a_whole_match(
    redis_server,
):
    async with group(redis_server.url, 2) as (_, [(first, at_first), (second, at_second)]):
        host = RecordingSeat("expert", 3)
        guest = RecordingSeat("hard", 1003)
        pair = await start_pair_at(at_first, at_second, host, guest)
        host_end, guest_end = await pair.results()
        # The room lived in the first worker only; the friend was sent there.
        assert pair.code in first.rooms and pair.code not in second.rooms
        assert pair.guest_client.welcome is not None
        assert pair.guest_client.welcome.home == at_first
    assert host_end.why == guest_end.why == "match over"
    assert host_end.result == guest_end.result
    assert host.errors == guest.errors == []


async def test_two_machines_with_one_redis_play_a_whole_match(redis_server):
    async with (
        group(redis_server.url, 2) as (machine_one, workers_one),
        group(redis_server.url, 2) as (machine_two, workers_two),
    ):
        host = RecordingSeat("expert", 5)
        guest = RecordingSeat("expert", 1005)
        pair = await start_pair_at(machine_one, machine_two, host, guest)
        host_end, guest_end = await pair.results()
        holders = [s for s, _ in workers_one + workers_two if pair.code in s.rooms]
        assert len(holders) == 1 and holders[0] in [s for s, _ in workers_one]
    assert host_end.why == guest_end.why == "match over"
    assert host_end.result == guest_end.result


async def start_pair_at(host_address: str, guest_address: str, host, guest):
    """A pair of bot clients: the host opens at one address, the friend joins at another."""
    from spit.net.botclient import play

    from .netkit import Pair

    host_client = Client(host_address, host)
    guest_client = Client(guest_address, guest)
    code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    first = asyncio.create_task(
        play(host_client, host, seed=7, on_welcome=lambda w: code.set_result(w.room))
    )
    async with asyncio.timeout(LIMIT):
        room = await code
    second = asyncio.create_task(play(guest_client, guest, code=room))
    return Pair(room, host, guest, host_client, guest_client, (first, second))


async def test_two_workers_opening_rooms_at_once_never_hand_out_one_code_twice(
    redis_server, monkeypatch
):
    # Twenty codes in all for twelve rooms, so two workers drawing at once collide again and
    # again: without the directory's claim (each worker knowing only its own rooms) one code
    # would be handed out by both.
    codes = [f"AAAA-AA{n:02d}" for n in range(20)]
    draws = random.Random(4)
    monkeypatch.setattr(cluster_module, "new_room_code", lambda: draws.choice(codes))
    async with group(redis_server.url, 2) as (_, [(first, at_first), (second, at_second)]):
        clients = [
            Client(at, RecordingSeat("easy", n)) for n, at in enumerate([at_first, at_second] * 6)
        ]
        welcomes = await asyncio.gather(*(c.open() for c in clients))
        opened = [w.room for w in welcomes]
        assert len(set(opened)) == len(opened) == 12
        assert set(first.rooms).isdisjoint(second.rooms)
        assert set(first.rooms) | set(second.rooms) == set(opened)
        for client in clients:
            await client.close()


# -- faults ------------------------------------------------------------------------------------


class ServerLog:
    """``spit server``'s log as it is written, read in the background."""

    def __init__(self, process: asyncio.subprocess.Process) -> None:
        self.process = process
        self.lines: list[str] = []
        self._new = asyncio.Event()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        assert self.process.stderr is not None
        while line := await self.process.stderr.readline():
            self.lines.append(line.decode())
            self._new.set()

    async def wait_for(self, pattern: str, after: int = 0) -> re.Match[str]:
        """The first line (from number ``after`` on) matching ``pattern``, bounded in time."""
        async with asyncio.timeout(LIMIT):
            while True:
                for line in self.lines[after:]:
                    if found := re.search(pattern, line):
                        return found
                self._new.clear()
                await self._new.wait()


@contextlib.asynccontextmanager
async def spit_workers(url: str, workers: int) -> AsyncIterator[ServerLog]:
    """``spit server --workers N --redis URL`` as its own processes, on a free port."""
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "spit",
        "server",
        "--workers",
        str(workers),
        "--redis",
        url,
        "--port",
        "0",
        "--pace",
        str(PACE),
        "--grace",
        "30",
        stderr=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    log = ServerLog(process)
    try:
        yield log
    finally:
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            async with asyncio.timeout(LIMIT):
                await process.wait()


async def seated(host_address: str, guest_address: str, seed: int):
    """A room opened at one address and joined at another, both seats played by bots; waits
    until both are seated."""
    pair = await start_pair_at(
        host_address, guest_address, RecordingSeat("expert", seed), RecordingSeat("hard", seed)
    )
    async with asyncio.timeout(LIMIT):
        while not (pair.host.tables and pair.guest.tables):
            await asyncio.sleep(0.01)
    return pair


async def test_a_worker_killed_mid_match_takes_only_its_own_rooms_and_its_players_are_told(
    redis_server,
):
    async with spit_workers(redis_server.url, 2) as log:
        shared = (await log.wait_for(r"listening on (\S+) with 2 workers"))[1]
        pid = {}
        own = {}
        for index in (1, 2):
            pid[index] = int((await log.wait_for(rf"worker {index} started \(pid (\d+)\)"))[1])
            own[index] = (await log.wait_for(rf"\[worker {index}\]: listening on (\S+) \(up to"))[1]
        # A room opened and joined through the shared address, as players do; a room on
        # the other worker beside it.
        doomed = await seated(shared, shared, seed=11)
        assert doomed.host_client.welcome is not None
        holder = next(i for i in (1, 2) if own[i] == doomed.host_client.welcome.home)
        other = 3 - holder
        spared = await seated(own[other], shared, seed=12)
        async with asyncio.timeout(LIMIT):
            while len(doomed.host.tables) < 5:
                await asyncio.sleep(0.01)
        before = len(log.lines)
        os.kill(pid[holder], signal.SIGKILL)

        # Both players of the dead worker's room are told it was lost, and why.
        for task in doomed.tasks:
            with pytest.raises(ServerGone) as gone:
                async with asyncio.timeout(LIMIT):
                    await task
            assert gone.value.why is Gone.LOST_SEAT
            assert gone.value.cause is not None
            assert gone.value.cause.problem is Problem.ROOM_LOST
            assert "stopped; the match is lost" in words.networked.server_gone(gone.value)
        # The other worker's room plays to its end, the same line for both.
        host_end, guest_end = await spared.results()
        assert host_end.why == "match over" and host_end.result == guest_end.result
        # The supervisor says so, starts the worker again, and the new one holds nothing:
        # the room is not made again, wherever its players ask.
        died = rf"worker {holder} \(pid \d+\) died .*its rooms are lost .*abandoned: (\d)"
        assert (await log.wait_for(died, before))[1] == "1"
        # Its record says so: ended as abandoned, its deal unsealed, so it can be replayed;
        # the other worker's match is recorded to its end.
        ends = sorted(read_record(path).end or "" for path in record_files())
        assert ends == ["abandoned", "over"]
        await log.wait_for(rf"worker {holder} started", before)
        await log.wait_for(rf"\[worker {holder}\]: listening on .* too", before)
        for address in (shared, shared, own[other]):
            assert doomed.host_client.welcome is not None
            again = Client(address, RecordingSeat("easy", 1))
            with pytest.raises(ServerGone) as refused:
                await again._take_seat(Rejoin(doomed.code, doomed.host_client.welcome.token))
            assert refused.value.problem is Problem.ROOM_LOST


async def test_redis_stopped_mid_match_stops_new_rooms_and_the_match_plays_on(redis_server, caplog):
    caplog.set_level(logging.INFO, logger="spit.net.server")
    async with group(redis_server.url, 2) as (shared, workers):
        [(first, at_first), (_, at_second)] = workers
        # Both players dial the shared address, as players do.
        pair = await seated(shared, shared, seed=21)
        holder = next(server for server, _ in workers if pair.code in server.rooms)
        async with asyncio.timeout(LIMIT):
            while len(pair.host.tables) < 5:
                await asyncio.sleep(0.01)
        redis_server.stop()
        # Both lose their lines, and the shared address no longer reaches the worker holding
        # their room: they come back to it directly (the welcome's home), asking nobody
        # where it is — through the other worker they would need the directory.
        assert holder._transport is not None
        holder._transport._servers[1].close()  # the shared address, listened on second
        drops = (pair.host.drops, pair.guest.drops)
        for client in (pair.host_client, pair.guest_client):
            assert client._ws is not None
            client._ws.transport.abort()

        host_end, guest_end = await pair.results()
        assert host_end.why == guest_end.why == "match over"
        assert host_end.result == guest_end.result
        assert (pair.host.drops, pair.guest.drops) == (drops[0] + 1, drops[1] + 1)
        # No room opens, at either worker, and the player is told why.
        for address in (at_first, at_second):
            with pytest.raises(ServerGone) as refused:
                await Client(address, RecordingSeat("easy", 2)).open()
            assert refused.value.problem is Problem.ROOMS_UNAVAILABLE
            assert "cannot open or find rooms" in words.networked.server_gone(refused.value)
        said = [r.getMessage() for r in caplog.records]
        down = [line for line in said if line.startswith("directory unreachable")]
        assert 1 <= len(down) <= 2  # once per worker, not once per heartbeat
        assert "no room opens until it is back" in down[0]
        assert sum("no room opened: directory away" in line for line in said) == 2

        # Back again: the workers say so, and rooms open again.
        redis_server.start()
        async with asyncio.timeout(LIMIT):
            while not any("directory back" in r.getMessage() for r in caplog.records):
                await asyncio.sleep(0.05)
        opened = Client(at_first, RecordingSeat("easy", 3))
        welcome = await opened.open()
        assert welcome.room in first.rooms
        await opened.close()


@contextlib.asynccontextmanager
async def two_counting_workers(url: str, tallies: Tallies, quotas: Quotas):
    """Two workers of one group that count loopback clients as any others."""
    holder = reserve_port(LOOPBACK, 0)
    port = holder.getsockname()[1]
    async with (
        worker(url, port, quotas, tallies=tallies) as (_, at_first),
        worker(url, port, quotas, tallies=tallies) as (_, at_second),
    ):
        holder.close()
        yield at_first, at_second


async def test_wrong_codes_are_counted_per_address_across_workers(redis_server):
    tallies = Tallies(wrong_codes=4)
    quotas = Quotas(exempt_loopback=False)
    async with two_counting_workers(redis_server.url, tallies, quotas) as (at_first, at_second):
        # Two wrong codes at each worker (each connection alone may try three): the fifth
        # guess from the same address, at either worker, is not even looked up.
        for address in (at_first, at_second):
            for guess in ("AAAA-AAAA", "BBBB-BBBB"):
                with pytest.raises(ServerGone) as refused:
                    await Client(address, RecordingSeat("easy", 1)).join(guess)
                assert refused.value.problem is Problem.NO_ROOM
        await asyncio.sleep(0.1)  # the counts are written in the background
        with pytest.raises(ServerGone) as closed:
            await Client(at_first, RecordingSeat("easy", 1)).join("CCCC-CCCC")
        assert closed.value.why is Gone.CLOSED


async def test_rooms_waiting_for_a_player_count_against_their_opener_across_workers(
    redis_server,
):
    # Each worker alone would let this address open two more: the count is the cluster's.
    quotas = Quotas(exempt_loopback=False, waiting_rooms=2)
    async with two_counting_workers(redis_server.url, Tallies(), quotas) as (first, second):
        hosts = [Client(address, RecordingSeat("easy", 2)) for address in (first, second)]
        welcomes = [await host.open() for host in hosts]
        await asyncio.sleep(0.1)  # the counts are written in the background
        with pytest.raises(ServerGone) as full:
            await Client(second, RecordingSeat("easy", 3)).open()
        assert full.value.problem is Problem.SERVER_FULL
        # A friend sits down at the first: it is a match, no longer a reservation.
        friend = Client(second, RecordingSeat("easy", 4))
        await friend.join(welcomes[0].room)
        await asyncio.sleep(0.1)
        third = Client(second, RecordingSeat("easy", 5))
        await third.open()
        for client in (*hosts, friend, third):
            await client.close()


async def test_rooms_opened_are_counted_per_address_across_workers(redis_server):
    tallies = Tallies(rooms=3)
    quotas = Quotas(exempt_loopback=False)
    async with two_counting_workers(redis_server.url, tallies, quotas) as (at_first, at_second):
        clients = [Client(a, RecordingSeat("easy", 2)) for a in (at_first, at_second, at_first)]
        for client in clients:
            await client.open()
        with pytest.raises(ServerGone) as full:
            await Client(at_second, RecordingSeat("easy", 3)).open()
        assert full.value.problem is Problem.SERVER_FULL
        for client in clients:
            await client.close()


async def test_a_worker_whose_own_port_is_taken_stops_the_server_with_one_line(redis_server):
    # Worker 1's own port is --port + 1: something else listens there.
    for _try in range(20):
        shared = free_port()
        taken = socket.socket()
        try:
            taken.bind((LOOPBACK, shared + 1))
        except OSError:
            taken.close()
            continue
        break
    taken.listen()
    try:
        process = await asyncio.create_subprocess_exec(
            sys.executable,
            *("-m", "spit", "server", "--redis", redis_server.url, "--port", str(shared)),
            stderr=asyncio.subprocess.PIPE,
        )
        async with asyncio.timeout(LIMIT):
            _, err = await process.communicate()
    finally:
        taken.close()
    assert process.returncode == 1
    said = err.decode()
    assert "worker 1 cannot listen; stopping every worker" in said
    assert said.count("worker 1 started") == 1  # not started again and again
    assert "Traceback" not in said


async def test_the_log_never_shows_the_directory_s_password():
    # Nothing answers there: the supervisor and the worker name the directory, and say it is
    # unreachable, without the password.
    url = f"redis://:hunter2@{LOOPBACK}:{free_port()}/0"
    async with spit_workers(url, 1) as log:
        await log.wait_for(r"listening on \S+ with 1 workers; directory redis://127")
        await log.wait_for(r"directory redis://127\S+ unreachable at start")
        await log.wait_for(r"directory unreachable")
    assert not any("hunter2" in line for line in log.lines)


async def test_workers_do_not_outlive_their_supervisor(redis_server):
    async with spit_workers(redis_server.url, 2) as log:
        pids = [int((await log.wait_for(rf"worker {i} started \(pid (\d+)\)"))[1]) for i in (1, 2)]
        for index in (1, 2):
            await log.wait_for(rf"\[worker {index}\]: listening on .* too")
        log.process.kill()
        async with asyncio.timeout(LIMIT):
            while any(alive(pid) for pid in pids):
                await asyncio.sleep(0.05)
        await log.wait_for(r"the supervisor \(pid \d+\) is gone; stopping")


def alive(pid: int) -> bool:
    """Whether process ``pid`` still runs (a zombie does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
