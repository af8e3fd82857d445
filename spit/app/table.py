"""The widgets of the table: stocks, spit piles, each player's line and legend, the banner.

Each widget draws one small immutable *state* computed by the game screen from the engine's
:class:`~spit.engine.PlayerView`. Setting an equal state does nothing, so after an action
only the widgets whose part of the table changed are repainted, and nothing is kept that
could drift from the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Final

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from spit.app.look import (
    CARD_WIDTH,
    DIM,
    PLAIN,
    PLAYER_COLOURS,
    STOCK_WIDTH,
    Lines,
    Look,
    ink,
    pile_name,
    player_style,
)
from spit.engine import PileView, RoundEnd, RoundSettled, StockView, Variant
from spit.i18n import _, ngettext

GAP: Final = 2
"""Columns between two stocks."""
MARGIN: Final = 13
"""Columns left of a player's stocks, where the legend's caption stands."""
ROW_WIDTH: Final = MARGIN + 5 * STOCK_WIDTH + 4 * GAP
"""Columns of a player's stocks with their margin."""

_MESSAGE: Final = Style(color="#ff8a65", bold=True)
_KEY: Final = Style(color="#e6e6e6", bold=True)


def _join(lines: list[Text]) -> Text:
    return Text("\n").join(lines)


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

    def render(self) -> RenderableType:
        return Text() if self.state is None else self.draw(self.state)

    def draw(self, state: object) -> RenderableType:
        """The picture of ``state``."""
        raise NotImplementedError


# -- the top line ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
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
        left.append(_("Round {n}").format(n=state.round_number), style="bold")
        if state.variant is Variant.POINTS:
            left.append("  ·  ")
            left.append(_("Points:"), style=DIM)
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


@dataclass(frozen=True, slots=True)
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
        line.append(
            ngettext("{n} card", "{n} cards", state.cards).format(n=state.cards), style="bold"
        )
        if state.spit_key:
            line.append("  ·  ")
            line.append(_("SPIT: {key}").format(key=state.spit_key))
        if state.waiting:
            line.append("  ·  ")
            if state.ready:
                line.append(state.look.ready(), style=player_style(state.player))
            else:
                line.append(_("press SPIT"), style="bold reverse")
        return line


@dataclass(frozen=True, slots=True)
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


@dataclass(frozen=True, slots=True)
class LegendState:
    caption: str
    stocks: tuple[tuple[str, str, str], ...]
    """Per stock: the keys for the left pile, the right pile and fill."""


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
        for i, keys in enumerate(state.stocks):
            if i:
                line.append(" " * GAP)
            cell = " ".join(keys).center(CARD_WIDTH)
            line.append(cell.ljust(STOCK_WIDTH)[:STOCK_WIDTH], style=_KEY)
        return line


# -- a player's stocks -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class StocksState:
    stocks: tuple[StockView, ...]
    look: Look


class StockRow(Part):
    """One player's five stocks, stock 1 on the left: top cards up, edges for the rest."""

    DEFAULT_CSS = """
    StockRow {
        height: 3;
        content-align: center middle;
    }
    """

    def draw(self, state: object) -> Text:
        assert isinstance(state, StocksState)
        rows = [Text(" " * MARGIN) for _ in range(3)]
        for i, stock in enumerate(state.stocks):
            picture = state.look.stock(stock.top, stock.face_down)
            for row, part in zip(rows, picture, strict=True):
                if i:
                    row.append(" " * GAP)
                row.append_text(part)
        return _join(rows)


# -- the middle ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PilesState:
    piles: tuple[PileView, PileView]
    spit_cards: tuple[int, int]
    flash: tuple[int | None, int | None]
    """Per pile, the player whose colour it flashes in (None: not flashing)."""
    look: Look


