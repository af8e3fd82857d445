"""The game's dialogs: bindings, buttons, help, pause, match over, names, crashes."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import _, ngettext
from spit.settings.keymap import KeyMapError
from spit.words.config import key_map_error


def terminal_too_small(*, w: int, h: int, now_w: int, now_h: int) -> str:
    """The notice over a terminal smaller than the game needs."""
    return _("Enlarge the terminal to at least {w}×{h}\n(it is {now_w}×{now_h} now)").format(
        w=w, h=h, now_w=now_w, now_h=now_h
    )


class BindingName(StrEnum):
    """A footer key's name that :func:`binding` gives."""

    RESUME = "resume"
    HELP = "help"
    QUIT = "quit"
    KEEP_PLAYING = "keep playing"
    GIVE_UP = "give up"
    CLOSE_HELP = "close help"
    REMATCH = "rematch"
    MENU = "menu"
    NOT_NOW = "not now"
    CANCEL = "cancel"
    PLAY_PAUSE = "play pause"
    STEP = "step"
    STEP_BACK = "step back"
    FASTER = "faster"
    SLOWER = "slower"
    NEXT_ROUND = "next round"
    PREVIOUS_ROUND = "previous round"
    PAUSE = "pause"
    GO_ON = "go on"
    LEAVE_THE_PRACTICE = "leave the practice"
    PRACTISE = "practise"
    PRACTICE = "practice"
    CLOSE_THE_ROOM = "close the room"


def binding(what: BindingName) -> str:
    """A key's name in the footer, by a short id (the keys themselves are the screens')."""
    what = BindingName(what)
    match what:
        case BindingName.RESUME:
            return _("Resume")
        case BindingName.HELP:
            return _("Help")
        case BindingName.QUIT:
            return _("Quit")
        case BindingName.KEEP_PLAYING:
            return _("Keep playing")
        case BindingName.GIVE_UP:
            return _("Give it up")
        case BindingName.CLOSE_HELP:
            return _("Close help")
        case BindingName.REMATCH:
            return _("Rematch")
        case BindingName.MENU:
            return _("Menu")
        case BindingName.NOT_NOW:
            return _("Not now")
        case BindingName.CANCEL:
            return _("Cancel")
        case BindingName.PLAY_PAUSE:
            return _("Play/pause")
        case BindingName.STEP:
            return _("Step")
        case BindingName.STEP_BACK:
            return _("Step back")
        case BindingName.FASTER:
            return _("Faster")
        case BindingName.SLOWER:
            return _("Slower")
        case BindingName.NEXT_ROUND:
            return _("Next round")
        case BindingName.PREVIOUS_ROUND:
            return _("Previous round")
        case BindingName.PAUSE:
            return _("Pause")
        case BindingName.GO_ON:
            return _("Go on")
        case BindingName.LEAVE_THE_PRACTICE:
            return _("Leave the practice")
        case BindingName.PRACTISE:
            return _("Practise")
        case BindingName.PRACTICE:
            return _("Practice")
        case BindingName.CLOSE_THE_ROOM:
            return _("Close the room")
    assert_never(what)


class DialogText(StrEnum):
    """A dialog line that :func:`dialog_text` gives."""

    PAUSED = "paused"
    PAUSE_KEYS_IN_A_BROWSER = "pause keys in a browser"
    PAUSE_KEYS = "pause keys"
    QUIT_OR_KEEP_IN_A_BROWSER = "quit or keep in a browser"
    QUIT_OR_KEEP = "quit or keep"
    QUIT_IN_A_BROWSER = "quit in a browser"
    QUIT = "quit"
    QUIT_FOR_BOTH_IN_A_BROWSER = "quit for both in a browser"
    QUIT_FOR_BOTH = "quit for both"
    HELP_TITLE = "help title"
    HELP_AGAINST_THE_BOT = "help against the bot"
    HELP_IN_A_BROWSER = "help in a browser"
    RESUME_KEYS = "resume keys"
    CLOSE_ROOM_KEYS = "close room keys"


