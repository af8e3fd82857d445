"""The guided practice round: the game screen with a guide's panel under the table, its
pause (which can end the practice), and the offer of a practice at the very first start.

The practice is a real deal played through the same :class:`~spit.app.game.GameScreen`,
against :class:`~spit.game.patient.PatientDriver`, a bot that moves only when the player
cannot. :class:`~spit.app.coach.Coach` decides each step from the engine's facts; this
module only shows its words and passes it the keys and events. The panel sits below the
table, so it never covers a card, and holds no focus: the keys stay the players'.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from spit import words
from spit.app.bindings import by_place, worded
from spit.app.coach import GO_ON_KEY, GO_ON_LABEL, YOU, Coach, Step
from spit.app.dialog import Dialog
from spit.app.game import GameScreen, Pace
from spit.app.messages import OpenMenu
from spit.app.screens import KeyLine, PauseScreen, answer_button
from spit.app.table import RoundSummary
from spit.engine import Play, Result
from spit.game import Change, Game
from spit.game.patient import PatientDriver
from spit.settings.keymap import Control, KeyMap
from spit.settings.options import GameOptions

PANEL_LINES = 4
"""Rows of the guide's panel: what an 80×24 terminal has left under the table."""


class CoachPanel(Static):
    """The guide's words, in a band under the table."""

    DEFAULT_CSS = f"""
    CoachPanel {{
        dock: bottom;
        height: {PANEL_LINES};
        padding: 0 1;
        background: #173a5e;
        color: #f0f0f0;
    }}
    """


class PracticeScreen(GameScreen):
    """A practice round: the table, and under it the guide's step."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            GO_ON_KEY,
            "go_on",
            worded(words.dialogs.binding, "go on"),
            show=False,
            id="practice-go-on",
        ),
    ]
    """Tab goes on from a step that only shows the table (Esc pauses, as in any game)."""

    def __init__(
        self,
        options: GameOptions,
        game: Game,
        *,
        keymap: KeyMap,
        pace: Pace,
        driver: PatientDriver,
    ) -> None:
        super().__init__(options, game, keymap=keymap, pace=pace)
        self.coach = Coach(keymap, self.look.label, ascii=options.ascii)
        """The steps and their words."""
        self.driver = driver
        """The patient bot, which asks :meth:`bot_may_move` before each card."""
        driver.gate = self.bot_may_move
        self.ended = False
        """Whether the player has left the practice."""
        self._shown: Step | None = None

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield CoachPanel(id="coach", markup=False)

    def table_room(self) -> tuple[int, int]:
        """The guide's band takes its lines from the table's: the cards grow only when the
        table has room for them above it."""
        width, height = self.app.size
        return width, height - PANEL_LINES

    @property
    def step(self) -> Step | None:
        """The step on show."""
        return self.coach.step(self.game.view(YOU))

    def bot_may_move(self) -> bool:
        """The bot waits while the player reads or still has a card to play (the engine's
        legal actions say whether they have)."""
        view = self.game.view(YOU)
        if self.coach.reading(view):
            return False
        return not any(isinstance(action, Play) for action in view.legal_actions)

    # -- keys and verdicts ---------------------------------------------------------------

    def press(self, control: Control) -> Result | None:
        if self.running and self.coach.reading(self.game.view(YOU)):
            self.feedback.show_message(YOU, words.practice.practice_wait(GO_ON_LABEL))
            self.redraw()
            return None
        return super().press(control)

    def table_changed(self, change: Change) -> None:
        # The engine has applied the action already: what counts is the step on show when
        # the player (or the bot) acted.
        if change.refusal is None:
            self.coach.heard(change.events, self._shown)
        super().table_changed(change)

    def action_go_on(self) -> None:
        """Tab: on from a step that shows the table; after the round's end, the practice ends."""
        if not self.running:
            return
        if self.coach.go_on(self.game.view(YOU)):
            self.leave()
            return
        self.redraw()
        self.driver.poke()

    def action_pause(self) -> None:
        """Escape: pause; the pause can end the practice."""

        def answered(answer: str | None) -> None:
            if answer == "leave":
                self.leave()

        self.app.push_screen(PracticePauseScreen(grace=self.pace.grace), answered)

    def leave(self) -> None:
        """End the practice: back to the start menu."""
        if self.ended:
            return
        self.ended = True
        self.post_message(OpenMenu())

    # -- drawing -------------------------------------------------------------------------

    def redraw(self) -> None:
        super().redraw()
        view = self.game.view(YOU)
        if view.between_rounds:
            # The guide's step says what the summary would, in the room the panel leaves.
            self.query_one(RoundSummary).display = False
        step = self._shown = self.coach.step(view)
        if step is None:
            return
        text = Text(self.coach.heading(step) + "  ", style="bold #ffd54f")
        text.append(self.coach.says(view))
        self.query_one(CoachPanel).update(text)


