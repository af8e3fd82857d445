"""The ``spit simulate`` command: bot against bot on a virtual clock, then the figures."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from spit.bot.levels import LEVEL_NAMES
from spit.engine import Variant
from spit.i18n import _

POLICIES: tuple[str, ...] = (*LEVEL_NAMES, "random")
"""What ``--bot1``/``--bot2`` accept: a level, or ``random`` (any legal move, timed like the
other side's level, or like ``normal`` when both are random)."""


INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a SIGINT."""


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a whole number: {text!r}").format(text=text)
        ) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("must be at least 1, not {value}").format(value=value))
    return value


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
        "--games", type=positive_int, required=True, metavar="N", help=_("matches to play")
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
    from spit.sim.report import print_json, print_table, progress_bar
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
            with progress_bar(config) as advance:
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


__all__ = ["POLICIES", "add_simulate_parser", "positive_int", "run"]
