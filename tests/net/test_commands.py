"""The network commands as a player or a script runs them: ``spit server``, ``spit host`` and
``spit join`` as real processes on loopback, and their one-line answers to bad flags."""

from __future__ import annotations

import json
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time

import pytest

from spit import i18n
from spit.cli import main
from spit.commands.exits import CANNOT_LISTEN
from spit.commands.rooms import describe_result

LIMIT = 90.0
"""No process here may take longer than this (the test fails instead)."""


def spit(*args: str, **kwargs) -> subprocess.Popen:
    """The installed command, as a player starts it."""
    return subprocess.Popen(
        [sys.executable, "-m", "spit", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        **kwargs,
    )


def read_line(stream, pattern: str, deadline: float) -> re.Match[str]:
    """Read ``stream`` until a line matches ``pattern`` (bounded by ``deadline``)."""
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)
    seen = []
    while time.monotonic() < deadline:
        if not selector.select(timeout=max(0.0, deadline - time.monotonic())):
            break
        line = stream.readline()
        if not line:
            break
        seen.append(line)
        match = re.search(pattern, line)
        if match:
            return match
    raise AssertionError(f"no line matching {pattern!r} in {seen!r}")


def finish(process: subprocess.Popen, deadline: float) -> tuple[int, str, str]:
    try:
        out, err = process.communicate(timeout=max(0.1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
        raise AssertionError(f"still running: {process.args}\n{out}\n{err}") from None
    return process.returncode, out, err


@pytest.mark.long  # end to end: spit processes play a whole match
def test_a_server_a_hosting_bot_and_a_joining_bot_play_a_match_and_print_the_same_result():
    deadline = time.monotonic() + LIMIT
    server = spit("server", "--port", "0", "--pace", "40")
    try:
        port = read_line(server.stderr, r"listening on 127\.0\.0\.1:(\d+)", deadline)[1]
        address = f"127.0.0.1:{port}"
        host = spit("host", "--server", address, "--bot", "expert", "--json")
        first = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])
        assert set(first) == {"code", "address"}
        joiner = spit("join", address, first["code"], "--bot", "easy", "--json")
        host_status, host_out, host_err = finish(host, deadline)
        join_status, join_out, join_err = finish(joiner, deadline)
    finally:
        server.send_signal(signal.SIGTERM)
        server_status, _, server_log = finish(server, deadline)
    assert (host_status, join_status) == (0, 0), (host_err, join_err)
    host_result = json.loads(host_out.strip().splitlines()[-1])
    join_result = json.loads(join_out.strip().splitlines()[-1])
    assert host_result == join_result
    assert host_result["ended"] == "match over"
    assert host_result["winner"] in (1, 2)
    assert host_result["rounds"] >= 1
    assert sum(host_result["held"]) == 52
    assert min(host_result["actions"]) > 0
    # The server logged the room's life, one line per event, and stopped cleanly.
    assert server_status == 0
    code = first["code"]
    for event in ("opened", "joined", "match over"):
        assert re.search(rf"room {code}: .*{event}", server_log), server_log
    assert "stopped" in server_log
    assert "Traceback" not in server_log + host_err + join_err


@pytest.mark.long  # end to end: spit processes play a whole match
def test_host_without_a_server_starts_one_in_its_own_process():
    deadline = time.monotonic() + LIMIT
    host = spit("host", "--port", "0", "--pace", "40", "--bot", "hard", "--json", "--seed", "3")
    first = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])
    assert first["address"].startswith("127.0.0.1:")
    joiner = spit("join", first["address"], first["code"].lower().replace("-", ""), "--bot", "hard")
    host_status, host_out, _ = finish(host, deadline)
    join_status, join_out, join_err = finish(joiner, deadline)
    assert (host_status, join_status) == (0, 0), join_err
    result = json.loads(host_out.strip().splitlines()[-1])
    assert re.fullmatch(r"Player [12] wins after \d+ rounds? \(cards held: \d+–\d+\)\.\n", join_out)
    assert f"Player {result['winner']} wins after {result['rounds']} round" in join_out


@pytest.mark.long  # end to end: spit processes play a whole match
def test_the_adaptive_bot_takes_a_networked_seat_as_spit_play_takes_it():
    """``--bot adaptive`` is accepted by host and join as by play, and plays a match out."""
    deadline = time.monotonic() + LIMIT
    host = spit("host", "--port", "0", "--pace", "40", "--bot", "adaptive", "--json")
    first = json.loads(read_line(host.stdout, r"^\{.*\}$", deadline)[0])
    joiner = spit("join", first["address"], first["code"], "--bot", "adaptive", "--json")
    host_status, host_out, host_err = finish(host, deadline)
    join_status, join_out, join_err = finish(joiner, deadline)
    assert (host_status, join_status) == (0, 0), (host_err, join_err)
    result = json.loads(host_out.strip().splitlines()[-1])
    assert result == json.loads(join_out.strip().splitlines()[-1])
    assert result["ended"] == "match over" and min(result["actions"]) > 0


