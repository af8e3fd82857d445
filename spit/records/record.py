"""The match record: one JSON Lines file per match, written as it is played, read back by replay.

The first line is the header (format version, seed, variant, settings, players); every later
line is one entry, numbered by its line: an action that reached the engine with its game time
and the engine's verdict, a resumption, or the end. ``docs/records.md`` is the full format.

Writing appends one whole line per entry with a single ``os.write`` and no buffer in between,
so the process dying at any moment (``kill -9`` included) loses at most the entry being
written: a torn last line is how an unfinished record normally ends, not corruption.
Reading replays every action through the engine and checks each verdict, so a record that was
edited, cut in the middle or written by a newer spit is refused with one line naming the file
and the line. Nothing here ever rewrites or truncates what a record says.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import queue
import secrets
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, BinaryIO, Final, Protocol

from spit import __version__
from spit.bot.levels import BOT_CHOICES
from spit.engine import (
    LOCKOUT_RANGE,
    PLAYERS,
    TOO_LATE_RANGE,
    Action,
    Match,
    Outcome,
    Reason,
    Result,
    RoundSettled,
    Settings,
    Variant,
)
from spit.engine.notation import action_dict, parse_action, parse_reason, reason_text
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

try:  # advisory locks keep two spits from writing one record; Windows has none of these
    import fcntl
except ImportError:  # pragma: no cover - not on the platforms CI runs
    fcntl = None  # type: ignore[assignment]

FORMAT: Final = "spit match"
"""The header's ``record`` value: what tells a record from any other JSON Lines file."""

FORMAT_VERSION: Final = 3
"""The record format this spit writes, and the newest it reads. Format 3 adds the
``left_out`` entry (refusals a server counted but did not write); format 2 spelled reasons
as the notation does; each older format reads as before."""

SUFFIX: Final = ".jsonl"
"""Record files end in this."""

MODES: Final = ("two-player", "bot", "network")
"""Who played: two people on one keyboard, a person against the bot, or over the network."""

ENDS: Final = ("over", "abandoned")
"""How a record may end: the match was decided, or the players gave it up."""

NAME_LENGTH: Final = 64
"""The longest player's name a header may give: more than any spit takes (20 in a config,
24 over the network); a name is also printable and not empty, as a config's must be."""

TEXT_LENGTH: Final = 64
"""The longest version or time of day a record may give."""

_ACTION_KEYS: Final = ("do", "p", "stock", "pile")
"""An entry's keys that are its action's, in the notation (:mod:`spit.engine.notation`)."""
_ALREADY_READY_BEFORE: Final = frozenset({Reason.BEFORE_SPIT, Reason.STUCK})
"""What records written before the engine said "already ready" itself (to a card moved by
a player who had pressed spit) wrote instead: the same refusal, read as it is now."""


# -- the header --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Player:
    """Who sat in a seat."""

    name: str
    """The name the player gave (or the default one)."""
    bot: str | None = None
    """The bot's level if the bot played this seat; None for a person."""


