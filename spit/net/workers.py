"""``spit server --workers N --redis URL``: N server processes on one address, one directory.

Each worker is a whole :class:`~spit.net.server.GameServer` with a
:class:`~spit.net.cluster.Cluster`, listening on the shared address (``SO_REUSEPORT``: the
kernel spreads connections among them) and on its own, where redirects send clients. Started
with ``spawn``, a worker shares nothing with the supervisor but its :class:`WorkerPlan`; one
that dies is started again as a new worker, holding nothing (docs/network.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from spit.net.address import join_address
from spit.records.record import RecordWriter

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

    from spit.net.server import GameServer, Limits

log = logging.getLogger("spit.net.server")

# Seconds between a worker's death and its new start (a worker that cannot start at all is
# not started in a tight loop).
RESTART_PAUSE = 1.0
STOP_LIMIT = 10.0  # seconds a worker has to stop after SIGTERM before it is killed
ORPHAN_CHECK = 0.5  # seconds between a worker's looks at whether its supervisor is there
# A worker's exit status when it cannot listen (its own port is taken, say): it is not started
# again, and the supervisor stops.
CANNOT_LISTEN = 3


@dataclass(frozen=True, slots=True)
class WorkerPlan:
    """Everything one worker process needs: it is all it gets from the supervisor."""

    index: int  # 1 to N, for the log
    bind: str
    port: int  # shared by every worker (SO_REUSEPORT)
    own_port: int  # 0: any free one; where redirects send clients
    advertise: str  # the host other machines reach this one at
    redis: str
    limits: Limits
    pace: float
    bot_wait: float = 30.0  # seconds before a lone seeker is offered the bot


async def start_worker(
    server: GameServer, bind: str, port: int, own_port: int, advertise: str
) -> str:
    """Start ``server`` (holding a cluster) as a worker: its own address first, then the
    directory's heartbeat, then the shared port; its own ``ADDR:PORT``."""
    cluster = server.cluster
    assert cluster is not None
    _, own = await server.start(bind, own_port)
    address = join_address(advertise, own)
    cluster.start(address, lambda: server.rooms)
    await server.start(bind, port, reuse_port=True)
    return address


def run_worker(plan: WorkerPlan, records: Connection | None = None) -> None:
    """A worker process's whole life: serve until SIGTERM or SIGINT. ``records``: where it
    tells the supervisor of each room's record, and of each room forgotten."""
    logging.basicConfig(
        level=logging.INFO,
        format=f"%(asctime)s spit server [worker {plan.index}]: %(message)s",
        stream=sys.stderr,
    )
    logging.getLogger("websockets").setLevel(logging.ERROR)
    from spit.net.server import run  # in the worker: the supervisor holds no server

    with contextlib.suppress(KeyboardInterrupt):
        sys.exit(run(_work(plan, records)))


async def _work(plan: WorkerPlan, records: Connection | None) -> int:
    # In the worker only: the supervisor holds no server, no cluster and no Redis client.
    from spit.net.cluster import Cluster, DirectoryDown  # lazy: worker only
    from spit.net.directory import RedisDirectory, shown_url  # lazy: worker only
    from spit.net.online import Online  # lazy: worker only
    from spit.net.online_redis import RedisPool, RedisStore, connect  # lazy: worker only
    from spit.net.server import GameServer  # lazy: worker only

    loop = asyncio.get_running_loop()
    stop = loop.create_future()

    def end(*_: object) -> None:
        if not stop.done():
            stop.set_result(None)

    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, end)
    orphaned = loop.create_task(_orphaned(os.getppid()))
    orphaned.add_done_callback(end)
    directory = RedisDirectory(plan.redis)
    try:
        await directory.ping()
    except DirectoryDown as error:
        # Rooms cannot open without it, but it may come back: serve, and say so.
        log.warning("directory %s unreachable at start (%s)", shown_url(plan.redis), error)
    cluster = Cluster(directory)
    if records is not None:

        def tell(code: str, record: tuple[str, int | None] | None) -> None:
            with contextlib.suppress(OSError):
                records.send((code, record))

        cluster.on_record = tell
    redis = connect(plan.redis)  # players, ratings and the pool, shared by the workers
    pool, store = RedisPool(redis), RedisStore(redis)
    online = Online(store, pool, bot_wait=plan.bot_wait, worker=directory.worker)
    server = GameServer(limits=plan.limits, pace=plan.pace, cluster=cluster, online=online)
    try:
        await start_worker(server, plan.bind, plan.port, plan.own_port, plan.advertise)
    except OSError as error:
        log.warning("cannot listen: %s", error.strerror or error)
        await directory.close()
        return CANNOT_LISTEN
    await stop
    orphaned.cancel()
    await server.stop()
    return 0


