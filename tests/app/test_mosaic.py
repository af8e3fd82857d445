"""Stocks and piles are drawn from kept card pictures, and look exactly as if drawn whole.

The stock row and the pile row render each card picture once and afterwards join the kept
strips (:class:`spit.app.table.Mosaic`). Whatever the table, the joined strips must be the
very segments Textual makes of the whole picture as one text: same characters, styles and
offsets, so the screen (and every snapshot) cannot tell the difference.
"""

from __future__ import annotations

from textual.content import Content
from textual.visual import Visual

from spit.app.look import Look
from spit.app.table import Mosaic, PileRow, PilesState, StockRow, StocksState
from spit.engine import Card, PileView, StockView

from .factory import game, make_app

STOCKS = [
    (StockView(Card.parse("KH"), 0), StockView(None, 0), StockView(Card.parse("2C"), 1)),
    (StockView(Card.parse("10D"), 4), StockView(Card.parse("AS"), 9), StockView(None, 0)),
    (StockView(None, 0),) * 3,
]
TWO_PILES = (PileView(Card.parse("7S"), 12, True), PileView(Card.parse("QH"), 1, True))
PILES = [
    ((PileView(None, 0, False), PileView(None, 0, True)), (0, 11), (None, None)),
    (TWO_PILES, (3, 0), (0, 1)),
    (TWO_PILES, (3, 0), (None, 0)),
]
LOOKS = [Look(), Look(ascii=True, four_colour=True)]


def whole_and_tiled(widget: StockRow | PileRow, state: object) -> tuple[list, list]:
    """The widget's strips for ``state`` from its mosaic, and from the same picture whole."""
    mosaic = widget.draw(state)
    assert isinstance(mosaic, Mosaic)
    width, height = widget.size
    style = widget.visual_style
    whole = Visual.to_strips(widget, Content.from_rich_text(mosaic.text()), width, height, style)
    tiled = Visual.to_strips(widget, mosaic, width, height, style)
    return [list(strip) for strip in whole], [list(strip) for strip in tiled]


async def test_stock_and_pile_rows_draw_the_same_segments_as_the_whole_picture() -> None:
    app = make_app(3)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        screen = game(app)
        stocks = screen.query_one("#p1-stocks", StockRow)
        piles = screen.query_one(PileRow)
        for _ in range(2):  # first with pictures rendered afresh, then with kept ones
            for look in LOOKS:
                for row in STOCKS:
                    state = StocksState((*row, StockView(Card.parse("5S"), 2), row[0]), look)
                    whole, tiled = whole_and_tiled(stocks, state)
                    assert tiled == whole
                for pile_views, spit_cards, flash in PILES:
                    whole, tiled = whole_and_tiled(
                        piles, PilesState(pile_views, spit_cards, flash, look)
                    )
                    assert tiled == whole
