"""The choices a game starts with, from the command line or the start menu."""

from __future__ import annotations

from enum import Enum

from msgspec import Struct

from spit.engine import Variant


class Mode(Enum):
    """Who plays."""

    TWO_PLAYER = "two-player"
    """Two people, one keyboard."""
    BOT = "bot"
    """One person (either half of the keyboard) against the bot in seat 2."""


class GameOptions(Struct, frozen=True, kw_only=True):
    """Everything the app needs to start. ``mode=None`` opens the start menu first."""

    mode: Mode | None = None
    """Who plays; None to ask in the start menu."""
    bot_level: str = "normal"
    """The bot's level when ``mode`` is BOT: easy, normal, hard or expert."""
    variant: Variant = Variant.STANDARD
    """Standard (first to hold no cards) or points (to 100, lowest wins)."""
    keys: str = "qwerty"
    """The keyboard layout preset: qwerty, qwertz or azerty."""
    bindings: dict[str, str] = {}
    """Remapped keys from the config file: action id -> Textual key name."""
    seed: int | None = None
    """Shuffle seed for reproducible deals; None for a fresh one."""
    ascii: bool = False
    """Suits as S H D C for terminals without ♠♥♦♣."""
    four_colour: bool = False
    """A four-colour deck: each suit its own colour."""
    lockout: float = 0.5
    """Seconds a fumble locks the hand (RULES B12); 0 turns it off."""
    hints: bool = False
    """Mark the cards that fit right now (the engine's legal plays)."""
    menu_mode: Mode = Mode.TWO_PLAYER
    """The players the start menu offers first: its last choice, from the config file."""
    names: tuple[str | None, str | None] = (None, None)
    """The names players 1 and 2 gave (config or menu); None for the default name."""


class Network(Struct, frozen=True, kw_only=True):
    """A seat at a room on a server, played on this screen: hosting or joining."""

    address: str | None = None
    """The server as ``ADDR:PORT``; None to start one in this process (hosting only)."""
    code: str | None = None
    """The room to join; None to open one and take seat 1."""
    bind: str = "127.0.0.1"
    """Where a server started here listens (loopback unless the player opens it)."""
    port: int = 7748
    """The port a server started here listens on (0: any free one)."""
    pace: float = 1.0
    """How many times faster a server started here runs the game clock (tests)."""
    name: str = ""
    """What this player is called at the table."""
    web_port: int | None = None
    """Also serve the room's second seat to a browser on this port (``spit host --web``;
    0: any free one), listening where the server does."""
