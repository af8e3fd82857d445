"""Whole networked matches on loopback: two real clients against a real server agree with it,
the wire hides every face-down card, and seats survive dropped connections."""

from __future__ import annotations

import asyncio
import json
from collections import deque
from types import SimpleNamespace

import pytest
import websockets
from websockets.asyncio.client import connect

from spit import words
from spit.engine import Phase, Play, Variant
from spit.net import server as server_module
from spit.net.client import Client, Gone, Hearing, ServerGone
from spit.net.room import Room
from spit.net.server import RTT_KEPT, GameServer
from spit.net.transport import INTERNAL_ERROR, Outbox
from spit.net.wire import OpenRoom, Ping, Pong, Problem, Rejoin, client_frame

from .netkit import (
    LIMIT,
    RecordingSeat,
    cards_named,
    fast_limits,
    run_on_virtual_time,
    running_server,
    start_pair,
    tap_frames,
    track_rounds,
)


def tops(view):
    return tuple(p.top for p in view.piles)


@pytest.mark.parametrize(("levels", "seed"), [(("expert", "hard"), 3), (("easy", "expert"), 8)])
async def test_two_clients_play_a_whole_match_and_agree_with_the_server(monkeypatch, levels, seed):
    with tap_frames(monkeypatch) as sent:
        async with running_server() as (server, address):
            pair = await start_pair(address, levels=levels, seed=seed)
            host_end, guest_end = await pair.results()
            room = server.rooms[pair.code]

    # The same outcome for both, and it is the engine's.
    assert host_end.why == guest_end.why == "match over"
    assert host_end.result == guest_end.result
    outcome = room.match.outcome
    assert outcome is not None
    assert host_end.result["winner"] == outcome.winner + 1
    assert host_end.result["rounds"] == len(room.match.history)
    # Every table the server sent reached its seat, in order, with the server's pile tops.
    for seat, recorder in ((0, pair.host), (1, pair.guest)):
        server_tables = [f for f in sent if f.seat == seat and f.body["type"] == "table"]
        assert [f.body["seq"] for f in server_tables] == [seq for seq, _, _ in recorder.tables]
        for frame, (_, view, _) in zip(server_tables, recorder.tables, strict=True):
            assert tops(view) == frame.pile_tops
    # Both seats saw the same tops after every change both were told of.
    host_tops = {seq: tops(view) for seq, view, _ in pair.host.tables}
    for seq, view, _ in pair.guest.tables:
        assert host_tops[seq] == tops(view)
    assert pair.host.errors == pair.guest.errors == []


@pytest.mark.long  # a long run: a whole networked match on real time
async def test_the_wire_never_names_a_face_down_card(monkeypatch):
    """Every frame sent to either seat through a whole match names only cards that are face up
    when it is sent: never a card under a stock's top, never a spit card. The events of a
    round that just ended are checked against that round's table, since the cards they name
    were face up then and lie face down again in the next deal."""
    with tap_frames(monkeypatch) as sent, track_rounds(monkeypatch) as hidden_after:
        async with running_server() as (_, address):
            pair = await start_pair(address, levels=("expert", "expert"), seed=11)
            await pair.results()
    tables = [f for f in sent if f.body["type"] == "table"]
    assert len(tables) > 100  # a whole match went by
    named_any: set = set()
    new_deals = 0
    for frame in sent:
        body = frame.body
        if body["type"] != "table":
            named = cards_named(frame.text)
            assert not named & frame.face_down, (frame.seat, frame.text)
            continue
        view_cards = cards_named(json.dumps(body["view"]))
        assert not view_cards & frame.face_down, (frame.seat, body["view"])
        round_number = body["view"]["round_number"]
        for event in body["events"]:
            if event[0] == "dealt":
                new_deals += 1
            in_round = round_number if event[0] == "dealt" else _round_of(body, event)
            named = cards_named(json.dumps(event))
            hidden = (
                frame.face_down if in_round == round_number else hidden_after[frame.match, in_round]
            )
            assert not named & hidden, (frame.seat, event)
        named_any |= cards_named(frame.text)
    assert len(named_any) > 26  # the check looked at real cards
    assert new_deals >= 2 * 2  # and across new deals (each told to both seats)


