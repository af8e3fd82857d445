"""The match record's format (``docs/records.md``): its header, its entries, and the checks
of each value read, as strict as a config's (a wrong one is a ValueError)."""

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

FORMAT: Final = "spit match"  # the header's ``record`` value

FORMAT_VERSION: Final = 3
"""The record format this spit writes, and the newest it reads. Format 3 adds the
``left_out`` entry (refusals a server counted but did not write); format 2 spelled reasons
as the notation does; each older format reads as before."""

SUFFIX: Final = ".jsonl"

MODES: Final = ("two-player", "bot", "network")
"""Who played: two people on one keyboard, a person against the bot, or over the network."""

ENDS: Final = ("over", "abandoned")

NAME_LENGTH: Final = 64
"""The longest player's name a header may give: more than any spit takes (20 in a config,
24 over the network); a name is also printable and not empty, as a config's must be."""

TEXT_LENGTH: Final = 64  # the longest version or time of day a record may give

_ACTION_KEYS: Final = ("do", "p", "stock", "pile")  # an entry's keys that are its action's
ALREADY_READY_BEFORE: Final = frozenset({Reason.BEFORE_SPIT, Reason.STUCK})
"""What records written before the engine said "already ready" itself (to a card moved by
a player who had pressed spit) wrote instead: the same refusal, read as it is now."""


@dataclass(frozen=True, slots=True)
class Header:
    """What a match started with: everything needed to deal it again."""

    seed: int | None
    """The shuffle seed: ``Match.new(seed, ...)`` deals the same cards. None in a *sealed*
    header: a networked match's record keeps its seed in its end entry, so that the deal
    is not on the hosting player's disk while the match is played (see :meth:`sealed`)."""
    mode: str  # one of MODES
    players: tuple[Player, Player]
    variant: Variant = Variant.STANDARD
    settings: Settings = field(default_factory=Settings)
    target: int = 100  # the points variant's total that ends the match
    started: str = ""  # ISO 8601 in UTC, filled in when the record is created
    spit: str = __version__  # the version that began the record
    version: int = FORMAT_VERSION

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

    def to_json(self) -> dict[str, Any]:
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
        """The header from its line; BadHeader (a ValueError) if it is not one."""
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
    """An entry's game time: finite (an infinite one once read as valid, then failed the
    ``resumed`` entry's write, as JSON has no Infinity) and never before the deal."""
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


def action_json(action: Action) -> dict[str, object]:
    """An action's fields in a record line: the notation's form, with its player."""
    return action_dict(action)


def entry_action(entry: dict[str, Any]) -> Action:
    """The action an entry holds, read by the notation (NotationError is a ValueError).

    A record holds a few dozen actions many times over: each is parsed once and shared.
    The key holds each value's type, so ``1``, ``1.0`` and ``true`` stay apart."""
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
    """A refusal's reason as the notation spells it (``does-not-fit``, from format 2 on;
    format 1's ``does_not_fit`` is still read)."""
    return reason_text(reason)


def now_text() -> str:
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
