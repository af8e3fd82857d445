"""The bots decide exactly as recorded: fixed seeds give the same matches, action for action.

The simulator's figures for fixed seeds are a fingerprint of every decision the bots make
(every move chosen, every delay drawn, every refusal) and of every answer the engine gives.
Making the engine, the views, the bot or the reaction bookkeeping faster must leave them
untouched: this holds eight runs (four pairings, both variants) against the figures recorded
in ``fixed_seed_figures.json``, each match's report in full (reactions included) as a digest.

Regenerate only when a change is *meant* to change how the bots play:
``python tests/sim/test_fixed_seed_figures.py`` rewrites the file.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from spit.engine import Variant
from spit.sim.simulator import Config, MatchReport, simulate

GOLDEN = Path(__file__).with_name("fixed_seed_figures.json")

PAIRINGS = (
    ("expert", "expert"),
    ("first-game", "very-fast"),
    ("random", "expert"),
    ("adaptive", "casual"),
)
VARIANTS = (Variant.STANDARD, Variant.POINTS)
GAMES = 12
SEED = 7
TIMING_FIELDS = {"seconds", "matches_per_s", "actions_per_s"}


def configs() -> list[Config]:
    return [
        Config(GAMES, bot1, bot2, variant=variant, seed=SEED)
        for bot1, bot2 in PAIRINGS
        for variant in VARIANTS
    ]


def key(config: Config) -> str:
    return f"{config.bot1}-{config.bot2}-{config.variant.value}"


def fingerprint(config: Config) -> dict[str, object]:
    """The run's figures (wall-clock ones left out) and a digest of every match's report,
    floats written exactly."""
    reports: list[MatchReport] = []
    summary = simulate(config, reports.append)
    digest = hashlib.sha256()
    for r in reports:
        digest.update(
            repr(
                (
                    r.index,
                    r.seats,
                    r.winner,
                    r.unfinished,
                    r.rounds,
                    r.seconds.hex(),
                    r.actions,
                    r.refusals,
                    r.fumbles,
                    r.cards,
                    [[x.hex() for x in seat] for seat in r.reactions],
                )
            ).encode()
        )
    figures = {k: v for k, v in summary.as_dict().items() if k not in TIMING_FIELDS}
    return {"figures": figures, "matches": digest.hexdigest()}


@pytest.mark.parametrize("config", configs(), ids=key)
def test_fixed_seeds_give_the_recorded_matches(config: Config) -> None:
    golden = json.loads(GOLDEN.read_text())
    assert fingerprint(config) == golden[key(config)]


if __name__ == "__main__":
    GOLDEN.write_text(
        json.dumps({key(c): fingerprint(c) for c in configs()}, indent=1, sort_keys=True) + "\n"
    )
    print(f"wrote {GOLDEN}")
