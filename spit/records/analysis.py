"""What a replay shows that live play could not: reaction times, missed plays, lost races
and fumbles.

Replayed through the engine: reactions as :mod:`spit.records.figures` defines them; a chance
open longer than :data:`MISSED_AFTER` and then lost is a missed play; a play refused "too
late" (or a slap beaten) is a race lost, by the time since the other's winning move; a fumble
costs the hand's lock.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Final

from spit.engine import (
    Action,
    CardPlayed,
    CardSpat,
    Match,
    PileSlapped,
    Play,
    Reason,
    Result,
    RoundEnded,
)
from spit.records.figures import Chances, Closed, median
from spit.records.record import Record, Step, read_record

MISSED_AFTER: Final = 1.0
"""Seconds a fitting card may wait before leaving it counts as a missed play."""


@dataclass(frozen=True, slots=True)
class Reaction:
    """A play made: how long after the table offered it."""

    step: int  # index of the play in the record's steps
    round: int  # the round it was made in
    seconds: float  # from the play becoming legal to the card landing (spit.records.figures).
    stock: int  # the stock column it was played from (0: the player's leftmost)


@dataclass(frozen=True, slots=True)
class Missed:
    """A fitting card left longer than :data:`MISSED_AFTER`, then lost."""

    step: int  # index of the step that took the chance away
    round: int  # the round
    play: Play  # the play that was there
    seconds: float  # how long it was there


@dataclass(frozen=True, slots=True)
class RaceLost:
    """A play or slap refused because the other player got there first."""

    step: int  # index of the refused step
    round: int  # the round
    slap: bool  # A slap race (else a race for a pile)
    seconds: float  # how much later than the other player's move


@dataclass(frozen=True, slots=True)
class Fumble:
    """A refusal that locked the hand (RULES B12)."""

    step: int  # index of the refused step
    round: int  # the round
    seconds: float  # how long it locked the hand (0 with lockouts off)


@dataclass(slots=True)
class PlayerFigures:
    """One player's figures over a record (or the part of it replayed so far)."""

    reactions: list[Reaction] = field(default_factory=list)
    missed: list[Missed] = field(default_factory=list)
    races_lost: list[RaceLost] = field(default_factory=list)
    played: int = 0  # cards played onto a spit pile
    fumbles: list[Fumble] = field(default_factory=list)

    def upto(self, steps: int) -> PlayerFigures:
        return PlayerFigures(
            [r for r in self.reactions if r.step < steps],
            [m for m in self.missed if m.step < steps],
            [r for r in self.races_lost if r.step < steps],
            sum(1 for r in self.reactions if r.step < steps),
            [f for f in self.fumbles if f.step < steps],
        )

    @property
    def median_reaction(self) -> float | None:
        return median([r.seconds for r in self.reactions])


@dataclass(frozen=True, slots=True)
class RoundSpan:
    """When a round was played."""

    number: int
    began: float  # game time of its first spit (the start of play)
    ended: float  # game time play stopped (someone went out, or the table was stuck for good)
    went_out: int | None  # who went out first

    @property
    def seconds(self) -> float:
        return self.ended - self.began


@dataclass(slots=True)
class Analysis:
    """The figures for both players and the rounds of one record."""

    players: tuple[PlayerFigures, PlayerFigures]
    rounds: list[RoundSpan]
    round_starts: list[int]  # each round's first step's index

    @property
    def duration(self) -> float:
        """Game seconds from the first spit to the end of the last round played."""
        if not self.rounds:
            return 0.0
        return self.rounds[-1].ended - self.rounds[0].began


def analyse(record: Record) -> Analysis:
    """The figures of ``record``: those gathered as it was read (:func:`read_analysed`), else
    its steps replayed again."""
    if isinstance(record.analysis, Analysis):
        return record.analysis
    if record.steps is None:
        raise ValueError("a record read without its steps has no figures to replay")
    return analyse_steps(record.header.new_match(), record.steps)


def read_analysed(path: Path, *, steps: bool = False) -> Record:
    """Read the record at ``path`` and gather its figures (its ``analysis``) in the same pass;
    its steps are kept only if asked (a replay needs them, counting does not)."""
    analyser = Analyser()
    record = read_record(path, steps=steps, fold=analyser)
    record.analysis = analyser.analysis()
    return record


