"""The adaptive bot: it moves along the ladder after every round, towards an even match.

Each round's card margin is one noisy measurement of the opponent's rung (measured on the
simulator: :data:`CARDS_PER_RUNG` cards a rung); the estimate is their running average over
:data:`MEMORY_ROUNDS` rounds, as in QUEST (``docs/bot.md``). :attr:`Adaptive.memory` keeps it
for the next match.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from spit.bot.bot import Bot, Planned
from spit.bot.levels import LADDER, LEVELS, MIDDLE, Level, rung
from spit.engine import PlayerView

CARDS_PER_RUNG = 3.3
"""Cards a level gains in a round on the level one rung below it: measured 4.2 on average,
but fewer near the ends of the ladder, so a round's margin is read as a little more than
that (the estimate was pulled towards the middle otherwise)."""
ROUND_SPREAD = 17.0  # standard deviation of a round's gain in cards, whatever the levels
START_SPREAD = 5.0
"""How uncertain the starting guess (the middle of the ladder) is, in rungs: about as much as
one round's measurement, so the first round already moves it half way."""
MEMORY_ROUNDS = 10.0  # older rounds fade

_ROUND_RUNGS = ROUND_SPREAD / CARDS_PER_RUNG  # one round's measurement spread, in rungs
_START_WEIGHT = (_ROUND_RUNGS / START_SPREAD) ** 2  # the starting guess counts as this many rounds


class Adaptive(Bot):
    """A bot for one seat that chooses its own level, at every new round's deal."""

    def __init__(
        self, player: int, rng: random.Random, memory: Mapping[str, float] | None = None
    ) -> None:
        memory = memory or {}
        top = float(len(LADDER) - 1)
        self.estimate = min(max(float(memory.get("estimate", rung(MIDDLE))), 0.0), top)
        """Where it reckons its opponent stands: a rung of the ladder, 0 the first, with
        fractions."""
        weight = float(memory.get("weight", _START_WEIGHT))
        self.weight = min(max(weight, _START_WEIGHT), MEMORY_ROUNDS)
        """How many rounds the estimate rests on (the starting guess counting for some)."""
        self._round = 0
        self._lead = 0  # cards fewer than the opponent, at the last deal (26 each at first)
        super().__init__(player, self._nearest(), rng)
        self.rounds: list[str] = []  # the level it played each round, in order

    @property
    def memory(self) -> dict[str, float]:
        """What it learned, to start the next match from."""
        return {"estimate": round(self.estimate, 3), "weight": round(self.weight, 3)}

    def plan(self, view: PlayerView, now: float) -> Planned | None:
        """As :meth:`Bot.plan`; at a new round's deal it first moves along the ladder."""
        if view.round_number != self._round:
            if view.round_number < self._round:  # a new match (a rematch): nothing to weigh
                self._round = 0
            if self._round:
                self._after_round(view)
            else:
                self._lead = view.opponent.cards - view.me.cards
            self._round = view.round_number
            self.level = self._nearest()
            self.rounds.append(self.level.name)
        return super().plan(view, now)

    def _after_round(self, view: PlayerView) -> None:
        # The new deal shows what each side carries out of the last round: fewer is better.
        lead = view.opponent.cards - view.me.cards  # > 0: the bot holds fewer
        margin, self._lead = lead - self._lead, lead  # what the last round changed
        measured = rung(self.level.name) - margin / CARDS_PER_RUNG
        self.estimate = (self.weight * self.estimate + measured) / (self.weight + 1)
        self.estimate = min(max(self.estimate, 0.0), float(len(LADDER) - 1))
        self.weight = min(self.weight + 1, MEMORY_ROUNDS)

    def _nearest(self) -> Level:
        """The ladder level nearest the estimate."""
        return LEVELS[LADDER[int(self.estimate + 0.5)]]
