"""The players' names for this session, given in the start menu (the config file's
``[players]`` table gives them for good): kept in the match records and shown at the table."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from spit import words
from spit.app.dialogs.dialog import TwoFields
from spit.i18n import _, ngettext
from spit.settings.config import NAME_LENGTH

Names = tuple[str | None, str | None]
"""Player 1's and player 2's names; None for the default name."""


def clean_name(text: str) -> str | None:
    """A name as typed, trimmed; None for a blank one. ValueError if it cannot be shown."""
    name = text.strip()
    if not name:
        return None
    if len(name) > NAME_LENGTH or not name.isprintable():
        raise ValueError(name)
    return name


class NamesScreen(TwoFields[Names]):
    """Two fields for the players' names. Enter keeps them, Esc leaves them as they were."""

    DEFAULT_CSS = """
    NamesScreen > Vertical {
        width: 52;
        padding: 0 2;
    }
    NamesScreen Label {
        margin-top: 1;
    }
    NamesScreen Horizontal {
        margin-top: 1;
    }
    """

    def __init__(self, names: Names) -> None:
        super().__init__()
        self._names = names

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(
                _("Your names, kept with every match you play (blank: the default)"), markup=False
            )
            yield Label(_("Player 1 (the left half; you, against the bot)"), markup=False)
            yield Input(
                self._names[0] or "",
                placeholder=words.labels.player_name(0),
                max_length=NAME_LENGTH,
                id="first",
            )
            yield Label(_("Player 2 (the right half)"), markup=False)
            yield Input(
                self._names[1] or "",
                placeholder=words.labels.player_name(1),
                max_length=NAME_LENGTH,
                id="second",
            )
            yield from self.problem_and_buttons(words.dialogs.button("keep names"))

    def answer(self, first: str, second: str) -> Names:
        try:
            return clean_name(first), clean_name(second)
        except ValueError:
            problem = ngettext(
                "A name is up to {n} letter, digit or space.",
                "A name is up to {n} letters, digits or spaces.",
                NAME_LENGTH,
            ).format(n=NAME_LENGTH)
            raise ValueError(problem) from None