def dialog_text(what: DialogText) -> str:
    """A dialog's own lines, by a short id; ``… in a browser`` where the browser takes F1 and
    Ctrl+Q."""
    what = DialogText(what)
    match what:
        case DialogText.PAUSED:
            return _("Paused")
        case DialogText.PAUSE_KEYS_IN_A_BROWSER:
            return _("Esc: resume  ·  H: help  ·  Q: quit")
        case DialogText.PAUSE_KEYS:
            return _("Esc: resume  ·  F1: help  ·  Ctrl+Q: quit")
        case DialogText.QUIT_OR_KEEP_IN_A_BROWSER:
            return _(
                "Quit this match?\nQ: quit and keep it for later (spit resume)\n"
                "Ctrl+D: quit and give it up · Esc: keep playing"
            )
        case DialogText.QUIT_OR_KEEP:
            return _(
                "Quit this match?\nCtrl+Q: quit and keep it for later (spit resume)\n"
                "Ctrl+D: quit and give it up · Esc: keep playing"
            )
        case DialogText.QUIT_IN_A_BROWSER:
            return _("Quit this match?\nQ: quit · Esc: keep playing")
        case DialogText.QUIT:
            return _("Quit this match?\nCtrl+Q: quit · Esc: keep playing")
        case DialogText.QUIT_FOR_BOTH_IN_A_BROWSER:
            return _("Quit this match? It ends for your friend too.\nQ: quit · Esc: keep playing")
        case DialogText.QUIT_FOR_BOTH:
            return _(
                "Quit this match? It ends for your friend too.\nCtrl+Q: quit · Esc: keep playing"
            )
        case DialogText.HELP_TITLE:
            return _("Spit — help (Esc or F1 to close)")
        case DialogText.HELP_AGAINST_THE_BOT:
            return _("Against the bot both halves of the keyboard are yours.")
        case DialogText.HELP_IN_A_BROWSER:
            return _(
                "In a browser, F1 and Ctrl+Q may belong to the browser (Ctrl+Q closes "
                "Firefox on Linux): press Esc, then H for this help or Q to quit."
            )
        case DialogText.RESUME_KEYS:
            return _("Enter: resume · Ctrl+D: give it up · Esc: not now")
        case DialogText.CLOSE_ROOM_KEYS:
            return _("Esc: close the room")
    assert_never(what)


class Button(StrEnum):
    """A dialog button that :func:`button` gives."""

    KEEP_IN_A_BROWSER = "keep in a browser"
    KEEP = "keep"
    GIVE_UP = "give up"
    PLAY_ON = "play on"
    QUIT_IN_A_BROWSER = "quit in a browser"
    QUIT = "quit"
    KEEP_PLAYING = "keep playing"
    REMATCH = "rematch"
    MENU = "menu"
    RESUME = "resume"
    NOT_NOW = "not now"
    KEEP_NAMES = "keep names"
    CANCEL = "cancel"
    HOST = "host"
    JOIN = "join"


def button(what: Button) -> str:
    """A dialog's button with its key, by a short id; ``… in a browser`` where the browser
    takes Ctrl+Q."""
    what = Button(what)
    match what:
        case Button.KEEP_IN_A_BROWSER:
            return _("Keep it (Q)")
        case Button.KEEP:
            return _("Keep it (Ctrl+Q)")
        case Button.GIVE_UP:
            return _("Give up (Ctrl+D)")
        case Button.PLAY_ON:
            return _("Play on (Esc)")
        case Button.QUIT_IN_A_BROWSER:
            return _("Quit (Q)")
        case Button.QUIT:
            return _("Quit (Ctrl+Q)")
        case Button.KEEP_PLAYING:
            return _("Keep playing (Esc)")
        case Button.REMATCH:
            return _("Rematch (Ctrl+R)")
        case Button.MENU:
            return _("Menu (Esc)")
        case Button.RESUME:
            return _("Resume (Enter)")
        case Button.NOT_NOW:
            return _("Not now (Esc)")
        case Button.KEEP_NAMES:
            return _("Keep (Enter)")
        case Button.CANCEL:
            return _("Cancel (Esc)")
        case Button.HOST:
            return _("Host (Enter)")
        case Button.JOIN:
            return _("Join (Enter)")
    assert_never(what)


