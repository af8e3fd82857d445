"""The game commands: ``spit play``, ``spit practice`` and the start menu, and the app's start
for every command that shows it. Textual is imported only by :func:`run_app`, so ``spit
--help`` starts quickly.
"""

from __future__ import annotations

import argparse
import gc
import sys
from typing import TYPE_CHECKING, Any, TextIO

from msgspec.structs import replace

from spit import words
from spit.bot.levels import ADAPTIVE, BOT_CHOICES, LADDER
from spit.commands.exits import CANNOT_RUN
from spit.commands.numbers import bounded
from spit.engine import LOCKOUT_RANGE, Variant
from spit.i18n import LANGUAGES, _
from spit.printable import printable
from spit.settings.config import Config, ConfigError, config_path, load_config
from spit.settings.keymap import PRESET_NAMES
from spit.settings.options import GameOptions, Mode, Network

if TYPE_CHECKING:
    from asyncio import AbstractEventLoop

PROG = "spit"  # the command's name in messages


# -- the parsers ------------------------------------------------------------------------------


def add_lang_option(parser: argparse.ArgumentParser) -> None:
    """``--lang CODE`` on ``parser``: read before parsing (see :func:`spit.cli.main`), listed
    here to be checked and shown in the help."""
    parser.add_argument(
        "--lang",
        choices=LANGUAGES,
        metavar="CODE",
        default=argparse.SUPPRESS,
        help=_(
            "the language to speak: {codes} (default: the config file's, else the environment's)"
        ).format(codes=", ".join(LANGUAGES)),
    )


lockout_seconds = bounded(
    float, *LOCKOUT_RANGE, lambda: _("must be between {low:g} and {high:g} seconds, not {text}")
)


def add_play_parser(commands: Any) -> None:
    """Register ``play`` on an ``add_subparsers()`` object; :func:`run_play` runs it."""
    play = commands.add_parser(
        "play",
        help=_("start a match at once, without the menu"),
        description=_(
            "Start a match at once: two players on one keyboard, or one against the bot."
        ),
    )
    add_lang_option(play)
    who = play.add_mutually_exclusive_group(required=True)
    who.add_argument(
        "--two-player",
        dest="mode",
        action="store_const",
        const=Mode.TWO_PLAYER,
        help=_("two people, one keyboard: player 1 the left half, player 2 the right half"),
    )
    who.add_argument(
        "--bot",
        choices=BOT_CHOICES,
        metavar="LEVEL",
        help=_(
            "play against the bot at LEVEL: {levels} (weakest first; easy, normal, hard and "
            "expert still work), or {adaptive}, which moves along the ladder to meet you"
        ).format(levels=", ".join(LADDER), adaptive=ADAPTIVE),
    )
    play.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        help=_(
            "standard (the first with no cards left wins; the default) or points (to 100, or "
            "until a player has no cards left; lowest wins)"
        ),
    )
    _add_table_arguments(play)
    play.add_argument(
        "--four-colour",
        dest="four_colour",
        action=argparse.BooleanOptionalAction,
        help=_("a four-colour deck: each suit its own colour"),
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
        help=_("how long a fumble locks the hand, 0 to 2 seconds (default 0.5; 0 turns it off)"),
    )


def add_practice_parser(commands: Any) -> None:
    """Register ``practice`` on an ``add_subparsers()`` object; :func:`run_play` runs it."""
    practice = commands.add_parser(
        "practice",
        help=_("a guided practice round against a bot that waits for you"),
        description=_(
            "A guided practice round: a real deal against a bot that moves only when you "
            "cannot, with each step explained under the table. It is not kept in your history."
        ),
    )
    add_lang_option(practice)
    _add_table_arguments(practice)
    practice.set_defaults(practice=True)


def _add_table_arguments(parser: argparse.ArgumentParser) -> None:
    """The keys, the deal and the look, as ``play`` and ``practice`` take them."""
    parser.add_argument(
        "--keys",
        choices=PRESET_NAMES,
        help=_(
            "keyboard layout: {layouts} (default: the config file's, else the language's)"
        ).format(layouts=", ".join(PRESET_NAMES)),
    )
    parser.add_argument(
        "--seed", type=int, metavar="N", help=_("shuffle seed, to replay the same deals")
    )
    parser.add_argument(
        "--ascii",
        action=argparse.BooleanOptionalAction,
        help=_("suits as S H D C, for terminals without ♠♥♦♣"),
    )


# -- the options ------------------------------------------------------------------------------

SYMBOLS = "♠♥♦♣╭─╮│✓✗"  # characters the Unicode look draws: suits, rounded corners, marks


