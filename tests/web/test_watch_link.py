"""``spit host --web`` prints a watch link beside the seat link: a page that shows the room
from a spectator's seat (``spit watch``), never a seat; only a room this host opened."""

from __future__ import annotations

import asyncio

import aiohttp
import pytest

from .test_room import room, status_of

__all__ = ["room"]  # the fixture, used by name

pytestmark = pytest.mark.long  # a hosted room and a spit watch behind a page


def test_the_watch_link_shows_the_room_and_no_other(room: dict[str, str]) -> None:
    watch, code = room["watch"], room["code"]
    assert watch.endswith(f"/watch/{code}") and room["link"] != watch
    assert status_of(watch) == 200
    assert status_of(watch.replace(code, "ABCD-EFGH")) == 404

    async def look() -> None:
        socket = watch.replace("http://", "ws://").replace("/watch/", "/ws/watch/")
        async with aiohttp.ClientSession() as session:
            tab = await session.ws_connect(socket + "?width=100&height=30")
            async with asyncio.timeout(30):  # the spectator's table (or its waiting) is drawn
                while len((await tab.receive()).data or b"") < 100:
                    pass
            await tab.close()

    asyncio.run(look())
