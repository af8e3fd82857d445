"""The ``spit`` command: the start menu, a game straight from the command line, or a simulation.

``spit`` opens the start menu; ``spit play --two-player`` or ``spit play --bot hard`` starts a
match at once; ``spit simulate`` runs bot against bot without a screen. Settings come from
the config file (see :mod:`spit.settings.config`), and command-line flags win over it. Everything
is checked before the game takes over the terminal, so a mistake is a one-line message.
"""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, cast

from spit import __version__, words
from spit.commands.exits import CANNOT_RUN
from spit.commands.play import (
    add_lang_option,
    add_play_parser,
    add_practice_parser,
    read_config,
    run_play,
)
from spit.i18n import LANGUAGES, _, choose_language, set_language, translate_argparse
from spit.printable import printable
from spit.settings.config import Config, ConfigError, config_path

PROG = "spit"  # the command's name in messages


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
        raise SystemExit(CANNOT_RUN)


class TopParser(Parser):
    """``spit``'s own parser, which knows its subcommands (:class:`Commands`)."""

    commands: Commands


class CommandParser(Parser):
    """A subcommand's parser: words it does not know are its error, not the top level's.

    argparse hands a subcommand's leftovers up to ``spit``, whose message would then name
    ``spit`` and show its usage, although the words were given to ``spit play``.
    """

    def parse_known_args(  # type: ignore[override]  # typeshed overloads it; argparse calls this form
        self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
    ) -> tuple[argparse.Namespace, list[str]]:
        # A flag the command does not take is named before its value is read as a positional
        # (`spit join --bind 0.0.0.0 ...` said "not an address: '0.0.0.0'").
        for arg in sys.argv[1:] if args is None else args:
            if arg == "--":
                break
            flag = arg.partition("=")[0]
            if flag.startswith("--") and not any(
                known.startswith(flag) for known in self._option_string_actions
            ):
                self.error(_("unrecognized arguments: {words}").format(words=flag))
        parsed, extras = super().parse_known_args(args, namespace)
        if extras:
            self.error(_("unrecognized arguments: {words}").format(words=" ".join(extras)))
        return parsed, extras


class _Parsers(dict[str, argparse.ArgumentParser | None]):
    """The subcommands' parsers by name, in the order ``spit --help`` lists them: a name
    stands for ``None`` until argparse first looks its parser up, which builds it."""

    def __init__(self, build: Callable[[str], None]) -> None:
        super().__init__()
        self._build = build

    def __getitem__(self, name: str) -> argparse.ArgumentParser | None:
        if dict.__getitem__(self, name) is None:
            self._build(name)
        return dict.__getitem__(self, name)


class Commands(argparse._SubParsersAction):
    """``spit``'s subcommands, each parser built only when it is needed.

    A command line names one subcommand; building every subcommand's parser loaded the help
    words and modules of all of them (the network's, the simulator's, the browser's) on
    every start. Each subcommand is declared by name with the function that builds it
    (:meth:`declare`); argparse checks a name against the declared ones, as against built
    ones, and looks a parser up only for the subcommand it was given, which builds that one.
    Only the list of commands with their help (``spit --help``) needs them all, and builds
    them all, in their order. So every command line parses, and every help and error reads,
    exactly as with every parser built at the start.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._name_parser_map = self.choices = _Parsers(self._build)
        self._builders: dict[str, Callable[[Commands], None]] = {}
        self._pseudo_actions: dict[str, list[argparse.Action]] = {}

    def declare(self, names: Sequence[str], build: Callable[[Commands], None]) -> None:
        """``build(self)`` adds the parsers of ``names`` (with :meth:`add_parser`)."""
        for name in names:
            dict.__setitem__(self._name_parser_map, name, None)
            self._builders[name] = build

    def _build(self, name: str) -> None:
        self._builders[name](self)

    def built(self) -> list[str]:
        """The subcommands whose parser has been built, in declared order."""
        return [name for name, parser in dict.items(self._name_parser_map) if parser is not None]

    def build_all(self) -> None:
        for name in self._name_parser_map:
            if dict.__getitem__(self._name_parser_map, name) is None:
                self._build(name)

    def add_parser(self, name: str, **kwargs: Any) -> argparse.ArgumentParser:
        """argparse's own ``add_parser`` for a declared name, its parser put in its place."""
        declared = self._name_parser_map
        if dict.get(declared, name, True) is not None:
            raise ValueError(f"{name!r} is not a declared subcommand still to build")
        listed = len(self._choices_actions)
        self._name_parser_map = {}  # argparse checks for clashes and records the parser here
        try:
            parser = super().add_parser(name, **kwargs)
        finally:
            built, self._name_parser_map = self._name_parser_map, declared
        for key, value in built.items():
            dict.__setitem__(declared, key, value)
        self._pseudo_actions[name] = self._choices_actions[listed:]
        del self._choices_actions[listed:]
        return parser

    def _get_subactions(self) -> list[argparse.Action]:
        """The commands and their help, for ``spit --help``: every one, in declared order."""
        self.build_all()
        return [action for name in self._name_parser_map for action in self._pseudo_actions[name]]


