"""The widgets of the table: stocks, spit piles, each player's line and legend, the banner.

Each widget draws one small immutable *state* computed by the game screen from the engine's
:class:`~spit.engine.PlayerView`. Setting an equal state does nothing, so after an action
only the widgets whose part of the table changed are repainted, and nothing is kept that
could drift from the engine.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Final

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.segment import Segment
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Center, Vertical
from textual.content import Content
from textual.css.styles import RulesMap
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import RenderOptions, Visual
from textual.widget import Widget

from spit import words
from spit.app.look import (
    DIM,
    LAYERS,
    PLAIN,
    PLAYER_COLOURS,
    SMALL,
    CardSize,
    Lines,
    Look,
    ink,
    player_style,
)
from spit.engine import PileView, RoundEnd, RoundSettled, StockView, Variant
from spit.engine.frozen import frozen_value
from spit.words.labels import pile_name

MARGIN: Final = 13
"""Columns left of a player's stocks, where the legend's caption stands."""


def row_width(size: CardSize) -> int:
    """Columns of a player's stocks with their margin, at ``size``."""
    return MARGIN + 5 * size.stock_width + 4 * size.gap


def pile_row_height(size: CardSize) -> int:
    """Lines of the spit piles with their captions and last plays, at ``size``."""
    return size.height + 2


GAP: Final = SMALL.gap
"""Columns between two stocks at the small size."""
ROW_WIDTH: Final = row_width(SMALL)
"""Columns of a player's stocks with their margin at the small size."""
MIN_WIDTH, MIN_HEIGHT = SMALL.terminal
"""The smallest terminal the table fits."""
MIDDLE_ROOM: Final = 11
"""Lines the middle of the table may take besides the spit piles: the banner, its note and
room around them (the table keeps together on a big terminal)."""

_MESSAGE: Final = Style(color="#ff8a65", bold=True)
_KEY: Final = Style(color="#e6e6e6", bold=True)


def _join(lines: Sequence[Text]) -> Text:
    return Text("\n").join(lines)


@frozen_value
class Tile:
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
_tiles: dict[tuple[Hashable, VisualStyle], list[list[Segment]]] = {}

_LINES_KEPT: Final = 384
"""Rendered lines kept, the least recently used dropped first. A card's picture is mostly
lines other cards share (the edges, the blank rows of a suit's colour, a rank's tall
letters), so a card not seen before costs the rendering of only its few lines of its own,
at every size: a large card has nine lines, but hardly more new ones than a small card."""
_lines: dict[tuple[Hashable, ...], list[Segment]] = {}


class Mosaic(Visual):
    """A picture made of tiles whose rendered segments are kept: each card is rendered once.

    Textual turns Rich text into strips span by span on every repaint, and a row of cards
    has dozens of spans: milliseconds per play. A mosaic renders a tile the first time its
    key is seen and keeps its segments; afterwards a repaint only lays each line's kept
    segments side by side, one strip per line. The strips are segment for segment those of
    the whole text, but for the place (``offset`` meta) Textual's text selection reads: the
    rows of cards are not selectable (``ALLOW_SELECT`` is off on :class:`StockRow` and
    :class:`PileRow`), so each run of one style is one and the same style wherever it
    stands, and Rich's and Textual's style caches downstream find it. Tiles are styled from
    edge to edge, so a segment never spans two tiles, and each blank run between tiles is
    one segment, as it is in the text.
    """

    def __init__(self, bands: Sequence[Band]) -> None:
        self.bands = bands
        """The bands, top to bottom."""

    def text(self) -> Text:
        """The whole picture as one text."""
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
        return _join(lines)

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
                        lambda n=item, h=band_height: [Text(" " * n)] * h,
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


def _tile(tile: Tile, style: VisualStyle, options: RenderOptions) -> list[list[Segment]]:
    """The segments of each line of ``tile``; kept."""
    key = (tile.key, style)
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


