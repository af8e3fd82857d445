"""The recorder a game plays through: one record per match, written as judged, indexed in
the history at its end. Nothing here can stop the game: whatever goes wrong is one notice."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, TypeAlias

from msgspec import Struct

from spit.engine import Action, Match, MatchEnded, Outcome, Result
from spit.records.players import Player

if TYPE_CHECKING:
    from spit.records.history import HistoryNotice
    from spit.records.record import NoLongerRecorded, Record, RecordError, RecordWriter

# spit.records.record (and json with it) loads when the first record is made, not with this
# module: a game imports this on its way to the first frame, and makes its record after it.


class NoSeed(Struct, frozen=True, gc=False):
    """A notice: the match is not recorded, for its deal has no seed to deal it again."""


class NotRecorded(Struct, frozen=True, gc=False):
    """A notice: the match's record could not be made (or taken up again); play goes on."""

    error: str  # the operating system's own message (Permission denied)


RecorderNotice: TypeAlias = "NoSeed | NotRecorded | NoLongerRecorded | RecordError | HistoryNotice"
"""What a recorder's ``notice`` hears, at most once: why the match is not (or no longer)
recorded, why its record could not be read back to index, or the history's own notice
(:data:`spit.records.history.HistoryNotice`). ``spit.words.records.record_notice`` says it."""


class Recorder(Protocol):
    """What a game (:class:`spit.game.LocalGame`, a server's room) tells the keeper of its
    records: the one recorder protocol. :class:`MatchRecorder` is the one that writes."""

    @property
    def recording(self) -> bool:
        """Whether a record is being written, so quitting can keep the match to go on with."""

    def begin(self, match: Match) -> None:
        """A freshly dealt match (the first, or a rematch): start its record."""

    def applied(self, action: Action, at: float, result: Result) -> None:
        """The engine judged ``action`` at ``at``: write it down."""

    def flush(self) -> None:
        """Write what was held back (a recorder that ``holds``; see :class:`MatchRecorder`)."""

    def keep(self) -> None:
        """The game stops: leave the record as it is (unfinished unless the match is over)."""

    def abandon(self) -> None:
        """The match will not go on: end its record so (it is not offered again)."""


def players(
    mode: str, names: tuple[str | None, str | None], bot_level: str | None
) -> tuple[Player, Player]:
    """The players of a match as its record names them: no name where none was given (the
    shells word it when they show it, in the player's language)."""
    first = Player(names[0] or None)
    if mode == "bot":
        return first, Player(bot=bot_level or "normal")
    return first, Player(names[1] or None)


