"""Reaction time, defined once, and the match-over figures that show it.

A **reaction** is the game time from the accepted action after which the engine first listed
a play (and kept listing it) to the play landing; a play still listed after it was made is a
new chance from then. :class:`Chances` is that definition, and every figure of a reaction
uses it (match-over dialog, ``spit stats``, replay, simulator), so one match gives one figure.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from msgspec import Struct

from spit.engine import (
    PLAYERS,
    STOCKS,
    Action,
    Card,
    CardPlayed,
    CardSpat,
    Event,
    Match,
    Play,
    Result,
    RoundDealt,
)

if TYPE_CHECKING:
    from spit.records.record import Record, Step

Legal = Sequence[Sequence[Action] | None]
"""Per player, the engine's legal actions right after an action (only the plays count, so a
seat that sees just its own view passes the other seat's ``PlayerView.plays_of``); None for a
player the caller does not time."""


class Closed(Struct, frozen=True, gc=False):
    """A chance that closed without being taken: the play is no longer legal."""

    player: int  # whose chance it was
    play: Play  # the play that was there
    seconds: float  # how long it was there


Open = dict[int, tuple[Play, float]]
"""A player's open chances: each play's key, ``(player * STOCKS + stock) * 2 + pile``, with
when its chance opened (an int key, not the play's Python ``__hash__`` or a fresh tuple per
play after every action)."""


class Chances:
    """Each player's open plays and when each became legal: the one reaction time."""

    __slots__ = ("_legal", "_open")

    def __init__(self, legal: Legal = (None, None), at: float = 0.0) -> None:
        self._open: list[Open | None] = [None, None]
        self._open = [self._opened(p, legal[p], at) for p in PLAYERS]
        # What each player's open plays were worked out from: the same actions again open
        # and close nothing, which is most of what a player who did not move sees.
        self._legal: list[tuple[Action, ...] | None] = [
            None if (actions := legal[p]) is None else tuple(actions) for p in PLAYERS
        ]

    def reaction(
        self, events: Iterable[Event], at: float, legal: Legal, closed: list[Closed] | None = None
    ) -> float | None:
        """An action accepted at ``at`` did ``events``; the engine now lists ``legal``: the
        seconds from the play it made (read from its :class:`CardPlayed`, the pile it landed
        on) becoming legal, or None; the chances that closed untaken are added to ``closed``
        if it is given (the simulator asks after every accepted action, without)."""
        played = None
        for event in events:
            if type(event) is CardPlayed:
                played = event
                break
        reaction = None
        opens, kept = self._open, self._legal
        for p in PLAYERS:
            old = opens[p]
            seen = legal[p]
            if seen is not None and type(seen) is not tuple:
                seen = tuple(seen)  # kept: a list handed in may change under us
            if old is None or seen is None:
                opens[p] = self._opened(p, seen, at)
                kept[p] = seen
                continue
            made = None
            if played is not None and played.player == p:
                made = (p * STOCKS + played.stock) * 2 + played.pile  # its key (Open)
                if made not in old:
                    made = None
            elif seen is kept[p] or seen == kept[p]:
                continue  # the same plays as before: each chance goes on, none closes
            get = old.get
            new: Open = {}
            for a in seen:
                if type(a) is Play:
                    key = (a.player * STOCKS + a.stock) * 2 + a.pile  # its key (Open)
                    new[key] = get(key) or (a, at)
            if made is not None:
                reaction = at - old[made][1]
                if made in new:
                    new[made] = (new[made][0], at)  # the card under it fits as well: a new chance
            if closed is not None:
                for key, (play, since) in old.items():
                    if key not in new and key != made:
                        closed.append(Closed(p, play, at - since))
            opens[p] = new
            kept[p] = seen
        return reaction

    def _opened(self, player: int, legal: Sequence[Action] | None, at: float) -> Open | None:
        """The plays open to ``player`` now, each with when its chance opened."""
        if legal is None:
            return None
        get = (self._open[player] or {}).get
        opened: Open = {}
        for a in legal:
            if type(a) is Play:
                key = (a.player * STOCKS + a.stock) * 2 + a.pile  # its key (Open)
                opened[key] = get(key) or (a, at)
        return opened


