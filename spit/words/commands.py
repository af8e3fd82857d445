"""The command line's words: argparse's own, every flag's help, usage errors."""

from __future__ import annotations

from typing import Final

from spit.i18n import N_, _, translated
from spit.words.numbers import Number

ARGPARSE: tuple[str, ...] = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unrecognized arguments: %s"),
)
"""The words argparse itself writes into ``--help`` and its errors, so that they are in the
catalogues; :func:`spit.i18n.translate_argparse` makes argparse look them up there."""


def not_a_number(*, text: str) -> str:
    return _("not a number: {text!r}").format(text=text)


def not_a_whole_number(*, text: str) -> str:
    return _("not a whole number: {text!r}").format(text=text)


def out_of_range(*, low: float, high: float, text: str) -> str:
    return _("must be between {low:g} and {high:g} seconds, not {text}").format(
        low=Number(low), high=Number(high), text=text
    )


def usage_error(*, command: str, problem: str) -> str:
    """A command-line mistake in one line: the command, the problem, where to read more."""
    return _("{command}: {problem} (see '{command} --help')").format(
        command=command, problem=problem
    )


def unrecognized_arguments(*, words: str) -> str:
    return _("unrecognized arguments: {words}").format(words=words)


def config_epilog(*, path: object) -> str:
    """The end of ``spit --help``: what the config file at ``path`` can set."""
    return _(
        "Language, keyboard layout, remapped keys, display and lockout can be set in the "
        "config file "
        "{path} (or the file SPIT_CONFIG names); flags on the command line win over it."
    ).format(path=path)


def lang_option_help(*, codes: str) -> str:
    return _(
        "the language to speak: {codes} (default: the config file's, else the environment's)"
    ).format(codes=codes)


def bot_option_help(*, levels: str, adaptive: str) -> str:
    return _(
        "play against the bot at LEVEL: {levels} (weakest first; easy, normal, hard and "
        "expert still work), or {adaptive}, which moves along the ladder to meet you"
    ).format(levels=levels, adaptive=adaptive)


def keys_option_help(*, layouts: str) -> str:
    return _("keyboard layout: {layouts} (default: the config file's, else the language's)").format(
        layouts=layouts
    )