def needs_ascii(stream: TextIO | None = None) -> bool:
    """Whether ``stream`` (default: Textual's) cannot carry the Unicode look: with an ASCII
    encoding every ``♠`` would reach the screen as an escape."""
    if stream is None:
        stream = sys.__stderr__  # Textual's Linux driver writes to the original stderr
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        SYMBOLS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return True
    return False


def game_options(args: argparse.Namespace, config: Config) -> GameOptions:
    """The options a game starts with: the flags in ``args``, the config file for the rest
    (ConfigError if its remapped keys do not fit the chosen layout)."""
    keys = args.keys or config.layout
    config.keymap(keys)  # a bad remap must stop us before the screen is taken over
    options = GameOptions(
        keys=keys,
        bindings=dict(config.bindings),
        seed=args.seed,
        ascii=(config.ascii if args.ascii is None else args.ascii) or needs_ascii(),
        four_colour=config.four_colour if args.four_colour is None else args.four_colour,
        lockout=config.lockout if args.lockout is None else args.lockout,
        hints=config.hints,
        names=config.names,
    )
    if args.bot:
        options = replace(options, mode=Mode.BOT, bot_level=args.bot)
    elif args.mode is not None:
        options = replace(options, mode=args.mode)
    else:  # the start menu: it offers what it chose last time
        options = replace(
            options,
            menu_mode=Mode(config.menu_mode),
            bot_level=config.menu_level,
            variant=Variant(config.menu_variant),
        )
    if args.variant:
        options = replace(options, variant=Variant(args.variant))
    return options


# -- running them -----------------------------------------------------------------------------


def run_app(options: GameOptions, *, loop: AbstractEventLoop | None = None, **kwargs: Any) -> int:
    """Run the game until the player quits; the app's exit status. ``kwargs`` go to the app;
    ``loop`` is the event loop to run it on (one that holds its seat already)."""
    # The start, from here to the first screen drawn, makes some 100,000 objects that live
    # as long as the app (Textual's modules, the app, the table) and about 2,000 that are
    # garbage: the collector's 130-odd passes over them found little and cost 15-20 ms of
    # the start's CPU. It is off until the app has drawn its first screen, when the app
    # turns it back on (or until the app ends, if it never gets that far).
    gc.disable()
    try:
        from spit.app.app import SpitApp  # lazy: Textual, for the commands that show the app
        from spit.app.terminal import CRASH_STATUS  # lazy: the same

        app = SpitApp(options, **kwargs)
        result = app.run(loop=loop)
    finally:
        gc.enable()
    if app.crashed:  # one line said so, and the traceback is in the log (spit.app.terminal)
        return CRASH_STATUS
    if isinstance(result, int) and not isinstance(result, bool):
        return result
    return app.return_code or 0


def read_config(no_config: bool) -> Config:
    """The config file, or none at all with ``--no-config`` (ConfigError if it is bad)."""
    return Config() if no_config else load_config()


def say(message: str) -> None:
    """``message`` on stderr, as one line that names the command."""
    print(f"{PROG}: {printable(message)}", file=sys.stderr)


def config_problem(error: ConfigError) -> int:
    """Say in one line what is wrong with the config file; the exit status."""
    say(words.config.config_error(error))
    return CANNOT_RUN


def run_play(
    args: argparse.Namespace, config: Config | None, config_error: ConfigError | None
) -> int:
    """``spit play``, ``spit practice`` or the start menu (``spit`` alone), with the config
    file ``main`` read first (or the problem it found there)."""
    try:
        if config_error is not None:
            raise config_error
        assert config is not None
        options = game_options(args, config)
    except ConfigError as error:
        return config_problem(error)
    # Without a config file the menu's choices are not kept either (nor is the practice
    # offered: nothing could say it was).
    config_file = None if args.no_config else config.path or config_path()
    return run_app(
        options,
        config_file=config_file,
        practice=args.practice,
        offer_practice=not config.practice_offered,
    )


def play_kept_seat(kept: Any, options: GameOptions) -> int:
    """``spit resume`` of a networked seat kept on this machine (:mod:`spit.net.seats`), or of
    a room its ``spit host`` served (a ``KeptRoom``, opened again here): the seat taken back
    before the screen, as the command that took it would, so a match that cannot go on (its
    server gone, the seat given up) is one line, never a screen that opens and fails."""
    from spit.commands.rooms import run_seated  # lazy: that module imports this one

    if hasattr(kept, "sealed"):  # a room served here: opened again where it listened
        seat = None
        network = Network(bind=kept.bind, port=kept.port, pace=kept.pace, name=kept.name)
    else:
        seat, code = kept, None if kept.hosting else kept.room
        network = Network(address=kept.address, code=code, name=kept.name)
    options = replace(options, mode=Mode.TWO_PLAYER, ascii=options.ascii or needs_ascii())
    return run_seated(options, network, f"{PROG} resume", seat)
