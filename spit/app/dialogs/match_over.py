"""The match's end: the winner, the figures, and rematch, menu or quit."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from spit import words
from spit.app.advice import charts, coach_lines
from spit.app.bindings import bind, worded
from spit.app.dialogs.dialog import Dialog, answer_button
from spit.app.look import ON_DARK, Look
from spit.app.themes import inks
from spit.bot.levels import plays_like
from spit.engine import Outcome, RoundSettled, Termination, Variant
from spit.i18n import _
from spit.records.analysis import analyse
from spit.records.figures import MatchStats
from spit.records.record import Record
from spit.words.numbers import Number

TALL = 30  # rows from which the box has room for the coach's third line


class MatchOverScreen(Dialog[str]):
    """The winner and the match's figures; rematch, back to the menu, or quit."""

    DEFAULT_CSS = """
    MatchOverScreen > Vertical {
        width: 76;
        border: round $success;
        padding: 0 2;
    }
    MatchOverScreen #winner {
        text-style: bold;
        text-align: center;
        width: 100%;
        margin: 1 0;
    }
    MatchOverScreen #figures {
        width: 100%;
    }
    MatchOverScreen #rematch-news {
        width: 100%;
        margin-top: 1;
    }
    MatchOverScreen #share {
        width: 100%;
        margin-top: 1;
        text-style: bold;
    }
    MatchOverScreen Horizontal {
        margin-top: 1;
    }
    MatchOverScreen Button {
        min-width: 14;
    }
    """

    offer: Callable[[], None] | None = None
    """A networked match's rematch: the key (or button) offers one, or accepts the other
    player's, and the box stays until the server deals it (:mod:`spit.app.rematch`)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        bind("ctrl+r", "choose('rematch')", "rematch", "rematch"),
        bind("escape", "choose('menu')", "menu", "menu"),
        Binding("ctrl+o", "choose('replay')", worded(words.advice.replay_binding), id="replay"),
    ]
    """Bindings for the match-over screen; Ctrl+Q quits (the app's own key). No key a
    player uses in play answers it, so the last keys of a match cannot choose."""

    def __init__(
        self,
        *,
        outcome: Outcome,
        names: tuple[str, str],
        stats: MatchStats,
        variant: Variant,
        look: Look,
        grace: float,
        last_round: RoundSettled,
        against_bot: bool = False,
        rematch: bool = True,
        record: Record | None = None,
        coached: int = 0,
        share: str | None = None,
        rated: tuple[str, str] | None = None,
    ) -> None:
        """``rematch`` False leaves the rematch out (a networked match deals none);
        ``record``, the match's read back, brings the coach (for seat ``coached``), the
        chart, and the replay at the worst moment; ``share`` is a daily's share line, shown
        and copied to the clipboard (OSC 52)."""
        super().__init__()
        self._analysis = None if record is None else analyse(record)
        self._coached = coached
        self._against_bot = against_bot
        self._rematch = rematch
        self._outcome = outcome
        self._names = names
        self._stats = stats
        self._variant = variant
        self._look = look
        self._grace = grace
        self._last_round = last_round
        self._share = share
        self._rated = rated  # each seat's rating before → after, for a paired match
        self._ink = ON_DARK

    def compose(self) -> ComposeResult:
        self._ink = inks(self.app)  # the theme's, as the box opens
        with Vertical():
            yield Static(self._winner(), id="winner", markup=False)
            yield Static(self._figures(), id="figures", markup=False)
            if self._share is not None:
                yield Static(self._share, id="share", markup=False)
            yield Static(id="rematch-news", markup=False)
            with Horizontal():
                yield answer_button(
                    words.dialogs.button("rematch"), variant="primary", id="rematch", disabled=True
                )
                yield answer_button(words.dialogs.button("menu"), id="menu", disabled=True)
                yield answer_button(
                    words.dialogs.button("quit"), variant="error", id="quit", disabled=True
                )

    def on_mount(self) -> None:
        self.query_one("#rematch", Button).display = self._rematch
        self.query_one("#rematch-news").display = False
        if self._analysis is not None:
            self.query_one(Vertical).border_subtitle = words.advice.replay_key()
        if self._share is not None:
            self.app.copy_to_clipboard(self._share)  # where the terminal allows it
        if self._grace > 0:
            self.set_timer(self._grace, self._enable)
        else:
            self._enable()

    def _enable(self) -> None:
        for button in self.query(Button):
            button.disabled = False
        if not self._rematch:
            self.query_one("#menu", Button).focus()

    @property
    def _awake(self) -> bool:
        """Whether the grace is over: until then nothing answers, the mouse included."""
        return not self.query_one("#rematch", Button).disabled

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "choose" and parameters == ("rematch",) and not self._rematch:
            return False
        if action == "choose" and parameters == ("replay",) and self._analysis is None:
            return False
        return action != "choose" or self._awake

    def action_choose(self, choice: str) -> None:
        """Close with the player's choice: rematch, menu or quit."""
        self.dismiss(choice)

    def dismiss(self, result: str | None = None) -> AwaitComplete:
        """A networked rematch (key or button) is offered, and the box stays until the server
        deals it; any other answer closes the box."""
        if result == "rematch" and self.offer is not None:
            self.offer()
            return AwaitComplete.nothing()
        return super().dismiss(result)

    def rematch_news(self, text: str, *, open: bool) -> None:
        """Say what the other player did about a rematch; ``open``: one may still follow."""
        news = self.query_one("#rematch-news", Static)
        news.update(text)
        news.display = True
        self._rematch = open
        self.query_one("#rematch", Button).display = open
        if not open:
            self.query_one("#menu", Button).focus()

    def _winner(self) -> Text:
        winner = self._outcome.winner
        you_name = words.labels.player_name(0, against_bot=True)
        you = self._names.index(you_name) if you_name in self._names else None
        text = Text(words.match.winner(winner, self._names, you=you))
        if winner is not None:
            text.highlight_words([self._names[winner]], self._ink.player(winner))
        return text

    def _figures(self) -> Group:
        names = self._names
        ink = self._ink
        table = Table(box=None, padding=(0, 2), show_edge=False, expand=True)
        table.add_column("")
        for player in (0, 1):
            table.add_column(Text(names[player], style=ink.player(player)), justify="right")
        if self._variant is Variant.POINTS:
            table.add_row(
                words.dialogs.match_figure("points"), *(str(s) for s in self._outcome.scores)
            )
        table.add_row(words.dialogs.match_figure("held"), *(str(h) for h in self._last_round.held))
        table.add_row(words.dialogs.match_figure("played"), *(str(n) for n in self._stats.played))
        stats = self._stats
        medians = [stats.median_reaction(p) for p in (0, 1)]
        rates = [stats.plays_per_minute(p) for p in (0, 1)]
        table.add_row(
            words.dialogs.match_figure("median reaction"),
            *("—" if m is None else f"{m:.2f} s" for m in medians),
        )
        table.add_row(
            words.dialogs.match_figure("plays a minute"),
            *("—" if r is None else f"{r:.1f}" for r in rates),
        )
        if self._analysis is not None:
            table.add_row(words.advice.chart_label(), *charts(self._analysis, ink=self._ink))
        if self._rated is not None:
            table.add_row(words.dialogs.match_figure("rating"), *self._rated)
        how = Text(words.table.rounds(self._last_round.number))
        if self._outcome.termination is Termination.POINTS:
            how.append(" · " + words.dialogs.match_figure("total reached 100"))
        elif self._variant is Variant.POINTS:
            # Holding no cards ends a points match too, but the totals decide who won.
            how.append(" · " + words.dialogs.match_figure("lower total wins"))
        elif self._outcome.winner is not None:
            how.append(" · " + words.dialogs.match_figure("no cards"))
        fast = self._stats.fastest
        if fast is None:
            fastest = Text(_("Fastest play: none"), style=ink.dim)
        else:
            card = self._look.label(fast.card)
            if fast.pile == 0:
                text = _(
                    "Fastest play: {name} {card} on the left pile {seconds:.2f} s after it changed"
                )
            else:
                text = _(
                    "Fastest play: {name} {card} on the right pile {seconds:.2f} s after it changed"
                )
            seconds = Number(fast.seconds)
            fastest = Text(
                text.format(name=names[fast.player], card=card, seconds=seconds), style=ink.dim
            )
            fastest.highlight_words([names[fast.player]], ink.player(fast.player))
            fastest.highlight_words([card], self._look.card_style(fast.card))
        lines: list[RenderableType] = [table, Text(), how, fastest]
        if self._against_bot and medians[0] is not None:
            lines.append(Text(words.match.plays_like(plays_like(medians[0])), style=ink.dim))
        if self._analysis is not None:
            # Two lines where the box has no room for a third (80×24) and no blank before them.
            tall = self.app.size.height >= TALL
            coached = self._coached
            most = 3 if tall else 2
            coach = coach_lines(self._analysis, coached, names[coached], most, self._ink)
            lines += [Text()] * tall + coach
        return Group(*lines)
