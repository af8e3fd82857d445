"""A networked seat outlives the process that took it: ``kill -9`` of ``spit join`` (or of
``spit host --server``) mid-match, the same command again on the same machine, and the match
goes on to its end with both result lines equal. The token is kept where the player's
records live, for that user alone, and goes when the match ends; a seat that cannot be
taken back (the grace time passed, another machine) is said in one line."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import socket
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from spit.net.botclient import BotSeat, play
from spit.net.client import Client, Gone, ServerGone
from spit.net.seats import KeptSeat, forget_seat, keep_seat, kept_seat, kept_seats

from .test_commands import finish, read_line, spit

LIMIT = 60.0
"""No test here waits longer than this (it fails instead)."""


def seat_files(data_dir: Path, role: str) -> list[Path]:
    return sorted((data_dir / "seats").glob(f"{role}-*.json"))


def wait_for_file(data_dir: Path, role: str, deadline: float) -> Path:
    while time.monotonic() < deadline:
        files = seat_files(data_dir, role)
        if files:
            return files[0]
        time.sleep(0.01)
    raise AssertionError(f"no {role} seat kept in {data_dir}")


def start_server(deadline: float, *flags: str):
    server = spit("server", "--port", "0", "--pace", "20", *flags)
    port = read_line(server.stderr, r"listening on 127\.0\.0\.1:(\d+)", deadline)[1]
    return server, f"127.0.0.1:{port}"


def stop(server, deadline: float) -> str:
    server.send_signal(signal.SIGTERM)
    return finish(server, deadline)[2]


def result(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


def test_a_seat_is_kept_for_its_user_alone_and_forgotten_by_its_token(data_dir: Path) -> None:
    seat = KeptSeat("127.0.0.1:7748", "ABCD-EFGH", 1, "secret-token", False, "Bo")
    assert keep_seat(seat)
    (path,) = seat_files(data_dir, "join")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert [p.name for p in path.parent.iterdir()] == [path.name]  # no temporary left
    found = kept_seat("127.0.0.1:7748", "ABCD-EFGH")
    assert found is not None and found.token == "secret-token" and found.kept
    assert kept_seat("127.0.0.1:7748", "ZZZZ-ZZZZ") is None
    assert kept_seat("127.0.0.1:7748", None) is None  # a joined seat is not a hosted one
    assert kept_seats() == [found]
    forget_seat(KeptSeat("127.0.0.1:7748", "ABCD-EFGH", 1, "another", False))
    assert kept_seat("127.0.0.1:7748", "ABCD-EFGH") is not None  # not that seat's token
    forget_seat(seat)
    assert kept_seat("127.0.0.1:7748", "ABCD-EFGH") is None
    path.write_text('{"address": 3}')  # not one: removed, and counts as none
    assert kept_seat("127.0.0.1:7748", "ABCD-EFGH") is None and not path.exists()


@pytest.mark.long  # end to end: spit processes play a match
def test_spit_join_killed_mid_match_gets_its_seat_back_by_the_same_command(
    data_dir: Path,
) -> None:
    deadline = time.monotonic() + LIMIT
    server, address = start_server(deadline)
    try:
        host = spit("host", "--server", address, "--bot", "expert", "--json")
        code = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])["code"]
        join = ("join", address, code, "--bot", "easy", "--json")
        first = spit(*join)
        kept = wait_for_file(data_dir, "join", deadline)
        assert stat.S_IMODE(kept.stat().st_mode) == 0o600
        first.send_signal(signal.SIGKILL)
        first.communicate()
        again = spit(*join)
        host_status, host_out, host_err = finish(host, deadline)
        join_status, join_out, join_err = finish(again, deadline)
    finally:
        log = stop(server, deadline)
    assert (host_status, join_status) == (0, 0), (host_err, join_err, log)
    assert result(host_out) == result(join_out)
    assert result(join_out)["ended"] == "match over"
    assert "player 2 back from" in log
    assert seat_files(data_dir, "join") == seat_files(data_dir, "host") == []  # gone at the end


@pytest.mark.long  # end to end: spit processes play a match
def test_spit_host_on_a_server_killed_mid_match_gets_its_seat_back_by_the_same_command(
    data_dir: Path,
) -> None:
    deadline = time.monotonic() + LIMIT
    server, address = start_server(deadline)
    try:
        hosting = ("host", "--server", address, "--bot", "expert", "--json")
        first = spit(*hosting)
        code = json.loads(read_line(first.stdout, r"^\{.*\}$", deadline)[0])["code"]
        joiner = spit("join", address, code, "--bot", "easy", "--json")
        wait_for_file(data_dir, "join", deadline)  # both seated: the match is on
        first.send_signal(signal.SIGKILL)
        first.communicate()
        again = spit(*hosting)
        assert json.loads(read_line(again.stdout, r"^\{.*\}$", deadline)[0])["code"] == code
        host_status, host_out, host_err = finish(again, deadline)
        join_status, join_out, join_err = finish(joiner, deadline)
    finally:
        log = stop(server, deadline)
    assert (host_status, join_status) == (0, 0), (host_err, join_err, log)
    assert result(host_out) == result(join_out)
    assert "player 1 back from" in log
    assert seat_files(data_dir, "join") == seat_files(data_dir, "host") == []


@pytest.mark.long  # end to end: spit processes play a match
def test_a_seat_not_taken_back_in_time_or_from_another_machine_is_one_line(
    data_dir: Path, tmp_path: Path, monkeypatch
) -> None:
    deadline = time.monotonic() + LIMIT
    server, address = start_server(deadline, "--grace", "0.3")
    try:
        host = spit("host", "--server", address, "--bot", "expert", "--json")
        code = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])["code"]
        join = ("join", address, code, "--bot", "easy", "--json")
        first = spit(*join)
        wait_for_file(data_dir, "join", deadline)
        # Another machine (its own data directory) cannot take a taken seat.
        with monkeypatch.context() as elsewhere:
            elsewhere.setenv("SPIT_DATA_DIR", str(tmp_path / "elsewhere"))
            status, _, said = finish(spit(*join), deadline)
        assert status == 1 and "taken back only on the machine that took it" in said
        first.send_signal(signal.SIGKILL)
        first.communicate()
        host_status, _, _ = finish(host, deadline)  # abandoned after the grace time
        time.sleep(0.6)  # and the room forgotten, a grace time after its end
        status, out, said = finish(spit(*join), deadline)
    finally:
        stop(server, deadline)
    assert host_status == 1
    assert status == 1 and out == ""
    assert said.count("\n") == 1 and f"your seat in room {code} cannot be taken back" in said
    assert seat_files(data_dir, "join") == []


@pytest.mark.long  # end to end: a spit process killed, its friend waits 1 s
def test_spit_host_killed_and_not_back_is_one_line_for_the_friend_and_for_resume(
    data_dir: Path,
) -> None:
    """The server ran inside ``spit host``: killed, the room goes with it until the host
    comes back (tests/net/test_host_comes_back.py). The friend's client tries for its give-up
    time (65 s; 1 s here), then says so as ``host-gone``; the host's ``spit resume``, with
    nothing kept to open the room again, says in one line why there is nothing to resume."""
    deadline = time.monotonic() + LIMIT
    host = spit("host", "--port", "0", "--pace", "20", "--bot", "expert", "--json")

    async def friend() -> Gone:
        opened = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])
        seat = BotSeat("easy", random.Random(1))
        client = Client(opened["address"], seat, give_up=1.0)
        task = asyncio.create_task(play(client, seat, code=opened["code"]))
        while not list((data_dir / "seats").glob("room-*.json")):
            await asyncio.sleep(0.01)
        host.send_signal(signal.SIGKILL)
        host.communicate()
        with pytest.raises(ServerGone) as gone:
            await asyncio.wait_for(task, 10)
        return gone.value.why

    try:
        assert asyncio.run(friend()) is Gone.HOST_GONE
    finally:
        host.kill()
        host.communicate()
    (record,) = (data_dir / "records").glob("*.jsonl")
    assert json.loads(record.read_text().splitlines()[0])["seed"] is None  # sealed for good
    for kept in (data_dir / "seats").glob("room-*.json"):
        kept.unlink()  # what would open the room again: without it, nothing can go on
    status, out, said = finish(spit("resume"), deadline)
    assert status == 1 and out == ""
    assert said.count("\n") == 1
    assert "the networked match against bot" in said and "nothing to resume" in said


@pytest.mark.long  # end to end: spit processes play a match
def test_the_same_command_run_twice_moves_the_seat_and_keeps_its_token(data_dir: Path) -> None:
    """A second ``spit join`` while the first still plays takes the seat over (the first is
    told so); the token stays kept for the one that plays on, and goes when it ends."""
    deadline = time.monotonic() + LIMIT
    server = spit("server", "--port", "0")  # pace 1: the match outlasts the test
    address = "127.0.0.1:" + read_line(server.stderr, r"listening on [\d.]+:(\d+)", deadline)[1]
    try:
        host = spit("host", "--server", address, "--bot", "expert", "--json")
        code = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])["code"]
        join = ("join", address, code, "--bot", "easy", "--json")
        first = spit(*join)
        kept = wait_for_file(data_dir, "join", deadline)
        second = spit(*join)
        status, _, said = finish(first, deadline)
        assert status == 1 and "taken back by another connection" in said
        assert kept.exists()  # the second plays on: its token stays
        second.send_signal(signal.SIGINT)
        finish(second, deadline)
        finish(host, deadline)
    finally:
        stop(server, deadline)
    assert not kept.exists()


A_SEAT = {
    "address": "127.0.0.1:1",
    "room": "ABCD-EFGH",
    "seat": 1,
    "token": "t0k",
    "hosting": False,
}


@pytest.mark.parametrize(
    "hostile",
    [
        "a named pipe",
        "a link to /dev/zero",
        "a name of the wrong type",
        "a seat of the wrong type",
        "an escape in the name",
        "a token that is no token",
        "too large",
    ],
)
@pytest.mark.timeout(30)
def test_spit_resume_removes_a_hostile_seat_file_and_says_one_line(
    data_dir: Path, hostile: str
) -> None:
    """Anyone able to write the data directory may leave anything in ``seats/``: ``spit
    resume`` never blocks on it, never reads it unbounded, never crashes on it."""
    path = data_dir / "seats" / "join-0123456789abcdef01234567.json"
    path.parent.mkdir(parents=True)
    if hostile == "a named pipe":
        os.mkfifo(path)
    elif hostile == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
    else:
        seat = (
            A_SEAT
            | {
                "a name of the wrong type": {"name": 5},
                "a seat of the wrong type": {"seat": "1"},
                "an escape in the name": {"name": "Bo\x1b[2J"},
                "a token that is no token": {"token": "é"},
                "too large": {"name": "Bo", "kept": " " * 5000},
            }[hostile]
        )
        path.write_text(json.dumps(seat))
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-m", "spit", "resume"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "no unfinished match" in done.stderr, done.stderr
    assert not os.path.lexists(path)  # removed, as docs/network.md says
    assert time.monotonic() - started < 10


def test_spit_resume_takes_back_the_seat_whose_spit_died_not_the_one_still_playing(
    data_dir: Path,
) -> None:
    """Host and friend on one machine, one data directory: the host's ``spit host --server``
    is killed, the friend's ``spit join`` plays on. The friend's seat, kept later, is the
    newest, yet it is not offered: its process still runs (before, ``spit resume`` took it and
    threw the friend out)."""
    dead = subprocess.Popen(["true"])
    dead.wait()
    playing = subprocess.Popen(["sleep", "30"])
    try:
        hosted = KeptSeat("127.0.0.1:7748", "ABCD-EFGH", 0, "host-token", True, "Al")
        joined = KeptSeat("127.0.0.1:7748", "ABCD-EFGH", 1, "join-token", False, "Bo")
        assert keep_seat(hosted) and keep_seat(joined)
        for role, pid in (("host", dead.pid), ("join", playing.pid)):
            (path,) = seat_files(data_dir, role)
            path.write_text(json.dumps(json.loads(path.read_text()) | {"pid": pid}))
        assert [seat.token for seat in kept_seats()] == ["host-token"]
        playing.kill()
        playing.wait()
        assert {seat.token for seat in kept_seats()} == {"host-token", "join-token"}
    finally:
        playing.kill()
        playing.wait()


def unfinished(done: subprocess.CompletedProcess[str]) -> int:
    assert done.returncode == 0, done.stderr
    return int(json.loads(done.stdout)["unfinished"])


def run_spit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "spit", *args],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=30,
    )


def test_spit_resume_offers_a_networked_seat_only_while_it_can_go_on(data_dir: Path) -> None:
    """A kept seat whose server is gone (nothing listens there): ``spit resume`` says so in
    one line, without a screen, and offers it no more; ``spit stats --json`` counts it as
    unfinished exactly while ``spit resume`` offers it (before: resume opened the app, then
    failed, while stats said 0)."""
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        address = f"127.0.0.1:{probe.getsockname()[1]}"
    assert keep_seat(KeptSeat(address, "ABCD-EFGH", 1, "join-token", False, "Bo"))
    (path,) = seat_files(data_dir, "join")
    path.write_text(json.dumps(json.loads(path.read_text()) | {"pid": 0}))  # its spit died
    assert unfinished(run_spit("stats", "--json")) == 1
    done = run_spit("resume")
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr.count("\n") == 1 and address in done.stderr, done.stderr
    assert "\x1b" not in done.stderr  # no screen was opened
    assert seat_files(data_dir, "join") == []
    assert unfinished(run_spit("stats", "--json")) == 0
    done = run_spit("resume")
    assert done.returncode == 2 and "no unfinished match" in done.stderr


@pytest.mark.parametrize("hostile", ["a named pipe", "a field of the wrong type"])
@pytest.mark.timeout(30)
def test_spit_resume_removes_a_hostile_kept_room_and_says_one_line(
    data_dir: Path, hostile: str
) -> None:
    path = data_dir / "seats" / "room-0123456789abcdef01234567.json"
    path.parent.mkdir(parents=True)
    if hostile == "a named pipe":
        os.mkfifo(path)
    else:
        path.write_text(json.dumps({"address": "127.0.0.1:1", "port": "1"}))
    done = run_spit("resume")
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.count("\n") == 1 and "no unfinished match" in done.stderr, done.stderr
    assert not os.path.lexists(path)
