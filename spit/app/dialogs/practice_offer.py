"""At the very first start: the offer of a practice round."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Static

from spit import words
from spit.app.bindings import by_place, worded
from spit.app.dialogs.dialog import Dialog, KeyLine, answer_button
from spit.i18n import _


class PracticeOfferScreen(Dialog[bool]):
    """At the very first start: offers the practice round. True to practise, else False."""

    DEFAULT_CSS = """
    PracticeOfferScreen > Vertical {
        width: 64;
    }
    PracticeOfferScreen Static {
        width: 100%;
        text-align: center;
        margin-bottom: 1;
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
        question = _(
            "New to Spit? A practice round against a patient bot shows you the table "
            "and the keys, step by step."
        )
        with Vertical():
            yield Static(question, id="offer", markup=False)
            yield KeyLine(
                _("Enter: practise · Esc: not now ({key} in the menu practises later)").format(
                    key=words.menu.shortcut("practice")
                )
            )
            with Horizontal():
                yield answer_button(_("Practise (Enter)"), variant="primary", id="practise")
                yield answer_button(_("Not now (Esc)"), id="not-now")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "practise")