class Part(Widget):
    """A widget drawn entirely from one immutable state."""

    DEFAULT_CSS = """
    Part {
        height: auto;
        width: 100%;
    }
    """

    state: reactive[object | None] = reactive(None, layout=False)
    """What to draw; an equal new state repaints nothing."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # The table has no links: spare every repaint the search for them.
        self.set_reactive(Part.auto_links, False)

    def render(self) -> RenderableType:
        return Text() if self.state is None else self.draw(self.state)

    def draw(self, state: object) -> RenderableType:
        """The picture of ``state``."""
        raise NotImplementedError


# -- the top line ----------------------------------------------------------------------


@frozen_value
class TopBarState:
    round_number: int
    variant: Variant
    scores: tuple[int, int]
    names: tuple[str, str]
    hints: tuple[str, ...]
    """The app's own keys, as long and as short as they can be said (the longest that fits
    is drawn)."""


class TopBar(Part):
    """Round number, the points scores in the points variant, and the app's own keys."""

    DEFAULT_CSS = """
    TopBar {
        height: 1;
        background: $panel;
    }
    """

    def draw(self, state: object) -> Text:
        assert isinstance(state, TopBarState)
        left = ink(" SPIT ", style="bold reverse")
        left.append("  ")
        left.append(words.dialogs.round_number(n=state.round_number), style="bold")
        if state.variant is Variant.POINTS:
            left.append("  ·  ")
            left.append(words.table.table_label("points"), style=DIM)
            for player in (0, 1):
                left.append("  " if player == 0 else " · ")
                left.append(f"{state.names[player]} ", style=player_style(player, bold=False))
                left.append(str(state.scores[player]), style="bold")
        room = self.size.width - left.cell_len - 1
        hints = next((h for h in state.hints if len(h) + 1 <= room), "")
        right = ink(hints + " ", style=DIM) if hints else Text()
        pad = max(1, self.size.width - left.cell_len - right.cell_len)
        return Text.assemble(left, " " * pad, right)


# -- a player's line -------------------------------------------------------------------


@frozen_value
class InfoState:
    player: int
    name: str
    cards: int
    spit_key: str
    ready: bool
    waiting: bool
    """Whether the table waits for spit presses (so "ready" means something)."""
    look: Look = PLAIN


class PlayerInfo(Part):
    """One player's line: name, cards held, spit key, readiness."""

    DEFAULT_CSS = """
    PlayerInfo {
        height: 1;
        padding: 0 1;
    }
    """

    def draw(self, state: object) -> Text:
        assert isinstance(state, InfoState)
        line = ink(state.name, style=player_style(state.player))
        line.append("  ·  ")
        line.append(words.table.cards(state.cards), style="bold")
        if state.spit_key:
            line.append("  ·  ")
            line.append(words.table.spit_key(key=state.spit_key))
        if state.waiting:
            line.append("  ·  ")
            if state.ready:
                line.append(state.look.ready(), style=player_style(state.player))
            else:
                line.append(words.table.table_label("press spit"), style="bold reverse")
        return line


@frozen_value
class MessageState:
    player: int
    text: str | None
    look: Look = PLAIN


class PlayerMessage(Part):
    """Why the table just refused a player's key, by that player's stocks, for a moment."""

    DEFAULT_CSS = """
    PlayerMessage {
        height: 1;
        content-align: center middle;
    }
    """

    def draw(self, state: object) -> Text:
        assert isinstance(state, MessageState)
        if not state.text:
            return Text()
        return ink(f"{state.look.cross} {state.text}", style=_MESSAGE)


# -- a player's keys -------------------------------------------------------------------


@frozen_value
class LegendState:
    caption: str
    stocks: tuple[tuple[str, str, str], ...]
    """Per stock: the keys for the left pile, the right pile and fill (short labels)."""
    slot: int = 1
    """Columns each key gets: the widest label on the table, so every stock's keys, both
    players', stand in the same columns whatever is remapped."""
    size: CardSize = SMALL


def legend_slot(labels: Sequence[str]) -> int:
    """The columns a legend gives each key: the widest of ``labels`` (at least 1)."""
    return max((cell_len(label) for label in labels), default=1) or 1


