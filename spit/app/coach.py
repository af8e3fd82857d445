"""The practice round's guide: which step the player is at, and what to tell them.

Pure (no Textual): every step is decided from the engine's facts, the seat's view and the
events of each accepted action, never from a rule worked out here.
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from typing import Final

from spit import words
from spit.engine import (
    Card,
    CardPlayed,
    CardSpat,
    Event,
    Fill,
    Phase,
    Play,
    PlayerView,
    RoundSettled,
    SlotFilled,
)
from spit.i18n import _
from spit.settings.keymap import KeyMap

GO_ON_KEY: Final = "tab"
"""The key that goes on from a step that only shows something: the app keeps Tab for
itself (``keymap.RESERVED_KEYS``), so no player's card key can be it."""

GO_ON_LABEL: Final = "Tab"
"""How that key is written."""

YOU: Final = 0
"""The practising player's seat (the bot has seat 1, the top of the screen)."""


class Step(enum.Enum):
    """The steps of the practice, in order; FREE is play after them."""

    STOCKS = 1
    """Your stocks, their face-up cards, your spit cards (Tab to go on)."""
    KEYS = 2
    """The keys under each stock; press SPIT to start."""
    PLAY = 3
    """Play a card one rank up or down onto a pile."""
    FILL = 4
    """The card beneath turns up; fill an empty slot."""
    STUCK = 5
    """Nobody can move: press SPIT."""
    SLAP = 6
    """The round is over: slap the smaller pile."""
    NEXT = 7
    """What the round left, and what comes next."""
    FREE = 8
    """Every step seen: play on."""


STEPS: Final = len(Step) - 1
"""How many steps the practice has (FREE is not one)."""


class Coach:
    """The practice's progress, and its words for the table as it stands."""

    def __init__(self, keymap: KeyMap, label: Callable[[Card], str], *, ascii: bool = False):
        self.keymap = keymap
        """The player's keys: the steps name them, never a preset's."""
        self._label = label
        self._ascii = ascii
        self.done: set[Step] = set()
        """The steps the player has done."""

    # -- where the player is -------------------------------------------------------------

    def step(self, view: PlayerView) -> Step | None:
        """The step for the table as ``view`` shows it (None once the match is over): the one
        the table calls for now (stuck, slap, between rounds), else the first not yet done."""
        if view.is_over:
            return None
        phase = view.phase
        if phase is Phase.SLAP:
            return Step.SLAP
        if phase is Phase.STUCK:
            return Step.STUCK
        if view.between_rounds:
            return Step.NEXT
        if phase is Phase.DEALT:
            return Step.KEYS if Step.STOCKS in self.done else Step.STOCKS
        for step in (Step.PLAY, Step.FILL):
            if step not in self.done:
                return step
        return Step.FREE

    def heard(self, events: tuple[Event, ...], before: Step | None) -> None:
        """An accepted action's events; ``before`` is the step that was shown when it came."""
        for event in events:
            match event:
                case CardSpat() if before in (Step.STOCKS, Step.KEYS):
                    self.done |= {Step.STOCKS, Step.KEYS}
                case CardSpat() if before in (Step.STUCK, Step.NEXT):
                    self.done.add(before)
                case CardPlayed(player=player) if player == YOU:
                    self.done.add(Step.PLAY)
                case SlotFilled(player=player) if player == YOU:
                    self.done.add(Step.FILL)
                case RoundSettled() if before is Step.SLAP:
                    self.done.add(Step.SLAP)
                case _:
                    pass

    def go_on(self, view: PlayerView) -> bool:
        """Tab: the step that only shows something is done. True if the practice ends
        (Tab after the round's end)."""
        step = self.step(view)
        if step is Step.STOCKS:
            self.done.add(Step.STOCKS)
        elif step is Step.NEXT:
            self.done.add(Step.NEXT)
            return True
        return False

    def reading(self, view: PlayerView) -> bool:
        """Whether the step on show only asks the player to read (their card keys wait)."""
        return self.step(view) is Step.STOCKS

    # -- what it says --------------------------------------------------------------------

    def heading(self, step: Step | None) -> str:
        """The panel's heading: the step's number while it is still to be done."""
        if step is None or step is Step.FREE or step in self.done:
            return words.practice.practice_step(None, STEPS)
        return words.practice.practice_step(step.value, STEPS)

    def says(self, view: PlayerView) -> str:
        """The words for the table as ``view`` shows it."""
        step = self.step(view)
        spit = self._keys("spit")
        match step:
            case Step.STOCKS:
                return words.practice.practice_stocks(view.me.spit_cards, GO_ON_LABEL)
            case Step.KEYS:
                return words.practice.practice_keys(
                    self._keys("stock1.left"),
                    self._keys("stock1.right"),
                    self._keys("stock1.fill"),
                    spit,
                )
            case Step.PLAY:
                play = next((a for a in view.legal_actions if isinstance(a, Play)), None)
                if play is None:
                    return words.practice.practice_no_play()
                row = "left" if play.pile == 0 else "right"
                card, top = view.me.stocks[play.stock].top, view.piles[play.pile].top
                assert card is not None and top is not None  # the engine lists a real play
                return words.practice.practice_play(
                    self._label(card),
                    self._label(top),
                    play.pile,
                    self._keys(f"stock{play.stock + 1}.{row}"),
                )
            case Step.FILL:
                fill = next((a for a in view.legal_actions if isinstance(a, Fill)), None)
                if fill is None:
                    return words.practice.practice_fill_later()
                card = view.me.stocks[fill.stock].top
                assert card is not None  # the engine lists a fill from a stock with cards
                return words.practice.practice_fill(
                    self._label(card), fill.stock + 1, self._keys(f"stock{fill.stock + 1}.fill")
                )
            case Step.STUCK:
                one_pile = view.one_pile
                without = None if one_pile is None else one_pile.without_spit_cards
                return words.practice.practice_stuck(spit, without)
            case Step.SLAP:
                sizes = (view.piles[0].size, view.piles[1].size)
                return words.practice.practice_slap(
                    view.went_out,
                    sizes,
                    self._keys("stock1.left", both=False),
                    self._keys("stock1.right", both=False),
                )
            case Step.NEXT:
                settled = view.last_round
                assert settled is not None  # between rounds, a round has settled
                one_pile = view.one_pile  # the next round's, dealt already
                return words.practice.practice_next(
                    settled.took[YOU],
                    settled.held,
                    spit,
                    GO_ON_LABEL,
                    ready=one_pile is not None and one_pile.without_spit_cards == YOU,
                )
            case Step.FREE:
                return words.practice.practice_free()
        return ""

    def _keys(self, control: str, *, both: bool = True) -> str:
        """The keys that do ``control`` for the player: against the bot both halves of the
        keyboard play, so the left half's key, then the right half's."""
        left = words.labels.control_label(self.keymap, f"p1.{control}", ascii=self._ascii)
        if not both:
            return left
        right = words.labels.control_label(self.keymap, f"p2.{control}", ascii=self._ascii)
        return _("{first} or {second}").format(first=left, second=right)