def test_the_server_stops_cleanly_on_ctrl_c():
    deadline = time.monotonic() + LIMIT
    server = spit("server", "--port", "0")
    read_line(server.stderr, r"listening on", deadline)
    server.send_signal(signal.SIGINT)
    status, _, log = finish(server, deadline)
    assert status == 0
    assert "stopped" in log and "Traceback" not in log


@pytest.mark.parametrize(("sig", "status"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_a_bot_host_stopped_by_a_signal_exits_with_128_and_its_number(sig, status):
    # The shell's convention, as the screen keeps it: SIGTERM exited 130, as if it were Ctrl-C.
    deadline = time.monotonic() + LIMIT
    host = spit("host", "--port", "0", "--bot", "easy", "--json")
    read_line(host.stdout, r"^\{.*\}$", deadline)
    host.send_signal(sig)
    assert finish(host, deadline)[0] == status


def test_joining_a_server_that_is_not_there_is_one_line():
    deadline = time.monotonic() + LIMIT
    server = spit("server", "--port", "0")
    port = read_line(server.stderr, r"listening on 127\.0\.0\.1:(\d+)", deadline)[1]
    server.send_signal(signal.SIGTERM)
    finish(server, deadline)
    joiner = spit("join", f"127.0.0.1:{port}", "ABCD-EFGH", "--bot", "easy")
    status, _, err = finish(joiner, deadline)
    assert status == 1
    assert err.count("\n") == 1 and "cannot reach a spit server" in err, err


@pytest.mark.parametrize(
    ("argv", "problem"),
    [
        (["server", "--port", "70000"], "a port is from 0 to 65535"),
        (["server", "--port", "http"], "not a port number"),
        (["server", "--pace", "0"], "the pace is from 1 to 100"),
        (["server", "--grace", "-1"], "between 0.1 and 3600"),
        (["server", "--workers", "0"], "the number of workers is from 1 to 64"),
        (["server", "--workers", "2"], "--workers above 1 needs --redis URL"),
        (["server", "--redis", "localhost:6379"], "not a Redis URL"),
        (["server", "--redis", "redis://"], "not a Redis URL"),
        (["server", "--redis", "redis://h:1", "--bind", "0.0.0.0"], "needs --advertise"),
        (["join", "bad host!", "ABCD-EFGH", "--bot", "easy"], "not an address"),
        (["join", "127.0.0.1:7748", "ABC", "--bot", "easy"], "not a room code"),
        (["join", "127.0.0.1:7748", "ABCD-EFGH", "--bot", "godlike"], "invalid choice"),
        (["join", "127.0.0.1:7748", "ABCD-EFGH", "--json"], "--json needs --bot"),
        (["host", "--server", "127.0.0.1:7748", "--port", "1"], "--server uses a running one"),
        (["host", "--variant", "speed"], "invalid choice"),
        (["host", "--name", "x" * 40, "--bot", "easy"], "printable characters"),
    ],
)
def test_a_bad_flag_is_one_line_and_exit_2(capsys, argv, problem):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert problem in err


@pytest.mark.parametrize(
    "argv",
    [
        ["server"],
        ["host", "--bot", "easy"],
        ["host"],  # on the screen: the port is taken before the terminal is
        ["web"],
    ],
    ids=["server", "host-bot", "host-screen", "web"],
)
def test_a_port_in_use_is_one_line_and_the_same_exit_status_in_every_command(argv):
    # Issue 19: exit 2 from `spit web`, exit 1 from `spit server` and `spit host`. A port in
    # use is the person's to fix (another --port, or stop what holds it), as a bad flag is:
    # 2 everywhere (spit.commands.exits).
    deadline = time.monotonic() + LIMIT
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        status, out, err = finish(spit(*argv, "--port", port, stdin=subprocess.DEVNULL), deadline)
    assert status == CANNOT_LISTEN == 2
    assert err.count("\n") == 1 and port in err and "Traceback" not in err, err
    assert "\x1b[" not in out + err  # no screen was taken


def test_a_headless_seats_result_agrees_with_its_number() -> None:
    assert describe_result({"winner": None, "rounds": 1}) == "A draw after 1 round."
    won = describe_result({"winner": 2, "rounds": 3, "held": [0, 7]})
    assert won == "Player 2 wins after 3 rounds (cards held: 0–7)."
    assert describe_result({"ended": "left"}) == "The match ended: a player left."
    i18n.set_language("lv")
    assert describe_result({"winner": None, "rounds": 21}) == "Neizšķirts pēc 21 raunda."
    assert describe_result({"winner": None, "rounds": 3}) == "Neizšķirts pēc 3 raundiem."