class PracticePauseScreen(PauseScreen):
    """Escape during the practice: the pause, and a way out of the practice.

    Answers "leave" to end the practice, else None. Leaving is Ctrl+L, a key no player plays
    with (a letter would be someone's card; the pause stays deaf to those); in a browser,
    where Ctrl+L belongs to the address bar, L does it once the pause's grace is over.
    """

    DEFAULT_CSS = """
    PracticePauseScreen #leave-row {
        height: auto;  /* the box keeps to its lines, not the whole terminal's height */
        align: center middle;
        margin-top: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "ctrl+l",
            "leave",
            worded(words.dialogs.binding, "leave the practice"),
            id="leave-practice",
        ),
        Binding(
            "l",
            "browser_leave",
            worded(words.dialogs.binding, "leave the practice"),
            show=False,
            id="browser-leave",
        ),
    ]
    """The pause's keys, and leaving the practice."""

    def on_mount(self) -> None:
        # (Textual calls PauseScreen's own on_mount as well: it sets the grace timer.)
        box = self.query_one(Vertical)
        web = self.app.is_web
        line, button = words.practice.practice_leave(web=web)
        box.mount(Static(line, markup=False))
        box.mount(Horizontal(answer_button(button, variant="warning", id="leave"), id="leave-row"))

    def action_leave(self) -> None:
        """Ctrl+L: end the practice."""
        self.dismiss("leave")  # type: ignore[arg-type]

    def action_browser_leave(self) -> None:
        """L in a browser: end the practice."""
        if self._awake and self.app.is_web:
            self.dismiss("leave")  # type: ignore[arg-type]

    @on(Button.Pressed, "#leave")
    def _leave_pressed(self) -> None:
        self.dismiss("leave")  # type: ignore[arg-type]


class PracticeOfferScreen(Dialog[bool]):
    """At the very first start: offers the practice round. True to practise, else False."""

    DEFAULT_CSS = """
    PracticeOfferScreen {
        align: center middle;
    }
    PracticeOfferScreen > Vertical {
        width: 64;
        height: auto;
        border: round $accent;
        padding: 1 2;
        background: $surface;
    }
    PracticeOfferScreen Static {
        width: 100%;
        text-align: center;
        margin-bottom: 1;
    }
    PracticeOfferScreen Horizontal {
        height: auto;
        align: center middle;
    }
    PracticeOfferScreen Button {
        margin: 0 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = by_place(
        [
            Binding(
                "enter,p", "answer(True)", worded(words.dialogs.binding, "practise"), id="practise"
            ),
            Binding(
                "escape",
                "answer(False)",
                worded(words.dialogs.binding, "not now"),
                id="no-practice",
            ),
        ]
    )
    """The offer's keys (no game is going on: Enter is nobody's spit here)."""

    def compose(self) -> ComposeResult:
        question, keys, practise, not_now = words.practice.practice_offer()
        with Vertical():
            yield Static(question, id="offer", markup=False)
            yield KeyLine(keys)
            with Horizontal():
                yield answer_button(practise, variant="primary", id="practise")
                yield answer_button(not_now, id="not-now")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "practise")

    def action_answer(self, answer: bool) -> None:
        """Close with the answer."""
        self.dismiss(answer)
