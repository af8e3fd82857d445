"""The history: an SQLite index of every record, for ``spit stats`` and the menu.

The records are the truth and the index can always be rebuilt from them, so a damaged or
foreign database is simply moved aside and made anew. WAL mode and a busy timeout let two
games on one machine write at once.
"""

from __future__ import annotations

import contextlib
import os
import random
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Final, Literal

import msgspec
from msgspec import Meta, Struct

from spit.datafile import BadFile, open_regular
from spit.engine import Variant
from spit.records.analysis import analyse, read_analysed
from spit.records.format import moment
from spit.records.paths import history_path, records_dir
from spit.records.problems import RecordProblem
from spit.records.record import (
    Record,
    RecordError,
    record_files,
)

APPLICATION_ID: Final = 0x53504954  # PRAGMA application_id of spit's history ("SPIT" in ASCII)

BUSY_TIMEOUT: Final = 5.0  # seconds to wait for another spit's write to finish before giving up

MIGRATIONS: Final[tuple[str, ...]] = (
    # 1: one row per record.
    """
    CREATE TABLE matches (
        id INTEGER PRIMARY KEY,
        file TEXT NOT NULL UNIQUE,
        size INTEGER NOT NULL,
        started TEXT NOT NULL,
        mode TEXT NOT NULL,
        variant TEXT NOT NULL,
        player0 TEXT NOT NULL,
        player1 TEXT NOT NULL,
        bot_level TEXT,
        opponent TEXT NOT NULL,
        result TEXT NOT NULL,
        winner INTEGER,
        rounds INTEGER NOT NULL,
        cards0 INTEGER NOT NULL,
        cards1 INTEGER NOT NULL,
        reaction0 REAL,
        reaction1 REAL,
        seconds REAL NOT NULL
    );
    CREATE INDEX matches_started ON matches (started);
    CREATE TABLE unreadable (
        file TEXT PRIMARY KEY,
        size INTEGER NOT NULL,
        error TEXT NOT NULL
    );
    """,
    # 2: each round's length, for the fastest round. Rows indexed before it have no rounds:
    # forget their size so the next sync reads their records again.
    """
    CREATE TABLE rounds (
        match INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
        number INTEGER NOT NULL,
        seconds REAL NOT NULL,
        went_out INTEGER,
        PRIMARY KEY (match, number)
    );
    UPDATE matches SET size = -1;
    """,
    # 3: a player who gave no name is '' (no longer an English "Player 1"): index anew.
    "UPDATE matches SET size = -1",
    # 4: the day of a daily deal (spit daily); no record before it was one.
    "ALTER TABLE matches ADD COLUMN daily TEXT",
)  # schema changes in order: the database's user_version is how many it has had

SCHEMA_VERSION: Final = len(MIGRATIONS)  # the schema this spit writes


class HistoryProblem(Enum):
    """Why there can be no history now."""

    NOT_KEPT = "not-kept"
    """It cannot be opened or made (the directory cannot be written, the disk is full)."""
    NOT_MADE_ANEW = "not-made-anew"
    """It was moved aside, and still a new one could not be made in its place."""
    NOT_UPDATED = "not-updated"  # the database refused a write
    TOO_NEW = "too-new"
    """Its schema is a newer spit's: it is left as it is, for that spit."""


class HistoryUnavailable(Exception):
    """The history cannot be used now: the facts, which ``spit.words.records`` words
    (``str()`` is a language-free form for logs)."""

    def __init__(
        self,
        problem: HistoryProblem,
        path: Path | None,
        error: str | None = None,
        version: int | None = None,
    ) -> None:
        super().__init__(problem, path, error, version)
        self.problem = problem  # what is wrong
        self.path = path  # the database file (None when a write to the open one is refused)
        self.error = error  # the operating system's or SQLite's own message, if there is one
        self.version = version  # HistoryProblem.TOO_NEW: the database's schema.

    def __str__(self) -> str:
        facts = [str(f) for f in (self.path, self.error, self.version) if f is not None]
        return ": ".join([self.problem.value, *facts])


