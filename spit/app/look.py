"""How the table looks: card faces and backs, suit colours, players' colours and names.

Everything here turns engine values (cards, stocks, piles) into Rich ``Text`` lines; the
widgets in :mod:`spit.app.table` arrange them. Cards are boxes three lines high.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from rich.style import Style
from rich.text import Text

from spit import wording
from spit.engine import Card, Suit

CARD_WIDTH: Final = 7
"""Columns of one card box."""
LAYERS: Final = 4
"""Face-down cards drawn as edges behind a stock's top card (a stock never has more)."""
STOCK_WIDTH: Final = CARD_WIDTH + LAYERS
"""Columns one stock takes: the top card and the edges of the cards under it."""

PLAYER_COLOURS: Final = ("#3fa9f5", "#f5a623")
"""Each player's colour (player 1 blue, player 2 amber): names, flashes, readiness."""

_FACE: Final = Style(bgcolor="#f4f1e8")
_EDGE: Final = Style(color="#8a8a8a", bgcolor="#f4f1e8")
_FITS: Final = Style(color="#2e9e4f", bgcolor="#f4f1e8", bold=True)
"""The edge of a stock's top card that fits a pile right now (hints)."""
_BACK: Final = Style(color="#9fb3d9", bgcolor="#27407a")
_EMPTY: Final = Style(color="#5f5f5f")
_DIM: Final = Style(color="#6c6c6c")

_TWO_COLOURS: Final = {
    Suit.SPADES: "#111111",
    Suit.CLUBS: "#111111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#c8102e",
}
_FOUR_COLOURS: Final = {
    Suit.SPADES: "#111111",
    Suit.HEARTS: "#c8102e",
    Suit.DIAMONDS: "#1d5fbf",
    Suit.CLUBS: "#13803a",
}

Lines = tuple[Text, Text, Text]
"""A card-sized picture: three lines of the same width."""


@dataclass(frozen=True, slots=True)
class Boxes:
    """The characters card boxes are drawn with."""

    top_left: str
    top_right: str
    bottom_left: str
    bottom_right: str
    across: str
    down: str
    back: str
    """Fills a face-down card."""


ROUND_BOXES: Final = Boxes("╭", "╮", "╰", "╯", "─", "│", "░")
ASCII_BOXES: Final = Boxes("+", "+", "+", "+", "-", "|", "#")


@dataclass(frozen=True, slots=True)
class Look:
    """The player's choice of card faces: suit symbols or letters, two or four colours."""

    ascii: bool = False
    """Suits as S H D C and boxes of + - | for terminals without the symbols."""
    four_colour: bool = False
    """Each suit its own colour (spades black, hearts red, diamonds blue, clubs green)."""

    @property
    def tick(self) -> str:
        """The mark after "ready" (none in ASCII)."""
        return "" if self.ascii else "✓"

    @property
    def cross(self) -> str:
        """The mark before a refusal."""
        return "x" if self.ascii else "✗"

    def ready(self) -> str:
        """The word "ready" with its mark."""
        return wording.ready(self.tick)

    @property
    def boxes(self) -> Boxes:
        """The box characters for this look."""
        return ASCII_BOXES if self.ascii else ROUND_BOXES

    def label(self, card: Card) -> str:
        """The card as text: ``10♥``, or ``10H`` in ASCII."""
        return wording.card_label(card, ascii=self.ascii)

    def suit_style(self, card: Card) -> Style:
        """The ink for a card's rank and suit."""
        colours = _FOUR_COLOURS if self.four_colour else _TWO_COLOURS
        return Style(color=colours[card.suit], bold=True)

    def card_text(self, card: Card) -> Text:
        """The card's label in its ink, for sentences (no box)."""
        return ink(self.label(card), style=self.suit_style(card))

    # -- boxes ------------------------------------------------------------------------

    def face(
        self, card: Card, *, edge: Style | None = None, note: str = "", top_note: str = ""
    ) -> Lines:
        """A face-up card; ``note`` is written into the bottom edge (e.g. ``+3``), ``top_note``
        into the top edge."""
        b = self.boxes
        edge = edge or _EDGE
        inner = CARD_WIDTH - 2
        middle = ink(b.down, style=edge)
        middle.append(self.label(card).center(inner), style=_FACE + self.suit_style(card))
        middle.append(b.down, style=edge)
        return (
            ink(b.top_left + _edge_note(top_note, inner, b.across) + b.top_right, style=edge),
            middle,
            ink(b.bottom_left + _edge_note(note, inner, b.across) + b.bottom_right, style=edge),
        )

    def back(self, note: str = "") -> Lines:
        """A face-down card (a player's spit cards), ``note`` in its middle."""
        b = self.boxes
        inner = CARD_WIDTH - 2
        middle = note.center(inner, b.back) if note else b.back * inner
        return (
            ink(b.top_left + b.across * inner + b.top_right, style=_BACK),
            ink(b.down + middle + b.down, style=_BACK),
            ink(b.bottom_left + b.across * inner + b.bottom_right, style=_BACK),
        )

    def empty(self, note: str = "") -> Lines:
        """An empty place on the table, drawn as a faint outline with ``note`` inside."""
        b = self.boxes
        inner = CARD_WIDTH - 2
        dashes = (b.across + " ") * inner
        return (
            ink(b.top_left + dashes[:inner] + b.top_right, style=_EMPTY),
            ink(" " + note[:inner].center(inner) + " ", style=_EMPTY),
            ink(b.bottom_left + dashes[:inner] + b.bottom_right, style=_EMPTY),
        )

    @property
    def fits_mark(self) -> str:
        """The mark in the top edge of a card that fits a pile right now (hints on)."""
        return "*" if self.ascii else "✦"

    def stock(self, top: Card | None, face_down: int, *, fits: bool = False) -> Lines:
        """A stock: its face-up top card with one edge per face-down card behind it.

        The edges show the count at a glance; the number in the bottom edge says it exactly.
        ``fits`` (hints on) marks a top card that can be played right now: its edge lit and
        a mark in its top edge, so colour is not the only sign.
        """
        if top is None:
            lines = self.empty()
        else:
            lines = self.face(
                top,
                note=f"+{face_down}" if face_down else "",
                edge=_FITS if fits else None,
                top_note=self.fits_mark if fits else "",
            )
        b = self.boxes
        shown = min(face_down, LAYERS)
        behind = (b.top_right * shown, b.down * shown, b.bottom_right * shown)
        out: list[Text] = []
        for line, extra in zip(lines, behind, strict=True):
            line = line.copy()
            line.append(extra, style=_EDGE)
            line.append(" " * (LAYERS - shown))
            out.append(line)
        return out[0], out[1], out[2]


PLAIN: Final = Look()
"""The default look: suit symbols, two colours."""


def ink(text: str, style: Style | str = "") -> Text:
    """``text`` in ``style`` as a span: text appended to it later keeps its own style."""
    out = Text()
    out.append(text, style=style)
    return out


def _edge_note(note: str, width: int, across: str) -> str:
    """An edge of ``width`` with ``note`` set in its middle."""
    if not note:
        return across * width
    return f" {note} ".center(width, across)[:width]


def player_style(player: int, *, bold: bool = True) -> Style:
    """A player's colour as a text style."""
    return Style(color=PLAYER_COLOURS[player], bold=bold)


DIM: Final = _DIM
"""Style for secondary text."""
