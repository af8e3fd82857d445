"""The record commands: ``spit stats`` now; ``spit resume`` and ``spit replay`` with the app.
The records' modules load when a command runs: ``spit --help`` builds these parsers too."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from datetime import datetime
from functools import partial
from typing import Any

from msgspec.structs import replace

from spit import words
from spit.app.signals import Signalled, interrupting
from spit.commands import play
from spit.commands.exits import CANNOT_RUN, LOST
from spit.i18n import _
from spit.settings.config import ConfigError
from spit.settings.options import GameOptions


def add_stats_parser(subparsers: Any) -> None:
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
    from spit.game.daily import utc_today  # lazy: the daily's figures, as the statistics
    from spit.net.seats import kept_rooms, kept_seats  # lazy: the network's seats
    from spit.records.daily import days  # lazy: the same
    from spit.records.history import read_history  # lazy: sqlite3 and the records
    from spit.records.stats import gather  # lazy: the statistics

    # A history that cannot be used now, or is damaged, is one notice: the figures are
    # still shown, from the records themselves if need be. Reading many long records takes
    # a while: a signal meanwhile ends it with the signal's status (what was indexed stays).
    try:
        with interrupting():
            history = read_history(notice=lambda n: play.say(words.records.record_notice(n)))
    except Signalled as signalled:
        return signalled.status
    unreadable = [(f, words.records.record_error(e)) for f, e in history.unreadable]
    figures = gather(history.rows, history.rounds, unreadable)
    # A networked match this machine kept a seat in, whose spit died, is what `spit resume`
    # offers first: unfinished here too (its record, if any, is sealed or on the server).
    figures["unfinished"] += len(kept_rooms()) + len(kept_seats())
    figures["coach"] = _coached(history.rows)
    figures["daily"] = days(history.rows, utc_today())
    try:
        if args.json:
            json.dump(figures, sys.stdout, indent=2, ensure_ascii=False)
            print(flush=True)
        else:
            _print_tables(figures)
    except BrokenPipeError:
        # The reader has what it wanted (`spit stats --json | head`): nothing is wrong. The
        # output is pointed at nothing, so the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _coached(rows: Any) -> dict[str, Any]:
    """The coach over the person's last matches against the bot, read from their records
    (one that cannot be read is left out)."""
    from spit.records.analysis import read_analysed  # lazy: the records
    from spit.records.paths import records_dir  # lazy: the same
    from spit.records.record import RecordError  # lazy: the same
    from spit.records.stats import coached, recent  # lazy: the statistics

    matches, figures = recent(rows), []
    for row in matches:
        try:
            figures.append(read_analysed(records_dir() / row.file).analysis.players[0])
        except (RecordError, OSError):
            continue
    return coached(matches, figures)


def _print_tables(figures: dict[str, Any]) -> None:
    from rich.console import Console  # lazy: the tables load only to print them

    from spit.commands.daily import daily_tables  # lazy: the same
    from spit.commands.stats_table import render  # lazy: the same

    console = Console()
    for part in render(figures, width=console.width, plot=console.is_terminal):
        console.print(part)
    for part in daily_tables(figures["daily"]):
        console.print(part)
    sys.stdout.flush()


def add_resume_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "resume",
        help=_("go on with a match that did not finish (the newest one, or FILE)"),
        description=_(
            "Go on with a match that did not finish — spit was killed, the terminal closed, "
            "or the match was kept on quitting — exactly where it stopped, paused."
        ),
    )
    parser.add_argument(
        "file", nargs="?", metavar="FILE", help=_("a record file (default: the newest unfinished)")
    )
    parser.set_defaults(func=lambda args: _start(args, _to_resume))


def add_replay_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help=_("play a recorded match back (FILE, or last)"),
        description=_(
            "Play a recorded match back on the table: real speed, faster or slower, pause, "
            "one action forward or back, a jump to a round; with each player's reaction "
            "times, missed plays and lost races."
        ),
    )
    parser.add_argument(
        "which",
        nargs="?",
        default="last",
        metavar="FILE | last",
        help=_("a record file, or last for the newest match (the default)"),
    )
    parser.add_argument(
        "--against",
        metavar="OTHER",
        help=_("print the two records' reactions on the same deal side by side (a daily's)"),
    )
    parser.add_argument(
        "--spectator",
        action="store_true",
        help=_("from a spectator's seat: both sides as players, nobody's keys"),
    )
    parser.set_defaults(func=lambda args: _start(args, _to_replay))


def _start(args: argparse.Namespace, read: Callable[[argparse.Namespace], Any]) -> int:
    """Start the app ``read(args)`` gives (or return the exit status it gives): a record that
    cannot be used, or a config file, is one line, exit 2."""
    from spit.records.record import RecordError  # lazy: the records

    # Reading a long record takes a while: a signal meanwhile ends spit with its status,
    # and one after it (before the app is up) ends the app as soon as it is.
    try:
        with interrupting(then_keep=True):
            start = read(args)
    except Signalled as signalled:
        return signalled.status
    except ConfigError as error:
        return play.config_problem(error)
    except RecordError as error:
        play.say(words.records.record_error(error))
        return CANNOT_RUN
    return start if isinstance(start, int) else int(start())


def _options(args: argparse.Namespace) -> GameOptions:
    """The display and keys from the config file (the record says the rest)."""
    config = play.read_config(args.no_config)
    config.keymap()
    return GameOptions(
        keys=config.layout,
        bindings=dict(config.bindings),
        ascii=config.ascii,
        four_colour=config.four_colour,
        theme=config.theme,
        cue=config.cue,
        lockout=config.lockout,
        names=config.names,
    )


def _to_resume(args: argparse.Namespace) -> Callable[[], int] | int:
    """``spit resume [FILE]``: the app on the record (or the networked seat kept here) from
    where it stopped, or the exit status after saying why not."""
    from spit.net.seats import kept_rooms, kept_seats  # lazy: the network's seats
    from spit.records.record import (  # lazy: the records
        Problem,
        RecordError,
        find_record,
        is_busy,
        latest_cut_off,
        latest_unfinished,
        read_record,
    )

    options = _options(args)
    if args.file:
        path = find_record(args.file)
        if is_busy(path):
            raise RecordError(path, 0, Problem.BUSY)
        record = read_record(path, steps=False)  # the table it leads to is enough
        if not record.unfinished:
            raise RecordError(path, record.lines, Problem.OVER)
        return partial(play.run_app, options, resume=record)
    # A networked seat this machine kept (its spit died mid-match) comes first: the other
    # player waits for it, and only for the server's grace time.
    seats = [*kept_rooms(), *kept_seats()]  # a room served here first: it holds both seats
    if seats:
        return partial(play.play_kept_seat, seats[0], options)
    cut = latest_cut_off()
    if cut is not None:
        path, header = cut
        # The host's own spit ran the server, so the host is seat 0: the other is seat 1.
        opponent = header.players[1].name or words.labels.player_name(1)
        play.say(words.records.network_cut_off(opponent=opponent, when=_when(path)))
        return LOST  # the newest match was networked and cannot go on
    unfinished = latest_unfinished()
    if unfinished is None:
        play.say(words.records.record_problem("nothing to resume"))
        return CANNOT_RUN
    return partial(play.run_app, options, resume=unfinished)


def _when(path: Any) -> str:
    """When the record was last written, in local time: ``Tue 1 Dec 14:05``."""
    stamp = datetime.fromtimestamp(path.stat().st_mtime)
    return words.dates.date_and_time(stamp.weekday(), stamp.day, stamp.month, f"{stamp:%H:%M}")


def _to_replay(args: argparse.Namespace) -> Callable[[], int] | int:
    """``spit replay [FILE | last]``: the app playing the match back (or, ``--against``,
    the comparison of two records of one deal, printed)."""
    from spit.records.analysis import read_analysed  # lazy: the records' analysis
    from spit.records.record import find_record  # lazy: the records

    if args.against is not None:
        from spit.commands.daily import against  # lazy: the daily's commands

        return against(args.which, args.against)
    options = replace(_options(args), spectator=args.spectator)
    # One pass: the steps kept (the replay moves back and forth) and the figures for the
    # bar gathered as they are read.
    record = read_analysed(find_record(args.which), steps=True)
    return partial(play.run_app, options, replay=record)
