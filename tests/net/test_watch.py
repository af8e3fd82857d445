"""Spectators on the server: a whole match watched without a face-down card, late by the
delay, encoded once for all of them; bad watches answered plainly (docs/spectators.md)."""

from __future__ import annotations

import asyncio
import json
import os
import sys
from typing import Any

import pytest
from websockets.asyncio.client import connect

from spit.engine import Card, Play, Variant
from spit.net import watchers as watchers_module
from spit.net.botclient import play
from spit.net.client import Client, Gone, ServerGone
from spit.net.identity import take
from spit.net.spectator import Spectator
from spit.net.wire import Act, Ended, OpenRoom, Table, Watch, Watchers, client_frame

from .netkit import (
    LIMIT,
    RecordingSeat,
    cards_named,
    fast_limits,
    hidden_in,
    running_server,
    start_pair,
    track_rounds,
)
from .rediskit import redis_server_at
from .test_cluster import group, start_pair_at
from .test_online import online_server, seek_and_play
from .test_play import _round_of

pytestmark = pytest.mark.long  # whole matches over loopback


def tap_galleries(monkeypatch: Any) -> list[tuple[float, str, frozenset[Card]]]:
    """Every frame made for spectators: when, its text, and the cards face down then."""
    made: list[tuple[float, str, frozenset[Card]]] = []
    original = watchers_module._Gallery.put

    def put(self: Any, kind: type, text: str) -> None:
        loop = asyncio.get_running_loop()
        made.append((loop.time(), text, hidden_in(self.room.match.round)))
        original(self, kind, text)

    monkeypatch.setattr(watchers_module._Gallery, "put", put)
    return made


def check_table(body: dict[str, Any], face_down: frozenset[Card], ended: Any) -> None:
    """A spectator's table names no card face down as it was made; the events of a round
    that just ended are held against that round's table as it ended (``ended``, by round
    number: their cards were face up then, and lie face down again in the next deal)."""
    assert not cards_named(json.dumps(body["view"])) & face_down, body["view"]
    for event in body["events"]:
        in_round = body["view"]["round_number"] if event[0] == "dealt" else _round_of(body, event)
        hidden = face_down if in_round == body["view"]["round_number"] else ended[in_round]
        assert not cards_named(json.dumps(event)) & hidden, event


async def watch_to_the_end(address: str, code: str) -> list[tuple[float, Any]]:
    """Watch room ``code`` to its end: each frame with the time it came."""
    spectator = Spectator(address)
    seen: list[tuple[float, Any]] = []
    try:
        await spectator.watch(code)
        loop = asyncio.get_running_loop()
        async with asyncio.timeout(LIMIT):
            async for frame in spectator.frames():
                seen.append((loop.time(), frame))
    finally:
        await spectator.close()
    return seen


async def test_a_watched_match_shows_no_face_down_card_in_any_frame(monkeypatch):
    made = tap_galleries(monkeypatch)
    with track_rounds(monkeypatch) as hidden_after:
        async with running_server(limits=fast_limits(watch_delay=0.0)) as (_server, address):
            pair = await start_pair(address, levels=("expert", "expert"), seed=21)
            watcher = asyncio.create_task(watch_to_the_end(address, pair.code))
            await pair.results()
            seen = await watcher
    tables = [frame for _, frame in seen if isinstance(frame, Table)]
    assert len(tables) > 20, "the match is seen as it goes on"
    assert seen[-1][1].ended == "match over"
    assert all(t.view.legal_actions == () for t in tables)
    sent = {text for _, text, _ in made}
    ended = {number: hidden for (_, number), hidden in hidden_after.items()}
    for _, text, hidden in made:
        body = json.loads(text)
        if body["type"] == "table":
            check_table(body, hidden, ended)
        else:
            assert not cards_named(text) & hidden, text
    for table in tables:  # what came is what was made, checked above
        assert any(f'"seq":{table.seq},' in text for text in sent)


async def test_a_delayed_rooms_spectator_sees_each_table_the_delay_after_its_players(
    monkeypatch,
):
    delay = 0.4
    made = tap_galleries(monkeypatch)
    async with running_server(limits=fast_limits(watch_delay=delay)) as (_server, address):
        pair = await start_pair(address, levels=("expert", "expert"), seed=22)
        watcher = asyncio.create_task(watch_to_the_end(address, pair.code))
        await pair.results()
        seen = await watcher
    # A spectator's frame is made in the same turn as the players' tables go out.
    made_at = {json.loads(text)["seq"]: at for at, text, _ in made if '"type":"table"' in text}
    tables = [(at, frame) for at, frame in seen if isinstance(frame, Table)]
    assert len(tables) > 20
    for at, table in tables:
        assert at - made_at[table.seq] >= delay - 0.01