class MatchRecorder:
    """Writes the record of each match a game plays; ``notice`` hears (once) if it cannot."""

    def __init__(
        self,
        mode: str,
        players: tuple[Player, Player],
        *,
        notice: Callable[[RecorderNotice], None] | None = None,
        directory: Path | None = None,
        index: bool = True,
        holds: bool = False,
        daily: str | None = None,
    ) -> None:
        self.mode = mode  # two-player, bot or network
        self.daily = daily
        """The day whose daily deal the first match is (YYYY-MM-DD; a rematch is no daily)."""
        self.players = players  # who sits in seats 0 and 1
        self.directory = directory  # where records go (None: the records directory)
        self.index = index  # whether a decided match is indexed in the history at once
        self.holds = holds
        """Whether entries wait for :meth:`flush` (a server writes them once per turn of its
        loop, before the frames telling of them: see :class:`RecordWriter`)."""
        self._notice = notice
        self._noticed = False
        self._writer: RecordWriter | None = None
        self.ended: Path | None = None  # the last match's record once over: the coach reads it
        self._pending: Match | None = None
        self._seed: int | None = None
        self._indexing: list[threading.Thread] = []

    @property
    def path(self) -> Path | None:
        """The record being written, if any."""
        return None if self._writer is None else self._writer.path

    @property
    def recording(self) -> bool:
        """Whether the current match is being recorded (or about to be)."""
        return self._pending is not None or (self._writer is not None and self._writer.recording)

    def begin(self, match: Match, *, defer: bool = False) -> None:
        """A freshly dealt match: start its record (with ``defer``, at :meth:`ensure`, once the
        table is drawn, or at the first action)."""
        self.keep()
        self._pending = match
        if not defer:
            self.ensure()

    def ensure(self) -> None:
        """Make the record of the match begun, if it is not made yet."""
        match, self._pending = self._pending, None
        if match is None:
            return
        from spit.records.record import Header, RecordWriter  # after the first frame

        if match.seed is None:
            self._tell(NoSeed())
            return
        # A networked match's record is written where its server runs, which may be one
        # player's machine: its seed waits for the end, so the deal is never on that disk
        # while the match is played.
        self._seed = match.seed
        header = Header(
            seed=None if self.mode == "network" else match.seed,
            mode=self.mode,
            players=self.players,
            variant=match.variant,
            settings=match.settings,
            target=match.target,
            daily=self.daily,
        )
        self.daily = None
        try:
            self._writer = RecordWriter.create(header, self.directory, on_failure=self._tell)
        except OSError as error:
            self._tell(NotRecorded(error.strerror or str(error)))
            return
        self._writer.holds = self.holds

    def resume(self, record: Record) -> None:
        """Go on writing ``record``, whose match is played from here; RecordError if it cannot."""
        from spit.records.record import RecordWriter  # after the first frame

        self.keep()
        self._seed = record.header.seed  # a networked record's, to unseal it at its end
        try:
            self._writer = RecordWriter.resume(record, on_failure=self._tell)
        except OSError as error:
            self._tell(NotRecorded(error.strerror or str(error)))
            return
        self._writer.holds = self.holds

    def applied(self, action: Action, at: float, result: Result) -> None:
        if self._pending is not None:
            self.ensure()
        writer = self._writer
        if writer is None:
            return
        writer.action(action, at, result)
        for event in result.events:
            if isinstance(event, MatchEnded):
                self._writer = None
                self._ended(writer, event.outcome)

    def left_out(self, player: int, count: int, at: float) -> None:
        """Note that ``count`` refused actions of ``player`` up to ``at`` were not written."""
        if self._pending is not None:
            self.ensure()
        if self._writer is not None:
            self._writer.left_out(player, count, at)

    def flush(self) -> None:
        if self._writer is not None:
            self._writer.flush()

    def keep(self) -> None:
        """Stop writing, leaving the match unfinished (offered to resume; unplayed, no record)."""
        self._pending = None
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.close()

    def abandon(self) -> None:
        """The players gave the match up: say so in the record (it is not offered again)."""
        self._pending = None
        writer, self._writer = self._writer, None
        if writer is not None:
            self._ended(writer, None)

    def _ended(self, writer: RecordWriter, outcome: Outcome | None) -> None:
        """End the record as decided (``outcome``) or given up, unsealed, and index it."""
        self.ended = writer.path
        seed = self._seed if self.mode == "network" else None
        if outcome is None:
            writer.abandon(seed=seed)
        else:
            writer.over(outcome, seed=seed)
        if self.index and writer.failure is None:
            self._index(writer.path)

    def _index(self, path: Path) -> None:
        # Reading the record back and indexing it takes tens of milliseconds for a long match
        # (it is replayed through the engine): off the thread that draws the table.
        # The record is complete already; an index cut short by the process ending is made
        # good by the next `spit stats`, which indexes every record not yet indexed.
        thread = threading.Thread(
            target=self._index_now, args=(path,), name="spit-history", daemon=True
        )
        self._indexing = [t for t in self._indexing if t.is_alive()] + [thread]
        thread.start()

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the records handed to the history are indexed (for tests and exit)."""
        for thread in self._indexing:
            thread.join(timeout)

    def _index_now(self, path: Path) -> None:
        # sqlite3 and the analysis load only to index
        from spit.records.analysis import read_analysed  # lazy: indexing only
        from spit.records.history import index_record  # lazy: indexing only
        from spit.records.record import RecordError  # lazy: indexing only

        try:
            record = read_analysed(path)
        except RecordError as error:
            self._tell(error)
            return
        index_record(record, notice=self._tell)

    def _tell(self, notice: RecorderNotice) -> None:
        if self._noticed or self._notice is None:
            return
        self._noticed = True
        self._notice(notice)