def _round_of(body, event):
    """The round an event happened in: the one before, if a new deal follows it in the frame."""
    kinds = [e[0] for e in body["events"]]
    if "dealt" in kinds and body["events"].index(event) < kinds.index("dealt"):
        return body["view"]["round_number"] - 1
    return body["view"]["round_number"]


async def test_a_dropped_connection_comes_back_to_the_same_seat_and_table():
    async with running_server(limits=fast_limits(grace=10)) as (server, address):
        pair = await start_pair(address, levels=("hard", "hard"), seed=5)
        async with asyncio.timeout(LIMIT):
            while len(pair.guest.tables) < 15:
                await asyncio.sleep(0.01)
        room = server.rooms[pair.code]
        # The host holds a pause, so the table stands still while we look at it.
        pair.host_client.pause(True)
        async with asyncio.timeout(LIMIT):
            while pair.guest_client.status.running:
                await asyncio.sleep(0.005)
            while pair.guest_client.view != room.match.view(1):  # a move in flight lands
                await asyncio.sleep(0.005)
        table_before = pair.guest_client.view
        assert table_before == room.match.view(1)
        clock_before = room.clock()
        token = pair.guest_client.welcome.token
        seen = len(pair.guest.tables)
        # Cut the guest's connection without a goodbye; it reconnects by itself.
        pair.guest_client._ws.transport.abort()
        async with asyncio.timeout(LIMIT):
            while room.connected[1]:
                await asyncio.sleep(0.002)
            while not room.connected[1] or len(pair.guest.tables) == seen:
                await asyncio.sleep(0.002)
        # Back in the same seat, with the same token, told the table exactly as it was.
        assert pair.guest.drops == 1
        assert pair.guest_client.welcome.seat == 1
        assert pair.guest_client.welcome.token == token
        assert pair.guest_client.view == table_before == room.match.view(1)
        assert room.clock() == clock_before  # nothing moved while the seat was empty
        # The host was told the guest was away, then back.
        presence = [s.connected for s in pair.host.statuses]
        joined = presence.index((True, True))
        away = presence.index((True, False), joined)
        assert (True, True) in presence[away:]
        pair.host_client.pause(False)
        host_end, guest_end = await pair.results()
    assert host_end.why == "match over"
    assert host_end.result == guest_end.result


@pytest.mark.long  # a long run: a whole networked match on real time
async def test_a_seat_stepped_away_stays_away_until_told_and_the_room_stands_meanwhile():
    """What a browser seat does while no tab shows it: the server keeps the seat as for a
    drop, the other seat is told how long, and the client retakes it only when told."""
    async with running_server(limits=fast_limits(grace=10)) as (server, address):
        pair = await start_pair(address, levels=("hard", "hard"), seed=5)
        async with asyncio.timeout(LIMIT):
            while len(pair.guest.tables) < 5:
                await asyncio.sleep(0.01)
        room = server.rooms[pair.code]
        pair.guest_client.step_away()
        async with asyncio.timeout(LIMIT):
            while room.connected[1] or pair.host_client.status.connected[1]:
                await asyncio.sleep(0.005)
        clock = room.clock()
        left = pair.host_client.status.back_within[1]
        assert left is not None and 9 <= left <= 10  # the server's grace time, counting down
        async with asyncio.timeout(LIMIT):
            while pair.guest.drops == 0:  # the client has let go of its line
                await asyncio.sleep(0.005)
        # A dropped line would be tried again after 0.05, 0.1 and 0.2 s (Client's first_wait,
        # doubling, each at most 1.2 times as long): that long, and the seat stays empty.
        await asyncio.sleep(1.2 * (0.05 + 0.1 + 0.2) + 0.1)
        assert not room.connected[1] and room.clock() == clock  # away, and the room stands
        assert pair.guest.drops == 1 and not pair.guest_client.up
        pair.guest_client.come_back()
        async with asyncio.timeout(LIMIT):
            while not room.connected[1]:
                await asyncio.sleep(0.005)
        assert pair.guest_client.welcome.seat == 1
        host_end, guest_end = await pair.results()
    assert host_end.why == guest_end.why == "match over"


