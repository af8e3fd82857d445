"""The bot's hand: it plans a move from its view, and the move lands a reaction time later.

Pure (time comes in as ``now``, randomness from its ``random.Random``); ``docs/bot.md`` gives
the driver protocol (``plan`` whenever the table may have changed, apply at ``planned.at``,
then ``landed``), the model of the hand, stale plans and the mistakes it makes.
"""

from __future__ import annotations

import math
import random
from typing import Final, NamedTuple

from spit.bot.levels import FORM_RANGE, Level
from spit.bot.levels import level as level_named
from spit.bot.strategy import Policy, choose, choose_random
from spit.engine import STOCKS, Action, Fill, Play, PlayerView, Result, Slap, Spit


class Planned(NamedTuple):
    """A move the bot's hand is making: ``action`` lands on the table at time ``at``.

    A named tuple, made in one call for nearly every move (a frozen dataclass sets six fields
    through descriptors). Drivers tell plans apart by identity (``is``).
    """

    action: Action  # what the bot's finger presses (a mis-key makes it differ from meant)
    at: float  # when it lands, on the driver's game clock (seconds)
    meant: Action | None = None  # the move the bot chose (None: the same as action)
    since: float = 0.0  # when the table changed that the bot is answering with this move
    weighed: int = 1  # how many moves it chose among
    second_look: bool = False  # whether it missed every move at first and had to look again

    @property
    def intended(self) -> Action:
        """The move the bot chose, whatever key its finger hits."""
        return self.action if self.meant is None else self.meant


_new_planned: Final = tuple.__new__
"""A :class:`Planned` made from all six fields at once: ``tuple.__new__(Planned, fields)``
is what its ``__new__`` calls, less a Python call (a plan is made for nearly every move)."""


