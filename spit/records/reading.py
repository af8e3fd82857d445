"""Reading a match record back: line by line (memory does not grow with it), every action
replayed through the engine and its verdict checked, so an edited, cut or newer record is
refused naming the file and the line. A torn last line is no error: the process died writing it.
"""

from __future__ import annotations

import functools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO, Final, Protocol

import msgspec

from spit.datafile import open_regular
from spit.engine import PLAYERS, Action, Match, Outcome, Reason, Result
from spit.engine.notation import parse_action, parse_reason
from spit.records.format import (
    ALREADY_READY_BEFORE,
    ENDS,
    FORMAT,
    FORMAT_VERSION,
    Entry,
    Header,
    Resumption,
    Step,
    moment,
)
from spit.records.problems import (
    CannotRead,
    OutOfOrder,
    Problem,
    RecordError,
    TableDisagrees,
    TooNew,
)


class Fold(Protocol):
    """What is gathered from a record as it is read, so figures need neither a list of every
    step nor a second replay."""

    def begin(self, match: Match) -> None:
        """The match as dealt, before the first step."""

    def step(self, step: Step, result: Result, match: Match) -> None:
        """``step`` was applied again: ``match`` is the table after it."""


@dataclass(slots=True)
class Record:
    """A record read back and replayed: what was played, and the table it left."""

    path: Path
    header: Header
    steps: list[Step] | None
    """Every action that reached the engine, in order; None when it was read without them
    (``read_record(path, steps=False)``: counting, resuming)."""
    resumptions: list[Resumption] | None  # None when read without the steps
    end: str | None  # "over" or "abandoned" from the record's last entry; None if it has none
    match: Match  # the table after the last action: the engine replayed every step to get here
    lines: int  # whole lines in the file (the header included)
    torn: bool  # the last line was cut off while being written (the process died mid-write)
    actions: int = 0
    last_at: float = 0.0  # the game time of the last action or resumption (0 before any)
    whole: int = 0  # bytes of whole lines: where a torn last line begins
    analysis: Any = None  # gathered as it was read (read_analysed)
    left_out: list[int] = field(default_factory=lambda: [0, 0])  # refusals counted, not written

    @property
    def over(self) -> bool:
        """The match was decided (the engine says so, whether or not the end line made it)."""
        return self.match.is_over

    @property
    def unfinished(self) -> bool:
        """Neither decided nor given up: a match that can be resumed."""
        return not self.match.is_over and self.end != "abandoned"

    @property
    def outcome(self) -> Outcome | None:
        return self.match.outcome


MAX_LINE: Final = 1 << 16
"""The longest line read as an entry or a header (spit writes a few hundred bytes at most);
a longer one is never read into memory."""

CHUNK: Final = 1 << 20  # bytes read at a time when only newlines are counted

MAX_RECORD: Final = 1 << 28
"""The largest record read, in bytes (far past any match spit writes): a larger
file is no record spit wrote, refused before its first line is read."""

_entry: Final = msgspec.json.Decoder(Entry).decode


def read_record(
    path: Path, *, steps: bool = True, fold: Fold | None = None, seed: int | None = None
) -> Record:
    """Read and replay ``path``; RecordError (file, line, problem) if it is unusable. With
    ``steps=False`` only the table is kept (resuming, counting); ``fold`` gathers the rest;
    ``seed`` unseals a sealed record still in play (a host's room opened again)."""
    try:
        with open_regular(path, MAX_RECORD) as file:  # no link, pipe or device
            return _read(path, file, steps=steps, fold=fold, seed=seed)
    except OSError as error:
        raise RecordError(path, 0, CannotRead(error.strerror or str(error))) from None


class _Lines:
    """A record file's whole lines, one at a time, in bounded memory; ``torn`` once done."""

    def __init__(self, file: BinaryIO) -> None:
        self.file = file
        self.torn = False  # the last line has no newline: the process died writing it
        self.whole = 0  # bytes of whole lines read so far

    def __iter__(self) -> Iterator[bytes | None]:
        # None for a line longer than MAX_LINE
        readline = self.file.readline
        while True:
            line = readline(MAX_LINE + 1)
            if line.endswith(b"\n"):
                self.whole += len(line)
                yield line[:-1]
                continue
            if len(line) <= MAX_LINE:  # the end: nothing more, or a torn last line
                self.torn = bool(line)
                return
            length = len(line)
            while not line.endswith(b"\n"):  # too long for an entry: skipped, not kept
                line = readline(MAX_LINE)
                if not line:
                    self.torn = True
                    return
                length += len(line)
            self.whole += length
            yield None


def _read(
    path: Path, file: BinaryIO, *, steps: bool, fold: Fold | None, seed: int | None = None
) -> Record:
    lines = _Lines(file)
    each = iter(lines)
    first = next(each, None)
    if lines.whole == 0:
        raise RecordError(path, 1, Problem.EMPTY)
    header = read_header(path, b"" if first is None else first)
    if header.sealed:
        header = (
            _unseal(path, header, file)
            if seed is None
            else msgspec.structs.replace(header, seed=seed)
        )
    match = header.new_match()
    kept: list[Step] | None = [] if steps else None
    record = Record(path, header, kept, [] if steps else None, None, match, 1, False)
    if fold is not None:
        fold.begin(match)
    number = 1
    for raw in each:
        number += 1
        _read_entry(record, number, raw, fold)
    record.lines = number
    record.torn = lines.torn
    record.whole = lines.whole
    return record


