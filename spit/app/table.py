"""The whole table: how much room it takes at each card size, the felt under it, and its
parts in place (:mod:`spit.app.parts`, :mod:`spit.app.card_rows`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget

from spit.app.card_rows import PileRow, StockRow
from spit.app.look import CARD_SIZES, SMALL, CardSize
from spit.app.parts import (
    Banner,
    KeyLegend,
    PlayerInfo,
    PlayerMessage,
    RoundSummary,
    TopBar,
)


def row_width(size: CardSize) -> int:
    """Columns of a player's stocks with their margin, at ``size``."""
    return size.margin + 5 * size.stock_width + 4 * size.gap


def pile_row_height(size: CardSize) -> int:
    """Lines of the spit piles with their captions and last plays, at ``size``."""
    return size.height + 2


GAP: Final = SMALL.gap
"""Columns between two stocks at the small size."""
ROW_WIDTH: Final = row_width(SMALL)
"""Columns of a player's stocks with their margin at the small size."""
MIN_WIDTH, MIN_HEIGHT = SMALL.terminal
"""The smallest terminal the table fits with its keys' legends (a narrower one needs more lines
for the compact table)."""


def has_room(columns: int, lines: int) -> bool:
    """Whether a terminal of ``columns`` by ``lines`` has room for the table at some size."""
    return any(columns >= s.terminal[0] and lines >= s.terminal[1] for s in CARD_SIZES)


MIDDLE_ROOM: Final = 11
"""Lines the middle of the table may take besides the spit piles: the banner, its note and
room around them (the table keeps together on a big terminal)."""


# -- the whole table -------------------------------------------------------------------


TABLE_CSS: Final = f"""
GameScreen {{
    layout: vertical;
    overflow: hidden hidden;
    background: $felt;
    color: $felt-ink;
}}
GameScreen #table {{
    height: 1fr;
    align: center middle;
}}
GameScreen .side {{
    height: auto;
    width: {ROW_WIDTH};
}}
GameScreen #p1-legend-right {{
    display: none;
}}
GameScreen #middle {{
    height: 1fr;
    max-height: {MIDDLE_ROOM + pile_row_height(SMALL)};
    align: center middle;
}}
GameScreen Banner {{
    margin-bottom: 1;
}}
GameScreen.-touch KeyLegend {{
    height: 0;
}}
"""
"""The table's layout, for the screens that show it: each side is as wide as its stocks and
centred, so its lines start where they start. A compact table in a browser (a phone) is
played by touch: no keys' legends (``-touch``)."""


def uniform_lines(render_lines: Callable[[Region], list[Strip]], crop: Region) -> list[Strip]:
    """The lines of a widget every line of which is the same (a box with nothing but a
    background: no content, border or padding), from the one line ``render_lines`` gives.

    Textual repaints every widget under a changed region in full, styling and filtering
    each of its lines (the screen's forty-two at 140x42) even when none changed; a box of
    the table is drawn from its first line instead.
    """
    if crop.height <= 1:
        return render_lines(crop)
    (line,) = render_lines(Region(crop.x, crop.y, crop.width, 1))
    return [line] * crop.height


class Felt(Vertical):
    """A box of the table: nothing but the felt under its widgets (see
    :func:`uniform_lines`)."""

    def render_lines(self, crop: Region) -> list[Strip]:
        return uniform_lines(super().render_lines, crop)


class CentredFelt(Center):
    """Felt that centres what it holds."""

    def render_lines(self, crop: Region) -> list[Strip]:
        return uniform_lines(super().render_lines, crop)


def table_widgets() -> ComposeResult:
    """The table's widgets, for a screen's ``compose``: player 2's side at the top, the
    piles (or the round's summary) in the middle, player 1's side at the bottom."""
    yield TopBar()
    # On a big terminal the table keeps together in the middle (the middle grows only
    # so far), so the eye need not travel from a player's stocks to the piles.
    with Felt(id="table"):
        with CentredFelt(), Felt(classes="side", id="p2-side"):
            yield PlayerInfo(id="p2-info")
            yield KeyLegend(id="p2-legend")
            yield StockRow(id="p2-stocks")
            yield PlayerMessage(id="p2-message")
        with Felt(id="middle"):
            yield Banner()
            yield PileRow()
            yield RoundSummary()
        with CentredFelt(), Felt(classes="side", id="p1-side"):
            yield PlayerMessage(id="p1-message")
            yield StockRow(id="p1-stocks")
            yield KeyLegend(id="p1-legend")
            yield KeyLegend(id="p1-legend-right")
            yield PlayerInfo(id="p1-info")


def fit_table(screen: Widget, size: CardSize) -> None:
    """Make the boxes the cards sit in fit ``size`` (a side's width, a row's height); the
    widgets draw every picture from the size their state carries."""
    for side in screen.query(".side"):
        side.styles.width = row_width(size)
    for row in screen.query(StockRow):
        row.styles.height = size.height
    piles = pile_row_height(size)
    screen.query_one(PileRow).styles.height = piles
    # The middle grows only so far: room for the banner, its note and the piles.
    screen.query_one("#middle").styles.max_height = MIDDLE_ROOM + piles