@dataclass(frozen=True, slots=True)
class Header:
    """What a match started with: everything needed to deal it again."""

    seed: int | None
    """The shuffle seed: ``Match.new(seed, ...)`` deals the same cards. None in a *sealed*
    header: a networked match's record keeps its seed in its end entry, so that the deal
    is not on the hosting player's disk while the match is played (see :meth:`sealed`)."""
    mode: str
    """One of :data:`MODES`."""
    players: tuple[Player, Player]
    """Seat 0 (the bottom, left spit pile) and seat 1."""
    variant: Variant = Variant.STANDARD
    """How the match is won."""
    settings: Settings = field(default_factory=Settings)
    """The timing rules (lockout, "too late" window)."""
    target: int = 100
    """Points variant: the total that ends the match."""
    started: str = ""
    """When the match began, ISO 8601 in UTC (filled in when the record is created)."""
    spit: str = __version__
    """The version of spit that began the record."""
    version: int = FORMAT_VERSION
    """The record format."""

    @property
    def sealed(self) -> bool:
        """Whether the seed waits in the end entry (networked matches)."""
        return self.seed is None

    def new_match(self) -> Match:
        """The match as it was dealt, before any action."""
        if self.seed is None:
            raise ValueError("a sealed header has no seed: it is in the record's end")
        return Match.new(
            self.seed, variant=self.variant, settings=self.settings, target=self.target
        )

    def to_json(self) -> dict[str, Any]:
        """The header line's fields."""
        return {
            "record": FORMAT,
            "version": self.version,
            "spit": self.spit,
            "started": self.started,
            "seed": self.seed,
            "mode": self.mode,
            "variant": self.variant.value,
            "target": self.target,
            "settings": {"lockout": self.settings.lockout, "too_late": self.settings.too_late},
            "players": [
                {"name": p.name} if p.bot is None else {"name": p.name, "bot": p.bot}
                for p in self.players
            ],
        }

    @classmethod
    def from_json(cls, data: object) -> Header:
        """The header from its line; BadHeader (a ValueError, with the problem) if it is not one."""
        if not isinstance(data, dict) or data.get("record") != FORMAT:
            raise BadHeader(Problem.NOT_A_RECORD)
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise BadHeader(Problem.BAD_VERSION)
        if version > FORMAT_VERSION:
            raise BadHeader(TooNew(version=version, known=FORMAT_VERSION))
        try:
            settings = data["settings"]
            players = data["players"]
            if len(players) != len(PLAYERS):
                raise ValueError
            # Checked as strictly as a config: a value spit never writes is an edited file,
            # refused here in one line rather than met later as a crash in the game.
            header = cls(
                seed=None if data["seed"] is None else _int(data["seed"]),
                mode=_choice(data["mode"], MODES),
                players=(_player(players[0]), _player(players[1])),
                variant=Variant(data["variant"]),
                settings=Settings(
                    lockout=_seconds(settings["lockout"], LOCKOUT_RANGE),
                    too_late=_seconds(settings["too_late"], TOO_LATE_RANGE),
                ),
                target=_positive(data["target"]),
                started=_moment(data["started"]),
                spit=_text(data.get("spit", "")),
                version=version,
            )
        except (KeyError, TypeError, ValueError, IndexError):
            raise BadHeader(Problem.BAD_HEADER) from None
        return header


def _int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError
    return value


def _positive(value: object) -> int:
    number = _int(value)
    if number < 1:
        raise ValueError
    return number


def _number(value: object) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool):
        raise ValueError
    return float(value)


def _seconds(value: object, within: tuple[float, float]) -> float:
    """A timing rule's seconds, within its range (NaN is within none)."""
    seconds = _number(value)
    low, high = within
    if not low <= seconds <= high:
        raise ValueError
    return seconds


def _time(value: object) -> float:
    """An entry's game time: a finite number of seconds from the deal, never before it.
    An infinite one read as valid (the table refuses it too) and then failed the write of
    the ``resumed`` entry, as JSON has no Infinity."""
    at = _number(value)
    if not math.isfinite(at) or at < 0:
        raise ValueError
    return at


def _text(value: object) -> str:
    """A short line of text a terminal shows as it is (no control character)."""
    if not isinstance(value, str) or len(value) > TEXT_LENGTH or not value.isprintable():
        raise ValueError
    return value


def _moment(value: object) -> str:
    """A wall-clock time, ISO 8601 (``2026-11-02T10:00:00Z``), as :func:`_now` writes it."""
    text = _text(value)
    datetime.fromisoformat(text.replace("Z", "+00:00"))  # a ValueError if it is none
    return text


def _choice(value: object, choices: tuple[str, ...]) -> str:
    if value not in choices:
        raise ValueError
    return str(value)


def _player(data: object) -> Player:
    if not isinstance(data, dict):
        raise ValueError
    name = data.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > NAME_LENGTH:
        raise ValueError
    if not name.isprintable():  # it is shown on a terminal: no escape sequence in it
        raise ValueError
    bot = data.get("bot")
    if bot is not None and bot not in BOT_CHOICES:
        raise ValueError
    return Player(name, bot)


