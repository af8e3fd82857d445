"""The match record: one JSON Lines file per match, written as it is played, read back by replay.

The first line is the header (format version, seed, variant, settings, players); every later
line is one entry, numbered by its line: an action that reached the engine with its game time
and the engine's verdict, a resumption, or the end. ``docs/records.md`` is the full format.

Writing appends one whole line per entry with a single ``os.write`` and no buffer in between,
so the process dying at any moment (``kill -9`` included) loses at most the entry being
written: a torn last line is how an unfinished record normally ends, not corruption.
Reading replays every action through the engine and checks each verdict, so a record that was
edited, cut in the middle or written by a newer spit is refused with one line naming the file
and the line. Nothing here ever rewrites or truncates what a record says. The header and the
entries, and how each value is read, are :mod:`spit.records.format`; reading one back is
:mod:`spit.records.reading`.
"""

from __future__ import annotations

import contextlib
import os
import queue
import secrets
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import msgspec

from spit.engine import (
    Action,
    Outcome,
    Result,
    RoundSettled,
)
from spit.records.format import (  # the format, named here too for the record's importers
    ENDS,
    FORMAT,
    FORMAT_VERSION,
    MODES,
    NAME_LENGTH,
    SUFFIX,
    TEXT_LENGTH,
    Header,
    Player,
    Resumption,
    Step,
    action_json,
    now_text,
    reason_spelling,
)
from spit.records.paths import records_dir
from spit.records.problems import (  # the record's problems, named here too
    BadHeader,
    CannotRead,
    NoLongerRecorded,
    NotWritten,
    OutOfOrder,
    Problem,
    RecordBusy,
    RecordError,
    TableDisagrees,
    TooNew,
)
from spit.records.reading import CHUNK, MAX_LINE, Fold, Record, read_header, read_record

try:  # advisory locks keep two spits from writing one record; Windows has none of these
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms CI runs
    fcntl = None  # type: ignore[assignment]


# -- writing -----------------------------------------------------------------------------


