"""Match records and the history: their problems, the stats' labels."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import _, ngettext
from spit.words.labels import level_name
from spit.words.numbers import Number


class RecordProblem(StrEnum):
    """A record's problem that :func:`record_problem` gives."""

    BUSY = "busy"
    OVER = "over"
    NOTHING_TO_RESUME = "nothing to resume"
    NOT_MADE_ANEW = "not made anew"
    NOT_A_RECORD = "not a record"
    BAD_VERSION = "bad version"
    BAD_HEADER = "bad header"
    EMPTY = "empty"
    SEALED = "sealed"
    BAD_VALUE = "bad value"
    CUT = "cut"
    AFTER_THE_END = "after the end"
    TIME_BACKWARDS = "time backwards"
    ACCEPTED = "accepted"
    WRONG_RESULT = "wrong result"
    ABANDONED_AFTER_DECIDED = "abandoned after decided"
    CHANGED = "changed"
    NONE_YET = "none yet"
    NO_SUCH_FILE = "no such file"
    NO_SEED = "no seed"


def record_problem(what: RecordProblem) -> str:
    """Why a match record cannot be read, resumed or found, by a short id."""
    what = RecordProblem(what)
    match what:
        case RecordProblem.BUSY:
            return _("this match is being played in another window")
        case RecordProblem.OVER:
            return _("this match is over — nothing to resume")
        case RecordProblem.NOTHING_TO_RESUME:
            return _("no unfinished match to resume")
        case RecordProblem.NOT_MADE_ANEW:
            return _("it could not be made anew")
        case RecordProblem.NOT_A_RECORD:
            return _("not a spit match record")
        case RecordProblem.BAD_VERSION:
            return _("the record format version is missing or wrong")
        case RecordProblem.BAD_HEADER:
            return _("the header is incomplete or has a wrong value")
        case RecordProblem.EMPTY:
            return _("empty or cut off before its first line — not a record")
        case RecordProblem.SEALED:
            return _("a networked match whose server stopped before its end: its deal stays sealed")
        case RecordProblem.BAD_VALUE:
            return _("an entry with a missing or wrong value")
        case RecordProblem.CUT:
            return _("not a whole entry — the record was cut or edited here")
        case RecordProblem.AFTER_THE_END:
            return _("an entry after the end of the match")
        case RecordProblem.TIME_BACKWARDS:
            return _("time goes backwards — the record was edited")
        case RecordProblem.ACCEPTED:
            return _("accepted")
        case RecordProblem.WRONG_RESULT:
            return _("the record's result is not what its actions give — the record was edited")
        case RecordProblem.ABANDONED_AFTER_DECIDED:
            return _("a decided match cannot be abandoned")
        case RecordProblem.CHANGED:
            return _("the record changed while reading")
        case RecordProblem.NONE_YET:
            return _("no match has been recorded yet")
        case RecordProblem.NO_SUCH_FILE:
            return _("no such record file")
        case RecordProblem.NO_SEED:
            return _("This match is not recorded: its deal has no seed.")
    assert_never(what)


def history_not_updated(*, error: object) -> str:
    """The history database refused a write."""
    return _("The history could not be updated: {error}").format(error=error)


def history_not_kept(*, path: object, error: object) -> str:
    """The history cannot be opened; the game goes on without it."""
    return _("History is not kept ({path}: {error}); the game plays on without it.").format(
        path=path, error=error
    )


def history_moved_aside(why: str, *, path: object, aside: object) -> str:
    """The history at ``path`` was ``damaged`` or ``foreign`` (not spit's): it was moved to
    ``aside`` and a new one made."""
    if why == "damaged":
        text = _(
            "The history database {path} was damaged; it is kept as {aside} and a new "
            "one was made (spit stats rebuilds it from the records)."
        )
    else:
        text = _("{path} was not spit's history; it is kept as {aside} and a new one was made.")
    return text.format(path=path, aside=aside)


def history_too_new(*, path: object, version: int) -> str:
    """The history was written by a newer spit."""
    return _(
        "History is not kept: {path} is from a newer spit (schema {version}); it is left as it is."
    ).format(path=path, version=version)