class Bot:
    """A player at one level, for one seat. Drive it with :meth:`plan` and :meth:`landed`."""

    # Slots: plan reads and writes a dozen of these for every look at the table.
    __slots__ = (
        "__weakref__",
        "_choosing",
        "_day",
        "_fastest",
        "_fits_since",
        "_form",
        "_form_round",
        "_level",
        "_pending",
        "_pending_round",
        "_picks_at_random",
        "_rng",
        "_seen",
        "player",
        "policy",
    )

    def __init__(
        self,
        player: int,
        level: Level | str,
        rng: random.Random,
        *,
        policy: Policy = Policy.STRATEGY,
    ) -> None:
        if player not in (0, 1):
            raise ValueError(f"no such player: {player!r}")
        self.player = player  # the seat the bot plays (against a person, 1: the top of the table)
        self.level = level_named(level) if isinstance(level, str) else level
        self.policy = policy  # how it chooses among the moves it sees
        # Asked on every plan: an enum's attribute is slow to read in Python 3.11.
        self._picks_at_random = policy is Policy.RANDOM
        self._rng = rng
        self._pending: Planned | None = None
        self._pending_round = 0
        self._fits_since: float | None = None
        self._seen: PlayerView | None = None
        self._form_round = 0
        self._form = 1.0
        self._day: float | None = None

    @property
    def level(self) -> Level:
        """How fast and how carefully it plays."""
        return self._level

    @level.setter
    def level(self, level: Level) -> None:
        self._level = level
        # The level's own answers, asked for nearly every move: worked out once per level.
        self._fastest = level.fastest()
        self._choosing: dict[int, float] = {}

    @property
    def pending(self) -> Planned | None:
        """The move the hand is making, if any."""
        return self._pending

    def plan(self, view: PlayerView, now: float) -> Planned | None:
        """Look at the table at ``now``: the move in progress (the same :class:`Planned` while
        a plan stands), or None. Asked again about the same view, it draws nothing."""
        if view.player != self.player:
            raise ValueError(f"the bot plays seat {self.player}, not {view.player}")
        pending = self._pending
        if view is self._seen and pending is not None:
            return pending  # the same table (the engine keeps a view until it changes)
        self._seen = view
        lv = self._level
        round_number = view.round_number
        if round_number != self._form_round:  # a new round: how the bot is doing today
            self._form_round = round_number
            if self._day is None:  # the first look of the match: how the bot is doing today
                self._day = self._rng.gauss(0.0, lv.day) if lv.day > 0 else 0.0
            form = math.exp(self._day + (self._rng.gauss(0.0, lv.form) if lv.form > 0 else 0.0))
            self._form = min(max(form, FORM_RANGE[0]), FORM_RANGE[1])
        legal = view.legal_actions
        looked: float | None = None
        if pending is not None and round_number == self._pending_round:
            # Whether the key pressed fits, and whether the move meant is still legal: one
            # look at the legal actions answers both when they are the same action.
            pressed = pending.action
            meant = pending.meant
            if type(pressed) is Play and not view.piles[pressed.pile].in_play:
                fits = self._fits(pressed, view)
                standing = None
            else:
                fits = pressed in legal
                standing = fits if meant is None else None
            if fits:
                if self._fits_since is None:  # the key pressed fits only since this change
                    self._fits_since = now
                    if pending.at - now < self._fastest:
                        pending = None  # too soon to be an answer to it: look afresh
            else:
                self._fits_since = None
            if pending is not None:
                if standing is None:
                    standing = (pressed if meant is None else meant) in legal
                if standing:
                    return pending
                # The move no longer fits: the bot sees it only once it notices the change.
                looked = now + lv.notice.sample(self._rng) * self._form
                if looked >= pending.at:
                    return pending  # too late to stop the hand: it lands, and may be refused
        # Nothing in hand, a move noticed in time to stop, or a new deal on the table.
        self._pending = None
        if not legal:
            return None  # nothing to do (either policy chooses nothing, and draws nothing)
        if self._picks_at_random:
            choice = choose_random(view, self._rng)
        else:
            choice = choose(view, self._rng, overlook=lv.overlook, first_fit=lv.first_fit)
        if choice is None:
            return None
        meant, second_look, weighed = choice.action, choice.second_look, choice.weighed
        if looked is None:  # a fresh look: first it notices what changed
            looked = now + lv.notice.sample(self._rng) * self._form
        # From having seen the table to the key landing: choosing among the moves weighed
        # (Hick-Hyman, kept per number of moves), then pressing.
        choosing = self._choosing.get(weighed)
        if choosing is None:
            choosing = self._choosing[weighed] = lv.choosing(weighed)
        delay = choosing + lv.key
        if second_look:  # every move was missed: it looks again before it finds one
            delay += lv.notice.sample(self._rng)
        at = looked + delay * self._form
        locked = view.sides[self.player].locked_until
        if locked is not None and locked > at:
            at = locked
        # The key the finger hits: now and then a neighbour of the one meant.
        miskey = lv.miskey
        if miskey <= 0 or isinstance(meant, Spit) or self._rng.random() >= miskey:
            pressed = meant
        else:
            pressed = self._neighbour(meant)
        # A move meant is one of the legal actions (the strategy picks it from them); a
        # slap is made for the pile chosen, and a mis-key is another key: those are looked up.
        if pressed is meant and type(meant) is not Slap:
            self._fits_since = now
        else:
            self._fits_since = now if self._fits(pressed, view) else None
        # Planned(...) with every field, without its __new__'s Python call.
        self._pending = _new_planned(
            Planned, (pressed, at, None if pressed is meant else meant, now, weighed, second_look)
        )
        self._pending_round = round_number
        return self._pending

    def landed(self, result: Result) -> None:
        """The driver applied the pending move; ``result`` says whether the table took it."""
        del result  # the next plan reads the table, lock included, from the view
        self._pending = None
        self._seen = None  # look again, even if the table did not change (a refusal)

    def cancel(self) -> None:
        """Drop the move in progress (quit, rematch)."""
        self._pending = None
        self._seen = None

    @staticmethod
    def _fits(action: Action, view: PlayerView) -> bool:
        """Whether the table would take ``action`` now (a play as the pile it lands on)."""
        if type(action) is Play and not view.piles[action.pile].in_play:
            # Aimed at the unused pile of a single-pile round: it lands on the other.
            action = Play(action.player, action.stock, 1 - action.pile)
        return action in view.legal_actions

    def _neighbour(self, action: Play | Fill | Slap) -> Action:
        """A key next to the one meant (a mis-key), drawn from the bot's RNG."""
        if isinstance(action, Slap):
            return Slap(action.player, 1 - action.pile)  # the other pile's row
        # Keys in a grid: a row per pile, then the fill row; a column per stock.
        row = 2 if isinstance(action, Fill) else action.pile
        col = action.stock
        near = [
            (r, c)
            for r, c in ((row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1))
            if 0 <= r <= 2 and 0 <= c < STOCKS
        ]
        r, c = near[self._rng.randrange(len(near))]
        return Fill(action.player, c) if r == 2 else Play(action.player, c, r)
