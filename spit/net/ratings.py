"""Ratings on a server: Glicko-2 (the ``glicko2`` package), a match at a time, per variant.

Glicko-2 because it is lichess's, so its figures can be taken over whole: 1500 ± 350 for a
newcomer, shown provisional (``1500?``) while the deviation is above :data:`PROVISIONAL`. The
server's bots are players with fixed ratings, the ladder's own Elo (docs/bot.md; Elo and
Glicko share one scale), so they anchor the scale (docs/online.md).
"""

from __future__ import annotations

from typing import Final

import glicko2
from msgspec import Struct

from spit.bot.levels import LADDER

START: Final = 1500.0
START_DEVIATION: Final = 350.0
START_VOLATILITY: Final = 0.06
PROVISIONAL: Final = 110.0  # lichess: a rating whose deviation is above this is provisional

LADDER_ELO: Final[dict[str, float]] = {
    "first-game": 1044.0,
    "beginner": 1215.0,
    "casual": 1350.0,
    "regular": 1511.0,
    "seasoned": 1660.0,
    "fast": 1775.0,
    "very-fast": 1946.0,
}
"""Each level's rating measured by ``spit ladder --games 200 --seed 1`` (docs/bot.md): the
server's bot at that level plays at it, and is never rated again."""

BOT_DEVIATION: Final = 17.0  # the ladder's 95 % intervals are ± 33 or so: ± 1.96 deviations


class Rating(Struct, frozen=True):
    """A player's rating in one variant."""

    rating: float = START
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY
    games: int = 0

    @property
    def provisional(self) -> bool:
        return self.deviation > PROVISIONAL

    @property
    def shown(self) -> str:
        """As a player reads it: ``1642``, or ``1500?`` while provisional."""
        return f"{round(self.rating)}{'?' if self.provisional else ''}"


def bot_rating(level: str) -> Rating:
    return Rating(LADDER_ELO[level], BOT_DEVIATION, START_VOLATILITY)


def nearest_level(rating: float) -> str:
    """The ladder level whose rating is nearest ``rating``: the bot a lone seeker is offered."""
    return min(LADDER, key=lambda level: abs(LADDER_ELO[level] - rating))


def between(rating: float) -> tuple[str | None, str | None]:
    """The ladder levels just below and just above ``rating`` (None past either end)."""
    below = [level for level in LADDER if LADDER_ELO[level] <= rating]
    above = [level for level in LADDER if LADDER_ELO[level] > rating]
    return (below[-1] if below else None, above[0] if above else None)


def rated(one: Rating, other: Rating, score: float) -> Rating:
    """``one``'s rating after a match against ``other`` that it scored ``score`` in (1 a win,
    0.5 a draw, 0 a loss): each match is its own rating period, as lichess has it."""
    player = glicko2.Player(one.rating, one.deviation, one.volatility)
    player.update_player([other.rating], [other.deviation], [score])
    return Rating(float(player.rating), float(player.rd), float(player.vol), one.games + 1)


__all__ = [
    "LADDER_ELO",
    "PROVISIONAL",
    "Rating",
    "between",
    "bot_rating",
    "nearest_level",
    "rated",
]
