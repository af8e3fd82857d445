"""The dialogs around the table: help, pause, quit, too-small terminal, and match over."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.console import Group
from rich.style import Style
from rich.table import Table
from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Button, Static

from spit import words
from spit.app.bindings import by_place, worded
from spit.app.dialog import Dialog
from spit.app.look import DIM, Look, player_style
from spit.app.messages import CloseRoom, SizeChanged
from spit.app.table import MIN_HEIGHT, MIN_WIDTH
from spit.engine import STOCKS, Outcome, RoundSettled, Termination, Variant
from spit.records.figures import MatchStats
from spit.settings.keymap import KeyMap

_BETWEEN_PAIRS = re.compile(r"(\s*·\s*)")
"""What a line of keys puts between its pairs ("Esc: resume · F1: help"), in every language."""


def key_lines(text: str, width: int) -> list[str]:
    """``text``'s lines, each line of keys packed into lines of ``width`` cells that break
    only between its pairs, so that a key is never parted from its word.

    A pair is a key and what it does ("Ctrl+Q: quit"), between two ``·``; at a break the
    ``·`` goes, as the line's end says as much. A line without ``·`` is left as it is, and a
    pair wider than ``width`` on its own is left to wrap where its words allow.
    """
    lines: list[str] = []
    for source in text.splitlines() or [""]:
        pair, *rest = _BETWEEN_PAIRS.split(source)
        line = pair
        for between, pair in zip(rest[::2], rest[1::2], strict=True):
            if cell_len(line + between + pair) <= width:
                line += between + pair
            else:
                lines.append(line)
                line = pair
        lines.append(line)
    return lines


class KeyLine(Static):
    """A dialog's line of keys ("Esc: resume · F1: help · Ctrl+Q: quit"), wrapped only
    between its pairs (see :func:`key_lines`).

    Rich wraps at any space, a no-break space too, so a narrow dialog or a long language
    would leave "Ctrl+Q:" at one line's end and its word on the next; here each pair goes
    whole to the line that has room for it.
    """

    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(text, markup=False, **kwargs)
        self._keys = text

    def _packed(self, width: int) -> Content:
        return Content("\n".join(key_lines(self._keys, width)))

    def render(self) -> Content:
        return self._packed(self.content_size.width or cell_len(self._keys))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self._packed(width).get_height(self.styles, width)


class TooSmallScreen(Screen[None]):
    """Covers everything while the terminal is smaller than the table; the game waits."""

    DEFAULT_CSS = """
    TooSmallScreen {
        align: center middle;
    }
    TooSmallScreen Static {
        width: auto;
        max-width: 100%;
        text-align: center;
        text-style: bold;
    }
    """

    def compose(self) -> ComposeResult:
        yield Static(id="too-small", markup=False)

    def on_mount(self) -> None:
        self._show()

    def on_resize(self) -> None:
        self._show()
        self.post_message(SizeChanged())

    def on_screen_resume(self) -> None:
        self.post_message(SizeChanged())

    def _show(self) -> None:
        width, height = self.app.size
        self.query_one(Static).update(
            words.dialogs.terminal_too_small(w=MIN_WIDTH, h=MIN_HEIGHT, now_w=width, now_h=height)
        )


class PauseScreen(Dialog[None]):
    """Escape during a match: everything stops until Escape again."""

    DEFAULT_CSS = """
    PauseScreen {
        align: center middle;
    }
    PauseScreen > Vertical {
        width: 56;
        height: auto;
        border: round $accent;
        padding: 1 4;
        background: $surface;
    }
    PauseScreen Static {
        width: 100%;
        text-align: center;
    }
    PauseScreen #paused {
        text-style: bold;
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = by_place(
        [
            Binding("escape", "dismiss", worded(words.dialogs.binding, "resume"), id="resume"),
            # In a browser F1 and Ctrl+Q may never reach the game (Ctrl+Q closes Firefox on
            # Linux), so there help and quit have plain keys here, where no card is played.
            # The terminal has F1 and Ctrl+Q and keeps the pause deaf to card keys.
            Binding(
                "h",
                "browser_help",
                worded(words.dialogs.binding, "help"),
                show=False,
                id="pause-help",
            ),
            Binding(
                "q",
                "browser_quit",
                worded(words.dialogs.binding, "quit"),
                show=False,
                id="pause-quit",
            ),
        ]
    )
    """Bindings for the pause dialog."""

    def __init__(
        self, *, grace: float = 0.0, left: Callable[[], float | None] | None = None
    ) -> None:
        """``grace``: seconds before H and Q answer, so that the other player, still
        pressing card keys (q is one) when the game pauses, cannot open help or quit.
        ``left``: in a networked match, the seconds this pause may still last (None until
        the server says), shown counting down."""
        super().__init__()
        self._grace = grace
        self._awake = grace <= 0
        self._left = left

    def on_mount(self) -> None:
        if not self._awake:
            self.set_timer(self._grace, self._wake)
        if self._left is not None:
            self._show_left()
            self.set_interval(1.0, self._show_left)

    def _show_left(self) -> None:
        assert self._left is not None
        seconds = self._left()
        shown = self.query_one("#pause-left", Static)
        shown.display = seconds is not None
        if seconds is not None:
            shown.update(words.networked.own_pause_left(seconds))

    def _wake(self) -> None:
        self._awake = True

    def action_browser_help(self) -> None:
        """H in a browser: the help, as F1 gives it."""
        if self._awake and self.app.is_web:
            self.app.action_help()  # type: ignore[attr-defined]

    def action_browser_quit(self) -> None:
        """Q in a browser: the quit question, as Ctrl+Q asks it."""
        if self._awake and self.app.is_web:
            self.app.action_request_quit()  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.dialogs.dialog_text("paused"), id="paused", markup=False)
            if self._left is not None:
                yield Static("", id="pause-left", markup=False)
            yield KeyLine(self.keys())

    def keys(self) -> str:
        """The pause's line of keys (a browser's own, which may keep F1 and Ctrl+Q)."""
        if self.app.is_web:
            return words.dialogs.dialog_text("pause keys in a browser")
        return words.dialogs.dialog_text("pause keys")


