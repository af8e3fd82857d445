"""The table's feedback and its six timers: a flash per spit pile, a message per player, the
last play written under each pile, each fading on its own and all pausing with the game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from textual.message_pump import MessagePump

from spit.app.presenter import Feedback
from spit.app.timers import Fader
from spit.engine import Card, CardPlayed, CardSpat, Event, RoundSettled


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
        self._faded = faded
        self._lengths = (flash, message, last_move)
        self._messages: list[str | None] = [None, None]
        self._flash: list[int | None] = [None, None]
        self._last: list[tuple[int, Card] | None] = [None, None]
        self.message_faders = (
            Fader(owner, lambda: self._fade(self._messages, 0)),
            Fader(owner, lambda: self._fade(self._messages, 1)),
        )
        """Per player: when the message by their row goes."""
        self.flash_faders = (
            Fader(owner, lambda: self._fade(self._flash, 0)),
            Fader(owner, lambda: self._fade(self._flash, 1)),
        )
        """Per spit pile: when its flash ends."""
        self.last_faders = (
            Fader(owner, lambda: self._fade(self._last, 0)),
            Fader(owner, lambda: self._fade(self._last, 1)),
        )
        """Per spit pile: when the last play under it goes."""

    @property
    def _faders(self) -> tuple[Fader, ...]:
        return (*self.message_faders, *self.flash_faders, *self.last_faders)

    def now(self) -> Feedback:
        messages, flash, last = self._messages, self._flash, self._last
        return Feedback((messages[0], messages[1]), (flash[0], flash[1]), (last[0], last[1]))

    def show_message(self, player: int, text: str, *, running: bool = True) -> None:
        """Say ``text`` by ``player``'s row for a while (held until the game goes on)."""
        # A held key repeats the same refusal: keep the message, only restart its time.
        self._messages[player] = text
        self.message_faders[player].start(self._lengths[1])
        if not running:
            self.message_faders[player].pause()

    def clear_message(self, player: int) -> bool:
        """Take ``player``'s message away; whether there was one."""
        self.message_faders[player].cancel()
        if self._messages[player] is None:
            return False
        self._messages[player] = None
        return True

    def heard(self, events: Iterable[Event], *, running: bool = True) -> None:
        """Flash the piles ``events`` changed and write the plays under them; a settled round
        takes everything that was said about it away (its summary takes the table's place)."""
        for event in events:
            match event:
                case CardPlayed(who, _, pile, card):
                    self._start_flash(pile, who)
                    self._show_last(pile, who, card, running)
                case CardSpat(who, pile, _):
                    self._start_flash(pile, who)
                case RoundSettled():
                    for pile in (0, 1):
                        self.last_faders[pile].cancel()
                        self._last[pile] = None
                    self.clear_message(0)
                    self.clear_message(1)
                case _:
                    pass

    def _start_flash(self, pile: int, player: int) -> None:
        if self._lengths[0] <= 0:
            return
        self._flash[pile] = player
        self.flash_faders[pile].start(self._lengths[0])

    def _show_last(self, pile: int, player: int, card: Card, running: bool) -> None:
        if self._lengths[2] <= 0:
            return
        self._last[pile] = (player, card)
        self.last_faders[pile].start(self._lengths[2])
        if not running:
            self.last_faders[pile].pause()

    def _fade(self, shown: list[Any], index: int) -> None:
        # A message's fader also runs for a message that is already gone (its time was
        # restarted): only a change is drawn again.
        if shown[index] is None:
            return
        shown[index] = None
        self._faded()

    def pause(self) -> None:
        """Hold every timer with what it has left."""
        for fader in self._faders:
            fader.pause()

    def resume(self) -> None:
        """Go on where :meth:`pause` stopped."""
        for fader in self._faders:
            fader.resume()

    def cancel(self) -> None:
        """Stop every timer for good."""
        for fader in self._faders:
            fader.cancel()
