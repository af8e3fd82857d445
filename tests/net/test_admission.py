"""Admission: wrong codes stop the moment the limit is reached, and one client address cannot
hold the server's connections or rooms (issue 20, items 5 and 6)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import websockets
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidHandshake, InvalidStatus

from spit.net.client import Client, Gone, Hearing, ServerGone
from spit.net.limits import SWEEP_EVERY, UNASKED, Admission, Quotas
from spit.net.transport import POLICY
from spit.net.wire import VERSION, Problem

from .netkit import LIMIT, LOOPBACK, fast_limits, running_server


def _frame(kind: str, **fields: Any) -> str:
    return json.dumps({"v": VERSION, "type": kind, **fields})


OPEN = _frame("open", variant="standard", seed=None, name="host")


async def _open_room(address: str) -> tuple[Any, str]:
    ws = await connect(f"ws://{address}/", proxy=None, compression=None)
    await ws.send(OPEN)
    return ws, json.loads(await ws.recv())["room"]


async def _answers_to_one_write(address: str, frames: list[str]) -> list[dict[str, Any]]:
    """Send ``frames`` in one write to the socket; every frame answered until the close."""
    answers: list[dict[str, Any]] = []
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        for frame in frames:
            ws.protocol.send_text(frame.encode())
        ws.send_data()  # everything at once: the server reads them all before it answers one
        with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
            async with asyncio.timeout(LIMIT):
                async for answer in ws:
                    answers.append(json.loads(answer))
        assert ws.close_code == POLICY
    return answers


async def test_a_right_code_after_the_wrong_ones_in_one_write_is_not_read() -> None:
    # A right code sent after 2-78 wrong ones in one burst took the seat: the close was a
    # task, and the frames already read were still dispatched. Now the limit stops them.
    limits = fast_limits()
    async with running_server(limits=limits) as (server, address):
        host, code = await _open_room(address)
        try:
            for wrong in (limits.max_wrong_codes, 10, 78):
                guesses = [_frame("join", room="0000-0000", name="m")] * wrong
                answers = await _answers_to_one_write(
                    address, [*guesses, _frame("join", room=code, name="mallory")]
                )
                assert [a["type"] for a in answers] == ["error"] * limits.max_wrong_codes
                assert server.rooms[code].names[1] == ""
        finally:
            await host.close()


OTHER = "127.0.0.2"
"""Another client address on this machine (all of 127.0.0.0/8 is loopback)."""


async def _connect_from(address: str, source: str = LOOPBACK) -> Any:
    return await connect(f"ws://{address}/", proxy=None, compression=None, local_addr=(source, 0))


async def test_one_address_holding_its_connections_is_refused_and_another_is_not(
    caplog: Any,
) -> None:
    caplog.set_level("INFO", logger="spit.net.server")
    quotas = Quotas(exempt_loopback=False, connections=5)
    async with (
        contextlib.AsyncExitStack() as held,
        running_server(limits=fast_limits(quotas=quotas)) as (_, address),
    ):
        for _ in range(quotas.connections):
            await held.enter_async_context(await _connect_from(address))
        # The first one over is told why, in an HTTP answer (not a handshake left to time
        # out); the next ones, while the address is still over, are dropped unanswered.
        with pytest.raises(InvalidStatus) as told:
            await _connect_from(address)
        assert told.value.response.status_code == 503
        assert b"too many connections from this address" in told.value.response.body
        for _ in range(40):
            with pytest.raises((InvalidHandshake, OSError)):
                await _connect_from(address)
        # Another address is let in, and can play.
        other = await held.enter_async_context(await _connect_from(address, OTHER))
        await other.send(OPEN)
        assert json.loads(await other.recv())["type"] == "welcome"
    # Forty refusals, one line.
    lines = [r.getMessage() for r in caplog.records if "refused connections" in r.getMessage()]
    assert len(lines) == 1, lines


async def test_one_address_opening_connections_too_fast_is_refused_and_another_is_not() -> None:
    quotas = Quotas(exempt_loopback=False, connect_burst=5, connect_rate=0.01)
    async with running_server(limits=fast_limits(quotas=quotas)) as (_, address):
        for _ in range(5):
            ws = await _connect_from(address)
            await ws.close()
        with pytest.raises(InvalidStatus) as error:
            await _connect_from(address)
        assert error.value.response.status_code == 503
        assert b"too many new connections" in error.value.response.body
        with pytest.raises((InvalidHandshake, OSError)):  # still over: dropped unanswered
            await _connect_from(address)
        ws = await _connect_from(address, OTHER)
        await ws.close()


async def test_a_client_turned_away_at_the_door_is_told_why() -> None:
    quotas = Quotas(exempt_loopback=False, connections=0)
    async with running_server(limits=fast_limits(quotas=quotas)) as (_, address):
        with pytest.raises(ServerGone) as gone:
            await Client(address, Hearing()).open()
    assert gone.value.why is Gone.TURNED_AWAY
    assert gone.value.problem is Problem.SERVER_FULL
    assert "too many connections from this address" in gone.value.detail


async def _room_opened_and_dropped(address: str, source: str = LOOPBACK) -> dict[str, Any]:
    async with await _connect_from(address, source) as ws:
        await ws.send(OPEN)
        return json.loads(await ws.recv())


async def test_rooms_opened_and_dropped_count_against_their_opener_and_go_soon() -> None:
    # Rooms opened and abandoned at once filled the 20,000-room cap in 40 s and stayed
    # 120 s (the seat's grace, then the ended room's). Now each counts against the address
    # that opened it while nobody joined, and goes after the short waiting grace.
    quotas = Quotas(exempt_loopback=False, waiting_rooms=3, waiting_grace=0.1)
    async with running_server(limits=fast_limits(quotas=quotas, grace=600)) as (server, address):
        codes = [(await _room_opened_and_dropped(address))["room"] for _ in range(3)]
        refused = await _room_opened_and_dropped(address)
        assert (refused["type"], refused["problem"]) == ("error", "server-full")
        # Another address opens its own.
        assert (await _room_opened_and_dropped(address, OTHER))["type"] == "welcome"
        assert server.admission is not None
        assert server.admission.rooms_waiting((LOOPBACK, 0)) == 3
        # The rooms nobody joined go long before a dropped seat's grace would have passed.
        async with asyncio.timeout(30):
            while any(code in server.rooms for code in codes):
                await asyncio.sleep(0.05)
        assert server.admission.rooms_waiting((LOOPBACK, 0)) == 0
        assert (await _room_opened_and_dropped(address))["type"] == "welcome"


async def test_a_room_that_had_its_second_player_no_longer_counts_against_its_opener() -> None:
    quotas = Quotas(exempt_loopback=False, waiting_rooms=1)
    async with running_server(limits=fast_limits(quotas=quotas)) as (server, address):
        host, code = await _open_room(address)
        async with await _connect_from(address, OTHER) as guest:
            await guest.send(_frame("join", room=code, name="friend"))
            assert json.loads(await guest.recv())["type"] == "welcome"
            assert server.admission is not None
            assert server.admission.rooms_waiting((LOOPBACK, 0)) == 0
            opened = await _room_opened_and_dropped(address)
            assert opened["type"] == "welcome"
        await host.close()


FILES = 200
"""The open-file limit of the server in the test below, soft and hard (it cannot raise it)."""


def _few_files() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES))


async def test_a_server_out_of_files_refuses_the_next_client_cleanly_and_says_so_once(
    tmp_path: Path,
) -> None:
    # Under 1,024 open files, 1,017 seated connections filled the server: new clients timed
    # out in the handshake while asyncio logged 111,496 "Too many open files" tracebacks.
    server = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "spit",
        "server",
        "--port",
        "0",
        stderr=subprocess.PIPE,
        env={**os.environ, "SPIT_DATA_DIR": str(tmp_path), "PYTHONUNBUFFERED": "1"},
        preexec_fn=_few_files,
    )
    assert server.stderr is not None
    try:
        async with asyncio.timeout(LIMIT):
            first = (await server.stderr.readline()).decode()
        found = re.search(r"listening on (\S+) \(up to (\d+) connections", first)
        assert found, first
        address, budget = found[1], int(found[2])
        assert 0 < budget < FILES
        async with contextlib.AsyncExitStack() as held:
            for _ in range(budget):
                ws = await held.enter_async_context(await _connect_from(address))
            await ws.send(OPEN)  # the last one let in plays
            assert json.loads(await ws.recv())["type"] == "welcome"
            for _ in range(3 * FILES):
                with pytest.raises(InvalidStatus) as error:
                    await _connect_from(address)
                assert error.value.response.status_code == 503
            assert b"the server is full" in error.value.response.body
        # Once they are gone, clients are let in again.
        ws = await _connect_from(address)
        await ws.close()
    finally:
        server.terminate()
        async with asyncio.timeout(LIMIT):
            _, log = await server.communicate()
    text = log.decode()
    assert "Traceback" not in text and "Too many open files" not in text, text[:2000]
    assert text.count("refused connections") == 1, text
    assert len(text.splitlines()) < 10, text


def test_the_server_raises_its_soft_file_limit_as_far_as_the_hard_one_lets() -> None:
    def soft_below_hard() -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (FILES, FILES + 100))

    probe = (
        "import resource\nfrom spit.net.limits import raise_file_limit\n"
        "print(raise_file_limit(), resource.getrlimit(resource.RLIMIT_NOFILE)[0])"
    )
    run = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=LIMIT,
        check=True,
        preexec_fn=soft_below_hard,
    )
    assert run.stdout.split() == [str(FILES + 100)] * 2


def test_addresses_that_hold_nothing_any_more_are_forgotten() -> None:
    # Each short connection leaves its address's bucket a token short: without a sweep, a
    # scan from many addresses would be remembered for ever.
    now = [0.0]
    admission = Admission(Quotas(exempt_loopback=False), files=1024, source=lambda: now[0])
    for n in range(1000):
        key = f"127.1.{n // 256}.{n % 256}"
        admission.arrived(key)
        assert admission.refusal(key) is None
        admission.left(key)
    assert admission.addresses == 1000
    now[0] += SWEEP_EVERY
    admission.arrived("127.9.9.9")
    assert admission.addresses == 1


async def test_sockets_that_never_ask_are_held_to_their_address_s_quota() -> None:
    # A socket that sends no request is never answered 503: past the quota and a few more,
    # the server lets go of each such socket as it accepts it, and others still get in.
    quotas = Quotas(exempt_loopback=False, connections=5)
    held: list[asyncio.StreamWriter] = []
    async with running_server(limits=fast_limits(quotas=quotas)) as (server, address):
        host, port = address.rsplit(":", 1)
        try:
            for _ in range(quotas.connections + UNASKED):
                _, writer = await asyncio.open_connection(host, int(port))
                held.append(writer)
            reader, writer = await asyncio.open_connection(host, int(port))
            held.append(writer)
            async with asyncio.timeout(LIMIT):
                assert await reader.read(100) == b""  # let go of, unanswered
            await asyncio.sleep(0)  # its loss counted
            # ... while the ones before it are still held (not let go of by a timeout).
            assert server.admission is not None
            assert server.admission.open == quotas.connections + UNASKED
            ws = await _connect_from(address, OTHER)
            await ws.close()
        finally:
            for writer in held:
                writer.close()
