"""A record played back as a game: :class:`ReplayGame` puts a :class:`Playback` behind the
same :class:`spit.game.Game` interface a match has, so the table screen shows a replay
exactly as it showed play — the flashes, the refusals by each player's row, the round's end.

Nobody at the keyboard acts in a replay: the recorded actions are applied at their times,
on the screen's timers, scaled by the playback speed; the controls (pause, a step forward or
back, faster, slower, a jump to a round) are the screen's, and come here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spit.engine import Action, PlayerView, Result, Variant
from spit.game.playback import Playback
from spit.game.seat import Cancellable, Change, Connection, Listener, Timers
from spit.records.recorder import Recorder

if TYPE_CHECKING:  # the network loads only with a networked game
    from spit.net.client import Ended, ServerGone


class ReplayGame:
    """A record played back. Implements :class:`spit.game.Game` (and takes no actions)."""

    def __init__(self, playback: Playback, *, playing: bool = True) -> None:
        self.playback = playback
        """Where the replay stands."""
        self.playing = playing
        """Whether the replay runs (False: stopped at a step)."""
        self._held = False
        self._listener: Listener | None = None
        self._timers: Timers | None = None
        self._timer: Cancellable | None = None

    # -- what the screen asks ----------------------------------------------------------------

    @property
    def seats(self) -> tuple[int, ...]:
        # As it was played: against the bot, the keyboard's seat is 0 alone.
        return (0,) if self.playback.record.header.mode == "bot" else (0, 1)

    @property
    def variant(self) -> Variant:
        return self.playback.record.header.variant

    @property
    def names(self) -> tuple[str | None, str | None]:
        players = self.playback.record.header.players
        first, second = (None if p.bot else p.name for p in players)
        return first, second

    @property
    def connection(self) -> Connection | None:
        return None

    @property
    def paused(self) -> bool:
        return self._held or not self.playing

    @property
    def can_rematch(self) -> bool:
        return False

    @property
    def replaying(self) -> bool:
        return True  # quitting a replay loses nothing

    @property
    def recorder(self) -> Recorder | None:
        return None  # the record is read, not written

    @property
    def adaptive_level(self) -> str | None:
        return None  # the bot is not playing: its level is the record's

    @property
    def lost(self) -> ServerGone | Ended | None:
        return None

    @property
    def room_link(self) -> str | None:
        return None

    def view(self, seat: int) -> PlayerView:
        return self.playback.match.view(seat)

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
