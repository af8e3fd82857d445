"""The bot's hand: it plans a move from its view, and the move lands a reaction time later.

The bot is pure: no clock, no timers, no Textual. Time comes in as ``now`` (the same game
clock the driver passes to ``Match.apply``) and randomness from the ``random.Random`` it is
given. It reads the game only through its :class:`~spit.engine.PlayerView`.

The driver protocol (the simulator follows it with a virtual clock, the app with Textual
timers on its game clock):

1. **Whenever the table may have changed** — at the start, after any accepted action by
   either player (a new round being dealt included), and right after the bot's own action
   was applied — call ``planned = bot.plan(match.view(bot.player), now)``. It returns the
   move the bot's hand is carrying out (:class:`Planned`: an action and the time ``at``
   it lands), or None when the bot has nothing to do until the table changes. If the
   returned object ``is`` the one already scheduled, keep its timer; otherwise cancel that
   timer and schedule the new plan (or nothing). Calling ``plan`` more often than needed
   (say, after the opponent's refused action) is harmless: it changes nothing.
2. **When the clock reaches** ``planned.at``: ``result = match.apply(planned.action,
   planned.at)``, then ``bot.landed(result)``, then step 1 with ``now = planned.at``.
   The engine checks the move like anyone's: it may be refused (too late, a fumble, the
   wrong moment). After a refusal the bot re-plans from the table as it is, with a fresh
   reaction time, and never before a fumble's lockout ends.
3. **Pause** (pause screen, help, any modal): stop the game clock; timers count on the
   game clock, so a plan due 0.4 s after the pause lands 0.4 s after the game resumes.
   **Quit or rematch:** cancel the timer and call :meth:`Bot.cancel` (or drop the bot and
   make a new one for the next match).

**Stale plans.** A hand in motion keeps moving. When the table changes while a plan is
pending and the planned action is still legal, the plan stands. If it is no longer legal
(the opponent covered the pile, the round ended), the bot notices only if the hand still
had more than the level's ``second_look`` to go: then it abandons the move and plans
afresh, a full reaction time from the change. Closer than that, the move lands anyway
and the engine refuses it — a harmless "too late" within 0.3 s of the change, a fumble
(with its lockout) after that. So quick levels rarely fumble and slow ones sometimes do.
A new deal is a new table: a move planned in the last round is always dropped.

**Never faster than its level.** Every move lands at least the level's floor after the
table state it was planned from: a play or fill after the reaction time, a spit after the
time to notice the stuck table (or the fresh deal), a slap after the slap time.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from spit.bot.levels import Level
from spit.bot.levels import level as level_named
from spit.bot.strategy import Choice, Policy, choose, choose_random
from spit.engine import Action, PlayerView, Result, Slap, Spit


@dataclass(frozen=True, slots=True)
class Planned:
    """A move the bot's hand is making: ``action`` lands on the table at time ``at``."""

    action: Action
    """What the bot does."""
    at: float
    """When it lands, on the driver's game clock (seconds)."""


class Bot:
    """A player at one level, for one seat. Drive it with :meth:`plan` and :meth:`landed`."""

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
        self.player = player
        """The seat the bot plays (against a person, 1: the top of the table)."""
        self.level = level_named(level) if isinstance(level, str) else level
        """How fast and how carefully it plays."""
        self.policy = policy
        """How it chooses among the moves it sees."""
        self._rng = rng
        self._pending: Planned | None = None
        self._pending_round = 0

    @property
    def pending(self) -> Planned | None:
        """The move the hand is making, if any."""
        return self._pending

    def plan(self, view: PlayerView, now: float) -> Planned | None:
        """Look at the table at ``now``; return the move in progress, or None (nothing to do).

        Returns the same :class:`Planned` object while a plan stands, so a driver can tell
        "unchanged" by identity.
        """
        if view.player != self.player:
            raise ValueError(f"the bot plays seat {self.player}, not {view.player}")
        pending = self._pending
        if pending is not None and view.round_number == self._pending_round:
            if pending.action in view.legal_actions:
                return pending
            if pending.at - now <= self.level.second_look:
                return pending  # too late to stop the hand: it lands, and may be refused
        # Nothing in hand, a move noticed in time to stop, or a new deal on the table.
        self._pending = None
        choice = self._choose(view)
        if choice is None:
            return None
        at = now + self._delay(choice)
        locked = view.me.locked_until
        if locked is not None and locked > at:
            at = locked
        self._pending = Planned(choice.action, at)
        self._pending_round = view.round_number
        return self._pending

    def landed(self, result: Result) -> None:
        """The driver applied the pending move; ``result`` says whether the table took it."""
        del result  # the next plan reads the table, lock included, from the view
        self._pending = None

    def cancel(self) -> None:
        """Drop the move in progress (quit, rematch)."""
        self._pending = None

    def _choose(self, view: PlayerView) -> Choice | None:
        if self.policy is Policy.RANDOM:
            return choose_random(view, self._rng)
        return choose(view, self._rng, overlook=self.level.overlook, blunder=self.level.blunder)

    def _delay(self, choice: Choice) -> float:
        """How long the chosen move takes to land, by what kind of move it is."""
        lv, rng = self.level, self._rng
        if isinstance(choice.action, Spit):
            return lv.notice_stuck.sample(rng)
        if isinstance(choice.action, Slap):
            return lv.slap.sample(rng)
        delay = lv.reaction.sample(rng)
        if choice.second_look:
            delay += lv.reaction.sample(rng)
        return delay
