"""Textual's web driver for a browser seat (``spit host --web``), hearing one thing more: whether
the seat's page is open (a ``spit-page`` meta packet from :mod:`spit.web.room`), so the app
lets go of its connection while the tab is gone and the server keeps the seat as for any drop.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from textual.drivers.web_driver import WebDriver
from textual.message import Message

PAGE: Final = "spit-page"  # the meta packet's type


@dataclass
class PageChanged(Message):
    """A browser seat's page went (its tab closed, the line to it lost) or is back
    (``spit host --web``; the host's web server says so). Defined here, below the app that
    handles it, so the driver needs nothing from above."""

    here: bool  # whether a tab shows the seat now


class SeatDriver(WebDriver):
    """:class:`WebDriver`, plus the page's comings and goings as :class:`PageChanged`."""

    def on_meta(self, packet_type: str, payload: dict[str, object]) -> None:
        if packet_type == PAGE:
            here = payload.get("here")
            if isinstance(here, bool):
                self._app.post_message(PageChanged(here))
            return
        super().on_meta(packet_type, payload)
