"""Hints (off by default, switched on in the menu): the stocks whose top card fits a pile now.

The engine decides what fits: the screen marks exactly the stocks its view's legal actions
can play, and marks none for a seat it does not play (the bot's).
"""

from __future__ import annotations

from spit.app.card_rows import StockRow
from spit.engine import STOCKS, Match, Phase, Play
from spit.settings.options import Mode

from .factory import FakeClock, game, make_app, played_until, screen_text
from .test_snapshots import _Idle


def started(seed: int) -> Match:
    return played_until(seed, lambda m: m.round.phase is not Phase.DEALT)


def playable(match: Match, player: int) -> tuple[bool, ...]:
    stocks = {a.stock for a in match.view(player).legal_actions if isinstance(a, Play)}
    return tuple(s in stocks for s in range(STOCKS))


async def test_hints_mark_exactly_the_stocks_the_engine_can_play_and_follow_the_table() -> None:
    match = started(3)
    clock = FakeClock()
    app = make_app(3, match=match, clock=clock, hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        rows = {
            0: app.screen.query_one("#p1-stocks", StockRow),
            1: app.screen.query_one("#p2-stocks", StockRow),
        }
        for player, row in rows.items():
            assert row.state.fits == playable(match, player)  # type: ignore[union-attr]
        assert any(playable(match, 0) + playable(match, 1))
        assert "✦" in screen_text(app)
        play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
        clock.advance(1)
        game(app).act(play)
        await pilot.pause()
        for player, row in rows.items():
            assert row.state.fits == playable(match, player)  # type: ignore[union-attr]


async def test_hints_are_off_by_default() -> None:
    app = make_app(3, match=started(3))
    async with app.run_test(size=(80, 24)):
        assert app.screen.query_one("#p1-stocks", StockRow).state.fits == ()  # type: ignore[union-attr]
        assert "✦" not in screen_text(app)


async def test_against_the_bot_only_your_stocks_get_hints() -> None:
    match = started(3)
    app = make_app(3, match=match, mode=Mode.BOT, hints=True, opponents=lambda level, seed: _Idle())
    async with app.run_test(size=(80, 24)):
        assert app.screen.query_one("#p1-stocks", StockRow).state.fits == playable(match, 0)  # type: ignore[union-attr]
        assert app.screen.query_one("#p2-stocks", StockRow).state.fits == ()  # type: ignore[union-attr]