class Aside(Enum):
    """Why a history was moved aside; the value is in the name it is kept under."""

    DAMAGED = "damaged"  # the database is damaged (SQLite cannot read it, or its check fails)
    FOREIGN = "foreign"  # the file is not spit's history (another program's database)


@dataclass(frozen=True, slots=True)
class MovedAside:
    """A notice: the history at ``path`` could not be used, so it was kept as ``aside`` and
    a new one made."""

    why: Aside  # what was wrong with it
    path: Path  # where the history is (the new one now)
    aside: Path  # where the old one is kept


HistoryNotice = MovedAside | HistoryUnavailable
"""What a ``notice`` hears from the history: ``spit.words.records.record_notice`` says it."""

Notice = Callable[[HistoryNotice], None]  # where the history's notices for the player go


Count = Annotated[int, Meta(ge=0)]
Seconds = Annotated[float, Meta(ge=0, le=sys.float_info.max)]


class Row(Struct, frozen=True, array_like=True):
    """One indexed match, as ``spit stats`` reads it (read strictly: a value spit never
    writes is damage)."""

    file: str
    started: str
    mode: Literal["two-player", "bot", "network"]
    variant: Variant
    players: tuple[str | None, str | None]  # None: no name given
    bot_level: str | None
    opponent: str | None  # 'bot:<level>', or seat 1's name (None: no name given)
    result: Literal["won", "lost", "drawn", "unfinished", "abandoned"]  # from seat 0's side
    winner: Literal[0, 1] | None
    rounds: Count
    cards: tuple[Count, Count]
    reactions: tuple[Seconds | None, Seconds | None]
    seconds: Seconds
    daily: str | None = None  # the day of a daily deal, YYYY-MM-DD; None: no daily


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%d-%H%M%S")


