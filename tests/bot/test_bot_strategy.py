"""The bot's strategy: legal moves only, no peeking, and the documented preferences."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spit.bot import Bot
from spit.bot.levels import LADDER, LEVEL_NAMES, LEVELS
from spit.bot.strategy import WEIGHTS, Policy, choose, choose_random, score
from spit.engine import (
    DECK,
    Card,
    Fill,
    Match,
    Observer,
    Phase,
    Play,
    Round,
    Slap,
    Spit,
    layout,
)

BOT = 1
"""The bot's seat against a person."""

QUIET = ["9H", "9D", "9S", "9C", "3D"]
"""Opponent stock tops that fit none of the piles the tests below use."""


def table(bot: list[str], *, opponent: list[str] = QUIET, piles=("5S", "JC"), **kw) -> Round:
    """A round in play, the bot in seat 1."""
    return Round.from_layout((opponent, bot), piles=piles, **kw)


def best(round_: Round, player: int = BOT) -> object:
    """What the strategy, with no overlooks or blunders, does on this table."""
    choice = choose(Observer(round_).view(player), random.Random(0))
    assert choice is not None
    return choice.action


# -- preferences ----------------------------------------------------------------------


def test_prefers_the_play_that_uncovers_a_face_down_card() -> None:
    # 4H (on a face-down 2C) and 6D (alone) both fit the 5S; only 4H turns a card up.
    round_ = table(["KS", "6D", "2C 4H", "KD", "KH"])
    assert best(round_) == Play(BOT, 2, 0)


def test_keeps_its_own_chain_going() -> None:
    # 4H on the 5S leaves 3C to follow on the 4H; 8D on the 9C leaves nothing new.
    round_ = table(["8D", "4H", "3C", "KS", "KD"], opponent=["QH"] * 5, piles=("5S", "9C"))
    assert best(round_) == Play(BOT, 1, 0)


def test_does_not_set_up_the_opponents_visible_cards() -> None:
    # 4H and 6D both fit the 5S; a 4H on top would let the opponent's 3C go next.
    round_ = table(["4H", "6D", "KS", "KD", "KH"], opponent=["3C", "9H", "9D", "9S", "9C"])
    assert best(round_) == Play(BOT, 1, 0)


def test_covers_the_pile_the_opponent_wanted() -> None:
    # 6D fits both piles (5S and 7C); the opponent's 8H fits only the 7C.
    round_ = table(["6D", "KS", "KD", "KH", "KC"], opponent=["8H", *QUIET[:4]], piles=("5S", "7C"))
    assert best(round_) == Play(BOT, 0, 1)


def test_fills_an_empty_slot_from_the_tallest_stock() -> None:
    round_ = table(["", "2D 9D", "2C 3C 4C 9H", "2S 9S", "KS"], piles=("5S", "5H"))
    assert best(round_) == Fill(BOT, 2)


def test_slaps_the_smaller_pile() -> None:
    for piles, pile, smaller in ((("2H 3H 4S", "9D"), 0, 1), (("9D", "2H 3H 4S"), 1, 0)):
        round_ = table(["5H", "", "", "", ""], piles=piles)
        assert round_.apply(Play(BOT, 0, pile)).ok  # the bot goes out: time to slap
        assert round_.phase is Phase.SLAP
        assert best(round_) == Slap(BOT, smaller)
        assert best(round_, 0) == Slap(0, smaller)


def test_spits_when_the_table_is_stuck() -> None:
    round_ = table(["KS", "KD", "KH", "KC", "2S"], spit_cards=("4C", "4D"), piles=("7S", "7C"))
    assert round_.phase is Phase.STUCK
    assert best(round_) == Spit(BOT)
    assert best(round_, 0) == Spit(0)


def test_has_nothing_to_do_when_it_has_no_move() -> None:
    # The opponent can play, the bot cannot: the table is not stuck, and the bot waits.
    round_ = table(["KS", "KD", "KH", "KC", "2S"], opponent=["4H", *QUIET[:4]])
    assert round_.phase is Phase.PLAYING
    assert choose(Observer(round_).view(BOT), random.Random(0)) is None


def test_lower_levels_take_the_first_fit_more_often() -> None:
    round_ = table(["KS", "6D", "2C 4H", "KD", "KH"])
    view = Observer(round_).view(BOT)
    worse = {}
    for name in LADDER:
        lv = LEVELS[name]
        picks = [
            choose(view, random.Random(seed), overlook=lv.overlook, first_fit=lv.first_fit)
            for seed in range(400)
        ]
        worse[name] = sum(p.action == Play(BOT, 1, 0) for p in picks)
    assert worse["first-game"] > worse["regular"] > worse["very-fast"]
    assert choose(view, random.Random(0)).action == Play(BOT, 2, 0)  # no mistakes: the best


def test_random_policy_makes_any_legal_move() -> None:
    round_ = table(["KS", "6D", "2C 4H", "", "KH"])
    view = Observer(round_).view(BOT)
    picks = {choose_random(view, random.Random(seed)).action for seed in range(100)}
    assert picks == set(view.legal_actions)


