"""The record commands: ``spit stats`` now; ``spit resume`` and ``spit replay`` with the app."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from spit.i18n import _

PROG = "spit"


def _notice(message: str) -> None:
    print(f"{PROG}: {message}", file=sys.stderr)


def add_stats_parser(subparsers: Any) -> None:
    """Register ``stats`` on an ``add_subparsers()`` object."""
    parser = subparsers.add_parser(
        "stats",
        help=_("your history: wins by opponent, streaks, fastest round, reactions"),
        description=_(
            "Figures from every match recorded on this machine: matches and wins by opponent "
            "(each bot level, and named people), win streaks, the fastest round and each "
            "player's median reaction over time."
        ),
    )
    parser.add_argument(
        "--json", action="store_true", help=_("print one JSON object on stdout instead of tables")
    )
    parser.set_defaults(func=run_stats)


def run_stats(args: argparse.Namespace) -> int:
    """Bring the history up to date with the records, then print the figures."""
    from spit.records.history import HistoryUnavailable, open_history
    from spit.records.stats import gather, render

    try:
        history = open_history(notice=_notice)
    except HistoryUnavailable as error:
        # No database to keep: index the records in memory for this once.
        _notice(str(error))
        history = open_history(Path(":memory:"))
    with history:
        history.sync()
        figures = gather(history.rows(), history.rounds(), history.unreadable())
    if args.json:
        json.dump(figures, sys.stdout, indent=2, ensure_ascii=False)
        print()
        return 0
    from rich.console import Console

    console = Console()
    for part in render(figures, width=console.width, plot=console.is_terminal):
        console.print(part)
    return 0
