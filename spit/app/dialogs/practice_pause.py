"""The practice's pause: the game's pause, and a way out of the practice."""

from __future__ import annotations

from typing import ClassVar

from textual.binding import BindingType

from spit import words
from spit.app.bindings import bind
from spit.app.dialogs.pause import PauseScreen


class PracticePauseScreen(PauseScreen):
    """Escape during the practice: the game's pause, and Ctrl+L ("leave") out of it (a letter
    would be someone's card; in a browser, which keeps Ctrl+L, L once the grace is over)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        bind("ctrl+l", "leave", "leave the practice", "leave-practice"),
        bind("l", "browser_leave", "leave the practice", "browser-leave", show=False),
    ]
    """The pause's keys, and leaving the practice."""

    def keys(self) -> str:
        """The game's pause keys, and under them the key that leaves the practice."""
        return super().keys() + "\n" + words.practice.practice_leave(web=self.app.is_web)

    def action_leave(self) -> None:
        """Ctrl+L: end the practice."""
        self.dismiss("leave")  # type: ignore[arg-type]

    def action_browser_leave(self) -> None:
        """L in a browser: end the practice."""
        if self.browser_key:
            self.dismiss("leave")  # type: ignore[arg-type]
