"""How the table looks: card faces and backs at three sizes, suit and players' colours, as
Rich ``Text`` lines for the table's parts to arrange."""

from __future__ import annotations

from typing import Final, NamedTuple

from rich.cells import cell_len
from rich.style import Style
from rich.text import Text

from spit import words
from spit.engine import Card, Suit

LAYERS: Final = 4
"""Face-down cards drawn as edges behind a stock's top card (a stock never has more)."""


class CardSize(NamedTuple):
    """One size the table draws cards at, and the room it needs around them: a box with the
    rank and suit in two corners (the small size's one line), the suit in the middle."""

    name: str
    width: int
    """Columns of one card box."""
    height: int
    """Lines of one card box."""
    terminal: tuple[int, int]
    """The smallest terminal (columns, lines) the table fits with cards of this size."""
    gap: int
    """Columns between two stocks."""
    column: int
    """Columns of a spit pile or spit cards with its caption."""
    pile_space: int
    """Columns between the two spit piles."""
    big_rank: bool = False
    """The rank in tall letters in the card's middle."""
    layers: int = LAYERS
    """Edges of face-down cards drawn at most behind a stock's top card."""
    margin: int = 13
    """Columns left of a player's stocks, where the key legend's caption stands (none: no
    caption)."""

    @property
    def stock_width(self) -> int:
        """Columns one stock takes: the top card and the edges of the cards under it."""
        return self.width + self.layers


SMALL: Final = CardSize("small", 7, 3, (80, 24), gap=2, column=15, pile_space=10)
MEDIUM: Final = CardSize("medium", 9, 5, (100, 32), gap=3, column=17, pile_space=12)
LARGE: Final = CardSize("large", 13, 9, (140, 42), gap=4, column=21, pile_space=16, big_rank=True)
COMPACT: Final = CardSize(
    "compact", 7, 3, (44, 30), gap=1, column=10, pile_space=2, layers=1, margin=0
)
"""For a window narrower than the small table's but taller (a phone held upright): one edge
behind each stock, no legend caption, the piles close together."""
CARD_SIZES: Final = (COMPACT, SMALL, MEDIUM, LARGE)
"""The sizes, smallest first; each is drawn from its ``terminal`` up to the next one's."""


def card_size_for(columns: int, lines: int) -> CardSize:
    """The largest card size a terminal of ``columns`` by ``lines`` has room for (the small
    one where none fits: the app then covers the table with its too-small notice)."""
    fitting = [s for s in CARD_SIZES if columns >= s.terminal[0] and lines >= s.terminal[1]]
    return fitting[-1] if fitting else SMALL


STOCK_WIDTH: Final = SMALL.stock_width


class Inks(NamedTuple):
    """The colours of text that stands on a background of its own (the felt, a dialog): the
    dim one (captions, key labels) and each player's (player 1 blue, player 2 amber)."""

    dim: Style
    players: tuple[str, str]

    def player(self, player: int, *, bold: bool = True) -> Style:
        """A player's colour as a text style."""
        return Style(color=self.players[player], bold=bold)


# Each at WCAG AA contrast (4.5:1) on what it stands on (tests/app/test_contrast.py), in
# millions of colours and in 256 (a colour of the 256 is sent as it is, the others as the
# nearest: the felt as the brighter colour 22).
ON_DARK: Final = Inks(Style(color="#c8c8c8"), ("#87d7ff", "#ffd75f"))
"""Inks for the felt and a dark theme's dialogs."""
ON_LIGHT: Final = Inks(Style(color="#585858"), ("#005f87", "#704000"))
"""Inks for a light theme's dialogs."""

PLAYER_COLOURS: Final = ON_DARK.players
"""Each player's colour on the felt: names, flashes, readiness."""
DIM: Final = ON_DARK.dim
"""Text that says less on the felt: captions, key labels, counts."""

CARD_FACE: Final = "#f4f1e8"
"""A face-up card's colour, under its rank and suit."""
_FACE: Final = Style(bgcolor=CARD_FACE)
_EDGE: Final = Style(color="#6b6b6b", bgcolor=CARD_FACE)
_FITS: Final = Style(color="#005f00", bgcolor=CARD_FACE, bold=True)
"""The edge of a stock's top card that fits a pile right now (hints)."""
_BACK: Final = Style(color="#d7d7ff", bgcolor="#27407a")
_EMPTY: Final = Style(color="#5f5f5f")
"""An empty place's faint outline (its note is :data:`DIM`, to be read)."""

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
    Suit.CLUBS: "#005f00",
}

Lines = tuple[Text, ...]
"""A card-sized picture: as many lines as the card is high, all of the same width."""

