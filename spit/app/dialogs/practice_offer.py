"""At the very first start: the offer of a practice round."""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import ComposeResult
from textual.binding import BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from spit import words
from spit.app.bindings import bind, by_place
from spit.app.dialogs.dialog import KeyLine, Question, answer_button
from spit.i18n import _


class PracticeOfferScreen(Question[bool]):
    """At the very first start: offers the practice round. True to practise, else False."""

    DEFAULT_CSS = """
    PracticeOfferScreen > Vertical {
        width: 64;
    }
    PracticeOfferScreen Static {
        margin-bottom: 1;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = by_place(
        [
            bind("enter,p", "answer(True)", "practise", "practise"),
            bind("escape", "answer(False)", "not now", "no-practice"),
        ]
    )
    """The offer's keys (no game is going on: Enter is nobody's spit here)."""

    ANSWERS: ClassVar[dict[str, Any]] = {"practise": True, "not-now": False}

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