# -- entries -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One action that reached the engine, when, and what the engine said."""

    line: int
    """Its line in the record."""
    at: float
    """The game time it was applied at (seconds of play, pauses left out)."""
    action: Action
    """What the player did."""
    reason: Reason | None
    """Why the engine refused it; None if it was accepted."""

    @property
    def ok(self) -> bool:
        """Whether the engine accepted it."""
        return self.reason is None


@dataclass(frozen=True, slots=True)
class Resumption:
    """Where play went on after the match had stopped (a crash, or a kept match)."""

    line: int
    """Its line in the record."""
    at: float
    """The game time play went on from."""
    when: str
    """The wall-clock time it went on, ISO 8601 in UTC."""


def action_json(action: Action) -> dict[str, object]:
    """An action's fields in a record line: the notation's form, with its player."""
    return action_dict(action)


def _action(entry: dict[str, Any]) -> Action:
    """The action an entry holds, read by the one notation (NotationError is a ValueError).

    A record holds a few dozen different actions many times over: each is read once and
    the same (frozen) action is given again, which is quicker and lets a replay's steps
    share them. The key holds each value's type, so ``1``, ``1.0`` and ``true`` stay apart."""
    fields = {key: entry[key] for key in _ACTION_KEYS if key in entry}
    try:
        key = tuple((name, type(value), value) for name, value in fields.items())
        return _parsed(key)
    except TypeError:  # a value that is a list or a dict: no key, and no action either
        return parse_action(fields)


@functools.lru_cache(maxsize=256)
def _parsed(key: tuple[tuple[str, type, object], ...]) -> Action:
    return parse_action({name: value for name, _, value in key})


def _why(reason: Reason) -> str:
    """A refusal's reason in the notation's one spelling (``does-not-fit``), from format 2
    on: an older spit refuses such a record in one line ("written by a newer spit") rather
    than misreading it. Format 1 records spelled it ``does_not_fit``;
    :func:`~spit.engine.notation.parse_reason` reads both, so they stay readable."""
    return reason_text(reason)


def _now() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


# -- reading -----------------------------------------------------------------------------


class Fold(Protocol):
    """What is gathered from a record as it is read (:func:`read_record`'s ``fold``): told
    of the match as dealt, then of every step with the engine's verdict and the table after
    it, so that figures need neither a list of every step nor a second replay."""

    def begin(self, match: Match) -> None:
        """The match as dealt, before the first step."""

    def step(self, step: Step, result: Result, match: Match) -> None:
        """``step`` was applied again: ``result`` is the engine's verdict, ``match`` the
        table after it."""


@dataclass(slots=True)
class Record:
    """A record read back and replayed: what was played, and the table it left."""

    path: Path
    """The file."""
    header: Header
    """How the match began."""
    steps: list[Step] | None
    """Every action that reached the engine, in order; None when it was read without them
    (``read_record(path, steps=False)``: counting, resuming)."""
    resumptions: list[Resumption] | None
    """Every time play went on after a stop; None when read without the steps."""
    end: str | None
    """"over" or "abandoned" from the record's last entry; None if it has none."""
    match: Match
    """The table after the last action: the engine replayed every step to get here."""
    lines: int
    """Whole lines in the file (the header included)."""
    torn: bool
    """The last line was cut off while being written (the process died mid-write)."""
    actions: int = 0
    """How many actions it holds."""
    last_at: float = 0.0
    """The game time of the last action or resumption (0 before any)."""
    whole: int = 0
    """Bytes of whole lines: where a torn last line begins (the file's size if none is)."""
    analysis: Any = None
    """The figures gathered as it was read, when asked for
    (:func:`spit.records.analysis.read_analysed`); None otherwise."""
    left_out: list[int] = field(default_factory=lambda: [0, 0])
    """Refused actions of each player not written, only counted (``left_out`` entries: a
    server leaves out refusals past a rate, none of which changed the table)."""

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
        """How the match ended, if it was decided."""
        return self.match.outcome


