"""One game server across many processes and machines, on a real Redis: whichever worker a
connection reaches, it gets to its room; a room lives in one worker; codes are unique in the
whole cluster; a dead worker takes only its own rooms; a directory gone stops new rooms only.

Workers run in this process (each a whole GameServer with its own cluster part, sharing
nothing with the others but Redis and, within a group, the port) unless a test needs to kill
one: then ``spit server --workers 2`` runs as its own processes."""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from spit.net import cluster as cluster_module
from spit.net.client import Client
from spit.net.cluster import Cluster
from spit.net.directory import RedisDirectory
from spit.net.server import GameServer
from spit.net.workers import reserve_port, start_worker

from .netkit import LIMIT, LOOPBACK, PACE, RecordingSeat, fast_limits
from .rediskit import RedisServer, redis_server_at


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    yield from redis_server_at(tmp_path / "redis")


@contextlib.asynccontextmanager
async def worker(url: str, port: int, **cluster: Any) -> AsyncIterator[tuple[GameServer, str]]:
    """One worker in this process: its GameServer (records off) and its own address; it
    shares ``port`` with the other workers of its group."""
    server = GameServer(
        limits=fast_limits(),
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
