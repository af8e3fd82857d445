"""Cards of every size are drawn from kept strips, and look exactly as if drawn whole.

The mosaic builds each line of a card picture from the kept style of each of its runs
(``spit.app.mosaic._segments``) instead of asking Textual to render the picture's text; a
line seen before is not built again. Whatever the size, the look, the hints, the flashes,
the captions and the last plays, the strips must be the very segments Textual makes of the
whole picture as one text (``tests/app/test_mosaic.py`` holds the small size to it too).
"""

from __future__ import annotations

import pytest

from spit.app.card_rows import PileRow, PilesState, StockRow, StocksState
from spit.app.look import CARD_SIZES, Look
from spit.engine import Card, PileView, StockView

from .factory import game, make_app
from .test_mosaic import whole_and_tiled

STOCKS = (
    StockView(Card.parse("KH"), 0),
    StockView(None, 0),
    StockView(Card.parse("10D"), 4),
    StockView(Card.parse("AS"), 9),
    StockView(Card.parse("QC"), 1),
)
PILES = (PileView(Card.parse("7S"), 12, True), PileView(Card.parse("10H"), 1, True))
LOOKS = (Look(), Look(ascii=True, four_colour=True), Look(four_colour=True))


@pytest.mark.parametrize("size", CARD_SIZES, ids=lambda s: s.name)
async def test_every_card_size_draws_the_same_segments_as_the_whole_picture(size) -> None:
    app = make_app(3)
    async with app.run_test(size=size.terminal) as pilot:
        await pilot.pause()
        screen = game(app)
        stocks = screen.query_one("#p1-stocks", StockRow)
        piles = screen.query_one(PileRow)
        for _ in range(2):  # first with lines built afresh, then with kept ones
            for look in LOOKS:
                for fits in ((), (True, False, True, False, True)):
                    state = StocksState(STOCKS, look, fits, size)
                    whole, tiled = whole_and_tiled(stocks, state)
                    assert tiled == whole
                for flash, last in (
                    ((None, None), (None, None)),
                    ((0, 1), (("P1 played 8♠", 0), None)),
                    ((None, 0), (None, ("P2 played J♥", 1))),
                ):
                    state = PilesState(PILES, (3, 0), flash, look, last, size)
                    whole, tiled = whole_and_tiled(piles, state)
                    assert tiled == whole