def _pad(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


class KeyLegend(Part):
    """Under (or over) each stock, that player's keys for it: left pile, right pile, fill."""

    DEFAULT_CSS = """
    KeyLegend {
        height: 1;
        content-align: center middle;
    }
    """

    def draw(self, state: object) -> Text:
        assert isinstance(state, LegendState)
        line = ink(state.caption.rjust(MARGIN - 2)[: MARGIN - 2] + "  ", style=DIM)
        slot, size = state.slot, state.size
        # Three keys of one column sit under the card's middle, as the card's own width;
        # wider keys start at the card's left edge and run on under the cards behind it.
        indent = max(0, (size.width - (3 * slot + 2)) // 2)
        for i, keys in enumerate(state.stocks):
            if i:
                line.append(" " * size.gap)
            cell = " " * indent + " ".join(_pad(key, slot) for key in keys)
            line.append(_pad(cell, size.stock_width), style=_KEY)
        return line


# -- a player's stocks -----------------------------------------------------------------


@frozen_value
class StocksState:
    stocks: tuple[StockView, ...]
    look: Look
    fits: tuple[bool, ...] = ()
    """Per stock, whether its top card can be played right now (hints on; the engine's
    legal actions say so). Empty: no hints."""
    size: CardSize = SMALL


class StockRow(Part):
    """One player's five stocks, stock 1 on the left: top cards up, edges for the rest."""

    ALLOW_SELECT = False  # pictures of cards, not text (see Mosaic)

    DEFAULT_CSS = """
    StockRow {
        height: 3;
        content-align: center middle;
    }
    """

    def draw(self, state: object) -> Mosaic:
        assert isinstance(state, StocksState)
        look, size = state.look, state.size
        band: list[Tile | int] = [MARGIN]
        for i, stock in enumerate(state.stocks):
            top, face_down = stock.top, stock.face_down
            fits = bool(state.fits) and state.fits[i]
            edges = min(face_down, LAYERS)
            width = size.width + edges  # the rest of the stock's width is blank
            if i:
                band[-1] += size.gap
            band.append(
                Tile(
                    ("stock", look, size, top, face_down, fits),
                    width,
                    lambda t=top, n=face_down, f=fits: look.stock(t, n, fits=f, size=size),
                )
            )
            band.append(LAYERS - edges)
        return Mosaic([(size.height, [item for item in band if item != 0])])


# -- the middle ------------------------------------------------------------------------


@frozen_value
class PilesState:
    piles: tuple[PileView, PileView]
    spit_cards: tuple[int, int]
    flash: tuple[int | None, int | None]
    """Per pile, the player whose colour it flashes in (None: not flashing)."""
    look: Look
    last: tuple[tuple[str, int] | None, tuple[str, int] | None] = (None, None)
    """Per pile, the last play on it while it is still shown: its words and who played it."""
    size: CardSize = SMALL


class PileRow(Part):
    """The two spit piles with their sizes, each flanked by its owner's spit cards."""

    ALLOW_SELECT = False  # pictures of cards, not text (see Mosaic)

    DEFAULT_CSS = """
    PileRow {
        height: 5;
        content-align: center middle;
    }
    """

    def draw(self, state: object) -> Mosaic:
        assert isinstance(state, PilesState)
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
                pictures[-1] += gap + pad // 2
                captions.append(gap)
            pictures += [picture, pad - pad // 2]
            text = caption.center(width)[:width]
            style = caption_style or DIM
            captions.append(
                Tile(("caption", text, style), width, lambda t=text, s=style: [ink(t, style=s)])
            )
        # Under each pile, for a moment, who played what onto it: a flash is too quick to read.
        # Each label may spread a little past its pile's column, into the gaps beside it.
        spread = space // 2 - 2
        wide = width + 2 * spread
        moves: list[Tile | int] = [width + 1 - spread]
        for i, last in enumerate(state.last):
            if i:
                moves.append(space - 2 * spread)
            if last is None:
                moves.append(wide)
                continue
            words, who = last
            text = words.center(wide)[:wide]
            style = Style(color=PLAYER_COLOURS[who], bold=True)
            moves.append(Tile(("move", text, who), wide, lambda t=text, s=style: [ink(t, style=s)]))
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


def _card(key: Hashable, size: CardSize, draw: Callable[[], Lines]) -> Tile:
    """A card-sized picture."""
    return Tile(key, size.width, draw)


@frozen_value
class BannerState:
    text: str
    urgent: bool = False
    """Calls for a reaction now (spit, slap): drawn louder."""
    note: str = ""
    """What holds for the whole round (a single spit pile), in lines under the text."""


def _banner_lines(state: object) -> int:
    """How many lines a banner's state has (before any wrapping)."""
    if not isinstance(state, BannerState):
        return 0
    return bool(state.text) + len(state.note.splitlines())


class Banner(Part):
    """What happens now: "Both press SPIT", "SLAP the smaller pile!" …, and the round's note."""

    DEFAULT_CSS = """
    Banner {
        height: auto;
        min-height: 1;
        content-align: center middle;
        text-align: center;
        text-style: bold;
    }
    """

    def watch_state(self, old: object, new: object) -> None:
        # The banner is as high as its lines (a single-pile round's note adds two), and a
        # state repaints without a layout: one with more or fewer lines needs one.
        if _banner_lines(old) != _banner_lines(new):
            self.refresh(layout=True)

    def draw(self, state: object) -> Text:
        assert isinstance(state, BannerState)
        lines: list[Text] = []
        if state.text:
            style = "bold reverse #ffd54f" if state.urgent else "bold"
            lines.append(ink(f" {state.text} ", style=style))
        if state.note:
            lines.extend(ink(line, style="bold") for line in state.note.splitlines())
        return _join(lines)


# -- between rounds --------------------------------------------------------------------


@frozen_value
class SummaryState:
    settled: RoundSettled
    names: tuple[str, str]
    variant: Variant
    scores: tuple[int, int]
    next_round: int
    spit_keys: tuple[str, str]
    ready: tuple[bool, bool]
    note: str = ""
    """What holds for the next round (a single spit pile), in lines."""
    look: Look = PLAIN


class RoundSummary(Part):
    """After a round: how it ended, who took which pile, what each holds; spit for the next."""

    DEFAULT_CSS = """
    RoundSummary {
        width: auto;
        height: auto;
        border: round $accent;
        padding: 0 2;
        background: $surface;
    }
    """

    def draw(self, state: object) -> RenderableType:
        assert isinstance(state, SummaryState)
        s = state.settled
        names = state.names
        title = ink(words.table.round_over(n=s.number), style="bold")
        title.append(" — ")
        if s.how is RoundEnd.STALEMATE and s.went_out is None:
            title.append(words.table.table_label("nobody could move"))
        elif s.how is RoundEnd.STALEMATE:
            title.append(words.table.fewer_stock_cards(name=names[s.went_out]))
        else:
            title.append(words.table.went_out_first(name=names[s.went_out]))
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        table.add_column(ink(words.table.table_label("took"), style=DIM))
        table.add_column(ink(words.table.table_label("holds now"), style=DIM), justify="right")
        points = state.variant is Variant.POINTS
        if points:
            table.add_column(
                ink(words.table.table_label("points column"), style=DIM), justify="right"
            )
        for player in (0, 1):
            row = [
                ink(names[player], style=player_style(player)),
                self._took(state, player),
                ink(str(s.held[player]), style="bold"),
            ]
            if points:
                row.append(ink(str(state.scores[player]), style="bold"))
            table.add_row(*row)
        go = ink(words.table.round_start(state.next_round), style="bold")
        for player in (0, 1):
            go.append("    ")
            go.append(names[player], style=player_style(player))
            go.append(" ")
            if state.ready[player]:
                go.append(state.look.ready(), style=player_style(player))
            elif state.spit_keys[player]:
                go.append(f" {state.spit_keys[player]} ", style="bold reverse")
            else:  # the bot, about to press its own
                go.append("…", style=DIM)
        parts: list[RenderableType] = [title, Text(), table, Text(), go]
        parts.extend(Text(line) for line in state.note.splitlines())
        return Group(*parts)

    @staticmethod
    def _took(state: SummaryState, player: int) -> Text:
        pile = state.settled.took[player]
        if pile is None:
            return Text(words.table.table_label("nothing taken"))
        size = state.settled.taken[player]  # the engine counted it when the round settled
        if size is None:
            return Text(pile_name(pile))
        return Text(words.table.pile_size(pile_name(pile), size))


# -- the whole table -------------------------------------------------------------------


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