def answer_button(label: str, **kwargs: Any) -> Button:
    """A dialog's button for the mouse: it never takes the keyboard focus.

    A focused button answers Enter and Space, and those are spit keys: a player's last
    keys of a match would press it. Dialogs answer only keys no player uses in play
    (Esc, Ctrl+Q, Ctrl+R, F1), and each button says its key.
    """
    button = Button(label, **kwargs)
    button.can_focus = False
    return button


class QuitScreen(Dialog[str]):
    """Ctrl+Q during a match: make sure, and say what becomes of the match.

    Answers "keep" (quit; the match is kept and offered to resume next time), "give-up"
    (quit; the match is over for good), or None (keep playing). Ctrl+Q a second time keeps
    the match: quitting in haste loses nothing.
    """

    DEFAULT_CSS = """
    QuitScreen {
        align: center middle;
    }
    QuitScreen > Vertical {
        width: 70;  /* three buttons side by side in German and Greek too */
        height: auto;
        border: round $error;
        padding: 1 2;
        background: $surface;
    }
    QuitScreen Static {
        width: 100%;
        text-align: center;
        margin-bottom: 1;
    }
    QuitScreen Horizontal {
        height: auto;
        align: center middle;
    }
    QuitScreen Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = by_place(
        [
            Binding(
                "escape",
                "answer(None)",
                worded(words.dialogs.binding, "keep playing"),
                id="cancel-quit",
            ),
            Binding(
                "ctrl+d",
                "answer('give-up')",
                worded(words.dialogs.binding, "give up"),
                id="give-up",
            ),
            # In a browser, where Ctrl+Q may never arrive, Q again (as Esc, Q asked).
            Binding(
                "q",
                "browser_quit",
                worded(words.dialogs.binding, "quit"),
                show=False,
                id="browser-quit",
            ),
        ]
    )
    """Bindings for the quit dialog; Ctrl+Q a second time quits (the app's own key)."""

    def __init__(
        self, *, keepable: bool = True, grace: float = 0.0, for_both: bool = False
    ) -> None:
        """``grace``: seconds before Q answers in a browser, so a held or mashed q cannot
        both ask and answer; ``for_both``: the match is played with a friend over the
        network, and quitting ends it for them too (the dialog says so)."""
        super().__init__()
        self.keepable = keepable
        """Whether the match is recorded, so that it can be kept for later."""
        self.for_both = for_both
        """Whether quitting ends the match for the friend as well (a networked match)."""
        self._grace = grace
        self._awake = grace <= 0

    def on_mount(self) -> None:
        if not self._awake:
            self.set_timer(self._grace, self._wake)

    def _wake(self) -> None:
        self._awake = True

    def action_browser_quit(self) -> None:
        """Q in a browser: quit, as Ctrl+Q again would."""
        if self._awake and self.app.is_web:
            self.confirm()

    def compose(self) -> ComposeResult:
        web = self.app.is_web
        with Vertical():
            if self.keepable:
                yield KeyLine(
                    words.dialogs.dialog_text("quit or keep in a browser")
                    if web
                    else words.dialogs.dialog_text("quit or keep")
                )
                with Horizontal():
                    yield answer_button(
                        words.dialogs.button("keep in a browser")
                        if web
                        else words.dialogs.button("keep"),
                        variant="warning",
                        id="keep",
                    )
                    yield answer_button(
                        words.dialogs.button("give up"), variant="error", id="give-up"
                    )
                    yield answer_button(
                        words.dialogs.button("play on"), variant="primary", id="play"
                    )
            else:
                if self.for_both:
                    text = "quit for both in a browser" if web else "quit for both"
                else:
                    text = "quit in a browser" if web else "quit"
                yield KeyLine(words.dialogs.dialog_text(text))
                with Horizontal():
                    yield answer_button(
                        words.dialogs.button("quit in a browser")
                        if web
                        else words.dialogs.button("quit"),
                        variant="error",
                        id="give-up",
                    )
                    yield answer_button(
                        words.dialogs.button("keep playing"), variant="primary", id="play"
                    )

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Without a record there is nothing to keep: Ctrl+Q quits, and Ctrl+D is not asked for.
        return self.keepable or action != "answer" or parameters != ("give-up",)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "play" else event.button.id)

    def confirm(self) -> None:
        """Ctrl+Q again: quit, keeping the match if it is recorded."""
        self.dismiss("keep" if self.keepable else "give-up")

    def action_answer(self, answer: str | None) -> None:
        """Close the dialog with the answer."""
        self.dismiss(answer)


