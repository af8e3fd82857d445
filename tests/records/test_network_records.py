"""A networked match is recorded by the server, which holds the match (loopback only)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.asyncio.client import connect

from spit.engine import Variant
from spit.net.client import Client
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
