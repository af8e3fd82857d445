"""What can be wrong with a match record, as typed facts: the problem, the record's place, and
the notices of a recorder that could not write. :mod:`spit.words.records` says them."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

from msgspec import Struct

from spit.engine import Reason


class Problem(Enum):
    """What is wrong with a record when the place (the file and the line) says the rest."""

    NOT_A_RECORD = "not-a-record"  # the first line is not a spit match record's header
    BAD_VERSION = "bad-version"  # the header's format version is missing or is no version
    BAD_HEADER = "bad-header"  # the header lacks a field or has a wrong value
    EMPTY = "empty"  # no whole line: the file is empty or was cut before its first newline
    SEALED = "sealed"  # no end entry to give its seed: the server stopped
    BAD_VALUE = "bad-value"  # an entry with a missing or wrong value
    CUT = "cut"  # A line that is not a whole entry, before the last line
    AFTER_THE_END = "after-the-end"  # an entry after the end entry
    TIME_BACKWARDS = "time-backwards"  # an entry earlier in game time than the one before it
    WRONG_RESULT = "wrong-result"  # the end entry's result is not what the actions give
    ABANDONED_AFTER_DECIDED = "abandoned-after-decided"  # decided, yet ended as given up
    OVER = "over"  # resuming: the match is over (decided or given up)
    BUSY = "busy"  # resuming: another spit is writing the record (another window plays the match)
    CHANGED = "changed"  # resuming: the record grew between reading it and taking it over
    NONE_YET = "none-yet"  # finding "last": the records directory holds no record
    NO_SUCH_FILE = "no-such-file"  # finding a record by name: there is no such file


class TooNew(Struct, frozen=True, tag="too-new"):
    """A record in a format newer than this spit reads."""

    version: int  # the record's format version
    known: int  # the newest format this spit reads


class OutOfOrder(Struct, frozen=True, tag="out-of-order"):
    """An entry whose number is not its line's: a line is missing or was moved."""

    found: object  # the number the entry gives, as the line has it (None if it gives none)
    expected: int  # the line it is on, which is the number it should give


class TableDisagrees(Struct, frozen=True, tag="table-disagrees"):
    """Replayed, the table judged an action otherwise than the record says."""

    got: Reason | None  # what the table says: the refusal's reason, or None for accepted
    said: Reason | None  # what the record says, in the same terms


class CannotRead(Struct, frozen=True, tag="cannot-read"):
    """The file could not be read at all."""

    error: str  # the operating system's own message (Permission denied)


RecordProblem = Problem | TooNew | OutOfOrder | TableDisagrees | CannotRead
"""Everything that can be wrong with a record, each with its facts (tagged, so the history
keeps them as JSON)."""


class RecordError(ValueError):
    """A record that cannot be used: the file, the line and what is wrong.

    It carries the facts, not a sentence: ``spit.words.records.record_error`` says it in one
    line naming the file and the line. ``str()`` is a language-free form for logs.
    """

    def __init__(self, path: Path, line: int, problem: RecordProblem) -> None:
        super().__init__(path, line, problem)
        self.path = path  # the record file
        self.line = line  # from 1; 0 when it is about the whole file
        self.problem = problem  # what is wrong, without the place

    def __str__(self) -> str:
        problem = self.problem
        said = problem.value if isinstance(problem, Problem) else repr(problem)
        place = f"{self.path}:{self.line}" if self.line else str(self.path)
        return f"{place}: {said}"


class RecordBusy(RecordError):
    """The record is being written by another spit right now (another window plays it)."""


class NoLongerRecorded(Struct, frozen=True):
    """A notice: writing the record of the match in play failed; the match goes on unrecorded."""

    error: str  # the operating system's own message (No space left on device)


class NotWritten(OSError):
    """Resuming or giving up a record failed to write to it; ``failure`` says why."""

    def __init__(self, failure: NoLongerRecorded) -> None:
        super().__init__(failure.error)
        self.failure = failure  # the writer's failure