def keys_table(keymap: KeyMap, names: tuple[str, str], *, ascii: bool = False) -> Table:
    """Both players' keys, stock by stock, as the help screen and docs show them.

    Every stock's keys stand in one column under its number, whatever is remapped: each key
    gets the width of the widest (named keys in three letters, ``Spc``), and the key
    columns never wrap; a long caption wraps instead.
    """
    rows = (
        ("left", words.dialogs.keys_row("left")),
        ("right", words.dialogs.keys_row("right")),
        ("fill", words.dialogs.keys_row("fill")),
    )
    labels = {
        (prefix, row): [
            words.labels.control_label(
                keymap, f"{prefix}.stock{s + 1}.{row}", short=True, ascii=ascii
            )
            for s in range(STOCKS)
        ]
        for prefix in ("p1", "p2")
        for row, _caption in rows
    }
    slot = max(2, *(cell_len(label) for stock in labels.values() for label in stock))

    def keys(texts: list[str], style: Style | str) -> Text:
        return Text(" ".join(_padded(text, slot) for text in texts).rstrip(), style=style)

    table = Table(box=None, padding=(0, 1), show_edge=False)
    table.add_column("", ratio=1)
    for player in (0, 1):
        table.add_column(
            Text(names[player], style=player_style(player)), justify="left", no_wrap=True
        )
    table.add_row(
        Text(words.dialogs.keys_row("stock"), style=DIM),
        *(keys([str(s + 1) for s in range(STOCKS)], DIM),) * 2,
    )
    for row, caption in rows:
        table.add_row(caption, *(keys(labels[prefix, row], "bold") for prefix in ("p1", "p2")))
    table.add_row(
        words.dialogs.keys_row("spit"),
        Text(words.labels.control_label(keymap, "p1.spit", ascii=ascii), style="bold"),
        Text(words.labels.control_label(keymap, "p2.spit", ascii=ascii), style="bold"),
    )
    return table


