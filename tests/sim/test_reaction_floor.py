"""No bot answers a change faster than its level's hand can: over many simulated matches at
every level, each card a bot plays lands at least the level's fastest reaction after the
accepted action that made the play legal (the one reaction time, spit.records.figures)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spit.bot import Bot
from spit.bot.levels import LADDER, level
from spit.engine import Match
from spit.sim.simulator import play_match

EPSILON = 1e-9
"""Float slack: a reaction of exactly the floor is allowed."""


@settings(max_examples=60)
@given(
    levels=st.tuples(st.sampled_from(LADDER), st.sampled_from(LADDER)),
    seed=st.integers(0, 2**32 - 1),
)
def test_no_bot_play_lands_sooner_after_it_became_legal_than_its_level_allows(
    levels: tuple[str, str], seed: int
) -> None:
    rng = random.Random(seed)
    bots = (
        Bot(0, levels[0], random.Random(rng.getrandbits(64))),
        Bot(1, levels[1], random.Random(rng.getrandbits(64))),
    )
    played = play_match(Match.new(rng.getrandbits(64)), bots)
    for seat in (0, 1):
        floor = level(levels[seat]).fastest()
        too_fast = [r for r in played.reactions[seat] if r < floor - EPSILON]
        assert not too_fast, (levels[seat], floor, too_fast)
