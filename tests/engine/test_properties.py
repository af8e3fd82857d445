"""Whole matches under random interleavings: the table's invariants hold after every action.

Both players act in a random order at random small time steps, mostly legal moves chosen
uniformly, sometimes any action at all (refused or not). After each action we check what
must always be true: all 52 cards are somewhere exactly once, a played card was the face-up
top it was said to be, the phase agrees with the table, refusals change nothing, a view
shows no face-down card, and every round ends.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from dataclasses import dataclass, field

from engine_tables import without_locks
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.engine import (
    DECK,
    PLAYERS,
    STOCKS,
    Action,
    Card,
    CardPlayed,
    Fill,
    Match,
    Phase,
    Play,
    PlayerView,
    Reason,
    Result,
    Round,
    RoundDealt,
    RoundSettled,
    Slap,
    SlotFilled,
    Spit,
    StockView,
    Variant,
)

ROUND_BOUND = 3000
"""Actions (accepted or not) within which a round must end under mostly uniform legal play.

Every accepted move is final (a card leaves a stock, a face-down card turns up, a spit card
is spat), so a round has at most a couple of hundred accepted actions; refusals and locks
only add a bounded share on top."""

MATCH_STEPS = 2500
"""Actions per example: enough for several rounds, few enough to keep the file fast."""

LATER = 1e18
"""A time after any lock: what the engine lists as legal it then accepts."""

PROPERTIES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Policy:
    """How the two simulated players act: mostly uniform legal moves, some random presses."""

    rng: random.Random
    illegal: float
    """Share of actions drawn from every possible action, legal or not."""
    max_step: float
    """Largest gap between two actions, in seconds."""
    bad_times: float = 0.0
    """Share of actions sent at a time the table must refuse: NaN, ±inf, or going back."""
    ties: float = 0.1
    """Share of actions at the very same time as the one before."""

    def next(self, match: Match) -> Action:
        if self.rng.random() >= self.illegal:
            legal = [a for p in PLAYERS for a in match.legal_actions(p)]
            if legal:
                return self.rng.choice(legal)
        return self.any_action()

    def any_action(self) -> Action:
        rng = self.rng
        # Now and then a player, stock or pile that does not exist, as a stray key or a
        # hostile client would send.
        player = rng.choice([-1, 2, 7]) if rng.random() < 0.03 else rng.choice(PLAYERS)
        stock = rng.choice([-1, STOCKS]) if rng.random() < 0.05 else rng.randrange(STOCKS)
        pile = rng.choice([-1, 2]) if rng.random() < 0.05 else rng.randrange(2)
        return rng.choice(
            [Play(player, stock, pile)] * 4
            + [Fill(player, stock)] * 2
            + [Spit(player), Slap(player, pile)]
        )

    def step(self) -> float:
        if self.rng.random() < self.ties:
            return 0.0
        return self.rng.uniform(0.0, self.max_step)

    def bad_time(self, last_at: float) -> float | None:
        """Now and then a time the table must refuse; None for a proper time."""
        if self.rng.random() >= self.bad_times:
            return None
        times = [math.nan, math.inf, -math.inf]
        if last_at > -1e300:  # a table that has changed: any earlier time is refused
            times.append(last_at - self.rng.choice([1e-9, 0.25, 1e9]))
        return self.rng.choice(times)


def table_moves(view: PlayerView) -> set[Action]:
    """Every play and uncovering fill on the table, worked out from a view alone (RULES B4).

    This is the tests' own reading of the rules, to hold the engine's answers against.
    """
    tops = [(i, p.top) for i, p in enumerate(view.piles) if p.in_play and p.top is not None]
    moves: set[Action] = set()
    for player, side in enumerate(view.sides):
        for s, stock in enumerate(side.stocks):
            if stock.top is not None:
                moves.update(Play(player, s, i) for i, top in tops if stock.top.fits_on(top))
        if any(stock.top is None for stock in side.stocks):
            moves.update(Fill(player, s) for s, st_ in enumerate(side.stocks) if st_.face_down)
    return moves


def face_down_cards(round_: Round) -> Iterator[Card]:
    """The cards nobody may see. Only tests look under the cards like this."""
    for side in round_._stocks:
        for stock in side:
            yield from stock[:-1]
    for spit in round_._spit:
        yield from spit


def check_phase(match: Match, view: PlayerView) -> None:
    moves = table_moves(view)
    spit_cards = [side.spit_cards for side in view.sides]
    mine = {a for a in moves if a.player == view.player}
    if view.phase is Phase.PLAYING:
        assert moves, "playing, but nobody can move"
        assert set(view.legal_actions) == mine
    elif view.phase is Phase.STUCK:
        assert not moves, "stuck, but someone can move"
        assert any(spit_cards), "stuck without spit cards is the end of the round"
        assert view.legal_actions == (() if view.me.ready else (Spit(view.player),))
    elif view.phase is Phase.DEALT:
        assert any(spit_cards)
        assert all(p.size == 0 for p in view.piles)
        assert view.spit_piles == sum(1 for n in spit_cards if n)
    elif view.phase is Phase.SLAP:
        assert view.spit_piles == 2
        went_out = any(side.stock_cards == 0 for side in view.sides)
        assert went_out or (not moves and not any(spit_cards))
        assert view.legal_actions == (Slap(view.player, 0), Slap(view.player, 1))
    else:
        assert match.is_over, "a settled round is followed by the next deal at once"
    # Whatever the phase, the engine accepts what it lists as legal (once any lock is over).
    for action in view.legal_actions:
        assert match.check(action, at=LATER) is None, action


def check_cards(match: Match) -> None:
    held = match.cards_in_play()
    assert len(held) == 52
    assert set(held) == set(DECK)


CARD_REPRS = {card: repr(card) for card in DECK}
"""How each card would appear if it leaked into a view's repr."""