def analyse_steps(match: Match, steps: Iterable[Step]) -> Analysis:
    """Replay ``steps`` on ``match`` (fresh from its deal) and gather the figures."""
    analyser = Analyser()
    analyser.begin(match)
    for step in steps:
        analyser.step(step, match.apply(step.action, step.at), match)
    return analyser.analysis()


class Analyser:
    """Each player's figures gathered as a record is replayed (a ``Fold``): it grows with the
    cards played and the rounds, not with the entries."""

    def __init__(self) -> None:
        self._players = (PlayerFigures(), PlayerFigures())
        self._rounds: list[RoundSpan] = []
        self._starts: list[int] = []
        self._chances = Chances()
        self._changed: list[tuple[float, int] | None] = [None, None]  # per pile: when, by whom
        self._slapped: tuple[float, int] | None = None
        self._began: float | None = None
        self._round = 0
        self._last_round: int | None = None
        self._index = 0

    def begin(self, match: Match) -> None:
        self._chances = Chances(_legal(match), 0.0)
        self._round = match.round.number

    def step(self, step: Step, result: Result, match: Match) -> None:
        index, number = self._index, self._round  # the round the step was made in
        self._index += 1
        if number != self._last_round:
            self._starts.append(index)
        self._last_round = number
        players = self._players
        action, at = step.action, step.at
        if step.reason is not None:  # refused: the table is as it was (but for a lock)
            refusal = result.refusal
            if refusal is not None and refusal.is_fumble:
                locked = 0.0 if refusal.locked_until is None else refusal.locked_until - at
                players[action.player].fumbles.append(Fumble(index, number, locked))
            lost = _race(match, step, self._changed, self._slapped)
            if lost is not None:
                players[action.player].races_lost.append(
                    RaceLost(index, number, step.reason is Reason.SLAPPED_ALREADY, lost)
                )
            return
        for event in result.events:
            if isinstance(event, CardPlayed):
                self._changed[event.pile] = (at, event.player)
                players[event.player].played += 1
            elif isinstance(event, CardSpat):
                self._changed[event.pile] = (at, event.player)
                self._slapped = None  # a slap race is lost only until the next round is on
                if self._began is None:
                    self._began = at
            elif isinstance(event, PileSlapped):
                self._slapped = (at, event.player)
            elif isinstance(event, RoundEnded):
                if self._began is not None:
                    self._rounds.append(RoundSpan(number, self._began, at, event.went_out))
                self._began = None
                self._changed = [None, None]
        closed: list[Closed] = []
        reaction = self._chances.reaction(result.events, at, _legal(match), closed)
        if reaction is not None:
            stock = next(e.stock for e in result.events if isinstance(e, CardPlayed))
            players[action.player].reactions.append(Reaction(index, number, reaction, stock))
        for chance in closed:
            if chance.seconds > MISSED_AFTER:
                players[chance.player].missed.append(
                    Missed(index, number, chance.play, chance.seconds)
                )
        self._round = match.round.number

    def analysis(self) -> Analysis:
        return Analysis(self._players, self._rounds, self._starts or [0])


def _legal(match: Match) -> tuple[tuple[Action, ...], tuple[Action, ...]]:
    """Both players' legal actions now, as :class:`Chances` takes them."""
    return match.legal_actions(0), match.legal_actions(1)


def _race(
    match: Match,
    step: Step,
    changed: list[tuple[float, int] | None],
    slapped: tuple[float, int] | None,
) -> float | None:
    """How much too late a refused step was, if it lost a race to the other player."""
    action = step.action
    if step.reason is Reason.SLAPPED_ALREADY and slapped is not None:
        return step.at - slapped[0]
    if step.reason is Reason.TOO_LATE and isinstance(action, Play):
        pile = action.pile
        if pile in (0, 1):
            pile = match.round.landing_pile(pile)  # as the engine played it
        last = changed[pile] if pile in (0, 1) else None
        if last is not None and last[1] != action.player:
            return step.at - last[0]
    return None
