"""The rows of cards: a player's stocks and the spit piles, drawn as mosaics of cards."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import partial
from typing import NamedTuple

from rich.cells import cell_len
from rich.style import Style

from spit import words
from spit.app.look import DIM, PLAYER_COLOURS, SMALL, CardSize, Lines, Look, ink
from spit.app.mosaic import Mosaic, Tile
from spit.app.parts import Part
from spit.engine import PileView, StockView


def _line(text: str, style: Style | str) -> Lines:
    """A caption's picture: ``text`` in ``style``."""
    return (ink(text, style=style),)


def tile_at(row: StockRow | PileRow, x: int) -> int | None:
    """Which card of a row of cards column ``x`` of the widget falls on (counted from the
    left, blank runs between them not counted); None on blank or with nothing drawn. The
    pictures are centred in the widget, as the CSS's ``content-align`` puts them."""
    picture = row.render()
    if not isinstance(picture, Mosaic):
        return None
    items = picture.bands[0][1]
    widths = [item if isinstance(item, int) else item.width for item in items]
    x -= (row.size.width - sum(widths)) // 2
    index = 0
    for item, width in zip(items, widths, strict=True):
        if 0 <= x < width:
            return None if isinstance(item, int) else index
        x -= width
        index += not isinstance(item, int)
    return None


# -- a player's stocks -----------------------------------------------------------------


class StocksState(NamedTuple):
    stocks: tuple[StockView, ...]
    look: Look
    fits: tuple[bool, ...] = ()
    """Per stock, whether its top card can be played right now (hints on; the engine's
    legal actions say so). Empty: no hints."""
    size: CardSize = SMALL


class StockRow(Part[StocksState]):
    """One player's five stocks, stock 1 on the left: top cards up, edges for the rest."""

    ALLOW_SELECT = False  # pictures of cards, not text (see Mosaic)

    DEFAULT_CSS = """
    StockRow {
        height: 3;
        content-align: center middle;
    }
    """

    def draw(self, state: StocksState) -> Mosaic:
        look, size = state.look, state.size
        band: list[Tile | int] = [size.margin]
        for i, stock in enumerate(state.stocks):
            top, face_down = stock.top, stock.face_down
            fits = bool(state.fits) and state.fits[i]
            edges = min(face_down, size.layers)
            width = size.width + edges  # the rest of the stock's width is blank
            if i:
                assert isinstance(band[-1], int)  # the blank run after the stock before
                band[-1] += size.gap
            band.append(
                Tile(
                    ("stock", look, size, top, face_down, fits),
                    width,
                    partial(look.stock, top, face_down, fits=fits, size=size),
                )
            )
            band.append(size.layers - edges)
        return Mosaic([(size.height, [item for item in band if item != 0])])


# -- the middle ------------------------------------------------------------------------


class PilesState(NamedTuple):
    piles: tuple[PileView, PileView]
    spit_cards: tuple[int, int]
    flash: tuple[int | None, int | None]
    """Per pile, the player whose colour it flashes in (None: not flashing)."""
    look: Look
    last: tuple[tuple[str, int] | None, tuple[str, int] | None] = (None, None)
    """Per pile, the last play on it while it is still shown: its words and who played it."""
    size: CardSize = SMALL


class PileRow(Part[PilesState]):
    """The two spit piles with their sizes, each flanked by its owner's spit cards."""

    ALLOW_SELECT = False  # pictures of cards, not text (see Mosaic)

    DEFAULT_CSS = """
    PileRow {
        height: 5;
        content-align: center middle;
    }
    """

    def draw(self, state: PilesState) -> Mosaic:
        look, size = state.look, state.size
        cells = [
            self._spit_cards(look, size, state.spit_cards[0]),
            self._pile(look, size, state.piles[0], state.flash[0]),
            self._pile(look, size, state.piles[1], state.flash[1]),
            self._spit_cards(look, size, state.spit_cards[1]),
        ]
        width, space = size.column, size.pile_space
        pad = width - size.width
        pictures: list[Tile | int] = [pad // 2]
        captions: list[Tile | int] = []
        for i, (picture, caption, caption_style) in enumerate(cells):
            if i:
                gap = space if i == 2 else 1
                assert isinstance(pictures[-1], int)  # the blank run after the card before
                pictures[-1] += gap + pad // 2
                captions.append(gap)
            pictures += [picture, pad - pad // 2]
            text = _fitting(caption, width)
            style = caption_style or DIM
            captions.append(Tile(("caption", text, style), width, partial(_line, text, style)))
        # Under each pile, for a moment, who played what onto it: a flash is too quick to read.
        # Each label may spread a little past its pile's column, into the gaps beside it.
        spread = max(0, space // 2 - 2)
        wide = width + 2 * spread
        moves: list[Tile | int] = [width + 1 - spread]
        for i, last in enumerate(state.last):
            if i:
                moves.append(space - 2 * spread)
            if last is None:
                moves.append(wide)
                continue
            words, who = last
            text = _fitting(words, wide)
            style = Style(color=PLAYER_COLOURS[who], bold=True)
            moves.append(Tile(("move", text, who), wide, partial(_line, text, style)))
        moves.append(1 + width - spread)
        joined: list[Tile | int] = []
        for item in moves:  # neighbouring blank runs are one run, as in the text
            if isinstance(item, int) and joined and isinstance(joined[-1], int):
                joined[-1] += item
            else:
                joined.append(item)
        return Mosaic([(size.height, pictures), (1, captions), (1, joined)])

    @staticmethod
    def _spit_cards(look: Look, size: CardSize, count: int) -> tuple[Tile, str, Style | None]:
        if count == 0:
            empty = _card(("empty", look, size, ""), size, lambda: look.empty(size=size))
            return empty, words.table.table_label("no spit cards"), None
        caption = words.table.spit_cards(count)
        back = _card(("back", look, size, count), size, lambda: look.back(str(count), size=size))
        return back, caption, None

    @staticmethod
    def _pile(
        look: Look, size: CardSize, pile: PileView, flash: int | None
    ) -> tuple[Tile, str, Style | None]:
        if not pile.in_play:
            empty = _card(("empty", look, size, ""), size, lambda: look.empty(size=size))
            return empty, words.table.table_label("not in play"), None
        cards = words.table.cards(pile.size)
        top = pile.top
        if top is None:
            note = words.table.table_label("spit")
            empty = _card(("empty", look, size, note), size, lambda: look.empty(note, size=size))
            return empty, cards, None
        if flash is None:
            face = _card(("face", look, size, top), size, lambda: look.face(top, size=size))
            return face, cards, Style(bold=True)
        colour = PLAYER_COLOURS[flash]
        edge = Style(color=colour, bgcolor=colour, bold=True)
        picture = _card(
            ("face", look, size, top, edge), size, lambda: look.face(top, edge=edge, size=size)
        )
        return picture, cards, Style(color=colour, bold=True)


def _fitting(text: str, width: int) -> str:
    """``text`` centred in ``width`` columns; blank if it does not fit (on the compact table
    a word cut in two would say less than none)."""
    cells = cell_len(text)
    return text.center(width - (cells - len(text))) if cells <= width else " " * width


def _card(key: Hashable, size: CardSize, draw: Callable[[], Lines]) -> Tile:
    """A card-sized picture."""
    return Tile(key, size.width, draw)
