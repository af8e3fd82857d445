"""Dialogs that close themselves exactly once, whatever else is in flight, and what they
share: a question's centred lines and grace, two fields to fill, a line of keys.

Textual's ``Screen.dismiss`` pops whichever screen is on top, not necessarily the one it is
called on. A dialog's answer can be on its way (a button's ``Pressed`` message, a second
key, a binding's action) while something else happens first: F1 opens help on top, or
another answer already closed the dialog. Answered late, the dismissal then closed help
instead, and the next one crashed the app (``InvalidStateError``, ``ScreenStackError``).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from rich.cells import cell_len
from textual import events, on
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.geometry import Size
from textual.screen import ModalScreen, ScreenResultType
from textual.widget import Widget
from textual.widgets import Button, Input, Static

from spit import words
from spit.app.bindings import WordedBindings, bind


class _Band(Widget):
    """Blank, the screen's width, on the rows the dialog's box spans: the dimmed screen beside
    a box showed fragments its edges cut (a word's last letter, a card count). It sits on a
    layer of its own under the box, so the screen centres it on the same rows as the box."""

    DEFAULT_CSS = """
    _Band {
        layer: band;
        width: 100%;
        height: 0;
        background: $background;
    }
    """

    def render(self) -> str:
        return ""


class Dialog(WordedBindings, ModalScreen[ScreenResultType]):
    """A modal screen that is answered once: the first answer wins, and one given under
    another screen (help, the too-small notice) waits until the dialog is on top again."""

    DEFAULT_CSS = """
    Dialog {
        align: center middle;
        layers: band default;
    }
    Dialog > Vertical {
        height: auto;
        border: round $accent;
        padding: 1 2;
        background: $surface;
    }
    Dialog Horizontal {
        height: auto;
        align: center middle;
    }
    Dialog Button {
        margin: 0 1;
    }
    """
    """A box in the middle of the screen, its buttons side by side under it."""

    ANSWERS: ClassVar[dict[str, Any]] = {}
    """What an :func:`answer_button` answers, by its id, where that is not the id itself."""

    _answered = False
    """Whether the dialog has been closed with an answer."""
    _waiting: tuple[ScreenResultType | None] | None = None
    """An answer given while covered, to close with once the dialog is on top again."""

    def dismiss(self, result: ScreenResultType | None = None) -> AwaitComplete:
        """Close the dialog with ``result``, unless it has been answered already."""
        if self._answered or self._waiting is not None:
            return AwaitComplete.nothing()
        if not self.is_active:
            self._waiting = (result,)
            return AwaitComplete.nothing()
        self._answered = True
        return super().dismiss(result)

    def action_answer(self, answer: ScreenResultType | None) -> None:
        """A key's answer (a binding's ``answer(...)``): close with it."""
        self.dismiss(answer)

    @on(Button.Pressed, ".answer")
    def _answer_button(self, event: Button.Pressed) -> None:
        answer = event.button.id
        self.dismiss(self.ANSWERS.get(answer, answer))  # type: ignore[arg-type]

    @on(events.Mount)
    def _lay_band(self) -> None:
        if not self.is_attached:  # closed before it was shown (a notice taken away at once)
            return
        self.mount(_Band(), before=0)
        self.call_after_refresh(self.fit_band)

    @on(events.Resize)
    def _resized(self) -> None:
        self.call_after_refresh(self.fit_band)

    def fit_band(self) -> None:
        """Make the band as tall as the box; call it after the box's content changes."""
        bands = self.query_children(_Band)
        # The box a dialog composes; not the toasts' rack or the tooltip Textual adds.
        box = next((c for c in self.children if isinstance(c, Vertical | VerticalScroll)), None)
        if bands and box is not None:
            bands.first().styles.height = box.outer_size.height

    @on(events.ScreenResume)
    def _answer_waiting(self) -> None:
        if self._waiting is not None:
            (result,) = self._waiting
            self._waiting = None
            self.dismiss(result)