class RecordWriter:
    """Appends a match's entries to its record as they happen; stops quietly if it cannot.

    Each entry is one ``os.write`` of one whole line, straight to the file with no buffer in
    between, so it is on its way to the disk the moment the engine has judged the action, and
    a process that dies loses nothing written before. ``fsync`` (the disk itself) happens at
    the end of each round (the first one syncs the directory too, so the file's name survives)
    and when the record is closed: a power cut loses at most the round being played, a crash
    of spit nothing.

    A writer that ``holds`` (a server's, whose one thread serves every room) keeps its
    entries until :meth:`flush`, which writes them in one ``os.write``: the server flushes at
    the end of each turn of its event loop, before the frames that tell the players of those
    actions, so every action a player was told of is in the file when it is told (a killed
    server loses only actions nobody heard of). An entry that syncs, and closing, write what
    is held first; its ``fsync`` is done on a thread of its own (:class:`_Syncer`), so no
    room waits for the disk (a power cut loses the round being played and the syncs not yet
    done, some milliseconds; a failed ``fsync`` there goes unnoticed, a failed write not).

    A failure to write (a full disk, the directory gone) never interrupts the game: the writer
    stops, and ``on_failure`` is told once why (:class:`NoLongerRecorded`).
    """

    def __init__(
        self,
        path: Path,
        fd: int,
        line: int,
        on_failure: Callable[[NoLongerRecorded], None] | None = None,
    ) -> None:
        self.path = path
        """The record file."""
        self.failure: NoLongerRecorded | None = None
        """Why recording stopped, or None while it goes on."""
        self.on_failure = on_failure
        """Told once, with why, if a write fails."""
        self._fd: int | None = fd
        self._line = line
        self._named = False  # whether the directory has been synced since the file was made
        self.holds = False
        """Whether entries wait for :meth:`flush` (a server's record; see above)."""
        self._held: list[bytes] = []

    # -- making one ----------------------------------------------------------------------

    @classmethod
    def create(
        cls,
        header: Header,
        directory: Path | None = None,
        *,
        on_failure: Callable[[NoLongerRecorded], None] | None = None,
    ) -> RecordWriter:
        """Begin a new record for ``header`` in ``directory`` (default: the records directory).

        Never replaces a file: the name is new (time and random letters) and the file is
        created exclusively. Raises OSError if the directory cannot be made or written.
        """
        directory = records_dir() if directory is None else directory
        directory.mkdir(parents=True, exist_ok=True)
        if not header.started:
            header = _with_start(header)
        # Names sort in the order the matches began (to the microsecond), so "last" is last.
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S-%f")
        flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_APPEND | getattr(os, "O_CLOEXEC", 0)
        while True:
            path = directory / f"{stamp}-{secrets.token_hex(3)}{SUFFIX}"
            try:
                fd = os.open(path, flags, 0o644)
                break
            except FileExistsError:
                continue
        try:
            _lock(fd)
            # No fsync yet: the first comes at the end of the first round, with the directory,
            # so starting a match waits for no disk (a power cut loses that round either way).
            _write_all(fd, _line(header.to_json()))
        except BaseException:
            os.close(fd)
            with contextlib.suppress(OSError):
                path.unlink()
            raise
        return cls(path, fd, 2, on_failure)

    @classmethod
    def resume(
        cls, record: Record, *, on_failure: Callable[[NoLongerRecorded], None] | None = None
    ) -> RecordWriter:
        """Go on writing ``record`` (read just now), after a ``resumed`` entry.

        A torn last line is cut off first (it never held a whole entry); nothing else in the
        file changes. Raises RecordBusy if another spit is writing it, RecordError if it
        cannot be resumed, OSError if it cannot be written (NotWritten if the entry failed).
        """
        writer = cls._reopen(record, on_failure)
        writer._write({"resumed": now_text(), "at": record.last_at}, sync=True)
        if writer.failure is not None:
            raise NotWritten(writer.failure)
        return writer

    @classmethod
    def give_up(cls, record: Record) -> None:
        """End the unfinished ``record`` as abandoned, so it is not offered again.

        Raises as :meth:`resume` does.
        """
        writer = cls._reopen(record, None)
        writer.abandon()
        if writer.failure is not None:
            raise NotWritten(writer.failure)

    @classmethod
    def abandon_left(cls, path: Path, seed: int | None = None) -> bool:
        """End the record ``path``, left without its end by a process that died (a server's
        worker, see spit/net/workers.py), as abandoned; ``seed`` unseals a sealed record.
        False if it has its end already or another process writes it; OSError if it cannot
        be written."""
        if _has_end(path):
            return False
        fd = os.open(path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
        try:
            if not _lock(fd):
                os.close(fd)
                return False
            lines, whole = _whole_lines(fd)  # a chunk at a time: a record may be long
            if whole < os.fstat(fd).st_size:
                os.ftruncate(fd, whole)  # a line cut off as the process died
            os.lseek(fd, 0, os.SEEK_END)
        except BaseException:
            os.close(fd)
            raise
        writer = cls(path, fd, lines + 1, None)
        writer.abandon(seed=seed)
        return writer.failure is None

    @classmethod
    def _reopen(
        cls, record: Record, on_failure: Callable[[NoLongerRecorded], None] | None
    ) -> RecordWriter:
        if not record.unfinished:
            raise RecordError(record.path, record.lines, Problem.OVER)
        fd = os.open(record.path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0))
        try:
            if not _lock(fd):
                raise RecordBusy(record.path, record.lines, Problem.BUSY)
            # Nothing but appending ever changes a record: the same whole lines, as many
            # bytes of them, is the record as read (counted, not replayed again).
            if _whole_lines(fd) != (record.lines, record.whole):
                raise RecordBusy(record.path, record.lines, Problem.CHANGED)
            if record.whole < os.fstat(fd).st_size:
                os.ftruncate(fd, record.whole)
            os.lseek(fd, 0, os.SEEK_END)
        except BaseException:
            os.close(fd)
            raise
        return cls(record.path, fd, record.lines + 1, on_failure)

    # -- entries -------------------------------------------------------------------------

    @property
    def recording(self) -> bool:
        """Whether entries still go to the file."""
        return self._fd is not None

    def action(self, action: Action, at: float, result: Result) -> None:
        """Append one action the engine has just judged."""
        entry = {"at": at, **action_json(action), "ok": result.ok}
        if result.refusal is not None:
            entry["why"] = reason_spelling(result.refusal.reason)
        settled = result.ok and any(isinstance(e, RoundSettled) for e in result.events)
        self._write(entry, sync=settled)

    def left_out(self, player: int, count: int, at: float) -> None:
        """Append that ``count`` refused actions of ``player``, none of which changed the
        table, were left out up to game time ``at`` (a server's record under a flood)."""
        self._write({"at": at, "p": player, "left_out": count})

    def over(self, outcome: Outcome, *, seed: int | None = None) -> None:
        """Append the result, once the engine has decided the match, and close.

        ``seed`` unseals a sealed record (see :attr:`Header.sealed`)."""
        entry = {"end": "over", "winner": outcome.winner, "scores": list(outcome.scores)}
        self._write(_unsealing(entry, seed), sync=True)
        self.close()

    def abandon(self, *, seed: int | None = None) -> None:
        """Append that the players gave the match up (it will not be offered again), and close.

        ``seed`` unseals a sealed record (see :attr:`Header.sealed`)."""
        self._write(_unsealing({"end": "abandoned"}, seed), sync=True)
        self.close()

    def close(self) -> None:
        """Finish writing; the record stays as it is (unfinished unless it has its end)."""
        self.flush()
        fd, self._fd = self._fd, None
        if fd is None:
            return
        if self.holds:
            _SYNCER.sync(fd, None)
        else:
            with contextlib.suppress(OSError):
                os.fsync(fd)
        os.close(fd)  # closing the file lets go of its lock too (once a sync's copy is shut)

    def flush(self) -> None:
        """Write the entries held back, in one write."""
        held, self._held = self._held, []
        fd = self._fd
        if fd is None or not held:
            return
        try:
            _write_all(fd, b"".join(held))
        except OSError as error:
            self._fail(error)

    def _write(self, entry: dict[str, Any], *, sync: bool = False) -> None:
        fd = self._fd
        if fd is None:
            return
        line = _line({"n": self._line, **entry})
        if self.holds and not sync:
            self._held.append(line)
            self._line += 1
            return
        try:
            if self._held:
                self._held.append(line)
                line, self._held = b"".join(self._held), []
            _write_all(fd, line)
            if sync:
                directory = None if self._named else self.path.parent
                self._named = True
                if self.holds:
                    _SYNCER.sync(fd, directory)
                else:
                    os.fsync(fd)
                    if directory is not None:
                        _sync_directory(directory)
        except OSError as error:
            self._fail(error)
            return
        self._line += 1

    def _fail(self, error: OSError) -> None:
        self.failure = NoLongerRecorded(error.strerror or str(error))
        fd, self._fd = self._fd, None
        if fd is not None:
            with contextlib.suppress(OSError):
                os.close(fd)
        if self.on_failure is not None:
            self.on_failure(self.failure)