async def test_a_seat_not_taken_back_in_time_abandons_the_match():
    async with running_server(limits=fast_limits(grace=0.3)) as (server, address):
        # The host is a bare connection that will vanish and never come back.
        ws = await connect(f"ws://{address}/", proxy=None)
        await ws.send(client_frame(OpenRoom(Variant.STANDARD, 4, "gone")))
        hello = json.loads(await ws.recv())
        guest = RecordingSeat("easy", 1)
        guest_client = Client(address, guest)
        guest.client = guest_client
        await guest_client.join(hello["room"])
        guest.welcomed(guest_client.welcome)
        run = asyncio.create_task(guest_client.run())
        room = server.rooms[hello["room"]]
        async with asyncio.timeout(LIMIT):
            while not (all(room.connected) and guest.tables):  # both seated, the deal told
                await asyncio.sleep(0.005)
        ws.transport.abort()
        async with asyncio.timeout(LIMIT):
            ended = await run
        assert ended.why == "abandoned"
        assert ended.result["winner"] is None
        # Coming back after that gets the ending, not the seat.
        late = await connect(f"ws://{address}/", proxy=None)
        await late.send(client_frame(Rejoin(hello["room"], hello["token"])))
        answer = json.loads(await late.recv())
        assert answer["type"] == "ended"
        assert answer["ended"] == "abandoned"
        await late.close()
        assert server.rooms[hello["room"]].ended == "abandoned"


async def test_the_server_stopping_gives_the_client_a_sentence_not_a_traceback():
    async with running_server() as (server, address):
        pair = await start_pair(address, levels=("easy", "easy"), seed=2)
        async with asyncio.timeout(LIMIT):
            while len(pair.guest.tables) < 3:
                await asyncio.sleep(0.01)
        await server.stop()
        for task in pair.tasks:
            with pytest.raises(ServerGone) as error:
                async with asyncio.timeout(LIMIT):
                    await task
            assert error.value.why is Gone.STOPPED
            assert "stopped" in words.networked.server_gone(error.value)


async def test_a_server_that_is_not_there_is_said_in_one_sentence():
    async with running_server() as (_, address):
        pass  # stopped: nothing listens on that port now
    client = Client(address, RecordingSeat("easy", 1))
    with pytest.raises(ServerGone) as error:
        await client.open()
    assert error.value.why is Gone.REFUSED
    sentence = words.networked.server_gone(error.value)
    assert "cannot reach a spit server" in sentence and "\n" not in sentence


async def test_a_wrong_room_code_is_refused_and_guessing_closes_the_connection():
    async with running_server() as (_, address):
        client = Client(address, RecordingSeat("easy", 1))
        with pytest.raises(ServerGone) as error:
            await client.join("0000-0000")
        assert error.value.why is Gone.TURNED_AWAY and error.value.problem is Problem.NO_ROOM
        ws = await connect(f"ws://{address}/", proxy=None)
        for _ in range(3):
            await ws.send('{"v":4,"type":"join","room":"ZZZZ-ZZZZ","name":""}')
        with pytest.raises(websockets.ConnectionClosed):
            async with asyncio.timeout(LIMIT):
                while True:
                    await ws.recv()
        assert ws.close_code == 1008


