"""``spit daily``: the day's deal on the screen, or headless with a bot in the player's seat;
its lines in ``spit stats``; and ``spit replay FILE --against OTHER`` (``docs/daily.md``)."""

from __future__ import annotations

import argparse
import json
import random
import sys
from dataclasses import asdict
from datetime import date
from pathlib import Path
from typing import Any

from spit import words
from spit.bot import Bot
from spit.bot.levels import LEVEL_NAMES
from spit.commands import play
from spit.commands.exits import CANNOT_RUN
from spit.engine import Action, Match, Result
from spit.game.daily import daily_options, utc_today
from spit.i18n import _
from spit.printable import printable
from spit.records.daily import DAILY_LEVEL, bot_seeds, daily_seed, latest_try, try_of
from spit.records.players import Player
from spit.records.recorder import MatchRecorder
from spit.settings.config import ConfigError
from spit.sim.simulator import play_match


def day(text: str) -> date:
    """``--date``'s value: a day as YYYY-MM-DD (argparse says the ValueError in one line)."""
    try:
        parsed = date.fromisoformat(text)
        if parsed.isoformat() == text:  # not 20261203, which fromisoformat takes too
            return parsed
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(words.daily.not_a_day(text))


def add_daily_parser(commands: Any) -> None:
    parser = commands.add_parser(
        "daily",
        help=_("the day's deal, the same for everyone, and a line to share"),
        description=_(
            "The day's deal (UTC), the same for everyone, against the bot's “{level}” level, "
            "standard rules. The first try played out counts; later ones are practice. "
            "At the end, a line to share: result, median reaction, fumbles and a bar a round."
        ).format(level=words.labels.level_name(DAILY_LEVEL)),
    )
    play.add_lang_option(parser)
    parser.add_argument(
        "--bot",
        dest="player_bot",
        choices=LEVEL_NAMES,
        metavar="LEVEL",
        help=_("headless: the bot at LEVEL plays your seat; the share line is printed"),
    )
    parser.add_argument(
        "--json", action="store_true", help=_("with --bot: print one JSON object on stdout")
    )
    parser.add_argument(
        "--date",
        type=day,
        metavar="YYYY-MM-DD",
        help=_("that day's deal instead of today's (UTC), for tests and days gone by"),
    )
    parser.add_argument(
        "--ascii",
        action=argparse.BooleanOptionalAction,
        help=_("suits as S H D C, and the share line's bars in ASCII"),
    )
    parser.set_defaults(func=run_daily)


def run_daily(args: argparse.Namespace) -> int:
    """The day's deal: on the screen, or headless with ``--bot``."""
    today = args.date or utc_today()
    if args.player_bot is not None:
        return _headless(args.player_bot, today, ascii=bool(args.ascii), as_json=args.json)
    try:
        config = play.read_config(args.no_config)
        options = play.game_options(args, config)
    except ConfigError as error:
        return play.config_problem(error)
    config_file = None if args.no_config else config.path
    return play.run_app(daily_options(options, today), config_file=config_file)


class _Recorded(Match):
    """A match that tells its recorder every action judged, as the app's game does."""

    def __init__(self, seed: int, recorder: MatchRecorder) -> None:
        super().__init__(random.Random(seed))  # the deal Match.new(seed) deals
        self.seed = seed
        self.recorder = recorder

    def apply(self, action: Action, at: float = 0.0) -> Result:
        result = super().apply(action, at)
        self.recorder.applied(action, at, result)
        return result


def play_headless(level: str, today: date, directory: Path | None = None) -> bool:
    """Play ``today``'s daily with the bot at ``level`` in the player's seat, on the
    simulator's virtual clock, recorded as a person's try is; whether it was played out
    (the simulator stops a match at its caps)."""
    seed = daily_seed(today)
    theirs, mine = bot_seeds(seed)
    recorder = MatchRecorder(
        "bot",
        (Player(bot=level), Player(bot=DAILY_LEVEL)),
        directory=directory,
        index=False,  # the history is read, and so brought up to date, just after
        daily=today.isoformat(),
        notice=lambda notice: play.say(words.records.record_notice(notice)),
    )
    match = _Recorded(seed, recorder)
    recorder.begin(match)
    play_match(
        match, (Bot(0, level, random.Random(mine)), Bot(1, DAILY_LEVEL, random.Random(theirs)))
    )
    recorder.keep()
    return match.is_over


