"""A view says any player's plays from the face-up cards alone: the plays the engine lists
for them, so a seat that sees only its own view can time the other seat's reactions."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit.engine import PLAYERS, Match, Observer, Phase, Play, Round, Variant


def listed_plays(match: Match, player: int) -> tuple[Play, ...]:
    return tuple(a for a in match.legal_actions(player) if type(a) is Play)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32 - 1),
    policy_seed=st.integers(0, 2**32 - 1),
    variant=st.sampled_from(list(Variant)),
)
def test_every_view_says_each_players_plays_as_the_engine_lists_them(
    seed: int, policy_seed: int, variant: Variant
) -> None:
    match = Match.new(seed, variant=variant)
    rng = random.Random(policy_seed)
    now = 0.0
    for _ in range(1500):
        for viewer in PLAYERS:
            view = match.view(viewer)
            for player in PLAYERS:
                assert view.plays_of(player) == listed_plays(match, player)
        if match.is_over:
            break
        legal = match.legal_actions(0) + match.legal_actions(1)
        now += rng.choice([0.01, 0.2, 0.6])
        match.apply(rng.choice(legal), at=now)


def test_the_other_players_plays_need_no_hidden_card() -> None:
    # The same face-up table over different face-down cards: the same plays.
    piles = ("QS", "AH")
    one = Round.from_layout((["KH", "9C 5C", "", "", ""], ["3D 2D", "9S", "", "", ""]), piles=piles)
    two = Round.from_layout((["KH", "KC 5C", "", "", ""], ["QD 2D", "9S", "", "", ""]), piles=piles)
    assert (
        Observer(one).view(0).plays_of(1) == Observer(two).view(0).plays_of(1) == (Play(1, 0, 1),)
    )
    assert Observer(one).view(1).plays_of(0) == (Play(0, 0, 0), Play(0, 0, 1))  # K on Q, and on A


def test_outside_play_nobody_has_a_play() -> None:
    for phase in (Phase.DEALT, Phase.SLAP):
        round_ = Round.from_layout(
            (["KH", "", "", "", ""], ["2D", "", "", "", ""]), piles=("QS", "AH"), phase=phase
        )
        assert Observer(round_).view(0).plays_of(0) == Observer(round_).view(0).plays_of(1) == ()