def median(seconds: Sequence[float]) -> float | None:
    """The median of reaction times, or None without any (every figure takes it so)."""
    if not seconds:
        return None
    import statistics  # only once a figure is asked for: not at a table's start

    return statistics.median(seconds)


# -- the match-over figures ----------------------------------------------------------------


class FastPlay(Struct, frozen=True, gc=False):
    """The quickest play of the match: the shortest time from a pile changing to a card on it."""

    seconds: float  # game seconds between the pile's previous change and this card landing
    player: int  # who played it
    card: Card  # the card played
    pile: int  # the pile it went on


@dataclass(slots=True)
class MatchStats:
    """Cards played, reactions and the fastest play, per match, fed as it is played. Not
    table state: only a tally."""

    played: list[int] = field(default_factory=lambda: [0, 0])  # cards each played from their stocks
    fastest: FastPlay | None = None  # the quickest play so far
    reactions: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Per player, for each card played whose chance was seen: its reaction (the module's
    one definition)."""
    began: float | None = None  # game time of the match's first accepted action
    ended: float | None = None  # game time of its last accepted action so far
    _changed_at: list[float | None] = field(default_factory=lambda: [None, None])
    _chances: Chances = field(default_factory=Chances)

    @classmethod
    def replayed(cls, match: Match, steps: Iterable[Step]) -> MatchStats:
        """The figures of a record's ``steps`` played on ``match`` from its deal (refused ones
        too: they may lock out), so a resumed match counts its plays before every resume."""
        gathered = _Gathered()
        for step in steps:
            gathered.step(step, match.apply(step.action, step.at), match)
        return gathered.stats

    @classmethod
    def of_record(cls, record: Record) -> MatchStats:
        """The figures of every action ``record`` holds; one read without its steps is read
        again, streaming."""
        if record.steps is not None:
            return cls.replayed(record.header.new_match(), record.steps)
        from spit.records.record import read_record  # the reader loads only to read a record

        gathered = _Gathered()
        read_record(record.path, steps=False, fold=gathered)
        return gathered.stats

    def median_reaction(self, player: int) -> float | None:
        return median(self.reactions[player])

    def plays_per_minute(self, player: int) -> float | None:
        """Cards the player played per minute of match."""
        if self.began is None or self.ended is None or self.ended <= self.began:
            return None
        return 60.0 * self.played[player] / (self.ended - self.began)

    def record(self, events: Sequence[Event], at: float, legal: Legal = ()) -> None:
        """Count what ``events`` (one accepted action at ``at``) did; ``legal`` as
        :class:`Chances` takes it (a player without is not timed)."""
        if self.began is None:
            self.began = at
        self.ended = at
        seen = tuple(legal) + (None,) * (len(PLAYERS) - len(legal))
        reaction = self._chances.reaction(events, at, seen)
        if reaction is not None:
            played = next(e for e in events if type(e) is CardPlayed)
            self.reactions[played.player].append(reaction)
        for event in events:
            match event:
                case CardPlayed(player, _, pile, card):
                    self.played[player] += 1
                    since = self._changed_at[pile]
                    if since is not None and (
                        self.fastest is None or at - since < self.fastest.seconds
                    ):
                        self.fastest = FastPlay(at - since, player, card, pile)
                    self._changed_at[pile] = at
                case CardSpat(_, pile, _):
                    self._changed_at[pile] = at
                case RoundDealt():
                    self._changed_at = [None, None]
                case _:
                    pass


class _Gathered:
    """The match figures as a record is read (a :class:`~spit.records.record.Fold`): each
    accepted step counted as the table counted it when it was played."""

    def __init__(self) -> None:
        self.stats = MatchStats()

    def begin(self, match: Match) -> None:
        """Nothing is counted before the first step."""

    def step(self, step: Step, result: Result, match: Match) -> None:
        if result.ok:
            self.stats.record(
                result.events, step.at, (match.legal_actions(0), match.legal_actions(1))
            )
