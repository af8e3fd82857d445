"""The pause: everything stops until Escape again."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static

from spit import words
from spit.app.bindings import bind, by_place
from spit.app.dialogs.dialog import KeyLine, Question
from spit.i18n import ngettext


class PauseScreen(Question[None]):
    """Escape during a match: everything stops until Escape again."""

    DEFAULT_CSS = """
    PauseScreen > Vertical {
        width: 56;
        padding: 1 4;
    }
    PauseScreen #paused {
        text-style: bold;
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = by_place(
        [
            bind("escape", "dismiss", "resume", "resume"),
            # In a browser F1 and Ctrl+Q may never reach the game (Ctrl+Q closes Firefox on
            # Linux), so there help and quit have plain keys here, where no card is played.
            # The terminal has F1 and Ctrl+Q and keeps the pause deaf to card keys.
            bind("h", "browser_help", "help", "pause-help", show=False),
            bind("q", "browser_quit", "quit", "pause-quit", show=False),
        ]
    )

    def __init__(
        self, *, grace: float = 0.0, left: Callable[[], float | None] | None = None
    ) -> None:
        """``grace``: seconds before H and Q answer, so the other player's last card keys (q is
        one) cannot open help or quit; ``left``: a networked pause's seconds left, counted down."""
        super().__init__(grace=grace)
        self._left = left

    def on_mount(self) -> None:
        if self._left is not None:
            self._show_left()
            self.set_interval(1.0, self._show_left)

    def _show_left(self) -> None:
        assert self._left is not None
        seconds = self._left()
        shown = self.query_one("#pause-left", Static)
        shown.display = seconds is not None
        if seconds is not None:
            n = math.ceil(seconds)
            left = ngettext(
                "Your pause runs out in {n} s; then play goes on.",
                "Your pause runs out in {n} s; then play goes on.",
                n,
            )
            shown.update(left.format(n=n))

    def action_browser_help(self) -> None:
        """H in a browser: the help, as F1 gives it."""
        if self.browser_key:
            self.app.action_help()  # type: ignore[attr-defined]

    def action_browser_quit(self) -> None:
        """Q in a browser: the quit question, as Ctrl+Q asks it."""
        if self.browser_key:
            self.app.action_request_quit()  # type: ignore[attr-defined]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(words.dialogs.dialog_text("paused"), id="paused", markup=False)
            if self._left is not None:
                yield Static("", id="pause-left", markup=False)
            yield KeyLine(self.keys())

    def on_click(self) -> None:
        # A click or a tap anywhere plays on, as Esc does (a phone has no Esc).
        self.dismiss()

    def keys(self) -> str:
        """The pause's line of keys (a browser's own, which may keep F1 and Ctrl+Q)."""
        if self.app.is_web:
            return words.dialogs.dialog_text("pause keys in a browser")
        return words.dialogs.dialog_text("pause keys")