def check_hidden(match: Match, views: list[PlayerView]) -> None:
    hidden = [CARD_REPRS[card] for card in face_down_cards(match.round)]
    for view in views:
        shown = repr(view)
        assert not [card for card in hidden if card in shown]


def check_spectator(match: Match, seats: list[PlayerView]) -> None:
    """A spectator sees both sides as the seats do (a seat sees no more of its own side than
    of the other's), never a face-down card, and has nothing to do."""
    spectator = match.spectate()
    check_hidden(match, [spectator])
    assert spectator.legal_actions == ()
    for seat in seats:
        assert (spectator.sides, spectator.piles, spectator.round_number, spectator.phase) == (
            seat.sides,
            seat.piles,
            seat.round_number,
            seat.phase,
        )


@dataclass
class Run:
    """One match played out, with everything the checks need to remember between actions."""

    match: Match
    policy: Policy
    now: float = 0.0
    log: list[tuple[Action, float, Result]] = field(default_factory=list)
    actions_this_round: int = 0
    rounds_settled: int = 0

    def play(self, steps: int, *, check: bool = True) -> None:
        match = self.match
        for _ in range(steps):
            if match.is_over:
                return
            action = self.policy.next(match)
            bad = self.policy.bad_time(match.round.last_at)
            if bad is None:
                self.now += self.policy.step()
            at = self.now if bad is None else bad
            before = [match.view(p) for p in PLAYERS]
            result = match.apply(action, at=at)
            self.log.append((action, at, result))
            self.actions_this_round += 1
            if bad is not None:
                # A bad time is refused before anything else is looked at, and changes nothing.
                assert result.refusal is not None and result.refusal.reason is Reason.BAD_TIME
            if check:
                self.check(action, before, result)
            if any(isinstance(e, RoundSettled) for e in result.events):
                self.rounds_settled += 1
                self.actions_this_round = 0
            assert self.actions_this_round < ROUND_BOUND, "the round did not end"

    def check(self, action: Action, before: list[PlayerView], result: Result) -> None:
        match = self.match
        after = [match.view(p) for p in PLAYERS]
        check_cards(match)
        if result.refusal is not None:
            assert result.events == ()
            if result.refusal.is_fumble:
                assert [without_locks(v) for v in after] == [without_locks(v) for v in before]
            else:
                assert after == before
        # One hand each, one card at a time: an action moves at most one card from a stock.
        assert sum(isinstance(e, CardPlayed | SlotFilled) for e in result.events) <= 1
        for event in result.events:
            if isinstance(event, CardPlayed):
                seen = before[event.player]
                assert seen.me.stocks[event.stock].top == event.card
                top = seen.piles[event.pile].top
                assert top is not None and event.card.fits_on(top)
            elif isinstance(event, SlotFilled):
                was = before[event.player].me.stocks
                assert was[event.from_stock].top == event.card
                assert was[event.from_stock].face_down >= 1
                assert was[event.to_stock].top is None
                assert all(s.top is not None for s in was[: event.to_stock])
                now = after[event.player].me.stocks
                assert now[event.to_stock] == StockView(event.card, 0)
                assert now[event.from_stock].size == was[event.from_stock].size - 1
        new_round = any(isinstance(e, RoundDealt) for e in result.events)
        if before[0].round_number == after[0].round_number and not new_round:
            # A played card is never taken back: within a round, piles only grow.
            for old, new in zip(before[0].piles, after[0].piles, strict=True):
                assert new.size >= old.size
        for view in after:
            assert len(view.me.stocks) == STOCKS
            check_phase(match, view)
        check_hidden(match, after)
        check_spectator(match, after)


