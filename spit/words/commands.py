"""The command line's words: argparse's own, every flag's help, usage errors."""

from __future__ import annotations

from enum import StrEnum
from typing import assert_never

from spit.i18n import N_, _
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
    """A number flag's complaint: ``text`` is no number."""
    return _("not a number: {text!r}").format(text=text)


def out_of_range(*, low: float, high: float, text: str) -> str:
    """A seconds flag's complaint: ``text`` lies outside ``low`` to ``high``."""
    return _("must be between {low:g} and {high:g} seconds, not {text}").format(
        low=Number(low), high=Number(high), text=text
    )


def usage_error(*, command: str, problem: str) -> str:
    """A command-line mistake in one line: the command, the problem, where to read more."""
    return _("{command}: {problem} (see '{command} --help')").format(
        command=command, problem=problem
    )


def unrecognized_arguments(*, words: str) -> str:
    """Words a command does not take."""
    return _("unrecognized arguments: {words}").format(words=words)


def config_epilog(*, path: object) -> str:
    """The end of ``spit --help``: what the config file at ``path`` can set."""
    return _(
        "Language, keyboard layout, remapped keys, display and lockout can be set in the "
        "config file "
        "{path} (or the file SPIT_CONFIG names); flags on the command line win over it."
    ).format(path=path)


def lang_option_help(*, codes: str) -> str:
    """The help for ``--lang``: the language ``codes`` it takes."""
    return _(
        "the language to speak: {codes} (default: the config file's, else the environment's)"
    ).format(codes=codes)


def bot_option_help(*, levels: str, adaptive: str) -> str:
    """The help for ``play --bot``: the ladder's ``levels`` and the ``adaptive`` bot."""
    return _(
        "play against the bot at LEVEL: {levels} (weakest first; easy, normal, hard and "
        "expert still work), or {adaptive}, which moves along the ladder to meet you"
    ).format(levels=levels, adaptive=adaptive)


def keys_option_help(*, layouts: str) -> str:
    """The help for ``--keys``: the keyboard ``layouts`` it takes."""
    return _("keyboard layout: {layouts} (default: the config file's, else the language's)").format(
        layouts=layouts
    )


class CommandHelp(StrEnum):
    """A command or option whose help :func:`command_help` gives (``…_DESCRIPTION``: the head
    of the command's own ``--help``)."""

    SPIT = "spit"
    VERSION = "--version"
    NO_CONFIG = "--no-config"
    COMMANDS = "commands"
    PLAY = "play"
    PLAY_DESCRIPTION = "play/"
    PLAY_TWO_PLAYER = "play --two-player"
    PLAY_VARIANT = "play --variant"
    PLAY_SEED = "play --seed"
    PLAY_ASCII = "play --ascii"
    PLAY_FOUR_COLOUR = "play --four-colour"
    PLAY_LOCKOUT = "play --lockout"
    PRACTICE = "practice"
    PRACTICE_DESCRIPTION = "practice/"
    SIMULATE = "simulate"
    SIMULATE_DESCRIPTION = "simulate/"
    SIMULATE_GAMES = "simulate --games"
    SIMULATE_VARIANT = "simulate --variant"
    SIMULATE_SEED = "simulate --seed"
    SIMULATE_JSON = "simulate --json"
    LADDER = "ladder"
    LADDER_DESCRIPTION = "ladder/"
    LADDER_GAMES = "ladder --games"
    LADDER_VARIANT = "ladder --variant"
    LADDER_SEED = "ladder --seed"
    LADDER_JSON = "ladder --json"
    STATS = "stats"
    STATS_DESCRIPTION = "stats/"
    STATS_JSON = "stats --json"
    RESUME = "resume"
    RESUME_DESCRIPTION = "resume/"
    RESUME_FILE = "resume FILE"
    REPLAY = "replay"
    REPLAY_DESCRIPTION = "replay/"
    REPLAY_FILE = "replay FILE"
    SERVER = "server"
    SERVER_DESCRIPTION = "server/"
    SERVER_GRACE = "server --grace"
    SERVER_WORKERS = "server --workers"
    SERVER_REDIS = "server --redis"
    SERVER_ADVERTISE = "server --advertise"
    HOST = "host"
    HOST_DESCRIPTION = "host/"
    HOST_SERVER = "host --server"
    HOST_VARIANT = "host --variant"
    HOST_SEED = "host --seed"
    HOST_WEB = "host --web"
    JOIN = "join"
    JOIN_DESCRIPTION = "join/"
    JOIN_ADDR = "join ADDR"
    JOIN_CODE = "join CODE"
    PACE = "--pace"
    JSON = "--json"
    NAME = "--name"
    WEB = "web"
    WEB_DESCRIPTION = "web/"


