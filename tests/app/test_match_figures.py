"""The person's own figures after a match: median reaction, plays a minute, the bot level
that plays most like them (issue 13)."""

from __future__ import annotations

import pytest
from rich.console import Console

from spit.app.dialogs.match_over import MatchOverScreen
from spit.app.look import Look
from spit.engine import (
    CardPlayed,
    CardSpat,
    Outcome,
    Play,
    PlayerReady,
    RoundEnd,
    RoundSettled,
    Spit,
    Termination,
    Variant,
    cards,
)
from spit.records.figures import MatchStats

FIVE, SIX, SEVEN = cards("5S 6H 7D")


def played() -> MatchStats:
    """Spit at 1.0; player 0 plays at 1.9 and 2.8; player 1 plays at 3.0. Each play becomes
    legal with the action before it (the engine lists it from then on)."""
    stats = MatchStats()
    stats.record((PlayerReady(0),), 0.5, ((), (Spit(1),)))
    stats.record((CardSpat(0, 0, FIVE), CardSpat(1, 1, FIVE)), 1.0, ((Play(0, 0, 0),), ()))
    stats.record((CardPlayed(0, 0, 0, SIX),), 1.9, ((Play(0, 1, 0),), ()))
    stats.record((CardPlayed(0, 1, 0, SEVEN),), 2.8, ((), (Play(1, 0, 1),)))
    stats.record((CardPlayed(1, 0, 1, SIX),), 3.0, ((), ()))
    return stats


def test_each_play_is_timed_from_the_moment_it_became_legal() -> None:
    stats = played()
    assert stats.reactions[0] == pytest.approx([0.9, 0.9])
    assert stats.reactions[1] == pytest.approx([0.2])  # legal from player 0's play at 2.8
    assert stats.median_reaction(0) == pytest.approx(0.9)
    # Two cards in 2.5 s of match: 48 a minute.
    assert stats.plays_per_minute(0) == pytest.approx(48.0)


def test_no_plays_no_figures() -> None:
    stats = MatchStats()
    assert stats.median_reaction(0) is None and stats.plays_per_minute(0) is None


def figures(stats: MatchStats, *, against_bot: bool) -> str:
    screen = MatchOverScreen(
        outcome=Outcome(Termination.NO_CARDS, 0),
        names=("You", "Bot"),
        stats=stats,
        variant=Variant.STANDARD,
        look=Look(),
        grace=0.0,
        last_round=RoundSettled(1, (0, 52), (None, 0), RoundEnd.WENT_OUT, 0),
        against_bot=against_bot,
    )
    console = Console(width=80, record=True, color_system=None)
    console.print(screen._figures())
    return console.export_text()


def test_after_a_match_against_the_bot_the_person_sees_their_figures_and_level() -> None:
    text = figures(played(), against_bot=True)
    assert "median reaction" in text and "0.90 s" in text
    assert "plays a minute" in text and "48.0" in text
    # 0.90 s is nearest the regular level's measured 0.91 s (casual: 1.08 s).
    assert "You play most like the bot's “regular” level." in text


def test_two_people_see_the_figures_but_no_level() -> None:
    text = figures(played(), against_bot=False)
    assert "median reaction" in text
    assert "most like" not in text
