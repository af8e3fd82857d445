"""What the screens ask of the app, as messages: a screen posts one, and it bubbles up to
:class:`spit.app.app.SpitApp`, which handles it. The screens never import the app."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.message import Message

from spit.settings.options import GameOptions, Network

if TYPE_CHECKING:
    from spit.records.record import Record


@dataclass
class StartGame(Message):
    """Deal a match with these options and show the table (the menu's Start)."""

    options: GameOptions


@dataclass
class StartPractice(Message):
    """Deal a practice round with these options' keys and look (the menu's P)."""

    options: GameOptions


@dataclass
class KeysChosen(Message):
    """The players pressed their keys in the menu: play with them and keep them."""

    bindings: dict[str, str]
    """Every action id with its key (Textual key names)."""


@dataclass
class LanguageChosen(Message):
    """The menu switched language: keep it in the config file for the next start."""

    code: str


@dataclass
class CloseRoom(Message):
    """The host closes its room before the friend came (Esc on the waiting notice)."""


@dataclass
class OpenMenu(Message):
    """Back to the start menu (after a match)."""


@dataclass
class OpenReplay(Message):
    """Play a record back from ``at`` steps, stopped (the coach's worst moment)."""

    record: Record
    at: int


@dataclass
class SizeChanged(Message):
    """The terminal's size changed: cover the table while it is too small, uncover after."""


@dataclass
class GameLost(Message):
    """A networked game cannot go on (the server went away, the match was abandoned)."""

    text: str
    """What the player reads."""
    detail: str | None = None
    """The line's own words on what happened, if any."""


@dataclass
class Connect(Message):
    """Play a seat at a room on a server (the menu's Host and Join) with these options."""

    network: Network
    options: GameOptions


@dataclass
class RememberMenu(Message):
    """Keep the menu's choices in the config file, for the next start."""

    options: GameOptions


@dataclass
class AsciiChosen(Message):
    """The menu's ASCII option changed: draw every screen in ASCII (or not) at once."""

    on: bool