class History:
    """The open history database (from :func:`open_history`)."""

    def __init__(self, connection: sqlite3.Connection, path: Path) -> None:
        self._db = connection
        self.path = path  # the database file

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> History:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def index(self, record: Record, size: int | None = None) -> None:
        """Index (or index again) ``record``."""
        if size is None:
            size = record.path.stat().st_size
        header = record.header
        figures = analyse(record)
        outcome = record.outcome
        if outcome is not None:
            result = {None: "drawn", 0: "won", 1: "lost"}[outcome.winner]
        elif record.end == "abandoned":
            result = "abandoned"
        else:
            result = "unfinished"
        level = header.players[1].bot
        opponent = f"bot:{level}" if level else header.players[1].name or ""
        with self._write():
            self._db.execute("DELETE FROM unreadable WHERE file = ?", (record.path.name,))
            self._db.execute("DELETE FROM matches WHERE file = ?", (record.path.name,))
            cursor = self._db.execute(
                "INSERT INTO matches (file, size, started, mode, variant, player0, player1,"
                " bot_level, opponent, result, winner, rounds, cards0, cards1, reaction0,"
                " reaction1, seconds, daily)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    record.path.name,
                    size,
                    header.started,
                    header.mode,
                    header.variant.value,
                    header.players[0].name or "",  # '' for no name (the column is NOT NULL)
                    header.players[1].name or "",
                    level,
                    opponent,
                    result,
                    None if outcome is None else outcome.winner,
                    len(figures.rounds),
                    figures.players[0].played,
                    figures.players[1].played,
                    figures.players[0].median_reaction,
                    figures.players[1].median_reaction,
                    figures.duration,
                    header.daily,
                ),
            )
            self._db.executemany(
                "INSERT INTO rounds (match, number, seconds, went_out) VALUES (?, ?, ?, ?)",
                [(cursor.lastrowid, r.number, r.seconds, r.went_out) for r in figures.rounds],
            )

    def mark_unreadable(self, path: Path, size: int, error: RecordError) -> None:
        """Remember that ``path`` cannot be read, so it is not read again until it changes."""
        with self._write():
            self._db.execute("DELETE FROM matches WHERE file = ?", (path.name,))
            self._db.execute(
                "INSERT OR REPLACE INTO unreadable (file, size, error) VALUES (?, ?, ?)",
                (path.name, size, _error_json(error)),
            )

    def sync(self, directory: Path | None = None) -> int:
        """Index every record in ``directory`` that is new or has grown, forget deleted ones,
        and say how many were read."""
        directory = records_dir() if directory is None else directory
        with _reading():
            known = dict(self._db.execute("SELECT file, size FROM matches"))
            for file, size, error in self._db.execute("SELECT file, size, error FROM unreadable"):
                # A row from before errors were kept as facts (a sentence) is read again.
                known[file] = size if _error_from_json(error) is not None else -1
        present = set()
        read = 0
        for path in record_files(directory):
            present.add(path.name)
            try:
                size = path.stat().st_size
            except OSError:
                continue
            if known.get(path.name) == size:
                continue
            read += 1
            try:
                # One pass: read and replayed entry by entry, the figures gathered on the way.
                self.index(read_analysed(path), size)
            except RecordError as error:
                self.mark_unreadable(path, size, error)
        gone = [name for name in known if name not in present]
        if gone:
            with self._write():
                for name in gone:
                    self._db.execute("DELETE FROM matches WHERE file = ?", (name,))
                    self._db.execute("DELETE FROM unreadable WHERE file = ?", (name,))
        return read

    @contextlib.contextmanager
    def _write(self) -> Iterator[None]:
        try:
            with self._db:  # one transaction: committed on success, rolled back on error
                yield
        except sqlite3.OperationalError as error:
            raise HistoryUnavailable(HistoryProblem.NOT_UPDATED, None, str(error)) from None

    def rows(self) -> list[Row]:
        """Every indexed match, oldest first; HistoryDamaged for a row spit never writes (the
        check on opening cannot see those)."""
        with _reading():
            cursor = self._db.execute(
                "SELECT file, started, mode, variant, player0, player1, bot_level, opponent,"
                " result, winner, rounds, cards0, cards1, reaction0, reaction1, seconds, daily"
                " FROM matches ORDER BY started, file"
            )
            return [_row(r) for r in cursor]

    def rounds(self) -> list[tuple[str, str, int, float, int | None]]:
        """Every round of every match: (file, started, number, seconds, who went out)."""
        with _reading():
            cursor = self._db.execute(
                "SELECT m.file, m.started, r.number, r.seconds, r.went_out"
                " FROM rounds r JOIN matches m ON m.id = r.match ORDER BY m.started, r.number"
            )
            return [_round(r) for r in cursor]

    def unreadable(self) -> list[tuple[str, RecordError]]:
        """Records that could not be read: (file, why). A row kept before errors were kept
        as facts is left out: the next :meth:`sync` reads its record again."""
        with _reading():
            rows = list(self._db.execute("SELECT file, error FROM unreadable ORDER BY file"))
        errors = ((file, _error_from_json(error)) for file, error in rows)
        return [(file, error) for file, error in errors if error is not None]

    def contents(self) -> Contents:
        return Contents(self.rows(), self.rounds(), self.unreadable())


class HistoryDamaged(Exception):
    """Reading the history met what spit never writes, though SQLite's check said ok."""


@dataclass(frozen=True, slots=True)
class Contents:
    """The whole history, as ``spit stats`` reads it."""

    rows: list[Row]  # every indexed match, oldest first
    rounds: list[tuple[str, str, int, float, int | None]]
    """Every round: (file, started, number, seconds, who went out)."""
    unreadable: list[tuple[str, RecordError]]  # records that could not be read, and why


