"""The offer at the start: "Resume the match from …?" for a match that did not finish."""

from __future__ import annotations

from datetime import datetime
from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from spit import words
from spit.app.bindings import worded
from spit.app.dialogs.dialog import Dialog, KeyLine, answer_button
from spit.i18n import _, ngettext
from spit.records.record import Record


def when(record: Record) -> str:
    """When the match was last played, in local time: ``Tue 1 Dec 14:05``."""
    try:
        stamp = datetime.fromtimestamp(record.path.stat().st_mtime)
    except OSError:
        stamp = datetime.fromisoformat(record.header.started.replace("Z", "+00:00")).astimezone()
    return words.dates.date_and_time(stamp.weekday(), stamp.day, stamp.month, f"{stamp:%H:%M}")


def offered_names(record: Record) -> tuple[str, str]:
    """How the offer calls the record's players: as the table does (their names, else You,
    Bot, Player 1 or Player 2 in the player's language)."""
    against_bot = record.header.mode == "bot"
    first, second = (
        p.name or words.labels.player_name(seat, against_bot=against_bot)
        for seat, p in enumerate(record.header.players)
    )
    return first, second


def table_summary(record: Record, names: tuple[str, str]) -> str:
    """Where the match stands: the round and the cards each holds."""
    view = record.match.view(0)
    held = [
        ngettext("{name} {n} card", "{name} {n} cards", side.cards).format(
            name=names[player], n=side.cards
        )
        for player, side in enumerate(view.sides)
    ]
    return " · ".join([words.dialogs.round_number(view.round_number), *held])


class ResumeScreen(Dialog[str]):
    """Offers the unfinished match: "resume", "give-up" (never offered again), or None."""

    DEFAULT_CSS = """
    ResumeScreen > Vertical {
        width: 70;  /* three buttons side by side in German too, as the quit question */
    }
    ResumeScreen Static {
        width: 100%;
        text-align: center;
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(
            "enter,ctrl+r",
            "answer('resume')",
            worded(words.dialogs.binding, "resume"),
            id="resume-match",
        ),
        Binding(
            "ctrl+d",
            "answer('give-up')",
            worded(words.dialogs.binding, "give up"),
            id="give-up-match",
        ),
        Binding("escape", "answer(None)", worded(words.dialogs.binding, "not now"), id="not-now"),
    ]
    """The offer's keys (no game is going on: Enter is nobody's spit here)."""

    def __init__(self, record: Record, names: tuple[str, str]) -> None:
        super().__init__()
        self.record = record
        """The unfinished match."""
        self._names = names

    def compose(self) -> ComposeResult:
        with Vertical():
            question = _("Resume the match from {when}?").format(when=when(self.record))
            yield Static(question, id="question", markup=False)
            yield Static(table_summary(self.record, self._names), id="where", markup=False)
            yield KeyLine(words.dialogs.dialog_text("resume keys"))
            with Horizontal():
                yield answer_button(words.dialogs.button("resume"), variant="primary", id="resume")
                yield answer_button(words.dialogs.button("give up"), variant="error", id="give-up")
                yield answer_button(words.dialogs.button("not now"), id="not-now")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None if event.button.id == "not-now" else event.button.id)
