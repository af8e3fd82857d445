"""The ``spit`` command: the start menu, a game straight from the command line, or a simulation.

``spit`` opens the start menu; ``spit play --two-player`` or ``spit play --bot hard`` starts a
match at once; ``spit simulate`` runs bot against bot without a screen. Settings come from
the config file (see :mod:`spit.settings.config`), and command-line flags win over it. Everything
is checked before the game takes over the terminal, so a mistake is a one-line message.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, TextIO

from spit import __version__, words
from spit.bot.levels import ADAPTIVE, BOT_CHOICES, LADDER
from spit.commands.network import add_network_parsers
from spit.commands.records import add_replay_parser, add_resume_parser, add_stats_parser
from spit.commands.sim import add_ladder_parser, add_simulate_parser
from spit.commands.web import add_web_parser
from spit.engine import Variant
from spit.i18n import LANGUAGES, choose_language, set_language, translate_argparse
from spit.printable import printable
from spit.settings.config import LOCKOUT_RANGE, Config, ConfigError, config_path, load_config
from spit.settings.keymap import PRESET_NAMES
from spit.settings.options import GameOptions, Mode

PROG = "spit"
"""The command's name in messages."""

USAGE_ERROR_EXIT = 2
"""Exit status for a flag the command does not understand."""

CONFIG_ERROR_EXIT = USAGE_ERROR_EXIT
"""Exit status for a config file the game cannot use, the same as for a bad flag."""


def lockout_seconds(text: str) -> float:
    """An argparse type: seconds between 0 and 2."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(words.commands.not_a_number(text=text)) from None
    low, high = LOCKOUT_RANGE
    if not low <= seconds <= high:
        raise argparse.ArgumentTypeError(
            words.commands.out_of_range(low=low, high=high, text=printable(text))
        )
    return seconds


class Parser(argparse.ArgumentParser):
    """An argument parser whose mistakes are one line: the command, the problem, the help.

    argparse's own answer is a usage block of several lines and then the error; a player
    needs to know what was wrong and where to read more.
    """

    def error(self, message: str) -> NoReturn:
        print(
            words.commands.usage_error(
                command=self.prog, problem=printable(" ".join(message.split()))
            ),
            file=sys.stderr,
        )
        raise SystemExit(USAGE_ERROR_EXIT)


class CommandParser(Parser):
    """A subcommand's parser: words it does not know are its error, not the top level's.

    argparse hands a subcommand's leftovers up to ``spit``, whose message would then name
    ``spit`` and show its usage, although the words were given to ``spit play``.
    """

    def parse_known_args(  # type: ignore[override]
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(words.commands.unrecognized_arguments(words=" ".join(extras)))
        return parsed, extras


def build_parser() -> argparse.ArgumentParser:
    """The parser for ``spit`` and its subcommands ``play`` and ``simulate``."""
    parser = Parser(
        prog=PROG,
        description=words.commands.command_help("spit"),
        epilog=words.commands.config_epilog(path=config_path()),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=words.commands.command_help("--version"),
    )
    _add_lang_option(parser)
    parser.add_argument(
        "--no-config",
        action="store_true",
        help=words.commands.command_help("--no-config"),
    )
    # The start menu asks for everything `play` takes on the command line.
    parser.set_defaults(
        func=None,
        mode=None,
        bot=None,
        variant=None,
        keys=None,
        seed=None,
        ascii=None,
        four_colour=None,
        lockout=None,
        practice=False,
    )
    commands = parser.add_subparsers(
        title=words.commands.command_help("commands"), metavar="COMMAND", parser_class=CommandParser
    )
    _add_play_parser(commands)
    _add_practice_parser(commands)
    add_simulate_parser(commands)
    add_resume_parser(commands)
    add_replay_parser(commands)
    add_stats_parser(commands)
    add_network_parsers(commands, play_networked)
    add_web_parser(commands)
    add_ladder_parser(commands)
    return parser


def _add_lang_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        metavar="CODE",
        default=argparse.SUPPRESS,  # read before parsing (see main); here to be checked and listed
        help=words.commands.lang_option_help(codes=", ".join(LANGUAGES)),
    )


def _no_config_flag(argv: Sequence[str]) -> bool:
    """Whether a command line says ``--no-config``, before the config would be read."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--no-config", action="store_true")
    known, _rest = early.parse_known_args(argv)
    return bool(known.no_config)


