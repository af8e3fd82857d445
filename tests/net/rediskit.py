"""A real ``redis-server`` for the cluster tests: on 127.0.0.1, a port and a temporary
directory of the test's own, nothing saved; stopped (and started again on the same port) when
a test says.

Tests run wherever ``redis-server`` exists (Debian's package); CI installs it, and there
(``CI`` set) a missing one is a failure, not a skip.
"""

from __future__ import annotations

import itertools
import os
import random
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

LOOPBACK = "127.0.0.1"
START_LIMIT = 10.0
"""Seconds a redis-server may take to answer after starting (it fails the test past them)."""


def redis_available() -> str:
    """The redis-server command; skip without it (fail in CI, which must install it)."""
    found = shutil.which("redis-server")
    if found is None:
        if os.environ.get("CI"):
            pytest.fail("redis-server is missing; CI must install it")
        pytest.skip("redis-server is not installed")
    return found


PORTS = range(20_000, 32_000)
"""Ports below Linux's ephemeral range (32768 up), which the kernel never hands out for port 0
or an outgoing connection: a port probed free stays free until its server binds it, and while
a test has stopped its redis-server to start it again on the same port."""

BLOCK = 400
"""Ports each pytest-xdist worker draws from, a block of its own: no two workers share one."""


def _worker_ports() -> Iterator[int]:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    first = PORTS.start + BLOCK * (int(worker) % (len(PORTS) // BLOCK))
    start = random.randrange(BLOCK)  # another checkout's tests may run on this machine too
    return (first + (start + step) % BLOCK for step in itertools.count())


_ports = _worker_ports()


def free_port() -> int:
    """A TCP port free on loopback right now, this worker's own (never one handed out before
    in this run, until the worker's block has gone round)."""
    for port in itertools.islice(_ports, BLOCK):
        with socket.socket() as probe:
            try:
                probe.bind((LOOPBACK, port))
            except OSError:
                continue
            return port
    raise AssertionError(f"no port free in this worker's block of {BLOCK}")


class RedisServer:
    """One redis-server process on loopback, in its own directory."""

    def __init__(self, command: str, folder: Path) -> None:
        self.command = command
        self.folder = folder
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        """Where it is, for ``--redis``."""
        return f"redis://{LOOPBACK}:{self.port}/0"

    def start(self) -> None:
        """Start it (again, on the same port) and wait until it answers."""
        self.folder.mkdir(parents=True, exist_ok=True)
        self.process = subprocess.Popen(
            [
                self.command,
                "--bind",
                LOOPBACK,
                "--port",
                str(self.port),
                "--dir",
                str(self.folder),
                "--save",
                "",
                "--appendonly",
                "no",
                "--protected-mode",
                "yes",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + START_LIMIT
        while time.monotonic() < deadline:
            try:
                with socket.create_connection((LOOPBACK, self.port), timeout=0.5) as line:
                    line.sendall(b"PING\r\n")
                    if line.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.02)
        pytest.fail(f"redis-server did not answer on port {self.port}")

    def stop(self) -> None:
        """Stop it at once (SIGKILL: as a crash, nothing said to its clients)."""
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


def redis_server_at(folder: Path) -> Iterator[RedisServer]:
    """A running :class:`RedisServer` keeping its files in ``folder``; stopped at the end."""
    server = RedisServer(redis_available(), folder)
    server.start()
    try:
        yield server
    finally:
        server.stop()
