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
from typing import NoReturn

from spit import __version__, words
from spit.commands.network import add_network_parsers
from spit.commands.play import (
    add_lang_option,
    add_play_parser,
    add_practice_parser,
    play_networked,
    run_play,
)
from spit.commands.records import add_replay_parser, add_resume_parser, add_stats_parser
from spit.commands.sim import add_ladder_parser, add_simulate_parser
from spit.commands.web import add_web_parser
from spit.i18n import LANGUAGES, choose_language, set_language, translate_argparse
from spit.printable import printable
from spit.settings.config import Config, ConfigError, config_path, load_config

PROG = "spit"
"""The command's name in messages."""

USAGE_ERROR_EXIT = 2
"""Exit status for a flag the command does not understand."""


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
    add_lang_option(parser)
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
    add_play_parser(commands)
    add_practice_parser(commands)
    add_simulate_parser(commands)
    add_resume_parser(commands)
    add_replay_parser(commands)
    add_stats_parser(commands)
    add_network_parsers(commands, play_networked)
    add_web_parser(commands)
    add_ladder_parser(commands)
    return parser


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
    return run_play(args, config, config_error)


def _status(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1
