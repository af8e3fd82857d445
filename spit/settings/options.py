"""The choices a game starts with, from the command line or the start menu."""

from __future__ import annotations

from enum import Enum
from typing import Final

from msgspec import Struct

from spit.engine import Variant

THEME_NAMES: Final = ("dark", "light", "high-contrast")
"""The themes a player may choose (spit.app.themes), the default first."""


class Mode(Enum):
    """Who plays."""

    TWO_PLAYER = "two-player"  # two people, one keyboard
    BOT = "bot"  # one person (either half of the keyboard) against the bot in seat 2


class GameOptions(Struct, frozen=True, kw_only=True):
    """Everything the app needs to start. ``mode=None`` opens the start menu first."""

    mode: Mode | None = None  # who plays; None asks in the start menu
    bot_level: str = "normal"  # the bot's level when mode is BOT (spit.bot.levels.BOT_CHOICES)
    variant: Variant = Variant.STANDARD  # first to hold no cards, or points (to 100, lowest wins)
    keys: str = "qwerty"  # the keyboard layout preset (spit.settings.keymap.PRESET_NAMES)
    bindings: dict[str, str] = {}  # remapped keys from the config: control id -> Textual key name
    seed: int | None = None  # the shuffle's seed, for deals that repeat; None for a fresh one
    ascii: bool = False  # suits as S H D C for terminals without ♠♥♦♣
    four_colour: bool = False  # each suit its own colour
    lockout: float = 0.5  # seconds a fumble locks the hand (RULES B12); 0 turns it off
    hints: bool = False  # mark the cards that fit right now (the engine's legal plays)
    theme: str = THEME_NAMES[0]  # the menu's and dialogs' colours (one of THEME_NAMES)
    cue: bool = False  # the terminal's bell on a fumble and when it is slap time
    spectator: bool = False  # a replay shown from a spectator's seat: both sides, no one's keys
    menu_mode: Mode = Mode.TWO_PLAYER  # what the start menu offers first (its last choice)
    names: tuple[str | None, str | None] = (None, None)  # players 1 and 2; None: the default
    daily: str | None = None  # the day whose daily deal this is (YYYY-MM-DD, spit daily)


class Watching(Struct, frozen=True):
    """A match watched from a spectator's seat on this screen (``spit watch``, the menu)."""

    address: str  # the server as ADDR:PORT
    code: str | None = None  # the room; None: pick from the live matches (or the TV's)
    tv: bool = False  # follow the best live match, then the next


class Network(Struct, frozen=True, kw_only=True):
    """A seat at a room on a server, played on this screen: hosting or joining."""

    address: str | None = None  # the server as ADDR:PORT; None starts one here (hosting only)
    code: str | None = None  # the room to join; None opens one and takes seat 1
    bind: str = "127.0.0.1"  # where a server started here listens (loopback unless opened)
    port: int = 7748  # the port a server started here listens on (0: any free one)
    pace: float = 1.0  # how many times faster a server started here runs the game clock (tests)
    name: str = ""  # what this player is called at the table
    watchers: str = "delayed"  # who may watch a room opened here: delayed, live or closed
    web_port: int | None = None
    """Also serve the room's second seat to a browser on this port (``spit host --web``;
    0: any free one), listening where the server does."""