def _lang_flag(argv: Sequence[str]) -> str | None:
    """The ``--lang`` of a command line, before the parser is built in that language."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    known, _rest = early.parse_known_args(argv)
    return known.lang if known.lang in LANGUAGES else None


def _add_play_parser(commands: argparse._SubParsersAction) -> None:
    play = commands.add_parser(
        "play",
        help=words.commands.command_help("play"),
        description=words.commands.command_help("play/"),
    )
    _add_lang_option(play)
    who = play.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--two-player",
        dest="mode",
        action="store_const",
        const=Mode.TWO_PLAYER,
        help=words.commands.command_help("play --two-player"),
    )
    who.add_argument(
        "--bot",
        choices=BOT_CHOICES,
        metavar="LEVEL",
        help=words.commands.bot_option_help(levels=", ".join(LADDER), adaptive=ADAPTIVE),
    )
    play.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        help=words.commands.command_help("play --variant"),
    )
    play.add_argument(
        "--keys",
        choices=PRESET_NAMES,
        help=words.commands.keys_option_help(layouts=", ".join(PRESET_NAMES)),
    )
    play.add_argument(
        "--seed", type=int, metavar="N", help=words.commands.command_help("play --seed")
    )
    play.add_argument(
        "--ascii",
        action=argparse.BooleanOptionalAction,
        help=words.commands.command_help("play --ascii"),
    )
    play.add_argument(
        "--four-colour",
        dest="four_colour",
        action=argparse.BooleanOptionalAction,
        help=words.commands.command_help("play --four-colour"),
    )
    play.add_argument(  # the American spelling works too, without cluttering the help
        "--four-color",
        dest="four_colour",
        action=argparse.BooleanOptionalAction,
        help=argparse.SUPPRESS,
    )
    play.add_argument(
        "--lockout",
        type=lockout_seconds,
        metavar="SECONDS",
        help=words.commands.command_help("play --lockout"),
    )


def _add_practice_parser(commands: argparse._SubParsersAction) -> None:
    practice = commands.add_parser(
        "practice",
        help=words.commands.command_help("practice"),
        description=words.commands.command_help("practice/"),
    )
    _add_lang_option(practice)
    practice.add_argument(
        "--keys",
        choices=PRESET_NAMES,
        help=words.commands.keys_option_help(layouts=", ".join(PRESET_NAMES)),
    )
    practice.add_argument(
        "--seed", type=int, metavar="N", help=words.commands.command_help("play --seed")
    )
    practice.add_argument(
        "--ascii",
        action=argparse.BooleanOptionalAction,
        help=words.commands.command_help("play --ascii"),
    )
    practice.set_defaults(practice=True)


SYMBOLS = "♠♥♦♣╭─╮│✓✗"
"""Characters the Unicode look draws: suits, rounded corners, marks."""


def needs_ascii(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (default: the one Textual draws on) cannot carry the Unicode look.

    With ``PYTHONIOENCODING=ascii`` (or an ASCII locale) every ``♠`` or ``╭`` would reach the
    screen as a ``\\u2660``-style escape, so the game must choose the ASCII look itself.
    """
    if stream is None:
        stream = sys.__stderr__  # Textual's Linux driver writes to the original stderr
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def game_options(args: argparse.Namespace, config: Config) -> GameOptions:
    """The options a game starts with: the flags in ``args``, the config file for the rest.

    Raises ConfigError if the config's remapped keys do not fit the chosen layout.
    """
    keys = args.keys or config.layout
    config.keymap(keys)  # a bad remap must stop us before the screen is taken over
    chosen: dict[str, object] = {}
    if args.bot:
        chosen.update(mode=Mode.BOT, bot_level=args.bot)
    elif args.mode is not None:
        chosen.update(mode=args.mode)
    else:  # the start menu: it offers what it chose last time
        chosen.update(
            menu_mode=Mode(config.menu_mode),
            bot_level=config.menu_level,
            variant=Variant(config.menu_variant),
        )
    if args.variant:
        chosen.update(variant=Variant(args.variant))
    return GameOptions(
        **chosen,
        keys=keys,
        bindings=dict(config.bindings),
        seed=args.seed,
        ascii=(config.ascii if args.ascii is None else args.ascii) or needs_ascii(),
        four_colour=config.four_colour if args.four_colour is None else args.four_colour,
        lockout=config.lockout if args.lockout is None else args.lockout,
        hints=config.hints,
        names=config.names,
    )


