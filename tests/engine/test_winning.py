"""Winning a match, standard and points, and replaying a match from its seed (RULES A
"Winning"; B8, B10, B11, B13)."""

from __future__ import annotations

import random

import pytest
from engine_tables import accepted, match_at, of_type, rest_of_deck, table

from spit.engine import (
    PLAYERS,
    Action,
    Event,
    Match,
    MatchEnded,
    Outcome,
    Phase,
    Play,
    Reason,
    Round,
    RoundDealt,
    ScoresChanged,
    Slap,
    Spit,
    Termination,
    Variant,
)

EMPTY = ["", "", "", ""]


def short_player_about_to_go_out() -> Round:
    """Single pile: player 1, without spit cards, is one card (6C) from going out."""
    p0, p1 = ["KC", "KD", "7H", *EMPTY[:2]], ["6C", *EMPTY]
    buried = rest_of_deck(*p0, *p1, "2S 3S 5S")
    return table(p0, p1, ("2S 3S", ""), (f"{buried} 5S", None))


def spitter_about_to_go_out() -> Round:
    """Single pile: player 0, the spitter, is one card (4H) from going out, 2 spit cards left."""
    p0, p1 = ["4H", *EMPTY], ["KC KD", "9C", *EMPTY[:3]]
    buried = rest_of_deck(*p0, *p1, "2S 3S 5S")
    return table(p0, p1, ("2S 3S", ""), (f"{buried} 5S", None))


def two_piles_about_to_go_out() -> Round:
    """Player 0 goes out with 5H; slapping the right pile leaves them 3 cards, player 1 49."""
    p0, p1 = ["5H", *EMPTY], ["2C 9D", "QC", *EMPTY[:3]]
    buried = rest_of_deck(*p0, *p1, "7S 8S 3C 4S KD")
    return table(p0, p1, ("7S 8S", "3C"), (f"{buried} 4S", "KD"))


def finish_two_pile_round(match: Match) -> tuple[Event, ...]:
    accepted(match.apply(Play(0, 0, 0)))
    return accepted(match.apply(Slap(0, 1)))


def test_single_pile_short_player_out_first_wins_match() -> None:
    match = match_at(short_player_about_to_go_out())
    events = accepted(match.apply(Play(1, 0, 0)))
    assert events[-1] == MatchEnded(Outcome(Termination.NO_CARDS, 1))
    assert match.is_over
    assert match.outcome == Outcome(Termination.NO_CARDS, 1)
    assert not of_type(events, RoundDealt)


def test_single_pile_opponent_out_first_play_continues() -> None:
    match = match_at(spitter_about_to_go_out())
    events = accepted(match.apply(Play(0, 0, 0)))
    assert not match.is_over
    assert events[-1] == RoundDealt(2, 1)
    assert [side.cards for side in match.view(0).sides] == [2, 50]


def test_spitter_out_first_with_no_spit_cards_left_wins_match() -> None:
    # B10 over A's "play continues": whoever ends a round holding nothing has won.
    p0, p1 = ["4H", *EMPTY], ["KC KD", "9C", *EMPTY[:3]]
    buried = rest_of_deck(*p0, *p1, "5S")
    match = match_at(table(p0, p1, ("", ""), (f"{buried} 5S", None)))
    events = accepted(match.apply(Play(0, 0, 0)))
    assert events[-1] == MatchEnded(Outcome(Termination.NO_CARDS, 0))


def test_player_with_no_cards_is_not_dealt_and_has_won() -> None:
    match = match_at(short_player_about_to_go_out())
    accepted(match.apply(Play(1, 0, 0)))
    assert match.round.phase is Phase.SETTLED
    for action in (Spit(0), Slap(1, 0), Play(0, 0, 0)):
        refusal = match.apply(action).refusal
        assert refusal is not None
        assert refusal.reason is Reason.MATCH_OVER


def test_standard_match_goes_on_while_both_hold_cards() -> None:
    match = match_at(two_piles_about_to_go_out())
    events = finish_two_pile_round(match)
    assert not match.is_over
    assert not of_type(events, ScoresChanged)
    assert match.scores == (0, 0)


