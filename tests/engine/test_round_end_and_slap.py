"""The end of a two-pile round, the slap, and settling up (RULES A "End of a round", "Slap",
"Next round"; B7)."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_tables import accepted, c, match_at, of_type, rest_of_deck, table

from spit.engine import (
    DECK,
    PLAYERS,
    Match,
    Observer,
    Phase,
    PileSlapped,
    PileTaken,
    Play,
    Reason,
    Round,
    RoundDealt,
    RoundEnd,
    RoundEnded,
    RoundSettled,
    Slap,
    Spit,
    cards,
)

P0, P0_SPIT = ["5H", "", "", "", ""], "7S 8S"
P1, P1_SPIT = ["2C 9D", "QC", "", "", ""], "3C"
BURIED = rest_of_deck(*P0, *P1, P0_SPIT, P1_SPIT, "4S KD")
"""The rest of the deck, under the left pile's 4S, so all 52 cards are on the table."""


def about_to_go_out() -> Round:
    """Player 0's last stock card, 5H, fits the left pile; both still have spit cards."""
    return table(P0, P1, (P0_SPIT, P1_SPIT), (f"{BURIED} 4S", "KD"))


def gone_out() -> Round:
    round_ = about_to_go_out()
    accepted(round_.apply(Play(0, 0, 0)))
    return round_


def test_round_ends_when_a_player_plays_all_stock_cards() -> None:
    round_ = about_to_go_out()
    events = accepted(round_.apply(Play(0, 0, 0)))
    assert events[-1] == RoundEnded(RoundEnd.WENT_OUT, 0)
    assert round_.phase is Phase.SLAP
    assert round_.went_out == 0


def test_going_out_ends_the_round_even_with_spit_cards_left() -> None:
    round_ = gone_out()
    assert Observer(round_).view(0).me.spit_cards == 2
    assert round_.phase is Phase.SLAP


def test_stalemate_ends_two_pile_round_in_slap() -> None:
    round_ = table(["6H", "KC", "", "", ""], ["9D", "", "", "", ""], piles=("5S", "5D"))
    events = accepted(round_.apply(Play(0, 0, 0)))
    # 6H leaves KC and 9D with nothing to go on, and nobody has a spit card.
    assert events[-1] == RoundEnded(RoundEnd.STALEMATE, None)
    assert round_.phase is Phase.SLAP


def test_stuck_with_spit_cards_left_is_not_the_end() -> None:
    round_ = table(["6H", "KC", "", "", ""], ["9D", "", "", "", ""], ("2S", ""), ("5S", "5D"))
    accepted(round_.apply(Play(0, 0, 0)))
    assert round_.phase is Phase.STUCK


def test_after_the_end_only_slaps_are_legal() -> None:
    round_ = gone_out()
    for player in PLAYERS:
        assert Observer(round_).view(player).legal_actions == (Slap(player, 0), Slap(player, 1))
    refusal = round_.apply(Play(1, 1, 1)).refusal  # QC would fit KD, but the round is over
    assert refusal is not None
    assert refusal.reason is Reason.SLAP_TIME
    assert not refusal.is_fumble


def test_slap_only_at_round_end() -> None:
    refusal = about_to_go_out().apply(Slap(1, 1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NOT_SLAP_TIME
    assert not refusal.is_fumble


def test_first_slap_takes_that_pile_other_gets_the_other() -> None:
    round_ = gone_out()
    events = accepted(round_.apply(Slap(1, 1)))
    assert events[0] == PileSlapped(1, 1)
    assert of_type(events, PileTaken) == [PileTaken(0, 0, 45), PileTaken(1, 1, 1)]
    assert round_.took == (0, 1)
    assert round_.phase is Phase.SETTLED


@pytest.mark.parametrize("player", PLAYERS)
@pytest.mark.parametrize("pile", [0, 1])
def test_either_player_may_slap_including_the_one_who_went_out(player: int, pile: int) -> None:
    round_ = gone_out()
    accepted(round_.apply(Slap(player, pile)))
    took = round_.took
    assert took[player] == pile
    assert took[1 - player] == 1 - pile


def test_a_later_slap_changes_nothing() -> None:
    round_ = gone_out()
    accepted(round_.apply(Slap(0, 1)))
    refusal = round_.apply(Slap(1, 1)).refusal
    assert refusal is not None
    assert round_.took == (1, 0)


def test_settle_adds_leftover_stock_and_spit_to_taken_pile() -> None:
    round_ = gone_out()
    events = accepted(round_.apply(Slap(0, 1)))
    p0, p1 = round_.hands()
    assert Counter(p0) == Counter(cards(f"KD {P0_SPIT}"))
    assert Counter(p1) == Counter(cards(f"{BURIED} 4S 5H 2C 9D QC {P1_SPIT}"))
    assert events[-1] == RoundSettled(1, (3, 49), (1, 0), RoundEnd.WENT_OUT, 0, taken=(1, 45))


def test_next_round_is_dealt_from_what_each_holds() -> None:
    match = match_at(about_to_go_out())
    accepted(match.apply(Play(0, 0, 0)))
    events = accepted(match.apply(Slap(0, 1)))
    assert isinstance(events[-1], RoundDealt)
    assert events[-1].number == 2
    view = match.view(0)
    assert view.round_number == 2
    assert view.phase is Phase.DEALT
    assert [side.cards for side in view.sides] == [3, 49]
    # Player 0 holds 3 cards: a short layout, no spit cards, so only player 1's pile is used.
    assert [side.spit_cards for side in view.sides] == [0, 49 - 15]
    assert events[-1].spit_piles == 1
    assert Counter(match.cards_in_play()) == Counter(DECK)
    assert view.me.stocks[0].top in cards(f"KD {P0_SPIT}")


def test_second_slap_arriving_after_the_deal_is_too_late() -> None:
    match = match_at(about_to_go_out())
    accepted(match.apply(Play(0, 0, 0)))
    accepted(match.apply(Slap(0, 1)))
    refusal = match.apply(Slap(1, 1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.SLAPPED_ALREADY
    assert not refusal.is_fumble


def test_first_slapper_slapping_again_is_not_told_the_other_was_first() -> None:
    match = match_at(about_to_go_out())
    accepted(match.apply(Play(0, 0, 0)))
    accepted(match.apply(Slap(0, 1)))
    refusal = match.apply(Slap(0, 1)).refusal
    assert refusal is not None
    assert refusal.reason is Reason.NOT_SLAP_TIME


def test_next_round_starts_with_a_spit() -> None:
    match = Match.new(5)
    round_ = match.round
    assert round_.phase is Phase.DEALT
    assert match.view(0).legal_actions == (Spit(0),)
    accepted(match.apply(Spit(0)))
    accepted(match.apply(Spit(1)))
    assert round_.phase is not Phase.DEALT
    assert c("AS") in match.cards_in_play()
