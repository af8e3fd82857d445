"""The game's dialogs: bindings, buttons, help, pause, match over, names, crashes."""

from __future__ import annotations

from spit.i18n import _, ngettext
from spit.settings.keymap import KeyMapError
from spit.words.config import key_map_error


def terminal_too_small(*, w: int, h: int, now_w: int, now_h: int) -> str:
    """The notice over a terminal smaller than the game needs."""
    return _("Enlarge the terminal to at least {w}×{h}\n(it is {now_w}×{now_h} now)").format(
        w=w, h=h, now_w=now_w, now_h=now_h
    )


def binding(what: str) -> str:
    """A key's name in the footer, by a short id (the keys themselves are the screens')."""
    match what:
        case "resume":
            return _("Resume")
        case "help":
            return _("Help")
        case "quit":
            return _("Quit")
        case "keep playing":
            return _("Keep playing")
        case "give up":
            return _("Give it up")
        case "close help":
            return _("Close help")
        case "rematch":
            return _("Rematch")
        case "menu":
            return _("Menu")
        case "not now":
            return _("Not now")
        case "cancel":
            return _("Cancel")
        case "play pause":
            return _("Play/pause")
        case "step":
            return _("Step")
        case "step back":
            return _("Step back")
        case "faster":
            return _("Faster")
        case "slower":
            return _("Slower")
        case "next round":
            return _("Next round")
        case "previous round":
            return _("Previous round")
        case "pause":
            return _("Pause")
        case "go on":
            return _("Go on")
        case "leave the practice":
            return _("Leave the practice")
        case "practise":
            return _("Practise")
        case "practice":
            return _("Practice")
    raise ValueError(what)


def dialog_text(what: str) -> str:
    """A dialog's own lines, by a short id; ``… in a browser`` where the browser takes F1 and
    Ctrl+Q."""
    match what:
        case "paused":
            return _("Paused")
        case "pause keys in a browser":
            return _("Esc: resume  ·  H: help  ·  Q: quit")
        case "pause keys":
            return _("Esc: resume  ·  F1: help  ·  Ctrl+Q: quit")
        case "quit or keep in a browser":
            return _(
                "Quit this match?\nQ: quit and keep it for later (spit resume)\n"
                "Ctrl+D: quit and give it up · Esc: keep playing"
            )
        case "quit or keep":
            return _(
                "Quit this match?\nCtrl+Q: quit and keep it for later (spit resume)\n"
                "Ctrl+D: quit and give it up · Esc: keep playing"
            )
        case "quit in a browser":
            return _("Quit this match?\nQ: quit · Esc: keep playing")
        case "quit":
            return _("Quit this match?\nCtrl+Q: quit · Esc: keep playing")
        case "help title":
            return _("Spit — help (Esc or F1 to close)")
        case "help against the bot":
            return _("Against the bot both halves of the keyboard are yours.")
        case "help in a browser":
            return _(
                "In a browser, F1 and Ctrl+Q may belong to the browser (Ctrl+Q closes "
                "Firefox on Linux): press Esc, then H for this help or Q to quit."
            )
        case "resume keys":
            return _("Enter: resume · Ctrl+D: give it up · Esc: not now")
    raise ValueError(what)


def button(what: str) -> str:
    """A dialog's button with its key, by a short id; ``… in a browser`` where the browser
    takes Ctrl+Q."""
    match what:
        case "keep in a browser":
            return _("Keep it (Q)")
        case "keep":
            return _("Keep it (Ctrl+Q)")
        case "give up":
            return _("Give up (Ctrl+D)")
        case "play on":
            return _("Play on (Esc)")
        case "quit in a browser":
            return _("Quit (Q)")
        case "quit":
            return _("Quit (Ctrl+Q)")
        case "keep playing":
            return _("Keep playing (Esc)")
        case "rematch":
            return _("Rematch (Ctrl+R)")
        case "menu":
            return _("Menu (Esc)")
        case "resume":
            return _("Resume (Enter)")
        case "not now":
            return _("Not now (Esc)")
        case "keep names":
            return _("Keep (Enter)")
        case "cancel":
            return _("Cancel (Esc)")
        case "host":
            return _("Host (Enter)")
        case "join":
            return _("Join (Enter)")
    raise ValueError(what)


def keys_row(what: str) -> str:
    """The help's table of keys: what a row of keys does, by row."""
    match what:
        case "left":
            return _("onto the left pile (slap left)")
        case "right":
            return _("onto the right pile (slap right)")
        case "fill":
            return _("into an empty slot")
        case "stock":
            return _("stock")
        case "spit":
            return _("spit / ready")
    raise ValueError(what)


def match_figure(what: str) -> str:
    """The match-over screen's rows and its line on how the match ended, by a short id."""
    match what:
        case "points":
            return _("points (lowest wins)")
        case "held":
            return _("cards held at the end")
        case "played":
            return _("cards played")
        case "median reaction":
            return _("median reaction")
        case "plays a minute":
            return _("plays a minute")
        case "total reached 100":
            return _("a total reached 100")
        case "lower total wins":
            return _("a player held no cards, the lower total wins")
        case "no cards":
            return _("won by holding no cards")
    raise ValueError(what)


def player_cards(name: str, n: int) -> str:
    """A player and how many cards they hold, in the resume offer."""
    return ngettext("{name} {n} card", "{name} {n} cards", n).format(name=name, n=n)


def round_number(n: int) -> str:
    """Which round a match is in."""
    return _("Round {n}").format(n=n)


def resume_question(*, when: str) -> str:
    """The resume offer's question: the match from ``when``."""
    return _("Resume the match from {when}?").format(when=when)


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
            "Someone played all their stocks: SLAP the smaller pile! The first slap takes it, the "
            "other player gets the other one."
        ),
        _(
            "15 cards or fewer: no spit cards for you, so one spit pile, which both pile keys "
            "play on. Go out first and you hold nothing."
        ),
        _("A wrong card locks your hand for a moment; a lost race does not."),
        _(
            "Standard: the first to end a round holding no cards wins. Points: a point per card "
            "held after each round; at 100 the lowest total wins."
        ),
    )


def name_too_long(*, n: int) -> str:
    """A name longer than the ``n`` characters a name may have."""
    return _("A name is up to {n} letters, digits or spaces.").format(n=n)


def names_dialog(what: str) -> str:
    """The names dialog's lines, by a short id."""
    match what:
        case "title":
            return _("Your names, kept with every match you play (blank: the default)")
        case "player 1":
            return _("Player 1 (the left half; you, against the bot)")
        case "player 2":
            return _("Player 2 (the right half)")
    raise ValueError(what)


def keys_do_not_fit(*, layout: str, error: KeyMapError) -> str:
    """The config's remapped keys clash with a keyboard layout."""
    return _("Your remapped keys do not fit {layout}: {error}").format(
        layout=layout, error=key_map_error(error)
    )


def crash_log_at(*, path: str) -> str:
    """Where the crash's details were written."""
    return _("the details are in {path}").format(path=path)


def crashed(*, error: str, where: str) -> str:
    """The line left in the terminal after a crash."""
    return _("spit: the game crashed ({error}); {where}").format(error=error, where=where)


def app_notice(what: str) -> str:
    """The app's own notices, by a short id."""
    match what:
        case "no bot, choose":
            return _("The bot is not installed; choose two players.")
        case "no bot, cannot go on":
            return _("The bot is not installed; this match cannot go on.")
        case "no crash log":
            return _("no log could be written")
        case "unexpected error":
            return _("an unexpected error")
    raise ValueError(what)
