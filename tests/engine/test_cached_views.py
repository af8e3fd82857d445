"""The observer keeps each seat's view between questions: it must always be the table's.

``Observer`` makes each stock's, side's and pile's view, and each player's whole view, once,
and keeps them until the round's results say the part they show changed; the round keeps
each player's moves until its cards move. These tests play whole matches with every kind
of action, accepted, refused and fumbled, and after each one compare what the match answers
with a view built afresh from the round's cards.
"""

from __future__ import annotations

import math
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.engine import (
    PLAYERS,
    STOCKS,
    Action,
    Fill,
    Match,
    Observer,
    OnePile,
    Phase,
    PileView,
    Play,
    PlayerView,
    Round,
    Settings,
    SideView,
    Slap,
    Spit,
    StockView,
    Variant,
)


def fresh_view(round_: Round, player: int, match: Match | None = None) -> PlayerView:
    """The view of ``player`` read straight off the round's cards (and ``match``'s facts
    around it), nothing remembered."""

    def side(p: int) -> SideView:
        locked = round_._locked_until[p]
        return SideView(
            stocks=tuple(
                StockView(s[-1], len(s) - 1) if s else StockView(None, 0) for s in round_._stocks[p]
            ),
            spit_cards=len(round_._spit[p]),
            ready=round_.is_ready(p) and round_.phase in (Phase.DEALT, Phase.STUCK),
            locked_until=None if locked == -math.inf else locked,
        )

    piles = tuple(
        PileView(None, 0, False) if p is None else PileView(p[-1] if p else None, len(p), True)
        for p in round_._piles
    )
    phase = round_.phase
    legal: tuple[Action, ...] = ()
    if phase is Phase.PLAYING:
        legal = tuple(round_._moves[player])
    elif phase in (Phase.DEALT, Phase.STUCK) and not round_.is_ready(player):
        legal = (Spit(player),)
    elif phase is Phase.SLAP:
        legal = (Slap(player, 0), Slap(player, 1))
    alone = [p for p in PLAYERS if round_._piles[p] is None]
    wins = match is None or match.variant is Variant.STANDARD
    return PlayerView(
        player=player,
        round_number=round_.number,
        phase=phase,
        sides=(side(0), side(1)),
        piles=(piles[0], piles[1]),
        legal_actions=legal,
        went_out=round_.went_out,
        one_pile=OnePile(alone[0], wins) if alone else None,
        **({} if match is None else match_facts(match)),
    )


def match_facts(match: Match) -> dict[str, object]:
    """The match's facts a view carries besides its round's table."""
    return {
        "scores": match.scores,
        "last_round": match.history[-1] if match.history else None,
        "slap_winner": match._slapper if match.round.phase is Phase.DEALT else None,
        "outcome": match.outcome,
    }


def any_action(rng: random.Random) -> Action:
    player = rng.choice(PLAYERS)
    stock, pile = rng.randrange(STOCKS), rng.randrange(2)
    return rng.choice([Play(player, stock, pile), Fill(player, stock), Spit(player)])


def check(match: Match) -> None:
    round_ = match.round
    moves = [tuple(round_._moves[p]) for p in PLAYERS]
    assert round_.is_stuck() == (round_.phase is Phase.STUCK)
    # Play goes on exactly while someone has a move (RULES B4): the round's questions read so.
    assert (round_.phase is Phase.PLAYING) == bool(moves[0] or moves[1])
    for p in PLAYERS:
        assert match.view(p) == fresh_view(round_, p, match)
        listed = () if match.is_over else match.view(p).legal_actions
        assert match.legal_actions(p) == listed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    policy_seed=st.integers(0, 2**32 - 1),
    illegal=st.sampled_from([0.0, 0.3]),
    lockout=st.sampled_from([0.0, 0.5]),
    variant=st.sampled_from(list(Variant)),
)
def test_views_and_moves_always_match_the_table(
    seed: int, policy_seed: int, illegal: float, lockout: float, variant: Variant
) -> None:
    match = Match.new(seed, variant=variant, settings=Settings(lockout=lockout))
    rng = random.Random(policy_seed)
    now = 0.0
    check(match)
    for _ in range(1500):
        if match.is_over:
            break
        legal = match.legal_actions(0) + match.legal_actions(1)
        action = rng.choice(legal) if legal and rng.random() >= illegal else any_action(rng)
        # Sometimes look before acting, sometimes not, so answers are kept across actions.
        if rng.random() < 0.5:
            check(match)
        now += rng.choice([0.01, 0.2, 0.6])
        match.apply(action, at=now)
        check(match)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), policy_seed=st.integers(0, 2**32 - 1))
def test_a_view_asked_after_many_unseen_actions_is_the_tables(seed: int, policy_seed: int) -> None:
    # The observer takes results in only when a view is asked: many at once, here, and past
    # what it keeps (then it forgets its views and makes them whole).
    match = Match.new(seed)
    rng = random.Random(policy_seed)
    now = 0.0
    while not match.is_over:
        for _ in range(rng.choice([rng.randrange(1, 40), rng.randrange(60, 200)])):
            legal = match.legal_actions(0) + match.legal_actions(1)
            action = rng.choice(legal) if legal and rng.random() >= 0.2 else any_action(rng)
            now += rng.choice([0.01, 0.6])
            match.apply(action, at=now)
            if match.is_over:
                break
        check(match)


def test_a_fumble_shows_its_lock_in_a_view_asked_before_it() -> None:
    round_ = Round.from_layout(
        (["KH", "2C 7H", "", "", ""], ["5S", "", "", "", ""]), piles=("AH", "9D")
    )
    before = Observer(round_).view(0)
    assert before.me.locked_until is None
    assert not round_.apply(Play(0, 1, 1), at=1.0).ok  # 7H does not go on 9D
    assert Observer(round_).view(0).me.locked_until == 1.5
    assert Observer(round_).view(1).opponent.locked_until == 1.5
    assert Observer(round_).view(0) == fresh_view(round_, 0)


def test_an_observer_asked_no_view_holds_only_a_few_results() -> None:
    # A record read to its end asks no view: its results (here a long round of refused
    # actions) must not pile up in the observer.
    match = Match.new(7)
    rng = random.Random(7)
    for step in range(2_000):
        match.apply(any_action(rng), at=step * 0.6)
    assert len(match._seen._unseen) <= 64
    check(match)
