"""Stocks and piles are drawn from kept card pictures, and look exactly as if drawn whole.

The stock row and the pile row render each card picture once and afterwards join the kept
strips (:class:`spit.app.mosaic.Mosaic`). Whatever the table, the joined strips must be the
very segments Textual makes of the whole picture as one text: same characters and styles,
so the screen (and every snapshot) cannot tell the difference. Only the place Textual marks
each segment with for text selection (``offset`` meta) is left out: the rows of cards are not
selectable.
"""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.content import Content
from textual.visual import Visual

from spit.app.card_rows import PileRow, PilesState, StockRow, StocksState
from spit.app.look import Look
from spit.app.mosaic import Mosaic
from spit.engine import Card, PileView, StockView
from spit.i18n import set_language

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


def unplaced(segment: Segment) -> Segment:
    """``segment`` without the place Textual's text selection reads (nothing else of its
    meta is dropped: a card's meta or link would still tell)."""
    text, style, _ = segment
    if style is None or "offset" not in style.meta:
        return segment
    meta = {name: value for name, value in style.meta.items() if name != "offset"}
    bare = style.clear_meta_and_links()
    if style.link:
        bare = bare.update_link(style.link)
    return Segment(text, bare + Style.from_meta(meta) if meta else bare)


def whole_and_tiled(widget: StockRow | PileRow, state: object) -> tuple[list, list]:
    """The widget's strips for ``state`` from its mosaic, and from the same picture whole
    (without the places)."""
    mosaic = widget.draw(state)
    assert isinstance(mosaic, Mosaic)
    width, height = widget.size
    style = widget.visual_style
    whole = Visual.to_strips(widget, Content.from_rich_text(mosaic.text()), width, height, style)
    tiled = Visual.to_strips(widget, mosaic, width, height, style)
    tiled_segments = [list(strip) for strip in tiled]
    for line in tiled_segments:  # no place anywhere: equal styles are one and the same
        assert all(s.style is None or not s.style.meta for s in line), line
    return [[unplaced(s) for s in strip] for strip in whole], tiled_segments


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


async def test_a_drag_across_the_table_selects_its_words_but_not_its_cards() -> None:
    """The rows of cards are pictures, not text: a drag over the table selects the players'
    lines and the legends, never a row of cards (which would copy nothing and only be
    drawn over)."""
    app = make_app(3)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        screen = game(app)
        info = screen.query_one("#p2-info")
        stocks = screen.query_one("#p2-stocks", StockRow)
        assert not stocks.allow_select and not screen.query_one(PileRow).allow_select
        await pilot.mouse_down(info, offset=(0, 0))
        await pilot.hover(screen.query_one("#p1-info"), offset=(5, 0))
        await pilot.mouse_up(screen.query_one("#p1-info"), offset=(5, 0))
        await pilot.pause()
        selected = set(screen.selections)
        assert info in selected and screen.query_one("#p1-message") in selected
        assert not selected & {*screen.query(StockRow), *screen.query(PileRow)}
        text = screen.get_selected_text()
        assert text is not None and str(info.render()).strip() in text
        screen.clear_selection()
        await pilot.mouse_down(stocks, offset=(15, 1))  # on a card: no selection starts
        await pilot.hover(stocks, offset=(40, 1))
        await pilot.mouse_up(stocks, offset=(40, 1))
        await pilot.pause()
        assert not screen.selections


async def test_a_card_drawn_in_one_language_is_drawn_anew_in_another() -> None:
    """The kept pictures are the language's: a queen drawn as D♠ in German is Q♠ in English,
    whichever was drawn first in the process (a player who changes the language in the
    menu, or a test run that draws German before English)."""
    app = make_app(3)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        stocks = game(app).query_one("#p1-stocks", StockRow)
        row = (StockView(Card.parse("QS"), 0),) * 5
        drawn = {}
        try:
            for code in ("de", "en"):
                set_language(code)
                whole, tiled = whole_and_tiled(stocks, StocksState(row, Look()))
                assert tiled == whole
                drawn[code] = "".join(segment.text for line in tiled for segment in line)
        finally:
            set_language("en")
        assert "D♠" in drawn["de"] and "Q♠" in drawn["en"] and "D♠" not in drawn["en"]
