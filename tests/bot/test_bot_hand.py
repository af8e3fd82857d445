"""The bot's hand: reaction times, stale plans, refusals and re-planning, on a virtual clock."""

from __future__ import annotations

import itertools
import random
import statistics

import pytest
from msgspec.structs import replace

from spit.bot import Bot, Planned
from spit.bot.levels import ALIASES, FORM_RANGE, LADDER, LEVELS, NOTICE_FLOOR, ExGaussian, Level
from spit.engine import DECK, Match, Observer, Phase, Play, Reason, Round, Slap, Spit
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


STEADY = ExGaussian(mu=0.2, sigma=0.001, tau=0.001)
"""Noticing that takes 0.2 s, near enough every time: stale-plan tests need to know when."""


def steady(name: str = "seasoned", **changes: float) -> Level:
    """A ladder level with steady noticing, the same pace every round and no mistakes."""
    base = dict(notice=STEADY, form=0.0, day=0.0, overlook=0.0, first_fit=0.0, miskey=0.0)
    return replace(LEVELS[name], **{**base, **changes})


@pytest.mark.parametrize("name", LADDER)
def test_a_move_never_lands_before_the_levels_fastest_hand(name: str) -> None:
    level = LEVELS[name]
    for seed in range(200):
        planned = Bot(BOT, name, random.Random(seed)).plan(Observer(race()).view(BOT), 10.0)
        assert planned is not None
        assert planned.at >= 10.0 + level.fastest(1)


def test_each_level_is_quicker_and_more_careful_than_the_one_below() -> None:
    levels = [LEVELS[n] for n in LADDER]
    for slower, quicker in itertools.pairwise(levels):
        assert quicker.notice.median < slower.notice.median
        assert quicker.key < slower.key
        for moves in (1, 2, 4, 8):
            assert quicker.reaction_median(moves) < slower.reaction_median(moves)
        assert quicker.overlook < slower.overlook
        assert quicker.first_fit < slower.first_fit
        assert quicker.miskey < slower.miskey


def test_the_noticing_delay_has_the_ex_gaussian_mean_and_median() -> None:
    delay = ExGaussian(mu=0.25, sigma=0.04, tau=0.15)
    rng = random.Random(7)
    samples = [delay.sample(rng) for _ in range(20000)]
    assert statistics.fmean(samples) == pytest.approx(delay.mean, rel=0.02)
    assert statistics.median(samples) == pytest.approx(delay.median, rel=0.02)
    assert delay.cdf(delay.median) == pytest.approx(0.5)


def test_choosing_grows_with_the_log_of_the_moves_seen() -> None:
    level = LEVELS["regular"]
    assert level.choosing(3) - level.choosing(1) == pytest.approx(level.per_bit)  # 2 -> 1 bit
    assert level.choosing(7) - level.choosing(3) == pytest.approx(level.per_bit)  # 3 -> 2 bits


def test_more_plays_in_view_are_each_more_often_overlooked() -> None:
    level = LEVELS["casual"]
    assert level.overlook_each(1) == pytest.approx(level.overlook)
    assert level.overlook_each(1) < level.overlook_each(3) < level.overlook_each(7)


def test_a_delay_refuses_parameters_no_hand_has() -> None:
    with pytest.raises(ValueError, match="mu"):
        ExGaussian(mu=0.05, sigma=0.01, tau=0.1)


def test_the_old_level_names_play_on_the_ladder() -> None:
    for old, new in ALIASES.items():
        assert Bot(BOT, old, random.Random(0)).level is LEVELS[new]


def test_spitting_and_slapping_come_from_the_same_model_as_plays() -> None:
    level = steady("casual")
    dealt = Round.deal((DECK[:26], DECK[26:]))
    assert dealt.phase is Phase.DEALT  # a fresh deal waits for the first spit
    planned = Bot(BOT, level, random.Random(0)).plan(Observer(dealt).view(BOT), 0.0)
    assert planned is not None and planned.action == Spit(BOT)
    expected = STEADY.median + level.choosing(1) + level.key
    assert planned.at == pytest.approx(expected, abs=0.01)
    # A slap: the bot goes out, then slaps; it chooses between two piles.
    round_ = Round.from_layout((QUIET, ["4H", "", "", "", ""]), piles=("5S", "JC"))
    assert round_.apply(Play(BOT, 0, 0), 0.0).ok
    planned = Bot(BOT, level, random.Random(0)).plan(Observer(round_).view(BOT), 0.0)
    assert planned is not None and isinstance(planned.action, Slap)
    expected = STEADY.median + level.choosing(2) + level.key
    assert planned.at == pytest.approx(expected, abs=0.01)


