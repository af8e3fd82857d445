"""The bot's hand: reaction times, stale plans, refusals and re-planning, on a virtual clock."""

from __future__ import annotations

import itertools
import random
import statistics
from dataclasses import replace

import pytest

from spit.bot import LEVEL_NAMES, LEVELS, Bot, Delay, Planned
from spit.engine import DECK, Match, Phase, Play, Reason, Round, Settings, Slap, Spit
from spit.sim.simulator import play_match

BOT = 1
"""The bot's seat against a person."""

QUIET = ["9H", "9D", "9S", "9C", "3D"]
"""Opponent stock tops that fit none of the piles used below."""


def race() -> Round:
    """The bot's 4H and the opponent's 6C both fit the 5S."""
    return Round.from_layout(
        (["6C", *QUIET[:4]], ["2C 4H", "KS", "KD", "KH", "KC"]), piles=("5S", "JC")
    )


def follow_up() -> Round:
    """Like :func:`race`, and the bot's 7H fits the 6C once the opponent plays it."""
    return Round.from_layout(
        (["6C", *QUIET[:4]], ["2C 4H", "7H", "KD", "KH", "KC"]), piles=("5S", "JC")
    )


@pytest.mark.parametrize("name", LEVEL_NAMES)
def test_a_move_never_lands_before_the_levels_fastest_reaction(name: str) -> None:
    level = LEVELS[name]
    for seed in range(200):
        planned = Bot(BOT, name, random.Random(seed)).plan(race().view(BOT), 10.0)
        assert planned is not None
        assert planned.at >= 10.0 + level.reaction.floor


@pytest.mark.parametrize("name", LEVEL_NAMES)
def test_reaction_times_average_the_levels_mean_with_spread(name: str) -> None:
    level = LEVELS[name]
    rng = random.Random(7)
    samples = [level.reaction.sample(rng) for _ in range(4000)]
    assert statistics.fmean(samples) == pytest.approx(level.reaction.mean, rel=0.05)
    assert statistics.stdev(samples) == pytest.approx(level.reaction.spread, rel=0.2)


def test_each_level_is_quicker_and_more_careful_than_the_one_below() -> None:
    levels = [LEVELS[n] for n in LEVEL_NAMES]
    for slower, quicker in itertools.pairwise(levels):
        assert quicker.reaction.mean < slower.reaction.mean
        assert quicker.notice_stuck.mean < slower.notice_stuck.mean
        assert quicker.slap.mean < slower.slap.mean
        assert quicker.overlook <= slower.overlook
        assert quicker.blunder <= slower.blunder


def test_a_delay_refuses_a_floor_above_its_mean() -> None:
    with pytest.raises(ValueError, match="floor"):
        Delay(mean=0.5, spread=0.1, floor=0.6)


def test_spitting_takes_the_time_to_notice_and_slapping_the_time_to_slap() -> None:
    level = LEVELS["normal"]
    dealt = Round.deal((DECK[:26], DECK[26:]))
    assert dealt.phase is Phase.DEALT  # a fresh deal waits for the first spit
    for seed in range(100):
        planned = Bot(BOT, level, random.Random(seed)).plan(dealt.view(BOT), 0.0)
        assert planned is not None and planned.action == Spit(BOT)
        assert planned.at >= level.notice_stuck.floor
    # A slap: the bot goes out, then slaps.
    round_ = Round.from_layout((QUIET, ["4H", "", "", "", ""]), piles=("5S", "JC"))
    assert round_.apply(Play(BOT, 0, 0), 0.0).ok
    for seed in range(100):
        planned = Bot(BOT, level, random.Random(seed)).plan(round_.view(BOT), 0.0)
        assert planned is not None and isinstance(planned.action, Slap)
        assert planned.at >= level.slap.floor


def test_asking_again_without_a_change_returns_the_same_plan() -> None:
    bot = Bot(BOT, "hard", random.Random(1))
    first = bot.plan(race().view(BOT), 0.0)
    assert bot.plan(race().view(BOT), 0.2) is first
    assert bot.pending is first


def test_a_plan_made_stale_early_is_abandoned_and_replanned() -> None:
    round_ = follow_up()
    bot = Bot(BOT, "easy", random.Random(3))
    planned = bot.plan(round_.view(BOT), 0.0)
    assert planned.action == Play(BOT, 0, 0)
    # The opponent covers the 5S long before the bot's hand arrives: it notices.
    change = planned.at - bot.level.second_look - 0.1
    assert round_.apply(Play(0, 0, 0), change).ok
    again = bot.plan(round_.view(BOT), change)
    assert again is not None and again.action == Play(BOT, 1, 0)  # the 7H on the 6C instead
    assert again.at >= change + bot.level.reaction.floor


