"""The match record's format: its header, its entries, and how each value in them is read.

A record is one JSON Lines file per match (:mod:`spit.records.record` writes and reads it):
the first line is the header (format version, seed, variant, settings, players), every later
line one entry — an action with its game time and the engine's verdict, a resumption, a count
of refusals left out, or the end. ``docs/records.md`` is the full format. Every value read is
checked here as strictly as a config's: a wrong one is a ValueError, which the reader turns
into one line naming the file and the line.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Final

from spit import __version__
from spit.bot.levels import BOT_CHOICES
from spit.engine import (
    LOCKOUT_RANGE,
    PLAYERS,
    TOO_LATE_RANGE,
    Action,
    Match,
    Reason,
    Settings,
    Variant,
)
from spit.engine.notation import action_dict, parse_action, reason_text
from spit.records.players import Player
from spit.records.problems import (  # the record's problems, named here too
    BadHeader,
    Problem,
    TooNew,
)

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
ALREADY_READY_BEFORE: Final = frozenset({Reason.BEFORE_SPIT, Reason.STUCK})
"""What records written before the engine said "already ready" itself (to a card moved by
a player who had pressed spit) wrote instead: the same refusal, read as it is now."""


# -- the header --------------------------------------------------------------------------


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
                seed=None if data["seed"] is None else as_int(data["seed"]),
                mode=as_choice(data["mode"], MODES),
                players=(_player(players[0]), _player(players[1])),
                variant=Variant(data["variant"]),
                settings=Settings(
                    lockout=_seconds(settings["lockout"], LOCKOUT_RANGE),
                    too_late=_seconds(settings["too_late"], TOO_LATE_RANGE),
                ),
                target=as_positive(data["target"]),
                started=as_moment(data["started"]),
                spit=_text(data.get("spit", "")),
                version=version,
            )
        except (KeyError, TypeError, ValueError, IndexError):
            raise BadHeader(Problem.BAD_HEADER) from None
        return header


def as_int(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError
    return value


def as_positive(value: object) -> int:
    number = as_int(value)
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


def as_time(value: object) -> float:
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


def as_moment(value: object) -> str:
    """A wall-clock time, ISO 8601 (``2026-11-02T10:00:00Z``), as :func:`now_text` writes it."""
    text = _text(value)
    datetime.fromisoformat(text.replace("Z", "+00:00"))  # a ValueError if it is none
    return text


def as_choice(value: object, choices: tuple[str, ...]) -> str:
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


def entry_action(entry: dict[str, Any]) -> Action:
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


def reason_spelling(reason: Reason) -> str:
    """A refusal's reason in the notation's one spelling (``does-not-fit``), from format 2
    on: an older spit refuses such a record in one line ("written by a newer spit") rather
    than misreading it. Format 1 records spelled it ``does_not_fit``;
    :func:`~spit.engine.notation.parse_reason` reads both, so they stay readable."""
    return reason_text(reason)


def now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
