"""Textual's web driver for a browser seat (``spit host --web``), hearing one thing more: whether
the seat's page is open.

The host's web server (:mod:`spit.web.room`) keeps a browser seat's ``spit join`` running when
its tab goes, and tells it so in textual-serve's own channel, a meta packet
``{"type": "spit-page", "here": false}`` (``true`` when a tab opens the link again). The app
then lets go of its connection to the game server, keeping the seat: the server treats that
as any dropped seat — the room stands, its clock stopped, and the other player is told how
long it waits — until the page is back and the seat is taken back with its token.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from textual.drivers.web_driver import WebDriver
from textual.message import Message

PAGE: Final = "spit-page"
"""The meta packet's type."""


@dataclass
class PageChanged(Message):
    """A browser seat's page went (its tab closed, the line to it lost) or is back
    (``spit host --web``; the host's web server says so). Defined here, below the app that
    handles it, so the driver needs nothing from above."""

    here: bool
    """Whether a tab shows the seat now."""


class SeatDriver(WebDriver):
    """:class:`WebDriver`, plus the page's comings and goings as :class:`PageChanged`."""

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == PAGE:
            here = payload.get("here")
            if isinstance(here, bool):
                self._app.post_message(PageChanged(here))
            return
        super().on_meta(packet_type, payload)
