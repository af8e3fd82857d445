"""Writing match records (one JSON Lines file per match, as it is played) and finding them.

One whole line per entry, in one ``os.write``, so a process killed at any moment loses at
most the entry being written: a torn last line ends an unfinished record, it is no corruption.
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

from spit.datafile import open_regular
from spit.engine import Action, Outcome, Result, RoundSettled
from spit.engine.notation import KINDS, reason_text

# The format, its reader and its problems are named here too (``X as X``): a record's
# importers need this module only.
from spit.records.format import FORMAT_VERSION as FORMAT_VERSION
from spit.records.format import SUFFIX, now_text
from spit.records.format import Header as Header
from spit.records.format import Step as Step
from spit.records.format import action_json as action_json
from spit.records.paths import records_dir
from spit.records.players import Player as Player
from spit.records.problems import CannotRead as CannotRead
from spit.records.problems import NoLongerRecorded as NoLongerRecorded
from spit.records.problems import NotWritten
from spit.records.problems import OutOfOrder as OutOfOrder
from spit.records.problems import Problem as Problem
from spit.records.problems import RecordBusy as RecordBusy
from spit.records.problems import RecordError as RecordError
from spit.records.problems import TableDisagrees as TableDisagrees
from spit.records.problems import TooNew as TooNew
from spit.records.reading import MAX_LINE as MAX_LINE
from spit.records.reading import MAX_RECORD, read_header, whole_lines
from spit.records.reading import Record as Record
from spit.records.reading import read_record as read_record

try:  # advisory locks keep two spits from writing one record; Windows has none of these
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms CI runs
    fcntl = None  # type: ignore[assignment]  # no such module: locks are skipped


# -- writing -----------------------------------------------------------------------------


class RecordWriter:
    """Appends a match's entries to its record as they happen; stops quietly if it cannot.

    ``fsync`` comes at the end of each round (the first syncs the directory too, so the name
    survives) and at close: a power cut loses at most the round being played, a crash nothing.
    A writer that ``holds`` (a server's, one thread for every room) keeps entries until
    :meth:`flush`, which the server calls before the frames that tell players of them, so a
    killed server loses only actions nobody heard of; its syncs run on :class:`_Syncer`'s
    thread, so no room waits for the disk. A failed write never interrupts the game: the
    writer stops and tells ``on_failure`` once why.
    """

    def __init__(
        self,
        path: Path,
        fd: int,
        line: int,
        on_failure: Callable[[NoLongerRecorded], None] | None = None,
    ) -> None:
        self.path = path
        self.failure: NoLongerRecorded | None = None
        self.on_failure = on_failure
        self._fd: int | None = fd
        self._line = line
        self._named = False  # whether the directory has been synced since the file was made
        self.holds = False
        self._held: list[bytes] = []

    @classmethod
    def create(
        cls,
        header: Header,
        directory: Path | None = None,
        *,
        on_failure: Callable[[NoLongerRecorded], None] | None = None,
    ) -> RecordWriter:
        """Begin a new record, under a new name created exclusively (never replacing a file)."""
        directory = records_dir() if directory is None else directory
        directory.mkdir(parents=True, exist_ok=True)
        if not header.started:
            header = msgspec.structs.replace(header, started=now_text())
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
            _write_all(fd, _encode(header) + b"\n")
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
        """Go on writing ``record`` (read just now) after a ``resumed`` entry, its torn last
        line cut off (it never held a whole entry). RecordBusy if another spit writes it."""
        writer = cls._reopen(record, on_failure)
        writer._write({"resumed": now_text(), "at": record.last_at}, sync=True)
        if writer.failure is not None:
            raise NotWritten(writer.failure)
        return writer

    @classmethod
    def give_up(cls, record: Record) -> None:
        """End the unfinished ``record`` as abandoned, so it is not offered again."""
        writer = cls._reopen(record, None)
        writer.abandon()
        if writer.failure is not None:
            raise NotWritten(writer.failure)

    @classmethod
    def abandon_left(cls, path: Path, seed: int | None = None) -> bool:
        """End as abandoned the record ``path`` that a dead process (a server's worker) left
        without its end; False if it has one or another process writes it."""
        writer = None if _has_end(path) else cls._take(path, None)
        if writer is None:
            return False
        writer.abandon(seed=seed)
        return writer.failure is None

    @classmethod
    def _reopen(
        cls, record: Record, on_failure: Callable[[NoLongerRecorded], None] | None
    ) -> RecordWriter:
        if not record.unfinished:
            raise RecordError(record.path, record.lines, Problem.OVER)
        writer = cls._take(record.path, on_failure, (record.lines, record.whole))
        if writer is None:
            raise RecordBusy(record.path, record.lines, Problem.BUSY)
        return writer

    @classmethod
    def _take(
        cls,
        path: Path,
        on_failure: Callable[[NoLongerRecorded], None] | None,
        read: tuple[int, int] | None = None,
    ) -> RecordWriter | None:
        """A writer appending to ``path`` after its whole lines (a torn last one cut off); None
        if another spit holds it; RecordBusy if it has grown since it was ``read``."""
        fd = os.open(path, os.O_RDWR | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0))
        try:
            if not _lock(fd):
                os.close(fd)
                return None
            # Nothing but appending ever changes a record: the same whole lines, as many
            # bytes of them, is the record as read (counted a chunk at a time, not replayed).
            lines, whole = whole_lines(fd)
            if read is not None and (lines, whole) != read:
                raise RecordBusy(path, read[0], Problem.CHANGED)
            if whole < os.fstat(fd).st_size:
                os.ftruncate(fd, whole)
            os.lseek(fd, 0, os.SEEK_END)
        except BaseException:
            os.close(fd)
            raise
        return cls(path, fd, lines + 1, on_failure)

    @property
    def recording(self) -> bool:
        return self._fd is not None

    def action(self, action: Action, at: float, result: Result) -> None:
        if self._fd is None:
            return
        refusal = result.refusal
        line = _ActionLine(
            n=self._line,
            at=at,
            do=KINDS[type(action)],
            p=action.player,
            stock=getattr(action, "stock", None),
            pile=getattr(action, "pile", None),
            ok=refusal is None,
            why=None if refusal is None else reason_text(refusal.reason),
        )
        settled = refusal is None and RoundSettled in map(type, result.events)
        self._put(_encode(line) + b"\n", sync=settled)

    def left_out(self, player: int, count: int, at: float) -> None:
        """Append that ``count`` refused actions of ``player`` were left out up to ``at`` (a
        server's record under a flood)."""
        self._write({"at": at, "p": player, "left_out": count})

    def over(self, outcome: Outcome, *, seed: int | None = None) -> None:
        """Append the result and close; ``seed`` unseals a sealed record."""
        entry = {"end": "over", "winner": outcome.winner, "scores": list(outcome.scores)}
        self._write(_unsealing(entry, seed), sync=True)
        self.close()

    def abandon(self, *, seed: int | None = None) -> None:
        """Append that the players gave the match up, and close; ``seed`` unseals."""
        self._write(_unsealing({"end": "abandoned"}, seed), sync=True)
        self.close()

    def close(self) -> None:
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
        held, self._held = self._held, []
        fd = self._fd
        if fd is None or not held:
            return
        try:
            _write_all(fd, b"".join(held))
        except OSError as error:
            self._fail(error)

    def _write(self, entry: dict[str, Any], *, sync: bool = False) -> None:
        if self._fd is not None:
            self._put(_line({"n": self._line, **entry}), sync=sync)

    def _put(self, line: bytes, *, sync: bool) -> None:
        """Write (or hold) ``line``, the entry numbered ``self._line``."""
        fd = self._fd
        assert fd is not None
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


def _unsealing(entry: dict[str, Any], seed: int | None) -> dict[str, Any]:
    return entry if seed is None else {**entry, "seed": seed}


_encode = msgspec.json.Encoder().encode
"""Compact JSON in UTF-8, made in C: a server writes a line per action, and json.dumps was
6 % of its time per action. A newline in a name is escaped: one entry is one line."""


class _ActionLine(msgspec.Struct, kw_only=True, omit_defaults=True):
    """An action's line, in the notation's order (:func:`action_json`), without a dict per
    action: the server writes one a move. A field left None is not written."""

    n: int
    at: float
    do: str
    p: int
    stock: int | None = None
    pile: int | None = None
    ok: bool
    why: str | None = None


def _line(entry: dict[str, Any]) -> bytes:
    return _encode(entry) + b"\n"


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _lock(fd: int) -> bool:
    """False if another process holds the record's lock."""
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
        with open_regular(path, MAX_RECORD) as file:  # closing it lets go of the lock taken
            return not _lock(file.fileno())
    except OSError:
        return False


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


def record_files(directory: Path | None = None) -> list[Path]:
    """Every record file, newest first (the names begin with the start time)."""
    directory = records_dir() if directory is None else directory
    try:
        with os.scandir(directory) as entries:  # a link is no record spit wrote: not listed
            names = [
                e.name
                for e in entries
                if e.name.endswith(SUFFIX) and e.is_file(follow_symlinks=False)
            ]
    except OSError:
        return []
    return [directory / name for name in sorted(names, reverse=True)]


_TAIL: Final = 4096  # bytes read from a record's end to tell whether it has an end entry

RESUME_LOOKBACK: Final = 50  # how many of the newest records are looked at for a match to resume


def _has_end(path: Path) -> bool:
    try:
        with open_regular(path, MAX_RECORD) as file:
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
    Only the newest :data:`RESUME_LOOKBACK` are looked at, so a start stays quick."""
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
    """The newest unfinished record if it is a networked match whose server stopped before
    its end: it cannot go on (its room went with the server) and its seed stays sealed."""
    for path in record_files(directory)[:RESUME_LOOKBACK]:
        if _has_end(path) or is_busy(path):
            continue
        try:
            with open_regular(path, MAX_RECORD) as file:
                header = read_header(path, file.readline(_FIRST_LINE).rstrip(b"\n"))
        except (OSError, RecordError):
            continue
        return (path, header) if header.sealed else None
    return None


_FIRST_LINE: Final = 65536  # the most of a record's first line latest_cut_off reads for its header


def find_record(which: str, directory: Path | None = None) -> Path:
    """The file ``which`` names: "last" for the newest record, else a path or a file name."""
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
