"""The daily deal (``spit daily``, ``docs/daily.md``): one deal a UTC day, the same for
everyone, against one bot level; which try of a day counts, its figures, and the streak.

The day is the shell's to say (the clock is read there); everything here follows from it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.bot.levels import MIDDLE
from spit.engine import FUMBLES
from spit.records.figures import median
from spit.records.paths import records_dir

if TYPE_CHECKING:
    from spit.records.history import Notice, Row
    from spit.records.record import Record

DAILY_LEVEL: Final = MIDDLE
"""The bot every daily is played against: the middle of the ladder (regular)."""

FINISHED: Final = ("won", "lost", "drawn")  # a try that counts must have been played out


def daily_seed(day: date) -> int:
    """The day's shuffle seed: the first 63 bits of SHA-256 of ``spit daily YYYY-MM-DD``, so
    anyone can deal it again from the date alone (63 bits, as a fresh match's seed)."""
    digest = hashlib.sha256(f"spit daily {day.isoformat()}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def bot_seeds(seed: int) -> tuple[int, int]:
    """The hands' seeds of the daily bot (seat 1) and of a bot in the player's seat (seat 0):
    the daily bot's is the one the app's session draws first from the deal's seed, so it is
    the same bot as on the screen."""
    seeds = random.Random(seed)
    return seeds.getrandbits(32), seeds.getrandbits(32)


@dataclass(frozen=True, slots=True)
class Try:
    """One finished try at a daily, as its record tells it: the player's (seat 0's) play."""

    day: str  # YYYY-MM-DD
    result: str  # won, lost or drawn, for the player
    rounds: int  # rounds played
    reaction: float | None  # median seconds from a chance to the card landing
    fumbles: int  # cards that did not fit (each locked the hand)
    per_round: tuple[float | None, ...]  # the median reaction of each round (None: no play)
    practice: bool  # not the day's first finished try: it does not count
    file: str  # the record's file name


def read_try(path: Path, *, practice: bool) -> Try:
    """The figures of the daily try recorded at ``path`` (RecordError if it cannot be read)."""
    from spit.records.analysis import read_analysed  # deferred: the menu loads the seed only

    record = read_analysed(path, steps=True)
    return try_of(record, practice=practice)


def try_of(record: Record, *, practice: bool) -> Try:
    """The figures of a finished daily try ``record`` (read with its steps)."""
    from spit.records.analysis import analyse  # deferred: the menu loads the seed only

    analysis = analyse(record)
    outcome = record.outcome
    winner = None if outcome is None else outcome.winner
    result = {None: "drawn", 0: "won", 1: "lost"}[winner]
    mine = analysis.players[0].reactions
    rounds = [span.number for span in analysis.rounds]
    return Try(
        day=record.header.daily or "",
        result=result,
        rounds=len(rounds),
        reaction=median([r.seconds for r in mine]),
        fumbles=sum(1 for s in record.steps or () if s.action.player == 0 and s.reason in FUMBLES),
        per_round=tuple(median([r.seconds for r in mine if r.round == n]) for n in rounds),
        practice=practice,
        file=record.path.name,
    )


def tries(rows: Sequence[Row], day: str) -> list[Row]:
    """The finished tries at ``day``'s daily, in the order they began: the first counts."""
    return [r for r in rows if r.daily == day and r.result in FINISHED]


def latest_try(
    day: date, directory: Path | None = None, *, notice: Notice | None = None
) -> Try | None:
    """The newest finished try at ``day``'s daily in the history (brought up to date with the
    records), and whether it was practice; None if there is none."""
    from spit.records.history import read_history  # deferred: the menu loads the seed only

    directory = records_dir() if directory is None else directory
    played = tries(read_history(directory=directory, notice=notice).rows, day.isoformat())
    if not played:
        return None
    return read_try(directory / played[-1].file, practice=len(played) > 1)


def days(rows: Sequence[Row], today: date) -> dict[str, Any]:
    """``spit stats``' daily figures: each day's counted try (newest first) with how many
    tries were made, and the streak: days in a row with one, up to today (or yesterday)."""
    counted: dict[str, tuple[Row, int]] = {}
    for row in rows:
        if row.daily is not None and row.result in FINISHED:
            first, n = counted.get(row.daily, (row, 0))
            counted[row.daily] = (first, n + 1)
    streak = 0
    day = today if today.isoformat() in counted else today - timedelta(days=1)
    while day.isoformat() in counted:
        streak += 1
        day -= timedelta(days=1)
    return {
        "streak": streak,
        "days": [
            {
                "date": d,
                "result": row.result,
                "rounds": row.rounds,
                "median_reaction": row.reactions[0],
                "tries": n,
            }
            for d, (row, n) in sorted(counted.items(), reverse=True)
        ],
    }
