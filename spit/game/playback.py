"""A record played back (:class:`Playback`: a position, a step either way, a jump to a round),
and :class:`ReplayGame`, which a screen shows as it shows play.

The table shown is always the engine's: going back replays from the deal (milliseconds for a
few thousand actions). Playback counts from the record's first action, not 0: older records
hold the machine's uptime as game time, and would stand still that long before their first step.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from spit.engine import Action, Match, PlayerView, Result, Variant
from spit.game.seat import Cancellable, Change, Connection, Listener, Timers
from spit.records.analysis import Analysis, PlayerFigures, analyse
from spit.records.record import Record, Step
from spit.records.recorder import Recorder

if TYPE_CHECKING:  # the network loads only with a networked game
    from spit.net.client import Ended, ServerGone

SPEEDS: Final = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)  # playback speeds, slowest first; real speed is 1


@dataclass(frozen=True, slots=True)
class Played:
    """One recorded action applied again, and what the engine said this time."""

    step: Step  # the action as recorded
    result: Result  # the same as in play: reading checked it


class Playback:
    """The replay of one record, moved by the screen (or a test) one step at a time."""

    def __init__(self, record: Record) -> None:
        self.record = record  # the record played back
        if record.steps is None:
            raise ValueError("a record is played back from its steps: read it with them")
        self.steps = record.steps  # every recorded action, in order
        self.analysis: Analysis = analyse(record)
        """Reactions, missed plays and races lost over the whole record (gathered as the
        record was read, if it was read so: :func:`~spit.records.analysis.read_analysed`)."""
        self.match: Match = record.header.new_match()  # the table after position steps
        self.origin = self.steps[0].at if self.steps else 0.0  # see the module's note
        self.position = 0  # how many steps have been applied
        self.speed = 1.0  # how fast time runs against real time
        self._round_starts = self._first_steps()

    # -- where it stands -------------------------------------------------------------------

    @property
    def at_end(self) -> bool:
        """Every step has been applied."""
        return self.position >= len(self.steps)

    @property
    def time(self) -> float:
        """The game time of the last step applied, on the record's clock (:attr:`origin`
        before the first)."""
        return self.steps[self.position - 1].at if self.position else self.origin

    @property
    def elapsed(self) -> float:
        """Game seconds since the first action, up to the last step applied: the replay's
        own clock, 0 before the first step whatever clock the record was written on."""
        return self.time - self.origin

    @property
    def rounds(self) -> int:
        """How many rounds the record reaches."""
        return len(self._round_starts)

    def figures(self, player: int) -> PlayerFigures:
        """``player``'s figures up to the step shown."""
        return self.analysis.players[player].upto(self.position)

    def delay(self) -> float | None:
        """Real seconds until the next step at the current speed; None at the end."""
        if self.at_end:
            return None
        return max(0.0, self.steps[self.position].at - self.time) / self.speed

    # -- moving ----------------------------------------------------------------------------

    def forward(self) -> Played | None:
        """Apply the next step; None at the end."""
        if self.at_end:
            return None
        step = self.steps[self.position]
        result = self.match.apply(step.action, step.at)
        self.position += 1
        return Played(step, result)

    def seek(self, position: int) -> None:
        """Show the table after ``position`` steps (clamped to the record)."""
        position = max(0, min(position, len(self.steps)))
        if position < self.position:
            self.match = self.record.header.new_match()
            self.position = 0
        while self.position < position:
            self.forward()

    def back(self) -> None:
        """Show the table one step earlier."""
        self.seek(self.position - 1)

    def jump_to_round(self, number: int) -> None:
        """Show round ``number`` (clamped) as it was dealt, before its first action."""
        number = max(1, min(number, self.rounds))
        self.seek(self._round_starts[number - 1])

    @property
    def round_number(self) -> int:
        """The round on the table now."""
        return self.match.round.number

    def faster(self) -> None:
        """The next speed up (up to the fastest)."""
        self.speed = next((s for s in SPEEDS if s > self.speed), SPEEDS[-1])

    def slower(self) -> None:
        """The next speed down (down to the slowest)."""
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])

    def _first_steps(self) -> list[int]:
        """For each round, the position at which it is on the table, freshly dealt."""
        starts = list(self.analysis.round_starts)
        # A round dealt by the last step has no step of its own yet.
        if self.steps:
            replayed = self.record.match.round.number
            if replayed > len(starts):
                starts.append(len(self.steps))
        return starts


