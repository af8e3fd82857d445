"""The notice over the table while a networked room stands still."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Vertical
from textual.widgets import Static

from spit import words
from spit.app.bindings import bind
from spit.app.dialogs.dialog import KeyLine, Question
from spit.app.messages import CloseRoom


class StandstillScreen(Question[None]):
    """Over the table while a networked room stands still for a reason not of this player's
    making, until it plays again; while the host waits for the friend, Esc closes the room."""

    DEFAULT_CSS = """
    StandstillScreen > Vertical {
        width: 64;
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
        bind("escape", "close_room", "close the room", "close-room"),
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
        self.call_after_refresh(self.fit_band)

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
                self.call_after_refresh(self.fit_band)
