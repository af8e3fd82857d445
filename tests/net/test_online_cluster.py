"""Playing online on a cluster: the pool and the ratings in a real Redis, shared by the
workers, so two seekers on two workers are paired, and the ratings outlive the workers."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from spit.net.cluster import Cluster
from spit.net.directory import RedisDirectory
from spit.net.identity import take
from spit.net.online import Online
from spit.net.online_redis import RedisPool, RedisStore, connect
from spit.net.seeking import players
from spit.net.server import GameServer
from spit.net.workers import reserve_port, start_worker

from .netkit import LIMIT, LOOPBACK, PACE, fast_limits
from .rediskit import RedisServer, redis_server_at
from .test_online import VARIANT, seek_and_play

pytestmark = pytest.mark.long  # end to end: workers, a real redis-server, whole matches


@pytest.fixture
def redis_server(tmp_path: Path) -> Iterator[RedisServer]:
    yield from redis_server_at(tmp_path / "redis")


@contextlib.asynccontextmanager
async def workers(url: str, count: int, bot_wait: float = 60.0) -> AsyncIterator[list[str]]:
    """``count`` workers in this process on one shared port, each with the online part; their
    own addresses (a seeker at one is held by that worker)."""
    holder = reserve_port(LOOPBACK, 0)
    port = holder.getsockname()[1]
    async with contextlib.AsyncExitStack() as stack:
        addresses = []
        for _ in range(count):
            directory = RedisDirectory(url)
            redis = connect(url)
            server = GameServer(
                limits=fast_limits(),
                pace=PACE,
                record=False,
                cluster=Cluster(directory, beat_every=0.2),
                online=Online(
                    RedisStore(redis),
                    RedisPool(redis),
                    bot_wait=bot_wait,
                    tick=0.1,
                    worker=directory.worker,
                ),
            )
            addresses.append(await start_worker(server, LOOPBACK, port, 0, LOOPBACK))
            stack.push_async_callback(server.stop)
        holder.close()
        yield addresses


async def test_seekers_at_two_workers_are_paired_rated_and_kept_after_a_restart(
    redis_server, tmp_path
):
    async with workers(redis_server.url, 2) as (first, second):
        one, other = take(first, tmp_path / "a"), take(second, tmp_path / "b")
        (_, ended), (_, also) = await asyncio.wait_for(
            asyncio.gather(
                seek_and_play(first, one, "fast"), seek_and_play(second, other, "casual")
            ),
            LIMIT,
        )
        assert ended.result == also.result and ended.rated is not None
        assert {r.player for r in ended.rated} == {one.identity.player, other.identity.player}
        # The ratings are written as the end is sent: in Redis, a round trip later.
        async with asyncio.timeout(LIMIT):
            while len((board := await players(second, VARIANT)).lines) < 2:
                await asyncio.sleep(0.05)
        assert sorted((line.player, line.rating) for line in board.lines) == sorted(
            (r.player, r.after) for r in ended.rated
        )
    async with workers(redis_server.url, 2) as (first, _):
        assert (await players(first, VARIANT)).lines == board.lines


async def test_a_lone_seeker_on_a_cluster_plays_the_bot_rated(redis_server, tmp_path):
    async with workers(redis_server.url, 2, bot_wait=0.3) as (first, _):
        held = take(first, tmp_path / "a")
        paired, ended = await asyncio.wait_for(seek_and_play(first, held, "regular"), LIMIT)
        assert paired.bot == "regular"
        assert ended.rated is not None and ended.rated[1].player == "bot:regular"