@contextlib.contextmanager
def _reading() -> Iterator[None]:
    """Reading the database: a cell SQLite cannot decode, or a value spit never writes,
    is damage; a lock held too long is not (the history is busy, not broken)."""
    try:
        yield
    except sqlite3.OperationalError as error:
        if "locked" in str(error) or "busy" in str(error):
            raise HistoryUnavailable(HistoryProblem.NOT_UPDATED, None, str(error)) from None
        raise HistoryDamaged(str(error)) from None
    except (sqlite3.DatabaseError, ValueError, TypeError, AttributeError) as error:
        raise HistoryDamaged(str(error)) from None


def _row(r: tuple[Any, ...]) -> Row:
    """A ``matches`` row as spit wrote it; ValueError for any value spit never writes."""
    moment(r[1])
    players, opponent = (r[4] or None, r[5] or None), r[7] or None
    return msgspec.convert(
        [*r[:4], players, r[6], opponent, *r[8:11], r[11:13], r[13:15], *r[15:]], Row
    )


def _round(r: tuple[Any, ...]) -> tuple[str, str, int, float, int | None]:
    return msgspec.convert(r, tuple[str, str, Count, Seconds, Literal[0, 1] | None])


def open_history(path: Path | None = None, *, notice: Notice | None = None) -> History:
    """Open (making or migrating as needed) the history database at ``path``: a damaged or
    foreign file is moved aside (``notice`` is told where) and made anew; HistoryUnavailable
    if there can be no history now."""
    path = history_path() if path is None else path
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise _unavailable(path, error) from None
    for attempt in range(2):
        try:
            return _open(path)
        except _MoveAside as moving:
            if attempt:
                break
            try:
                aside = _move_aside(path, moving.why.value)
            except FileNotFoundError:
                continue  # another spit moved it aside first and is making the new one
            except OSError as error:
                raise _unavailable(path, error) from None
            if notice is not None:
                notice(MovedAside(moving.why, path, aside))
        except (sqlite3.Error, OSError) as error:
            raise _unavailable(path, error) from None
    raise HistoryUnavailable(HistoryProblem.NOT_MADE_ANEW, path)


def _unavailable(path: Path, error: OSError | sqlite3.Error) -> HistoryUnavailable:
    said = (error.strerror if isinstance(error, OSError) else None) or str(error)
    return HistoryUnavailable(HistoryProblem.NOT_KEPT, path, said)


class _MoveAside(Exception):
    def __init__(self, why: Aside) -> None:
        super().__init__(why)
        self.why = why


MAX_HISTORY: Final = 1 << 30
"""The largest history opened, in bytes (far past any player's years of matches): a larger
file is not spit's history, moved aside as a foreign one."""


def _open(path: Path) -> History:
    try:  # SQLite would follow a link, and wait on a named pipe for ever
        open_regular(path, MAX_HISTORY).close()
    except FileNotFoundError:
        pass  # made now
    except BadFile:
        raise _MoveAside(Aside.FOREIGN) from None
    db = sqlite3.connect(path, timeout=BUSY_TIMEOUT, isolation_level=None)
    try:
        try:
            # One snapshot for all three: another spit may be making this file right now,
            # and its tables seen without its mark would look like someone else's database.
            db.execute("BEGIN")
            try:
                app_id = db.execute("PRAGMA application_id").fetchone()[0]
                tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                if tables and app_id == APPLICATION_ID:
                    check = db.execute("PRAGMA quick_check(1)").fetchone()[0]
                    if check != "ok":
                        raise sqlite3.DatabaseError(check)
            finally:
                if db.in_transaction:
                    db.execute("ROLLBACK")
        except sqlite3.DatabaseError as error:
            if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
                raise
            raise _MoveAside(Aside.DAMAGED) from None
        if app_id != APPLICATION_ID and (app_id != 0 or tables):
            raise _MoveAside(Aside.FOREIGN)
        _write_ahead(db)
        db.execute("PRAGMA foreign_keys = ON")
        _migrate(db, path)
        db.isolation_level = "DEFERRED"  # from here on, `with db:` makes transactions
        return History(db, path)
    except BaseException:
        db.close()
        raise


