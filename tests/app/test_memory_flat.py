"""Play at the table keeps memory flat: what a key press leaves behind is bounded.

Every kept picture, line and style of the table is held in a cache with a bound, and the
rest of a press (events, views, flashes, the figures' open chances) is let go of or
replaced. After a warm-up in which the caches fill, a stretch of key presses may retain
only the little a match records of itself (its history, the reactions of the figures),
which ``tracemalloc`` counts; no time is measured.
"""

from __future__ import annotations

import gc
import itertools
import random
import tracemalloc

import pytest

from spit.app import mosaic
from spit.engine import Match

from .factory import FakeClock, game, key_for, local, make_app

pytestmark = pytest.mark.long  # a measurement: a long stretch of presses under tracemalloc

STRETCH = 150
"""Key presses between two counts."""

BOUND = 512 * 1024
"""Bytes a stretch of presses may retain once the caches have filled: what Textual's and
Rich's own bounded caches and the match's record of itself add (about 100-300 KiB a stretch
here). Kept pictures without a bound retain megabytes over as many presses (a large card's
picture with its strips is some 10-60 KiB, and a stretch brings a hundred new ones)."""


PRESSES = 4 * STRETCH


def long_deal(seed: int) -> int:
    """The random player's choices for a deal on which it plays :data:`PRESSES` keys in one
    match (random legal actions of either player make long matches)."""
    for deal in range(seed, seed + 100):
        match, rng = Match.new(deal), random.Random(deal)
        for press in range(PRESSES):
            if match.is_over:
                break
            match.apply(rng.choice(match.legal_actions(0) + match.legal_actions(1)), press)
        else:
            return deal
    raise AssertionError("no deal lasts")


def retained() -> int:
    gc.collect()
    snapshot = tracemalloc.take_snapshot().filter_traces(
        [tracemalloc.Filter(False, tracemalloc.__file__)]
    )
    return sum(stat.size for stat in snapshot.statistics("filename"))


async def test_a_long_stretch_of_key_presses_at_the_large_size_retains_almost_nothing() -> None:
    deal = long_deal(1)
    rng = random.Random(deal)
    clock = FakeClock()
    app = make_app(deal, clock=clock)
    counts: list[int] = []
    async with app.run_test(size=(140, 42)) as pilot:
        await pilot.pause()
        screen = game(app)
        tracemalloc.start()
        try:
            for _ in range(4):
                for _press in range(STRETCH):
                    match = local(screen).match
                    assert not match.is_over, "the match ended: play a longer one"
                    action = rng.choice(match.legal_actions(0) + match.legal_actions(1))
                    clock.advance(1.0)
                    screen.press_key(key_for(screen.keymap, action, match.round.phase))
                    await pilot.pause()
                counts.append(retained())
        finally:
            tracemalloc.stop()
    growth = [b - a for a, b in itertools.pairwise(counts)]
    assert len(mosaic._tiles) <= mosaic._KEPT and len(mosaic._lines) <= mosaic._LINES_KEPT
    assert growth[-1] <= BOUND, growth