async def test_players_are_told_how_many_watch_and_the_list_shows_the_match():
    async with running_server(limits=fast_limits(watch_delay=0.0)) as (server, address):
        pair = await start_pair(address, levels=("easy", "easy"), seed=23)
        spectators = [Spectator(address) for _ in range(3)]
        try:
            async with asyncio.timeout(LIMIT):
                while server.rooms[pair.code].stage.value != "playing":
                    await asyncio.sleep(0.01)
            listed = await Spectator(address).matches()
            assert [m.room for m in listed] == [pair.code]
            for spectator in spectators:
                await spectator.watch(pair.code)
            async with asyncio.timeout(LIMIT):
                while not any(s.watchers == 3 for s in pair.host.statuses):
                    await asyncio.sleep(0.01)
            (live,) = await spectators[0].matches()
            assert live.watchers == 3 and live.names == ("bot", "bot")
        finally:
            for spectator in spectators:
                await spectator.close()
        await pair.results()


async def test_a_spectators_action_is_refused_as_a_bad_frame():
    async with running_server(limits=fast_limits(watch_delay=0.0)) as (server, address):
        pair = await start_pair(address, levels=("easy", "easy"), seed=24)
        async with connect(f"ws://{address}/", proxy=None) as ws:
            await ws.send(client_frame(Watch(pair.code)))
            assert json.loads(await ws.recv())["type"] == "watching"
            await ws.send(client_frame(Act(Play(0, 0, 0), 1)))
            async with asyncio.timeout(LIMIT):
                while True:
                    frame = json.loads(await ws.recv())
                    if frame["type"] == "error":
                        break
            assert frame["problem"] == "not-in-room"
        await pair.results()
        assert all(sum(r.actions) > 0 for r in server.rooms.values())


async def test_a_watch_of_no_room_or_a_closed_one_is_answered_plainly():
    async with running_server(limits=fast_limits()) as (_server, address):
        with pytest.raises(ServerGone) as gone:
            await Spectator(address).watch("ABCD-EFGH")
        assert gone.value.why is Gone.TURNED_AWAY and gone.value.problem.value == "no-match"
        async with connect(f"ws://{address}/", proxy=None) as host:
            await host.send(
                client_frame(OpenRoom(Variant.STANDARD, None, "h", watchers=Watchers.CLOSED))
            )
            code = json.loads(await host.recv())["room"]
            with pytest.raises(ServerGone) as closed:
                await Spectator(address).watch(code)
            assert closed.value.problem.value == "no-match"
            assert (await Spectator(address).matches()) == ()


async def test_a_frame_is_encoded_once_for_all_a_rooms_spectators(monkeypatch):
    made = tap_galleries(monkeypatch)
    async with running_server(limits=fast_limits(watch_delay=0.0)) as (_server, address):
        pair = await start_pair(address, levels=("expert", "expert"), seed=25)
        watchers = [asyncio.create_task(watch_to_the_end(address, pair.code)) for _ in range(5)]
        await pair.results()
        seens = await asyncio.gather(*watchers)
    tables = [text for _, text, _ in made if '"type":"table"' in text]
    assert len({json.loads(t)["seq"] for t in tables}) == len(tables)  # one each, for all five
    assert all(len(seen) > 10 for seen in seens)