# Tall ranks for the large cards: three lines each, drawn with box lines (and, for
# ``--ascii``, the same strokes in ASCII). A rank with a letter not here (a translation's)
# is drawn in the corners only.
_BIG: Final = {
    "0": ("╭─╮", "│ │", "╰─╯"),
    "1": ("╶┐", " │", "╶┴"),
    "2": ("╶─╮", "╭─╯", "╰─╴"),
    "3": ("╶─╮", " ─┤", "╶─╯"),
    "4": ("╷ ╷", "╰─┤", "  ╵"),
    "5": ("┌─╴", "└─╮", "╶─╯"),
    "6": ("╭─╴", "├─╮", "╰─╯"),
    "7": ("╶─┐", "  │", "  ╵"),
    "8": ("╭─╮", "├─┤", "╰─╯"),
    "9": ("╭─╮", "╰─┤", "╶─╯"),
    "A": ("╭─╮", "├─┤", "╵ ╵"),
    "B": ("┌─╮", "├─┤", "└─╯"),
    "D": ("┌─╮", "│ │", "└─╯"),
    "J": ("╶─┐", "  │", "╰─╯"),
    "K": ("╷ ╱", "├╱ ", "╵ ╲"),
    "Q": ("╭─╮", "│ │", "╰─╲"),
}
# The same strokes in ASCII: corners opening down ".", up "'", lines across, down, slanted.
_BIG_ASCII: Final = str.maketrans("╭╮┌┐╷╰╯└┘╵─╴╶┴│├┤╱╲", ".....'''''----|||/\\")


def big_rank(rank: str, *, ascii: bool = False) -> tuple[str, str, str] | None:
    """``rank`` (its label: ``10``, ``Q``) in three lines of tall letters; None if a letter
    of it has no tall form."""
    glyphs = [_BIG.get(letter) for letter in rank]
    if not glyphs or any(g is None for g in glyphs):
        return None
    lines = tuple(" ".join(g[row] for g in glyphs if g) for row in range(3))
    if ascii:
        lines = tuple(line.translate(_BIG_ASCII) for line in lines)
    return lines[0], lines[1], lines[2]


class Boxes(NamedTuple):
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