def whole_lines(fd: int) -> tuple[int, int]:
    """How many whole lines the file ``fd`` holds, and their bytes (a chunk at a time)."""
    lines = whole = offset = 0
    while chunk := os.pread(fd, CHUNK, offset):
        count = chunk.count(b"\n")
        if count:
            lines += count
            whole = offset + chunk.rfind(b"\n") + 1
        offset += len(chunk)
    return lines, whole


def _unseal(path: Path, header: Header, file: BinaryIO) -> Header:
    """The header with the seed its record's end entry, the last whole line, gives (a sealed,
    networked record)."""
    last, whole = whole_lines(file.fileno())
    start = max(0, whole - MAX_LINE - 2)
    raw = os.pread(file.fileno(), whole - start, start)[:-1].rsplit(b"\n", 1)[-1]
    try:
        entry = _entry(raw) if last > 1 else Entry()
    except msgspec.DecodeError as error:
        problem = Problem.BAD_VALUE if isinstance(error, msgspec.ValidationError) else None
        raise RecordError(path, last, problem or Problem.SEALED) from None
    if entry.end is None or entry.seed is None:
        raise RecordError(path, last, Problem.SEALED)
    return msgspec.structs.replace(header, seed=entry.seed)


def read_header(path: Path, raw: bytes) -> Header:
    """The header on the first line, ``raw``; RecordError if it is not one spit can read."""
    try:  # json, not msgspec: a header's NaN or Infinity is a bad value, not a non-record
        data = json.loads(raw)
    except ValueError:  # a UnicodeDecodeError too
        data = None
    if not isinstance(data, dict) or data.get("record") != FORMAT:
        raise RecordError(path, 1, Problem.NOT_A_RECORD)
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise RecordError(path, 1, Problem.BAD_VERSION)
    if version > FORMAT_VERSION:
        raise RecordError(path, 1, TooNew(version=version, known=FORMAT_VERSION))
    try:
        return msgspec.convert(data, Header).checked()
    except (msgspec.ValidationError, ValueError):
        raise RecordError(path, 1, Problem.BAD_HEADER) from None


def _read_entry(record: Record, number: int, raw: bytes | None, fold: Fold | None) -> None:
    path = record.path
    try:
        if raw is None:  # longer than any entry: not one
            raise RecordError(path, number, Problem.CUT)
        entry = _entry(raw)
    except msgspec.ValidationError:
        raise RecordError(path, number, Problem.BAD_VALUE) from None
    except msgspec.DecodeError:
        raise RecordError(path, number, Problem.CUT) from None
    if entry.n != number or type(entry.n) is not int:
        raise RecordError(path, number, OutOfOrder(found=entry.n, expected=number))
    if record.end is not None:
        raise RecordError(path, number, Problem.AFTER_THE_END)
    try:
        if entry.end is not None:
            _end(record, number, entry)
            return
        at = entry.at
        if at is None:
            raise ValueError
        if at < record.last_at:
            raise RecordError(path, number, Problem.TIME_BACKWARDS)
        if entry.resumed is not None:
            resumption = Resumption(number, at, moment(entry.resumed))
            if record.resumptions is not None:
                record.resumptions.append(resumption)
            record.last_at = at
        elif entry.left_out is not None:
            if entry.p not in PLAYERS or entry.do is not None or entry.ok is not None:
                raise ValueError
            record.left_out[entry.p] += entry.left_out
        else:
            _step(record, number, entry, at, fold)
    except RecordError:
        raise
    except ValueError:  # a NotationError too
        raise RecordError(path, number, Problem.BAD_VALUE) from None


def _step(record: Record, number: int, entry: Entry, at: float, fold: Fold | None) -> None:
    if entry.ok is None:
        raise ValueError
    action = _action(entry.do, entry.p, entry.stock, entry.pile)
    reason = None if entry.ok else parse_reason(entry.why)
    result = record.match.apply(action, at)
    got = None if result.refusal is None else result.refusal.reason
    if got is Reason.ALREADY_READY and reason in ALREADY_READY_BEFORE:
        reason = got  # written before the engine told a ready player so itself
    if got != reason:
        raise RecordError(record.path, number, TableDisagrees(got=got, said=reason))
    step = Step(number, at, action, reason)
    if record.steps is not None:
        record.steps.append(step)
    record.actions += 1
    record.last_at = at
    if fold is not None:
        fold.step(step, result, record.match)


@functools.lru_cache(maxsize=256)
def _action(do: str | None, p: int | None, stock: int | None, pile: int | None) -> Action:
    """The action an entry holds, read by the notation (NotationError is a ValueError): a
    record holds a few dozen actions many times over, each parsed once and shared."""
    fields = {"do": do, "p": p, "stock": stock, "pile": pile}
    return parse_action({key: value for key, value in fields.items() if value is not None})


def _end(record: Record, number: int, entry: Entry) -> None:
    if entry.end not in ENDS:
        raise ValueError
    outcome = record.match.outcome
    if entry.end == "over":
        if outcome is None or (entry.winner, entry.scores) != (outcome.winner, [*outcome.scores]):
            raise RecordError(record.path, number, Problem.WRONG_RESULT)
    elif outcome is not None:
        raise RecordError(record.path, number, Problem.ABANDONED_AFTER_DECIDED)
    record.end = entry.end