def test_even_an_easy_slap_is_slower_than_a_very_fast_play() -> None:
    # The complaint: every level slapped faster than it played a card.
    for name in LADDER:
        level = LEVELS[name]
        assert level.reaction_median(2) > level.reaction_median(1)
    assert LEVELS["beginner"].reaction_median(2) > 2 * LEVELS["very-fast"].reaction_median(1)


def test_asking_again_without_a_change_returns_the_same_plan() -> None:
    bot = Bot(BOT, "hard", random.Random(1))
    first = bot.plan(Observer(race()).view(BOT), 0.0)
    assert bot.plan(Observer(race()).view(BOT), 0.2) is first
    assert bot.pending is first


def test_a_plan_is_a_planned_with_each_field_in_its_place() -> None:
    """A plan is made from its six fields at once (``tuple.__new__``): it is a Planned, the
    same as one made by its fields' names."""
    level = steady("casual", miskey=1.0)  # a mis-key: the key pressed is not the move meant
    planned = Bot(BOT, level, random.Random(3)).plan(Observer(race()).view(BOT), 0.25)
    assert type(planned) is Planned
    by_name = Planned(
        action=planned.action,
        at=planned.at,
        meant=Play(BOT, 0, 0),
        since=0.25,
        weighed=planned.weighed,
        second_look=planned.second_look,
    )
    assert planned == by_name and planned.intended == Play(BOT, 0, 0)
    assert planned.action != planned.meant and planned.at > 0.25
    assert type(planned.weighed) is int and type(planned.second_look) is bool


def test_a_plan_made_stale_early_is_abandoned_once_the_change_is_noticed() -> None:
    round_ = follow_up()
    level = steady("first-game")
    bot = Bot(BOT, level, random.Random(3))
    planned = bot.plan(Observer(round_).view(BOT), 0.0)
    assert planned.action == Play(BOT, 0, 0)
    # The opponent covers the 5S well before the bot's hand arrives: it notices 0.2 s later.
    change = planned.at - 0.5
    assert round_.apply(Play(0, 0, 0), change).ok
    again = bot.plan(Observer(round_).view(BOT), change)
    assert again is not None and again.action == Play(BOT, 1, 0)  # the 7H on the 6C instead
    noticed = change + STEADY.median
    assert again.at == pytest.approx(noticed + level.choosing(1) + level.key, abs=0.01)


def test_a_plan_made_stale_at_the_last_moment_lands_and_is_too_late() -> None:
    round_ = follow_up()
    bot = Bot(BOT, steady("seasoned"), random.Random(3))
    planned = bot.plan(Observer(round_).view(BOT), 0.0)
    change = planned.at - 0.1  # sooner than it can notice, and inside the too-late window
    assert round_.apply(Play(0, 0, 0), change).ok
    assert bot.plan(Observer(round_).view(BOT), change) is planned
    result = round_.apply(planned.action, planned.at)
    assert result.refusal is not None and result.refusal.reason is Reason.TOO_LATE
    bot.landed(result)
    assert bot.pending is None


def test_after_a_refusal_the_bot_replans_from_the_table_as_it_is() -> None:
    round_ = follow_up()
    level = steady("seasoned")
    bot = Bot(BOT, level, random.Random(5))
    planned = bot.plan(Observer(round_).view(BOT), 0.0)
    assert planned.action == Play(BOT, 0, 0)  # the 4H on the 5S, the only fit
    assert round_.apply(Play(0, 0, 0), planned.at - 0.1).ok  # the 6C gets there first
    assert bot.plan(Observer(round_).view(BOT), planned.at - 0.1) is planned
    result = round_.apply(planned.action, planned.at)
    assert result.refusal is not None and result.refusal.reason is Reason.TOO_LATE
    bot.landed(result)
    replanned = bot.plan(Observer(round_).view(BOT), planned.at)
    assert replanned.action == Play(BOT, 1, 0)  # the 7H on the new 6C
    assert replanned.at >= planned.at + level.fastest(1)


def test_after_a_fumble_the_bot_waits_out_the_lockout() -> None:
    # A quick hand that is slow to notice: it fumbles, and its next move must wait.
    slow_eye = ExGaussian(mu=1.0, sigma=0.001, tau=0.001)
    level = steady("very-fast", notice=slow_eye)
    round_ = follow_up()
    bot = Bot(BOT, level, random.Random(3))
    planned = bot.plan(Observer(round_).view(BOT), 0.0)
    change = planned.at - 0.31  # too long ago to be "too late": the 4H no longer fits
    assert round_.apply(Play(0, 0, 0), change).ok
    assert bot.plan(Observer(round_).view(BOT), change) is planned  # it cannot notice in time
    result = round_.apply(planned.action, planned.at)
    assert result.refusal is not None and result.refusal.is_fumble
    bot.landed(result)
    replanned = bot.plan(Observer(round_).view(BOT), planned.at)
    assert replanned is not None and replanned.action == Play(BOT, 1, 0)
    assert replanned.at >= result.refusal.locked_until


