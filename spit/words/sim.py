"""The simulator's and the ladder's words: their flags, tables and progress."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, ngettext, translated
from spit.words.numbers import Number


def not_a_whole_number(*, text: str) -> str:
    return _("not a whole number: {text!r}").format(text=text)


def not_positive(*, value: int) -> str:
    return _("must be at least 1, not {value}").format(value=value)


def first_bot_help(*, choices: str) -> str:
    return _("first bot: {choices}").format(choices=choices)


def second_bot_help(*, choices: str) -> str:
    return _("second bot: {choices}").format(choices=choices)


INTERRUPTED: Final = {
    "simulate": N_("spit simulate: interrupted"),
    "ladder": N_("spit ladder: interrupted"),
}


def interrupted(what: str) -> str:
    """A headless command stopped by Ctrl-C: ``simulate`` or ``ladder``."""
    return translated(INTERRUPTED[what])


def bots_against(*, bot1: str, bot2: str) -> str:
    """The simulator's progress line: which bot plays which."""
    return _("{bot1} vs {bot2}").format(bot1=bot1, bot2=bot2)


def first_bot(*, name: str) -> str:
    return _("bot 1 ({name})").format(name=name)


def second_bot(*, name: str) -> str:
    return _("bot 2 ({name})").format(name=name)


def simulation_title(*, games: int, variant: str, seed: int) -> str:
    """The simulator's table: how many matches of which variant from which seed."""
    return _("{games} matches, {variant}, seed {seed} (seats alternate)").format(
        games=games, variant=variant, seed=seed
    )


def won_by(*, name: str) -> str:
    return _("won by {name}").format(name=name)


def unfinished(n: int) -> str:
    return ngettext(
        "{n} match unfinished (round or time cap)", "{n} matches unfinished (round or time cap)", n
    ).format(n=n)


def refusal_share(*, share: str, n: int) -> str:
    """The share of actions refused, and how many were fumbles."""
    return _("{share} ({n:,} fumbles)").format(share=share, n=Number(n))


def matches_per_second(*, n: float) -> str:
    return _("{n:,.1f} matches/s").format(n=Number(n))


def actions_per_second(*, n: float) -> str:
    return _("{n:,.0f} actions/s").format(n=Number(n))


def run_seconds(*, s: float) -> str:
    return _("in {s:.2f} s").format(s=Number(s))


def ladder_title(*, games: int, variant: str, seed: int) -> str:
    """The ladder's table: how many matches a pair, of which variant, from which seed."""
    return _("The ladder: {games} matches a pair, {variant}, seed {seed}").format(
        games=games, variant=variant, seed=seed
    )


def ladder_caption(*, n: int, s: float) -> str:
    """Under the ladder's table: how many matches in how long."""
    return _("{n:,} matches in {s:.1f} s").format(n=Number(n), s=Number(s))


SIMULATION_LABEL: Final = {
    "draws": N_("draws"),
    "mean rounds": N_("mean rounds per match"),
    "mean match length": N_("mean match length (simulated)"),
    "actions": N_("actions applied"),
    "refusals": N_("refusals"),
    "throughput": N_("throughput"),
    "ladder": N_("ladder"),
    "level": N_("level"),
    "Elo": N_("Elo"),
    "interval": N_("95% interval"),
    "beats below": N_("beats the one below"),
    "median reaction": N_("median reaction"),
    "plays/min": N_("plays/min"),
    "matrix": N_("Matches won by the row's level against the column's"),
}


def simulation_label(what: str) -> str:
    """The simulator's and the ladder's fixed labels and column heads."""
    return translated(SIMULATION_LABEL[what])
