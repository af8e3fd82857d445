"""Whatever a caller hands the engine, it answers clearly and the table stays whole.

Actions check their fields when made (:class:`ActionError`, a ``ValueError``); whether that
player, stock or pile exists is the table's question, answered with a refusal. ``apply``
refuses a time that is not finite or earlier than the last action that changed the table
(``Reason.BAD_TIME``), and refuses everything once the match is over. A refusal changes
nothing.
"""

from __future__ import annotations

import math
import os
import random
import subprocess
import sys
import textwrap

import pytest
from engine_tables import basic
from test_properties import Policy

from spit.engine import (
    PLAYERS,
    ActionError,
    Fill,
    Match,
    Observer,
    Phase,
    Play,
    Reason,
    Slap,
    Spit,
)

NOT_NUMBERS = [True, False, 1.0, "0", None, b"0", 0j, [0]]
"""Values that are not a player's, a stock's or a pile's number (a bool is not a player)."""


@pytest.mark.parametrize("bad", NOT_NUMBERS, ids=repr)
@pytest.mark.parametrize(
    ("kind", "fields"),
    [
        (Play, ("player", "stock", "pile")),
        (Fill, ("player", "stock")),
        (Spit, ("player",)),
        (Slap, ("player", "pile")),
    ],
    ids=["Play", "Fill", "Spit", "Slap"],
)
def test_an_action_is_made_only_from_whole_numbers(
    kind: type, fields: tuple[str, ...], bad: object
) -> None:
    for index, field in enumerate(fields):
        args: list[object] = [0] * len(fields)
        args[index] = bad
        with pytest.raises(ActionError, match=rf"^{kind.__name__}\.{field} must be") as raised:
            kind(*args)
        assert isinstance(raised.value, ValueError)
        assert repr(bad) in str(raised.value)


def test_play_with_true_as_its_player_is_not_player_1() -> None:
    with pytest.raises(ActionError, match="player"):
        Play(True, 0, 0)  # type: ignore[arg-type]


def test_actions_made_from_good_fields_are_plain_values() -> None:
    assert Play(1, 4, 0) == Play(1, 4, 0) and hash(Play(1, 4, 0)) == hash(Play(1, 4, 0))
    assert Play(1, 4, 0) != Fill(1, 4)
    assert (Play(1, 4, 0).player, Play(1, 4, 0).stock, Play(1, 4, 0).pile) == (1, 4, 0)
    assert repr(Slap(0, 1)) == "Slap(player=0, pile=1)"
    with pytest.raises(AttributeError):
        Play(0, 0, 0).player = 1  # type: ignore[misc]


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Play(2, 0, 0), Reason.NO_SUCH_PLAYER),
        (Play(-1, 0, 0), Reason.NO_SUCH_PLAYER),
        (Spit(10**30), Reason.NO_SUCH_PLAYER),
        (Play(0, 5, 0), Reason.NO_SUCH_STOCK),
        (Play(0, -1, 0), Reason.NO_SUCH_STOCK),
        (Fill(0, 99), Reason.NO_SUCH_STOCK),
        (Play(0, 0, 2), Reason.NO_SUCH_PILE),
        (Play(0, 0, -1), Reason.NO_SUCH_PILE),
        (Slap(0, 7), Reason.NO_SUCH_PILE),
    ],
    ids=repr,
)
def test_a_player_stock_or_pile_that_does_not_exist_is_refused(action, reason: Reason) -> None:
    round_ = basic()
    views = [Observer(round_).view(p) for p in PLAYERS]
    result = round_.apply(action, at=1.0)
    assert result.refusal is not None and result.refusal.reason is reason
    assert [Observer(round_).view(p) for p in PLAYERS] == views


def slap_time_match() -> Match:
    """A match whose first round has reached the slap."""
    match = Match.new(3)
    policy = Policy(random.Random(1), illegal=0.0, max_step=0.1)
    at = 0.0
    while match.round.phase is not Phase.SLAP:
        at += 0.1
        match.apply(policy.next(match), at=at)
    return match


def test_a_player_who_does_not_exist_slapping_after_the_slap_is_no_such_player() -> None:
    match = slap_time_match()
    assert match.apply(Slap(0, 0), at=1000.0).ok
    assert match.round.phase is Phase.DEALT
    refusal = match.apply(Slap(2, 1), at=1000.0).refusal
    assert refusal is not None and refusal.reason is Reason.NO_SUCH_PLAYER
    # A slap at a time the table cannot take is refused for that first.
    for at in (math.nan, 999.0):
        refusal = match.apply(Slap(1, 1), at=at).refusal
        assert refusal is not None and refusal.reason is Reason.BAD_TIME
    # The real other player still hears that the slap was lost.
    refusal = match.apply(Slap(1, 1), at=1000.0).refusal
    assert refusal is not None and refusal.reason is Reason.SLAPPED_ALREADY


# -- time ----------------------------------------------------------------------------------


