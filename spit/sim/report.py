"""How ``spit simulate`` shows its figures: a progress bar on stderr, then a table or JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from spit.i18n import _
from spit.sim.simulator import Config, MatchReport, Summary


def _percent(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "—"


@contextmanager
def progress_bar(config: Config) -> Iterator[Callable[[MatchReport], None]]:
    """A rich progress bar on stderr for the run; yields the callback that advances it."""
    console = Console(stderr=True)
    with Progress(
        TextColumn(_("{bot1} vs {bot2}").format(bot1=config.bot1, bot2=config.bot2)),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=True,
    ) as progress:
        task = progress.add_task("matches", total=config.games)

        def advance(report: MatchReport) -> None:
            del report
            progress.advance(task)

        yield advance


def table(summary: Summary) -> Table:
    """The figures of a run as a rich table."""
    c = summary.config
    games = summary.games
    names = (_("bot 1 ({name})").format(name=c.bot1), _("bot 2 ({name})").format(name=c.bot2))
    out = Table(
        title=_("{games} matches, {variant}, seed {seed} (seats alternate)").format(
            games=games, variant=c.variant.value, seed=c.seed
        ),
        show_header=False,
    )
    out.add_column("")
    out.add_column("", justify="right")
    out.add_column("", justify="right")
    for name, wins in zip(names, summary.wins, strict=True):
        out.add_row(_("won by {name}").format(name=name), str(wins), _percent(wins, games))
    draw_note = (
        _("{n} unfinished (round or time cap)").format(n=summary.unfinished)
        if summary.unfinished
        else ""
    )
    out.add_row(_("draws"), str(summary.draws), draw_note)
    out.add_row(_("mean rounds per match"), f"{summary.mean_rounds:.2f}", "")
    out.add_row(_("mean match length (simulated)"), f"{summary.mean_match_seconds:.1f} s", "")
    out.add_row(_("actions applied"), f"{summary.actions:,}", "")
    out.add_row(
        _("refusals"),
        f"{summary.refusals:,}",
        _("{share} ({n:,} fumbles)").format(
            share=_percent(summary.refusals, summary.actions), n=summary.fumbles
        ),
    )
    out.add_row(_("throughput"), _("{n:,.1f} matches/s").format(n=summary.matches_per_s), "")
    out.add_row(
        "",
        _("{n:,.0f} actions/s").format(n=summary.actions_per_s),
        _("in {s:.2f} s").format(s=summary.seconds),
    )
    return out


def print_table(summary: Summary) -> None:
    """Print the table on stdout."""
    Console().print(table(summary))


def print_json(summary: Summary) -> None:
    """Print exactly one JSON object on stdout."""
    sys.stdout.write(json.dumps(summary.as_dict()) + "\n")