class PileRow(Part):
    """The two spit piles with their sizes, each flanked by its owner's spit cards."""

    DEFAULT_CSS = """
    PileRow {
        height: 4;
        content-align: center middle;
    }
    """

    SPACE: ClassVar[int] = 10
    """Columns between the two spit piles."""

    def draw(self, state: object) -> Text:
        assert isinstance(state, PilesState)
        look = state.look
        cells: list[tuple[Lines, str, Style | None]] = [
            self._spit_cards(look, state.spit_cards[0]),
            self._pile(look, state.piles[0], state.flash[0]),
            self._pile(look, state.piles[1], state.flash[1]),
            self._spit_cards(look, state.spit_cards[1]),
        ]
        width = 15
        rows = [Text() for _ in range(4)]
        for i, (picture, caption, caption_style) in enumerate(cells):
            gap = self.SPACE if i == 2 else 1
            for row, part in zip(rows[:3], picture, strict=True):
                if i:
                    row.append(" " * gap)
                pad = width - part.cell_len
                row.append(" " * (pad // 2))
                row.append_text(part)
                row.append(" " * (pad - pad // 2))
            if i:
                rows[3].append(" " * gap)
            rows[3].append(caption.center(width)[:width], style=caption_style or DIM)
        return _join(rows)

    @staticmethod
    def _spit_cards(look: Look, count: int) -> tuple[Lines, str, Style | None]:
        if count == 0:
            return look.empty(), _("no spit cards"), None
        caption = ngettext("{n} spit card", "{n} spit cards", count).format(n=count)
        return look.back(str(count)), caption, None

    @staticmethod
    def _pile(look: Look, pile: PileView, flash: int | None) -> tuple[Lines, str, Style | None]:
        if not pile.in_play:
            return look.empty(), _("not in play"), None
        size = ngettext("{n} card", "{n} cards", pile.size).format(n=pile.size)
        if pile.top is None:
            return look.empty(_("spit")), size, None
        if flash is None:
            return look.face(pile.top), size, Style(bold=True)
        colour = PLAYER_COLOURS[flash]
        edge = Style(color=colour, bgcolor=colour, bold=True)
        return look.face(pile.top, edge=edge), size, Style(color=colour, bold=True)


@dataclass(frozen=True, slots=True)
class BannerState:
    text: str
    urgent: bool = False
    """Calls for a reaction now (spit, slap): drawn louder."""
    note: str = ""
    """What holds for the whole round (a single spit pile), in lines under the text."""


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


@dataclass(frozen=True, slots=True)
class SummaryState:
    settled: RoundSettled
    names: tuple[str, str]
    variant: Variant
    scores: tuple[int, int]
    next_round: int
    spit_keys: tuple[str, str]
    ready: tuple[bool, bool]
    pile_sizes: tuple[int | None, int | None]
    """Cards in each pile when it was taken, if known (from this session's events)."""
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
        title = ink(_("Round {n} is over").format(n=s.number), style="bold")
        title.append(" — ")
        if s.how is RoundEnd.STALEMATE and s.went_out is None:
            title.append(_("nobody could move."))
        elif s.how is RoundEnd.STALEMATE:
            title.append(
                _("nobody could move; {name} had fewer stock cards.").format(name=names[s.went_out])
            )
        else:
            title.append(_("{name} went out first.").format(name=names[s.went_out]))
        table = Table(box=None, padding=(0, 2), show_edge=False)
        table.add_column("")
        table.add_column(ink(_("took"), style=DIM))
        table.add_column(ink(_("holds now"), style=DIM), justify="right")
        points = state.variant is Variant.POINTS
        if points:
            table.add_column(ink(_("points"), style=DIM), justify="right")
        for player in (0, 1):
            row = [
                ink(names[player], style=player_style(player)),
                self._took(state, player),
                ink(str(s.held[player]), style="bold"),
            ]
            if points:
                row.append(ink(str(state.scores[player]), style="bold"))
            table.add_row(*row)
        go = ink(_("Round {n}: both press SPIT").format(n=state.next_round), style="bold")
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
            return Text(_("nothing from the centre"))
        size = state.pile_sizes[player]
        if size is None:
            return Text(pile_name(pile))
        return Text(
            ngettext("{pile} ({n} card)", "{pile} ({n} cards)", size).format(
                pile=pile_name(pile), n=size
            )
        )
