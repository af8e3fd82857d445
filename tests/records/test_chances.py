"""The chances kept from action to action are the definition's: a player whose plays did not
change keeps every chance open as it was, and every reaction and closed chance is the one
worked out afresh after each action (issue 21: the simulator no longer rebuilds them)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from spit.engine import PLAYERS, Action, CardPlayed, Event, Match, Play
from spit.records.figures import Chances, Closed


class _Afresh:
    """The definition, worked out afresh after every action: each player's open plays, each
    with when it became legal; the play made is a reaction, what went away closed."""

    def __init__(self, legal: Sequence[Sequence[Action]]) -> None:
        self.open = [{a: 0.0 for a in legal[p] if type(a) is Play} for p in PLAYERS]

    def accepted(self, events: Sequence[Event], at: float, legal: Sequence[Sequence[Action]]):
        played = next((e for e in events if type(e) is CardPlayed), None)
        reaction = None
        closed = []
        for p in PLAYERS:
            old = self.open[p]
            new = {a: old.get(a, at) for a in legal[p] if type(a) is Play}
            made = Play(p, played.stock, played.pile) if played and played.player == p else None
            if made is not None and made in old:
                reaction = at - old[made]
                if made in new:
                    new[made] = at
            closed += [
                Closed(p, play, at - since)
                for play, since in old.items()
                if play not in new and play != made
            ]
            self.open[p] = new
        return reaction, tuple(closed)


def _legal(match: Match, rng: random.Random) -> tuple[Sequence[Action], Sequence[Action]]:
    """Both players' legal actions, now and then as new lists of new values (a networked
    seat's ``plays_of``), so kept values cannot be told by identity alone."""
    legal = (match.legal_actions(0), match.legal_actions(1))
    if rng.random() < 0.3:
        return tuple(
            [type(a)(*(getattr(a, f) for f in a.__struct_fields__)) for a in seen] for seen in legal
        )
    return legal


@pytest.mark.parametrize("seed", range(6))
def test_kept_chances_give_the_reactions_and_closed_chances_worked_out_afresh(seed: int) -> None:
    rng = random.Random(seed)
    match = Match.new(seed)
    legal = _legal(match, rng)
    kept, afresh = Chances(legal), _Afresh(legal)
    at = 0.0
    taken = 0
    while not match.is_over and match.round.number < 12:
        at += rng.choice((0.05, 0.2, 0.7))
        choices = match.legal_actions(0) + match.legal_actions(1)
        result = match.apply(rng.choice(choices), at)
        assert result.ok
        legal = _legal(match, rng)
        closed: list[Closed] = []
        reaction = kept.reaction(result.events, at, legal, closed)
        assert (reaction, tuple(closed)) == afresh.accepted(result.events, at, legal)
        taken += 1
    assert taken > 100


@pytest.mark.parametrize("seed", range(4))
def test_the_reaction_alone_is_the_one_the_chances_give(seed: int) -> None:
    """``Chances.reaction`` without the closed chances (what the simulator asks) keeps the
    same chances as with them and answers the same reaction, action after action."""
    rng = random.Random(seed)
    match = Match.new(seed)
    legal = _legal(match, rng)
    alone, full = Chances(legal), Chances(legal)
    at = 0.0
    reactions = 0
    while not match.is_over and match.round.number < 12:
        at += rng.choice((0.05, 0.2, 0.7))
        result = match.apply(rng.choice(match.legal_actions(0) + match.legal_actions(1)), at)
        legal = _legal(match, rng)
        reaction = alone.reaction(result.events, at, legal)
        assert reaction == full.reaction(result.events, at, legal, [])
        reactions += reaction is not None
    assert reactions > 20
