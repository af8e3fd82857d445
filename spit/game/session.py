"""The session builder: every game the app shows (new, resumed, played back), with its clock,
driven seat and recorder. One seed deals a whole sitting: later matches and each bot take
seeds derived from it."""

from __future__ import annotations

import enum
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from msgspec import Struct
from msgspec.structs import replace

from spit.clock import GameClock, Source
from spit.engine import Match, Settings
from spit.game.driver import Driver, DriverFactory
from spit.game.local import LocalGame
from spit.game.patient import PATIENCE, PatientDriver
from spit.records.figures import MatchStats
from spit.records.recorder import MatchRecorder, RecorderNotice, players
from spit.settings.options import GameOptions, Mode

if TYPE_CHECKING:
    from spit.game.playback import ReplayGame
    from spit.records.record import Record

PRACTICE_LEVEL: Final = "practice"  # as the practice table names it


class Refused(enum.Enum):
    """Why a game could not be built, as a stable id (the app words it)."""

    NO_BOT = "no-bot"  # the options (or the record) want the bot, and this sitting has none


class SessionError(Exception):
    """A game that cannot be built; :attr:`why` says why."""

    def __init__(self, why: Refused) -> None:
        super().__init__(why.value)
        self.why = why  # why, as a stable id


class Built(Struct, frozen=True):
    """A game ready to be shown, and what it is played with."""

    game: LocalGame  # the game, not started yet (its screen starts it)
    options: GameOptions
    """The options it is played with: a record's own mode, level, variant and names when
    it goes on with one."""
    first_frame: Callable[[], None] | None = None
    """To call once the table is drawn: the record's file is made then, so the first frame
    waits for no disk (None: nothing to do)."""
    stats: MatchStats | None = None
    """The match figures of what was played before (a resumed match's, from its record),
    for the table to go on counting from; None: a fresh match, nothing played yet."""