class ReplayGame:
    """A record played back. Implements :class:`spit.game.Game` (and takes no actions)."""

    connection: Connection | None = None
    can_rematch = False
    replaying = True  # quitting a replay loses nothing
    recorder: Recorder | None = None  # the record is read, not written
    adaptive_level: str | None = None  # the bot is not playing: its level is the record's
    room_link: str | None = None

    def __init__(
        self, playback: Playback, *, playing: bool = True, spectator: bool = False
    ) -> None:
        self.playback = playback  # where the replay stands
        self.spectator = spectator  # shown from a spectator's seat (Match.spectate)
        self.playing = playing  # whether the replay runs (False: stopped at a step)
        self._held = False
        self._listener: Listener | None = None
        self._timers: Timers | None = None
        self._timer: Cancellable | None = None

    # -- what the screen asks ----------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        # As it was played: against the bot, the keyboard's seat is 0 alone.
        bot = self.playback.record.header.mode == "bot" and not self.spectator
        return (0,) if bot else (0, 1)

    @property
    def variant(self) -> Variant:
        return self.playback.record.header.variant

    @property
    def names(self) -> tuple[str | None, str | None]:
        players = self.playback.record.header.players
        first, second = (None if p.bot else p.name for p in players)
        return first, second

    @property
    def paused(self) -> bool:
        return self._held or not self.playing

    @property
    def lost(self) -> ServerGone | Ended | None:
        return None

    def view(self, seat: int) -> PlayerView:
        match = self.playback.match
        return match.spectate() if self.spectator else match.view(seat)

    def now(self) -> float:
        return self.playback.time

    # -- what the screen does ----------------------------------------------------------------

    def start(self, listener: Listener, timers: Timers) -> None:
        self._listener = listener
        self._timers = timers
        self._schedule()

    def act(self, action: Action) -> Result | None:
        """A replay takes no actions: the keys of play do nothing here."""
        return None

    def pause(self) -> None:
        self._held = True
        self._cancel()

    def resume(self) -> None:
        self._held = False
        self._schedule()

    def rematch(self) -> None:
        raise ValueError("a replay deals no rematch")

    def stop(self) -> None:
        self._cancel()
        self._listener = None

    # -- the replay's own controls -----------------------------------------------------------

    def toggle(self) -> None:
        """Run, or stop at the current step."""
        if self.playback.at_end and not self.playing:
            self.playback.seek(0)  # from the end, play again from the start
            self._afresh()
        self.playing = not self.playing
        self._schedule()

    def forward(self) -> None:
        """Stop and show one action more."""
        self.playing = False
        self._cancel()
        self._step()

    def back(self) -> None:
        """Stop and show one action less."""
        self.playing = False
        self._cancel()
        self.playback.back()
        self._afresh()

    def seek(self, position: int) -> None:
        """Stop and show the table after ``position`` actions (clamped: 0 is the first
        deal, past the end the last action)."""
        self.playing = False
        self._cancel()
        self.playback.seek(position)
        self._afresh()

    def jump_to_round(self, number: int) -> None:
        """Show round ``number`` freshly dealt; a running replay runs on from there."""
        self.playback.jump_to_round(number)
        self._afresh()
        self._schedule()

    def faster(self) -> None:
        self.playback.faster()
        self._schedule()

    def slower(self) -> None:
        self.playback.slower()
        self._schedule()

    # -- inside ------------------------------------------------------------------------------

    def _schedule(self) -> None:
        self._cancel()
        if not self.playing or self._held or self._timers is None:
            return
        delay = self.playback.delay()
        if delay is None:
            self.playing = False
            self._afresh()  # the controls say it has ended
            return
        self._timer = self._timers.call_later(delay, self._tick)

    def _cancel(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _tick(self) -> None:
        self._timer = None
        if not self.playing or self._held:
            return
        self._step()
        self._schedule()

    def _step(self) -> None:
        played = self.playback.forward()
        if played is None or self._listener is None:
            return
        step, result = played.step, played.result
        self._listener.table_changed(
            Change(step.action.player, result.events, result.refusal, step.at)
        )

    def _afresh(self) -> None:
        if self._listener is not None:
            self._listener.table_changed(Change(None, at=self.playback.time))