def _padded(text: str, width: int) -> str:
    return text + " " * max(0, width - cell_len(text))


class HelpScreen(Dialog[None]):
    """F1: the rules in brief and both players' keys. The game waits meanwhile."""

    DEFAULT_CSS = """
    HelpScreen {
        align: center middle;
    }
    HelpScreen > VerticalScroll {
        width: 80;
        max-width: 100%;
        height: auto;
        max-height: 100%;
        border: round $accent;
        border-title-style: bold;
        background: $surface;
        padding: 0 1;
    }
    HelpScreen Static {
        width: 100%;
    }
    HelpScreen #keys {
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape,f1", "dismiss", worded(words.dialogs.binding, "close help"), id="close-help"
        ),
    ]
    """Bindings for the help screen."""

    def __init__(
        self, keymap: KeyMap, names: tuple[str, str], *, against_bot: bool, ascii: bool = False
    ) -> None:
        super().__init__()
        self._ascii = ascii
        self._keymap = keymap
        self._names = names
        self._against_bot = against_bot

    @classmethod
    def for_keys(cls, keymap: KeyMap, *, against_bot: bool, ascii: bool = False) -> HelpScreen:
        """The help for ``keymap``'s players: against the bot, both halves are the person's."""
        if against_bot:
            names = (words.labels.your_hand(0), words.labels.your_hand(1))
        else:
            names = (words.labels.player_name(0), words.labels.player_name(1))
        return cls(keymap, names, against_bot=against_bot, ascii=ascii)

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = words.dialogs.dialog_text("help title")
            yield Static(
                keys_table(self._keymap, self._names, ascii=self._ascii), id="keys", markup=False
            )
            if self._against_bot:
                yield Static(words.dialogs.dialog_text("help against the bot"), markup=False)
            if self.app.is_web:
                yield Static(
                    words.dialogs.dialog_text("help in a browser"),
                    id="browser-keys",
                    markup=False,
                )
            # Bullets in a column of their own, so a wrapped rule hangs under its first word.
            rules = Table.grid(padding=(0, 1, 0, 0))
            rules.add_column(style=DIM)
            rules.add_column()
            for line in words.dialogs.rules_in_brief():
                rules.add_row("•", line)
            yield Static(rules, id="rules", markup=False)


class MatchOverScreen(Dialog[str]):
    """The winner and the match's figures; rematch, back to the menu, or quit."""

    DEFAULT_CSS = """
    MatchOverScreen {
        align: center middle;
    }
    MatchOverScreen > Vertical {
        width: 76;
        height: auto;
        border: round $success;
        padding: 0 2;
        background: $surface;
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
    MatchOverScreen Horizontal {
        height: auto;
        align: center middle;
        margin-top: 1;
    }
    MatchOverScreen Button {
        margin: 0 1;
        min-width: 14;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+r", "choose('rematch')", worded(words.dialogs.binding, "rematch"), id="rematch"
        ),
        Binding("escape", "choose('menu')", worded(words.dialogs.binding, "menu"), id="menu"),
    ]
    """Bindings for the match-over screen; Ctrl+Q quits (the app's own key). No key a
    player uses in play answers it, so the last keys of a match cannot choose."""

    def __init__(
        self,
        *,
        outcome: Outcome,
        names: tuple[str, str],
        rounds: int,
        stats: MatchStats,
        variant: Variant,
        look: Look,
        grace: float,
        last_round: RoundSettled | None,
        against_bot: bool = False,
        rematch: bool = True,
    ) -> None:
        """``rematch`` False leaves the rematch out (a networked match deals none)."""
        super().__init__()
        self._against_bot = against_bot
        self._rematch = rematch
        self._outcome = outcome
        self._names = names
        self._rounds = rounds
        self._stats = stats
        self._variant = variant
        self._look = look
        self._grace = grace
        self._last_round = last_round

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._winner(), id="winner", markup=False)
            yield Static(self._figures(), id="figures", markup=False)
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
        return action != "choose" or self._awake

    def action_choose(self, choice: str) -> None:
        """Close with the player's choice: rematch, menu or quit."""
        self.dismiss(choice)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id or "quit")

    def _winner(self) -> Text:
        winner = self._outcome.winner
        you_name = words.labels.player_name(0, against_bot=True)
        you = self._names.index(you_name) if you_name in self._names else None
        text = Text(words.match.winner(winner, self._names, you=you))
        if winner is not None:
            text.highlight_words([self._names[winner]], player_style(winner))
        return text

    def _figures(self) -> Group:
        names = self._names
        table = Table(box=None, padding=(0, 2), show_edge=False, expand=True)
        table.add_column("")
        for player in (0, 1):
            table.add_column(Text(names[player], style=player_style(player)), justify="right")
        if self._variant is Variant.POINTS:
            table.add_row(
                words.dialogs.match_figure("points"), *(str(s) for s in self._outcome.scores)
            )
        if self._last_round is not None:
            table.add_row(
                words.dialogs.match_figure("held"), *(str(h) for h in self._last_round.held)
            )
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
        how = Text(words.table.rounds(self._rounds))
        if self._outcome.termination is Termination.POINTS:
            how.append(" · " + words.dialogs.match_figure("total reached 100"))
        elif self._variant is Variant.POINTS:
            # Holding no cards ends a points match too, but the totals decide who won.
            how.append(" · " + words.dialogs.match_figure("lower total wins"))
        elif self._outcome.winner is not None:
            how.append(" · " + words.dialogs.match_figure("no cards"))
        fast = self._stats.fastest
        if fast is None:
            fastest = Text(words.match.no_fastest_play(), style=DIM)
        else:
            card = self._look.label(fast.card)
            fastest = Text(
                words.match.fastest_play(names[fast.player], card, fast.pile, fast.seconds),
                style=DIM,
            )
            fastest.highlight_words([names[fast.player]], player_style(fast.player))
            fastest.highlight_words([card], self._look.suit_style(fast.card))
        lines = [table, Text(), how, fastest]
        if self._against_bot and medians[0] is not None:
            from spit.bot.levels import plays_like

            lines.append(Text(words.match.plays_like(plays_like(medians[0])), style=DIM))
        return Group(*lines)


