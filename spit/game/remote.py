"""A seat at a room on a server, as a :class:`spit.game.Game` the screen plays like a local one.

It holds only what the server last said (this seat's view, the room's status) and passes each
verdict to the listener as it arrives: ``act`` sends and returns None. :meth:`RemoteGame.connect`
takes the seat (or raises :class:`~spit.net.client.ServerGone`), then :meth:`run` until the end.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

from spit.engine import Action, Event, PlayerView, Refusal, Variant
from spit.game.seat import Change, Connection, Listener, Lost, Timers
from spit.net.client import (
    NO_STATUS,
    Client,
    Ended,
    Error,
    NotNow,
    Problem,
    RoomEnd,
    ServerGone,
    Status,
    Welcome,
)
from spit.net.seats import KeptSeat
from spit.net.wire import Rematch, Stage, Watchers
from spit.records.recorder import Recorder


class RemoteGame:
    """One seat of a room on a server. Implements :class:`spit.game.Game`."""

    can_rematch = True  # offered to the other player; the server deals it
    replaying = False
    recorder: Recorder | None = None  # the server keeps the match
    adaptive_level: str | None = None  # the other seat is a person, or a bot the server knows of
    room_link: str | None = None  # set by whoever serves the room's page (--web) once it does

    def __init__(self, address: str, *, name: str = "", client: Client | None = None) -> None:
        """A seat on the server at ``address`` (``ADDR:PORT``), for a player called ``name``."""
        self.address = address  # the server
        self.name = name  # what this player is called at the table
        if client is None:
            client = Client(address, self)
        client.listener = self
        client.rematches = True  # a person may want one; leaving declines it
        self.client = client  # the connection to the server
        self.lost: ServerGone | Ended | None = None  # see Game.lost
        self._listener: Listener | None = None
        self._status = NO_STATUS
        self._paused = False
        self._first_table: Callable[[], None] | None = None

    @property
    def rated(self) -> tuple[str, str] | None:
        """Each seat's rating before and after, if the room was a rated one and is over."""
        over = self.client.over
        if over is None or over.rated is None:
            return None
        one, other = (f"{round(r.before)} → {r.shown}" for r in over.rated)
        return (one, other)

    # -- taking the seat -------------------------------------------------------------------

    async def connect(
        self,
        *,
        code: str | None = None,
        variant: Variant = Variant.STANDARD,
        seed: int | None = None,
        kept: KeptSeat | None = None,
        watchers: Watchers = Watchers.DELAYED,
    ) -> Welcome:
        """Open a room and take seat 1 (no ``code``), take seat 2 of the room ``code``, or
        take back the ``kept`` seat (one this machine took before its process died)."""
        if kept is not None:
            return await self.client.rejoin(kept.room, kept.token)
        if code is None:
            return await self.client.open(variant, seed, self.name, watchers)
        return await self.client.join(code, self.name)

    async def run(self) -> None:
        """Hear the server until the room ends (and no rematch follows) or the server goes
        away; the listener is told either way (:meth:`Listener.game_lost` unless the match
        was played to its end)."""
        try:
            ended = await self.client.run()
        except ServerGone as gone:
            self.lost = gone
            self._lose(Lost.SERVER_GONE)
            return
        if ended.ended is not RoomEnd.MATCH_OVER:
            self.lost = ended
            self._lose(Lost.LEFT if ended.ended is RoomEnd.LEFT else Lost.ABANDONED)

    def on_first_table(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` once the first table has arrived (at once if it has)."""
        if self.client.view is not None:
            callback()
        else:
            self._first_table = callback

    async def close(self, *, leave: bool = True) -> None:
        """Leave the room for good and close the line (without ``leave``: only close it; the
        server keeps the seat for its grace time, as for a dropped line)."""
        with contextlib.suppress(Exception):  # the line may be gone already: nothing to leave
            if leave:  # after the match: declines a rematch
                self.client.leave()
            await self.client.close()

    # -- what the screen asks --------------------------------------------------------------

    @property
    def welcome(self) -> Welcome:
        welcome = self.client.welcome
        if welcome is None:
            raise RuntimeError("connect first")
        return welcome

    @property
    def seats(self) -> tuple[int, ...]:
        # The table's seat: a rematch's welcome (the seats swapped) comes before its table.
        view = self.client.view
        return (self.welcome.seat if view is None else view.player,)

    @property
    def variant(self) -> Variant:
        return self.welcome.variant

    @property
    def names(self) -> tuple[str | None, str | None]:
        names = self.client.status.names
        return (names[0] or None, names[1] or None)

    @property
    def connection(self) -> Connection:
        status = self.client.status
        welcome = self.client.welcome
        return Connection(
            rtt=(_seconds(status.rtt[0]), _seconds(status.rtt[1])),
            connected=self.client.up,
            here=status.connected,
            paused_by=status.paused_by,
            waiting=status.stage is Stage.WAITING,
            address=self.address,
            room=welcome.room if welcome is not None else "",
            back_within=self._counted(status.back_within),
            pause_left=self._counted(status.pause_left),
            goes_on_in=self._counted((status.goes_on_in, None))[0],
            rematch=self.client.rematch_said,
            watchers=status.watchers,
        )

    def _counted(
        self, seconds: tuple[float | None, float | None]
    ) -> tuple[float | None, float | None]:
        """Seconds the last status gave (``back_within``, ``pause_left``), less the time
        since it came."""
        since = self.client.now() - self.client.status_at
        left = [None if s is None else max(0.0, s - since) for s in seconds]
        return (left[0], left[1])

    @property
    def paused(self) -> bool:
        return not self.client.status.running

    def view(self, seat: int) -> PlayerView:
        view = self.client.view
        if view is None or seat != view.player:
            raise ValueError(f"this game sees only seat {self.welcome.seat}, from its first table")
        return view

    def now(self) -> float:
        return self.client.game_time()

    # -- what the screen does --------------------------------------------------------------

    def start(self, listener: Listener, timers: Timers) -> None:
        self._listener = listener

    def act(self, action: Action) -> None:
        """Send ``action``; the verdict reaches the listener when the server's answer does."""
        self.client.act(action)

    def step_away(self) -> None:
        """Nobody is at this seat for now (its browser tab went): let go of the line, keep
        the seat; the room stands for both until :meth:`come_back`."""
        self.client.step_away()

    def come_back(self) -> None:
        """Someone is at this seat again: take it back."""
        self.client.come_back()

    def pause(self) -> None:
        self._paused = True
        self.client.pause(True)

    def resume(self) -> None:
        self._paused = False
        self.client.pause(False)

    def rematch(self) -> None:
        """Offer a rematch, or accept the other player's: the server deals it when both have
        (the seats swapped), and the new match's first table comes as any table does."""
        self.client.offer_rematch()

    def stop(self) -> None:
        self._listener = None

    # -- what the client reports (this game is its listener) ------------------------------

    def welcomed(self, welcome: Welcome) -> None:
        """The seat is ours (again): the line is up."""
        self._line()

    def table(
        self, view: PlayerView, events: tuple[Event, ...], by: int | None, ack: int | None
    ) -> None:
        """A new table: whoever the server says acted (None for a table sent afresh)."""
        if self._first_table is not None:
            callback, self._first_table = self._first_table, None
            callback()
        if self._listener is not None:
            self._listener.table_changed(Change(by, events, None, self.now()))

    def refused(self, ack: int, refusal: Refusal | None, not_now: NotNow | None) -> None:
        """Our action was refused: the table's refusal is shown; a room that stands, not."""
        if refusal is not None and self._listener is not None:
            self._listener.table_changed(Change(refusal.player, (), refusal, self.now()))

    def status(self, status: Status) -> None:
        """Presence or pauses changed: a pause by the other player is told as such."""
        before, self._status = self._status, status
        listener = self._listener
        if listener is None:
            return
        seat = self.client.welcome.seat if self.client.welcome is not None else 0
        other = 1 - seat
        if before.paused_by[other] != status.paused_by[other]:
            listener.pause_changed(status.paused_by[other], other)
        if self._paused and before.paused_by[seat] and not status.paused_by[seat]:
            # Our pause ran out on the server (or it had none left): play goes on.
            self._paused = False
            listener.pause_changed(False, seat)
        listener.connection_changed()

    def line(self, up: bool) -> None:
        """The line went down or came back."""
        self._line()

    def ended(self, ended: Ended) -> None:
        """The match's end comes with its last table; an early end, from :meth:`run`."""

    def offers(self, said: Rematch) -> None:
        """News of a rematch: who offers one, or why none follows (in :attr:`connection`)."""
        self._line()

    def error(self, error: Error) -> None:
        """A frame of ours the server refused: a pause with none left goes on at once (the
        screen is told, as when a pause runs out); nothing else is the player's to mend."""
        if error.problem is Problem.NO_PAUSE_LEFT and self._paused:
            self._paused = False
            if self._listener is not None and self.client.welcome is not None:
                self._listener.pause_changed(False, self.client.welcome.seat)

    def _line(self) -> None:
        if self._listener is not None:
            self._listener.connection_changed()

    def _lose(self, why: Lost) -> None:
        if self._listener is not None:
            self._listener.game_lost(why)


def _seconds(ms: float | None) -> float | None:
    return None if ms is None else ms / 1000