def _write_ahead(db: sqlite3.Connection) -> None:
    """Put the database in WAL mode, trying again while another spit holds it: two spits
    asking at once would deadlock, so SQLite refuses one at once ("locked") without its busy
    handler."""
    deadline = time.monotonic() + BUSY_TIMEOUT
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
        time.sleep(random.uniform(0.005, 0.05))  # apart, so the two do not meet again


def _migrate(db: sqlite3.Connection, path: Path) -> None:
    version = db.execute("PRAGMA user_version").fetchone()[0]
    if version == SCHEMA_VERSION:
        return
    if version > SCHEMA_VERSION:
        raise HistoryUnavailable(HistoryProblem.TOO_NEW, path, version=version)
    db.execute("BEGIN IMMEDIATE")  # another spit migrating at once waits, then finds it done
    try:
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for number in range(version, SCHEMA_VERSION):
            for statement in MIGRATIONS[number].split(";"):
                if statement.strip():
                    db.execute(statement)
        db.execute(f"PRAGMA user_version = {max(version, SCHEMA_VERSION)}")
        db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def _move_aside(path: Path, why: str) -> Path:
    aside = path.with_name(f"{path.name}.{why}-{_stamp()}")
    n = 1
    while aside.exists():
        n += 1
        aside = path.with_name(f"{path.name}.{why}-{_stamp()}-{n}")
    os.replace(path, aside)
    for extra in ("-wal", "-shm"):  # a damaged database's journal belongs to it, not the next
        side = path.with_name(path.name + extra)
        if side.exists():
            with contextlib.suppress(OSError):
                os.replace(side, aside.with_name(aside.name + extra))
    return aside


class _Kept(Struct):
    """A record's error as the history keeps it: facts, no sentence, so that ``spit stats``
    says it in its own language."""

    path: str
    line: int
    problem: RecordProblem


def _error_json(error: RecordError) -> str:
    return msgspec.json.encode(_Kept(str(error.path), error.line, error.problem)).decode()


def _error_from_json(text: str) -> RecordError | None:
    """The error :func:`_error_json` kept; None for an older spit's sentence or form."""
    try:
        kept = msgspec.json.decode(text, type=_Kept)
    except msgspec.DecodeError:
        return None
    return RecordError(Path(kept.path), kept.line, kept.problem)


def read_history(
    path: Path | None = None, directory: Path | None = None, *, notice: Notice | None = None
) -> Contents:
    """The history brought up to date with the records in ``directory``, and read whole.

    One found damaged in reading is moved aside and made anew; one that cannot be used now
    is told to ``notice`` and the records indexed in memory: the figures are shown either way.
    """
    path = history_path() if path is None else path
    for attempt in range(2):
        try:
            with open_history(path, notice=notice) as history:
                history.sync(directory)
                return history.contents()
        except HistoryUnavailable as error:
            if notice is not None:
                notice(error)
            break
        except HistoryDamaged:
            if attempt:
                break  # damaged again as soon as made: the records alone, in memory
            try:
                aside = _move_aside(path, Aside.DAMAGED.value)
            except OSError as error:
                if notice is not None:
                    notice(_unavailable(path, error))
                break
            if notice is not None:
                notice(MovedAside(Aside.DAMAGED, path, aside))
    with open_history(Path(":memory:")) as history:
        history.sync(directory)
        return history.contents()


def index_record(record: Record, *, notice: Notice | None = None) -> None:
    """Index one record in the history, telling ``notice`` (once) if it cannot be done."""
    try:
        with open_history(notice=notice) as history:
            history.index(record)
    except HistoryUnavailable as error:
        if notice is not None:
            notice(error)
    except (OSError, sqlite3.Error) as error:
        if notice is not None:
            notice(_unavailable(history_path(), error))