class Question(Dialog[ScreenResultType]):
    """A dialog of centred lines; with a ``grace``, its browser keys (:attr:`browser_key`)
    wait that long after it opens, so that keys still in flight from play cannot answer it."""

    DEFAULT_CSS = """
    Question Static {
        width: 100%;
        text-align: center;
    }
    """

    def __init__(self, *, grace: float = 0.0) -> None:
        super().__init__()
        self._grace = grace
        self._awake = grace <= 0

    @on(events.Mount)
    def _doze(self) -> None:
        if not self._awake:
            self.set_timer(self._grace, self._wake)

    def _wake(self) -> None:
        self._awake = True

    @property
    def browser_key(self) -> bool:
        """Whether a browser's plain key (Q, H, L) answers now: in a browser, after the grace."""
        return self._awake and self.app.is_web


class TwoFields(Dialog[ScreenResultType]):
    """Two fields (``#first``, ``#second``) and Go (``#go``): Enter in the first goes to the
    second, Enter in the second goes; a problem shows in ``#problem``; Esc or ``#cancel``
    cancels. The fields go with the dialog, so no key typed at the table lands in one."""

    DEFAULT_CSS = """
    TwoFields #problem {
        color: $text-error;
        height: auto;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [bind("escape", "cancel", "cancel", "cancel-fields")]

    def on_mount(self) -> None:
        self.query_one("#first", Input).focus()

    @on(Input.Submitted, "#first")
    def _next(self) -> None:
        self.query_one("#second", Input).focus()

    @on(Input.Submitted, "#second")
    @on(Button.Pressed, "#go")
    def action_go(self) -> None:
        """Close with what the fields say, if it can be read."""
        first = self.query_one("#first", Input).value
        second = self.query_one("#second", Input).value
        try:
            answer = self.answer(first, second)
        except ValueError as problem:
            self.query_one("#problem", Static).update(str(problem))
            return
        self.dismiss(answer)

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        self.dismiss(None)

    def answer(self, first: str, second: str) -> ScreenResultType:
        """What the two fields say; ValueError with what to fix."""
        raise NotImplementedError

    def problem_and_buttons(self, go: str) -> ComposeResult:
        """The line for a problem, Go (called ``go``) and Cancel, for ``compose``."""
        yield Static("", id="problem", markup=False)
        with Horizontal():
            yield Button(go, variant="primary", id="go")
            yield Button(words.dialogs.button("cancel"), id="cancel")


_BETWEEN_PAIRS = re.compile(r"(\s*·\s*)")
"""What a line of keys puts between its pairs ("Esc: resume · F1: help"), in every language."""


def key_lines(text: str, width: int) -> list[str]:
    """``text``'s lines, each line of keys ("Esc: resume · Ctrl+Q: quit") packed into lines
    of ``width`` cells that break only between its pairs, dropping the ``·`` at a break."""
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
    """A dialog's line of keys, wrapped only between its pairs (see :func:`key_lines`): Rich
    wraps at any space, a no-break one too, and would part "Ctrl+Q:" from its word."""

    def __init__(self, text: str, **kwargs: Any) -> None:
        super().__init__(text, markup=False, **kwargs)
        self._keys = text

    def _packed(self, width: int) -> Content:
        return Content("\n".join(key_lines(self._keys, width)))

    def render(self) -> Content:
        return self._packed(self.content_size.width or cell_len(self._keys))

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        # Textual's own docs and Widget pass a widget's styles; its RulesMap hint is too narrow.
        return self._packed(width).get_height(self.styles, width)  # type: ignore[arg-type]


def answer_button(label: str, **kwargs: Any) -> Button:
    """A dialog's button for the mouse: it never takes the focus, as a focused button would
    answer Enter and Space, which are spit keys (each button says its own key)."""
    button = Button(label, classes="answer", **kwargs)
    button.can_focus = False
    return button
