"""Spit in a browser: ``spit web`` serves the game page (textual-serve; see docs/web.md)."""

from __future__ import annotations

from typing import Any


def browser_seats(game_address: str, *, bind: str, port: int) -> Any:
    """The browser seat's page for hosting (``spit host --web`` and the Host dialog): a
    :class:`spit.web.room.RoomWebServer`, imported only when asked for (aiohttp and
    textual-serve are slow to load)."""
    from spit.web.room import RoomWebServer  # aiohttp and textual-serve are slow to load

    return RoomWebServer(game_address, bind=bind, port=port)