def command_help(what: CommandHelp) -> str:
    """The command line's help for each command and option, by name: ``play --seed``;
    ``play/`` heads the command's own ``--help``."""
    what = CommandHelp(what)
    match what:
        case CommandHelp.SPIT:
            return _(
                "Spit (Speed, Slam), the real-time card game: two players on one keyboard, "
                "or one against the bot. Without a command, the start menu opens."
            )
        case CommandHelp.VERSION:
            return _("show the version")
        case CommandHelp.NO_CONFIG:
            return _(
                "read no config file: the language's keys and the usual look and names (a "
                "browser seat of spit host --web plays so, not with the host's settings)"
            )
        case CommandHelp.COMMANDS:
            return _("commands")
        case CommandHelp.PLAY:
            return _("start a match at once, without the menu")
        case CommandHelp.PLAY_DESCRIPTION:
            return _("Start a match at once: two players on one keyboard, or one against the bot.")
        case CommandHelp.PLAY_TWO_PLAYER:
            return _("two people, one keyboard: player 1 the left half, player 2 the right half")
        case CommandHelp.PLAY_VARIANT:
            return _(
                "standard (first to hold no cards wins; the default) "
                "or points (to 100, lowest wins)"
            )
        case CommandHelp.PLAY_SEED:
            return _("shuffle seed, to replay the same deals")
        case CommandHelp.PLAY_ASCII:
            return _("suits as S H D C, for terminals without ♠♥♦♣")
        case CommandHelp.PLAY_FOUR_COLOUR:
            return _("a four-colour deck: each suit its own colour")
        case CommandHelp.PLAY_LOCKOUT:
            return _(
                "how long a fumble locks the hand, 0 to 2 seconds (default 0.5; 0 turns it off)"
            )
        case CommandHelp.PRACTICE:
            return _("a guided practice round against a bot that waits for you")
        case CommandHelp.PRACTICE_DESCRIPTION:
            return _(
                "A guided practice round: a real deal against a bot that moves only when you "
                "cannot, with each step explained under the table. It is not kept in your history."
            )
        case CommandHelp.SIMULATE:
            return _("play matches bot against bot, headless, and report who wins")
        case CommandHelp.SIMULATE_DESCRIPTION:
            return _(
                "Play whole matches bot against bot on a virtual clock (no waiting), with the "
                "same engine and bot as the game, and report wins, rounds and speed. The same "
                "arguments always give the same results. Seats alternate every match."
            )
        case CommandHelp.SIMULATE_GAMES:
            return _("matches to play")
        case CommandHelp.SIMULATE_VARIANT:
            return _("standard (first to hold no cards) or points (to 100, lowest wins)")
        case CommandHelp.SIMULATE_SEED:
            return _("seed for the deals and the bots' hands (default 1)")
        case CommandHelp.SIMULATE_JSON:
            return _("print one JSON object on stdout instead of a table")
        case CommandHelp.LADDER:
            return _("play every bot level against every other and rate them")
        case CommandHelp.LADDER_DESCRIPTION:
            return _(
                "A round robin of the bot's ladder on the simulator: every level plays every "
                "other, seats alternating; then Elo ratings fitted to all results (Bradley-Terry, "
                "maximum likelihood, 95% intervals), the win rates and each level's figures. "
                "The same arguments always give the same results."
            )
        case CommandHelp.LADDER_GAMES:
            return _("matches per pair of levels (default 200)")
        case CommandHelp.LADDER_VARIANT:
            return _("standard (first to hold no cards) or points (to 100, lowest wins)")
        case CommandHelp.LADDER_SEED:
            return _("seed for the deals and the bots' hands (default 1)")
        case CommandHelp.LADDER_JSON:
            return _("print one JSON object on stdout instead of tables")
        case CommandHelp.STATS:
            return _("your history: wins by opponent, streaks, fastest round, reactions")
        case CommandHelp.STATS_DESCRIPTION:
            return _(
                "Figures from every match recorded on this machine: matches and wins by opponent "
                "(each bot level, and named people), win streaks, the fastest round and each "
                "player's median reaction over time."
            )
        case CommandHelp.STATS_JSON:
            return _("print one JSON object on stdout instead of tables")
        case CommandHelp.RESUME:
            return _("go on with a match that did not finish (the newest one, or FILE)")
        case CommandHelp.RESUME_DESCRIPTION:
            return _(
                "Go on with a match that did not finish — spit was killed, the terminal closed, "
                "or the match was kept on quitting — exactly where it stopped, paused."
            )
        case CommandHelp.RESUME_FILE:
            return _("a record file (default: the newest unfinished)")
        case CommandHelp.REPLAY:
            return _("play a recorded match back (FILE, or last)")
        case CommandHelp.REPLAY_DESCRIPTION:
            return _(
                "Play a recorded match back on the table: real speed, faster or slower, pause, "
                "one action forward or back, a jump to a round; with each player's reaction "
                "times, missed plays and lost races."
            )
        case CommandHelp.REPLAY_FILE:
            return _("a record file, or last for the newest match (the default)")
        case CommandHelp.SERVER:
            return _("run a game server for any number of rooms, headless")
        case CommandHelp.SERVER_DESCRIPTION:
            return _(
                "Run a game server: players open rooms on it with 'spit host --server' and join "
                "them with 'spit join'. One log line per room event; Ctrl-C or SIGTERM stops it."
            )
        case CommandHelp.SERVER_GRACE:
            return _("how long a dropped player's seat is kept before the match is abandoned (60)")
        case CommandHelp.SERVER_WORKERS:
            return _("how many server processes share this address (1; more needs --redis)")
        case CommandHelp.SERVER_REDIS:
            return _(
                "redis://HOST:PORT of the Redis holding the directory of rooms, shared by the "
                "server's processes on this machine and on others"
            )
        case CommandHelp.SERVER_ADVERTISE:
            return _(
                "the address players reach this machine at, where --bind is 0.0.0.0 or :: "
                "(with --redis, a process sends players on to another there)"
            )
        case CommandHelp.HOST:
            return _("open a room for a friend to join over the network")
        case CommandHelp.HOST_DESCRIPTION:
            return _(
                "Open a room and play seat 1. Without --server a server starts in this process; "
                "the friend joins with the command shown: spit join ADDR:PORT CODE."
            )
        case CommandHelp.HOST_SERVER:
            return _("open the room on a server already running there")
        case CommandHelp.HOST_VARIANT:
            return _(
                "standard (first to hold no cards wins; the default) "
                "or points (to 100, lowest wins)"
            )
        case CommandHelp.HOST_SEED:
            return _(
                "shuffle seed, to replay the same deals (the friend is told the deal is seeded)"
            )
        case CommandHelp.HOST_WEB:
            return _(
                "also serve the second seat to a web browser: the friend opens the link shown, "
                "with nothing installed"
            )
        case CommandHelp.JOIN:
            return _("join a friend's room over the network")
        case CommandHelp.JOIN_DESCRIPTION:
            return _("Take seat 2 in the room CODE on the server at ADDR:PORT.")
        case CommandHelp.JOIN_ADDR:
            return _("the server")
        case CommandHelp.JOIN_CODE:
            return _("the room code, e.g. ABCD-EFGH")
        case CommandHelp.PACE:
            return _("run every room's game clock N times faster (for bot matches and tests)")
        case CommandHelp.JSON:
            return _("with --bot: print JSON lines (the room code, then the result) for scripts")
        case CommandHelp.NAME:
            return _("your name at the table")
        case CommandHelp.WEB:
            return _("serve spit to a web browser")
        case CommandHelp.WEB_DESCRIPTION:
            return _(
                "Serve spit to web browsers: open the address it prints and the start menu "
                "appears in the page; two players on one keyboard or against the bot, as in the "
                "terminal. Every browser tab gets a table of its own."
            )
    assert_never(what)
