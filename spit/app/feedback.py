"""The table's feedback and its six timers: a flash per spit pile, a message per player, the
last play written under each pile, each fading on its own and all pausing with the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual.message_pump import MessagePump

from spit.app.presenter import Feedback
from spit.app.timers import Fader
from spit.engine import CardPlayed, CardSpat, Event, RoundSettled


class Moment:
    """One thing the table says for a while, and the fader that takes it away."""

    def __init__(self, owner: MessagePump, faded: Callable[[], None]) -> None:
        self.shown: Any = None
        """What is said now (None: nothing)."""
        self.fader = Fader(owner, self._fade)
        self._faded = faded

    def show(self, what: object, seconds: float, *, running: bool = True) -> None:
        """Say ``what`` for ``seconds`` (held until the game goes on, unless ``running``)."""
        self.shown = what
        self.fader.start(seconds)
        if not running:
            self.fader.pause()

    def clear(self) -> bool:
        """Say nothing any more; whether something was said."""
        self.fader.cancel()
        said, self.shown = self.shown is not None, None
        return said

    def _fade(self) -> None:
        # A message's fader also runs for a message that is already gone (its time was
        # restarted): only a change is drawn again.
        if self.shown is not None:
            self.shown = None
            self._faded()


class FeedbackTimers:
    """What the table says for a moment, and when each part fades (``faded`` is then called;
    a ``flash`` or ``last_move`` of 0 turns those off)."""

    def __init__(
        self,
        owner: MessagePump,
        faded: Callable[[], None],
        *,
        flash: float,
        message: float,
        last_move: float,
    ) -> None:
        self._lengths = (flash, message, last_move)
        self.messages, self.flashes, self.last_plays = (
            (Moment(owner, faded), Moment(owner, faded)) for _ in range(3)
        )
        """Per player, the message by their row; per spit pile, its flash and the last play
        under it."""

    @property
    def _moments(self) -> tuple[Moment, ...]:
        return (*self.messages, *self.flashes, *self.last_plays)

    def now(self) -> Feedback:
        messages, flash, last = self.messages, self.flashes, self.last_plays
        return Feedback(
            (messages[0].shown, messages[1].shown),
            (flash[0].shown, flash[1].shown),
            (last[0].shown, last[1].shown),
        )

    def show_message(self, player: int, text: str, *, running: bool = True) -> None:
        """Say ``text`` by ``player``'s row for a while (held until the game goes on)."""
        # A held key repeats the same refusal: keep the message, only restart its time.
        self.messages[player].show(text, self._lengths[1], running=running)

    def clear_message(self, player: int) -> bool:
        """Take ``player``'s message away; whether there was one."""
        return self.messages[player].clear()

    def heard(self, events: Iterable[Event], *, running: bool = True) -> None:
        """Flash the piles ``events`` changed and write the plays under them; a settled round
        takes everything that was said about it away (its summary takes the table's place)."""
        flash, last_move = self._lengths[0], self._lengths[2]
        for event in events:
            match event:
                case CardPlayed(who, _, pile, card):
                    if flash > 0:
                        self.flashes[pile].show(who, flash)
                    if last_move > 0:
                        self.last_plays[pile].show((who, card), last_move, running=running)
                case CardSpat(who, pile, _) if flash > 0:
                    self.flashes[pile].show(who, flash)
                case RoundSettled():
                    for moment in (*self.last_plays, *self.messages):
                        moment.clear()
                case _:
                    pass

    def pause(self) -> None:
        """Hold every timer with what it has left."""
        for moment in self._moments:
            moment.fader.pause()

    def resume(self) -> None:
        """Go on where :meth:`pause` stopped."""
        for moment in self._moments:
            moment.fader.resume()

    def cancel(self) -> None:
        """Stop every timer for good."""
        for moment in self._moments:
            moment.fader.cancel()