@pytest.mark.long  # a long run: a whole networked match on real time
async def test_either_players_pause_stops_the_room_until_both_let_go():
    async with running_server() as (server, address):
        pair = await start_pair(address, levels=("expert", "hard"), seed=9)
        async with asyncio.timeout(LIMIT):
            while not pair.guest_client.status.running:
                await asyncio.sleep(0.01)
        room = server.rooms[pair.code]
        pair.host_client.pause(True)
        pair.guest_client.pause(True)
        async with asyncio.timeout(LIMIT):
            while pair.guest_client.status.running or not all(room.paused_by):
                await asyncio.sleep(0.005)
        stood = room.clock()
        moves = len(pair.guest.tables)
        refused = len(pair.guest.refusals)
        # A move sent into the standing room is answered "not now" (no rule's refusal).
        pair.guest_client.act(Play(1, 0, 0))
        async with asyncio.timeout(LIMIT):
            while len(pair.guest.refusals) == refused:
                await asyncio.sleep(0.005)
        assert pair.guest.refusals[refused:] == [None]
        assert room.clock() == stood
        assert len(pair.guest.tables) == moves
        pair.host_client.pause(False)
        async with asyncio.timeout(LIMIT):
            while room.paused_by[0]:
                await asyncio.sleep(0.005)
        assert not room.running  # the guest still holds its pause
        pair.guest_client.pause(False)
        host_end, _ = await pair.results()
        assert host_end.why == "match over"
        assert room.match.view(0).phase is Phase.SETTLED or room.match.is_over


async def test_an_older_client_is_told_the_protocol_version_it_lacks():
    async with running_server() as (_, address):
        ws = await connect(f"ws://{address}/", proxy=None)
        await ws.send('{"v":1,"type":"open","variant":"standard","seed":null,"name":""}')
        answer = json.loads(await ws.recv())
        await ws.close()
    assert answer["type"] == "error" and answer["problem"] == Problem.OTHER_VERSION.value
    assert "protocol version must be 4" in answer["detail"]


async def test_an_older_server_is_told_apart_from_a_broken_one():
    """A version-1 server answers a version-2 frame with its own error: the client says the
    server speaks another version, in one sentence, and takes no seat."""
    from websockets.asyncio.server import serve

    async def old_server(ws):
        async for _frame in ws:
            await ws.send('{"v":1,"type":"error","message":"protocol version must be 1"}')

    async with serve(old_server, "127.0.0.1", 0) as server:
        port = server.sockets[0].getsockname()[1]
        client = Client(f"127.0.0.1:{port}", RecordingSeat("easy", 1))
        with pytest.raises(ServerGone) as error:
            await client.open()
    assert error.value.why is Gone.OTHER_VERSION
    sentence = words.networked.server_gone(error.value)
    assert "protocol version" in sentence and "\n" not in sentence


@pytest.mark.long  # a long run: a whole networked match on real time
async def test_a_pause_held_past_its_allowance_runs_out_and_the_match_plays_to_its_end():
    """A pause is not for ever: held past the player's allowance, the server lets go of it,
    both seats are told, and play goes on (before, the room stood for good)."""
    async with running_server(limits=fast_limits(pause=0.5)) as (server, address):
        pair = await start_pair(address, levels=("expert", "hard"), seed=9)
        async with asyncio.timeout(LIMIT):
            while not pair.guest_client.status.running:
                await asyncio.sleep(0.01)
        room = server.rooms[pair.code]
        pair.host_client.pause(True)  # and never let go
        async with asyncio.timeout(LIMIT):
            while not room.paused_by[0]:
                await asyncio.sleep(0.005)
            while not any(s.pause_left[0] for s in pair.guest.statuses):
                await asyncio.sleep(0.005)
        host_end, guest_end = await pair.results()
    assert host_end.why == "match over" and host_end.result == guest_end.result
    told = [s.pause_left[0] for s in pair.guest.statuses if s.pause_left[0] is not None]
    assert told and all(0 < left <= 0.5 for left in told)
    assert room.paused_by == [False, False] and room.pause_left(0) == 0.0


def told_round_trips(rtts: list[float]) -> list[float | None]:
    """The round-trip times a room tells of, measured as ``rtts`` one after another."""
    now = [0.0]
    server = GameServer(source=lambda: now[0], record=False)
    room = Room("ABCD-EFGH", source=lambda: now[0])
    room.join("guest")
    told: list[float | None] = []
    server._deliver = lambda room, sends: told.append(room.rtt[0])  # type: ignore[method-assign]
    peer = SimpleNamespace(room=room, seat=0, pings={}, rtts=deque(maxlen=RTT_KEPT))
    for rtt in rtts:
        peer.pings[1] = now[0]
        now[0] += rtt
        server._dispatch(peer, Pong(id=1))  # type: ignore[arg-type]
    return told


