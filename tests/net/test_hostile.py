"""Hostile clients: random, malformed, oversized and out-of-seat frames and floods get an error
or a closed connection, while an honest room on the same server plays to its end untouched."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import random
import socket
import weakref
from typing import Any

import pytest
import websockets
from websockets.asyncio.client import connect

from spit.net import transport
from spit.net.transport import MAX_LINES, POLICY
from spit.net.wire import ROOM_ALPHABET, VERSION

from .netkit import LIMIT, fast_limits, running_server, start_pair, tap_frames


def junk_frames(rng: random.Random, honest_room: str, own_room: str) -> list[str | bytes]:
    """A seeded mix of everything a broken or malicious client might send."""
    frames: list[str | bytes] = []
    act = {"v": VERSION, "type": "act", "id": 1}
    for _ in range(60):
        kind = rng.randrange(12)
        if kind == 0:
            frames.append("".join(chr(rng.randrange(32, 0x3000)) for _ in range(rng.randrange(80))))
        elif kind == 1:
            frames.append(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 60))))
        elif kind == 2:
            frames.append('{"v":4,"type":"act"' + "," * rng.randrange(5))
        elif kind == 3:
            frames.append(
                json.dumps({"v": VERSION, "type": rng.choice(["deal", "win", "", "ACT"])})
            )
        elif kind == 4:  # an action for the other seat
            frames.append(json.dumps({**act, "seat": 1, "action": ["spit", 1]}))
        elif kind == 5:  # an action in the honest room, which this client is not in
            frames.append(json.dumps({**act, "room": honest_room, "action": ["spit", 0]}))
        elif kind == 6:  # an action of the other player
            frames.append(json.dumps({**act, "action": ["spit", 1]}))
        elif kind == 7:
            frames.append(json.dumps({**act, "action": ["play", 0, 9, -1]}))
        elif kind == 8:
            frames.append(json.dumps({"v": rng.choice([0, 1, 4, "3", None]), "type": "leave"}))
        elif kind == 9:
            frames.append(
                json.dumps({"v": VERSION, "type": "pong", "id": rng.choice([1e308, -5, "x"])})
            )
        elif kind == 10:
            frames.append(
                json.dumps(
                    {
                        "v": VERSION,
                        "type": "open",
                        "variant": "standard",
                        "seed": None,
                        "name": "x" * rng.randrange(20, 40),
                    }
                )
            )
        else:
            frames.append(json.dumps([1, {"v": VERSION}, None]))
    return frames


async def hostile(address: str, honest_room: str, seed: int) -> dict[str, int]:
    """One hostile client: its own room, then junk; a count of what it was answered."""
    rng = random.Random(seed)
    answers = {"error": 0, "closed": 0}
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        await ws.send('{"v":4,"type":"open","variant":"standard","seed":null,"name":"mallory"}')
        own_room = json.loads(await ws.recv())["room"]
        for frame in junk_frames(rng, honest_room, own_room):
            try:
                await ws.send(frame)
            except websockets.ConnectionClosed:
                answers["closed"] += 1
                break
        try:  # until the first error answer or the close, however slow the server is now
            async with asyncio.timeout(LIMIT):
                async for frame in ws:
                    if json.loads(frame)["type"] == "error":
                        answers["error"] += 1
                        break
        except websockets.ConnectionClosed:
            pass
        answers["closed"] += ws.close_code is not None
    return answers


async def oversized(address: str) -> int | None:
    """A frame past the cap: the server closes the connection (1009, message too big)."""
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        await ws.send('{"v":4,"type":"leave","pad":"' + "x" * 100_000 + '"}')
        try:
            async with asyncio.timeout(LIMIT):
                await ws.recv()
        except (websockets.ConnectionClosed, TimeoutError):
            pass
        return ws.close_code


async def flood(address: str) -> int | None:
    """Thousands of frames as fast as the socket takes them: cut off for flooding."""
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        try:
            for i in range(20_000):
                await ws.send(json.dumps({"v": VERSION, "type": "pong", "id": i}))
            async with asyncio.timeout(LIMIT):
                while True:
                    await ws.recv()
        except (websockets.ConnectionClosed, TimeoutError):
            pass
        return ws.close_code


async def guesser(address: str, rng: random.Random) -> int | None:
    """Trying room codes one after another: closed after a few wrong ones."""
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        try:
            for _ in range(20):
                code = "".join(rng.choice(ROOM_ALPHABET) for _ in range(8))
                await ws.send(json.dumps({"v": VERSION, "type": "join", "room": code, "name": ""}))
            async with asyncio.timeout(LIMIT):
                while True:
                    await ws.recv()
        except (websockets.ConnectionClosed, TimeoutError):
            pass
        return ws.close_code


@pytest.mark.long  # a flood, among other attacks, beside a whole match
async def test_hostile_clients_leave_an_honest_room_untouched(monkeypatch, caplog):
    caplog.set_level("WARNING", logger="spit.net.server")
    with tap_frames(monkeypatch) as sent:
        async with running_server(limits=fast_limits(), pace=20) as (server, address):
            pair = await start_pair(address, levels=("expert", "hard"), seed=21)
            async with asyncio.timeout(LIMIT):
                while not pair.guest.tables:
                    await asyncio.sleep(0.01)
            attacks = await asyncio.gather(
                *(hostile(address, pair.code, seed) for seed in range(6)),
                oversized(address),
                flood(address),
                guesser(address, random.Random(5)),
            )
            host_end, guest_end = await pair.results()
            # The server still takes new players after all that.
            after = await start_pair(address, levels=("expert", "expert"), seed=4)
            late_end, _ = await after.results()

    answered = attacks[:6]
    assert all(a["error"] > 0 or a["closed"] for a in answered), answered
    assert attacks[6] == 1009  # too big
    assert attacks[7] == POLICY  # flooding
    assert attacks[8] == POLICY  # guessing codes
    # The honest room played to its end as if nothing happened.
    assert host_end.why == guest_end.why == "match over"
    assert host_end.result == guest_end.result
    assert pair.host.errors == pair.guest.errors == []
    honest = [f for f in sent if f.room == pair.code and f.body["type"] == "table"]
    for seat, recorder in ((0, pair.host), (1, pair.guest)):
        seqs = [f.body["seq"] for f in honest if f.seat == seat]
        assert seqs == [seq for seq, _, _ in recorder.tables]
    # Nobody else ever acted in it: every accepted action was one of its two players'.
    room = server.rooms[pair.code]
    assert sum(room.actions) == sum(host_end.result["actions"])
    assert late_end.why == "match over"
    # Every kind of bad input was logged.
    text = caplog.text
    for what in (
        "unknown field `seat`",  # an action for the other seat: no act names a seat
        "unknown field `room`",  # nor a room: the connection's own is the only one
        "from seat",  # nor another player
        "Invalid value 'deal'",  # no such frame type
        "protocol version must be 4",
        "flooding",
        "frame over",
        "wrong room codes",
        "not JSON",
    ):
        assert what in text, what


async def test_a_connection_that_takes_no_seat_is_closed(caplog):
    caplog.set_level("WARNING", logger="spit.net.server")
    async with (
        running_server(limits=fast_limits(seat_timeout=0.2)) as (_, address),
        connect(f"ws://{address}/", proxy=None) as ws,
    ):
        with contextlib.suppress(websockets.ConnectionClosed):
            async with asyncio.timeout(LIMIT):
                await ws.recv()
        assert ws.close_code == POLICY
    assert "took no seat" in caplog.text


async def test_a_request_that_is_not_a_websocket_leaves_the_server_serving():
    async with running_server() as (_, address):
        host, port = address.rsplit(":", 1)
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        await writer.drain()
        async with asyncio.timeout(LIMIT):
            answer = await reader.read(100)
        writer.close()
        assert answer.startswith(b"HTTP/1.1 4")  # refused, politely
        pair = await start_pair(address, levels=("expert", "expert"), seed=2)
        host_end, _ = await pair.results()
        assert host_end.why == "match over"


async def _burst(address: str, frames: list[str]) -> tuple[list[dict[str, Any]], int | None]:
    """Send ``frames`` in one go; every frame answered, and the close code."""
    answers: list[dict[str, Any]] = []
    async with connect(f"ws://{address}/", proxy=None, compression=None) as ws:
        with contextlib.suppress(websockets.ConnectionClosed):
            for frame in frames:
                await ws.send(frame)
        with contextlib.suppress(websockets.ConnectionClosed, TimeoutError):
            async with asyncio.timeout(LIMIT):
                async for answer in ws:
                    answers.append(json.loads(answer))
        return answers, ws.close_code


def _act(action: object) -> str:
    return json.dumps({"v": VERSION, "type": "act", "id": 1, "action": action})


async def test_an_action_whose_kind_is_a_list_or_a_dict_is_a_bad_frame_toward_the_cap(caplog):
    caplog.set_level("WARNING", logger="spit.net.server")
    strange = [_act([["spit"], 0]), _act([{"spit": 1}, 0]), _act(["play", 0, 0, []])]
    async with running_server(limits=fast_limits(max_errors=5)) as (_, address):
        answers, code = await _burst(address, strange * 2)
    # Each is answered as a bad frame, and the fifth, the cap, closes the connection (as
    # docs/network.md says: 20 of them close it).
    assert [(a["type"], a["problem"]) for a in answers] == [("error", "bad-frame")] * 5
    assert code == POLICY
    assert "internal error" not in caplog.text
    assert not any(record.exc_info for record in caplog.records)


async def test_past_the_bad_frames_cap_a_connection_costs_one_line_not_one_a_frame(caplog):
    # Frames already read when the cap is reached were each logged "too many bad frames"
    # (190,131 lines from one attacker): now the lines of one connection are bounded.
    caplog.set_level("INFO", logger="spit.net.server")
    limits = fast_limits(max_errors=5)
    async with running_server(limits=limits) as (_, address):
        _, code = await _burst(address, [_act([["spit"], 0])] * 400)
    assert code == POLICY
    lines = [r.getMessage() for r in caplog.records if r.name == "spit.net.server"]
    mine = [line for line in lines if not line.startswith(("listening", "stopped"))]
    assert sum("too many bad frames" in line for line in mine) == 1, mine
    assert len(mine) <= limits.max_errors + 2, mine


async def test_a_connection_pausing_and_letting_go_all_day_costs_a_bounded_log(caplog):
    caplog.set_level("INFO", logger="spit.net.server")
    opening = json.dumps(
        {"v": VERSION, "type": "open", "variant": "standard", "seed": None, "name": "m"}
    )
    toggles = [
        json.dumps({"v": VERSION, "type": "pause", "paused": i % 2 == 0}) for i in range(400)
    ]
    async with (
        running_server(limits=fast_limits()) as (_, address),
        connect(f"ws://{address}/", proxy=None, compression=None) as ws,
    ):
        await ws.send(opening)
        for frame in toggles:
            await ws.send(frame)
        await ws.send(json.dumps({"v": VERSION, "type": "leave"}))
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(LIMIT):
                async for answer in ws:
                    if json.loads(answer)["type"] == "ended":
                        break
    paused = [r for r in caplog.records if "paused" in r.getMessage()]
    assert 0 < len(paused) <= MAX_LINES


async def test_a_seated_connection_flooding_is_cut_off_as_one_without_a_seat_is():
    async with (
        running_server(limits=fast_limits()) as (_, address),
        connect(f"ws://{address}/", proxy=None, compression=None) as ws,
    ):
        await ws.send('{"v":4,"type":"open","variant":"standard","seed":null,"name":"flood"}')
        assert json.loads(await ws.recv())["type"] == "welcome"
        with contextlib.suppress(websockets.ConnectionClosed):
            for i in range(20_000):
                await ws.send(json.dumps({"v": VERSION, "type": "pong", "id": i}))
            async with asyncio.timeout(LIMIT):
                while True:
                    await ws.recv()
        assert ws.close_code == POLICY


async def test_actions_sent_in_one_burst_with_the_join_are_answered_in_their_order():
    # The join is read by the connection's task, and so are the actions queued behind it in
    # the same burst; once seated, a frame is read as it arrives, unless frames still wait in
    # websockets' queue: none may overtake another.
    acts = range(1, 41)
    async with (
        running_server(limits=fast_limits(ping_every=60)) as (_, address),
        connect(f"ws://{address}/", proxy=None, compression=None) as host,
        connect(f"ws://{address}/", proxy=None, compression=None) as guest,
    ):
        await host.send('{"v":4,"type":"open","variant":"standard","seed":7,"name":"a"}')
        code = json.loads(await host.recv())["room"]
        join = {"v": VERSION, "type": "join", "room": code, "name": "b"}
        guest.protocol.send_text(json.dumps(join).encode())
        for ident in acts:
            act = {"v": VERSION, "type": "act", "id": ident, "action": ["spit", 1]}
            guest.protocol.send_text(json.dumps(act).encode())
        guest.send_data()  # one write: the join and every action behind it
        answered = []
        async with asyncio.timeout(LIMIT):
            while len(answered) < len(acts):
                frame = json.loads(await guest.recv())
                if frame["type"] == "refused" or (frame["type"] == "table" and frame["by"] == 1):
                    answered.append(frame.get("id", frame.get("ack")))
    assert answered == list(acts)


OPEN = json.dumps({"v": VERSION, "type": "open", "variant": "standard", "seed": None, "name": "a"})


async def test_a_frame_sent_in_fragments_is_read_whole():
    # The server's transport reads websocket frames itself: a message in three fragments is
    # one frame to the rooms.
    async with (
        running_server() as (_, address),
        connect(f"ws://{address}/", proxy=None, compression=None) as ws,
    ):
        third = len(OPEN) // 3
        await ws.send([OPEN[:third], OPEN[third : 2 * third], OPEN[2 * third :]])
        async with asyncio.timeout(LIMIT):
            assert json.loads(await ws.recv())["type"] == "welcome"


async def test_a_text_frame_that_is_not_utf8_closes_the_connection():
    async with (
        running_server() as (_, address),
        connect(f"ws://{address}/", proxy=None, compression=None) as ws,
    ):
        ws.protocol.send_text(b'{"v":4,"type":"leave","x":"\xff\xfe"}')
        ws.send_data()
        with contextlib.suppress(websockets.ConnectionClosed):
            async with asyncio.timeout(LIMIT):
                await ws.recv()
        assert ws.close_code == 1007  # invalid frame payload data


async def test_a_connection_that_leaves_a_ping_unanswered_is_closed(monkeypatch):
    # A line that died without a word: nothing answers the server's websocket pings, and
    # its seat must not be held as if someone were there.
    monkeypatch.setattr(transport, "PING_EVERY", 0.1)
    async with running_server() as (_, address):
        host, port = address.rsplit(":", 1)
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(
            b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        async with asyncio.timeout(LIMIT):
            told = await reader.read()  # never answering, until the server lets go
        writer.close()
    assert told.startswith(b"HTTP/1.1 101")
    assert b"\x89\x00" in told  # a ping, unanswered
    assert b"\x88" + bytes([2 + len(b"keepalive ping timeout")]) + b"\x03\xf3" in told  # 1011


async def test_a_connection_that_keeps_talking_is_never_pinged(monkeypatch):
    # Whatever it sends shows the line is alive: a ping and its pong would be two more
    # frames on a busy server's every connection, and tell it nothing.
    monkeypatch.setattr(transport, "PING_EVERY", 0.1)
    async with running_server() as (_, address):
        host, port = address.rsplit(":", 1)
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(HANDSHAKE)
        told = b""
        for _ in range(20):  # 0.6 s: six of the server's ping turns
            writer.write(b"\x8a\x80" + bytes(4))  # an unasked-for pong, masked, empty
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(0.03):
                    told += await reader.read(4096)
        writer.close()
    assert told.startswith(b"HTTP/1.1 101")
    assert b"\x89\x00" not in told  # no ping
    assert b"\x88" not in told  # and no close


HANDSHAKE = (
    b"GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)
PING = b"\x89\xfd" + bytes(4) + b"p" * 125  # a masked 125-byte ping: each asks for a pong


async def _pinging(address: str) -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A raw websocket that will send pings and never read their pongs."""
    host, port = address.rsplit(":", 1)
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)  # the kernel holds few pongs
    sock.setblocking(False)
    await asyncio.get_running_loop().sock_connect(sock, (host, int(port)))
    reader, writer = await asyncio.open_connection(sock=sock)
    writer.write(HANDSHAKE)
    await reader.readuntil(b"\r\n\r\n")
    return reader, writer


