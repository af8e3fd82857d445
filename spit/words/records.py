"""Match records and the history: their problems, the stats' labels."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from spit.engine import Reason
from spit.i18n import N_, _, ngettext, translated
from spit.records.problems import (
    CannotRead,
    NoLongerRecorded,
    NotWritten,
    OutOfOrder,
    Problem,
    RecordError,
    RecordProblem,
    TableDisagrees,
    TooNew,
)
from spit.records.recorder import NoSeed, NotRecorded, RecorderNotice
from spit.words.labels import level_name
from spit.words.numbers import Number

if TYPE_CHECKING:
    from spit.records.history import HistoryUnavailable


def record_error(error: RecordError) -> str:
    """A record that cannot be used, in one line: the file, the line, the problem (no line
    when the problem is the whole file's: it cannot be read, or is not there)."""
    if not error.line:
        return f"{error.path}: {problem(error.problem)}"
    return f"{error.path}:{error.line}: {problem(error.problem)}"


def problem(what: RecordProblem) -> str:
    """What is wrong with a record, without the place."""
    match what:
        case TooNew(version=version, known=known):
            return _(
                "written by a newer spit (record format {version}; this spit reads "
                "format {known} and older) — update spit to read it"
            ).format(version=version, known=known)
        case OutOfOrder(found=found, expected=expected):
            return _(
                "entry {found} where entry {expected} belongs — a line is missing or was moved"
            ).format(found=found, expected=expected)
        case TableDisagrees(got=got, said=said):
            return _(
                "the table says {got} where the record says {said} — the record was edited"
            ).format(got=_verdict(got), said=_verdict(said))
        case CannotRead(error=error):
            return error
        case Problem():  # its id, dashed: ``not-a-record``
            return record_problem(what.value.replace("-", " "))
    raise ValueError(what)


def _verdict(reason: Reason | None) -> str:
    """The engine's verdict on an action, in a record problem: accepted, or refused and the
    reason's id."""
    if reason is None:
        return record_problem("accepted")
    return _("refused ({why})").format(why=reason.name.lower())


def history_unavailable(error: HistoryUnavailable) -> str:
    """Why there is no history now, in one line for the player."""
    from spit.records.history import HistoryProblem  # sqlite3 loads with the history only

    if error.problem is HistoryProblem.NOT_UPDATED:
        return _("The history could not be updated: {error}").format(error=error.error)
    if error.problem is HistoryProblem.TOO_NEW:
        return _(
            "History is not kept: {path} is from a newer spit (schema {version}); it is "
            "left as it is."
        ).format(path=error.path, version=error.version or 0)
    if error.problem is HistoryProblem.NOT_MADE_ANEW:
        why: object = record_problem("not made anew")
    else:
        why = error.error
    return _("History is not kept ({path}: {error}); the game plays on without it.").format(
        path=error.path, error=why
    )


def record_notice(notice: RecorderNotice) -> str:
    """A recorder's or the history's notice, in one line for the player."""
    from spit.records.history import HistoryUnavailable, MovedAside  # sqlite3: the history's

    match notice:
        case NoSeed():
            return record_problem("no seed")
        case NotRecorded(error=error):
            return _("This match is not recorded: {error}").format(error=error)
        case NoLongerRecorded(error=error):
            return _("The match is no longer recorded: {error}").format(error=error)
        case RecordError():
            return record_error(notice)
        case MovedAside(why=why, path=path, aside=aside) if why.value == "damaged":
            return _(
                "The history database {path} was damaged; it is kept as {aside} and a new "
                "one was made (spit stats rebuilds it from the records)."
            ).format(path=path, aside=aside)
        case MovedAside(path=path, aside=aside):  # not spit's own
            return _(
                "{path} was not spit's history; it is kept as {aside} and a new one was made."
            ).format(path=path, aside=aside)
        case HistoryUnavailable():
            return history_unavailable(notice)
    raise ValueError(notice)


def record_failure(error: RecordError | OSError) -> str:
    """Why a record could not be taken up again or given up, in one line for the player."""
    if isinstance(error, RecordError):
        return record_error(error)
    if isinstance(error, NotWritten):
        return record_notice(error.failure)
    return str(error)  # the operating system's own message, as it gives it


def network_cut_off(*, opponent: str, when: str) -> str:
    """``spit resume`` when the newest match was a networked one whose server, which ran in
    this machine's spit, stopped before the end: nothing can go on."""
    return _(
        "the networked match against {opponent} ({when}) stopped when the spit running its "
        "server did, and its room went with it: it cannot go on, with {opponent} or here "
        "(its deal was sealed), so there is nothing to resume"
    ).format(opponent=opponent, when=when)


RECORD_PROBLEM: Final = {
    "busy": N_("this match is being played in another window"),
    "over": N_("this match is over — nothing to resume"),
    "nothing to resume": N_("no unfinished match to resume"),
    "not made anew": N_("it could not be made anew"),
    "not a record": N_("not a spit match record"),
    "bad version": N_("the record format version is missing or wrong"),
    "bad header": N_("the header is incomplete or has a wrong value"),
    "empty": N_("empty or cut off before its first line — not a record"),
    "sealed": N_(
        "a networked match whose server stopped before its end: the deal is written down only "
        "at the end, so it cannot be played back"
    ),
    "bad value": N_("an entry with a missing or wrong value"),
    "cut": N_("not a whole entry — the record was cut or edited here"),
    "after the end": N_("an entry after the end of the match"),
    "time backwards": N_("time goes backwards — the record was edited"),
    "accepted": N_("accepted"),
    "wrong result": N_("the record's result is not what its actions give — the record was edited"),
    "abandoned after decided": N_("a decided match cannot be abandoned"),
    "changed": N_("the record changed while reading"),
    "none yet": N_("no match has been recorded yet"),
    "no such file": N_("no such record file"),
    "no seed": N_("This match is not recorded: its deal has no seed."),
}


def record_problem(what: str) -> str:
    """Why a match record cannot be read, resumed or found, by a short id."""
    return translated(RECORD_PROBLEM[what])


def bot_opponent(level: str) -> str:
    """A bot as an opponent in the history, by its level's id (``hard``)."""
    return _("bot ({level})").format(level=level_name(level))


def seconds_2(*, s: float) -> str:
    return _("{s:.2f} s").format(s=Number(s))


def seconds_1(*, s: float) -> str:
    return _("{s:.1f} s").format(s=Number(s))


def unfinished_matches(n: int) -> str:
    return ngettext(
        "{n} match unfinished (spit resume)", "{n} matches unfinished (spit resume)", n
    ).format(n=n)


def given_up(n: int) -> str:
    return ngettext("{n} match given up", "{n} matches given up", n).format(n=n)


def unreadable_records(n: int) -> str:
    """How many records could not be read (``spit stats`` lists them in its JSON)."""
    return ngettext("{n} record could not be read", "{n} records could not be read", n).format(n=n)


STATS_LABEL: Final = {
    "no matches": N_("No match played to the end yet: play one with `spit`."),
    "by opponent": N_("Matches by opponent"),
    "player": N_("Player"),
    "opponent": N_("Opponent"),
    "matches": N_("Matches"),
    "won": N_("Won"),
    "lost": N_("Lost"),
    "drawn": N_("Drawn"),
    "players": N_("Players"),
    "best streak": N_("Best streak"),
    "streak now": N_("Streak now"),
    "median reaction": N_("Median reaction"),
    "fastest round": N_("Fastest round"),
    "reaction chart": N_("Median reaction per match (seconds)"),
}


def stats_label(what: str) -> str:
    """The history's (``spit stats``) titles, column heads and notes, by a short id."""
    return translated(STATS_LABEL[what])
