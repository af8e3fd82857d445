"""Error notices about what the menu was asked, which go once a table is shown."""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.notifications import Notification, Notify


class MenuNotices:
    """Error notices over the menu (a seat not taken, a match that could not go on or be gone
    on with): they go once a table is shown, rather than cover the player's stocks there for
    their remaining seconds."""

    def __init__(self, app: App[Any]) -> None:
        self._app = app
        self._shown: list[Notification] = []

    def say(self, text: str, *, timeout: float | None = None) -> None:
        """Show ``text`` over the menu (for ``timeout`` seconds, else the app's default)."""
        app = self._app
        # Without markup: the text may carry a name or a file's (see test_outside_text).
        seconds = app.NOTIFICATION_TIMEOUT if timeout is None else timeout
        notification = Notification(text, "", "error", seconds, False)
        app.post_message(Notify(notification))
        self._shown.append(notification)

    def clear(self) -> None:
        """Take every notice shown away: a table (or a seat being taken) replaces the menu."""
        shown, self._shown = self._shown, []
        for notification in shown:
            # Textual's own way to take one notice away (as a toast's timer does).
            self._app._unnotify(notification, refresh=False)
        if shown:
            self._app._refresh_notifications()
