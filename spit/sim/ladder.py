"""The ladder measured: a round robin of every level on the simulator, with Bradley–Terry
strengths on the Elo scale (95 % intervals), win rates and each level's human figures."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import combinations, pairwise

from spit.bot.levels import LADDER
from spit.engine import Variant
from spit.sim.simulator import Config, Figures, MatchReport, Summary, simulate

ELO_PER_NAT: float = 400 / math.log(10)  # 400 points make odds of 10 to 1

ELO_MEAN: float = 1500.0  # the ladder's average rating (only differences mean anything)

PRIOR_ELO: float = 2000.0
"""Standard deviation of a weak normal prior on each strength, in Elo: it keeps the fit finite
when a level never lost (or never won), and moves a well-measured rating by well under 1."""

Z95: float = 1.959964  # the normal quantile of a two-sided 95 % interval


@dataclass(frozen=True, slots=True)
class Rating:
    """One level's fitted strength."""

    name: str  # the level
    elo: float  # its rating; the ladder averages ELO_MEAN
    low: float  # the 95 % interval's lower end
    high: float  # the 95 % interval's upper end


@dataclass(slots=True)
class Ladder:
    """The round robin's results."""

    games: int  # matches per pair
    variant: Variant  # how the matches were won
    seed: int  # the seed every pair's run used
    levels: tuple[str, ...] = LADDER  # the levels, weakest first
    pairs: dict[tuple[str, str], Summary] = field(default_factory=dict)
    """Each pair's run, keyed (stronger on paper, weaker): bot 1 is the first."""
    figures: dict[str, Figures] = field(default_factory=dict)  # each level's human figures
    ratings: list[Rating] = field(default_factory=list)  # the fitted ratings, in ladder order
    seconds: float = 0.0  # wall-clock time of the whole round robin

    def score(self, a: str, b: str) -> float:
        """The share of matches ``a`` won against ``b``, a draw counting half."""
        if (a, b) in self.pairs:
            s = self.pairs[a, b]
            return (s.wins[0] + s.draws / 2) / s.games
        s = self.pairs[b, a]
        return (s.wins[1] + s.draws / 2) / s.games

    def adjacent(self) -> list[tuple[str, str, float]]:
        """Each level against the one below it: (stronger, weaker, share won by the stronger)."""
        return [(hi, lo, self.score(hi, lo)) for lo, hi in pairwise(self.levels)]

    @property
    def matches(self) -> int:
        """Matches played in all."""
        return sum(s.games for s in self.pairs.values())

    def as_dict(self) -> dict[str, object]:
        """The results as plain JSON values."""
        return {
            "games": self.games,
            "variant": self.variant.value,
            "seed": self.seed,
            "matches": self.matches,
            "seconds": round(self.seconds, 3),
            "levels": [
                {
                    "name": r.name,
                    "elo": round(r.elo, 1),
                    "elo_low": round(r.low, 1),
                    "elo_high": round(r.high, 1),
                    "median_reaction": round(self.figures[r.name].median_reaction, 3),
                    "plays_per_minute": round(self.figures[r.name].plays_per_minute, 1),
                }
                for r in self.ratings
            ],
            "matrix": {
                a: {b: round(self.score(a, b), 4) for b in self.levels if b != a}
                for a in self.levels
            },
            "adjacent": [
                {"stronger": hi, "weaker": lo, "won": round(share, 4)}
                for hi, lo, share in self.adjacent()
            ],
        }


def pairs(levels: Sequence[str] = LADDER) -> list[tuple[str, str]]:
    """Every pair of levels once, the stronger first, nearest pairs first."""
    out = [(b, a) for a, b in combinations(levels, 2)]
    return sorted(out, key=lambda p: levels.index(p[0]) - levels.index(p[1]))


