"""What the network's players are told is what docs/network.md says they are told."""

from __future__ import annotations

import asyncio
import json
import logging
import random
from typing import Any

import pytest
from websockets.asyncio.client import connect

from spit import words
from spit.net.client import Gone, ServerGone
from spit.net.wire import VERSION

from .netkit import LIMIT, PACE, fast_limits, running_server, start_pair


async def test_a_player_back_after_the_room_was_given_up_is_told_so_not_refused():
    # docs/network.md: "your seat in room … cannot be taken back: the match was given up…";
    # it read "lost the seat: The server would not seat you in that room."
    async with running_server(limits=fast_limits(grace=0.2)) as (server, address):
        pair = await start_pair(address, levels=("hard", "hard"), seed=5)
        async with asyncio.timeout(LIMIT):
            while len(pair.guest.tables) < 5:
                await asyncio.sleep(0.01)
        pair.guest_client.step_away()
        async with asyncio.timeout(LIMIT):
            while pair.code in server.rooms:  # abandoned, then forgotten
                await asyncio.sleep(0.01)
        pair.guest_client.come_back()
        with pytest.raises(ServerGone) as gone:
            async with asyncio.timeout(LIMIT):
                await pair.tasks[1]
        await asyncio.gather(pair.tasks[0], return_exceptions=True)
    assert gone.value.why is Gone.NOT_KEPT
    said = words.networked.server_gone(gone.value)
    assert said.startswith(f"your seat in room {pair.code} cannot be taken back"), said


async def test_a_record_the_server_cannot_make_is_logged_in_words(monkeypatch, tmp_path, caplog):
    # It logged "room ABCD-EFGH: NotRecorded(error='No space left on device')".
    caplog.set_level(logging.WARNING, logger="spit.net.server")
    monkeypatch.setenv("SPIT_DATA_DIR", str(tmp_path))
    (tmp_path / "records").write_text("not a directory")
    async with running_server(limits=fast_limits(), record=True) as (_, address):
        pair = await start_pair(address, levels=("hard", "hard"), seed=5)
        await pair.results()
    said = [r.getMessage() for r in caplog.records if "ecorded" in r.getMessage()]
    assert said == [f"room {pair.code}: the match is not recorded: File exists"], said


async def _doc_only_seat(ws: Any, rng: random.Random) -> dict[str, Any]:
    """A seat played from docs/network.md alone: a random entry of its last view's
    ``legal_actions`` sent unchanged on each table, refusal or tenth of a second of quiet,
    at most 30 frames a second of game time (the documented flood limit is 40 on average; the
    test's server runs ``PACE`` times faster, its limit with it)."""
    legal: list[Any] = []
    sent = 0
    loop = asyncio.get_running_loop()
    second, in_second = loop.time(), 0  # the frames sent in the current second
    while True:
        try:
            async with asyncio.timeout(0.1):
                frame = json.loads(await ws.recv())
        except TimeoutError:
            frame = {}
        if frame.get("type") == "ended":
            return frame
        if frame.get("type") == "table":
            legal = frame["view"]["legal_actions"]
        if legal and frame.get("type") in ("table", "refused", None):
            if loop.time() - second >= 1.0:
                second, in_second = loop.time(), 0
            elif in_second >= 30 * PACE:
                await asyncio.sleep(second + 1.0 - loop.time())
                second, in_second = loop.time(), 0
            in_second += 1
            sent += 1
            act = {"v": VERSION, "type": "act", "id": sent, "action": rng.choice(legal)}
            await ws.send(json.dumps(act))


async def test_a_client_sending_legal_actions_unchanged_plays_a_whole_match():
    opening = {"v": VERSION, "type": "open", "variant": "standard", "seed": 4, "name": "a"}
    async with (
        running_server() as (_, address),
        connect(f"ws://{address}/", proxy=None, compression=None) as host,
        connect(f"ws://{address}/", proxy=None, compression=None) as guest,
    ):
        await host.send(json.dumps(opening))
        code = json.loads(await host.recv())["room"]
        await guest.send(json.dumps({"v": VERSION, "type": "join", "room": code, "name": "b"}))
        async with asyncio.timeout(LIMIT):
            ended = await asyncio.gather(
                _doc_only_seat(host, random.Random(1)), _doc_only_seat(guest, random.Random(2))
            )
    assert ended[0] == ended[1]
    assert ended[0]["ended"] == "match over"
