"""A held key is one press: the terminal's auto-repeat must not play the cards under it.

Found by playing: holding a play key a moment too long played the card, then the card that
turned up under it, and fumbled on the first that did not fit, locking the hand. Terminals
do not mark repeats, so the game tells them by their pace (``REPEAT_GAP``).
"""

from __future__ import annotations

from textual import events

from spit.app.game import REPEAT_GAP
from spit.engine import Action, Match, Phase

from .factory import game, local, make_app, played_until


def started(seed: int) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


def spy(match: Match) -> list[Action]:
    """Every action that reaches ``match.apply`` from now on."""
    applied: list[Action] = []
    original = match.apply

    def apply(action: Action, at: float = 0.0) -> object:
        applied.append(action)
        return original(action, at=at)

    match.apply = apply  # type: ignore[method-assign]
    return applied


def key(name: str, at: float) -> events.Key:
    """A key event that arrived at ``at`` (seconds on Textual's clock)."""
    event = events.Key(name, name if len(name) == 1 else None)
    event.time = at
    return event


async def test_a_held_key_repeating_reaches_the_table_once() -> None:
    match = started(3)
    applied = spy(match)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        repeat = REPEAT_GAP / 2
        for n in range(8):
            app.post_message(key("q", 100.0 + n * repeat))
        await pilot.pause()
        assert len(applied) == 1
        assert local(game(app)).match is match


async def test_the_same_key_pressed_again_at_a_human_pace_counts_again() -> None:
    match = started(3)
    applied = spy(match)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        app.post_message(key("space", 100.0))
        app.post_message(key("space", 100.0 + 2 * REPEAT_GAP))
        await pilot.pause()
        assert len(applied) == 2


async def test_one_player_holding_a_key_does_not_swallow_the_other_players_presses() -> None:
    match = started(3)
    applied = spy(match)
    app = make_app(3, match=match)
    async with app.run_test(size=(80, 24)) as pilot:
        step = REPEAT_GAP / 3
        names = ["q", "y", "q", "enter", "q", "y"]  # q held; y and Enter between its repeats
        for n, name in enumerate(names):
            app.post_message(key(name, 100.0 + n * step))
        await pilot.pause()
        # q once; y at 100.0 and again 4 steps (> REPEAT_GAP) later; Enter once.
        assert [a.player for a in applied] == [0, 1, 1, 1]