class StandstillScreen(Dialog[None]):
    """Over the table while a networked room stands still for a reason not of this player's
    making: the friend has not joined yet, the other player paused or lost the connection,
    or this line is down. It goes when the room plays again; Ctrl+Q still quits. While the
    host waits for the friend (:attr:`closable`), Esc closes the room (:class:`CloseRoom`)."""

    DEFAULT_CSS = """
    StandstillScreen {
        align: center middle;
    }
    StandstillScreen > Vertical {
        width: 64;
        height: auto;
        border: round $accent;
        padding: 1 2;
        background: $surface;
    }
    StandstillScreen Static {
        width: 100%;
        text-align: center;
    }
    StandstillScreen #standstill-keys {
        margin-top: 1;
        display: none;
    }
    StandstillScreen.closable #standstill-keys {
        display: block;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "escape",
            "close_room",
            worded(words.dialogs.binding, "close the room"),
            id="close-room",
        ),
    ]
    """Esc closes a room the friend has not come to yet (nothing else here takes a key)."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    @property
    def closable(self) -> bool:
        """Whether the room is the host's, waiting for the friend: Esc closes it."""
        return self.has_class("closable")

    @closable.setter
    def closable(self, closable: bool) -> None:
        self.set_class(closable, "closable")
        self.refresh_bindings()

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self._text, id="standstill", markup=False)
            yield KeyLine(words.dialogs.dialog_text("close room keys"), id="standstill-keys")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.closable if action == "close_room" else True

    def action_close_room(self) -> None:
        """Esc while the friend has yet to come: close the room (the app says where next)."""
        self.post_message(CloseRoom())

    def say(self, text: str) -> None:
        """Say something else (the reason changed, the room still stands)."""
        if text != self._text:
            self._text = text
            if self.is_mounted:
                self.query_one("#standstill", Static).update(text)