async def test_a_connection_sending_pings_it_never_reads_the_pongs_of_is_cut_and_freed():
    # Two such sockets grew the server by 800 MB in 70 s: every pong waited in its memory.
    async with running_server(limits=fast_limits(backlog=8)) as (server, address):
        _, writer = await _pinging(address)
        await asyncio.sleep(0.1)
        (conn,) = server._transport.connections
        gone = weakref.ref(conn)
        del conn
        with pytest.raises(ConnectionError):
            async with asyncio.timeout(LIMIT):
                while True:  # 8 KiB of pongs unsent is its bound: it is cut long before this
                    writer.write(PING * 100)
                    await writer.drain()
        writer.close()
        assert not server._transport.connections
        await asyncio.sleep(0.1)  # the pinger's turn ends with another connection, or none
        gc.collect()
        assert gone() is None


async def test_the_server_stops_reading_pings_while_their_pongs_wait_unsent():
    async with running_server() as (server, address):
        _, writer = await _pinging(address)
        sent = 0
        with contextlib.suppress(TimeoutError):
            while sent < 50_000_000:  # till the server stops taking them (a second's wait)
                writer.write(PING * 100)
                await asyncio.wait_for(writer.drain(), 1.0)
                sent += len(PING) * 100
        # The kernel's buffers hold some megabytes; the server no more than its bound.
        assert sent < 50_000_000
        (conn,) = server._transport.connections
        assert conn._socket is not None
        assert conn._socket.get_write_buffer_size() <= server.limits.backlog * transport.FRAME_BYTES
        writer.transport.abort()