def _whole_lines(fd: int) -> tuple[int, int]:
    """How many whole lines the file ``fd`` holds, and their bytes (read a chunk at a time)."""
    lines = whole = offset = 0
    while chunk := os.pread(fd, CHUNK, offset):
        count = chunk.count(b"\n")
        if count:
            lines += count
            whole = offset + chunk.rfind(b"\n") + 1
        offset += len(chunk)
    return lines, whole


def _unsealing(entry: dict[str, Any], seed: int | None) -> dict[str, Any]:
    return entry if seed is None else {**entry, "seed": seed}


def _with_start(header: Header) -> Header:
    from dataclasses import replace

    return replace(header, started=now_text())


_encode = msgspec.json.Encoder().encode
"""Compact JSON in UTF-8, made in C: a server writes a line per action, and json.dumps was
6 % of its time per action. A newline in a name is escaped: one entry is one line."""


def _line(entry: dict[str, Any]) -> bytes:
    return _encode(entry) + b"\n"


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _lock(fd: int) -> bool:
    """Take the record's lock for this process; False if another process holds it."""
    if fcntl is None:  # pragma: no cover
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    return True


def is_busy(path: Path) -> bool:
    """Whether another spit is writing ``path`` right now."""
    if fcntl is None:  # pragma: no cover
        return False
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        return not _lock(fd)
    finally:
        os.close(fd)  # and with it the lock just taken


class _Syncer:
    """Syncs records to the disk on a thread of its own, for writers that must not wait for
    it (a server's). Each sync works on a copy of the file's descriptor, so the writer may
    close its own at once."""

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[tuple[int, Path | None, threading.Event | None]] = (
            queue.SimpleQueue()
        )
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()

    def sync(self, fd: int, directory: Path | None) -> None:
        """Sync the file open as ``fd`` (and ``directory``, if given) soon."""
        try:
            copy = os.dup(fd)
        except OSError:
            return
        self._put((copy, directory, None))

    def wait(self, timeout: float | None = None) -> bool:
        """Whether every sync asked for so far was done within ``timeout`` (for tests)."""
        done = threading.Event()
        self._put((-1, None, done))
        return done.wait(timeout)

    def _put(self, job: tuple[int, Path | None, threading.Event | None]) -> None:
        self._jobs.put(job)
        with self._lock:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="spit-sync", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            fd, directory, done = self._jobs.get()
            if done is not None:
                done.set()
                continue
            with contextlib.suppress(OSError):
                os.fsync(fd)
            os.close(fd)
            if directory is not None:
                _sync_directory(directory)