def test_a_plan_made_stale_at_the_last_moment_lands_and_is_too_late() -> None:
    round_ = follow_up()
    bot = Bot(BOT, "hard", random.Random(3))
    planned = bot.plan(round_.view(BOT), 0.0)
    change = planned.at - 0.1  # within the second look and the too-late window
    assert round_.apply(Play(0, 0, 0), change).ok
    assert bot.plan(round_.view(BOT), change) is planned
    result = round_.apply(planned.action, planned.at)
    assert result.refusal is not None and result.refusal.reason is Reason.TOO_LATE
    bot.landed(result)
    assert bot.pending is None


def test_after_a_refusal_the_bot_replans_from_the_table_as_it_is() -> None:
    round_ = follow_up()
    bot = Bot(BOT, "hard", random.Random(5))
    planned = bot.plan(round_.view(BOT), 0.0)
    assert planned.action == Play(BOT, 0, 0)  # the 4H on the 5S, the only fit
    assert round_.apply(Play(0, 0, 0), planned.at - 0.1).ok  # the 6C gets there first
    assert bot.plan(round_.view(BOT), planned.at - 0.1) is planned
    result = round_.apply(planned.action, planned.at)
    assert result.refusal is not None and result.refusal.reason is Reason.TOO_LATE
    bot.landed(result)
    replanned = bot.plan(round_.view(BOT), planned.at)
    assert replanned == Planned(Play(BOT, 1, 0), replanned.at)  # the 7H on the new 6C
    assert replanned.at >= planned.at + bot.level.reaction.floor


def test_after_a_fumble_the_bot_waits_out_the_lockout() -> None:
    # A quick hand that is slow to notice: it fumbles, and its next move must wait.
    level = replace(LEVELS["expert"], second_look=1.0)
    assert level.reaction.floor < round_settings_lockout()
    round_ = follow_up()
    bot = Bot(BOT, level, random.Random(3))
    planned = bot.plan(round_.view(BOT), 0.0)
    change = planned.at - 0.31  # too long ago to be "too late": the 4H no longer fits
    assert round_.apply(Play(0, 0, 0), change).ok
    assert bot.plan(round_.view(BOT), change) is planned
    result = round_.apply(planned.action, planned.at)
    assert result.refusal is not None and result.refusal.is_fumble
    bot.landed(result)
    replanned = bot.plan(round_.view(BOT), planned.at)
    assert replanned is not None and replanned.action == Play(BOT, 1, 0)
    assert replanned.at >= result.refusal.locked_until


def round_settings_lockout() -> float:
    """The default fumble lockout."""
    return Settings().lockout


def test_the_bot_only_plays_its_own_seat() -> None:
    bot = Bot(BOT, "hard", random.Random(0))
    with pytest.raises(ValueError, match="seat 1"):
        bot.plan(race().view(0), 0.0)


def test_an_unknown_level_is_named_with_the_choices() -> None:
    with pytest.raises(ValueError, match="easy, normal, hard, expert"):
        Bot(BOT, "godlike", random.Random(0))


def test_cancel_drops_the_move_in_progress() -> None:
    bot = Bot(BOT, "hard", random.Random(0))
    first = bot.plan(race().view(BOT), 0.0)
    bot.cancel()
    assert bot.pending is None
    assert bot.plan(race().view(BOT), 1.0) is not first


def test_a_whole_match_on_the_virtual_clock_respects_every_delay() -> None:
    """Every move lands at least its kind's floor after the moment the bot planned it."""
    made: list[tuple[int, Planned, float]] = []

    class Watched(Bot):
        def plan(self, view, now):  # type: ignore[override]
            before = self.pending
            planned = super().plan(view, now)
            if planned is not None and planned is not before:
                made.append((self.player, planned, now))
            return planned

    bots = (Watched(0, "expert", random.Random(1)), Watched(1, "easy", random.Random(2)))
    winner, unfinished, *_ = play_match(Match.new(11), bots)
    assert not unfinished and winner is not None
    assert made
    for player, planned, when in made:
        level = bots[player].level
        if isinstance(planned.action, Spit):
            floor = level.notice_stuck.floor
        elif isinstance(planned.action, Slap):
            floor = level.slap.floor
        else:
            floor = level.reaction.floor
        assert planned.at - when >= floor
