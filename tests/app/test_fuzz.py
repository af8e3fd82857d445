"""Thousands of random keys from both halves, with resizes in between: nothing breaks.

Keys are posted in bursts, as from two people mashing, and the app catches up between
bursts. Part of each burst is aimed: keys for actions that were legal when the burst was
sent (by the time they arrive the table may have changed: a race), so the fuzz gets past
the first round into stuck tables, slaps, summaries, match over and rematches.
"""

from __future__ import annotations

import random
from time import monotonic

import pytest
from textual import events

from spit.app.game import GameScreen
from spit.engine import Match, Phase
from spit.settings.keymap import KeyMap

from .factory import FakeClock, cards_conserved, key_for, local, make_app

pytestmark = pytest.mark.long  # a long run: thousands of random keys over whole matches

KEYS = 2000
"""Random key presses per run."""
BATCH = 25
"""Keys posted at once before the app catches up."""
AIMED = 0.5
"""Share of keys aimed at an action that is legal when the burst is sent."""
SIZES = ((80, 24), (40, 12), (120, 40), (79, 24), (80, 23), (100, 30))
"""Terminal sizes the fuzz resizes to, too small ones included."""
NOISE = ("1", "0", "minus", "up", "left", "backspace", "delete", "f5", "ctrl+a", "x1")
"""Keys nobody plays with, mixed in now and then."""
KEYMAP = KeyMap.preset("qwerty")
PLAYER_KEYS = list(KEYMAP.bindings.values())


def aimed_key(match: Match, rng: random.Random) -> str:
    """The key of some action legal right now (or any player key if there is none)."""
    phase = match.round.phase
    legal = [a for p in (0, 1) for a in match.legal_actions(p)]
    if not legal:
        return rng.choice(PLAYER_KEYS)
    return key_for(KEYMAP, rng.choice(legal), phase)


def the_game(app: object) -> GameScreen:
    return next(s for s in app.screen_stack if isinstance(s, GameScreen))  # type: ignore[attr-defined]


async def mash(lockout: float, seed: int) -> set[object]:
    """Post KEYS keys in bursts with resizes and pauses between; what the fuzz came across.

    After every burst all 52 cards must still be on the table, each once.
    """
    rng = random.Random(seed)
    clock = FakeClock()
    app = make_app(11, clock=clock, lockout=lockout)
    seen: set[object] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        small = False
        for burst in range(KEYS // BATCH):
            match = local(the_game(app)).match
            pressed = monotonic()
            for _ in range(BATCH):
                roll = rng.random()
                if roll < 0.02:
                    key = rng.choice(NOISE)
                elif roll < 0.02 + AIMED:
                    key = aimed_key(match, rng)
                else:
                    key = rng.choice(PLAYER_KEYS)
                event = events.Key(key, key if len(key) == 1 else None)
                # Two people's presses, some so close together that the same key again
                # counts as a held key repeating.
                event.time = pressed = pressed + rng.uniform(0.0, 0.2)
                app.post_message(event)
            if burst % 25 == 12:  # pause, keys that must do nothing, resume
                await pilot.pause()
                paused = type(app.screen).__name__ == "GameScreen"
                app.post_message(events.Key("escape", None))
                await pilot.pause()
                seen.add(type(app.screen).__name__)
                before = local(the_game(app)).match.view(0)
                for _ in range(5):
                    app.post_message(events.Key(rng.choice(PLAYER_KEYS), None))
                await pilot.pause()
                if paused:
                    assert local(the_game(app)).match.view(0) == before
                    app.post_message(events.Key("escape", None))
            clock.advance(rng.uniform(0.1, 1.0))
            if small or rng.random() < 0.1:
                size = (80, 24) if small else rng.choice(SIZES)
                small = size[0] < 80 or size[1] < 24
                await pilot.resize_terminal(*size)
            await pilot.pause()
            match = local(the_game(app)).match
            assert cards_conserved(match)
            seen.update((match.round.phase, type(app.screen).__name__))
            seen.add(("round", id(match), match.round.number))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert cards_conserved(local(the_game(app)).match)
    assert app.return_code in (None, 0)
    return seen


async def test_mashing_both_halves_with_fumble_lockouts_breaks_nothing() -> None:
    seen = await mash(lockout=0.5, seed=20240)
    assert {Phase.PLAYING, "GameScreen", "TooSmallScreen", "PauseScreen"} <= seen


async def test_mashing_without_lockouts_plays_on_through_rounds_and_breaks_nothing() -> None:
    seen = await mash(lockout=0.0, seed=20241)
    rounds = [item for item in seen if isinstance(item, tuple)]
    assert len(rounds) > 2  # it got through slaps and summaries into later rounds
    assert {Phase.PLAYING, Phase.DEALT, "TooSmallScreen"} <= seen
