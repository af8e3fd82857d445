"""What the network's players are told is what docs/network.md says they are told."""

from __future__ import annotations

import asyncio
import logging

import pytest

from spit import words
from spit.net.client import Gone, ServerGone

from .netkit import LIMIT, fast_limits, running_server, start_pair


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