def record_too_new(*, version: int, known: int) -> str:
    """A record written by a newer spit than this one."""
    return _(
        "written by a newer spit (record format {version}; this spit reads "
        "format {known} and older) — update spit to read it"
    ).format(version=version, known=known)


def entry_out_of_order(*, found: int, expected: int) -> str:
    """A record's entry in the wrong place."""
    return _(
        "entry {found} where entry {expected} belongs — a line is missing or was moved"
    ).format(found=found, expected=expected)


def table_disagrees(*, got: str, said: str) -> str:
    """Replaying a record, the table answered an action otherwise than the record says."""
    return _("the table says {got} where the record says {said} — the record was edited").format(
        got=got, said=said
    )


def refused_because(*, why: str) -> str:
    """In a record problem: the table refused the action, and the reason's id."""
    return _("refused ({why})").format(why=why)


def not_recorded_any_more(*, error: object) -> str:
    """The record of a match in play cannot be written any more."""
    return _("The match is no longer recorded: {error}").format(error=error)


def not_recorded(*, error: object) -> str:
    """A match that cannot be recorded, and why."""
    return _("This match is not recorded: {error}").format(error=error)


def bot_opponent(level: str) -> str:
    """A bot as an opponent in the history, by its level's id (``hard``)."""
    return _("bot ({level})").format(level=level_name(level))


def seconds_2(*, s: float) -> str:
    """A time in seconds, to a hundredth."""
    return _("{s:.2f} s").format(s=Number(s))


def seconds_1(*, s: float) -> str:
    """A time in seconds, to a tenth."""
    return _("{s:.1f} s").format(s=Number(s))


def unfinished_matches(n: int) -> str:
    """How many matches in the history can be resumed."""
    return ngettext(
        "{n} match unfinished (spit resume)", "{n} matches unfinished (spit resume)", n
    ).format(n=n)


def given_up(n: int) -> str:
    """How many matches in the history were given up."""
    return ngettext("{n} match given up", "{n} matches given up", n).format(n=n)


def unreadable_records(n: int) -> str:
    """How many records could not be read (``spit stats`` lists them in its JSON)."""
    return ngettext("{n} record could not be read", "{n} records could not be read", n).format(n=n)


class StatsLabel(StrEnum):
    """A label of ``spit stats`` that :func:`stats_label` gives."""

    NO_MATCHES = "no matches"
    BY_OPPONENT = "by opponent"
    PLAYER = "player"
    OPPONENT = "opponent"
    MATCHES = "matches"
    WON = "won"
    LOST = "lost"
    DRAWN = "drawn"
    PLAYERS = "players"
    BEST_STREAK = "best streak"
    STREAK_NOW = "streak now"
    MEDIAN_REACTION = "median reaction"
    FASTEST_ROUND = "fastest round"
    REACTION_CHART = "reaction chart"


def stats_label(what: StatsLabel) -> str:
    """The history's (``spit stats``) titles, column heads and notes, by a short id."""
    what = StatsLabel(what)
    match what:
        case StatsLabel.NO_MATCHES:
            return _("No match played to the end yet: play one with `spit`.")
        case StatsLabel.BY_OPPONENT:
            return _("Matches by opponent")
        case StatsLabel.PLAYER:
            return _("Player")
        case StatsLabel.OPPONENT:
            return _("Opponent")
        case StatsLabel.MATCHES:
            return _("Matches")
        case StatsLabel.WON:
            return _("Won")
        case StatsLabel.LOST:
            return _("Lost")
        case StatsLabel.DRAWN:
            return _("Drawn")
        case StatsLabel.PLAYERS:
            return _("Players")
        case StatsLabel.BEST_STREAK:
            return _("Best streak")
        case StatsLabel.STREAK_NOW:
            return _("Streak now")
        case StatsLabel.MEDIAN_REACTION:
            return _("Median reaction")
        case StatsLabel.FASTEST_ROUND:
            return _("Fastest round")
        case StatsLabel.REACTION_CHART:
            return _("Median reaction per match (seconds)")
    assert_never(what)
