"""What the start menu offers once, when it first opens: the practice round at the very first
start, and a match cut short to go on with (or give up)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from spit import words

if TYPE_CHECKING:
    from spit.game.session import Session
    from spit.records.record import Record
    from spit.settings.options import GameOptions


class StartOffers:
    """The offers of :class:`spit.app.app.SpitApp`'s menu, answered once each."""

    # What the offers need of the app they are mixed into.
    config_file: Path | None
    options: GameOptions
    session: Session
    _offer: bool
    push_screen: Callable[..., Any]
    start_practice: Callable[[GameOptions], None]
    resume_match: Callable[[Record], None]
    _keep: Callable[[Mapping[tuple[str, ...], object]], None]
    _notice: Callable[[str], None]

    def _offer_practice(self) -> None:
        """At the very first start's menu: offer the practice round. Once answered, either
        way, the config file says so and it is not offered again."""
        if not self._offer or self.config_file is None:
            return
        from spit.app.dialogs.practice_offer import PracticeOfferScreen  # deferred: start-up

        def answered(practise: bool | None) -> None:
            self._practice_offered()
            if practise:
                self.start_practice(self.options)

        self.push_screen(PracticeOfferScreen(), answered)

    def _practice_offered(self) -> None:
        self._offer = False
        self._keep({("menu", "practice_offered"): True})

    def _offer_resume(self) -> None:
        """At the menu: offer the newest unfinished match, if there is one."""
        from spit.app.dialogs.resume import ResumeScreen, offered_names  # deferred: start-up

        record = self.session.unfinished()
        if record is None:
            return
        names = offered_names(record)

        def answered(answer: str | None) -> None:
            if answer == "resume":
                self.resume_match(record)
            elif answer == "give-up":
                self._give_up(record)

        self.push_screen(ResumeScreen(record, names), answered)

    def _give_up(self, record: Record) -> None:
        from spit.records.record import RecordError  # deferred: start-up

        try:
            self.session.give_up(record)
        except (RecordError, OSError) as error:
            self._notice(words.records.record_failure(error))