MAX_LINE: Final = 1 << 16
"""The longest line read as an entry or a header (64 KiB; spit writes lines of a few hundred
bytes at most). A longer one is not read into memory: it is cut (a bad line) if more lines
follow, and a torn last line if none does."""

_CHUNK: Final = 1 << 20
"""Bytes read at a time when only newlines are counted."""


def read_record(path: Path, *, steps: bool = True, fold: Fold | None = None) -> Record:
    """Read and replay ``path``; RecordError (one line: file, line, problem) if it is unusable.

    The file is read line by line and each entry replayed as it is read, so memory does not
    grow with the record: with ``steps=False`` nothing is kept of the entries but the table
    they lead to (resuming, counting), and ``fold`` gathers whatever else is wanted. A torn
    last line is not an error: it is the entry the process was writing when it died.
    """
    try:
        with path.open("rb") as file:
            return _read(path, file, steps=steps, fold=fold)
    except OSError as error:
        raise RecordError(path, 0, CannotRead(error.strerror or str(error))) from None


class _Lines:
    """A record file's whole lines, one at a time, in bounded memory; ``torn`` once done."""

    def __init__(self, file: BinaryIO) -> None:
        self.file = file
        self.torn = False
        """The file ends in a line with no newline (the entry being written when it died)."""
        self.whole = 0
        """Bytes of whole lines read so far."""

    def __iter__(self) -> Iterator[bytes | None]:
        """Each whole line without its newline; None for one longer than :data:`MAX_LINE`."""
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


def _read(path: Path, file: BinaryIO, *, steps: bool, fold: Fold | None) -> Record:
    lines = _Lines(file)
    each = iter(lines)
    first = next(each, None)
    if lines.whole == 0:
        raise RecordError(path, 1, Problem.EMPTY)
    header = _header(path, b"" if first is None else first)
    if header.sealed:
        header = _unseal(path, header, file)
    match = header.new_match()
    kept = [] if steps else None
    record = Record(path, header, kept, [] if steps else None, None, match, 1, False)
    if fold is not None:
        fold.begin(match)
    number = 1
    for raw in each:
        number += 1
        _entry(record, number, raw, fold)
    record.lines = number
    record.torn = lines.torn
    record.whole = lines.whole
    return record


def _unseal(path: Path, header: Header, file: BinaryIO) -> Header:
    """The header with the seed its record's end entry gives (a sealed, networked record).

    The last whole line is found by counting newlines, a chunk at a time; the file is left
    at the start of the second line, where it was."""
    from dataclasses import replace

    here = file.tell()
    file.seek(0)
    last, offset, end, before = 0, 0, -1, -1  # lines; bytes read; the last two newlines
    while chunk := file.read(_CHUNK):
        count = chunk.count(b"\n")
        if count:
            last += count
            at = chunk.rfind(b"\n")
            before = offset + chunk.rfind(b"\n", 0, at) if count > 1 else end
            end = offset + at
        offset += len(chunk)
    raw = b""
    if last > 1 and end - before - 1 <= MAX_LINE:
        file.seek(before + 1)
        raw = file.read(end - before - 1)
    file.seek(here)
    try:
        entry = json.loads(raw) if raw else {}
        seed = entry["seed"] if isinstance(entry, dict) and "end" in entry else None
    except (ValueError, UnicodeDecodeError, KeyError):
        seed = None
    if seed is None:
        raise RecordError(
            path,
            last,
            Problem.SEALED,
        )
    try:
        return replace(header, seed=_int(seed))
    except ValueError:
        raise RecordError(path, last, Problem.BAD_VALUE) from None


_decode: Final = json.JSONDecoder().decode
"""``json.loads`` without its guessing at the encoding (a record is UTF-8, written ASCII)."""


