"""The match record's format (``docs/records.md``): its header and its entries, as typed
values msgspec reads strictly (a value spit never writes is an edited file, refused in one
line rather than met later as a crash in the game)."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from datetime import UTC, date, datetime
from typing import Annotated, Final

from msgspec import Meta, Struct, structs

from spit import __version__
from spit.bot.levels import BOT_CHOICES
from spit.engine import LOCKOUT_RANGE, TOO_LATE_RANGE, Action, Match, Reason, Settings, Variant
from spit.engine.notation import action_dict
from spit.records.players import Player

FORMAT: Final = "spit match"  # the header's ``record`` value

FORMAT_VERSION: Final = 5
"""The record format this spit writes, and the newest it reads. Format 5 adds ``daily``, the
day of a daily deal (``spit daily``; absent before, read as none); format 4 leaves out the name
of a player who gave none (3 wrote "Player 1", "Player 2" and "Bot", read now as no name);
format 3 adds the ``left_out`` entry; format 2 spelled reasons as the notation does."""

SUFFIX: Final = ".jsonl"

MODES: Final = ("two-player", "bot", "network")
"""Who played: two people on one keyboard, a person against the bot, or over the network."""

ENDS: Final = ("over", "abandoned")

STORED_DEFAULTS: Final = ("Player 1", "Player 2")
"""What records before format 4 called a seat whose player gave no name (and "Bot" the bot's)."""

TEXT_LENGTH: Final = 64  # the longest version or time of day a record may give

Text = Annotated[str, Meta(max_length=TEXT_LENGTH)]

ALREADY_READY_BEFORE: Final = frozenset({Reason.BEFORE_SPIT, Reason.STUCK})
"""What records written before the engine said "already ready" itself (to a card moved by
a player who had pressed spit) wrote instead: the same refusal, read as it is now."""


class Header(Struct, frozen=True, kw_only=True):
    """What a match started with: everything needed to deal it again."""

    record: str = FORMAT  # what tells a record from any other JSON Lines file
    version: int = FORMAT_VERSION  # the format it was written in
    spit: Text = __version__  # the version that began the record
    started: Text = ""  # ISO 8601 in UTC, filled in when the record is created
    seed: int | None
    """The shuffle seed: ``Match.new(seed, ...)`` deals the same cards. None in a *sealed*
    header: a networked match's record keeps its seed in its end entry, so that the deal
    is not on the hosting player's disk while the match is played."""
    mode: str  # one of MODES
    variant: Variant = Variant.STANDARD
    target: Annotated[int, Meta(ge=1)] = 100  # the points variant's total that ends the match
    settings: Settings = Settings()
    players: tuple[Player, Player]
    daily: Text | None = None
    """The day (UTC, YYYY-MM-DD) whose daily deal this is (``docs/daily.md``); None: no daily."""

    @property
    def sealed(self) -> bool:
        """Whether the seed waits in the end entry (networked matches)."""
        return self.seed is None

    def new_match(self) -> Match:
        if self.seed is None:
            raise ValueError("a sealed header has no seed: it is in the record's end")
        return Match.new(
            self.seed, variant=self.variant, settings=self.settings, target=self.target
        )

    def checked(self) -> Header:
        """This header as read, checked for what its types cannot say (ValueError), with the
        names older formats gave unnamed seats read as no name."""
        ranges = ((self.settings.lockout, LOCKOUT_RANGE), (self.settings.too_late, TOO_LATE_RANGE))
        if self.mode not in MODES or any(not low <= s <= high for s, (low, high) in ranges):
            raise ValueError
        moment(self.started)
        if self.daily is not None and date.fromisoformat(self.daily).isoformat() != self.daily:
            raise ValueError
        names = [p.name for p in self.players if p.name is not None]
        if any(not name.strip() for name in names):
            raise ValueError
        if not all(text.isprintable() for text in (self.spit, *names)):
            raise ValueError  # it is shown on a terminal: no escape sequence in it
        if any(p.bot not in (None, *BOT_CHOICES) for p in self.players):
            raise ValueError
        first, second = (
            Player(bot=p.bot) if p.bot or p.name == STORED_DEFAULTS[seat] else p
            for seat, p in enumerate(self.players)
        )
        return structs.replace(self, players=(first, second))


class Entry(Struct, gc=False):
    """Any line after the header, as read: which fields it gives says what it is."""

    n: object = None  # its own line number (as the line gives it, to say so if it is wrong)
    at: Annotated[float, Meta(ge=0, le=sys.float_info.max)] | None = None  # game time
    do: str | None = None  # an action: do, p, stock, pile, ok and why
    p: int | None = None
    stock: int | None = None
    pile: int | None = None
    ok: bool | None = None
    why: str | None = None
    resumed: Text | None = None  # a resumption, at the wall-clock time it gives
    left_out: Annotated[int, Meta(ge=1)] | None = None  # refusals counted, not written
    end: str | None = None  # the end: over (winner, scores) or abandoned, and a sealed seed
    winner: int | None = None
    scores: list[int] | None = None
    seed: int | None = None


@dataclass(frozen=True, slots=True)
class Step:
    """One action that reached the engine, when, and what the engine said."""

    line: int
    at: float  # game time: seconds of play, pauses left out
    action: Action
    reason: Reason | None  # why the engine refused it; None if it was accepted

    @property
    def ok(self) -> bool:
        return self.reason is None


@dataclass(frozen=True, slots=True)
class Resumption:
    """Where play went on after the match had stopped (a crash, or a kept match)."""

    line: int
    at: float  # the game time play went on from
    when: str  # the wall-clock time, ISO 8601 in UTC


action_json = action_dict  # an action's fields in a record line: the notation's form


def now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def moment(text: str) -> str:
    """A wall-clock time, ISO 8601, as :func:`now_text` writes it; ValueError for anything
    else (a terminal shows it: no escape sequence either)."""
    datetime.fromisoformat(text.replace("Z", "+00:00"))
    if not text.isprintable():
        raise ValueError
    return text