def _headless(level: str, today: date, *, ascii: bool, as_json: bool) -> int:
    from spit.records.record import RecordError  # lazy: the records

    played = None
    if play_headless(level, today):
        try:
            played = latest_try(today, notice=lambda n: play.say(words.records.record_notice(n)))
        except RecordError as error:
            play.say(words.records.record_error(error))
            return CANNOT_RUN
    if played is None:
        play.say(words.daily.daily_label("unfinished"))
        return CANNOT_RUN
    line = words.daily.share_line(played, ascii=ascii)
    if as_json:
        json.dump({**asdict(played), "share": line}, sys.stdout, ensure_ascii=False)
        print()
    else:
        print(line)
    return 0


def daily_tables(figures: dict[str, Any]) -> list[Any]:
    """``spit stats``' daily lines (``spit.records.daily.days``): the streak, then each day's
    counted try, the newest week; nothing if no daily was played out."""
    from rich.table import Table  # lazy: Rich, as spit stats' other tables

    if not figures["days"]:
        return []
    label = words.daily.daily_label
    table = Table(title=label("daily"), title_justify="left", caption_justify="left")
    table.caption = words.daily.streak(figures["streak"])
    for heading in ("date", "result", "rounds", "tries"):
        table.add_column(label(heading), justify="left" if heading == "date" else "right")
    table.add_column(words.records.stats_label("median reaction"), justify="right")
    for line in figures["days"][:7]:
        reaction = line["median_reaction"]
        table.add_row(
            line["date"],
            label(line["result"]),
            str(line["rounds"]),
            str(line["tries"]),
            "—" if reaction is None else words.records.seconds_2(s=reaction),
        )
    return [table]


def against(which: str, other: str) -> int:
    """``spit replay FILE --against OTHER``: the two records' players (seat 1 of each) on the
    same deal, side by side, round by round; refused in one line if the deals differ."""
    from rich.console import Console  # lazy: Rich, to print the table
    from rich.table import Table  # lazy: the same
    from rich.text import Text  # lazy: the same

    from spit.records.analysis import read_analysed  # lazy: the records' analysis
    from spit.records.record import find_record  # lazy: the records

    records = [read_analysed(find_record(text), steps=True) for text in (which, other)]
    first, second = (record.header.seed for record in records)
    if first is None or first != second:
        play.say(words.daily.not_the_same_deal(which, other))
        return CANNOT_RUN
    tries = [try_of(record, practice=False) for record in records]
    label = words.daily.daily_label
    table = Table(caption="\n".join(f"{n}. {r.path.name}" for n, r in enumerate(records, 1)))
    table.add_column("")
    for n, record in enumerate(records, 1):
        player = record.header.players[0]
        who = player.name or words.labels.player_name(0, against_bot=True)
        if player.bot:
            who = words.records.bot_opponent(player.bot)
        table.add_column(Text(f"{n}. {printable(who)}"), justify="right")
    reactions = [t.reaction for t in tries]
    table.add_row(label("result"), *(label(t.result) for t in tries))
    table.add_row(label("rounds"), *(str(t.rounds) for t in tries))
    table.add_row(words.records.stats_label("median reaction"), *map(_seconds, reactions))
    table.add_row(label("fumbles"), *(str(t.fumbles) for t in tries))
    for n in range(max(t.rounds for t in tries)):
        per_round = (t.per_round[n] if n < t.rounds else None for t in tries)
        table.add_row(words.daily.round_label(n + 1), *map(_seconds, per_round))
    Console().print(table)
    return 0


def _seconds(seconds: float | None) -> str:
    return "—" if seconds is None else words.records.seconds_2(s=seconds)