def _header(path: Path, raw: bytes) -> Header:
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError):
        raise RecordError(path, 1, Problem.NOT_A_RECORD) from None
    try:
        return Header.from_json(data)
    except BadHeader as error:
        raise RecordError(path, 1, error.problem) from None


def _entry(record: Record, number: int, raw: bytes | None, fold: Fold | None) -> None:
    path = record.path
    try:
        if raw is None:  # longer than any entry: not one
            raise ValueError
        entry = _decode(raw.decode("utf-8-sig"))
        if not isinstance(entry, dict):
            raise ValueError
    except (ValueError, UnicodeDecodeError):
        raise RecordError(path, number, Problem.CUT) from None
    if entry.get("n") != number:
        raise RecordError(
            path,
            number,
            OutOfOrder(found=entry.get("n"), expected=number),
        )
    if record.end is not None:
        raise RecordError(path, number, Problem.AFTER_THE_END)
    try:
        if "end" in entry:
            _end(record, number, entry)
        elif "resumed" in entry:
            at = _time(entry["at"])
            _check_time(record, number, at)
            resumption = Resumption(number, at, _moment(entry["resumed"]))
            if record.resumptions is not None:
                record.resumptions.append(resumption)
            record.last_at = at
        elif "left_out" in entry:
            _left_out(record, number, entry)
        else:
            _step(record, number, entry, fold)
    except RecordError:
        raise
    except (KeyError, TypeError, ValueError):
        raise RecordError(path, number, Problem.BAD_VALUE) from None


def _left_out(record: Record, number: int, entry: dict[str, Any]) -> None:
    if set(entry) != {"n", "at", "p", "left_out"}:
        raise ValueError
    at = _time(entry["at"])
    player, count = _int(entry["p"]), _positive(entry["left_out"])
    if player not in PLAYERS:
        raise ValueError
    _check_time(record, number, at)
    record.left_out[player] += count


def _check_time(record: Record, number: int, at: float) -> None:
    if at < record.last_at or at != at:
        raise RecordError(record.path, number, Problem.TIME_BACKWARDS)


def _step(record: Record, number: int, entry: dict[str, Any], fold: Fold | None) -> None:
    at = _time(entry["at"])
    action = _action(entry)
    ok = entry["ok"]
    if not isinstance(ok, bool):
        raise ValueError
    reason = None if ok else parse_reason(entry["why"])
    _check_time(record, number, at)
    result = record.match.apply(action, at)
    got = None if result.refusal is None else result.refusal.reason
    if got is Reason.ALREADY_READY and reason in _ALREADY_READY_BEFORE:
        reason = got  # written before the engine told a ready player so itself
    if got != reason:
        raise RecordError(
            record.path,
            number,
            TableDisagrees(got=got, said=reason),
        )
    step = Step(number, at, action, reason)
    if record.steps is not None:
        record.steps.append(step)
    record.actions += 1
    record.last_at = at
    if fold is not None:
        fold.step(step, result, record.match)


def _end(record: Record, number: int, entry: dict[str, Any]) -> None:
    end = _choice(entry["end"], ENDS)
    outcome = record.match.outcome
    if end == "over":
        winner = entry["winner"]
        if (
            outcome is None
            or winner != outcome.winner
            or list(entry["scores"]) != list(outcome.scores)
        ):
            raise RecordError(
                record.path,
                number,
                Problem.WRONG_RESULT,
            )
    elif outcome is not None:
        raise RecordError(record.path, number, Problem.ABANDONED_AFTER_DECIDED)
    record.end = end


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
        writer._write({"resumed": _now(), "at": record.last_at}, sync=True)
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
            entry["why"] = _why(result.refusal.reason)
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
    while chunk := os.pread(fd, _CHUNK, offset):
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

    return replace(header, started=_now())


def _line(entry: dict[str, Any]) -> bytes:
    # Compact and ASCII-only: one entry is one line whatever the names hold.
    return (json.dumps(entry, separators=(",", ":"), allow_nan=False) + "\n").encode("ascii")


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
                header = _header(path, file.readline(_FIRST_LINE).rstrip(b"\n"))
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
