"""The ``spit simulate`` and ``spit ladder`` commands: bots on a virtual clock, then figures."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from spit import words
from spit.bot.levels import ADAPTIVE, LEVEL_NAMES
from spit.commands.numbers import bounded
from spit.engine import Variant
from spit.i18n import _

POLICIES: tuple[str, ...] = (*LEVEL_NAMES, ADAPTIVE, "random")
"""What ``--bot1``/``--bot2`` accept: a level, ``adaptive`` (moves along the ladder towards
the other bot, remembering across the run's matches), or ``random`` (any legal move, timed
like the other side's level, or like ``normal`` when both are random)."""


INTERRUPTED = 130  # exit status after Ctrl-C, as shells report a SIGINT


positive_int = bounded(
    int,
    1,
    None,
    not_a_number=lambda text: words.commands.not_a_whole_number(text=text),
    out_of_range=lambda _text, value: _("must be at least 1, not {value}").format(value=value),
)  # an argparse type: a whole number of at least 1


def add_simulate_parser(subparsers: Any) -> None:
    """Register ``simulate`` on an ``add_subparsers()`` object; it runs :func:`run`."""
    parser = subparsers.add_parser(
        "simulate",
        help=_("play matches bot against bot, headless, and report who wins"),
        description=_(
            "Play whole matches bot against bot on a virtual clock (no waiting), with the "
            "same engine and bot as the game, and report wins, rounds and speed. The same "
            "arguments always give the same results. Seats alternate every match."
        ),
    )
    parser.add_argument(
        "--games",
        type=positive_int,
        required=True,
        metavar="N",
        help=_("matches to play"),
    )
    parser.add_argument(
        "--bot1",
        choices=POLICIES,
        required=True,
        metavar="LEVEL",
        help=_("first bot: {choices}").format(choices=", ".join(POLICIES)),
    )
    parser.add_argument(
        "--bot2",
        choices=POLICIES,
        required=True,
        metavar="LEVEL",
        help=_("second bot: {choices}").format(choices=", ".join(POLICIES)),
    )
    parser.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default=Variant.STANDARD.value,
        help=_("standard (first to hold no cards) or points (to 100, lowest wins)"),
    )
    parser.add_argument(
        "--seed", type=int, default=1, help=_("seed for the deals and the bots' hands (default 1)")
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object on stdout instead of a table")
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run the simulation ``args`` describe; print a table (or JSON). Returns the exit code."""
    # the simulator loads when the command runs
    from spit.commands.sim_report import print_json, print_table, progress_bar
    from spit.sim.simulator import Config, simulate

    config = Config(
        games=args.games,
        bot1=args.bot1,
        bot2=args.bot2,
        variant=Variant(args.variant),
        seed=args.seed,
    )
    try:
        if sys.stderr.isatty():
            label = _("{bot1} vs {bot2}").format(
                bot1=words.labels.level_name(config.bot1), bot2=words.labels.level_name(config.bot2)
            )
            with progress_bar(label, config.games) as advance:
                summary = simulate(config, on_match=advance)
        else:
            summary = simulate(config)
    except KeyboardInterrupt:
        print(_("spit simulate: interrupted"), file=sys.stderr)
        return INTERRUPTED
    if args.json:
        print_json(summary)
    else:
        print_table(summary)
    return 0


def add_ladder_parser(subparsers: Any) -> None:
    """Register ``ladder`` on an ``add_subparsers()`` object; it runs :func:`run_ladder`."""
    parser = subparsers.add_parser(
        "ladder",
        help=_("play every bot level against every other and rate them"),
        description=_(
            "A round robin of the bot's ladder on the simulator: every level plays every "
            "other, seats alternating; then Elo ratings fitted to all results (Bradley-Terry, "
            "maximum likelihood, 95% intervals), the win rates and each level's figures. "
            "The same arguments always give the same results."
        ),
    )
    parser.add_argument(
        "--games",
        type=positive_int,
        default=200,
        metavar="N",
        help=_("matches per pair of levels (default 200)"),
    )
    parser.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default=Variant.STANDARD.value,
        help=_("standard (first to hold no cards) or points (to 100, lowest wins)"),
    )
    parser.add_argument(
        "--seed", type=int, default=1, help=_("seed for the deals and the bots' hands (default 1)")
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object on stdout instead of tables")
    )
    parser.set_defaults(func=run_ladder)


def run_ladder(args: argparse.Namespace) -> int:
    """Run the round robin ``args`` describe; print tables (or JSON). Returns the exit code."""
    # the simulator loads when the command runs
    from spit.commands.sim_report import print_json, print_ladder, progress_bar
    from spit.sim import ladder

    variant = Variant(args.variant)
    try:
        if sys.stderr.isatty():
            total = args.games * len(ladder.pairs())
            with progress_bar(_("ladder"), total) as advance:
                result = ladder.run(args.games, variant=variant, seed=args.seed, on_match=advance)
        else:
            result = ladder.run(args.games, variant=variant, seed=args.seed)
    except KeyboardInterrupt:
        print(_("spit ladder: interrupted"), file=sys.stderr)
        return INTERRUPTED
    if args.json:
        print_json(result)
    else:
        print_ladder(result)
    return 0


__all__ = [
    "POLICIES",
    "add_ladder_parser",
    "add_simulate_parser",
    "positive_int",
    "run",
    "run_ladder",
]