async def test_spit_watch_json_prints_a_whole_match_with_no_face_down_card(monkeypatch, tmp_path):
    made = tap_galleries(monkeypatch)
    with track_rounds(monkeypatch) as hidden_after:
        async with running_server(limits=fast_limits(watch_delay=0.0)) as (_server, address):
            host, guest = RecordingSeat("expert", 26), RecordingSeat("expert", 1026)
            code: asyncio.Future[str] = asyncio.get_running_loop().create_future()
            welcomed = lambda welcome: code.set_result(welcome.room)  # noqa: E731
            hosting = asyncio.create_task(play(Client(address, host), host, on_welcome=welcomed))
            room = await code
            watcher = await asyncio.create_subprocess_exec(
                *(sys.executable, "-m", "spit", "watch", address, room, "--json"),
                stdout=asyncio.subprocess.PIPE,
                stderr=asyncio.subprocess.PIPE,
                env=os.environ | {"XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)},
            )
            assert watcher.stdout is not None
            async with asyncio.timeout(LIMIT):
                first = await watcher.stdout.readline()  # the table of the room as it waits
                # Only now the second player: the whole match is watched, however slow the start.
                await asyncio.gather(hosting, play(Client(address, guest), guest, code=room))
                rest, err = await watcher.communicate()
    assert watcher.returncode == 0, err
    lines = [json.loads(line) for line in (first + rest).decode().splitlines()]
    tables = [line for line in lines if line["type"] == "table"]
    assert len(tables) > 20 and lines[-1]["type"] == "ended"
    hidden_at = {json.loads(text)["seq"]: hidden for _, text, hidden in made if '"table"' in text}
    ended = {number: hidden for (_, number), hidden in hidden_after.items()}
    for table in tables:  # each card it names was face up as the table was made
        check_table(table, hidden_at[table["seq"]], ended)


async def test_a_spectator_at_another_worker_is_sent_to_the_one_holding_the_match(tmp_path):
    for redis in redis_server_at(tmp_path / "redis"):
        async with group(redis.url, 2) as (_, [(first, at_first), (second, at_second)]):
            host, guest = RecordingSeat("expert", 3), RecordingSeat("hard", 1003)
            pair = await start_pair_at(at_first, at_first, host, guest)
            seen = await watch_to_the_end(at_second, pair.code)
            await pair.results()
            assert pair.code in first.rooms and pair.code not in second.rooms
        tables = [frame for _, frame in seen if isinstance(frame, Table)]
        assert tables and seen[-1][1].ended == "match over"


class _SlowLine:
    """A spectator's connection whose socket holds ``unsent_bytes`` not yet written."""

    def __init__(self) -> None:
        self.closing = False
        self.unsent_bytes = 0
        self.sent: list[str] = []
        self.cut = False

    def unsent(self) -> int:
        return self.unsent_bytes

    def send_text(self, text: str, backlog: int) -> None:
        self.sent.append(text)

    def too_slow(self) -> None:
        self.cut = self.closing = True


def test_a_spectator_behind_gets_the_latest_table_not_a_queue_and_is_cut_past_the_bound():
    line = _SlowLine()
    spectator = watchers_module._Spectator(line, None)  # type: ignore[arg-type]
    spectator.send("table 1", True, 100)
    line.unsent_bytes = watchers_module.BEHIND_BYTES + 1  # it stops reading
    for n in range(2, 12):
        spectator.send(f"table {n}", True, 100)
    spectator.send("status", False, 100)  # small and rare: it still goes
    assert line.sent == ["table 1", "status"]
    line.unsent_bytes = 0  # it caught up: the latest table, then what comes
    spectator.send("table 12", True, 100)
    assert line.sent == ["table 1", "status", "table 12"]
    line.unsent_bytes = watchers_module.BEHIND_BYTES + 1
    for n in range(watchers_module.DROP_AFTER + 1):
        spectator.send(f"late {n}", True, 100)
    assert line.cut


async def test_the_tv_follows_the_best_live_match():
    async with running_server(limits=fast_limits(watch_delay=0.0)) as (_server, address):
        pair = await start_pair(address, levels=("expert", "expert"), seed=27)
        spectator = Spectator(address)
        try:
            async with asyncio.timeout(LIMIT):
                while not await spectator.matches():
                    await asyncio.sleep(0.01)
                seen = []
                async for frame in spectator.tv():
                    seen.append(frame)
                    if isinstance(frame, Ended):
                        break
        finally:
            await spectator.close()
        await pair.results()
    assert seen[0].room == pair.code  # the watching frame
    assert any(isinstance(frame, Table) for frame in seen)


async def test_a_paired_match_is_listed_with_its_ratings_ahead_of_a_code_room_and_tv_picks_it(
    tmp_path,
):
    async with online_server(tmp_path / "online.sqlite3", bot_wait=60) as address:
        by_code = await start_pair(address, levels=("easy", "easy"), seed=28)
        fan = Spectator(address)  # the code room is the more watched
        one, other = take(address, tmp_path / "a"), take(address, tmp_path / "b")
        seekers = asyncio.gather(
            seek_and_play(address, one, "very-fast"), seek_and_play(address, other, "first-game")
        )
        spectator = Spectator(address)
        try:
            async with asyncio.timeout(LIMIT):
                await fan.watch(by_code.code)
                while len(listed := await spectator.matches()) < 2:
                    await asyncio.sleep(0.02)
                tv = spectator.tv()
                watching = await anext(tv)
                await tv.aclose()
        finally:
            await spectator.close()
            await fan.close()
        (paired, _), _ = await asyncio.wait_for(seekers, LIMIT)
        await by_code.results()
    first, second = listed
    assert first.room == paired.room and first.ratings == ("1500?", "1500?")
    assert second.room == by_code.code and second.ratings == (None, None)
    assert second.watchers == 1 and first.watchers == 0
    assert watching.room == paired.room and watching.ratings == ("1500?", "1500?")
