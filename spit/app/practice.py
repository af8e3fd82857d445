"""The guided practice round: the game screen with a guide's panel under the table, its
pause (which can end the practice), and the offer of a practice at the very first start.

A real deal on the same :class:`~spit.app.game.GameScreen`, against a bot that moves only
when the player cannot; the panel never covers a card and holds no focus.
"""

from __future__ import annotations

import re
from typing import ClassVar, Final

from rich.console import Console
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from spit import words
from spit.app.bindings import worded
from spit.app.coach import GO_ON_KEY, GO_ON_LABEL, YOU, Coach, Step
from spit.app.dialogs.practice_pause import PracticePauseScreen
from spit.app.game import GameScreen, Pace
from spit.app.messages import OpenMenu
from spit.app.parts import BannerState
from spit.app.presenter import Scene, TableStates
from spit.app.table import pile_row_height
from spit.engine import Play, PlayerView, Press, Result
from spit.game import Change, Game
from spit.game.patient import PatientDriver
from spit.i18n import _
from spit.settings.keymap import KeyMap
from spit.settings.options import GameOptions

PANEL_LINES = 4
"""Rows of the guide's panel. The practice draws its cards at the game's size
(:func:`~spit.app.look.card_size_for` of the whole terminal), and at the smallest terminal of
every size (80×24, 100×32, 140×42) the table leaves at least these four lines under it.

A single-pile round's note (two lines over the piles) does not fit there too at 80×24 or
140×42: then it is folded into the band, which takes the line under the banner for it."""


_BETWEEN_PAIRS: Final = re.compile(r"\s+·\s+")
"""What puts a pair of keys after the step's words ("… play on · Tab: end the practice")."""


def band_text(text: Text, width: int, console: Console) -> Text:
    """``text`` in lines of ``width`` cells: the words wrap where they will, and each pair
    after a ``·`` ("Tab: end the practice") goes whole to the line that has room for it, so a
    key is never parted from its word."""
    cuts = [offset for match in _BETWEEN_PAIRS.finditer(text.plain) for offset in match.span()]
    pieces = text.divide(cuts)
    lines = list(pieces[0].wrap(console, width))
    for between, pair in zip(pieces[1::2], pieces[2::2], strict=True):
        last = lines[-1]
        if last.cell_len + between.cell_len + pair.cell_len <= width:
            last.append_text(between)
            last.append_text(pair)
        else:
            lines += pair.wrap(console, width)
    return Text("\n").join(lines)


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

    DEFAULT_CSS = f"""
    PracticeScreen.-note-in-band CoachPanel {{
        height: {PANEL_LINES + 1};
    }}
    PracticeScreen.-note-in-band Banner {{
        margin-bottom: 0;
    }}
    """
    """Where the round's note is folded into the band, the band takes the banner's margin."""

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

    ROUND_SUMMARY: ClassVar[bool] = False
    """Between rounds the band says what the summary would (its step 7, in the room the band
    leaves), and the middle shows the next round's call to SPIT and its piles."""

    def __init__(
        self, options: GameOptions, game: Game, *, keymap: KeyMap, pace: Pace, driver: PatientDriver
    ) -> None:
        super().__init__(options, game, keymap=keymap, pace=pace)
        self.coach = Coach(keymap, self.look.label, ascii=options.ascii)
        self.driver = driver
        """The patient bot, which asks :meth:`bot_may_move` before each card."""
        driver.gate = self.bot_may_move
        self.ended = False
        """Whether the player has left the practice."""
        self._shown: Step | None = None
        self.note_in_band = ""
        """The round's note where the middle has no room for it over the piles (the band
        says it before the step's words); empty when the banner shows it."""

    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield CoachPanel(id="coach", markup=False)

    @property
    def step(self) -> Step | None:
        return self.coach.step(self.game.view(YOU))

    def bot_may_move(self) -> bool:
        """The bot waits while the player reads or still has a card to play (the engine's
        legal actions say whether they have)."""
        view = self.game.view(YOU)
        if self.coach.reading(view):
            return False
        return not any(isinstance(action, Play) for action in view.legal_actions)

    # -- keys and verdicts ---------------------------------------------------------------

    def press(self, press: Press) -> Result | None:
        if self.running and self.coach.reading(self.game.view(YOU)):
            self.feedback.show_message(YOU, _("Read, then {key}: go on").format(key=GO_ON_LABEL))
            self.redraw()
            return None
        return super().press(press)

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

    def table_states(self, view: PlayerView, scene: Scene) -> TableStates:
        """The game's states; but where the middle has no room for a single-pile round's
        note over the piles, the note goes into the band (which takes the banner's margin)."""
        states = super().table_states(view, scene)
        banner = states.banner
        fold = banner is not None and bool(banner.note) and not self._note_fits(banner)
        self.set_class(fold, "-note-in-band")
        self.note_in_band = ""
        if fold:
            assert banner is not None
            self.note_in_band = " ".join(banner.note.splitlines())
            states = states._replace(banner=banner._replace(note=""))
        return states

    def _note_fits(self, banner: BannerState) -> bool:
        """Whether the banner with its note fits over the piles, between the two sides and
        above the band (each side as high as its lines: a row of cards, names, keys)."""
        width, height = self.app.size
        sides = sum(
            int(scalar.value)
            for side in self.query(".side")
            for part in side.children
            if part.display and (scalar := part.styles.height) is not None
        )
        middle = height - 1 - sides - PANEL_LINES  # the top bar's line
        lines = [banner.text] if banner.text else []
        lines += banner.note.splitlines()
        console = self.app.console
        needed = sum(len(Text(f" {line} ").wrap(console, width)) for line in lines)
        return max(1, needed) + 1 + pile_row_height(self.card_size) <= middle  # and the margin

    def on_resize(self) -> None:
        # (Textual calls GameScreen's own on_resize as well: it fits the cards.)
        self.redraw()  # the note may fit over the piles at the new height, or no longer

    def redraw(self) -> None:
        super().redraw()
        view = self.game.view(YOU)
        step = self._shown = self.coach.step(view)
        if step is None:
            return
        text = Text(self.coach.heading(step) + "  ", style="bold #ffd54f")
        if self.note_in_band:  # what holds for the round, then the step
            text.append(self.note_in_band + " ", style="bold")
        text.append(self.coach.says(view))
        width = self.app.size.width - 2  # the band's padding
        self.query_one(CoachPanel).update(band_text(text, width, self.app.console))