# -- legality and hidden cards ----------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 150), level=st.sampled_from(LEVEL_NAMES))
def test_the_chosen_action_is_legal(seed: int, steps: int, level: str) -> None:
    """Anywhere a random game may go, what the bot plans is a move the engine allows."""
    rng = random.Random(seed)
    match = Match.new(seed)
    for _ in range(steps):
        moves = [a for p in (0, 1) for a in match.legal_actions(p)]
        if not moves:
            break
        match.apply(rng.choice(moves), 0.0)
    for player in (0, 1):
        planned = Bot(player, level, random.Random(seed)).plan(match.view(player), 0.0)
        if not match.legal_actions(player):  # the match is over, or it waits for the other
            assert planned is None
        else:
            assert planned is not None
            # What it meant is always allowed; a slipped finger is judged like anyone's.
            assert planned.intended in match.legal_actions(player)
            assert match.check(planned.intended, planned.at) is None


def _round(hands: tuple[list[Card], list[Card]], piles: tuple[Card, Card]) -> Round:
    laid = [layout(hand) for hand in hands]
    return Round(
        stocks=[stocks for stocks, _ in laid],
        spit_cards=[spit for _, spit in laid],
        piles=[[piles[0]], [piles[1]]],
        phase=Phase.PLAYING,
    )


def _hidden_shuffled(round_: Round, rng: random.Random) -> Round:
    """The same table with every face-down card (stocks and spit cards) moved around.

    Reads the round's insides on purpose: this builds the counterfactual table the bot
    must not be able to tell apart.
    """
    stocks = [[list(s) for s in side] for side in round_._stocks]
    spit = [list(s) for s in round_._spit]
    hidden = [c for side in stocks for s in side for c in s[:-1]] + [c for s in spit for c in s]
    rng.shuffle(hidden)
    it = iter(hidden)
    for side in stocks:
        for s in side:
            s[:-1] = [next(it) for _ in s[:-1]]
    spit = [[next(it) for _ in s] for s in spit]
    piles = [list(p) for p in round_._piles]
    return Round(stocks=stocks, spit_cards=spit, piles=piles, phase=Phase.PLAYING)


@settings(max_examples=60, deadline=None)
@given(
    deck=st.permutations(DECK),
    split=st.integers(8, 44),
    shuffle_seed=st.integers(0, 2**32),
    bot_seed=st.integers(0, 2**32),
    level=st.sampled_from(LEVEL_NAMES),
    policy=st.sampled_from(Policy),
)
def test_changing_face_down_cards_never_changes_the_decision(
    deck: list[Card], split: int, shuffle_seed: int, bot_seed: int, level: str, policy: Policy
) -> None:
    """Two tables that look the same to the bot get the same move at the same moment."""
    hands = (deck[2 : 2 + split], deck[2 + split :])
    seen = _round(hands, (deck[0], deck[1]))
    other = _hidden_shuffled(seen, random.Random(shuffle_seed))
    view = Observer(seen).view(BOT)
    assert Observer(other).view(BOT) == view
    a = Bot(BOT, level, random.Random(bot_seed), policy=policy).plan(view, 3.0)
    b = Bot(BOT, level, random.Random(bot_seed), policy=policy).plan(Observer(other).view(BOT), 3.0)
    assert a == b


def _score_by_the_cards(view, action) -> float:
    """The documented score worked out card by card, for each move on its own: its base,
    what it uncovers, each of the bot's face-up stock cards that fits a pile top after the
    move (chain) and each of the opponent's (feed)."""
    w = WEIGHTS
    me, them = view.sides[view.player], view.sides[1 - view.player]
    tops = [p.top for p in view.piles]
    source = me.stocks[action.stock]
    if isinstance(action, Fill):
        after = tops  # the moved card stays face up; what lies beneath is unknown
        mine = [s.top for s in me.stocks if s.top is not None]
        base = w.fill + w.tall * source.face_down
    else:
        landing = view.landing_pile(action.pile)
        after = [source.top if p == landing else tops[p] for p in (0, 1)]
        mine = [s.top for i, s in enumerate(me.stocks) if s.top is not None and i != action.stock]
        base = w.play + w.uncover * (source.face_down > 0)
    theirs = [s.top for s in them.stocks if s.top is not None]

    def fitting(cards: list[Card]) -> int:
        return sum(any(t is not None and c.fits_on(t) for t in after) for c in cards)

    return base + w.chain * fitting(mine) - w.feed * fitting(theirs)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 300))
def test_every_move_scores_as_the_cards_say(seed: int, steps: int) -> None:
    """The strategy scores all a view's moves at once from counts by rank; each score is the
    one worked out card by card, in two-pile and single-pile rounds alike."""
    rng = random.Random(seed)
    match = Match.new(seed)
    at = 0.0
    for _ in range(steps):
        legal = match.legal_actions(0) + match.legal_actions(1)
        if match.is_over or not legal:
            break
        at += 0.05
        match.apply(rng.choice(legal), at)
    for player in (0, 1):
        view = match.view(player)
        for action in view.legal_actions:
            if isinstance(action, Play | Fill):
                assert score(view, action) == _score_by_the_cards(view, action)
