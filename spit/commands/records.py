"""The record commands: ``spit stats`` now; ``spit resume`` and ``spit replay`` with the app."""

from __future__ import annotations

import argparse
import json
import os
import sys
from datetime import datetime
from typing import TYPE_CHECKING, Any

from spit import words
from spit.commands import play
from spit.i18n import _
from spit.printable import printable
from spit.settings.config import Config, ConfigError, load_config
from spit.settings.options import GameOptions

if TYPE_CHECKING:
    from spit.records.history import HistoryNotice

PROG = "spit"


def _notice(message: str) -> None:
    print(f"{PROG}: {printable(message)}", file=sys.stderr)


def _history_notice(notice: HistoryNotice) -> None:
    _notice(words.records.record_notice(notice))


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
    # loads when the command runs, not with its parser
    from spit.app.signals import Signalled, interrupting
    from spit.records.history import read_history
    from spit.records.stats import gather

    # A history that cannot be used now, or is damaged, is one notice: the figures are
    # still shown, from the records themselves if need be. Reading many long records takes
    # a while: a signal meanwhile ends it with the signal's status (what was indexed stays).
    try:
        with interrupting():
            history = read_history(notice=_history_notice)
    except Signalled as signalled:
        return signalled.status
    unreadable = [(f, words.records.record_error(e)) for f, e in history.unreadable]
    figures = gather(history.rows, history.rounds, unreadable)
    try:
        _print_figures(figures, as_json=args.json)
    except BrokenPipeError:
        # The reader has what it wanted (`spit stats --json | head`): nothing is wrong. The
        # output is pointed at nothing, so the flush at exit does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def _print_figures(figures: dict[str, Any], *, as_json: bool) -> None:
    if as_json:
        json.dump(figures, sys.stdout, indent=2, ensure_ascii=False)
        print(flush=True)
        return
    from rich.console import Console  # the table loads only to print it

    from spit.commands.stats_table import render

    console = Console()
    for part in render(figures, width=console.width, plot=console.is_terminal):
        console.print(part)
    sys.stdout.flush()


RECORD_ERROR_EXIT = 2  # a record that cannot be used, as a bad flag


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
    parser.set_defaults(func=run_resume)


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
    parser.set_defaults(func=run_replay)


def _options(args: argparse.Namespace) -> Any:
    """The display and keys from the config file (the record says the rest)."""
    config = Config() if getattr(args, "no_config", False) else load_config()
    config.keymap()
    return GameOptions(
        keys=config.layout,
        bindings=dict(config.bindings),
        ascii=config.ascii,
        four_colour=config.four_colour,
        lockout=config.lockout,
        names=config.names,
    )


def run_resume(args: argparse.Namespace) -> int:
    """``spit resume [FILE]``: the match on from where it stopped."""
    # loads when the command runs, not with its parser
    from spit.app.signals import Signalled, interrupting
    from spit.net.seats import KeptSeat

    # Reading a long record takes a while: a signal meanwhile ends spit with its status,
    # and one after it (before the app is up) ends the app as soon as it is.
    try:
        with interrupting(then_keep=True):
            found = _to_resume(args)
    except Signalled as signalled:
        return signalled.status
    if isinstance(found, int):
        return found
    options, record = found
    if isinstance(record, KeptSeat):
        return play.play_kept_seat(record, options)
    return play.run_app(options, resume=record)


def _to_resume(args: argparse.Namespace) -> Any:
    """The options and the record (or the networked seat kept here) ``spit resume`` goes on
    with, or the exit status after saying why not."""
    from spit.net.seats import kept_seats  # loads when the command runs, not with its parser
    from spit.records.record import (
        Problem,
        RecordError,
        find_record,
        is_busy,
        latest_cut_off,
        latest_unfinished,
        read_record,
    )

    try:
        options = _options(args)
        if args.file:
            path = find_record(args.file)
            if is_busy(path):
                raise RecordError(path, 0, Problem.BUSY)
            record = read_record(path, steps=False)  # the table it leads to is enough
            if not record.unfinished:
                raise RecordError(path, record.lines, Problem.OVER)
        else:
            # A networked seat this machine kept (its spit died mid-match) comes first: the
            # other player waits for it, and only for the server's grace time.
            seats = kept_seats()
            if seats:
                return options, seats[0]
            cut = latest_cut_off()
            if cut is not None:
                path, header = cut
                _notice(words.records.network_cut_off(opponent=_opponent(header), when=_when(path)))
                return NETWORK_LOST_EXIT
            unfinished = latest_unfinished()
            if unfinished is None:
                _notice(words.records.record_problem("nothing to resume"))
                return RECORD_ERROR_EXIT
            record = unfinished
    except ConfigError as error:
        _notice(words.config.config_error(error))
        return RECORD_ERROR_EXIT
    except RecordError as error:
        _notice(words.records.record_error(error))
        return RECORD_ERROR_EXIT
    return options, record


NETWORK_LOST_EXIT = 1  # the newest match was networked and cannot go on


def _opponent(header: Any) -> str:
    """The other player of a networked record kept here: seat 1's name (the host's own
    spit ran its server, so the host is seat 0)."""
    return header.players[1].name or words.labels.player_name(1)


def _when(path: Any) -> str:
    """When the record was last written, in local time: ``Tue 1 Dec 14:05``."""
    stamp = datetime.fromtimestamp(path.stat().st_mtime)
    return words.dates.date_and_time(stamp.weekday(), stamp.day, stamp.month, f"{stamp:%H:%M}")


def run_replay(args: argparse.Namespace) -> int:
    """``spit replay [FILE | last]``: the match played back."""
    # loads when the command runs, not with its parser
    from spit.app.signals import Signalled, interrupting
    from spit.records.analysis import read_analysed
    from spit.records.record import RecordError, find_record

    try:
        # Reading a long record takes a while: a signal meanwhile ends spit with its
        # status, and one after it (before the app is up) ends the app as soon as it is.
        with interrupting(then_keep=True):
            options = _options(args)
            # One pass: the steps kept (the replay moves back and forth) and the figures
            # for the bar gathered as they are read.
            record = read_analysed(find_record(args.which), steps=True)
    except Signalled as signalled:
        return signalled.status
    except ConfigError as error:
        _notice(words.config.config_error(error))
        return RECORD_ERROR_EXIT
    except RecordError as error:
        _notice(words.records.record_error(error))
        return RECORD_ERROR_EXIT
    return play.run_app(options, replay=record)
