"""A match's spectators on the server: who watches which room, and the frames they are sent.

A spectator never takes a seat: it is sent the room's ``status`` and ``ended`` frames and its
own ``table``, whose view is the engine's answer to what a spectator sees
(:meth:`spit.engine.Match.spectate`). Each frame is encoded once for all of a room's
spectators, held back the room's delay (against coaching), and one who cannot keep up is sent
the latest table when it can, never a queue of them. docs/spectators.md gives the figures.
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from spit.net.room import Room, Send
from spit.net.transport import Connection
from spit.net.wire import (
    Ended,
    JoinRoom,
    LiveMatch,
    Matches,
    OpenRoom,
    Problem,
    Rejoin,
    Stage,
    Status,
    Table,
    Watch,
    Watchers,
    Watching,
    encode,
)

if TYPE_CHECKING:
    from spit.net.ratings import Rating
    from spit.net.server import Limits

log = logging.getLogger("spit.net.server")

WATCH_DELAY: Final = 3.0
"""Seconds a delayed room's frames reach its spectators after its players: too late to coach a
player through a race, which lasts a second or less."""

BEHIND_BYTES: Final = 32 * 1024
"""Bytes unsent to a spectator (some 25 tables) past which it is sent no table until it has
caught up; then it gets the latest."""

DROP_AFTER: Final = 200
"""Tables in a row a spectator may miss so (a minute or so of play); then it is cut off."""

MAX_WATCHERS: Final = 1000
"""Spectators of one room: past them a watch is refused (each costs the room a write)."""

COUNT_EVERY: Final = 1.0
"""Seconds between two tellings of a room's count of spectators to its players: two hundred
arriving at once are one ``status`` frame, not two hundred."""

MAX_LISTED: Final = 100  # live matches in one ``matches`` frame


class NotWatched(Exception):
    """Why a watch was refused: the error frame's problem, the log's words, and whether it
    counts as a guessed room code (the server answers it as any frame it will not do)."""

    def __init__(self, problem: Problem, why: str, wrong_code: bool = False) -> None:
        super().__init__(why)
        self.problem, self.why, self.wrong_code = problem, why, wrong_code


@dataclass(eq=False, slots=True)
class _Spectator:
    """One connection watching one room."""

    conn: Connection
    gallery: _Gallery
    missed: int = 0  # tables in a row not sent, as it was behind
    stale: str | None = None  # the latest of them, sent once it catches up

    def send(self, text: str, table: bool, backlog: int) -> None:
        conn = self.conn
        if conn.closing:
            return
        if conn.unsent() > BEHIND_BYTES:
            if not table:
                conn.send_text(text, backlog)  # a status or the end: rare and small
                return
            self.stale, self.missed = text, self.missed + 1
            if self.missed > DROP_AFTER:
                conn.too_slow()
            return
        if self.stale is not None and not table:
            conn.send_text(self.stale, backlog)
        self.stale, self.missed = None, 0
        conn.send_text(text, backlog)


class _Gallery:
    """One room's spectators and its frames for them, each encoded once and sent ``delay``
    seconds late."""

    def __init__(self, room: Room, delay: float, backlog: int) -> None:
        self.room = room
        self.delay = delay
        self.backlog = backlog
        self.spectators: set[_Spectator] = set()
        self.shown: dict[type, str] = {}  # the last table, status and end sent, for a newcomer
        self.fed = False  # it has been given the table as it stood when watching began
        self._due: deque[tuple[float, type, str]] = deque()  # (when, kind, frame)
        self._timer: asyncio.TimerHandle | None = None

    def told(self, sends: list[Send]) -> None:
        """The frames the room just sent its seats: the spectators' own, made once each."""
        made: set[type] = set()
        for send in sends:
            body, kind = send.body, type(send.body)
            if kind in made or kind not in (Table, Status, Ended):
                continue
            made.add(kind)
            if isinstance(body, Table):
                body = Table(
                    seq=body.seq,
                    clock=body.clock,
                    view=self.room.match.spectate(),
                    events=body.events,  # every seat may know the same events
                    by=body.by,
                    ack=None,
                )
            self.put(kind, encode(body))

    def put(self, kind: type, text: str) -> None:
        if self.delay <= 0:
            self._show(kind, text)
            return
        loop = asyncio.get_running_loop()
        self._due.append((loop.time() + self.delay, kind, text))
        if self._timer is None:
            self._timer = loop.call_later(self.delay, self._release)

    def _release(self) -> None:
        self._timer = None
        loop = asyncio.get_running_loop()
        due, now = self._due, loop.time()
        while due and due[0][0] <= now:
            _, kind, text = due.popleft()
            self._show(kind, text)
        if due:
            self._timer = loop.call_later(due[0][0] - now, self._release)

    def _show(self, kind: type, text: str) -> None:
        self.shown[kind] = text
        table = kind is Table
        for spectator in self.spectators:
            spectator.send(text, table, self.backlog)

    def welcome(self, spectator: _Spectator) -> None:
        """What a newcomer is sent after its ``watching``: the last table, status and end its
        fellow spectators were sent (none yet, where the delay holds them back)."""
        for kind in (Status, Table, Ended):
            text = self.shown.get(kind)
            if text is not None:
                spectator.send(text, kind is Table, self.backlog)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class Spectators:
    """Every room's spectators on this server, and the list of live matches."""

    def __init__(
        self,
        rooms: dict[str, Room],
        dispatch: Callable[[Any, object], None],
        deliver: Callable[[Room, list[Send]], None],
        limits: Limits,
    ) -> None:
        self.rooms = rooms  # the server's own
        self.dispatch = dispatch  # the server's: a frame to the rooms
        self.deliver = deliver  # the server's: a room's frames to its seats and spectators
        self.delay = limits.watch_delay  # for a room whose host chose it delayed
        self.backlog = limits.backlog
        self._galleries: dict[str, _Gallery] = {}
        self._of: dict[Connection, _Spectator] = {}
        self._counting: set[str] = set()  # rooms whose count of spectators is to be told
        self.rated: Callable[[str], tuple[Rating, Rating] | None] = lambda code: None
        """A paired room's players' ratings (the server's online play sets it: Online.start)."""

    def frame(self, peer: Any, message: object) -> None:
        """A connection's frame (``peer``: the server's, with its ``conn``): a watch here, any
        other to the rooms; a connection taking a seat watches no more."""
        if isinstance(message, Watch):
            self.watch(peer.conn, message)
            return
        if isinstance(message, OpenRoom | JoinRoom | Rejoin):
            self.leave(peer.conn)
        self.dispatch(peer, message)

    def watching(self, conn: Connection) -> bool:
        return conn in self._of

    def watch(self, conn: Connection, message: Watch) -> None:
        """Attach ``conn`` to the room ``message`` names (leaving any it watched), or send it
        the live matches; :class:`NotWatched` if not."""
        if message.room is None:
            conn.send_text(encode(self.matches()), self.backlog)
            return
        room = self.rooms.get(message.room)
        if room is None:
            raise NotWatched(Problem.NO_MATCH, f"no room {message.room} to watch", True)
        if room.watchers is Watchers.CLOSED:
            raise NotWatched(Problem.NO_MATCH, f"room {room.code} is closed to spectators")
        gallery = self._galleries.get(room.code)
        if gallery is None:
            delay = self.delay if room.watchers is Watchers.DELAYED else 0.0
            gallery = self._galleries[room.code] = _Gallery(room, delay, self.backlog)
        if len(gallery.spectators) >= MAX_WATCHERS:
            raise NotWatched(Problem.SERVER_FULL, f"room {room.code} has its fill of spectators")
        self.leave(conn)
        spectator = self._of[conn] = _Spectator(conn, gallery)
        gallery.spectators.add(spectator)
        ratings = _shown(self.rated(room.code))
        welcome = Watching(
            room=room.code, variant=room.variant, delay=gallery.delay, ratings=ratings
        )
        conn.send_text(encode(welcome), self.backlog)
        if not gallery.fed:  # the first spectator: the table as it stands
            gallery.fed = True
            over = [Send(0, room.result())] if room.stage is Stage.OVER else []
            gallery.told(room.tables(()) + room.status() + over)
        gallery.welcome(spectator)
        conn.note(logging.INFO, "room %s: watched from %s", room.code, conn.name)
        self._count(room)

    def leave(self, conn: Connection) -> None:
        """``conn`` watches no more (it went, took a seat, or watches another room)."""
        spectator = self._of.pop(conn, None)
        if spectator is not None:
            gallery = spectator.gallery
            gallery.spectators.discard(spectator)
            if not gallery.spectators:  # nobody's frames to make until someone watches again
                gallery.close()
                del self._galleries[gallery.room.code]
            self._count(gallery.room)

    def told(self, room: Room, sends: list[Send]) -> None:
        """The frames ``room`` just sent its seats (the server's every delivery)."""
        gallery = self._galleries.get(room.code)
        if gallery is not None:
            gallery.told(sends)

    def forget(self, room: Room) -> None:
        """The room is gone from the server: its spectators stay, watching nothing."""
        gallery = self._galleries.pop(room.code, None)
        if gallery is not None:
            gallery.close()
            for spectator in gallery.spectators:
                self._of.pop(spectator.conn, None)

    def matches(self) -> Matches:
        """The matches being played that may be watched: best-rated first (by the higher of
        its two ratings), then the rooms opened by code; the most watched first within each."""
        live: list[tuple[tuple[float, int, str], LiveMatch]] = []
        for room in self.rooms.values():
            if room.stage is not Stage.PLAYING or room.watchers is Watchers.CLOSED:
                continue
            view, rated = room.match.spectate(), self.rated(room.code)
            best = float("inf") if rated is None else -max(r.rating for r in rated)
            listed = LiveMatch(
                room=room.code,
                names=(room.names[0], room.names[1]),
                round=view.round_number,
                cards=(view.sides[0].cards, view.sides[1].cards),
                watchers=room.watching,
                ratings=_shown(rated),
            )
            live.append(((best, -room.watching, room.code), listed))
        live.sort(key=lambda entry: entry[0])
        return Matches(matches=tuple(listed for _, listed in live[:MAX_LISTED]))

    def _count(self, room: Room) -> None:
        """The room's count of spectators changed: its players are told, within a second."""
        gallery = self._galleries.get(room.code)
        room.watching = 0 if gallery is None else len(gallery.spectators)
        if room.code in self._counting or room.stage is Stage.OVER:
            return
        self._counting.add(room.code)

        def tell() -> None:
            self._counting.discard(room.code)
            if self.rooms.get(room.code) is room and room.stage is not Stage.OVER:
                self.deliver(room, room.status())

        asyncio.get_running_loop().call_later(COUNT_EVERY, tell)


def _shown(rated: tuple[Rating, Rating] | None) -> tuple[str | None, str | None]:
    """A paired room's players' ratings as a player reads them (``1500?``); none for others."""
    return (None, None) if rated is None else (rated[0].shown, rated[1].shown)
