"""Figures for the match-over screen, gathered from the engine's events as they happen."""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass, field

from spit.engine import Card, CardPlayed, CardSpat, Event, RoundDealt


@dataclass(frozen=True, slots=True)
class FastPlay:
    """The quickest play of the match: the shortest time from a pile changing to a card on it."""

    seconds: float
    """Game seconds between the pile's previous change and this card landing."""
    player: int
    """Who played it."""
    card: Card
    """The card played."""
    pile: int
    """The pile it went on."""


@dataclass(slots=True)
class MatchStats:
    """Cards played and the fastest play, per match. Not table state: only a tally."""

    played: list[int] = field(default_factory=lambda: [0, 0])
    """Cards each player played from their stocks onto a spit pile."""
    fastest: FastPlay | None = None
    """The quickest play so far."""
    reactions: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Per player, for each card played: seconds since the table last changed (anyone's
    accepted action), measured as the bot ladder's figures are (docs/bot.md)."""
    began: float | None = None
    """Game time of the match's first accepted action."""
    ended: float | None = None
    """Game time of its last accepted action so far."""
    _changed_at: list[float | None] = field(default_factory=lambda: [None, None])

    def median_reaction(self, player: int) -> float | None:
        """The player's median seconds from a change on the table to their card landing."""
        return statistics.median(self.reactions[player]) if self.reactions[player] else None

    def plays_per_minute(self, player: int) -> float | None:
        """Cards the player played per minute of match."""
        if self.began is None or self.ended is None or self.ended <= self.began:
            return None
        return 60.0 * self.played[player] / (self.ended - self.began)

    def record(self, events: Iterable[Event], at: float) -> None:
        """Count what ``events`` (from one accepted action at game time ``at``) did."""
        last = self.ended
        if self.began is None:
            self.began = at
        self.ended = at
        for event in events:
            match event:
                case CardPlayed(player, _, pile, card):
                    self.played[player] += 1
                    if last is not None:
                        self.reactions[player].append(at - last)
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