class Session:
    """Builds the games of one sitting at the app."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        opponents: DriverFactory | None = None,
        clock: Source | None = None,
        match: Match | None = None,
        record: bool = True,
        notice: Callable[[RecorderNotice], None] | None = None,
    ) -> None:
        """``seed`` deals the first match and seeds every later deal and bot; ``opponents``
        builds seat 2's driver (None: two players only); ``match`` is played first instead of
        a dealt one."""
        self.opponents = opponents  # who may take seat 2 against the person, or None
        self.record = record  # whether matches are recorded
        self._seeds = random.Random(seed)
        self._dealt = 0
        self._clock_source = clock
        self._first = match
        self._notice = notice

    @property
    def bot_available(self) -> bool:
        """Whether a bot can take seat 2."""
        return self.opponents is not None

    # -- deals -----------------------------------------------------------------------

    def new_match(self, options: GameOptions) -> Match:
        """A fresh match: the first from ``--seed`` itself, rematches from seeds it derives."""
        settings = Settings(lockout=options.lockout)
        if options.seed is None:
            seed = None
        elif not self._dealt:
            seed = options.seed
        else:
            seed = self._seeds.getrandbits(32)
        self._dealt += 1
        return Match.new(seed, variant=options.variant, settings=settings)

    def _first_or_new(self, options: GameOptions) -> Match:
        match = self._first or self.new_match(options)
        self._first = None
        return match

    def _clock(self, match: Match) -> GameClock:
        # The match's own clock, from 0 at the deal (or on from a table handed in already
        # played): a record's times are seconds of play, as a networked room's are, not the
        # machine's uptime, which a replay would wait out before its first action.
        start = max(0.0, match.round.last_at)
        return GameClock(self._clock_source or time.monotonic, start=start)

    def _driver(self, options: GameOptions) -> Driver | None:
        if options.mode is not Mode.BOT:
            return None
        if self.opponents is None:
            raise SessionError(Refused.NO_BOT)
        return self.opponents(options.bot_level, self._seeds.getrandbits(32))

    def recorder(self, options: GameOptions) -> MatchRecorder | None:
        """The recorder of a match played with ``options``, or None when nothing is kept."""
        if not self.record:
            return None
        mode = options.mode.value if options.mode is not None else "two-player"
        level = options.bot_level if options.mode is Mode.BOT else None
        return MatchRecorder(
            mode, players(mode, options.names, level), notice=self._notice, daily=options.daily
        )

    # -- games -----------------------------------------------------------------------

    def local(self, options: GameOptions) -> Built:
        """A match dealt with ``options``, recorded; SessionError when there is no such bot."""
        if options.mode is Mode.BOT and self.opponents is None:
            raise SessionError(Refused.NO_BOT)
        # Dealt before the bot is seeded: one seed gives the same sitting as it always did.
        match = self._first_or_new(options)
        driver = self._driver(options)
        recorder = self.recorder(options)
        first_frame = None
        if recorder is not None:
            recorder.begin(match, defer=True)
            first_frame = recorder.ensure
        game = LocalGame(
            match,
            clock=self._clock(match),
            driver=driver,
            deal=lambda: self.new_match(options),
            recorder=recorder,
            names=options.names,
        )
        return Built(game, options, first_frame)

    def practice(self, options: GameOptions, *, patience: float = PATIENCE) -> Built:
        """A practice round: a real deal against the :class:`PatientDriver`, neither recorded
        (it is no match of the player's history) nor dealt again."""
        options = replace(options, mode=Mode.BOT, bot_level=PRACTICE_LEVEL)
        driver = PatientDriver(patience=patience)
        match = self._first_or_new(options)
        game = LocalGame(match, clock=self._clock(match), driver=driver, names=options.names)
        return Built(game, options)

    def resume(self, record: Record, options: GameOptions) -> Built:
        """The unfinished match of ``record``, to go on with from exactly where it stopped.

        The clock goes on from its last action (so a fumble lock or a "too late" window is as
        it was) and comes back paused; the match figures count the record's every action, so
        they are the whole match's. SessionError when its bot is not in this sitting,
        RecordError when the record cannot be written on.
        """
        options = self.resume_options(record, options)
        if options.mode is Mode.BOT and self.opponents is None:
            raise SessionError(Refused.NO_BOT)
        stats = MatchStats.of_record(record)  # before the record is written on again
        recorder = self.recorder(options)
        if recorder is not None:
            recorder.resume(record)
        driver = self._driver(options)
        source = self._clock_source or time.monotonic
        start = source()
        last = record.last_at
        clock = GameClock(lambda: source() - start + last)
        clock.pause()
        game = LocalGame(
            record.match,
            clock=clock,
            driver=driver,
            deal=lambda: self.new_match(options),
            recorder=recorder,
            names=options.names,
        )
        return Built(game, options, stats=stats)

    @staticmethod
    def resume_options(record: Record, options: GameOptions) -> GameOptions:
        """``options`` with the record's mode, bot level, variant, lockout and names."""
        names = tuple(None if p.bot else p.name for p in record.header.players)
        return replace(
            _played(record, options),
            lockout=record.header.settings.lockout,
            names=(names[0], names[1]),
        )

    def replay(
        self, record: Record, options: GameOptions, *, playing: bool = True
    ) -> tuple[ReplayGame, GameOptions]:
        """``record`` played back (stopped at its deal unless ``playing``), and the options
        its table is shown with: the record's mode, bot level and variant."""
        from spit.game.playback import Playback, ReplayGame  # lazy: the records' reader

        game = ReplayGame(Playback(record), playing=playing, spectator=options.spectator)
        return game, _played(record, options)

    # -- unfinished records ---------------------------------------------------------------

    def unfinished(self) -> Record | None:
        """The newest unfinished match's record, to offer going on with (None: none, or
        nothing is recorded in this sitting)."""
        if not self.record:
            return None
        from spit.records.record import latest_unfinished  # lazy: the records' reader

        return latest_unfinished()

    def give_up(self, record: Record) -> None:
        """Mark ``record``'s match given up and index it in the history. Raises
        :class:`~spit.records.record.RecordError` or :class:`OSError` when it cannot."""
        from spit.records.analysis import read_analysed  # lazy: the analysis
        from spit.records.history import index_record  # lazy: sqlite3
        from spit.records.record import RecordWriter  # lazy: the records' writer

        RecordWriter.give_up(record)
        index_record(read_analysed(record.path), notice=self._notice)


def _played(record: Record, options: GameOptions) -> GameOptions:
    """``options`` with the mode, bot level and variant ``record`` was played with."""
    header = record.header
    return replace(
        options,
        mode=Mode.BOT if header.mode == "bot" else Mode.TWO_PLAYER,
        bot_level=header.players[1].bot or options.bot_level,
        variant=header.variant,
    )
