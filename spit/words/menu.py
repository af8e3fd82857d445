"""The start menu and its Host and Join dialogs."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import _


class MenuLabel(StrEnum):
    """A word of the start menu that :func:`menu_label` gives."""

    START = "start"
    NAMES = "names"
    KEYS = "keys"
    HOST_A_GAME = "host a game"
    JOIN_A_GAME = "join a game"
    TAGLINE = "tagline"
    PLAYERS = "players"
    TWO_PLAYERS = "two players"
    AGAINST_THE_BOT = "against the bot"
    AGAINST_THE_BOT_NOT_AVAILABLE = "against the bot (not available)"
    BOT_LEVEL = "bot level"
    GAME = "game"
    STANDARD = "standard"
    POINTS = "points"
    KEYBOARD = "keyboard"
    LANGUAGE = "language"
    DISPLAY = "display"
    ASCII = "ascii"
    FOUR_COLOURS = "4 colours"
    HINTS = "hints"
    HOST = "host"
    JOIN = "join"
    QUIT = "quit"
    HINT_IN_A_BROWSER = "hint in a browser"
    HINT = "hint"


def menu_label(what: MenuLabel) -> str:
    """The start menu's words (its boxes, choices, buttons and keys), by a short id."""
    what = MenuLabel(what)
    match what:
        case MenuLabel.START:
            return _("Start")
        case MenuLabel.NAMES:
            return _("Names")
        case MenuLabel.KEYS:
            return _("Keys")
        case MenuLabel.HOST_A_GAME:
            return _("Host a game")
        case MenuLabel.JOIN_A_GAME:
            return _("Join a game")
        case MenuLabel.TAGLINE:
            return _("the card game of speed — two players on one keyboard, or you against the bot")
        case MenuLabel.PLAYERS:
            return _("Players")
        case MenuLabel.TWO_PLAYERS:
            return _("Two players")
        case MenuLabel.AGAINST_THE_BOT:
            return _("Against the bot")
        case MenuLabel.AGAINST_THE_BOT_NOT_AVAILABLE:
            return _("Against the bot (not available)")
        case MenuLabel.BOT_LEVEL:
            return _("Bot level")
        case MenuLabel.GAME:
            return _("Game")
        case MenuLabel.STANDARD:
            return _("Standard")
        case MenuLabel.POINTS:
            return _("Points (to 100)")
        case MenuLabel.KEYBOARD:
            return _("Keyboard")
        case MenuLabel.LANGUAGE:
            return _("Language")
        case MenuLabel.DISPLAY:
            return _("Display")
        case MenuLabel.ASCII:
            return _("ASCII")
        case MenuLabel.FOUR_COLOURS:
            return _("4 colours")
        case MenuLabel.HINTS:
            return _("Hints")
        case MenuLabel.HOST:
            return _("Host")
        case MenuLabel.JOIN:
            return _("Join")
        case MenuLabel.QUIT:
            return _("Quit")
        case MenuLabel.HINT_IN_A_BROWSER:
            return _(
                "Tab: next · arrows and Enter: choose · ?: help\n"
                "S: start · H: host · J: join · N: names · K: keys"
            )
        case MenuLabel.HINT:
            return _(
                "Tab: next · arrows and Enter: choose · F1: help\n"
                "S: start · H: host · J: join · N: names · K: keys"
            )
    assert_never(what)


class NetworkDialog(StrEnum):
    """A line of the Host and Join dialogs that :func:`network_dialog` gives."""

    HOST_TITLE = "host title"
    LISTEN_ON = "listen on"
    LISTEN_HINT = "listen hint"
    SERVER = "server"
    SERVER_PLACEHOLDER = "server placeholder"
    JOIN_TITLE = "join title"
    JOIN_SERVER = "join server"
    ROOM_CODE = "room code"


def network_dialog(what: NetworkDialog) -> str:
    """The Host and Join dialogs' lines, by a short id."""
    what = NetworkDialog(what)
    match what:
        case NetworkDialog.HOST_TITLE:
            return _("Host a game: you play player 1, your friend joins with a code.")
        case NetworkDialog.LISTEN_ON:
            return _("Listen on (ADDR:PORT)")
        case NetworkDialog.LISTEN_HINT:
            return _("127.0.0.1: this machine only; 0.0.0.0: another machine may join too.")
        case NetworkDialog.SERVER:
            return _("Or open the room on a server already running (ADDR:PORT):")
        case NetworkDialog.SERVER_PLACEHOLDER:
            return _("blank: run a server here")
        case NetworkDialog.JOIN_TITLE:
            return _("Join a game: type what your friend's screen shows.")
        case NetworkDialog.JOIN_SERVER:
            return _("Server (ADDR:PORT)")
        case NetworkDialog.ROOM_CODE:
            return _("Room code")
    assert_never(what)


def not_an_address(text: str) -> str:
    """A server address that cannot be read."""
    return _("Not an address: {text!r} — write it as ADDR:PORT.").format(text=text.strip())


def not_a_room_code(text: str) -> str:
    """A room code that cannot be one."""
    return _("Not a room code: {text!r} — 8 letters and digits, like ABCD-EFGH.").format(
        text=text.strip()
    )
