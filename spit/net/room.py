"""One room on the server: a match, its two seats, and a game clock that runs only while both
players are there and neither has paused. Synchronous, its time source passed in, so a room's
rules are tested without sockets; :mod:`spit.net.server` sends the frames built here.
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spit.clock import GameClock
from spit.engine import (
    PLAYERS,
    Action,
    Event,
    Match,
    Refusal,
    Result,
    Settings,
    Variant,
    observe,
)
from spit.net.bucket import Bucket
from spit.net.wire import (
    ROOM_ALPHABET,
    ROOM_CODE_LENGTH,
    Ended,
    Frame,
    NotNow,
    Refused,
    RoomEnd,
    Stage,
    Status,
    Table,
    Watchers,
    Welcome,
    room_code,
)

TOKEN_BYTES = 16  # 128 random bits: a token is never typed, only kept by the client

# Seconds each seat may hold pauses for in one match, in all: past them its pause runs out and
# play goes on (a pause held for ever would keep the other player for ever).
PAUSE_ALLOWANCE = 120.0

# Seconds between the room standing no more (a player back, a pause over) and play going on,
# counted down on both tables: play restarting at once caught the players' hands off the keys.
GO_ON_AFTER = 3.0

# Refused actions of one seat written to the record: this many a second on average, and this
# many at once. Past that a refusal that changed nothing is counted, not written (one player
# sending junk all day must not fill the disk); a fumble, which locks the hand, is always
# written, as the record could not be replayed without it.
REFUSALS_WRITTEN = (2.0, 20.0)

_OTHER_FIRST = (1, 0)  # the seats in the order an action by seat 0 is told to them

if TYPE_CHECKING:
    from spit.records.recorder import MatchRecorder


def new_room_code() -> str:
    """A fresh room code from :mod:`secrets`: 8 of 32 characters, 40 bits."""
    return room_code("".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH)))


@dataclass(slots=True)  # not frozen: a frozen one is made three times slower, two a move
class Send:
    """A frame for one seat."""

    seat: int
    body: Frame  # encoded once, where it is sent


class Room:
    """A match between two seats, and everything the server tells each of them."""

    def __init__(
        self,
        code: str,
        *,
        variant: Variant = Variant.STANDARD,
        seed: int | None = None,
        host: str = "",
        settings: Settings | None = None,
        pace: float = 1.0,
        source: Callable[[], float] = time.monotonic,
        pause_allowance: float = PAUSE_ALLOWANCE,
        go_on_after: float = GO_ON_AFTER,
        hosted: bool = False,
        watchers: Watchers = Watchers.DELAYED,
    ) -> None:
        self.code = code
        self.watchers = watchers  # who may watch, as the host chose
        self.watching = 0  # spectators now (spit/net/watchers.py counts them)
        self.variant = variant
        self.seeded = seed is not None  # the host may know the deal
        self.match = Match.new(
            seed if seed is not None else secrets.randbits(64), variant=variant, settings=settings
        )
        # Stamped on every action: it starts at 0 and stands until both players are there.
        self.clock = GameClock(source, pace=pace, paused=True, start=0.0)
        self._source = source
        self.tokens = (secrets.token_urlsafe(TOKEN_BYTES), secrets.token_urlsafe(TOKEN_BYTES))
        self.names = [host, ""]
        self.taken = [True, False]
        self.connected = [True, False]
        self.paused_by = [False, False]
        # For a seat whose connection went: when (the time source's reading) the server gives
        # it up, if it does not come back.
        self.back_by: list[float | None] = [None, None]
        self.rtt: list[float | None] = [None, None]  # seconds
        self.actions = [0, 0]  # accepted, per seat
        self.ended: RoomEnd | None = None
        self.offers = [False, False]  # which seats offer a rematch, once the match is over
        self.recorder: MatchRecorder | None = None
        self.hosted = hosted  # the server runs inside the host's `spit host`
        self.pause_allowance = pause_allowance
        self.go_on_after = go_on_after
        # When (the time source's reading) play goes on after a standstill; None while it
        # plays or stands. The server's timer calls :meth:`go_on` then.
        self.goes_on_at: float | None = None
        self._played = False  # the clock has run: a later start goes on after a count
        self.pause_spent = [0.0, 0.0]  # seconds, up to its pause now held (if any)
        self._paused_at: list[float | None] = [None, None]
        self.unwritten = [0, 0]  # refusals counted but not yet said in the record
        self.left_out = [0, 0]  # refusals left out of the record in all
        rate, burst = REFUSALS_WRITTEN
        now = source()
        self._refusals = [Bucket(rate, burst, now), Bucket(rate, burst, now)]
        self._seq = 0

    # -- questions -----------------------------------------------------------------------

    @property
    def stage(self) -> Stage:
        if self.ended is not None:
            return Stage.OVER
        return Stage.PLAYING if all(self.taken) else Stage.WAITING

    @property
    def here(self) -> bool:
        """Whether both seats are here, nobody paused and the match is not over."""
        return self.stage is Stage.PLAYING and all(self.connected) and not any(self.paused_by)

    @property
    def running(self) -> bool:
        """Whether play goes on: the room is :attr:`here` and no count to go on is running."""
        return self.here and self.goes_on_at is None

    def token_fits(self, seat: int, token: str) -> bool:
        """Whether ``token`` is seat ``seat``'s (compared in constant time)."""
        return secrets.compare_digest(self.tokens[seat], token)

    # -- changes -------------------------------------------------------------------------

    def join(self, name: str) -> int:
        """Seat the second player; returns their seat. Only while the room waits."""
        if self.stage is not Stage.WAITING:
            raise ValueError("the room is not waiting for a player")
        self.taken[1] = True
        self.connected[1] = True
        self.names[1] = name
        self._update_clock()
        return 1

    def set_connected(self, seat: int, connected: bool, *, grace: float | None = None) -> None:
        """A seat's connection came or went; the clock stops while anyone is away. ``grace``:
        the seconds the server keeps a seat that went (told to the other player)."""
        self.connected[seat] = connected
        self.back_by[seat] = None if connected or grace is None else self._source() + grace
        self._update_clock()

    def pause_left(self, seat: int) -> float:
        """The seconds of pausing ``seat`` has left in this match (less its pause now held)."""
        spent = self.pause_spent[seat]
        since = self._paused_at[seat]
        if since is not None:
            spent += self._source() - since
        return max(0.0, self.pause_allowance - spent)

    def set_paused(self, seat: int, paused: bool) -> bool:
        """A seat holds or lets go of a pause; False if it has no pausing left (nothing
        changes then)."""
        if paused == self.paused_by[seat]:
            return True
        if paused and self.pause_left(seat) <= 0:
            return False
        now = self._source()
        if paused:
            self._paused_at[seat] = now
        else:
            since, self._paused_at[seat] = self._paused_at[seat], None
            if since is not None:
                self.pause_spent[seat] += now - since
        self.paused_by[seat] = paused
        self._update_clock()
        return True

    def record(self, recorder: MatchRecorder) -> None:
        """Keep the match's record with ``recorder`` from now on (both seats are taken)."""
        self.recorder = recorder
        recorder.begin(self.match)

    def end(self, why: RoomEnd) -> None:
        """The room is over (abandoned, left); its clock stops for good."""
        if self.ended is None:
            self.ended = why
        self.goes_on_at = None
        self.clock.pause()
        if self.recorder is not None:
            self._say_left_out()
            # A decided match has already closed its record; one left or abandoned is over
            # for good (a networked match is not resumed), so its record says so.
            self.recorder.abandon()
            self.recorder = None

    def deal_again(self) -> None:
        """A rematch (see :mod:`spit.net.rematch`): a fresh match from a new seed, the players'
        seats swapped (names, tokens, round trips), pauses and counts anew."""
        self.names.reverse()
        self.rtt.reverse()
        self.tokens = (self.tokens[1], self.tokens[0])
        self.seeded = False
        settings = self.match.settings
        self.match = Match.new(secrets.randbits(64), variant=self.variant, settings=settings)
        self.clock = GameClock(self._source, pace=self.clock.pace, paused=True, start=0.0)
        self.ended, self.offers, self.actions = None, [False, False], [0, 0]
        self.paused_by, self.pause_spent = [False, False], [0.0, 0.0]
        self._paused_at = [None, None]
        self._played = False  # the new match starts as the first did: at once
        self._update_clock()

    def act(self, seat: int, action: Action, ack: int) -> tuple[list[Send], Refusal | None]:
        """Apply ``seat``'s action at the room's time now; the frames it causes, and the refusal
        if the table said no. Actions are applied in the order they arrive (RULES B6)."""
        if not self.running:
            why = NotNow.OVER if self.stage is Stage.OVER else NotNow.PAUSED
            return [Send(seat, Refused(id=ack, refusal=None, not_now=why))], None
        at = self.clock()
        result = self.match.apply(action, at)
        if self.recorder is not None:
            self._write(seat, action, at, result)
        if result.refusal is not None:
            refused = Refused(id=ack, refusal=result.refusal, not_now=None)
            sends = [Send(seat, refused)]
            if result.refusal.is_fumble and result.refusal.locked_until is not None:
                sends += self.tables((), at=at)  # the lock shows on the table
            return sends, result.refusal
        self.actions[seat] += 1
        if self.match.is_over:
            self.ended = RoomEnd.MATCH_OVER
            self.clock.pause()
        return self.tables(result.events, ack_seat=seat, ack=ack, at=at), None

    def _write(self, seat: int, action: Action, at: float, result: Result) -> None:
        """Write the judged action to the record, unless it is one refusal too many."""
        recorder = self.recorder
        assert recorder is not None
        refusal = result.refusal
        changed_nothing = refusal is not None and not refusal.is_fumble
        if changed_nothing and not self._refusals[seat].take(self._source()):
            self.unwritten[seat] += 1
            self.left_out[seat] += 1
            return
        if not changed_nothing:
            # The count goes before the next entry that changed the table (and at the end):
            # one line however long the flood, not one before each refusal written.
            self._say_left_out(at)
        recorder.applied(action, at, result)

    def flush_record(self) -> None:
        """Write the record's entries held back until the frames telling of them go."""
        if self.recorder is not None:
            self.recorder.flush()

    def _say_left_out(self, at: float | None = None) -> None:
        """Say in the record how many refusals it left out since it last said so."""
        recorder = self.recorder
        assert recorder is not None
        for seat in PLAYERS:
            if self.unwritten[seat]:
                recorder.left_out(seat, self.unwritten[seat], self.clock() if at is None else at)
                self.unwritten[seat] = 0

    def go_on(self) -> list[Send]:
        """The count after a standstill is over: play goes on, if the room is still here
        (the count was not called off meanwhile); the frames that tell it (none if not)."""
        if self.goes_on_at is None:  # set only while here: cleared when not
            return []
        self.goes_on_at = None
        self.clock.resume()
        return self.status()

    def _update_clock(self) -> None:
        if not self.here:
            self.goes_on_at = None
            self.clock.pause()
        elif self.goes_on_at is None and self.clock.paused:
            if self._played and self.go_on_after > 0:
                self.goes_on_at = self._source() + self.go_on_after
            else:  # the first start: the players' ready presses start each round
                self._played = True
                self.clock.resume()

    # -- frames --------------------------------------------------------------------------

    def tables(
        self,
        events: tuple[Event, ...],
        *,
        ack_seat: int | None = None,
        ack: int | None = None,
        at: float | None = None,
    ) -> list[Send]:
        """A ``table`` frame for each taken seat: its view and the events it may know, and
        whose action made them (``ack_seat``'s, if any), stamped ``at`` (the action's time;
        else now). The other seat's comes first: it is written first, and the player who
        acted knows already what they did."""
        self._seq += 1
        clock = self.clock() if at is None else at
        seats = PLAYERS if ack_seat != 0 else _OTHER_FIRST
        return [
            Send(
                seat,
                Table(
                    seq=self._seq,
                    clock=clock,
                    view=self.match.view(seat),
                    events=observe(events, seat),
                    by=ack_seat,
                    ack=ack if seat == ack_seat else None,
                ),
            )
            for seat in seats
            if self.taken[seat]
        ]

    def status(self) -> list[Send]:
        """A ``status`` frame for each taken seat (the same one)."""
        now, back_by = self._source(), self.back_by
        body = Status(
            clock=self.clock(),
            running=self.running,
            stage=self.stage,
            connected=(self.connected[0], self.connected[1]),
            paused_by=(self.paused_by[0], self.paused_by[1]),
            rtt=_pair(None if r is None else round(r * 1000, 1) for r in self.rtt),
            names=(self.names[0], self.names[1]),
            back_within=_pair(None if t is None else round(max(0.0, t - now), 1) for t in back_by),
            pause_left=_pair(
                round(self.pause_left(seat), 1) if self.paused_by[seat] else None
                for seat in PLAYERS
            ),
            goes_on_in=None
            if self.goes_on_at is None
            else round(max(0.0, self.goes_on_at - now), 1),
            watchers=self.watching,
        )
        return [Send(seat, body) for seat in PLAYERS if self.taken[seat]]

    def welcome(self, seat: int) -> Welcome:
        return Welcome(
            room=self.code,
            seat=seat,
            token=self.tokens[seat],
            variant=self.variant,
            seeded=self.seeded,
            pace=self.clock.pace,
            lockout=self.match.settings.lockout,
            hosted=self.hosted,
        )

    def result(self) -> Ended:
        """How the room ended: the same frame for both seats."""
        history = self.match.history
        outcome = self.match.outcome
        held = history[-1].held if history else (26, 26)
        return Ended(
            ended=self.ended or RoomEnd.ABANDONED,
            winner=None if outcome is None or outcome.winner is None else outcome.winner + 1,
            rounds=len(history),
            held=held,
            actions=(self.actions[0], self.actions[1]),
            outcome=outcome,
        )

    def ended_frames(self) -> list[Send]:
        """An ``ended`` frame for each seat still connected."""
        body = self.result()
        return [Send(seat, body) for seat in PLAYERS if self.taken[seat] and self.connected[seat]]


def _pair(values: Iterable[float | None]) -> tuple[float | None, float | None]:
    first, second = values
    return first, second


__all__ = ["Room", "Send", "Stage", "new_room_code"]