@pytest.mark.parametrize("at", [math.nan, math.inf, -math.inf, 4.999], ids=repr)
def test_a_time_not_finite_or_earlier_than_the_last_change_is_refused(at: float) -> None:
    round_ = basic()
    assert round_.apply(Play(0, 0, 0), at=5.0).ok  # 6H onto 5S
    views = [Observer(round_).view(p) for p in PLAYERS]
    for action in (Play(0, 2, 0), Play(0, 1, 0), Fill(0, 0), Spit(0), Slap(1, 0)):
        for refusal in (round_.check(action, at), round_.apply(action, at).refusal):
            assert refusal is not None and refusal.reason is Reason.BAD_TIME, action
            assert refusal.locked_until is None and not refusal.is_fumble
    assert [Observer(round_).view(p) for p in PLAYERS] == views
    # The table carries on with a proper time.
    assert round_.apply(Play(0, 4, 1), at=5.0).ok  # 8S onto 9D


def test_two_actions_at_the_same_time_are_both_taken() -> None:
    round_ = basic()
    assert round_.apply(Play(0, 2, 0), at=2.0).ok  # 4D onto 5S
    assert round_.apply(Play(1, 1, 1), at=2.0).ok  # 10C onto 9D


def test_a_fumble_at_a_time_that_is_not_finite_locks_nobody() -> None:
    """Defect 6: a fumble at nan used never to lock, at +inf to lock for good."""
    for at in (math.nan, math.inf):
        round_ = basic()
        refusal = round_.apply(Play(0, 1, 0), at=at).refusal  # KC fits nothing
        assert refusal is not None and refusal.reason is Reason.BAD_TIME
        assert Observer(round_).view(0).me.locked_until is None
        assert round_.apply(Play(0, 0, 0), at=1.0).ok


def test_a_fumble_moves_the_table_clock_and_a_refusal_that_changes_nothing_does_not() -> None:
    round_ = basic()
    refusal = round_.apply(Play(0, 1, 0), at=3.0).refusal  # a fumble locks: the table changed
    assert refusal is not None and refusal.reason is Reason.DOES_NOT_FIT
    late = round_.apply(Spit(1), at=2.0).refusal
    assert late is not None and late.reason is Reason.BAD_TIME
    not_stuck = round_.apply(Spit(1), at=9.0).refusal
    assert not_stuck is not None and not_stuck.reason is Reason.NOT_STUCK
    assert round_.apply(Play(1, 1, 1), at=4.0).ok  # NOT_STUCK changed nothing: 4 is in time


def test_time_keeps_going_forward_from_one_round_to_the_next() -> None:
    match = slap_time_match()
    assert match.apply(Slap(0, 0), at=500.0).ok
    refusal = match.apply(Spit(0), at=499.0).refusal
    assert refusal is not None and refusal.reason is Reason.BAD_TIME
    assert match.apply(Spit(0), at=500.0).ok


def test_a_fresh_table_takes_any_finite_time() -> None:
    for at in (-1e300, 0.0, 1e300):
        assert Match.new(1).apply(Spit(0), at=at).ok


# -- after the end -----------------------------------------------------------------------


def test_after_the_match_every_action_is_refused_and_nothing_changes() -> None:
    match = Match.new(5)
    policy = Policy(random.Random(5), illegal=0.0, max_step=0.05)
    at = 0.0
    while not match.is_over:
        at += 0.05
        match.apply(policy.next(match), at=at)
    cards = match.cards_in_play()
    views = [match.view(p) for p in PLAYERS]
    for action in (Play(0, 0, 0), Fill(1, 2), Spit(0), Slap(1, 1), Play(2, 9, 9), Spit(0)):
        for when in (at, at + 1.0, math.nan):
            refusal = match.apply(action, at=when).refusal
            assert refusal is not None and refusal.reason is Reason.MATCH_OVER
    assert match.cards_in_play() == cards
    assert [match.view(p) for p in PLAYERS] == views
    assert match.legal_actions(0) == match.legal_actions(1) == ()


# -- determinism ---------------------------------------------------------------------------

PLAYOUT = textwrap.dedent(
    """
    import hashlib, random
    from spit.engine import Fill, Match, Play, Slap, Spit, Variant
    digest = hashlib.sha256()
    for seed in range(6):
        rng = random.Random(seed)
        match = Match.new(seed, variant=Variant.POINTS if seed % 2 else Variant.STANDARD)
        at = 0.0
        while not match.is_over:
            at += rng.uniform(0.0, 0.2)
            legal = match.legal_actions(0) + match.legal_actions(1)
            if not legal or rng.random() < 0.1:
                p, s, pile = rng.randrange(2), rng.randrange(5), rng.randrange(2)
                legal = [Play(p, s, pile), Fill(p, s), Spit(p), Slap(p, pile)]
            digest.update(repr(match.apply(rng.choice(legal), at=at)).encode())
    print(digest.hexdigest())
    """
)


def test_the_same_seeds_give_the_same_matches_under_different_hash_seeds() -> None:
    """Nothing in the engine depends on the order of a set or dict of hashed strings."""
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", PLAYOUT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1
