"""What the start menu offers once, when it first opens: the practice round at the very first
start, and a match cut short to go on with (or give up)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from spit import words

if TYPE_CHECKING:
    from spit.app.app import SpitApp
    from spit.records.record import Record


class StartOffers:
    """The offers of :class:`spit.app.app.SpitApp`'s menu, answered once each."""

    def __init__(self, app: SpitApp, *, practice: bool) -> None:
        self._app = app
        self.practice = practice
        """Whether the practice is still to be offered (at the very first start)."""

    def offer_practice(self) -> None:
        """At the very first start's menu: offer the practice round. Once answered, either
        way, the config file says so and it is not offered again."""
        app = self._app
        if not self.practice or app.config_file is None:
            return
        from spit.app.dialogs.practice_offer import PracticeOfferScreen  # deferred: start-up

        def answered(practise: bool | None) -> None:
            self.practice_offered()
            if practise:
                app.start_practice(app.options)

        app.push_screen(PracticeOfferScreen(), answered)

    def practice_offered(self) -> None:
        """The practice was offered or found: the config file says so."""
        self.practice = False
        self._app.keep({("menu", "practice_offered"): True})

    def offer_resume(self) -> None:
        """At the menu: offer the newest unfinished match, if there is one."""
        from spit.app.dialogs.resume import ResumeScreen, offered_names  # deferred: start-up

        app = self._app
        record = app.session.unfinished()
        if record is None:
            return
        names = offered_names(record)

        def answered(answer: str | None) -> None:
            if answer == "resume":
                app.resume_match(record)
            elif answer == "give-up":
                self._give_up(record)

        app.push_screen(ResumeScreen(record, names), answered)

    def _give_up(self, record: Record) -> None:
        from spit.records.record import RecordError  # deferred: start-up

        try:
            self._app.session.give_up(record)
        except (RecordError, OSError) as error:
            self._app.notice(words.records.record_failure(error))
