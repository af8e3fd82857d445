"""The bot's ladder: seven human players, from a first game to a very fast hand.

Each level parameterizes one model of a person's hand (noticing, choosing, pressing, and
the mistakes; ``docs/bot.md``). Pure and light: the command line reads the names from here
without loading the bot.
"""

from __future__ import annotations

import math
import random
from typing import Final

from msgspec import Struct

_log = math.log

LADDER: tuple[str, ...] = (
    "first-game",
    "beginner",
    "casual",
    "regular",
    "seasoned",
    "fast",
    "very-fast",
)  # the levels, weakest first: each wins 60–80 % of matches against the one below

ALIASES: Final[dict[str, str]] = {
    "easy": "beginner",
    "normal": "casual",
    "hard": "seasoned",
    "expert": "very-fast",
}  # the names of the four levels before the ladder, and the ladder level each now means

ADAPTIVE = "adaptive"  # see spit.bot.adaptive

LEVEL_NAMES: tuple[str, ...] = (*LADDER, *ALIASES)  # the ladder, then the old names

BOT_CHOICES: tuple[str, ...] = (*LEVEL_NAMES, ADAPTIVE)  # everything --bot accepts

MIDDLE: Final[str] = LADDER[len(LADDER) // 2]  # where the adaptive bot starts


NOTICE_FLOOR = 0.1  # seconds: no eye notices faster

FORM_RANGE: Final = (0.6, 1.7)  # a good round, never a superhuman one


class ExGaussian(Struct, frozen=True, gc=False):
    """A delay in seconds: a normal body (``mu``, ``sigma``) plus an exponential tail (``tau``),
    the shape of reaction times (Hohle 1965; Luce 1986): now and then attention lapses."""

    mu: float  # the normal part's mean
    sigma: float  # the normal part's standard deviation
    tau: float  # the exponential tail's mean: the lapses

    def __post_init__(self) -> None:
        if self.mu <= NOTICE_FLOOR or self.sigma <= 0 or self.tau <= 0:
            raise ValueError(f"an ex-Gaussian delay needs mu > {NOTICE_FLOOR} and sigma, tau > 0")

    @property
    def mean(self) -> float:
        """The average delay."""
        return self.mu + self.tau

    @property
    def median(self) -> float:
        """Half of the delays are shorter than this (solved for a menu's label, never per move)."""
        low, high = self.mu - 6 * self.sigma, self.mu + 10 * self.tau + 6 * self.sigma
        for _step in range(60):
            mid = (low + high) / 2
            if self.cdf(mid) < 0.5:
                low = mid
            else:
                high = mid
        return (low + high) / 2

    def cdf(self, x: float) -> float:
        """The chance that a delay is at most ``x``."""
        mu, sigma, tau = self.mu, self.sigma, self.tau
        z = (x - mu) / sigma
        body = _phi(z)
        exponent = -(x - mu) / tau + sigma * sigma / (2 * tau * tau)
        if exponent > 700:  # far below the body: the tail term vanishes with the body
            return 0.0
        return body - math.exp(exponent) * _phi(z - sigma / tau)

    def sample(self, rng: random.Random) -> float:
        """One delay, drawn from ``rng``."""
        # The tail is rng.expovariate(1 / tau) written out (the same draw, the same
        # arithmetic, over the tail's rate): a delay is drawn for nearly every move, and the
        # call was a fifth of it.
        delay = rng.gauss(self.mu, self.sigma) - _log(1.0 - rng.random()) / (1.0 / self.tau)
        return delay if delay > NOTICE_FLOOR else NOTICE_FLOOR


def _phi(z: float) -> float:
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


class Level(Struct, frozen=True, gc=False):
    """One rung of the ladder: the parameters of the model of a person's hand."""

    name: str  # its name on the command line; spit.words.labels.level_name says it in words.
    notice: ExGaussian
    """From a change on the table to having seen it (and, while the hand is on its way, to
    seeing that the move no longer fits)."""
    decide: float  # Hick–Hyman's intercept: the least time to choose a move, in seconds
    per_bit: float  # Hick–Hyman's slope, seconds per bit
    key: float  # pressing the key, in seconds (the keystroke-level model's K)
    overlook: float
    """The chance of not seeing a play among one; with n plays each is missed with this
    chance times log2(n + 1) (more to look at, more missed)."""
    first_fit: float  # left to right, not the best
    miskey: float  # the chance that a press lands on a neighbouring key instead
    form: float = 0.25
    """How much the pace drifts from round to round: each round every delay is multiplied by
    a factor whose logarithm is normal with this standard deviation (median 1)."""
    day: float = 0.2  # how much the pace differs from match to match: the same, drawn once a match

    def choosing(self, moves: int) -> float:
        """Seconds to choose among ``moves`` moves seen (Hick–Hyman)."""
        return self.decide + self.per_bit * math.log2(moves + 1)

    def overlook_each(self, moves: int) -> float:
        """The chance of missing each of ``moves`` plays in view."""
        return min(0.95, self.overlook * math.log2(moves + 1))

    def fastest(self, moves: int = 1) -> float:
        """The least time from a change to a move landing, with ``moves`` in view."""
        return FORM_RANGE[0] * (NOTICE_FLOOR + self.choosing(moves) + self.key)

    def reaction_median(self, moves: int = 1) -> float:
        """The model's median time from a change to a move landing, with ``moves`` in view."""
        return self.notice.median + self.choosing(moves) + self.key


FIRST_GAME: Final = Level(
    name="first-game",
    notice=ExGaussian(mu=0.30, sigma=0.04, tau=0.30),
    decide=0.23,
    per_bit=0.15,
    key=0.50,
    overlook=0.12,
    first_fit=0.5,
    miskey=0.05,
)  # the bottom of the ladder: someone playing their first game, looking for the keys

VERY_FAST: Final = Level(
    name="very-fast",
    notice=ExGaussian(mu=0.17, sigma=0.02, tau=0.06),
    decide=0.05,
    per_bit=0.10,
    key=0.12,
    overlook=0.02,
    first_fit=0.03,
    miskey=0.01,
)  # the top: a very fast player who knows the keys blind


def between(name: str, low: Level, high: Level, t: float) -> Level:
    """The level a fraction ``t`` of the way from ``low`` to ``high``: times geometrically,
    chances linearly."""

    def geo(a: float, b: float) -> float:
        return math.pow(a, 1 - t) * math.pow(b, t)

    def lin(a: float, b: float) -> float:
        return a + (b - a) * t

    n, m = low.notice, high.notice
    return Level(
        name=name,
        notice=ExGaussian(geo(n.mu, m.mu), geo(n.sigma, m.sigma), geo(n.tau, m.tau)),
        decide=geo(low.decide, high.decide),
        per_bit=geo(low.per_bit, high.per_bit),
        key=geo(low.key, high.key),
        overlook=lin(low.overlook, high.overlook),
        first_fit=lin(low.first_fit, high.first_fit),
        miskey=lin(low.miskey, high.miskey),
        form=lin(low.form, high.form),
        day=lin(low.day, high.day),
    )


RUNGS: Final[tuple[float, ...]] = (0.0, 0.165, 0.33, 0.49, 0.645, 0.80, 1.0)
"""Where each level lies between the two anchors. Nearly even, but the last step is wider:
near the top the same ratio buys less, against the table's fixed times (the too-late
window, the lockout), so an even spacing left the top step under 60 %."""

LEVELS: Final[dict[str, Level]] = {
    name: between(name, FIRST_GAME, VERY_FAST, t) for name, t in zip(LADDER, RUNGS, strict=True)
}  # every ladder level by name, between the first game and the very fast hand


MEASURED_REACTION: Final[dict[str, float]] = {
    "first-game": 1.53,
    "beginner": 1.27,
    "casual": 1.08,
    "regular": 0.91,
    "seasoned": 0.79,
    "fast": 0.69,
    "very-fast": 0.58,
}
"""Each level's median reaction (from the play becoming legal to its card landing,
:mod:`spit.records.figures`), measured as a
person's are (``spit ladder --games 200 --seed 1``, all its matches; docs/bot.md). A test
keeps them within 10 % of the simulator."""


def plays_like(median_reaction: float) -> str:
    """The ladder level whose measured median reaction is nearest (in ratio) to this one."""
    return min(LADDER, key=lambda name: abs(math.log(MEASURED_REACTION[name] / median_reaction)))


def level(name: str) -> Level:
    """The level called ``name`` (an old name means its ladder level); ``ValueError`` otherwise."""
    try:
        return LEVELS[ALIASES.get(name, name)]
    except KeyError:
        raise ValueError(f"no bot level {name!r}; choose one of {', '.join(LEVEL_NAMES)}") from None


def rung(name: str) -> int:
    """A level's place on the ladder, 0 for the weakest."""
    return LADDER.index(ALIASES.get(name, name))
