"""A networked match is recorded by the server, which holds the match (loopback only)."""

from __future__ import annotations

import asyncio
import json
import re
import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from spit.engine import Variant
from spit.engine.notation import parse_action
from spit.net.client import Client
from spit.net.transport import Connection
from spit.net.wire import OpenRoom, client_frame
from spit.records.record import latest_unfinished, read_record, record_files
from tests.net.netkit import LIMIT, RecordingSeat, fast_limits, running_server, start_pair


async def test_the_server_records_a_networked_match_that_replays_to_its_result(
    data_dir: Path,
) -> None:
    async with running_server() as (server, address):
        pair = await start_pair(address, levels=("expert", "hard"), seed=3)
        await pair.results()
        room = server.rooms[pair.code]
    [path] = record_files(data_dir / "records")
    record = read_record(path)
    assert record.header.mode == "network" and record.end == "over"
    assert record.header.seed == room.match.seed  # unsealed by the end entry
    assert '"seed":null' in path.read_text().splitlines()[0]
    assert record.outcome == room.match.outcome
    assert record.match.history == room.match.history


async def test_an_abandoned_networked_match_is_not_offered_to_resume(data_dir: Path) -> None:
    async with running_server(limits=fast_limits(grace=0.3)) as (_, address):
        ws = await connect(f"ws://{address}/", proxy=None)
        await ws.send(client_frame(OpenRoom(Variant.STANDARD, 4, "gone")))
        hello = json.loads(await ws.recv())
        guest = RecordingSeat("easy", 1)
        client = Client(address, guest)
        guest.client = client
        await client.join(hello["room"])
        guest.welcomed(client.welcome)
        run = asyncio.create_task(client.run())
        await asyncio.sleep(0.1)
        ws.transport.abort()
        async with asyncio.timeout(LIMIT):
            await run
    [path] = record_files(data_dir / "records")
    assert read_record(path).end == "abandoned"
    assert latest_unfinished() is None


@pytest.mark.long  # a long run: a whole networked match
async def test_a_server_told_not_to_record_writes_nothing(data_dir: Path) -> None:
    async with running_server(record=False) as (_, address):
        pair = await start_pair(address, levels=("expert", "expert"), seed=5)
        await pair.results()
    assert record_files(data_dir / "records") == []


async def test_a_match_cut_off_by_the_server_stopping_is_abandoned_and_replayable(
    data_dir: Path,
) -> None:
    async with running_server() as (server, address):
        pair = await start_pair(address, levels=("easy", "easy"), seed=9)
        async with asyncio.timeout(LIMIT):
            while not record_files(data_dir / "records"):
                await asyncio.sleep(0.02)
        await asyncio.sleep(0.3)  # some play
        room = server.rooms[pair.code]
    for task in pair.tasks:
        task.cancel()
    [path] = record_files(data_dir / "records")
    record = read_record(path)
    assert record.end == "abandoned" and record.header.seed == room.match.seed
    assert record.match.view(0) == room.match.view(0)


async def test_a_frame_never_tells_of_an_action_its_record_does_not_hold(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The server holds its records' lines back for one turn of its loop and writes them in
    # one go: before any frame of that turn, so a table a player is told of is on file.
    checked: list[tuple[int, int]] = []
    original = Connection.flush

    def flush(self: Any) -> None:
        room = self.reader.room
        path = None if room is None or room.recorder is None else room.recorder.path
        if path is not None and any('"type":"table"' in text for text in self.pending):
            lines = path.read_text().splitlines()
            checked.append((sum('"ok":true' in line for line in lines), sum(room.actions)))
        original(self)

    monkeypatch.setattr(Connection, "flush", flush)
    async with running_server() as (_, address):
        pair = await start_pair(address, levels=("expert", "hard"), seed=5)
        await pair.results()
    assert len(checked) > 50
    assert all(on_file >= told for on_file, told in checked), checked


@pytest.mark.long  # a long run: a whole networked match
async def test_a_killed_server_s_record_holds_every_action_its_players_were_told_of(
    data_dir: Path,
) -> None:
    # kill -9 mid-match: what the players heard of is in the record (the operating system
    # keeps what was written); what was applied but not yet told may be lost, never more.
    argv = ("-m", "spit", "server", "--port", "0", "--pace", "20")
    server = await asyncio.create_subprocess_exec(
        sys.executable, *argv, stderr=asyncio.subprocess.PIPE
    )
    try:
        assert server.stderr is not None
        address = ""
        async with asyncio.timeout(LIMIT):
            while not address:
                line = (await server.stderr.readline()).decode()
                assert line, "the server did not start"
                found = re.search(r"listening on (\S+)", line)
                address = found[1] if found else ""
        pair = await start_pair(address, levels=("expert", "expert"), seed=11)
        async with asyncio.timeout(LIMIT):
            while sum(bool(events) for _, _, events in pair.host.tables) < 60:
                await asyncio.sleep(0.01)
        server.send_signal(signal.SIGKILL)
        await server.wait()
    finally:
        if server.returncode is None:
            server.kill()
            await server.wait()
    for task in pair.tasks:
        task.cancel()
    await asyncio.gather(*pair.tasks, return_exceptions=True)
    told = max(
        sum(bool(events) for _, _, events in seat.tables) for seat in (pair.host, pair.guest)
    )
    [path] = record_files(data_dir / "records")
    lines = path.read_bytes().splitlines()
    assert path.read_bytes().endswith(b"\n")  # whole lines: nothing torn
    accepted = [json.loads(line) for line in lines[1:] if b'"ok":true' in line]
    assert len(accepted) >= told >= 60
    # The record replays: unsealed with the seed the host chose, it reads as a valid record.
    unsealed = data_dir / "unsealed.spit"
    end = {"n": len(lines) + 1, "end": "abandoned", "seed": 11}
    unsealed.write_bytes(path.read_bytes() + json.dumps(end).encode() + b"\n")
    record = read_record(unsealed)
    assert not record.torn
    assert [step.action for step in record.steps if step.reason is None] == [
        parse_action({k: v for k, v in entry.items() if k not in ("n", "at", "ok")})
        for entry in accepted
    ]
