"""Pictures made of tiles whose rendered segments are kept: each card is rendered once."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from functools import partial
from typing import Final, NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.content import Content
from textual.css.styles import RulesMap
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual

from spit.app.look import ink
from spit.i18n import language


class Tile(NamedTuple):
    """A picture in a :class:`Mosaic`, rendered only the first time its key is seen."""

    key: Hashable
    """Everything the picture shows: equal keys, equal pictures."""
    width: int
    """Its width in cells."""
    draw: Callable[[], Sequence[Text]]
    """Its lines, each ``width`` cells and styled from the first cell to the last."""


Band = tuple[int, Sequence[Tile | int]]
"""Lines side by side: their height, and the tiles and runs of blank cells across them."""

_KEPT: Final = 96
"""Tiles kept, the least recently used dropped first: what is on the table (some fifty
pictures, captions and blank runs) and what was lately. A tile dropped and needed again is
made from kept lines (below), not rendered afresh."""
_tiles: dict[tuple[Hashable, VisualStyle, str], list[list[Segment]]] = {}

_LINES_KEPT: Final = 384
"""Rendered lines kept, the least recently used dropped first. A card's picture is mostly
lines other cards share (the edges, the blank rows of a suit's colour, a rank's tall
letters), so a card not seen before costs the rendering of only its few lines of its own,
at every size: a large card has nine lines, but hardly more new ones than a small card."""
_lines: dict[tuple[Hashable, ...], list[Segment]] = {}


class Mosaic(Visual):
    """A picture made of tiles whose rendered segments are kept: each card is rendered once.

    Textual turns Rich text into strips span by span on every repaint, and a row of cards
    has dozens of spans: milliseconds per play. A repaint here only lays each line's kept
    segments side by side. They are those of the whole text but for the ``offset`` meta of
    text selection, which the rows of cards turn off (``ALLOW_SELECT``), so a style is the
    same wherever it stands and the style caches downstream find it.
    """

    def __init__(self, bands: Sequence[Band]) -> None:
        self.bands = bands
        """The bands, top to bottom."""

    def text(self) -> Text:
        lines: list[Text] = []
        for height, items in self.bands:
            rows = [Text() for _ in range(height)]
            for item in items:
                if isinstance(item, int):
                    for row in rows:
                        row.append(" " * item)
                else:
                    for row, line in zip(rows, item.draw(), strict=True):
                        row.append_text(line)
            lines += rows
        return Text("\n").join(lines)

    def render_strips(
        self, width: int, height: int | None, style: VisualStyle, options: RenderOptions
    ) -> list[Strip]:
        if options.selection is not None:  # selected all round (a triple click beside it)
            return Content.from_rich_text(self.text()).render_strips(width, height, style, options)
        lines: list[Strip] = []
        for band_height, items in self.bands:
            rows: list[list[Segment]] = [[] for _ in range(band_height)]
            x = 0
            for item in items:
                if isinstance(item, int):
                    if not item:
                        continue
                    blank = Tile(
                        ("blank", item, band_height),
                        item,
                        partial(_blank, item, band_height),
                    )
                    tile, cells = _tile(blank, style, options), item
                else:
                    tile, cells = _tile(item, style, options), item.width
                for row, segments in zip(rows, tile, strict=True):
                    row += segments
                x += cells
            lines += [Strip(row, x) for row in rows]
        return lines if height is None else lines[:height]

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        return max(
            sum(item if isinstance(item, int) else item.width for item in items)
            for _, items in self.bands
        )

    def get_height(self, rules: RulesMap, width: int) -> int:
        return sum(height for height, _ in self.bands)


def _blank(width: int, height: int) -> list[Text]:
    return [Text(" " * width)] * height


def _tile(tile: Tile, style: VisualStyle, options: RenderOptions) -> list[list[Segment]]:
    """The segments of each line of ``tile``; kept."""
    key = (tile.key, style, language())  # a card's corner is the language's: D♠ in German
    lines = _tiles.pop(key, None)
    if lines is None:
        if len(_tiles) >= _KEPT:
            del _tiles[next(iter(_tiles))]
        lines = [_line(text, tile.width, style, options) for text in tile.draw()]
    _tiles[key] = lines  # now the most recently used
    return lines


def _line(text: Text, width: int, style: VisualStyle, options: RenderOptions) -> list[Segment]:
    """One line of a tile, segment for segment as Textual renders it within the whole text."""
    key = (text.plain, tuple(text.spans), text.style, width, style)
    segments = _lines.pop(key, None)
    if segments is None:
        if len(_lines) >= _LINES_KEPT:
            del _lines[next(iter(_lines))]
        strip = _segments(text, style, options)
        if strip is None:  # a line made otherwise than of runs side by side
            strip = Content.from_rich_text(text).render_strips(width, None, style, options)[0]
        segments = list(strip)
    _lines[key] = segments  # now the most recently used
    return segments


def _segments(text: Text, style: VisualStyle, options: RenderOptions) -> Strip | None:
    """``text`` as Textual renders it, from the kept style of each run: one segment per
    span and per gap between spans, each in the style Textual gives that run on its own.
    None for a text whose spans overlap or whose styles are named (parsed by the app)."""
    if text.style:
        return None
    plain = text.plain
    segments: list[Segment] = []
    at = 0
    for start, end, span_style in text.spans:
        if start < at or not isinstance(span_style, Style):
            return None
        if start > at:
            segments.append(Segment(plain[at:start], _run_style(None, style, options)))
        if end > start:
            segments.append(Segment(plain[start:end], _run_style(span_style, style, options)))
            at = end
    if at < len(plain):
        segments.append(Segment(plain[at:], _run_style(None, style, options)))
    return Strip(segments, cell_len(plain))


_run_styles: dict[tuple[Style | None, VisualStyle], Style | None] = {}


def _run_style(span: Style | None, style: VisualStyle, options: RenderOptions) -> Style | None:
    """The Rich style Textual gives a run of text in ``span`` (None: unstyled) on ``style``:
    asked of Textual once, by rendering one cell of it, less the place Textual marks it with
    for text selection (the rows of cards are not selectable)."""
    key = (span, style)
    if key not in _run_styles:
        if len(_run_styles) >= _LINES_KEPT:
            _run_styles.clear()
        cell = Text("x") if span is None else ink("x", style=span)
        (strip,) = Content.from_rich_text(cell).render_strips(1, None, style, options)
        (segment,) = list(strip)
        _run_styles[key] = segment.style and _unplaced(segment.style)
    return _run_styles[key]


def _unplaced(style: Style) -> Style:
    """``style`` without the ``offset`` meta Textual gives a segment for text selection."""
    bare = style.clear_meta_and_links()
    if style.link:
        bare = bare.update_link(style.link)
    meta = {name: value for name, value in style.meta.items() if name != "offset"}
    return bare + Style.from_meta(meta) if meta else bare
