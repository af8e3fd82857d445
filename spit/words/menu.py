"""The start menu and its Host and Join dialogs."""

from __future__ import annotations

from spit.i18n import _


def menu_label(what: str) -> str:
    """The start menu's words (its boxes, choices, buttons and keys), by a short id."""
    match what:
        case "start":
            return _("Start")
        case "names":
            return _("Names")
        case "keys":
            return _("Keys")
        case "host a game":
            return _("Host a game")
        case "join a game":
            return _("Join a game")
        case "tagline":
            return _("the card game of speed — two players on one keyboard, or you against the bot")
        case "players":
            return _("Players")
        case "two players":
            return _("Two players")
        case "against the bot":
            return _("Against the bot")
        case "against the bot (not available)":
            return _("Against the bot (not available)")
        case "bot level":
            return _("Bot level")
        case "game":
            return _("Game")
        case "standard":
            return _("Standard")
        case "points":
            return _("Points (to 100)")
        case "keyboard":
            return _("Keyboard")
        case "language":
            return _("Language")
        case "display":
            return _("Display")
        case "ascii":
            return _("ASCII")
        case "4 colours":
            return _("4 colours")
        case "hints":
            return _("Hints")
        case "host":
            return _("Host")
        case "join":
            return _("Join")
        case "quit":
            return _("Quit")
        case "hint in a browser":
            return _(
                "Tab: next · arrows and Enter: choose · ?: help\n"
                "S: start · H: host · J: join · N: names · K: keys"
            )
        case "hint":
            return _(
                "Tab: next · arrows and Enter: choose · F1: help\n"
                "S: start · H: host · J: join · N: names · K: keys"
            )
    raise ValueError(what)


def network_dialog(what: str) -> str:
    """The Host and Join dialogs' lines, by a short id."""
    match what:
        case "host title":
            return _("Host a game: you play player 1, your friend joins with a code.")
        case "listen on":
            return _("Listen on (ADDR:PORT)")
        case "listen hint":
            return _("127.0.0.1: this machine only; 0.0.0.0: another machine may join too.")
        case "server":
            return _("Or open the room on a server already running (ADDR:PORT):")
        case "server placeholder":
            return _("blank: run a server here")
        case "join title":
            return _("Join a game: type what your friend's screen shows.")
        case "join server":
            return _("Server (ADDR:PORT)")
        case "room code":
            return _("Room code")
    raise ValueError(what)


def not_an_address(text: str) -> str:
    """A server address that cannot be read."""
    return _("Not an address: {text!r} — write it as ADDR:PORT.").format(text=text.strip())


def not_a_room_code(text: str) -> str:
    """A room code that cannot be one."""
    return _("Not a room code: {text!r} — 8 letters and digits, like ABCD-EFGH.").format(
        text=text.strip()
    )