def test_a_round_trip_time_is_told_again_only_once_it_moved_enough() -> None:
    # Each telling is a status frame to both seats: the jitter of a busy machine is not news.
    # 5 ms or a fifth, whichever is more, from the time last told.
    told = told_round_trips([0.010, 0.012, 0.014, 0.016, 0.018, 0.020, 0.080, 0.090, 0.100])
    assert told == pytest.approx([0.010, 0.016, 0.080])


def test_a_round_trip_time_is_the_least_of_the_last_three_so_a_frame_kept_waiting_is_not_told():
    # A pong that waited behind other frames (a busy server, a burst on the line) measures
    # the wait, not the line: one slow measurement among quick ones is not told, and a
    # line that really got slower is told once three measurements say so.
    assert told_round_trips([0.010, 0.010, 0.200, 0.010, 0.150, 0.010]) == pytest.approx([0.010])
    told = told_round_trips([0.010, 0.010, 0.200, 0.210, 0.220, 0.230])
    assert told == pytest.approx([0.010, 0.200])


def test_a_connection_whose_frames_cannot_be_written_holds_up_no_other(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The frames of a loop's turn are written together: one connection failing (a bug, a
    # transport gone wrong) is closed and logged, and the others' frames still go.
    written: list[list[str]] = []

    class Broken(SimpleNamespace):
        def flush(self) -> None:
            raise RuntimeError("the transport went wrong")

        def close(self, code: int, reason: str) -> None:
            self.closing = (code, reason)

    class Fine(SimpleNamespace):
        def flush(self) -> None:
            written.append(self.pending)

    outbox = Outbox(backlog=10)
    broken = Broken(name="broken", pending=["x"], closing=False)
    fine = Fine(name="fine", pending=["y"], closing=False)
    outbox.connections += [broken, fine]  # type: ignore[list-item]
    outbox.flush()
    assert written == [["y"]]
    assert broken.closing == (INTERNAL_ERROR, "internal error")
    assert "broken: its frames could not be written" in caplog.text


async def test_frames_go_uncompressed_even_to_a_client_offering_permessage_deflate():
    # A table frame is some 640 bytes: deflating each costs both ends CPU for a few hundred
    # bytes saved. websockets offers and accepts permessage-deflate unless told not to.
    async with running_server() as (_, address):
        async with connect(f"ws://{address}/", proxy=None) as offering:
            assert "permessage-deflate" in offering.request.headers["Sec-WebSocket-Extensions"]
            assert "Sec-WebSocket-Extensions" not in offering.response.headers
            assert offering.protocol.extensions == []
        client = Client(address, Hearing())
        await client.open()
        assert client._ws is not None
        assert "Sec-WebSocket-Extensions" not in client._ws.request.headers
        assert client._ws.protocol.extensions == []
        await client.close()


def test_connections_opened_together_are_pinged_at_moments_spread_over_the_interval(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Pinged in step, connections opened together (a restart, a tournament's start) would
    # send a burst of pings and read a burst of pongs at every interval, and every action
    # of that turn would wait behind them.
    first_ping: dict[int, float] = {}
    send = server_module._Peer.send

    def noting(peer, body, backlog, text=None):  # type: ignore[no-untyped-def]
        if type(body) is Ping:
            first_ping.setdefault(id(peer), asyncio.get_running_loop().time())
        send(peer, body, backlog, text)

    monkeypatch.setattr(server_module._Peer, "send", noting)

    async def main() -> None:
        limits = fast_limits(ping_every=2.0)
        async with running_server(limits=limits, record=False) as (_, address):
            connections = [
                await connect(f"ws://{address}/", proxy=None, compression=None) for _ in range(16)
            ]
            for ws in connections:
                await ws.send(client_frame(OpenRoom(Variant.STANDARD, None, "p")))
            for ws in connections:
                await ws.recv()
            while len(first_ping) < len(connections):
                await asyncio.sleep(0.1)
            for ws in connections:
                await ws.close()

    run_on_virtual_time(main())
    moments = sorted(first_ping.values())
    assert moments[-1] - moments[0] > 1.0  # of the 2 s: not one burst