def build_parser() -> TopParser:
    """The parser for ``spit``; each subcommand's parser is built when it is needed (see
    :class:`Commands`)."""
    parser = TopParser(
        prog=PROG,
        description=_(
            "Spit (Speed, Slam), the real-time card game: two players on one keyboard, "
            "or one against the bot. Without a command, the start menu opens."
        ),
        epilog=_(
            "Language, keyboard layout, remapped keys, display and lockout can be set in the "
            "config file "
            "{path} (or the file SPIT_CONFIG names); flags on the command line win over it."
        ).format(path=config_path()),
    )
    parser.add_argument(
        "--version",
        action="version",
        version=f"{PROG} {__version__}",
        help=_("show the version"),
    )
    add_lang_option(parser)
    parser.add_argument(
        "--no-config",
        action="store_true",
        help=_(
            "read no config file: the language's keys and the usual look and names (a "
            "browser seat of spit host --web plays so, not with the host's settings)"
        ),
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
    commands = cast(  # an instance of the action class given
        Commands,
        parser.add_subparsers(
            title=_("commands"),
            metavar="COMMAND",
            parser_class=CommandParser,
            action=Commands,
        ),
    )
    commands.declare(["play"], add_play_parser)
    commands.declare(["practice"], add_practice_parser)
    commands.declare(["daily"], _daily)
    commands.declare(["simulate"], _simulator)
    commands.declare(["resume", "replay", "stats"], _records)
    commands.declare(["server", "host", "join"], _network)
    commands.declare(["web"], _web)
    commands.declare(["watch"], _watch)
    commands.declare(["ladder"], _simulator)
    commands.declare(["seek", "players"], _online)
    parser.commands = commands
    return parser


# The modules of the subcommands other than play and practice load when their parser is built
# (each builder adds every parser its module holds).


def _simulator(commands: Commands) -> None:
    from spit.commands import sim  # lazy: loads with its parser, not at start

    sim.add_simulate_parser(commands)
    sim.add_ladder_parser(commands)


def _daily(commands: Commands) -> None:
    from spit.commands.daily import add_daily_parser  # lazy: loads with its parser, not at start

    add_daily_parser(commands)


def _records(commands: Commands) -> None:
    from spit.commands import records  # lazy: loads with its parser, not at start

    records.add_resume_parser(commands)
    records.add_replay_parser(commands)
    records.add_stats_parser(commands)


def _network(commands: Commands) -> None:
    from spit.commands.rooms import add_network_parsers  # lazy: loads with its parser, not at start

    add_network_parsers(commands)


def _online(commands: Commands) -> None:
    from spit.commands.online import add_online_parsers  # lazy: loads with its parser

    add_online_parsers(commands)


def _web(commands: Commands) -> None:
    from spit.commands.web import add_web_parser  # lazy: loads with its parser, not at start

    add_web_parser(commands)


def _watch(commands: Commands) -> None:
    from spit.commands.watch import add_watch_parser  # lazy: loads with its parser, not at start

    add_watch_parser(commands)


def _early_flags(argv: Sequence[str]) -> argparse.Namespace:
    """``--lang`` and ``--no-config``, read before the config file and the parser."""
    early = argparse.ArgumentParser(add_help=False)
    early.add_argument("--lang")
    early.add_argument("--no-config", action="store_true")
    return early.parse_known_args(argv)[0]


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``spit`` with ``argv`` (default: the process's arguments); return the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    # The language comes first, so that the help, the errors and the game all speak it:
    # --lang, else the config file's, else the environment's.
    early = _early_flags(argv)
    config: Config | None = None
    config_error: ConfigError | None = None
    try:
        config = read_config(early.no_config)
    except ConfigError as error:  # said below, for the commands that need the file
        config_error = error
    lang = early.lang if early.lang in LANGUAGES else None
    set_language(choose_language(lang, config.lang if config else None))
    translate_argparse()
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit:  # --help, --version and bad flags: argparse has said why
        return _status(exit.code)
    if args.func is not None:  # a subcommand that runs itself: simulate, stats, web
        # `spit` starts with the collector off (spit.launch); only the app's start keeps it
        # off (spit.commands.play.run_app turns it off again for a resume or a replay).
        gc.enable()
        return args.func(args)
    return run_play(args, config, config_error)


def _status(code: object) -> int:
    if code is None:
        return 0
    return code if isinstance(code, int) else 1