def new_run(
    seed: int,
    policy_seed: int,
    illegal: float,
    max_step: float,
    variant: Variant,
    bad_times: float = 0.0,
) -> Run:
    return Run(
        Match.new(seed, variant=variant),
        Policy(random.Random(policy_seed), illegal, max_step, bad_times),
    )


run_args = {
    "seed": st.integers(0, 2**32 - 1),
    "policy_seed": st.integers(0, 2**32 - 1),
    "illegal": st.sampled_from([0.0, 0.05, 0.2]),
    "max_step": st.sampled_from([0.02, 0.1, 0.4]),
}


@PROPERTIES
@given(
    **run_args,
    variant=st.sampled_from(list(Variant)),
    bad_times=st.sampled_from([0.0, 0.05]),
)
def test_invariants_hold_after_every_action(
    seed: int, policy_seed: int, illegal: float, max_step: float, variant: Variant, bad_times: float
) -> None:
    run = new_run(seed, policy_seed, illegal, max_step, variant, bad_times)
    # A points match always ends within four rounds (each round hands out 52 points).
    run.play(MATCH_STEPS if variant is Variant.STANDARD else 4 * ROUND_BOUND)
    check_cards(run.match)
    if run.match.is_over:
        # Once the match is over, anything at all is refused and changes nothing.
        match = run.match
        views = [match.view(p) for p in PLAYERS]
        for _ in range(20):
            at = run.policy.bad_time(match.round.last_at) or run.now + run.policy.step()
            result = match.apply(run.policy.any_action(), at=at)
            assert result.refusal is not None and result.refusal.reason is Reason.MATCH_OVER
        assert [match.view(p) for p in PLAYERS] == views
        check_cards(match)
    if variant is Variant.POINTS:
        assert run.match.is_over
        assert run.rounds_settled <= 4


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(**run_args, variant=st.sampled_from(list(Variant)))
def test_same_seed_and_actions_give_the_same_events(
    seed: int, policy_seed: int, illegal: float, max_step: float, variant: Variant
) -> None:
    first = new_run(seed, policy_seed, illegal, max_step, variant)
    first.play(800, check=False)
    # Replay the first run's actions, at its times, on a match from the same seed.
    match = Match.new(seed, variant=variant)
    replayed = [match.apply(action, at=at) for action, at, _ in first.log]
    assert replayed == [result for _, _, result in first.log]
    assert match.cards_in_play() == first.match.cards_in_play()


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_first_views_show_only_the_tops(seed: int) -> None:
    match = Match.new(seed)
    check_hidden(match, [match.view(p) for p in PLAYERS])
    check_spectator(match, [match.view(p) for p in PLAYERS])
    for p in PLAYERS:
        view = match.view(p)
        shown = sum(s.top is not None for side in view.sides for s in side.stocks)
        assert shown == 10
