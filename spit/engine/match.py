"""A match: rounds one after another, shuffling from one seeded RNG, scoring, and the outcome."""

from __future__ import annotations

import enum
import random

from spit.engine.actions import PLAYERS, Action, Reason, Refusal, Slap
from spit.engine.cards import DECK, Card
from spit.engine.events import (
    Event,
    MatchEnded,
    Outcome,
    Phase,
    PileSlapped,
    RoundDealt,
    RoundSettled,
    ScoresChanged,
    Termination,
)
from spit.engine.observation import Observer, ViewFacts
from spit.engine.presses import Press, resolve
from spit.engine.round import Result, Round, Settings
from spit.engine.view import PlayerView

POINTS_TARGET = 100
"""Points variant: the match ends after the round in which a total reaches this."""


class Variant(enum.Enum):
    """How a match is won."""

    STANDARD = "standard"
    """The first to end a round holding no cards wins (RULES A, B10)."""
    POINTS = "points"
    """A point per card held after each round; lowest total once someone reaches 100 (B11)."""


class Match:
    """Rounds of Spit until someone wins. Change it only through :meth:`apply`."""

    def __init__(
        self,
        rng: random.Random,
        *,
        variant: Variant = Variant.STANDARD,
        settings: Settings | None = None,
        target: int = POINTS_TARGET,
    ) -> None:
        self.variant = variant
        """How the match is won."""
        self.settings = settings or Settings()
        """Timing rules, shared by every round."""
        self.target = target
        """Points variant: the total that ends the match."""
        self._rng = rng
        self.seed: int | None = None
        """The seed the deck was shuffled from, when made by :meth:`new` (else unknown)."""
        self._scores = [0, 0]
        self._outcome: Outcome | None = None
        self.history: list[RoundSettled] = []
        """Every settled round, in order."""
        # Who slapped first, while the round after the slap waits for its first spit: the
        # other player's slap then still means a slap, and is refused as too late.
        self._slapper: int | None = None
        deck = list(DECK)
        rng.shuffle(deck)
        half = len(deck) // 2
        self._round = Round.deal((deck[:half], deck[half:]), number=1, settings=self.settings)
        self._seen = Observer(self._round)
        self._facts: ViewFacts | None = None  # worked out when a view first asks

    @classmethod
    def new(cls, seed: int | None = None, **kwargs: object) -> Match:
        """A match shuffled from ``seed`` (a fresh random seed if None), kept in :attr:`seed`."""
        if seed is None:
            # Drawn here rather than left to Random(None), so even a fresh match has a seed
            # to deal it again from: a record keeps it.
            seed = random.SystemRandom().getrandbits(63)
        match = cls(random.Random(seed), **kwargs)  # type: ignore[arg-type]
        match.seed = seed
        return match

    # -- questions ---------------------------------------------------------------------

    @property
    def round(self) -> Round:
        """The round being played (or, once the match is over, the last one)."""
        return self._round

    @property
    def outcome(self) -> Outcome | None:
        """How the match ended, or None while it goes on."""
        return self._outcome

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self._outcome is not None

    @property
    def scores(self) -> tuple[int, int]:
        """Points variant: running totals."""
        return self._scores[0], self._scores[1]

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now."""
        return self._seen.view(player, self._view_facts())

    def spectate(self) -> PlayerView:
        """What a spectator may see now: both sides as a seat sees them, and no action."""
        return self._seen.spectate(self._view_facts())

    def _view_facts(self) -> ViewFacts:
        # The facts change only around a slap and a settled round, and the observer keeps
        # each view while the round and they stay as they were.
        facts = self._facts
        if facts is None:
            last_round = self.history[-1] if self.history else None
            standard = self.variant is Variant.STANDARD
            facts = self._facts = (self.scores, last_round, self._slapper, self._outcome, standard)
        return facts

    def legal_actions(self, player: int) -> tuple[Action, ...]:
        """What ``player`` may do now."""
        return () if self._outcome is not None else self._round.legal_actions(player)

    def resolve(self, press: Press) -> Action | None:
        """The action ``press`` means now, or None where the key means nothing: as
        :meth:`PlayerView.resolve` answers it from the presser's view."""
        round_ = self._round
        return resolve(press, round_.phase, slap_winner=self._slapper, in_play=round_.in_play)

    def check(self, action: Action, at: float = 0.0) -> Refusal | None:
        """Why ``action`` would be refused at ``at``, or None if it would be accepted."""
        return self._refusal(action, at) or self._round.check(action, at)

    def cards_in_play(self) -> list[Card]:
        """All 52 cards, wherever they are (for conservation checks)."""
        return list(self._round.cards_in_play())

    # -- the one verb ------------------------------------------------------------------

    def apply(self, action: Action, at: float = 0.0) -> Result:
        """Apply ``action`` at time ``at``; a settled round is followed by the next deal."""
        # Only a slap or a match that is over can be refused here rather than by the round.
        if self._outcome is not None or isinstance(action, Slap):
            refusal = self._refusal(action, at)
            if refusal is not None:
                return Result(refusal=refusal)
        round_ = self._round
        result = round_.apply(action, at)
        self._seen.saw(result)
        if self._slapper is not None and round_.phase is not Phase.DEALT:
            self._slapper = self._facts = None  # the next round is under way
        settled = result.events[-1] if result.events else None
        if not isinstance(settled, RoundSettled):  # the last event of a settled round
            return result
        events = result.events + self._next_round(settled)
        if self._outcome is None:  # a next round, waiting for its first spit
            self._slapper = next((e.player for e in events if isinstance(e, PileSlapped)), None)
        self._facts = None  # the next view works them out again
        return Result(events=events)

    def _refusal(self, action: Action, at: float) -> Refusal | None:
        player = action.player if action.player in PLAYERS else 0
        if self._outcome is not None:
            return Refusal(player, Reason.MATCH_OVER)
        if (
            isinstance(action, Slap)
            and action.player in PLAYERS
            and self._slapper is not None
            and self._slapper != action.player
        ):
            # The other player's slap just settled the last round and beat this one; a time
            # the table cannot take is refused as such first, as for any other action.
            refusal = self._round.check(action, at)
            if refusal is not None and refusal.reason is Reason.BAD_TIME:
                return refusal
            return Refusal(player, Reason.SLAPPED_ALREADY)
        return None

    def _next_round(self, settled: RoundSettled) -> tuple[Event, ...]:
        hands = self._round.hands()
        self.history.append(settled)
        events: list[Event] = []
        if self.variant is Variant.POINTS:
            for p in PLAYERS:
                self._scores[p] += len(hands[p])
            events.append(ScoresChanged(self.scores))
        self._outcome = self._decide(hands)
        if self._outcome is not None:
            events.append(MatchEnded(self._outcome))
            return tuple(events)
        for hand in hands:
            self._rng.shuffle(hand)
        self._round = Round.deal(
            hands,
            number=settled.number + 1,
            settings=self.settings,
            last_at=self._round.last_at,  # time goes on from round to round
        )
        self._seen = Observer(self._round)
        events.append(RoundDealt(self._round.number, self._round.spit_piles))
        return tuple(events)

    def _decide(self, hands: tuple[list[Card], list[Card]]) -> Outcome | None:
        empty = [p for p in PLAYERS if not hands[p]]
        if self.variant is Variant.STANDARD:
            return Outcome(Termination.NO_CARDS, empty[0]) if empty else None
        scores = self.scores
        if not empty and max(scores) < self.target:
            return None
        termination = Termination.NO_CARDS if empty else Termination.POINTS
        if scores[0] == scores[1]:
            return Outcome(termination, None, scores)
        return Outcome(termination, 0 if scores[0] < scores[1] else 1, scores)
