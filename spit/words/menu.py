"""The start menu and its Host and Join dialogs."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, ngettext, pgettext, translated

MENU_LABEL: Final = {
    "start": N_("Start"),
    "names": N_("Names"),
    "keys": N_("Keys"),
    "host a game": N_("Host a game"),
    "join a game": N_("Join a game"),
    "tagline": N_("the card game of speed — two players on one keyboard, or you against the bot"),
    "players": N_("Players"),
    "two players": N_("Two players"),
    "against the bot": N_("Against the bot"),
    "against the bot (not available)": N_("Against the bot (not available)"),
    "bot level": N_("Bot level"),
    "game": N_("Game"),
    "standard": N_("Standard"),
    "points": N_("Points (to 100)"),
    "keyboard": N_("Keyboard"),
    "language": N_("Language"),
    "display": N_("Display"),
    "ascii": N_("ASCII"),
    "4 colours": N_("4 colours"),
    "hints": N_("Hints"),
    "host": N_("Host"),
    "join": N_("Join"),
    "online": N_("Play online"),
    "quit": N_("Quit"),
}


def menu_label(what: str) -> str:
    """The start menu's words (its boxes, choices, buttons and keys), by a short id."""
    return translated(MENU_LABEL[what])


def shortcut(what: str) -> str:
    """The letter that does ``what`` (start, host, join, names, keys, practice, daily) in the menu,
    as the menu shows it: its translator sets it, the initial of the button's own word."""
    letters = {
        "start": pgettext("menu shortcut: the letter of Start", "S"),
        "host": pgettext("menu shortcut: the letter of Host", "H"),
        "join": pgettext("menu shortcut: the letter of Join", "J"),
        "names": pgettext("menu shortcut: the letter of Names", "N"),
        "keys": pgettext("menu shortcut: the letter of Keys", "K"),
        "practice": pgettext("menu shortcut: the letter of Guided practice", "P"),
        "daily": pgettext("menu shortcut: the letter of Daily deal", "D"),
    }
    return letters[what]


def menu_hint(*, browser: bool) -> str:
    """The menu's two lines of keys: a browser may keep F1 for itself, so there help is ?."""
    if browser:
        hint = _(
            "Tab: next · arrows and Enter: choose · ?: help\n"
            "{start}: start · {host}: host · {join}: join · {names}: names · {keys}: keys"
        )
    else:
        hint = _(
            "Tab: next · arrows and Enter: choose · F1: help\n"
            "{start}: start · {host}: host · {join}: join · {names}: names · {keys}: keys"
        )
    return hint.format(
        **{what: shortcut(what) for what in ("start", "host", "join", "names", "keys")}
    )


NETWORK_DIALOG: Final = {
    "host title": N_("Host a game: you play player 1, your friend joins with a code."),
    "listen on": N_("Listen on (ADDR:PORT)"),
    "listen hint": N_("127.0.0.1: this machine only; 0.0.0.0: another machine may join too."),
    "server": N_("Or open the room on a server already running (ADDR:PORT):"),
    "web seat": N_("Also offer the second seat in a web browser (a link to give)"),
    "server placeholder": N_("blank: run a server here"),
    "join title": N_("Join a game: type what your friend's screen shows."),
    "join server": N_("Server (ADDR:PORT)"),
    "room code": N_("Room code"),
}


def network_dialog(what: str) -> str:
    """The Host and Join dialogs' lines, by a short id."""
    return translated(NETWORK_DIALOG[what])


ONLINE: Final = {
    "title": N_(
        "Play online: the server pairs you with a player near your rating, or offers its bot "
        "after a wait. Esc leaves."
    ),
    "name": N_("Your name"),
    "seek": N_("Find a player"),
}


def online(what: str) -> str:
    """The Play online dialog's lines, by a short id."""
    return translated(ONLINE[what])


def waiting_online(seconds: int, seeking: int, playing: int, rating: str) -> str:
    """The Play online dialog while the server looks for a match."""
    waited = ngettext("Waiting: {n} second.", "Waiting: {n} seconds.", seconds).format(n=seconds)
    others = _("Seeking: {seeking} · playing: {playing} · your rating: {rating}. Esc leaves.")
    return f"{waited} {others.format(seeking=seeking, playing=playing, rating=rating)}"


def not_an_address(text: str) -> str:
    return _("Not an address: {text!r} — write it as ADDR:PORT.").format(text=text.strip())
