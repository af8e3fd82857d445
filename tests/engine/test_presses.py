"""Key presses: one press per key in every phase, and the action the engine makes of it
(RULES B7 for the slap; the pile-key decision of docs/rules.md for single-pile rounds)."""

from __future__ import annotations

import pytest
from engine_tables import accepted, match_at, table
from test_round_end_and_slap import about_to_go_out
from test_single_pile import short_player_about_to_go_out

from spit.engine import (
    Fill,
    FillPress,
    Match,
    Observer,
    Phase,
    PilePress,
    Play,
    Reason,
    Slap,
    Spit,
    SpitPress,
    resolve,
)

EMPTY = ["", "", "", ""]
OUTSIDE_THE_SLAP = [Phase.DEALT, Phase.PLAYING, Phase.STUCK, Phase.SETTLED]


@pytest.mark.parametrize("phase", OUTSIDE_THE_SLAP)
def test_a_pile_key_plays_its_stock_onto_its_pile_outside_the_slap(phase: Phase) -> None:
    assert resolve(PilePress(0, 3, 0), phase) == Play(0, 3, 0)
    assert resolve(PilePress(1, 1, 1), phase) == Play(1, 1, 1)


def test_a_pile_key_slaps_its_pile_at_slap_time() -> None:
    assert resolve(PilePress(0, 4, 0), Phase.SLAP) == Slap(0, 0)
    assert resolve(PilePress(1, 0, 1), Phase.SLAP) == Slap(1, 1)


@pytest.mark.parametrize("phase", OUTSIDE_THE_SLAP)
def test_a_fill_key_fills_from_its_stock_outside_the_slap(phase: Phase) -> None:
    assert resolve(FillPress(1, 2), phase) == Fill(1, 2)


def test_a_fill_key_means_nothing_at_slap_time() -> None:
    assert resolve(FillPress(0, 2), Phase.SLAP) is None


@pytest.mark.parametrize("phase", [*OUTSIDE_THE_SLAP, Phase.SLAP])
def test_the_spit_key_is_a_spit_in_every_phase(phase: Phase) -> None:
    assert resolve(SpitPress(1), phase) == Spit(1)


def slapped_by_player_0() -> Match:
    """Player 0 went out and slapped the right pile: the next round is dealt."""
    match = match_at(about_to_go_out())
    accepted(match.apply(Play(0, 0, 0)))
    accepted(match.apply(Slap(0, 1)))
    assert match.round.phase is Phase.DEALT
    return match


def test_a_pile_key_after_the_other_player_won_the_slap_is_a_late_slap() -> None:
    match = slapped_by_player_0()
    press = PilePress(1, 2, 1)
    assert match.view(1).resolve(press) == Slap(1, 1)
    assert match.resolve(press) == Slap(1, 1)
    refusal = match.apply(Slap(1, 1)).refusal
    assert refusal is not None and refusal.reason is Reason.SLAPPED_ALREADY


def test_a_fill_key_after_the_other_player_won_the_slap_means_nothing() -> None:
    match = slapped_by_player_0()
    assert match.view(1).resolve(FillPress(1, 2)) is None
    assert match.resolve(FillPress(1, 2)) is None


def test_the_slap_winners_own_pile_key_after_the_slap_plays_as_before_any_spit() -> None:
    match = slapped_by_player_0()
    # Player 0 took the small pile: three cards, no spit cards, so ready already, and the
    # new round's one pile is player 1's, the right.
    press = PilePress(0, 0, 0)
    assert match.view(0).resolve(press) == Play(0, 0, 1)
    refusal = match.apply(Play(0, 0, 1)).refusal
    assert refusal is not None and refusal.reason is Reason.ALREADY_READY


def test_a_pile_key_after_the_first_spit_of_the_next_round_plays_again() -> None:
    match = slapped_by_player_0()
    accepted(match.apply(Spit(1)))  # player 0 has no spit cards: ready already
    assert match.round.phase is not Phase.DEALT
    assert match.view(1).resolve(PilePress(1, 0, 1)) == Play(1, 0, 1)


def test_both_pile_keys_play_on_the_one_pile_of_a_single_pile_round() -> None:
    round_ = short_player_about_to_go_out()  # the left pile is the one in play
    match = match_at(round_)
    for pile in (0, 1):
        assert match.view(1).resolve(PilePress(1, 0, pile)) == Play(1, 0, 0)
        assert match.resolve(PilePress(1, 0, pile)) == Play(1, 0, 0)


def test_both_pile_keys_play_on_a_right_hand_one_pile_too() -> None:
    round_ = table(["6C", *EMPTY], ["KC", "KD", *EMPTY[:3]], ("", "2S"), (None, "5S"))
    view = Observer(round_).view(0)
    assert [view.resolve(PilePress(0, 0, pile)) for pile in (0, 1)] == [Play(0, 0, 1)] * 2


def test_a_play_lands_where_the_view_and_the_round_both_say() -> None:
    for round_ in (short_player_about_to_go_out(), about_to_go_out()):
        for pile in (0, 1):
            assert Observer(round_).view(0).landing_pile(pile) == round_.landing_pile(pile)
    assert [short_player_about_to_go_out().landing_pile(p) for p in (0, 1)] == [0, 0]
    assert [about_to_go_out().landing_pile(p) for p in (0, 1)] == [0, 1]


def test_a_press_names_no_pile_out_of_range_only_the_table_refuses_it() -> None:
    match = Match.new(1)
    action = match.resolve(PilePress(0, 0, 7))
    assert action == Play(0, 0, 7)
    refusal = match.apply(action).refusal
    assert refusal is not None and refusal.reason is Reason.NO_SUCH_PILE


def test_a_press_from_no_such_player_is_refused_by_the_table_not_the_resolution() -> None:
    match = Match.new(1)
    action = match.resolve(SpitPress(5))
    assert action == Spit(5)
    refusal = match.apply(action).refusal
    assert refusal is not None and refusal.reason is Reason.NO_SUCH_PLAYER


def test_something_not_a_press_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        resolve(Play(0, 0, 0), Phase.PLAYING)  # type: ignore[arg-type]
