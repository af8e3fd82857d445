"""Hosting a room, the one way ``spit host`` and the app's Host dialog both do it: a game
server in this process (unless one runs elsewhere), and optionally the browser seat's page.

A room served here is kept on disk once the friend sits down (:mod:`spit.net.comeback`), and
the same plan run again after this process died opens it again at the same address: the
friend's client comes back to it, then the host's seat (:attr:`Hosting.taken_back`). The
page's web server lives in :mod:`spit.web`, a shell above this floor, so the caller hands
in its factory. No words here: a part that cannot listen raises :class:`HostingError`
naming the part, and the caller says it.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from spit.net.address import LOOPBACK, local_address, shown_address
from spit.net.seats import KeptRoom, KeptSeat, forget_room, keep_room, kept_room
from spit.net.wire import DEFAULT_PORT
from spit.records.problems import Problem, RecordError
from spit.records.reading import read_record

if TYPE_CHECKING:
    from spit.net.room import Room
    from spit.net.server import GameServer

# Seconds a room opened again waits for its friend: their client tries again at least every
# 2.4 s (2 s, give or take a fifth) for its 65 s, so one still trying comes within this.
COME_BACK_WITHIN = 10.0


class BrowserSeats(Protocol):
    """The browser seat's web server, as hosting uses it (:class:`spit.web.room.RoomWebServer`)."""

    async def start(self) -> str: ...
    def open_room(self, code: str) -> str: ...
    def watch_link(self, code: str) -> str: ...
    async def stop(self) -> None: ...


class BrowserSeatsFactory(Protocol):
    """Makes the browser seat's web server for the game server at ``game_address``."""

    def __call__(self, game_address: str, *, bind: str, port: int) -> BrowserSeats: ...


class HostPart(Enum):
    """Which part of hosting could not start."""

    GAME_SERVER = "game-server"
    BROWSER_SEAT = "browser-seat"


class FriendGone(Exception):
    """A room opened again, but its friend did not come back to it in time."""


class HostingError(Exception):
    """A part of hosting could not listen: which part, and the operating system's reason."""

    def __init__(self, part: HostPart, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.part = part
        self.error = error

    @property
    def why(self) -> str:
        return self.error.strerror or str(self.error)


@dataclass(frozen=True, slots=True)
class HostPlan:
    """What to host."""

    server: str | None = None  # a running server's; None: start one in this process
    bind: str = LOOPBACK  # of a server (and the browser seat's page) started here
    port: int = DEFAULT_PORT  # 0: any free one
    pace: float = 1.0  # a server started here runs the game clock this much faster (tests)
    web_port: int | None = None  # the browser seat's page; None for no page


@dataclass(slots=True)
class Hosting:
    """A room's hosting, running: where the friend connects, the page, and how to stop."""

    address: str  # the friend types it (and this machine's seat connects to it)
    server: GameServer | None = None  # started here, if one was
    web: BrowserSeats | None = None
    code: str | None = None  # once the host's seat has opened the room
    link: str | None = None  # the browser seat's, once the room is open and there is a page
    kept: KeptRoom | None = None  # what opens the room again, once kept on disk
    taken_back: KeptSeat | None = None  # the host's seat, in a room opened again

    def keep(self, room: Room, bind: str) -> None:
        """A friend sat down in ``room``: keep what opens it again if this process dies (not
        with a browser seat, whose client dies with this process too)."""
        from spit.net.comeback import kept_room as keeping  # start-up: a match's only

        assert self.server is not None
        port = self.server.address[1]
        kept = keeping(room, self.address, bind, port) if self.web is None else None
        if kept is not None and keep_room(kept):
            self.kept = kept

    def open_room(self, code: str) -> str | None:
        """The host's seat opened ``code``: let the page seat a browser there; its link."""
        self.code = code
        if self.web is not None:
            self.link = self.web.open_room(code)
        return self.link

    async def stop(self) -> None:
        """Stop the page (ending its browser seats) and the server started here."""
        web, server, self.web, self.server = self.web, self.server, None, None
        if self.kept is not None:  # stopped, not killed: the room ends here
            forget_room(self.kept)
        if web is not None:
            await web.stop()
        if server is not None:
            await server.stop()


async def host(plan: HostPlan, browser_seats: BrowserSeatsFactory | None = None) -> Hosting:
    """Start what ``plan`` asks (the page only if ``browser_seats`` is given and the plan
    names its port); HostingError if a part cannot listen, with the others stopped."""
    from spit.net.server import GameServer  # start-up: only a host serving itself loads it

    kept = kept_room(plan.bind, plan.port) if plan.server is None and plan.port else None
    if kept is not None and _goes_on(kept):
        return await _host_again(kept)
    hosting = Hosting(address=plan.server or "")
    if plan.server is None:
        server = GameServer(pace=plan.pace, hosted=True)
        server.joined = lambda room: hosting.keep(room, plan.bind)
        try:
            host_name, port = await server.start(plan.bind, plan.port)
        except OSError as error:
            raise HostingError(HostPart.GAME_SERVER, error) from error
        hosting.server = server
        hosting.address = shown_address(plan.bind, host_name, port)
    if plan.web_port is not None and browser_seats is not None:
        here = local_address(plan.bind, hosting.address, hosting=hosting.server is not None)
        web = browser_seats(here, bind=plan.bind, port=plan.web_port)
        try:
            await web.start()
        except OSError as error:
            await hosting.stop()
            raise HostingError(HostPart.BROWSER_SEAT, error) from error
        hosting.web = web
    return hosting


def _goes_on(kept: KeptRoom) -> bool:
    """Whether the match ``kept`` can still go on: its record is there, sealed, unended (a
    record with its end reads whole). Else what kept it goes."""
    try:
        read_record(Path(kept.record), steps=False)
    except RecordError as error:
        if error.problem is Problem.SEALED:
            return True
    forget_room(kept)
    return False


async def _host_again(kept: KeptRoom) -> Hosting:
    """Open the room ``kept`` again at its address and wait for the friend to come back to
    it; HostingError if nothing can listen there, FriendGone if the friend does not come."""
    from spit.net.comeback import ReopenedRoom  # start-up: only a host coming back loads it
    from spit.net.server import GameServer  # start-up: only a host serving itself loads it

    server = GameServer(pace=kept.pace, hosted=True)
    room = server.rooms[kept.room] = ReopenedRoom(kept)
    try:
        await server.start(kept.bind, kept.port)
    except OSError as error:
        raise HostingError(HostPart.GAME_SERVER, error) from error
    hosting = Hosting(address=kept.address, server=server, kept=kept)
    keep_room(kept)  # held by this process now: not offered while it plays
    try:
        await asyncio.wait_for(room.back.wait(), COME_BACK_WITHIN)
    except TimeoutError:
        await hosting.stop()
        raise FriendGone(kept.room) from None
    hosting.taken_back = KeptSeat(kept.address, kept.room, 0, kept.token, True, kept.name)
    return hosting
