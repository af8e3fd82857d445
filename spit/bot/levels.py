"""The bot's four levels: how fast its hand is and how often it misses or misjudges a play."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Final

LEVEL_NAMES: tuple[str, ...] = ("easy", "normal", "hard", "expert")
"""The levels, weakest first."""


@dataclass(frozen=True, slots=True)
class Delay:
    """A human delay in seconds: never below ``floor``, ``mean`` on average, with ``spread``.

    Sampled as ``floor`` plus a log-normal variable whose mean is ``mean - floor`` and whose
    standard deviation is ``spread``: skewed like real reaction times (a long tail of slow
    moves, never an instant one).
    """

    mean: float
    """Average delay."""
    spread: float
    """Standard deviation."""
    floor: float
    """The fastest this hand ever is."""

    _mu: float = field(init=False, repr=False, compare=False)
    _sigma: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.floor < self.mean or self.spread <= 0:
            raise ValueError("a delay needs 0 <= floor < mean and a positive spread")
        # The log-normal's parameters for the excess over the floor, worked out once.
        excess = self.mean - self.floor
        sigma2 = math.log1p((self.spread / excess) ** 2)
        object.__setattr__(self, "_mu", math.log(excess) - sigma2 / 2)
        object.__setattr__(self, "_sigma", math.sqrt(sigma2))

    def sample(self, rng: random.Random) -> float:
        """One delay, drawn from ``rng``."""
        return self.floor + rng.lognormvariate(self._mu, self._sigma)


@dataclass(frozen=True, slots=True)
class Level:
    """One level's parameters. See ``docs/bot.md`` for the table and what each one models."""

    name: str
    """easy, normal, hard or expert."""
    reaction: Delay
    """From seeing the table to the card landing, for a play or a fill."""
    notice_stuck: Delay
    """From the table going stuck (or a round being dealt) to pressing spit."""
    slap: Delay
    """From the round's end to the slap landing."""
    second_look: float
    """A move that stops fitting while the hand is on its way is abandoned if it still had
    more than this to go; closer than that, it lands and the table may refuse it."""
    overlook: float
    """Chance of not seeing each available play when planning a move."""
    blunder: float
    """Chance of making any move it sees instead of the best one."""


LEVELS: Final[dict[str, Level]] = {
    "easy": Level(
        name="easy",
        reaction=Delay(mean=1.8, spread=0.6, floor=0.8),
        notice_stuck=Delay(mean=1.6, spread=0.5, floor=0.7),
        slap=Delay(mean=1.2, spread=0.4, floor=0.5),
        second_look=0.8,
        overlook=0.25,
        blunder=0.3,
    ),
    "normal": Level(
        name="normal",
        reaction=Delay(mean=1.1, spread=0.35, floor=0.5),
        notice_stuck=Delay(mean=1.0, spread=0.3, floor=0.45),
        slap=Delay(mean=0.8, spread=0.25, floor=0.35),
        second_look=0.5,
        overlook=0.12,
        blunder=0.15,
    ),
    "hard": Level(
        name="hard",
        reaction=Delay(mean=0.7, spread=0.2, floor=0.35),
        notice_stuck=Delay(mean=0.6, spread=0.18, floor=0.3),
        slap=Delay(mean=0.5, spread=0.15, floor=0.25),
        second_look=0.35,
        overlook=0.05,
        blunder=0.05,
    ),
    "expert": Level(
        name="expert",
        reaction=Delay(mean=0.4, spread=0.1, floor=0.22),
        notice_stuck=Delay(mean=0.35, spread=0.1, floor=0.18),
        slap=Delay(mean=0.3, spread=0.08, floor=0.15),
        second_look=0.25,
        overlook=0.0,
        blunder=0.0,
    ),
}
"""Every level by name."""


def level(name: str) -> Level:
    """The level called ``name``; raises ``ValueError`` listing the levels for any other name."""
    try:
        return LEVELS[name]
    except KeyError:
        raise ValueError(f"no bot level {name!r}; choose one of {', '.join(LEVEL_NAMES)}") from None
