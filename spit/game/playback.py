"""A record played back: where it stands, one action forward or back, a jump to a round.

:class:`Playback` is the replay's whole state, without a screen or a clock: the match as it
stood after the first ``position`` recorded actions, rebuilt by the engine from the deal.
Going back replays from the deal up to the step before (a match of a few thousand actions
replays in milliseconds), so the table shown is always the engine's, never a copy kept aside.

Playback counts from the record's first action (:attr:`Playback.origin`), not from 0: records
written before their clock started at the deal hold the machine's uptime as game time
(``"at": 1980.74`` for the first action), and a replay counting from 0 would stand still that
long before its first step. Counting from the first action plays every record at once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from spit.engine import Match, Result
from spit.records.analysis import Analysis, PlayerFigures, analyse
from spit.records.record import Record, Step

SPEEDS: Final = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
"""Playback speeds, slowest first; real speed is 1."""


@dataclass(frozen=True, slots=True)
class Played:
    """One recorded action applied again, and what the engine said this time."""

    step: Step
    """The action as recorded."""
    result: Result
    """The engine's verdict and events now (the same as in play: reading checked that)."""


class Playback:
    """The replay of one record, moved by the screen (or a test) one step at a time."""

    def __init__(self, record: Record) -> None:
        self.record = record
        """The record played back."""
        if record.steps is None:
            raise ValueError("a record is played back from its steps: read it with them")
        self.steps = record.steps
        """Every recorded action, in order."""
        self.analysis: Analysis = analyse(record)
        """Reactions, missed plays and races lost over the whole record (gathered as the
        record was read, if it was read so: :func:`~spit.records.analysis.read_analysed`)."""
        self.match: Match = record.header.new_match()
        """The table after :attr:`position` steps."""
        self.origin = self.steps[0].at if self.steps else 0.0
        """The game time playback counts from: the first action's (see the module's note)."""
        self.position = 0
        """How many steps have been applied."""
        self.speed = 1.0
        """How fast time runs against real time."""
        self._round_starts = self._first_steps()

    # -- where it stands -------------------------------------------------------------------

    @property
    def at_end(self) -> bool:
        """Every step has been applied."""
        return self.position >= len(self.steps)

    @property
    def time(self) -> float:
        """The game time of the last step applied, on the record's clock (:attr:`origin`
        before the first): what the table's timings (a fumble lock, "too late") are read
        against."""
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
