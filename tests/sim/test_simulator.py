"""The simulator: whole matches on a virtual clock, deterministic, fair seats, every card kept."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from spit.bot import Bot
from spit.bot.strategy import Policy
from spit.engine import DECK, Match, Variant
from spit.sim.simulator import Config, match_seeds, play_match, simulate, simulate_match

TIMING_FIELDS = {"seconds", "matches_per_s", "actions_per_s"}
"""Summary fields measured on the wall clock, which no two runs share."""


def figures(config: Config) -> dict[str, object]:
    """A run's figures without the wall-clock ones."""
    d = simulate(config).as_dict()
    return {k: v for k, v in d.items() if k not in TIMING_FIELDS}


def test_the_same_arguments_give_the_same_results() -> None:
    config = Config(games=4, bot1="expert", bot2="hard", seed=9)
    assert figures(config) == figures(config)


def test_another_seed_gives_other_matches() -> None:
    a = figures(Config(games=4, bot1="expert", bot2="hard", seed=1))
    b = figures(Config(games=4, bot1="expert", bot2="hard", seed=2))
    assert a != b


def test_every_match_keeps_all_52_cards_after_every_action() -> None:
    deck = Counter(DECK)

    def conserved(match: Match) -> None:
        assert Counter(match.cards_in_play()) == deck

    for index in range(3):
        deal, s1, s2 = match_seeds(5, index)
        bots = (Bot(0, "expert", random.Random(s1)), Bot(1, "normal", random.Random(s2)))
        match = Match.new(deal)
        played = play_match(match, bots, after_action=conserved)
        assert match.is_over and not played.unfinished and played.winner is not None


@pytest.mark.parametrize("variant", list(Variant))
def test_each_seats_view_lists_the_legal_actions_the_match_gives(variant: Variant) -> None:
    """The simulator times reactions from the legal actions in the seats' views: after every
    action, to the match's end, they are the very tuples ``Match.legal_actions`` gives."""

    def listed(match: Match) -> None:
        for seat in (0, 1):
            assert match.view(seat).legal_actions is match.legal_actions(seat)

    for index in range(2):
        deal, s1, s2 = match_seeds(3, index)
        bots = (
            Bot(0, "expert", random.Random(s1)),
            Bot(1, "normal", random.Random(s2), policy=Policy.RANDOM),
        )
        match = Match.new(deal, variant=variant)
        play_match(match, bots, after_action=listed)
        assert match.is_over


def test_every_reported_match_ends_with_52_cards() -> None:
    config = Config(games=4, bot1="hard", bot2="random", variant=Variant.POINTS)
    assert all(simulate_match(config, i).cards == 52 for i in range(config.games))


def test_seats_alternate_on_the_same_deal() -> None:
    config = Config(games=2, bot1="hard", bot2="easy")
    first, second = simulate_match(config, 0), simulate_match(config, 1)
    assert first.seats == (0, 1) and second.seats == (1, 0)
    assert match_seeds(1, 0)[0] == match_seeds(1, 1)[0]  # one deal for the pair
    assert match_seeds(1, 0)[1:] != match_seeds(1, 1)[1:]  # fresh hands for each match


def test_wins_are_counted_by_bot_not_by_seat() -> None:
    strong_first = simulate(Config(games=4, bot1="expert", bot2="easy"))
    strong_second = simulate(Config(games=4, bot1="easy", bot2="expert"))
    assert strong_first.wins == [4, 0]
    assert strong_second.wins == [0, 4]


def test_a_match_over_the_round_cap_is_an_unfinished_draw() -> None:
    summary = simulate(Config(games=2, bot1="easy", bot2="easy", max_rounds=1))
    assert summary.draws == summary.unfinished == 2
    assert summary.wins == [0, 0]


def test_a_match_over_the_time_cap_is_an_unfinished_draw() -> None:
    report = simulate_match(Config(games=1, bot1="easy", bot2="easy", max_seconds=5.0), 0)
    assert report.unfinished and report.winner is None
    assert report.seconds < 5.0 + 10.0  # stopped at the first action past the cap


def test_random_takes_the_other_bots_timing() -> None:
    config = Config(games=1, bot1="random", bot2="expert")
    assert config.timing("random", "expert") == "expert"
    assert config.timing("random", "random") == "normal"
    assert config.timing("hard", "expert") == "hard"


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"games": 0}, "at least one match"),
        ({"bot1": "godlike"}, "no bot 'godlike'"),
    ],
)
def test_a_bad_config_is_refused_with_a_reason(kwargs: dict, message: str) -> None:
    args = {"games": 1, "bot1": "hard", "bot2": "easy", **kwargs}
    with pytest.raises(ValueError, match=message):
        Config(**args)