async def _orphaned(supervisor: int) -> None:
    """Return once the supervisor is gone (killed, say): a worker does not outlive it, to
    hold the port and its rooms with nobody to stop it."""
    while os.getppid() == supervisor:
        await asyncio.sleep(ORPHAN_CHECK)
    log.warning("the supervisor (pid %d) is gone; stopping", supervisor)


def reserve_port(bind: str, port: int) -> socket.socket:
    """A socket holding ``bind``:``port`` with SO_REUSEPORT (bound, never listening), so
    port 0 is one free port every worker can then share; OSError if it cannot be had."""
    family = socket.AF_INET6 if ":" in bind else socket.AF_INET
    holder = socket.socket(family, socket.SOCK_STREAM)
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        holder.bind((bind, port))
    except OSError:
        holder.close()
        raise
    return holder


class Supervisor:
    """Starts the workers, starts again any that dies, stops them all."""

    def __init__(self, plans: list[WorkerPlan]) -> None:
        self.plans = plans
        self._context = multiprocessing.get_context("spawn")
        self._workers: dict[int, BaseProcess] = {}
        self._lines: dict[int, Connection] = {}
        # Each worker's rooms being recorded: code -> record file and sealed seed (in memory
        # only, as in the worker).
        self.records: dict[int, dict[str, tuple[str, int | None]]] = {}

    def _start(self, plan: WorkerPlan) -> None:
        ours, theirs = self._context.Pipe(duplex=False)
        process = self._context.Process(
            target=run_worker, args=(plan, theirs), name=f"spit-worker-{plan.index}"
        )
        process.start()
        theirs.close()
        self._workers[plan.index] = process
        self._lines[plan.index] = ours
        self.records[plan.index] = {}
        asyncio.get_running_loop().add_reader(ours.fileno(), self._hear, plan.index)
        log.info("worker %d started (pid %d)", plan.index, process.pid)

    def _hear(self, index: int) -> None:
        line, held = self._lines[index], self.records[index]
        try:
            while line.poll():
                code, record = line.recv()
                if record is None:
                    held.pop(code, None)
                else:
                    held[code] = record
        except (EOFError, OSError):
            asyncio.get_running_loop().remove_reader(line.fileno())

    def _ended(self, index: int) -> int:
        """End as abandoned the records a dead worker left unfinished; how many."""
        self._hear(index)
        line = self._lines.pop(index)
        with contextlib.suppress(ValueError, OSError):
            asyncio.get_running_loop().remove_reader(line.fileno())
        line.close()
        ended = 0
        for code, (path, seed) in self.records.pop(index).items():
            try:
                ended += RecordWriter.abandon_left(Path(path), seed)
            except OSError as error:
                log.warning("room %s: its record %s cannot be ended: %s", code, path, error)
        return ended

    async def run(self, stop: asyncio.Future[None]) -> bool:
        """Run the workers until ``stop`` is done; False if one could not start at all."""
        for plan in self.plans:
            self._start(plan)
        while not stop.done():
            await asyncio.wait({stop}, timeout=0.2)
            for plan in self.plans:
                process = self._workers[plan.index]
                if process.is_alive() or stop.done():
                    continue
                if process.exitcode == CANNOT_LISTEN:
                    # Starting it again would fail again (its port is taken): say so, stop.
                    log.warning("worker %d cannot listen; stopping every worker", plan.index)
                    await asyncio.to_thread(self.stop)
                    return False
                log.warning(
                    "worker %d (pid %s) died (exit %s): its rooms are lost (records ended "
                    "as abandoned: %d); starting it again",
                    plan.index,
                    process.pid,
                    process.exitcode,
                    self._ended(plan.index),
                )
                await asyncio.sleep(RESTART_PAUSE)
                self._start(plan)
        await asyncio.to_thread(self.stop)
        return True

    def stop(self) -> None:
        """Stop every worker (SIGTERM, then SIGKILL after :data:`STOP_LIMIT` seconds)."""
        for process in self._workers.values():
            if process.is_alive():
                process.terminate()
        deadline = time.monotonic() + STOP_LIMIT
        for process in self._workers.values():
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join()


__all__ = ["Supervisor", "WorkerPlan", "reserve_port", "run_worker", "start_worker"]
