"""How ``spit simulate`` shows its figures: a progress bar on stderr, then a table or JSON."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from spit import words
from spit.i18n import _, ngettext
from spit.sim.ladder import Ladder
from spit.sim.simulator import MatchReport, Summary
from spit.words.numbers import Number


def _percent(part: int, whole: int) -> str:
    return words.numbers.number(part / whole, ".1%") if whole else "—"


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[MatchReport], None]]:
    """A rich progress bar on stderr for ``total`` matches; yields the callback that advances
    it by one match."""
    with Progress(
        TextColumn(label),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as progress:
        task = progress.add_task("matches", total=total)
        yield lambda _report: progress.advance(task)


def table(summary: Summary) -> Table:
    c = summary.config
    games = summary.games
    names = (
        _("bot 1 ({name})").format(name=words.labels.level_name(c.bot1)),
        _("bot 2 ({name})").format(name=words.labels.level_name(c.bot2)),
    )
    out = Table(
        title=ngettext(
            "{games} match, {variant}, seed {seed} (seats alternate)",
            "{games} matches, {variant}, seed {seed} (seats alternate)",
            games,
        ).format(games=games, variant=words.labels.variant_name(c.variant.value), seed=c.seed),
        show_header=False,
    )
    for justify in ("left", "right", "right"):
        out.add_column("", justify=justify)
    for name, wins in zip(names, summary.wins, strict=True):
        out.add_row(_("won by {name}").format(name=name), str(wins), _percent(wins, games))
    n = summary.unfinished
    draw_note = (
        ngettext(
            "{n} match unfinished (round or time cap)",
            "{n} matches unfinished (round or time cap)",
            n,
        ).format(n=n)
        if n
        else ""
    )
    out.add_row(_("draws"), str(summary.draws), draw_note)
    out.add_row(
        _("mean rounds per match"),
        words.numbers.number(summary.mean_rounds, ".2f"),
        "",
    )
    out.add_row(
        _("mean match length (simulated)"),
        words.records.seconds_1(s=summary.mean_match_seconds),
        "",
    )
    out.add_row(_("actions applied"), words.numbers.number(summary.actions, ","), "")
    out.add_row(
        _("refusals"),
        words.numbers.number(summary.refusals, ","),
        ngettext("{share} ({n:,} fumble)", "{share} ({n:,} fumbles)", summary.fumbles).format(
            share=_percent(summary.refusals, summary.actions), n=Number(summary.fumbles)
        ),
    )
    out.add_row(
        _("throughput"),
        _("{n:,.1f} matches/s").format(n=Number(summary.matches_per_s)),
        "",
    )
    out.add_row(
        "",
        _("{n:,.0f} actions/s").format(n=Number(summary.actions_per_s)),
        _("in {s:.2f} s").format(s=Number(summary.seconds)),
    )
    return out


def print_table(summary: Summary) -> None:
    Console().print(table(summary))


def print_json(figures: Summary | Ladder) -> None:
    """Print exactly one JSON object on stdout."""
    sys.stdout.write(json.dumps(figures.as_dict()) + "\n")


def ladder_tables(ladder: Ladder) -> tuple[Table, Table]:
    """The ratings with each level's figures, and the win-rate matrix."""
    ratings = Table(
        title=ngettext(
            "The ladder: {games} match a pair, {variant}, seed {seed}",
            "The ladder: {games} matches a pair, {variant}, seed {seed}",
            ladder.games,
        ).format(
            games=ladder.games,
            variant=words.labels.variant_name(ladder.variant.value),
            seed=ladder.seed,
        )
    )
    ratings.add_column("")
    ratings.add_column(_("level"))
    ratings.add_column(_("Elo"), justify="right")
    ratings.add_column(_("95% interval"), justify="right")
    ratings.add_column(_("beats the one below"), justify="right")
    ratings.add_column(_("median reaction"), justify="right")
    ratings.add_column(_("plays/min"), justify="right")
    below = {hi: share for hi, _lo, share in ladder.adjacent()}
    for rung, r in enumerate(ladder.ratings, 1):
        figures = ladder.figures[r.name]
        share = below.get(r.name)
        ratings.add_row(
            str(rung),
            words.labels.level_name(r.name),
            words.numbers.number(r.elo, ".0f"),
            f"{words.numbers.number(r.low, '.0f')}–{words.numbers.number(r.high, '.0f')}",
            "" if share is None else words.numbers.number(share, ".1%"),
            words.records.seconds_2(s=figures.median_reaction),
            words.numbers.number(figures.plays_per_minute, ".1f"),
        )
    ratings.caption = ngettext(
        "{n:,} match in {s:.1f} s", "{n:,} matches in {s:.1f} s", ladder.matches
    ).format(n=Number(ladder.matches), s=Number(ladder.seconds))
    matrix = Table(title=_("Matches won by the row's level against the column's"))
    matrix.add_column("")
    for rung in range(1, len(ladder.levels) + 1):
        matrix.add_column(str(rung), justify="right")
    for rung, a in enumerate(ladder.levels, 1):
        matrix.add_row(
            f"{rung} {words.labels.level_name(a)}",
            *(
                "—" if a == b else words.numbers.number(ladder.score(a, b), ".1%")
                for b in ladder.levels
            ),
        )
    return ratings, matrix


def print_ladder(ladder: Ladder) -> None:
    console = Console()
    for table_ in ladder_tables(ladder):
        console.print(table_)
