"""A real ``redis-server`` for the cluster tests: on 127.0.0.1, a free port, a temporary
directory, nothing saved; stopped (and started again on the same port) when a test says.

Tests run wherever ``redis-server`` exists (Debian's package); CI installs it, and there
(``CI`` set) a missing one is a failure, not a skip.
"""

from __future__ import annotations

import os
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


def free_port() -> int:
    """A TCP port free on loopback right now."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


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