_SYNCER: Final = _Syncer()


def _sync_directory(directory: Path) -> None:
    """Make the new file's name itself survive a power cut (POSIX; a no-op elsewhere)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


# -- finding records ---------------------------------------------------------------------


def record_files(directory: Path | None = None) -> list[Path]:
    """Every record file, newest first (the names begin with the start time)."""
    directory = records_dir() if directory is None else directory
    try:
        return sorted(
            (p for p in directory.iterdir() if p.name.endswith(SUFFIX) and p.is_file()),
            key=lambda p: p.name,
            reverse=True,
        )
    except OSError:
        return []


_TAIL: Final = 4096
"""Bytes read from a record's end to tell whether it has an end entry."""

RESUME_LOOKBACK: Final = 50
"""How many of the newest records are looked at for a match to resume."""


def _has_end(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            size = file.seek(0, os.SEEK_END)
            file.seek(max(0, size - _TAIL))
            tail = file.read()
    except OSError:
        return True  # unreadable: nothing to offer
    lines = tail.split(b"\n")
    last = lines[-2] if len(lines) >= 2 else b""
    return b'"end"' in last


def latest_unfinished(directory: Path | None = None) -> Record | None:
    """The newest record that can be resumed: unfinished, readable and not in play elsewhere.

    Only the newest :data:`RESUME_LOOKBACK` records are looked at, so a start stays quick
    however long the history; an older one is still resumed by naming its file.
    """
    for path in record_files(directory)[:RESUME_LOOKBACK]:
        if _has_end(path) or is_busy(path):
            continue
        try:
            record = read_record(path, steps=False)  # the table it leads to is what counts
        except RecordError:
            continue
        if record.unfinished and record.header.mode != "network":
            return record  # a networked match goes on only with its server: not here
    return None


def latest_cut_off(directory: Path | None = None) -> tuple[Path, Header] | None:
    """The newest unfinished record, if it is a networked match whose server stopped before
    its end (a ``spit host`` killed, say): such a match cannot go on, as its room went with
    its server, and its seed is sealed for good (see :attr:`Header.sealed`). None if the
    newest unfinished record is another (:func:`latest_unfinished` finds it), or none is."""
    for path in record_files(directory)[:RESUME_LOOKBACK]:
        if _has_end(path) or is_busy(path):
            continue
        try:
            with path.open("rb") as file:
                header = read_header(path, file.readline(_FIRST_LINE).rstrip(b"\n"))
        except (OSError, RecordError):
            continue
        return (path, header) if header.sealed else None
    return None


_FIRST_LINE: Final = 65536
"""The most of a record's first line :func:`latest_cut_off` reads for its header."""


def find_record(which: str, directory: Path | None = None) -> Path:
    """The file ``which`` names: "last" for the newest record, else a path or a file name.

    Raises RecordError if there is no such record.
    """
    if which == "last":
        files = record_files(directory)
        if not files:
            folder = records_dir() if directory is None else directory
            raise RecordError(folder, 0, Problem.NONE_YET)
        return files[0]
    path = Path(which)
    if not path.exists() and not path.is_absolute():
        inside = (records_dir() if directory is None else directory) / which
        if inside.exists():
            return inside
    if not path.is_file():
        raise RecordError(path, 0, Problem.NO_SUCH_FILE)
    return path


__all__ = [
    "ENDS",
    "FORMAT",
    "FORMAT_VERSION",
    "MAX_LINE",
    "MODES",
    "NAME_LENGTH",
    "RESUME_LOOKBACK",
    "SUFFIX",
    "TEXT_LENGTH",
    "BadHeader",
    "CannotRead",
    "Fold",
    "Header",
    "NoLongerRecorded",
    "NotWritten",
    "OutOfOrder",
    "Player",
    "Problem",
    "Record",
    "RecordBusy",
    "RecordError",
    "RecordWriter",
    "Resumption",
    "Step",
    "TableDisagrees",
    "TooNew",
    "action_json",
    "find_record",
    "is_busy",
    "latest_cut_off",
    "latest_unfinished",
    "read_record",
    "record_files",
]
