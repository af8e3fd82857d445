"""The floor: the smallest Textual app that updates one ``Static`` per key press.

Every figure of the game's app is measured against this app in the same run. It imports
nothing from spit, so its startup, idle cost and memory are Textual's own.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from textual import events
from textual.app import App, ComposeResult
from textual.widgets import Static


class FloorApp(App[None]):
    """One ``Static`` that shows how many keys were pressed."""

    def __init__(self) -> None:
        super().__init__()
        self.presses = 0
        """Keys pressed so far."""
        self.on_change: Callable[[float], None] | None = None
        """Told the ``perf_counter`` time right after each key has changed the widget."""
        self._label = Static("0")

    def compose(self) -> ComposeResult:
        yield self._label

    def on_key(self, event: events.Key) -> None:
        self.presses += 1
        self._label.update(str(self.presses))
        if self.on_change is not None:
            self.on_change(time.perf_counter())


if __name__ == "__main__":
    FloorApp().run()