COMMAND_HELP: Final = {
    "spit": N_(
        "Spit (Speed, Slam), the real-time card game: two players on one keyboard, "
        "or one against the bot. Without a command, the start menu opens."
    ),
    "--version": N_("show the version"),
    "--no-config": N_(
        "read no config file: the language's keys and the usual look and names (a "
        "browser seat of spit host --web plays so, not with the host's settings)"
    ),
    "commands": N_("commands"),
    "play": N_("start a match at once, without the menu"),
    "play/": N_("Start a match at once: two players on one keyboard, or one against the bot."),
    "play --two-player": N_(
        "two people, one keyboard: player 1 the left half, player 2 the right half"
    ),
    "play --variant": N_(
        "standard (first to hold no cards wins; the default) or points (to 100, lowest wins)"
    ),
    "play --seed": N_("shuffle seed, to replay the same deals"),
    "play --ascii": N_("suits as S H D C, for terminals without ♠♥♦♣"),
    "play --four-colour": N_("a four-colour deck: each suit its own colour"),
    "play --lockout": N_(
        "how long a fumble locks the hand, 0 to 2 seconds (default 0.5; 0 turns it off)"
    ),
    "practice": N_("a guided practice round against a bot that waits for you"),
    "practice/": N_(
        "A guided practice round: a real deal against a bot that moves only when you "
        "cannot, with each step explained under the table. It is not kept in your history."
    ),
    "simulate": N_("play matches bot against bot, headless, and report who wins"),
    "simulate/": N_(
        "Play whole matches bot against bot on a virtual clock (no waiting), with the "
        "same engine and bot as the game, and report wins, rounds and speed. The same "
        "arguments always give the same results. Seats alternate every match."
    ),
    "simulate --games": N_("matches to play"),
    "simulate --variant": N_("standard (first to hold no cards) or points (to 100, lowest wins)"),
    "simulate --seed": N_("seed for the deals and the bots' hands (default 1)"),
    "simulate --json": N_("print one JSON object on stdout instead of a table"),
    "ladder": N_("play every bot level against every other and rate them"),
    "ladder/": N_(
        "A round robin of the bot's ladder on the simulator: every level plays every "
        "other, seats alternating; then Elo ratings fitted to all results (Bradley-Terry, "
        "maximum likelihood, 95% intervals), the win rates and each level's figures. "
        "The same arguments always give the same results."
    ),
    "ladder --games": N_("matches per pair of levels (default 200)"),
    "ladder --variant": N_("standard (first to hold no cards) or points (to 100, lowest wins)"),
    "ladder --seed": N_("seed for the deals and the bots' hands (default 1)"),
    "ladder --json": N_("print one JSON object on stdout instead of tables"),
    "stats": N_("your history: wins by opponent, streaks, fastest round, reactions"),
    "stats/": N_(
        "Figures from every match recorded on this machine: matches and wins by opponent "
        "(each bot level, and named people), win streaks, the fastest round and each "
        "player's median reaction over time."
    ),
    "stats --json": N_("print one JSON object on stdout instead of tables"),
    "resume": N_("go on with a match that did not finish (the newest one, or FILE)"),
    "resume/": N_(
        "Go on with a match that did not finish — spit was killed, the terminal closed, "
        "or the match was kept on quitting — exactly where it stopped, paused."
    ),
    "resume FILE": N_("a record file (default: the newest unfinished)"),
    "replay": N_("play a recorded match back (FILE, or last)"),
    "replay/": N_(
        "Play a recorded match back on the table: real speed, faster or slower, pause, "
        "one action forward or back, a jump to a round; with each player's reaction "
        "times, missed plays and lost races."
    ),
    "replay FILE": N_("a record file, or last for the newest match (the default)"),
    "server": N_("run a game server for any number of rooms, headless"),
    "server/": N_(
        "Run a game server: players open rooms on it with 'spit host --server' and join "
        "them with 'spit join'. One log line per room event; Ctrl-C or SIGTERM stops it."
    ),
    "server --grace": N_(
        "how long a dropped player's seat is kept before the match is abandoned (60)"
    ),
    "server --workers": N_("how many server processes share this address (1; more needs --redis)"),
    "server --redis": N_(
        "redis://HOST:PORT of the Redis holding the directory of rooms, shared by the "
        "server's processes on this machine and on others"
    ),
    "server --advertise": N_(
        "the address players reach this machine at, where --bind is 0.0.0.0 or :: "
        "(with --redis, a process sends players on to another there)"
    ),
    "host": N_("open a room for a friend to join over the network"),
    "host/": N_(
        "Open a room and play seat 1. Without --server a server starts in this process; "
        "the friend joins with the command shown: spit join ADDR:PORT CODE."
    ),
    "host --server": N_("open the room on a server already running there"),
    "host --variant": N_(
        "standard (first to hold no cards wins; the default) or points (to 100, lowest wins)"
    ),
    "host --seed": N_(
        "shuffle seed, to replay the same deals (the friend is told the deal is seeded)"
    ),
    "host --web": N_(
        "also serve the second seat to a web browser: the friend opens the link shown, "
        "with nothing installed"
    ),
    "join": N_("join a friend's room over the network"),
    "join/": N_("Take seat 2 in the room CODE on the server at ADDR:PORT."),
    "join ADDR": N_("the server"),
    "join CODE": N_("the room code, e.g. ABCD-EFGH"),
    "--pace": N_("run every room's game clock N times faster (for bot matches and tests)"),
    "--json": N_("with --bot: print JSON lines (the room code, then the result) for scripts"),
    "--name": N_("your name at the table"),
    "web": N_("serve spit to a web browser"),
    "web/": N_(
        "Serve spit to web browsers: open the address it prints and the start menu "
        "appears in the page; two players on one keyboard or against the bot, as in the "
        "terminal. Every browser tab gets a table of its own."
    ),
}


def command_help(what: str) -> str:
    """The command line's help for each command and option, by name: ``play --seed``;
    ``play/`` heads the command's own ``--help``."""
    return translated(COMMAND_HELP[what])