def run_app(options: GameOptions, **kwargs: Any) -> int:
    """Run the game until the player quits; the app's exit status. ``kwargs`` go to the app
    (``resume=`` or ``replay=`` a record; ``config_file=``, where the start menu remembers
    its choices)."""
    # Textual is imported only here, so `spit --help` and `spit simulate` start quickly.
    from spit.app.app import SpitApp
    from spit.app.terminal import CRASH_STATUS

    app = SpitApp(options, **kwargs)
    result = app.run()
    if app.crashed:  # one line said so, and the traceback is in the log (spit.app.terminal)
        return CRASH_STATUS
    if isinstance(result, int) and not isinstance(result, bool):
        return result
    return app.return_code or 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``spit`` with ``argv`` (default: the process's arguments); return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    # The language comes first, so that the help, the errors and the game all speak it:
    # --lang, else the config file's, else the environment's.
    config: Config | None = None
    config_error: ConfigError | None = None
    try:
        config = Config() if _no_config_flag(argv) else load_config()
    except ConfigError as error:  # said below, for the commands that need the file
        config_error = error
    set_language(choose_language(_lang_flag(argv), config.lang if config else None))
    translate_argparse()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:  # --help, --version and bad flags: argparse has said why
        return _status(exit.code)
    if args.func is not None:  # a subcommand that runs itself: simulate, stats, web
        return args.func(args)
    try:
        if config_error is not None:
            raise config_error
        assert config is not None
        options = game_options(args, config)
    except ConfigError as error:
        print(f"{PROG}: {words.config.config_error(error)}", file=sys.stderr)
        return CONFIG_ERROR_EXIT
    # Without a config file the menu's choices are not kept either (nor is the practice
    # offered: nothing could say it was).
    config_file = None if args.no_config else config.path or config_path()
    return run_app(
        options,
        config_file=config_file,
        practice=args.practice,
        offer_practice=not config.practice_offered,
    )


def play_networked(args: argparse.Namespace) -> int:
    """``spit host`` or ``spit join`` on the screen (without ``--bot``): this keyboard plays a
    seat at a room on a server (one started here, to host without ``--server``)."""
    from spit.commands.network import LOOPBACK, WEB_PORT
    from spit.net.wire import DEFAULT_PORT
    from spit.settings.options import Network

    try:
        config = Config() if args.no_config else load_config()
        config.keymap()  # a bad remap must stop us before the screen is taken over
    except ConfigError as error:
        print(f"{PROG}: {words.config.config_error(error)}", file=sys.stderr)
        return CONFIG_ERROR_EXIT
    options = GameOptions(
        mode=Mode.TWO_PLAYER,
        variant=Variant(getattr(args, "variant", None) or Variant.STANDARD.value),
        keys=config.layout,
        bindings=dict(config.bindings),
        seed=getattr(args, "seed", None),
        ascii=config.ascii or needs_ascii(),
        four_colour=config.four_colour,
        names=config.names,
    )
    name = args.name or config.names[0] or ""
    if hasattr(args, "code"):
        network = Network(address=args.address, code=args.code, name=name)
    else:
        network = Network(
            address=args.server,
            bind=args.bind or LOOPBACK,
            port=DEFAULT_PORT if args.port is None else args.port,
            pace=args.pace,
            name=name,
            web_port=(WEB_PORT if args.web_port is None else args.web_port) if args.web else None,
        )
    return run_app(options, network=network)


def _status(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1
