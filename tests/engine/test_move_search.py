"""The move search (spit.engine.stocks) reads an index of which stocks show which rank: the
moves the round keeps must always be the ones the cards give, found card by card, in the
engine's order.

Whole random matches with every kind of action (accepted, refused, fumbled), in both
variants, and after each one every player's moves compared with the definition.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.engine import PLAYERS, STOCKS, Action, Fill, Match, Phase, Play, Round, Spit, Variant


def moves_by_the_cards(round_: Round, player: int) -> tuple[Play | Fill, ...]:
    """The plays (stock by stock, the left pile first) of every face-up stock card that fits
    a pile's top, then, if a slot is empty, the fills from every stock with a card beneath."""
    side = round_._stocks[player]
    tops = [None if pile is None or not pile else pile[-1] for pile in round_._piles]
    plays: list[Play | Fill] = [
        Play(player, stock, pile)
        for stock in range(STOCKS)
        if side[stock]
        for pile in (0, 1)
        if (top := tops[pile]) is not None and side[stock][-1].fits_on(top)
    ]
    if any(not cards for cards in side):
        plays += [Fill(player, stock) for stock in range(STOCKS) if len(side[stock]) >= 2]
    return tuple(plays)


def searched(round_: Round, player: int) -> tuple[Play | Fill, ...]:
    """The moves the search finds for ``player`` on the round's table."""
    left, right = (round_.pile_top(pile) for pile in (0, 1))
    return round_._sides[player].moves(left, right)


def any_action(rng: random.Random, match: Match) -> Action:
    player = rng.choice(PLAYERS)
    legal = match.legal_actions(player)
    if legal and rng.random() < 0.8:
        return rng.choice(legal)
    stock, pile = rng.randrange(STOCKS), rng.randrange(2)
    return rng.choice([Play(player, stock, pile), Fill(player, stock), Spit(player)])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    policy_seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(list(Variant)),
)
def test_the_moves_found_are_the_moves_the_cards_give(
    seed: int, policy_seed: int, variant: Variant
) -> None:
    match = Match.new(seed, variant=variant)
    rng = random.Random(policy_seed)
    now = 0.0
    for _ in range(3000):
        if match.is_over:
            break
        round_ = match.round
        for p in PLAYERS:
            assert searched(round_, p) == moves_by_the_cards(round_, p)
            playing = round_.phase is Phase.PLAYING
            assert round_._moves[p] == (searched(round_, p) if playing else ())
        now += rng.choice((0.0, 0.05, 0.4, 1.0))
        match.apply(any_action(rng, match), now)


def test_a_full_table_and_an_empty_slot_list_their_moves_in_order() -> None:
    round_ = Round.from_layout(
        (["3C", "9H 5D", "", "2S KH", "4C"], ["7S", "8S", "9S", "TS", "JS"]),
        ("QC", "QD"),
        ("4H", "AD"),
    )
    assert searched(round_, 0) == moves_by_the_cards(round_, 0)
    assert searched(round_, 0) == (
        Play(0, 0, 0),  # the 3 on the 4
        Play(0, 1, 0),  # the 5 on the 4
        Play(0, 3, 1),  # the king on the ace
        Fill(0, 1),
        Fill(0, 3),
    )
    assert searched(round_, 1) == ()
