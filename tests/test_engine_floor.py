"""The engine's floor in benchmarks/ plays the same matches as the engine: the ratio of their
speeds is only worth reading if both do the same work (benchmarks/engine_floor.py)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))

from engine_floor import FloorMatch, floor_action

from spit.engine import Action, Fill, Match, Play, Slap, Spit


def any_action(rng: random.Random) -> Action:
    player, stock, pile = rng.randrange(2), rng.randrange(5), rng.randrange(2)
    return rng.choice(
        (Play(player, stock, pile), Fill(player, stock), Spit(player), Slap(player, pile))
    )


def test_the_floor_agrees_with_the_engine_on_every_legal_action_and_every_ending() -> None:
    rng = random.Random(7)
    refused = locked = 0
    for seed in range(12):
        match, floor = Match.new(seed), FloorMatch(seed)
        at = 0.0
        while not match.is_over:
            for player in (0, 1):
                legal = [floor_action(a) for a in match.legal_actions(player)]
                assert floor.legal(player) == legal
            at += rng.choice((0.0, 0.01, 0.2, 0.6))
            if rng.random() < 0.15:  # any key at all: fumbles, locks, wrong moments
                action = any_action(rng)
            else:
                action = rng.choice(match.legal_actions(0) + match.legal_actions(1))
            accepted = match.apply(action, at).ok
            refused += not accepted
            locked += any(floor.locked[p] > at for p in (0, 1))
            assert floor.apply(floor_action(action), at) is accepted, (seed, action)
        assert floor.over
        assert floor.winner == match.outcome.winner
        assert floor.rounds == len(match.history)
    assert refused > 0 and locked > 0  # the checks were put to the test
