"""The quit question: make sure, and say what becomes of the match."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical

from spit import words
from spit.app.bindings import bind, by_place
from spit.app.dialogs.dialog import KeyLine, Question, answer_button


class QuitScreen(Question[str]):
    """Ctrl+Q during a match: make sure. Answers "keep" (offered to resume next time),
    "give-up" or None (play on); Ctrl+Q again keeps it, so quitting in haste loses nothing."""

    DEFAULT_CSS = """
    QuitScreen > Vertical {
        width: 70;  /* three buttons side by side in German and Greek too */
        border: round $error;
    }
    QuitScreen Static {
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = by_place(
        [
            bind("escape", "answer(None)", "keep playing", "cancel-quit"),
            bind("ctrl+d", "answer('give-up')", "give up", "give-up"),
            # In a browser, where Ctrl+Q may never arrive, Q again (as Esc, Q asked).
            bind("q", "browser_quit", "quit", "browser-quit", show=False),
        ]
    )
    """Bindings for the quit dialog; Ctrl+Q a second time quits (the app's own key)."""

    ANSWERS: ClassVar[dict[str, Any]] = {"play": None}

    def __init__(
        self, *, keepable: bool = True, grace: float = 0.0, for_both: bool = False
    ) -> None:
        """``grace``: seconds before Q answers in a browser, so a held or mashed q cannot
        both ask and answer; ``for_both``: the match is played with a friend over the
        network, and quitting ends it for them too (the dialog says so)."""
        super().__init__(grace=grace)
        self.keepable = keepable
        """Whether the match is recorded, so that it can be kept for later."""
        self.for_both = for_both
        """Whether quitting ends the match for the friend as well (a networked match)."""

    def action_browser_quit(self) -> None:
        """Q in a browser: quit, as Ctrl+Q again would."""
        if self.browser_key:
            self.confirm()

    def compose(self) -> ComposeResult:
        web = self.app.is_web
        if self.keepable:
            text = words.dialogs.dialog_text("quit or keep in a browser" if web else "quit or keep")
            buttons = [
                answer_button(
                    words.dialogs.button("keep in a browser" if web else "keep"),
                    variant="warning",
                    id="keep",
                ),
                answer_button(words.dialogs.button("give up"), variant="error", id="give-up"),
                answer_button(words.dialogs.button("play on"), variant="primary", id="play"),
            ]
        else:
            if self.for_both:
                text = "quit for both in a browser" if web else "quit for both"
            else:
                text = "quit in a browser" if web else "quit"
            text = words.dialogs.dialog_text(text)
            buttons = [
                answer_button(
                    words.dialogs.button("quit in a browser" if web else "quit"),
                    variant="error",
                    id="give-up",
                ),
                answer_button(words.dialogs.button("keep playing"), variant="primary", id="play"),
            ]
        with Vertical():
            yield KeyLine(text)
            yield Horizontal(*buttons)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Without a record there is nothing to keep: Ctrl+Q quits, and Ctrl+D is not asked for.
        return self.keepable or action != "answer" or parameters != ("give-up",)

    def confirm(self) -> None:
        """Ctrl+Q again: quit, keeping the match if it is recorded."""
        self.dismiss("keep" if self.keepable else "give-up")
