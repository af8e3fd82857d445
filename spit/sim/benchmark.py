"""The level-against-level win-rate table of ``docs/bot.md``, measured with the simulator.

``python -m spit.sim.benchmark --games 500 --seed 1`` plays every pairing of levels (each
level against itself and against every level below it) and ``hard`` against ``random``,
then prints the tables in Markdown. Each pairing is one ``spit simulate`` run with the same
arguments, so any cell can be checked on its own.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from spit.bot import LEVEL_NAMES
from spit.engine import Variant
from spit.sim.cli import positive_int
from spit.sim.simulator import RANDOM, Config, Summary, simulate


def pairings() -> list[tuple[str, str]]:
    """Each level against itself and every level below it, then hard against random."""
    pairs = [(a, b) for i, a in enumerate(LEVEL_NAMES) for b in LEVEL_NAMES[: i + 1]]
    return [*pairs, ("hard", RANDOM)]


def _rate(summary: Summary) -> float:
    return summary.wins[0] / summary.games


def markdown(results: dict[tuple[str, str], Summary]) -> str:
    """The win-rate matrix (row's wins against column) and a line per pairing."""
    lines = ["| row beats column | " + " | ".join(LEVEL_NAMES) + " |"]
    lines.append("|---|" + "---:|" * len(LEVEL_NAMES))
    for row in LEVEL_NAMES:
        cells = []
        for col in LEVEL_NAMES:
            if (row, col) in results:
                cells.append(f"{_rate(results[row, col]):.1%}")
            else:  # the mirror of a measured pairing: seats alternate, so wins just swap
                s = results[col, row]
                cells.append(f"{s.wins[1] / s.games:.1%}")
        lines.append(f"| **{row}** | " + " | ".join(cells) + " |")
    lines += [
        "",
        "| bot 1 | bot 2 | bot 1 wins | bot 2 wins | draws | mean rounds "
        "| mean match (sim. s) | refusals | fumbles | actions/s |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for (a, b), s in results.items():
        lines.append(
            f"| {a} | {b} | {s.wins[0]} ({_rate(s):.1%}) | {s.wins[1]} | {s.draws} "
            f"| {s.mean_rounds:.2f} | {s.mean_match_seconds:.0f} "
            f"| {s.refusals / s.actions:.1%} | {s.fumbles} | {s.actions_per_s:,.0f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """Measure every pairing and print the tables."""
    parser = argparse.ArgumentParser(
        prog="python -m spit.sim.benchmark", description=__doc__.splitlines()[0]
    )
    parser.add_argument("--games", type=positive_int, default=500, metavar="N")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--variant", choices=[v.value for v in Variant], default=Variant.STANDARD.value
    )
    args = parser.parse_args(argv)
    results: dict[tuple[str, str], Summary] = {}
    for a, b in pairings():
        config = Config(args.games, a, b, variant=Variant(args.variant), seed=args.seed)
        results[a, b] = simulate(config)
        print(f"{a} vs {b}: {_rate(results[a, b]):.1%}", file=sys.stderr, flush=True)
    print(markdown(results))
    return 0


if __name__ == "__main__":
    sys.exit(main())
