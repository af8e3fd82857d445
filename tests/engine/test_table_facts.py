"""Facts a screen needs that only the engine decides: who went out, who won the slap race,
whether the table is between rounds, how many cards each player took, who still has a move.

A player's view and the events carry them, so a screen (local or across the network) asks
and never works them out from the table itself.
"""

from __future__ import annotations

from engine_tables import accepted, match_at, rest_of_deck, table

from spit.engine import Match, Phase, Play, Reason, Slap, Spit

EMPTY = ["", "", "", ""]
P0, P1 = ["5H", *EMPTY], ["2C 9D", "QC", "", "", ""]
BURIED = rest_of_deck(*P0, *P1, "7S 8S 3C 4S KD")


def about_to_go_out() -> Match:
    """Player 0's last stock card, 5H, fits the left pile; both still have spit cards."""
    return match_at(table(P0, P1, ("7S 8S", "3C"), (f"{BURIED} 4S", "KD")))


def test_the_view_says_who_went_out_once_the_round_ends() -> None:
    match = about_to_go_out()
    assert match.view(1).went_out is None
    accepted(match.apply(Play(0, 0, 0), at=1.0))
    assert match.view(0).phase is Phase.SLAP
    assert match.view(0).went_out == 0
    assert match.view(1).went_out == 0


def test_the_view_says_who_won_the_slap_race_until_the_next_first_spit() -> None:
    match = about_to_go_out()
    accepted(match.apply(Play(0, 0, 0), at=1.0))
    assert match.view(0).slap_winner is None
    accepted(match.apply(Slap(1, 1), at=1.2))
    assert match.view(0).slap_winner == 1
    assert match.view(1).slap_winner == 1
    # The loser's slap, arriving now, is the engine's to refuse as too late.
    refusal = match.apply(Slap(0, 1), at=1.3).refusal
    assert refusal is not None and refusal.reason is Reason.SLAPPED_ALREADY
    for player in (0, 1):
        if Spit(player) in match.view(player).legal_actions:
            accepted(match.apply(Spit(player), at=2.0))
    assert match.view(0).phase is not Phase.DEALT
    assert match.view(0).slap_winner is None


def test_between_rounds_from_the_settle_until_the_next_first_spit() -> None:
    match = Match.new(5)
    assert not match.view(0).between_rounds  # the first round's deal is no "between"
    match = about_to_go_out()
    accepted(match.apply(Play(0, 0, 0), at=1.0))
    assert not match.view(0).between_rounds  # the slap is still to come
    events = accepted(match.apply(Slap(0, 1), at=1.2))
    view = match.view(1)
    assert view.between_rounds
    assert view.last_round is not None and view.last_round == match.history[-1]
    assert view.last_round in events
    for player in (0, 1):
        if Spit(player) in match.view(player).legal_actions:
            accepted(match.apply(Spit(player), at=2.0))
    assert not match.view(0).between_rounds
    assert match.view(0).last_round is view.last_round  # still the last settled round


def test_the_settled_round_says_how_many_cards_each_player_took() -> None:
    match = about_to_go_out()
    accepted(match.apply(Play(0, 0, 0), at=1.0))
    accepted(match.apply(Slap(0, 1), at=1.2))
    settled = match.history[-1]
    assert settled.took == (1, 0)
    # The left pile had the buried rest of the deck, 4S and 5H; the right pile only KD.
    left = len(BURIED.split()) + 2
    assert settled.taken == (1, left)


def test_the_view_carries_the_outcome_once_the_match_is_over() -> None:
    match = Match.new(3)
    at = 0.0
    while not match.is_over:
        at += 1.0
        view = match.view(0)
        assert view.outcome is None and not view.is_over
        action = _any_action(match)
        match.apply(action, at=at)
    for player in (0, 1):
        assert match.view(player).outcome == match.outcome
        assert match.view(player).is_over
        assert match.view(player).last_round == match.history[-1]


def _any_action(match: Match) -> Play | Spit | Slap:
    view = match.view(0)
    if view.phase is Phase.SLAP:
        return Slap(0, 0)
    for player in (0, 1):
        legal = match.legal_actions(player)
        if legal:
            return legal[0]  # type: ignore[return-value]
    raise AssertionError(f"nobody can act in {view.phase}")


def test_not_stuck_says_who_still_has_a_move() -> None:
    # Player 0 has nothing that fits; player 1's 6C fits the 5S.
    round_ = table(
        ["KC", "KD", "KH", "KS", "2C"], ["6C", "7D", "7H", "7S", "2D"], ("3S", "JC"), ("5S", "9D")
    )
    refusal = round_.apply(Spit(0)).refusal
    assert refusal is not None and refusal.reason is Reason.NOT_STUCK
    assert refusal.mover == 1
    refusal = round_.apply(Spit(1)).refusal
    assert refusal is not None and refusal.mover == 1  # their own move comes first
