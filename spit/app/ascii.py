"""ASCII output for terminals without the symbols: every character the screen shows, plain.

The cards draw themselves in ASCII (:class:`~spit.app.look.Look`); this line filter (as
``NO_COLOR`` uses) covers the rest, Textual's borders and marks and the ``·`` in sentences,
each character by one of the same width so no layout moves. Letters stay: a key's name must.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from rich.segment import Segment
from textual.color import Color
from textual.filter import LineFilter

_SYMBOLS: Final = {
    symbol: stand_in
    for symbols, stand_ins in (
        ("·•—–…×≤≥", "-*--.x<>"),
        ("◀▶←→↑↓", "<><>^v"),
        ("✓✗●○", "+x*o"),
        ("♠♥♦♣", "SHDC"),
        ("‘’“”«»„", '\'\'"""""'),
        # Block elements: the radio marks' sides, buttons' edges, scroll bars and toasts.
        ("▐▌▁▔░▒▓█", "[]_-####"),
    )
    for symbol, stand_in in zip(symbols, stand_ins, strict=True)
}
"""The symbols spit and Textual draw, each with its ASCII stand-in of the same width."""


def _plain(character: str) -> str:
    """The ASCII stand-in for one character, as wide as it is."""
    if character.isascii():
        return character
    if character in _SYMBOLS:
        return _SYMBOLS[character]
    name = unicodedata.name(character, "")
    if name.startswith("BOX DRAWINGS"):
        across, down = "HORIZONTAL" in name, "VERTICAL" in name
        if "DIAGONAL" in name:
            return "X" if "CROSS" in name else "/"
        if across and not down:
            return "-"
        if down and not across:
            return "|"
        return "+"  # corners, arcs and junctions
    if "BLOCK" in name or "SHADE" in name:
        return "#"
    if unicodedata.category(character).startswith("L"):
        # Letters stay: a key may be one (ö on a German keyboard), and its hint must name
        # exactly that key; so do the words of a translation the player chose.
        return character
    return "??" if unicodedata.east_asian_width(character) in "WF" else "?"


class _Table(dict[int, str]):
    """A ``str.translate`` table that works out each character once, when first met."""

    def __missing__(self, code: int) -> str:
        plain = _plain(chr(code))
        self[code] = plain
        return plain


_TABLE: Final = _Table()


def plain(text: str) -> str:
    """``text`` with every symbol replaced by its ASCII stand-in."""
    return text if text.isascii() else text.translate(_TABLE)


class AsciiFilter(LineFilter):
    """A line filter that turns every rendered character into ASCII of the same width."""

    def apply(self, segments: list[Segment], background: Color) -> list[Segment]:
        out = segments
        for index, segment in enumerate(segments):
            text = segment.text
            if text.isascii():
                continue
            if out is segments:
                out = list(segments)
            out[index] = Segment(plain(text), segment.style, segment.control)
        return out
