"""The ``spit simulate`` and ``spit ladder`` commands: bots on a virtual clock, then figures."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from typing import Any

from spit import words
from spit.bot.levels import ADAPTIVE, LEVEL_NAMES
from spit.commands.exits import INTERRUPTED
from spit.commands.numbers import bounded
from spit.engine import Variant
from spit.i18n import _

POLICIES: tuple[str, ...] = (*LEVEL_NAMES, ADAPTIVE, "random")
"""What ``--bot1``/``--bot2`` accept: a level, ``adaptive`` (moves along the ladder towards
the other bot, remembering across the run's matches), or ``random`` (any legal move, timed
like the other side's level, or like ``normal`` when both are random)."""


positive_int = bounded(
    int, 1, None, lambda: _("must be at least 1, not {value}"), words.commands.not_a_whole_number
)


def add_simulate_parser(subparsers: Any) -> None:
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
    for flag, help in (
        ("--bot1", _("first bot: {choices}")),
        ("--bot2", _("second bot: {choices}")),
    ):
        parser.add_argument(
            flag,
            choices=POLICIES,
            required=True,
            metavar="LEVEL",
            help=help.format(choices=", ".join(POLICIES)),
        )
    _add_match_arguments(parser)
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object on stdout instead of a table")
    )
    parser.set_defaults(func=run)


def add_ladder_parser(subparsers: Any) -> None:
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
    _add_match_arguments(parser)
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object on stdout instead of tables")
    )
    parser.set_defaults(func=run_ladder)


def _add_match_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        choices=[v.value for v in Variant],
        default=Variant.STANDARD.value,
        help=_(
            "standard (the first with no cards left) or points (to 100, or until a player has "
            "no cards left; lowest wins)"
        ),
    )
    parser.add_argument(
        "--seed", type=int, default=1, help=_("seed for the deals and the bots' hands (default 1)")
    )


def run(args: argparse.Namespace) -> int:
    """``spit simulate``: the matches ``args`` describe, then a table (or JSON)."""
    from spit.commands import sim_report  # lazy: Rich
    from spit.sim.simulator import Config, simulate  # lazy: the simulator

    config = Config(
        games=args.games,
        bot1=args.bot1,
        bot2=args.bot2,
        variant=Variant(args.variant),
        seed=args.seed,
    )
    return _run(
        partial(simulate, config),
        args,
        _("{bot1} vs {bot2}").format(
            bot1=words.labels.level_name(config.bot1), bot2=words.labels.level_name(config.bot2)
        ),
        config.games,
        sim_report.print_table,
        _("spit simulate: interrupted"),
    )


def run_ladder(args: argparse.Namespace) -> int:
    """``spit ladder``: the round robin ``args`` describe, then tables (or JSON)."""
    from spit.commands import sim_report  # lazy: Rich
    from spit.sim import ladder  # lazy: the simulator

    return _run(
        partial(ladder.run, args.games, variant=Variant(args.variant), seed=args.seed),
        args,
        _("ladder"),
        args.games * len(ladder.pairs()),
        sim_report.print_ladder,
        _("spit ladder: interrupted"),
    )


def _run(
    play: Callable[..., Any],
    args: argparse.Namespace,
    label: str,
    total: int,
    show: Callable[[Any], None],
    interrupted: str,
) -> int:
    """``play()``, with a progress bar on a terminal; then its figures as JSON or by ``show``."""
    from spit.commands import sim_report  # lazy: Rich

    try:
        if sys.stderr.isatty():
            with sim_report.progress_bar(label, total) as advance:
                figures = play(on_match=advance)
        else:
            figures = play()
    except KeyboardInterrupt:
        print(interrupted, file=sys.stderr)
        return INTERRUPTED
    if args.json:
        sim_report.print_json(figures)
    else:
        show(figures)
    return 0