def test_a_miskey_presses_a_neighbouring_key_and_the_table_judges_it() -> None:
    # Only the 4H (stock 0, left pile) fits; every press slips to a neighbour.
    level = steady("casual", miskey=1.0)
    pressed = set()
    for seed in range(40):
        bot = Bot(BOT, level, random.Random(seed))
        planned = bot.plan(Observer(race()).view(BOT), 0.0)
        assert planned.intended == Play(BOT, 0, 0)
        pressed.add(planned.action)
    # Neighbours on the key grid: the same stock onto the other pile, or the next stock.
    assert pressed == {Play(BOT, 0, 1), Play(BOT, 1, 0)}
    round_ = race()
    result = round_.apply(Play(BOT, 1, 0), 1.0)  # the KS does not fit the 5S: a fumble
    assert result.refusal is not None and result.refusal.is_fumble


def test_a_first_fit_player_makes_the_leftmost_play_not_the_best() -> None:
    # 6D (stock 1) and 4H on a face-down card (stock 2) both fit; the best uncovers.
    round_ = Round.from_layout((QUIET, ["KS", "6D", "2C 4H", "KD", "KH"]), piles=("5S", "JC"))
    view = Observer(round_).view(BOT)
    careful = Bot(BOT, steady("casual"), random.Random(0)).plan(view, 0.0)
    hasty = Bot(BOT, steady("casual", first_fit=1.0), random.Random(0)).plan(view, 0.0)
    assert careful.action == Play(BOT, 2, 0)
    assert hasty.action == Play(BOT, 1, 0)
    assert hasty.at < careful.at  # it did not weigh the other play


def test_the_bot_only_plays_its_own_seat() -> None:
    bot = Bot(BOT, "hard", random.Random(0))
    with pytest.raises(ValueError, match="seat 1"):
        bot.plan(Observer(race()).view(0), 0.0)


def test_an_unknown_level_is_named_with_the_choices() -> None:
    with pytest.raises(ValueError, match=r"first-game, beginner, .*, very-fast"):
        Bot(BOT, "godlike", random.Random(0))


def test_cancel_drops_the_move_in_progress() -> None:
    bot = Bot(BOT, "hard", random.Random(0))
    first = bot.plan(Observer(race()).view(BOT), 0.0)
    bot.cancel()
    assert bot.pending is None
    assert bot.plan(Observer(race()).view(BOT), 1.0) is not first


def test_a_whole_match_on_the_virtual_clock_respects_every_delay() -> None:
    """Every move lands at least its level's fastest hand after the change it answers."""
    made: list[tuple[int, Planned, float]] = []

    class Watched(Bot):
        def plan(self, view, now):  # type: ignore[override]
            before = self.pending
            planned = super().plan(view, now)
            if planned is not None and planned is not before:
                made.append((self.player, planned, now))
            return planned

    bots = (Watched(0, "very-fast", random.Random(1)), Watched(1, "beginner", random.Random(2)))
    played = play_match(Match.new(11), bots)
    assert not played.unfinished and played.winner is not None
    assert made
    for player, planned, when in made:
        level = bots[player].level
        assert planned.since == when
        if isinstance(planned.action, Slap):
            assert planned.at - when >= level.fastest(2)
        elif planned.at - when < level.fastest(1):
            # Only a move noticed stale while the hand was already on its way is quicker
            # than a fresh one: it skips nothing but the noticing already done.
            assert planned.at - when >= FORM_RANGE[0] * NOTICE_FLOOR


def test_a_delay_is_drawn_as_gauss_plus_expovariate_draw_for_draw() -> None:
    """ExGaussian.sample writes the exponential tail out for speed: the delays, and what is
    left of the rng after them, are those of ``rng.gauss`` and ``rng.expovariate``."""
    for level in LEVELS.values():
        delay = level.notice
        rng, ref = random.Random(11), random.Random(11)
        for _ in range(500):
            expected = ref.gauss(delay.mu, delay.sigma) + ref.expovariate(1.0 / delay.tau)
            assert delay.sample(rng) == max(expected, NOTICE_FLOOR)
        assert rng.getstate() == ref.getstate()
