"""Simulator throughput: whole matches of ``expert`` against ``expert``, on one core.

    python benchmarks/sim.py [--games N] [--repeats R] [--seed S]

Runs the same ``spit simulate`` configuration ``R`` times (the same seed gives the same
matches, so every run does the same work) and keeps the fastest run.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from spit.sim.simulator import Config, simulate


@dataclass(frozen=True)
class SimFigures:
    """What :func:`measure` found."""

    games: int
    actions: int
    matches_per_s: float
    actions_per_s: float
    """Actions applied (accepted or refused) per wall-clock second."""


def measure(games: int = 40, repeats: int = 3, seed: int = 1) -> SimFigures:
    """Simulate ``games`` expert-against-expert matches ``repeats`` times; the fastest run."""
    config = Config(games, "expert", "expert", seed=seed)
    best = min((simulate(config) for _ in range(repeats)), key=lambda s: s.seconds)
    return SimFigures(best.games, best.actions, best.matches_per_s, best.actions_per_s)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    f = measure(args.games, args.repeats, args.seed)
    print(
        f"simulator: {f.games} matches, {f.actions:,} actions, best of {args.repeats}: "
        f"{f.matches_per_s:,.1f} matches/s, {f.actions_per_s:,.0f} actions/s"
    )


if __name__ == "__main__":
    main()
