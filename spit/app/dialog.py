"""Dialogs that close themselves exactly once, whatever else is in flight.

Textual's ``Screen.dismiss`` pops whichever screen is on top, not necessarily the one it is
called on. A dialog's answer can be on its way (a button's ``Pressed`` message, a second
key, a binding's action) while something else happens first: F1 opens help on top, or
another answer already closed the dialog. Answered late, the dismissal then closed help
instead, and the next one crashed the app (``InvalidStateError``, ``ScreenStackError``).
"""

from __future__ import annotations

from textual import events, on
from textual.await_complete import AwaitComplete
from textual.screen import ModalScreen, ScreenResultType

from spit.app.bindings import WordedBindings


class Dialog(WordedBindings, ModalScreen[ScreenResultType]):
    """A modal screen that is answered once.

    The first answer wins and later ones are ignored. An answer given while another screen
    is on top of the dialog (help, the too-small notice) waits until the dialog is on top
    again, so it closes the dialog and nothing else.
    """

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

    @on(events.ScreenResume)
    def _answer_waiting(self) -> None:
        if self._waiting is not None:
            (result,) = self._waiting
            self._waiting = None
            self.dismiss(result)