def test_points_variant_scores_cards_held() -> None:
    match = match_at(two_piles_about_to_go_out(), variant=Variant.POINTS)
    events = finish_two_pile_round(match)
    # Counted after taking the piles: 3 cards for player 0, 49 for player 1.
    assert of_type(events, ScoresChanged) == [ScoresChanged((3, 49))]
    assert match.scores == (3, 49)
    assert match.view(1).scores == (3, 49)
    assert events[-1] == RoundDealt(2, 1)


def test_points_add_up_over_rounds() -> None:
    match = match_at(two_piles_about_to_go_out(), variant=Variant.POINTS, scores=(40, 30))
    finish_two_pile_round(match)
    assert match.scores == (43, 79)
    assert not match.is_over


def test_points_match_ends_at_100_lowest_wins() -> None:
    match = match_at(two_piles_about_to_go_out(), variant=Variant.POINTS, scores=(10, 51))
    events = finish_two_pile_round(match)
    assert events[-1] == MatchEnded(Outcome(Termination.POINTS, 0, (13, 100)))


def test_points_match_ends_only_once_a_total_reaches_100() -> None:
    match = match_at(two_piles_about_to_go_out(), variant=Variant.POINTS, scores=(10, 50))
    finish_two_pile_round(match)
    assert match.scores == (13, 99)
    assert not match.is_over


def test_points_equal_totals_draw() -> None:
    match = match_at(two_piles_about_to_go_out(), variant=Variant.POINTS, scores=(97, 51))
    events = finish_two_pile_round(match)
    assert events[-1] == MatchEnded(Outcome(Termination.POINTS, None, (100, 100)))


def test_points_match_ends_when_a_player_holds_no_cards() -> None:
    match = match_at(short_player_about_to_go_out(), variant=Variant.POINTS, scores=(0, 30))
    events = accepted(match.apply(Play(1, 0, 0)))
    assert events[-1] == MatchEnded(Outcome(Termination.NO_CARDS, 1, (52, 30)))


def test_points_lowest_total_wins_even_against_an_empty_hand() -> None:
    # B11: the empty hand only ends the match; the totals decide it.
    match = match_at(short_player_about_to_go_out(), variant=Variant.POINTS, scores=(0, 60))
    events = accepted(match.apply(Play(1, 0, 0)))
    assert events[-1] == MatchEnded(Outcome(Termination.NO_CARDS, 0, (52, 60)))


def first_legal(match: Match, turn: int) -> Action | None:
    """A plain, deterministic policy: the first legal action, players taking turns."""
    for player in (turn % 2, 1 - turn % 2):
        actions = match.legal_actions(player)
        if actions:
            return actions[0]
    return None


def replay(seed: int, steps: int) -> list[Event]:
    match = Match.new(seed)
    events: list[Event] = []
    for turn in range(steps):
        action = first_legal(match, turn)
        if action is None:
            break
        events.extend(accepted(match.apply(action, at=turn * 0.1)))
    return events


def test_same_seed_same_deal() -> None:
    for player in PLAYERS:
        assert Match.new(42).view(player) == Match.new(42).view(player)
    assert Match.new(42).cards_in_play() == Match.new(42).cards_in_play()
    assert Match.new(42).cards_in_play() != Match.new(43).cards_in_play()


def test_same_seed_and_actions_replay_the_same_rounds() -> None:
    first, second = replay(7, 400), replay(7, 400)
    assert first == second
    assert len(of_type(first, RoundDealt)) >= 1  # the replay crossed into a new deal


def test_match_leaves_the_global_random_alone() -> None:
    random.seed(1234)
    expected = random.random()
    random.seed(1234)
    match = Match.new(9)
    replay(9, 200)
    accepted(match.apply(Spit(0)))
    assert random.random() == expected


@pytest.mark.parametrize("variant", list(Variant))
def test_a_match_starts_with_round_one_and_no_score(variant: Variant) -> None:
    match = Match.new(3, variant=variant)
    view = match.view(0)
    assert view.round_number == 1
    assert view.scores == (0, 0)
    assert match.history == []
    assert not match.is_over
