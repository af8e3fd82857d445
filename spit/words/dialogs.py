"""The game's dialogs: bindings, buttons, help, pause, match over, names, crashes."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, translated

BINDING: Final = {
    "resume": N_("Resume"),
    "help": N_("Help"),
    "quit": N_("Quit"),
    "keep playing": N_("Keep playing"),
    "give up": N_("Give it up"),
    "close help": N_("Close help"),
    "rematch": N_("Rematch"),
    "menu": N_("Menu"),
    "not now": N_("Not now"),
    "cancel": N_("Cancel"),
    "play pause": N_("Play/pause"),
    "step": N_("Step"),
    "step back": N_("Step back"),
    "faster": N_("Faster"),
    "slower": N_("Slower"),
    "next round": N_("Next round"),
    "previous round": N_("Previous round"),
    "first moment": N_("First moment"),
    "last moment": N_("Last moment"),
    "pause": N_("Pause"),
    "go on": N_("Go on"),
    "leave the practice": N_("Leave the practice"),
    "practise": N_("Practise"),
    "practice": N_("Practice"),
    "close the room": N_("Close the room"),
}


def binding(what: str) -> str:
    """A key's name in the footer, by a short id (the keys themselves are the screens')."""
    return translated(BINDING[what])


DIALOG_TEXT: Final = {
    "paused": N_("Paused"),
    "pause keys in a browser": N_("Esc: resume  ·  H: help  ·  Q: quit"),
    "pause keys": N_("Esc: resume  ·  F1: help  ·  Ctrl+Q: quit"),
    "quit or keep in a browser": N_(
        "Quit this match?\nQ: quit and keep it for later (spit resume)\n"
        "Ctrl+D: quit and give it up · Esc: keep playing"
    ),
    "quit or keep": N_(
        "Quit this match?\nCtrl+Q: quit and keep it for later (spit resume)\n"
        "Ctrl+D: quit and give it up · Esc: keep playing"
    ),
    "quit in a browser": N_("Quit this match?\nQ: quit · Esc: keep playing"),
    "quit": N_("Quit this match?\nCtrl+Q: quit · Esc: keep playing"),
    "quit for both in a browser": N_(
        "Quit this match? It ends for your friend too.\nQ: quit · Esc: keep playing"
    ),
    "quit for both": N_(
        "Quit this match? It ends for your friend too.\nCtrl+Q: quit · Esc: keep playing"
    ),
    "help title": N_("Spit — help (Esc or F1 to close)"),
    "help against the bot": N_("Against the bot both halves of the keyboard are yours."),
    "help in a browser": N_(
        "In a browser, F1 and Ctrl+Q may belong to the browser (Ctrl+Q closes "
        "Firefox on Linux): press Esc, then H for this help or Q to quit."
    ),
    "resume keys": N_("Enter: resume · Ctrl+D: give it up · Esc: not now"),
    "close room keys": N_("Esc: close the room"),
}


def dialog_text(what: str) -> str:
    """A dialog's own lines, by a short id; ``… in a browser`` where the browser takes F1 and
    Ctrl+Q."""
    return translated(DIALOG_TEXT[what])


BUTTON: Final = {
    "keep in a browser": N_("Keep it (Q)"),
    "keep": N_("Keep it (Ctrl+Q)"),
    "give up": N_("Give up (Ctrl+D)"),
    "play on": N_("Play on (Esc)"),
    "quit in a browser": N_("Quit (Q)"),
    "quit": N_("Quit (Ctrl+Q)"),
    "keep playing": N_("Keep playing (Esc)"),
    "rematch": N_("Rematch (Ctrl+R)"),
    "menu": N_("Menu (Esc)"),
    "resume": N_("Resume (Enter)"),
    "not now": N_("Not now (Esc)"),
    "keep names": N_("Keep (Enter)"),
    "cancel": N_("Cancel (Esc)"),
    "host": N_("Host (Enter)"),
    "join": N_("Join (Enter)"),
}


def button(what: str) -> str:
    """A dialog's button with its key, by a short id; ``… in a browser`` where the browser
    takes Ctrl+Q."""
    return translated(BUTTON[what])


KEYS_ROW: Final = {
    "left": N_("onto the left pile (slap left)"),
    "right": N_("onto the right pile (slap right)"),
    "fill": N_("into an empty slot"),
    "stock": N_("stock"),
    "spit": N_("spit / ready"),
}


def keys_row(what: str) -> str:
    """The help's table of keys: what a row of keys does, by row."""
    return translated(KEYS_ROW[what])


MATCH_FIGURE: Final = {
    "points": N_("points (lowest wins)"),
    "held": N_("cards held at the end"),
    "played": N_("cards played"),
    "median reaction": N_("median reaction"),
    "plays a minute": N_("plays a minute"),
    "total reached 100": N_("a total reached 100"),
    "lower total wins": N_("a player held no cards, the lower total wins"),
    "no cards": N_("won by holding no cards"),
    "rating": N_("rating (online)"),
}


def match_figure(what: str) -> str:
    """The match-over screen's rows and its line on how the match ended, by a short id."""
    return translated(MATCH_FIGURE[what])


def round_number(n: int) -> str:
    return _("Round {n}").format(n=n)


def rules_in_brief() -> tuple[str, ...]:
    """The rules in brief, translated, for the help screen; docs/rules.md has them in full."""
    return (
        _("Get rid of all your cards: five stocks, top card up, and your spit cards."),
        _(
            "Both press SPIT: each turns a spit card onto their own pile (player 1 left, "
            "player 2 right)."
        ),
        _(
            "Then play at once, no turns: a top card goes on a spit pile one rank up or down, any "
            "suit; an Ace sits between King and 2."
        ),
        _(
            "An empty slot? Fill it from a stock to turn up the card beneath. Nobody can "
            "move: both press SPIT."
        ),
        _(
            "Someone played out their stocks: SLAP the smaller pile! The first slap takes it, the "
            "other player gets the other one."
        ),
        _(
            "15 cards or fewer: no spit cards for you, so one spit pile, which both pile keys "
            "play on. Play out your stocks first and you have no cards left."
        ),
        _("A wrong card locks your hand for a moment; a lost race does not."),
        _(
            "Standard: the first with no cards left wins. Points: a point per card held after "
            "each round; at 100, or once a player has no cards left, the lowest total wins."
        ),
    )


def crashed(*, error: str, where: str) -> str:
    """The line left in the terminal after a crash."""
    return _("spit: the game crashed ({error}); {where}").format(error=error, where=where)


APP_NOTICE: Final = {
    "no bot, choose": N_("The bot is not installed; choose two players."),
    "no bot, cannot go on": N_("The bot is not installed; this match cannot go on."),
    "no crash log": N_("no log could be written"),
    "unexpected error": N_("an unexpected error"),
}


def app_notice(what: str) -> str:
    """The app's own notices, by a short id."""
    return translated(APP_NOTICE[what])
