"""A rematch over the network: after the match either player offers one; when both have, the
same room deals a fresh match (a new seed) with the seats swapped, and each match has its own
record. Leaving declines; an offer with nobody left to play is answered plainly; a rematch
frame from a connection with no seat is a bad frame."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.client import connect

from spit.net.botclient import play
from spit.net.client import Client
from spit.net.rematch import offer
from spit.net.room import Room
from spit.net.wire import VERSION, NoRematch, ProtocolError, Rematch, RoomEnd, Stage, Welcome
from spit.records.record import read_record, record_files

from .netkit import LIMIT, Pair, RecordingSeat, fast_limits, running_server

PACE = 400.0
"""The game clock's pace here: a match played out takes a second or two (the bots' reactions
are game time; the players' rates grow with the pace)."""


class Seat(RecordingSeat):
    """A bot seat that also keeps what it was told of a rematch."""

    def __init__(self, seed: int) -> None:
        super().__init__("expert", seed)
        self.said: list[Rematch] = []
        self.welcomes: list[Welcome] = []

    def offers(self, said: Rematch) -> None:
        self.said.append(said)

    def welcomed(self, welcome: Welcome) -> None:
        self.welcomes.append(welcome)
        super().welcomed(welcome)


async def until(condition: Callable[[], bool]) -> None:
    async with asyncio.timeout(LIMIT):
        while not condition():
            await asyncio.sleep(0.01)


async def played_out(address: str) -> Pair:
    """Ana opens a room, Bo joins, the bots play the match out; both stay for a rematch."""
    host, guest = Seat(1), Seat(2)
    host_client, guest_client = Client(address, host), Client(address, guest)
    host_client.rematches = guest_client.rematches = True
    code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    welcomed = code.set_result
    first = asyncio.create_task(
        play(host_client, host, seed=5, name="Ana", on_welcome=lambda w: welcomed(w.room))
    )
    room = await asyncio.wait_for(code, LIMIT)
    second = asyncio.create_task(play(guest_client, guest, code=room, name="Bo"))
    pair = Pair(room, host, guest, host_client, guest_client, (first, second))
    await until(lambda: bool(host.ends) and bool(guest.ends))
    return pair


@pytest.mark.long  # two bots play a match out first
async def test_offer_and_accept_deal_a_fresh_match_in_the_same_room_with_the_seats_swapped(
    data_dir: Path,
):
    async with running_server(limits=fast_limits(), pace=PACE) as (server, address):
        pair = await played_out(address)
        room = server.rooms[pair.code]
        first_seed, first_deal = room.match.seed, pair.host.tables[0][1]
        assert room.ended is RoomEnd.MATCH_OVER and not pair.tasks[0].done()

        pair.host_client.offer_rematch()
        await until(lambda: bool(pair.guest.said))
        assert pair.guest.said[-1] == Rematch(offers=(True, False))  # "Ana offers a rematch"
        pair.guest_client.offer_rematch()
        await until(lambda: len(pair.host.welcomes) == len(pair.guest.welcomes) == 2)

        assert (pair.host.welcomes[1].seat, pair.guest.welcomes[1].seat) == (1, 0)
        assert pair.host.welcomes[1].room == pair.code and not pair.host.welcomes[1].seeded
        assert room.names == ["Bo", "Ana"] and room.match.seed != first_seed
        await until(lambda: pair.host_client.view is not None and pair.host_client.view.player == 1)
        fresh = pair.host_client.view
        assert fresh is not None and fresh.round_number == 1 and fresh != first_deal
        # The bots play the second match out at their new seats: a second end, its own record.
        await until(lambda: len(pair.host.ends) == 2 and len(pair.guest.ends) == 2)
        assert pair.host.ends[1].ended is RoomEnd.MATCH_OVER
        pair.host_client.leave()
        await asyncio.wait_for(asyncio.gather(*pair.tasks), LIMIT)
    records = [read_record(path) for path in record_files(data_dir / "records")]
    assert sorted(r.header.seed for r in records) == sorted((first_seed, room.match.seed))
    assert [r.end for r in records] == ["over", "over"]
    by_seed = {r.header.seed: r.header.players for r in records}
    assert by_seed[first_seed] == tuple(reversed(by_seed[room.match.seed]))