class Look(NamedTuple):
    """The player's choice of card faces: suit symbols or letters, two or four colours."""

    ascii: bool = False
    """Suits as S H D C and boxes of + - | for terminals without the symbols."""
    four_colour: bool = False
    """Each suit its own colour (spades black, hearts red, diamonds blue, clubs green)."""

    @property
    def cross(self) -> str:
        """The mark before a refusal."""
        return "x" if self.ascii else "✗"

    def ready(self, *, bot: bool = False) -> str:
        """The word "ready" with its mark, said of a player or of the bot."""
        return words.labels.ready("" if self.ascii else "✓", bot=bot)

    @property
    def boxes(self) -> Boxes:
        return ASCII_BOXES if self.ascii else ROUND_BOXES

    def label(self, card: Card) -> str:
        """The card as text: ``10♥``, or ``10H`` in ASCII."""
        return words.labels.card_label(card, ascii=self.ascii)

    def suit_style(self, card: Card) -> Style:
        """The ink for a card's rank and suit."""
        colours = _FOUR_COLOURS if self.four_colour else _TWO_COLOURS
        return Style(color=colours[card.suit], bold=True)

    def card_style(self, card: Card) -> Style:
        """A card named in a line of text: its ink on the card's face, to read on any
        background (black on a dark dialog would not)."""
        return _FACE + self.suit_style(card)

    # -- boxes ------------------------------------------------------------------------

    def face(
        self,
        card: Card,
        *,
        edge: Style | None = None,
        note: str = "",
        top_note: str = "",
        size: CardSize = SMALL,
    ) -> Lines:
        """A face-up card; ``note`` is written into the bottom edge (e.g. ``+3``), ``top_note``
        into the top edge."""
        b = self.boxes
        edge = edge or _EDGE
        inner = size.width - 2
        ink_ = _FACE + self.suit_style(card)
        lines = [ink(b.top_left + _edge_note(top_note, inner, b.across) + b.top_right, style=edge)]
        for row in self._face_rows(card, size):
            line = ink(b.down, style=edge)
            line.append(row, style=ink_)
            line.append(b.down, style=edge)
            lines.append(line)
        lines.append(
            ink(b.bottom_left + _edge_note(note, inner, b.across) + b.bottom_right, style=edge)
        )
        return tuple(lines)

    def _face_rows(self, card: Card, size: CardSize) -> list[str]:
        """The inside of a face-up card, line by line, each ``size.width - 2`` cells."""
        inner, rows = size.width - 2, size.height - 2
        label = self.label(card)
        if rows == 1:
            return [_centre(label, inner)]
        pip = card.suit.letter if self.ascii else card.suit.symbol
        middle: list[str] = [pip]
        if size.big_rank:
            tall = big_rank(words.labels.rank_label(card.rank), ascii=self.ascii)
            if tall is not None:
                middle = [pip, *tall, pip]
        out = [" " * inner] * rows
        out[0] = pad(label, inner)
        out[-1] = _right(label, inner)
        top = 1 + (rows - 2 - len(middle)) // 2
        for i, line in enumerate(middle):
            out[top + i] = _centre(line, inner)
        return out

    def back(self, note: str = "", *, size: CardSize = SMALL) -> Lines:
        """A face-down card (a player's spit cards), ``note`` in its middle."""
        b = self.boxes
        inner = size.width - 2
        rows = size.height - 2
        filled = ink(b.down + b.back * inner + b.down, style=_BACK)
        middle = note.center(inner, b.back) if note else b.back * inner
        lines = [ink(b.top_left + b.across * inner + b.top_right, style=_BACK)]
        lines += [filled] * rows
        lines[1 + rows // 2] = ink(b.down + middle + b.down, style=_BACK)
        lines.append(ink(b.bottom_left + b.across * inner + b.bottom_right, style=_BACK))
        return tuple(lines)

    def empty(self, note: str = "", *, size: CardSize = SMALL) -> Lines:
        """An empty place on the table, drawn as a faint outline with ``note`` inside."""
        b = self.boxes
        inner = size.width - 2
        rows = size.height - 2
        dashes = (b.across + " ") * inner
        lines = [ink(b.top_left + dashes[:inner] + b.top_right, style=_EMPTY)]
        for row in range(rows):
            # Dashed, as the edges across are, and open beside the note.
            side = b.down if (row - rows // 2) % 2 else " "
            line = ink(side, style=_EMPTY)
            if row == rows // 2:
                line.append(_centre(note[:inner], inner), style=DIM)
            else:
                line.append(" " * inner)
            line.append(side, style=_EMPTY)
            lines.append(line)
        lines.append(ink(b.bottom_left + dashes[:inner] + b.bottom_right, style=_EMPTY))
        return tuple(lines)

    @property
    def fits_mark(self) -> str:
        """The mark in the top edge of a card that fits a pile right now (hints on)."""
        return "*" if self.ascii else "✦"

    def stock(
        self, top: Card | None, face_down: int, *, fits: bool = False, size: CardSize = SMALL
    ) -> Lines:
        """A stock: its face-up top card with one edge per face-down card behind it (at most
        the size's ``layers``), the count in the bottom edge. ``fits`` (hints on) lights the
        edge and marks the top edge, so colour is not the only sign."""
        if top is None:
            lines = self.empty(size=size)
        else:
            lines = self.face(
                top,
                note=f"+{face_down}" if face_down else "",
                edge=_FITS if fits else None,
                top_note=self.fits_mark if fits else "",
                size=size,
            )
        b = self.boxes
        shown = min(face_down, size.layers)
        edges = [b.top_right, *[b.down] * (len(lines) - 2), b.bottom_right]
        out: list[Text] = []
        for line, edge in zip(lines, edges, strict=True):
            line = line.copy()
            line.append(edge * shown, style=_EDGE)
            out.append(line)
        return tuple(out)


PLAIN: Final = Look()
"""The default look: suit symbols, two colours."""


def ink(text: str, style: Style | str = "") -> Text:
    """``text`` in ``style`` as a span: text appended to it later keeps its own style."""
    out = Text()
    out.append(text, style=style)
    return out


def pad(text: str, width: int) -> str:
    """``text`` and spaces after it to ``width`` cells (a letter may be wide)."""
    return text + " " * max(0, width - cell_len(text))


def _right(text: str, width: int) -> str:
    return " " * max(0, width - cell_len(text)) + text


def _centre(text: str, width: int) -> str:
    """``text`` centred in ``width`` cells as ``str.center`` does it, counting cells (a
    letter may be wide)."""
    return text.center(width - (cell_len(text) - len(text)))


def _edge_note(note: str, width: int, across: str) -> str:
    """An edge of ``width`` with ``note`` set in its middle."""
    if not note:
        return across * width
    return f" {note} ".center(width, across)[:width]


def player_style(player: int, *, bold: bool = True) -> Style:
    """A player's colour as a text style, on the felt."""
    return ON_DARK.player(player, bold=bold)
