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

from typing import Final

from textual.drivers.web_driver import WebDriver

from spit.app.messages import PageChanged

PAGE: Final = "spit-page"
"""The meta packet's type."""


class SeatDriver(WebDriver):
    """:class:`WebDriver`, plus the page's comings and goings as :class:`PageChanged`."""

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == PAGE:
            here = payload.get("here")
            if isinstance(here, bool):
                self._app.post_message(PageChanged(here))
            return
        super().on_meta(packet_type, payload)
