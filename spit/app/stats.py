"""Figures for the match-over screen, gathered from the engine's events as they happen."""

from __future__ import annotations

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
    _changed_at: list[float | None] = field(default_factory=lambda: [None, None])

    def record(self, events: Iterable[Event], at: float) -> None:
        """Count what ``events`` (from one accepted action at game time ``at``) did."""
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