@pytest.mark.long  # two bots play a match out first
async def test_leaving_the_match_over_box_declines_and_the_offer_is_answered_so():
    async with running_server(limits=fast_limits(), pace=PACE) as (_, address):
        pair = await played_out(address)
        pair.host_client.offer_rematch()
        await until(lambda: bool(pair.guest.said))
        pair.guest_client.leave()  # Esc on the box: back to the menu
        await until(lambda: any(s.no is not None for s in pair.host.said))
        said = next(s for s in pair.host.said if s.no is not None)
        assert said == Rematch(offers=(False, False), no=NoRematch.DECLINED, by=1)
        # No rematch can follow: both clients let go of the room.
        ends = await asyncio.wait_for(asyncio.gather(*pair.tasks), LIMIT)
    assert [e.ended for e in ends] == [RoomEnd.MATCH_OVER] * 2
    assert len(pair.host.welcomes) == len(pair.guest.welcomes) == 1  # their first seats only


@pytest.mark.long  # two bots play a match out first
async def test_a_player_whose_line_goes_after_the_match_has_left_and_the_other_is_told():
    async with running_server(limits=fast_limits(), pace=PACE) as (_, address):
        pair = await played_out(address)
        await pair.guest_client.close()
        await until(lambda: bool(pair.host.said))
        assert pair.host.said[-1] == Rematch(offers=(False, False), no=NoRematch.LEFT, by=1)
        await asyncio.wait_for(pair.tasks[0], LIMIT)


async def _send(ws: Any, kind: str, **fields: object) -> None:
    await ws.send(json.dumps({"v": VERSION, "type": kind, **fields}))


async def _next_rematch(ws: Any) -> dict[str, Any]:
    """The next ``rematch`` frame on ``ws`` (others passed over), without type and version."""
    async with asyncio.timeout(LIMIT):
        while (frame := json.loads(await ws.recv()))["type"] != "rematch":
            pass
    return {key: value for key, value in frame.items() if key not in ("type", "v")}


async def test_a_rematch_offered_after_the_other_player_left_is_answered_plainly():
    async with (
        running_server(limits=fast_limits(), pace=PACE) as (server, address),
        connect(f"ws://{address}/", proxy=None) as host,
    ):
        await _send(host, "open", variant="standard", seed=None, name="Ana")
        code = json.loads(await host.recv())["room"]
        guest = Client(address, Seat(3))
        await guest.join(code, "Bo")
        guest.leave()  # the match ends: Bo left it
        await until(lambda: server.rooms[code].stage is Stage.OVER)
        await guest.close()
        told = await _next_rematch(host)  # Bo's line went: no rematch
        await _send(host, "rematch")  # Ana offers all the same
        answer = await _next_rematch(host)
    assert told == answer == {"no": "left", "by": 1, "offers": [False, False]}


async def test_a_strangers_rematch_frame_is_an_error_and_a_bad_frame():
    async with (
        running_server(limits=fast_limits(max_errors=2)) as (_, address),
        connect(f"ws://{address}/", proxy=None) as stranger,
    ):
        await _send(stranger, "rematch")
        first = json.loads(await asyncio.wait_for(stranger.recv(), LIMIT))
        await _send(stranger, "rematch")
        second = json.loads(await asyncio.wait_for(stranger.recv(), LIMIT))
        await asyncio.wait_for(stranger.wait_closed(), LIMIT)  # its second bad frame
    assert first["type"] == second["type"] == "error"
    assert first["problem"] == "not-in-room"


def test_a_rematch_while_the_match_is_on_is_a_bad_frame_and_changes_nothing():
    room = Room("ABCD-EFGH", seed=1)
    room.join("Bo")
    with pytest.raises(ProtocolError, match="before the match is over"):
        offer(room, 0)
    assert room.offers == [False, False] and room.match.seed == 1
