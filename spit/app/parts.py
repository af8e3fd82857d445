"""The table's parts that draw text, each from one small immutable state (an equal state
repaints nothing): the top line, each player's line, message and keys, the banner and the
round's summary."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, Generic, NamedTuple, TypeVar

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual.app import RenderResult
from textual.reactive import reactive
from textual.widget import Widget

from spit import words
from spit.app.look import DIM, PLAIN, SMALL, CardSize, Look, ink, pad, player_style
from spit.engine import RoundEnd, RoundSettled, Variant
from spit.i18n import _, ngettext
from spit.words.labels import pile_name

MARGIN: Final = SMALL.margin
"""Columns left of a player's stocks, where the legend's caption stands."""


_MESSAGE: Final = Style(color="#ffafaf", bold=True)
_KEY: Final = Style(color="#e6e6e6", bold=True)


State = TypeVar("State")


class Part(Widget, Generic[State]):
    """A widget drawn entirely from one immutable state."""

    DEFAULT_CSS = """
    Part {
        height: auto;
        width: 100%;
    }
    """

    state: reactive[State | None] = reactive(None, layout=False)
    """What to draw; an equal new state repaints nothing."""

    def __init__(
        self, *, name: str | None = None, id: str | None = None, classes: str | None = None
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # The table has no links: spare every repaint the search for them.
        self.set_reactive(Part.auto_links, False)

    def render(self) -> RenderResult:
        return Text() if self.state is None else self.draw(self.state)

    def draw(self, state: State) -> RenderResult:
        raise NotImplementedError


# -- the top line ----------------------------------------------------------------------


class TopBarState(NamedTuple):
    round_number: int
    variant: Variant
    scores: tuple[int, int]
    names: tuple[str, str]
    hints: tuple[str, ...]
    """The app's own keys, as long and as short as they can be said (the longest that fits
    is drawn)."""


class TopBar(Part[TopBarState]):
    """Round number, the points scores in the points variant, and the app's own keys."""

    DEFAULT_CSS = """
    TopBar {
        height: 1;
        background: $felt-bar;
    }
    """

    def draw(self, state: TopBarState) -> Text:
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


class InfoState(NamedTuple):
    player: int
    name: str
    cards: int
    spit_key: str
    ready: bool
    waiting: bool
    """Whether the table waits for spit presses (so "ready" means something)."""
    look: Look = PLAIN
    bot: bool = False


class PlayerInfo(Part[InfoState]):
    """One player's line: name, cards held, spit key, readiness."""

    DEFAULT_CSS = """
    PlayerInfo {
        height: 1;
        padding: 0 1;
    }
    """

    def draw(self, state: InfoState) -> Text:
        line = ink(state.name, style=player_style(state.player))
        line.append("  ·  ")
        line.append(words.table.cards(state.cards), style="bold")
        if state.spit_key:
            line.append("  ·  ")
            line.append(words.table.spit_key(key=state.spit_key))
        if state.waiting:
            line.append("  ·  ")
            if state.ready:
                line.append(state.look.ready(bot=state.bot), style=player_style(state.player))
            else:
                line.append(words.table.table_label("press spit"), style="bold reverse")
        return line


class MessageState(NamedTuple):
    player: int
    text: str | None
    look: Look = PLAIN


class PlayerMessage(Part[MessageState]):
    """Why the table just refused a player's key, by that player's stocks, for a moment."""

    DEFAULT_CSS = """
    PlayerMessage {
        height: 1;
        content-align: center middle;
    }
    """

    def draw(self, state: MessageState) -> Text:
        if not state.text:
            return Text()
        return ink(f"{state.look.cross} {state.text}", style=_MESSAGE)


# -- a player's keys -------------------------------------------------------------------


class LegendState(NamedTuple):
    caption: str
    stocks: tuple[tuple[str, ...], ...]
    """Per stock: the keys for the left pile, the right pile and fill (short labels)."""
    slot: int = 1
    """Columns each key gets: the widest label on the table, so every stock's keys, both
    players', stand in the same columns whatever is remapped."""
    size: CardSize = SMALL


def legend_slot(labels: Sequence[str]) -> int:
    """The columns a legend gives each key: the widest of ``labels`` (at least 1)."""
    return max((cell_len(label) for label in labels), default=1) or 1


class KeyLegend(Part[LegendState]):
    """Under (or over) each stock, that player's keys for it: left pile, right pile, fill."""

    DEFAULT_CSS = """
    KeyLegend {
        height: 1;
        content-align: center middle;
    }
    """

    def draw(self, state: LegendState) -> Text:
        slot, size = state.slot, state.size
        room = size.margin - 2  # the compact table has no room for the caption
        line = ink(state.caption.rjust(room)[:room] + "  ", style=DIM) if room > 0 else Text()
        # Three keys of one column sit under the card's middle, as the card's own width;
        # wider keys start at the card's left edge and run on under the cards behind it.
        indent = max(0, (size.width - (3 * slot + 2)) // 2)
        for i, keys in enumerate(state.stocks):
            if i:
                line.append(" " * size.gap)
            cell = " " * indent + " ".join(pad(key, slot) for key in keys)
            line.append(pad(cell, size.stock_width), style=_KEY)
        return line


class BannerState(NamedTuple):
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


class Banner(Part[BannerState]):
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

    def draw(self, state: BannerState) -> Text:
        lines: list[Text] = []
        if state.text:
            style = "bold reverse #ffd54f" if state.urgent else "bold"
            lines.append(ink(f" {state.text} ", style=style))
        if state.note:
            lines.extend(ink(line, style="bold") for line in state.note.splitlines())
        return Text("\n").join(lines)


# -- between rounds --------------------------------------------------------------------


class SummaryState(NamedTuple):
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
    bot: int | None = None
    """The bot's seat, if one plays."""
    you: int | None = None
    """The seat called "you" on screen, if one person plays here."""


class RoundSummary(Part[SummaryState]):
    """After a round: how it ended, who took which pile, what each holds; spit for the next."""

    DEFAULT_CSS = """
    RoundSummary {
        width: auto;
        height: auto;
        border: round $accent;
        padding: 0 2;
        background: $felt-bar;
    }
    """

    def draw(self, state: SummaryState) -> RenderableType:
        s = state.settled
        names = state.names
        title = ink(_("Round {n} is over").format(n=s.number), style="bold")
        title.append(" — ")
        if s.went_out is None:  # a stalemate with even stocks
            title.append(words.table.table_label("nobody could move"))
        else:
            stalemate = s.how is RoundEnd.STALEMATE
            title.append(
                words.table.round_ended(s.went_out, names, stalemate=stalemate, you=state.you)
            )
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
                go.append(state.look.ready(bot=player == state.bot), style=player_style(player))
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
        counted = ngettext("{pile} ({n} card)", "{pile} ({n} cards)", size)
        return Text(counted.format(pile=pile_name(pile), n=size))