class KeysRow(StrEnum):
    """A row of the help's table of keys that :func:`keys_row` gives."""

    LEFT = "left"
    RIGHT = "right"
    FILL = "fill"
    STOCK = "stock"
    SPIT = "spit"


def keys_row(what: KeysRow) -> str:
    """The help's table of keys: what a row of keys does, by row."""
    what = KeysRow(what)
    match what:
        case KeysRow.LEFT:
            return _("onto the left pile (slap left)")
        case KeysRow.RIGHT:
            return _("onto the right pile (slap right)")
        case KeysRow.FILL:
            return _("into an empty slot")
        case KeysRow.STOCK:
            return _("stock")
        case KeysRow.SPIT:
            return _("spit / ready")
    assert_never(what)


class MatchFigure(StrEnum):
    """A match-over row or ending that :func:`match_figure` gives."""

    POINTS = "points"
    HELD = "held"
    PLAYED = "played"
    MEDIAN_REACTION = "median reaction"
    PLAYS_A_MINUTE = "plays a minute"
    TOTAL_REACHED_100 = "total reached 100"
    LOWER_TOTAL_WINS = "lower total wins"
    NO_CARDS = "no cards"


def match_figure(what: MatchFigure) -> str:
    """The match-over screen's rows and its line on how the match ended, by a short id."""
    what = MatchFigure(what)
    match what:
        case MatchFigure.POINTS:
            return _("points (lowest wins)")
        case MatchFigure.HELD:
            return _("cards held at the end")
        case MatchFigure.PLAYED:
            return _("cards played")
        case MatchFigure.MEDIAN_REACTION:
            return _("median reaction")
        case MatchFigure.PLAYS_A_MINUTE:
            return _("plays a minute")
        case MatchFigure.TOTAL_REACHED_100:
            return _("a total reached 100")
        case MatchFigure.LOWER_TOTAL_WINS:
            return _("a player held no cards, the lower total wins")
        case MatchFigure.NO_CARDS:
            return _("won by holding no cards")
    assert_never(what)


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


class NamesDialog(StrEnum):
    """A line of the names dialog that :func:`names_dialog` gives."""

    TITLE = "title"
    PLAYER_1 = "player 1"
    PLAYER_2 = "player 2"


def names_dialog(what: NamesDialog) -> str:
    """The names dialog's lines, by a short id."""
    what = NamesDialog(what)
    match what:
        case NamesDialog.TITLE:
            return _("Your names, kept with every match you play (blank: the default)")
        case NamesDialog.PLAYER_1:
            return _("Player 1 (the left half; you, against the bot)")
        case NamesDialog.PLAYER_2:
            return _("Player 2 (the right half)")
    assert_never(what)


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


class AppNotice(StrEnum):
    """An app notice that :func:`app_notice` gives."""

    NO_BOT_CHOOSE = "no bot, choose"
    NO_BOT_CANNOT_GO_ON = "no bot, cannot go on"
    NO_CRASH_LOG = "no crash log"
    UNEXPECTED_ERROR = "unexpected error"


def app_notice(what: AppNotice) -> str:
    """The app's own notices, by a short id."""
    what = AppNotice(what)
    match what:
        case AppNotice.NO_BOT_CHOOSE:
            return _("The bot is not installed; choose two players.")
        case AppNotice.NO_BOT_CANNOT_GO_ON:
            return _("The bot is not installed; this match cannot go on.")
        case AppNotice.NO_CRASH_LOG:
            return _("no log could be written")
        case AppNotice.UNEXPECTED_ERROR:
            return _("an unexpected error")
    assert_never(what)