def run(
    games: int,
    *,
    variant: Variant = Variant.STANDARD,
    seed: int = 1,
    levels: Sequence[str] = LADDER,
    on_match: Callable[[MatchReport], None] | None = None,
) -> Ladder:
    """Play the round robin and fit the ratings."""
    ladder = Ladder(games, variant, seed, tuple(levels))
    ladder.figures = {name: Figures() for name in levels}
    start = time.perf_counter()
    for a, b in pairs(levels):
        config = Config(games, a, b, variant=variant, seed=seed)
        summary = simulate(config, on_match=on_match)
        ladder.pairs[a, b] = summary
        for which, name in enumerate((a, b)):
            figures = ladder.figures[name]
            figures.reactions.extend(summary.reactions[which])
            figures.seconds += summary.match_seconds
    ladder.seconds = time.perf_counter() - start
    ladder.ratings = bradley_terry(ladder)
    return ladder


def bradley_terry(ladder: Ladder) -> list[Rating]:
    """Bradley–Terry Elo ratings fitted by Newton's method (a draw half a win each way, a
    weak prior), with 95 % intervals from the observed information about the ladder's mean
    (how well each level is placed against the others)."""
    names = list(ladder.levels)
    n = len(names)
    index = {name: i for i, name in enumerate(names)}
    wins = [[0.0] * n for _ in range(n)]  # wins[i][j]: i's wins over j
    for (a, b), s in ladder.pairs.items():
        i, j = index[a], index[b]
        wins[i][j] += s.wins[0] + s.draws / 2
        wins[j][i] += s.wins[1] + s.draws / 2
    prior = 1.0 / (PRIOR_ELO / ELO_PER_NAT) ** 2
    strength = [0.0] * n
    for _iteration in range(100):
        grad, hess = _derivatives(strength, wins, prior)
        step = _solve([[-h for h in row] for row in hess], grad)
        strength = [s + d for s, d in zip(strength, step, strict=True)]
        if max(abs(d) for d in step) < 1e-10:
            break
    _, hess = _derivatives(strength, wins, prior)
    cov = _inverse([[-h for h in row] for row in hess])
    # Variances of each strength less the mean of all: (I - J/n) cov (I - J/n).
    row_mean = [sum(row) / n for row in cov]
    grand = sum(row_mean) / n
    mean = sum(strength) / n
    ratings = []
    for i, name in enumerate(names):
        var = cov[i][i] - 2 * row_mean[i] + grand
        elo = ELO_MEAN + ELO_PER_NAT * (strength[i] - mean)
        half = Z95 * ELO_PER_NAT * math.sqrt(max(var, 0.0))
        ratings.append(Rating(name, elo, elo - half, elo + half))
    return ratings


def _derivatives(
    strength: list[float], wins: list[list[float]], prior: float
) -> tuple[list[float], list[list[float]]]:
    n = len(strength)
    grad = [-prior * s for s in strength]
    hess = [[0.0] * n for _ in range(n)]
    for i in range(n):
        hess[i][i] = -prior
    for i in range(n):
        for j in range(i + 1, n):
            games = wins[i][j] + wins[j][i]
            if not games:
                continue
            p = 1.0 / (1.0 + math.exp(strength[j] - strength[i]))
            g = wins[i][j] - games * p
            grad[i] += g
            grad[j] -= g
            w = games * p * (1 - p)
            hess[i][i] -= w
            hess[j][j] -= w
            hess[i][j] += w
            hess[j][i] += w
    return grad, hess


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (a is small and well-posed)."""
    return [sum(r * v for r, v in zip(row, b, strict=True)) for row in _inverse(a)]


def _inverse(a: list[list[float]]) -> list[list[float]]:
    """a's inverse, by Gauss–Jordan with partial pivoting."""
    n = len(a)
    m = [[*row, *(1.0 if i == j else 0.0 for j in range(n))] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        p = m[col][col]
        m[col] = [v / p for v in m[col]]
        for r in range(n):
            if r != col and m[r][col]:
                f = m[r][col]
                m[r] = [v - f * w for v, w in zip(m[r], m[col], strict=True)]
    return [row[n:] for row in m]
