"""Match records and the history: their problems, the stats' labels."""

from __future__ import annotations

from enum import StrEnum
from typing import TYPE_CHECKING, assert_never

from spit.i18n import _, ngettext
from spit.words.labels import level_name
from spit.words.numbers import Number

if TYPE_CHECKING:
    from spit.engine import Reason
    from spit.records.history import HistoryUnavailable
    from spit.records.problems import RecordError, RecordProblem
    from spit.records.recorder import RecorderNotice

# The records' facts are imported where they are worded, not with this module: every shell
# imports spit.words on its way to the first frame, and the records (json, sqlite3, the
# replay) load with the first record read or written, not before.


def record_error(error: RecordError) -> str:
    """A record that cannot be used, in one line: the file, the line, the problem (no line
    when the problem is the whole file's: it cannot be read, or is not there)."""
    if not error.line:
        return f"{error.path}: {problem(error.problem)}"
    return f"{error.path}:{error.line}: {problem(error.problem)}"


def problem(what: RecordProblem) -> str:
    """What is wrong with a record, without the place."""
    from spit.records.record import CannotRead, OutOfOrder, Problem, TableDisagrees, TooNew

    match what:
        case TooNew(version=version, known=known):
            return record_too_new(version=version, known=known)
        case OutOfOrder(found=found, expected=expected):
            return entry_out_of_order(found=found, expected=expected)
        case TableDisagrees(got=got, said=said):
            return table_disagrees(got=_verdict(got), said=_verdict(said))
        case CannotRead(error=error):
            return error
        case Problem.NOT_A_RECORD:
            return record_problem("not a record")
        case Problem.BAD_VERSION:
            return record_problem("bad version")
        case Problem.BAD_HEADER:
            return record_problem("bad header")
        case Problem.EMPTY:
            return record_problem("empty")
        case Problem.SEALED:
            return record_problem("sealed")
        case Problem.BAD_VALUE:
            return record_problem("bad value")
        case Problem.CUT:
            return record_problem("cut")
        case Problem.AFTER_THE_END:
            return record_problem("after the end")
        case Problem.TIME_BACKWARDS:
            return record_problem("time backwards")
        case Problem.WRONG_RESULT:
            return record_problem("wrong result")
        case Problem.ABANDONED_AFTER_DECIDED:
            return record_problem("abandoned after decided")
        case Problem.OVER:
            return record_problem("over")
        case Problem.BUSY:
            return record_problem("busy")
        case Problem.CHANGED:
            return record_problem("changed")
        case Problem.NONE_YET:
            return record_problem("none yet")
        case Problem.NO_SUCH_FILE:
            return record_problem("no such file")
    raise ValueError(what)


def _verdict(reason: Reason | None) -> str:
    """The engine's verdict on an action, in a record problem: accepted, or refused and why."""
    if reason is None:
        return record_problem("accepted")
    return refused_because(why=reason.name.lower())


def history_unavailable(error: HistoryUnavailable) -> str:
    """Why there is no history now, in one line for the player."""
    from spit.records.history import HistoryProblem

    match error.problem:
        case HistoryProblem.NOT_KEPT:
            return history_not_kept(path=error.path, error=error.error)
        case HistoryProblem.NOT_MADE_ANEW:
            return history_not_kept(path=error.path, error=record_problem("not made anew"))
        case HistoryProblem.NOT_UPDATED:
            return history_not_updated(error=error.error)
        case HistoryProblem.TOO_NEW:
            return history_too_new(path=error.path, version=error.version or 0)
    raise ValueError(error.problem)


def record_notice(notice: RecorderNotice) -> str:
    """A recorder's or the history's notice, in one line for the player."""
    from spit.records.history import HistoryUnavailable, MovedAside
    from spit.records.record import NoLongerRecorded, RecordError
    from spit.records.recorder import NoSeed, NotRecorded

    match notice:
        case NoSeed():
            return record_problem("no seed")
        case NotRecorded(error=error):
            return not_recorded(error=error)
        case NoLongerRecorded(error=error):
            return not_recorded_any_more(error=error)
        case RecordError():
            return record_error(notice)
        case MovedAside(why=why, path=path, aside=aside):
            return history_moved_aside(why.value, path=path, aside=aside)
        case HistoryUnavailable():
            return history_unavailable(notice)
    raise ValueError(notice)


def record_failure(error: RecordError | OSError) -> str:
    """Why a record could not be taken up again or given up, in one line for the player."""
    from spit.records.record import NotWritten, RecordError

    if isinstance(error, RecordError):
        return record_error(error)
    if isinstance(error, NotWritten):
        return record_notice(error.failure)
    return str(error)  # the operating system's own message, as it gives it


class RecordText(StrEnum):
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


def network_cut_off(*, opponent: str, when: str) -> str:
    """``spit resume`` when the newest match was a networked one whose server, which ran in
    this machine's spit, stopped before the end: nothing can go on."""
    return _(
        "the networked match against {opponent} ({when}) stopped when the spit running its "
        "server did, and its room went with it: it cannot go on, with {opponent} or here "
        "(its deal was sealed), so there is nothing to resume"
    ).format(opponent=opponent, when=when)


def record_problem(what: RecordText) -> str:
    """Why a match record cannot be read, resumed or found, by a short id."""
    what = RecordText(what)
    match what:
        case RecordText.BUSY:
            return _("this match is being played in another window")
        case RecordText.OVER:
            return _("this match is over — nothing to resume")
        case RecordText.NOTHING_TO_RESUME:
            return _("no unfinished match to resume")
        case RecordText.NOT_MADE_ANEW:
            return _("it could not be made anew")
        case RecordText.NOT_A_RECORD:
            return _("not a spit match record")
        case RecordText.BAD_VERSION:
            return _("the record format version is missing or wrong")
        case RecordText.BAD_HEADER:
            return _("the header is incomplete or has a wrong value")
        case RecordText.EMPTY:
            return _("empty or cut off before its first line — not a record")
        case RecordText.SEALED:
            return _("a networked match whose server stopped before its end: its deal stays sealed")
        case RecordText.BAD_VALUE:
            return _("an entry with a missing or wrong value")
        case RecordText.CUT:
            return _("not a whole entry — the record was cut or edited here")
        case RecordText.AFTER_THE_END:
            return _("an entry after the end of the match")
        case RecordText.TIME_BACKWARDS:
            return _("time goes backwards — the record was edited")
        case RecordText.ACCEPTED:
            return _("accepted")
        case RecordText.WRONG_RESULT:
            return _("the record's result is not what its actions give — the record was edited")
        case RecordText.ABANDONED_AFTER_DECIDED:
            return _("a decided match cannot be abandoned")
        case RecordText.CHANGED:
            return _("the record changed while reading")
        case RecordText.NONE_YET:
            return _("no match has been recorded yet")
        case RecordText.NO_SUCH_FILE:
            return _("no such record file")
        case RecordText.NO_SEED:
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
