"""The issue's "Done when", as a player runs it: ``spit seek --bot --json`` twice on one
server (and on two workers of a cluster), ``spit players --json`` before and after a restart."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .rediskit import redis_server_at
from .test_commands import LIMIT, finish, read_line

pytestmark = pytest.mark.long  # end to end: spit processes play whole matches


def spit(*args: str, env_data: Path) -> subprocess.Popen:
    """The installed command, with its own data directory."""
    return subprocess.Popen(
        [sys.executable, "-m", "spit", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", "SPIT_DATA_DIR": str(env_data)},
    )


def serve(data: Path, *flags: str) -> subprocess.Popen:
    return spit("server", "--port", "0", "--pace", "40", *flags, env_data=data)


def seek_twice(first: str, second: str, data: Path, deadline: float) -> list[dict]:
    """Two ``spit seek`` a second apart (one data directory: two players of one machine)."""
    one = spit("seek", first, "--bot", "fast", "--json", env_data=data)
    time.sleep(1)
    other = spit("seek", second, "--bot", "casual", "--json", env_data=data)
    results = []
    for process in (one, other):
        status, out, err = finish(process, deadline)
        assert status == 0, err
        results.append(json.loads(out.strip().splitlines()[-1]))
    return results


def board(address: str, data: Path, deadline: float) -> list[dict]:
    status, out, err = finish(spit("players", address, "--json", env_data=data), deadline)
    assert status == 0, err
    return json.loads(out)


def stop(server, deadline: float) -> str:
    server.send_signal(signal.SIGTERM)
    return finish(server, deadline)[2]


def test_two_seekers_play_one_rated_match_and_the_board_outlives_a_restart(tmp_path):
    deadline = time.monotonic() + LIMIT
    server = serve(tmp_path / "server")
    try:
        port = read_line(server.stderr, r"listening on 127\.0\.0\.1:(\d+)", deadline)[1]
        address = f"127.0.0.1:{port}"
        one, other = seek_twice(address, address, tmp_path / "players", deadline)
        assert one == other and one["ended"] == "match over"
        rated = {r["player"]: r["after"] for r in one["rated"]}
        assert len(rated) == 2
        assert {
            line["player"]: line["rating"] for line in board(address, tmp_path, deadline)
        } == rated
    finally:
        log = stop(server, deadline)
    assert "Traceback" not in log
    server = spit("server", "--port", port, "--pace", "40", env_data=tmp_path / "server")
    try:
        read_line(server.stderr, r"listening on", deadline)
        assert {
            line["player"]: line["rating"] for line in board(address, tmp_path, deadline)
        } == rated
    finally:
        stop(server, deadline)


def test_a_lone_seeker_gets_the_bot_after_the_wait(tmp_path):
    deadline = time.monotonic() + LIMIT
    server = serve(tmp_path / "server", "--bot-wait", "1")
    try:
        port = read_line(server.stderr, r"listening on 127\.0\.0\.1:(\d+)", deadline)[1]
        status, out, err = finish(
            spit("seek", f"127.0.0.1:{port}", "--bot", "regular", "--json", env_data=tmp_path),
            deadline,
        )
    finally:
        stop(server, deadline)
    assert status == 0, err
    person, bot = json.loads(out)["rated"]
    assert bot["player"] == "bot:regular" and person["after"] != person["before"]


def test_two_seekers_at_two_workers_of_a_cluster_play_one_rated_match(tmp_path):
    deadline = time.monotonic() + LIMIT
    for redis in redis_server_at(tmp_path / "redis"):
        server = serve(tmp_path / "server", "--workers", "2", "--redis", redis.url)
        try:
            workers = [
                read_line(server.stderr, r"worker \w+ at (127\.0\.0\.1:\d+)", deadline)[1]
                for _ in range(2)
            ]
            one, other = seek_twice(workers[0], workers[1], tmp_path / "players", deadline)
            assert one == other and len({r["player"] for r in one["rated"]}) == 2
            rated = {r["player"]: r["after"] for r in one["rated"]}
            lines = board(workers[1], tmp_path, deadline)
            assert {line["player"]: line["rating"] for line in lines} == rated
        finally:
            log = stop(server, deadline)
        assert "Traceback" not in log
