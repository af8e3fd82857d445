"""The simulator's and the ladder's words: their flags, tables and progress."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import _, ngettext
from spit.words.numbers import Number


def not_a_whole_number(*, text: str) -> str:
    """A whole-number flag's complaint: ``text`` is no whole number."""
    return _("not a whole number: {text!r}").format(text=text)


def not_positive(*, value: int) -> str:
    """A count flag's complaint: ``value`` is below 1."""
    return _("must be at least 1, not {value}").format(value=value)


def first_bot_help(*, choices: str) -> str:
    """The help for ``simulate --bot1``: the levels it takes."""
    return _("first bot: {choices}").format(choices=choices)


def second_bot_help(*, choices: str) -> str:
    """The help for ``simulate --bot2``: the levels it takes."""
    return _("second bot: {choices}").format(choices=choices)


class Interrupted(StrEnum):
    """A headless command that :func:`interrupted` says was stopped."""

    SIMULATE = "simulate"
    LADDER = "ladder"


def interrupted(what: Interrupted) -> str:
    """A headless command stopped by Ctrl-C: ``simulate`` or ``ladder``."""
    what = Interrupted(what)
    match what:
        case Interrupted.SIMULATE:
            return _("spit simulate: interrupted")
        case Interrupted.LADDER:
            return _("spit ladder: interrupted")
    assert_never(what)


def bots_against(*, bot1: str, bot2: str) -> str:
    """The simulator's progress line: which bot plays which."""
    return _("{bot1} vs {bot2}").format(bot1=bot1, bot2=bot2)


def first_bot(*, name: str) -> str:
    """The simulator's first bot and its level ``name``."""
    return _("bot 1 ({name})").format(name=name)


def second_bot(*, name: str) -> str:
    """The simulator's second bot and its level ``name``."""
    return _("bot 2 ({name})").format(name=name)


def simulation_title(*, games: int, variant: str, seed: int) -> str:
    """The simulator's table: how many matches of which variant from which seed."""
    return _("{games} matches, {variant}, seed {seed} (seats alternate)").format(
        games=games, variant=variant, seed=seed
    )


def won_by(*, name: str) -> str:
    """The simulator's row of one bot's wins."""
    return _("won by {name}").format(name=name)


def unfinished(n: int) -> str:
    """Matches the simulator stopped at its caps."""
    return ngettext(
        "{n} match unfinished (round or time cap)", "{n} matches unfinished (round or time cap)", n
    ).format(n=n)


def refusal_share(*, share: str, n: int) -> str:
    """The share of actions refused, and how many were fumbles."""
    return _("{share} ({n:,} fumbles)").format(share=share, n=Number(n))


def matches_per_second(*, n: float) -> str:
    """The simulator's speed in matches."""
    return _("{n:,.1f} matches/s").format(n=Number(n))


def actions_per_second(*, n: float) -> str:
    """The simulator's speed in actions."""
    return _("{n:,.0f} actions/s").format(n=Number(n))


def run_seconds(*, s: float) -> str:
    """How long the run took, in seconds."""
    return _("in {s:.2f} s").format(s=Number(s))


def ladder_title(*, games: int, variant: str, seed: int) -> str:
    """The ladder's table: how many matches a pair, of which variant, from which seed."""
    return _("The ladder: {games} matches a pair, {variant}, seed {seed}").format(
        games=games, variant=variant, seed=seed
    )


def ladder_caption(*, n: int, s: float) -> str:
    """Under the ladder's table: how many matches in how long."""
    return _("{n:,} matches in {s:.1f} s").format(n=Number(n), s=Number(s))


class SimulationLabel(StrEnum):
    """A label of the simulator and the ladder that :func:`simulation_label` gives."""

    DRAWS = "draws"
    MEAN_ROUNDS = "mean rounds"
    MEAN_MATCH_LENGTH = "mean match length"
    ACTIONS = "actions"
    REFUSALS = "refusals"
    THROUGHPUT = "throughput"
    LADDER = "ladder"
    LEVEL = "level"
    ELO = "Elo"
    INTERVAL = "interval"
    BEATS_BELOW = "beats below"
    MEDIAN_REACTION = "median reaction"
    PLAYS_MIN = "plays/min"
    MATRIX = "matrix"


def simulation_label(what: SimulationLabel) -> str:
    """The simulator's and the ladder's fixed labels and column heads."""
    what = SimulationLabel(what)
    match what:
        case SimulationLabel.DRAWS:
            return _("draws")
        case SimulationLabel.MEAN_ROUNDS:
            return _("mean rounds per match")
        case SimulationLabel.MEAN_MATCH_LENGTH:
            return _("mean match length (simulated)")
        case SimulationLabel.ACTIONS:
            return _("actions applied")
        case SimulationLabel.REFUSALS:
            return _("refusals")
        case SimulationLabel.THROUGHPUT:
            return _("throughput")
        case SimulationLabel.LADDER:
            return _("ladder")
        case SimulationLabel.LEVEL:
            return _("level")
        case SimulationLabel.ELO:
            return _("Elo")
        case SimulationLabel.INTERVAL:
            return _("95% interval")
        case SimulationLabel.BEATS_BELOW:
            return _("beats the one below")
        case SimulationLabel.MEDIAN_REACTION:
            return _("median reaction")
        case SimulationLabel.PLAYS_MIN:
            return _("plays/min")
        case SimulationLabel.MATRIX:
            return _("Matches won by the row's level against the column's")
    assert_never(what)
