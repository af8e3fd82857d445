"""The last play on each pile stays written under it for about a second: ``P2: 5♥ → left``.

Found by a new player: the only trace of the opponent's move was a flash of under half a
second, too quick to read who played what where.
"""

from __future__ import annotations

from spit.app.card_rows import PileRow
from spit.app.game import Pace
from spit.engine import Match, Phase, Play

from .factory import FakeClock, game, make_app, played_until, screen_text


def started(seed: int) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


async def test_the_last_play_is_written_under_its_pile_and_goes_after_a_second() -> None:
    match = started(3)
    play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
    card = match.view(0).sides[play.player].stocks[play.stock].top
    assert card is not None
    app = make_app(3, match=match, pace=Pace(flash=0.0, message=5.0, last_move=0.4, grace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        game(app).act(play)
        await pilot.pause()
        side = "left" if play.pile == 0 else "right"
        said = f"P{play.player + 1}: {card.label()} → {side}"
        assert said in screen_text(app)
        last = app.screen.query_one(PileRow).state.last  # type: ignore[union-attr]
        assert last[play.pile] == (said, play.player) and last[1 - play.pile] is None
        await pilot.pause(0.8)
        assert said not in screen_text(app)


async def test_the_label_waits_out_a_pause() -> None:
    match = started(3)
    play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
    app = make_app(3, match=match, pace=Pace(flash=0.0, message=5.0, last_move=0.4, grace=0.0))
    async with app.run_test(size=(80, 24)) as pilot:
        game(app).act(play)
        await pilot.press("escape")
        await pilot.pause(0.8)  # longer than the label lasts, but paused
        await pilot.press("escape")
        assert app.screen.query_one(PileRow).state.last[play.pile] is not None  # type: ignore[union-attr]


async def test_a_label_for_every_play_against_the_bot_names_who_played() -> None:
    from spit.settings.options import Mode

    from .test_snapshots import _Idle

    match = started(3)
    play = next(a for a in match.legal_actions(1) if isinstance(a, Play))
    card = match.view(1).sides[1].stocks[play.stock].top
    clock = FakeClock()
    app = make_app(
        3,
        match=match,
        clock=clock,
        mode=Mode.BOT,
        opponents=lambda level, seed: _Idle(),
        pace=Pace(flash=0.0, message=5.0, last_move=60.0, grace=0.0),
    )
    async with app.run_test(size=(80, 24)) as pilot:
        game(app).game.act(play)  # the bot's seat plays, as its driver would
        await pilot.pause()
        side = "left" if play.pile == 0 else "right"
        assert card is not None and f"Bot: {card.label()} → {side}" in screen_text(app)
