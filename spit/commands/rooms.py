"""The commands of rooms over the network: ``spit server``, ``spit host`` and ``spit join``.

A seat is played on the screen, or headless by the bot (``--bot LEVEL``) through the client a
screen uses; with ``--json`` the host prints ``{"code": ...}`` first and both print the result
as one line. The network loads when a command runs: ``spit --help`` builds these parsers too.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import logging
import random
import signal
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from spit import words
from spit.bot.levels import BOT_CHOICES
from spit.commands import play
from spit.commands.exits import CANNOT_LISTEN, CANNOT_RUN, INTERRUPTED, LOST
from spit.commands.numbers import bounded
from spit.engine import Variant
from spit.i18n import _, ngettext
from spit.net.address import (
    DEFAULT_PORT,
    LOOPBACK,
    AddressError,
    AddressProblem,
    join_address,
    parse_address,
)
from spit.printable import printable
from spit.settings.config import ConfigError
from spit.settings.options import GameOptions, Mode, Network
from spit.web import browser_seats

if TYPE_CHECKING:
    from spit.net.hosting import HostingError

WEB_PORT = 8000  # the browser seat's page, unless --web-port says otherwise (as spit web's)


# -- argument types ---------------------------------------------------------------------------


port_number = bounded(
    int, 0, 65535, lambda: _("a port is from 0 to 65535, not {text}"), words.networked.not_a_port
)


def server_address(text: str) -> str:
    """``ADDR:PORT`` (``[ADDR]:PORT`` for IPv6; a name such as ``localhost`` too; without a
    port, the one ``spit host`` and ``spit server`` listen on), written back the same way."""
    try:
        host, port = parse_address(text, default_port=DEFAULT_PORT)
    except AddressError as error:
        raise argparse.ArgumentTypeError(address_problem(error)) from None
    return join_address(host, port)


def address_problem(error: AddressError) -> str:
    match error.problem:
        case AddressProblem.NOT_A_PORT:
            return words.networked.not_a_port(text=error.port)
        case AddressProblem.PORT_OUT_OF_RANGE:
            return _("a port is from 0 to 65535, not {text}").format(text=error.port)
        case AddressProblem.PORT_ZERO:
            return _("a server's port is from 1 to 65535")
        case _:
            return _("not an address: {text!r} (write it as ADDR:PORT)").format(text=error.text)


pace_factor = bounded(float, 1.0, 100.0, lambda: _("the pace is from 1 to 100, not {text}"))
grace_seconds = bounded(
    float, 0.1, 3600, lambda: _("must be between 0.1 and 3600 seconds, not {text}")
)
watch_seconds = bounded(float, 0.0, 60.0, lambda: _("must be between 0 and 60 seconds, not {text}"))
workers_count = bounded(int, 1, 64, lambda: _("the number of workers is from 1 to 64, not {text}"))


def redis_url(text: str) -> str:
    """``redis://HOST:PORT[/DB]`` (``rediss://`` with TLS, ``unix://PATH``), checked without
    loading the redis package."""
    try:
        parts = urlsplit(text)
        fine = parts.scheme in ("redis", "rediss") and bool(parts.hostname)
        fine = fine and (parts.port is None or parts.port > 0)
        fine = fine or (parts.scheme == "unix" and bool(parts.path))
    except ValueError:
        fine = False
    if not fine or not text.isprintable():
        raise argparse.ArgumentTypeError(
            _("not a Redis URL: {text!r} (write it as redis://HOST:PORT)").format(text=text)
        )
    return text


# -- the parsers ------------------------------------------------------------------------------


def add_network_parsers(commands: Any) -> None:
    """Register ``server``, ``host`` and ``join``."""
    server = commands.add_parser(
        "server",
        help=_("run a game server for any number of rooms, headless"),
        description=_(
            "Run a game server: players open rooms on it with 'spit host --server' and join "
            "them with 'spit join'. One log line per room event; Ctrl-C or SIGTERM stops it."
        ),
    )
    _add_listen_arguments(server)
    server.add_argument(
        "--grace",
        type=grace_seconds,
        default=60.0,
        metavar="SECONDS",
        help=_("how long a dropped player's seat is kept before the match is abandoned (60)"),
    )
    server.add_argument(
        "--watch-delay",
        type=watch_seconds,
        default=3.0,
        metavar="SECONDS",
        help=_("how late spectators see a room opened delayed, against coaching (3)"),
    )
    server.add_argument(
        "--bot-wait",
        type=grace_seconds,
        default=30.0,
        metavar="SECONDS",
        help=_("how long a lone 'spit seek' waits before the server's bot is offered (30)"),
    )
    server.add_argument(
        "--workers",
        type=workers_count,
        default=1,
        metavar="N",
        help=_("how many server processes share this address (1; more needs --redis)"),
    )
    server.add_argument(
        "--redis",
        type=redis_url,
        metavar="URL",
        help=_(
            "redis://HOST:PORT of the Redis holding the directory of rooms, shared by the "
            "server's processes on this machine and on others"
        ),
    )
    server.add_argument(
        "--advertise",
        metavar="ADDR",
        help=_(
            "the address players reach this machine at, where --bind is 0.0.0.0 or :: "
            "(with --redis, a process sends players on to another there)"
        ),
    )
    server.set_defaults(func=run_server_command)

    host = commands.add_parser(
        "host",
        help=_("open a room for a friend to join over the network"),
        description=_(
            "Open a room and play seat 1. Without --server a server starts in this process; "
            "the friend joins with the command shown: spit join ADDR:PORT CODE."
        ),
    )
    _add_listen_arguments(host)
    host.add_argument(
        "--server",
        type=server_address,
        metavar="ADDR:PORT",
        help=_("open the room on a server already running there"),
    )
    host.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        default=Variant.STANDARD.value,
        help=_(
            "standard (the first with no cards left wins; the default) or points (to 100, or "
            "until a player has no cards left; lowest wins)"
        ),
    )
    host.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=_("shuffle seed, to replay the same deals (the friend is told the deal is seeded)"),
    )
    host.add_argument(
        "--spectators",
        choices=("delayed", "live", "closed"),
        default="delayed",
        help=_(
            "who may watch the match: anyone, the server's delay late (the default); anyone, "
            "at once; or nobody"
        ),
    )
    host.add_argument(
        "--web",
        action="store_true",
        help=_(
            "also serve the second seat to a web browser: the friend opens the link shown, "
            "with nothing installed"
        ),
    )
    host.add_argument(
        "--web-port",
        type=port_number,
        metavar="N",
        help=_("the port of the browser seat's page (default {port}; 0 picks a free one)").format(
            port=WEB_PORT
        ),
    )
    _add_seat_arguments(host)

    join = commands.add_parser(
        "join",
        help=_("join a friend's room over the network"),
        description=_("Take seat 2 in the room CODE on the server at ADDR:PORT."),
    )
    join.add_argument("address", type=server_address, metavar="ADDR:PORT", help=_("the server"))
    join.add_argument("code", metavar="CODE", help=_("the room code, e.g. ABCD-EFGH"))
    _add_seat_arguments(join)


def _add_listen_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bind",
        metavar="ADDR",
        help=_(
            "the address to listen on (default {loopback}: this machine only; give one the "
            "other machine can reach to play across a network)"
        ).format(loopback=LOOPBACK),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        metavar="N",
        help=_("the port to listen on (default {port}; 0 picks a free one)").format(
            port=DEFAULT_PORT
        ),
    )
    parser.add_argument(
        "--pace",
        type=pace_factor,
        default=1.0,
        metavar="N",
        help=_("run every room's game clock N times faster (for bot matches and tests)"),
    )


def add_bot_argument(parser: argparse.ArgumentParser) -> None:
    """``--bot LEVEL``: the bot plays the seat, without a screen (host, join, seek)."""
    parser.add_argument(
        "--bot",
        choices=BOT_CHOICES,
        metavar="LEVEL",
        help=_("let the bot play this seat, without a screen: {levels}").format(
            levels=", ".join(BOT_CHOICES)
        ),
    )


def _add_seat_arguments(parser: argparse.ArgumentParser) -> None:
    add_bot_argument(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("with --bot: print JSON lines (the room code, then the result) for scripts"),
    )
    parser.add_argument("--name", default="", metavar="NAME", help=_("your name at the table"))
    parser.set_defaults(func=run_seat_command)


# -- a seat: on the screen, or the bot's ------------------------------------------------------


def _usage_error(command: str, problem: str) -> int:
    said = words.commands.usage_error(command=command, problem=problem)
    print(printable(said), file=sys.stderr)
    return CANNOT_RUN


def check_seat_arguments(args: argparse.Namespace) -> str | None:
    """The one-line problem with a host or join command's flags, or None."""
    from spit.net.wire import MAX_NAME, ProtocolError, room_code  # lazy: msgspec's codec

    if args.json and not args.bot:
        return _("--json needs --bot: a game on the screen prints no JSON")
    if getattr(args, "web_port", None) is not None and not args.web:
        return _("--web-port needs --web")
    if getattr(args, "server", None) and (args.bind or args.port is not None or args.pace != 1):
        return _("--bind, --port and --pace start a server here; --server uses a running one")
    if len(args.name) > MAX_NAME or not args.name.isprintable():
        return ngettext(
            "a name is up to {n} printable character",
            "a name is up to {n} printable characters",
            MAX_NAME,
        ).format(n=MAX_NAME)
    if getattr(args, "code", None) is not None:
        try:
            args.code = room_code(args.code)
        except ProtocolError:
            return _("not a room code: {code!r} (8 letters and digits, e.g. ABCD-EFGH)").format(
                code=args.code
            )
    return None


def _hosting(args: argparse.Namespace) -> dict[str, Any]:
    """Where ``spit host`` starts a server (unless ``--server``) and the browser seat's page."""
    web_port = (WEB_PORT if args.web_port is None else args.web_port) if args.web else None
    port = DEFAULT_PORT if args.port is None else args.port
    return {"bind": args.bind or LOOPBACK, "port": port, "pace": args.pace, "web_port": web_port}


def run_seat_command(args: argparse.Namespace) -> int:
    """``spit host`` or ``spit join``: the bot headless, or the screen."""
    joining = hasattr(args, "code")
    command = f"spit {'join' if joining else 'host'}"
    problem = check_seat_arguments(args)
    if problem is not None:
        return _usage_error(command, problem)
    if args.bot:
        try:
            return asyncio.run(_bot_seat(args, command))
        except KeyboardInterrupt:
            print(words.networked.command_interrupted(command=command), file=sys.stderr)
            return INTERRUPTED
    try:
        config = play.read_config(args.no_config)
        config.keymap()  # a bad remap must stop us before the screen is taken over
    except ConfigError as error:
        return play.config_problem(error)
    options = GameOptions(
        mode=Mode.TWO_PLAYER,
        variant=Variant(getattr(args, "variant", None) or Variant.STANDARD.value),
        keys=config.layout,
        bindings=dict(config.bindings),
        seed=getattr(args, "seed", None),
        ascii=config.ascii or play.needs_ascii(),
        four_colour=config.four_colour,
        theme=config.theme,
        cue=config.cue,
        names=config.names,
    )
    name = args.name or config.names[0] or ""
    if joining:
        network = Network(address=args.address, code=args.code, name=name)
    else:
        network = Network(
            address=args.server, name=name, watchers=args.spectators, **_hosting(args)
        )
    return run_seated(options, network, command)


def run_seated(options: GameOptions, network: Network, command: str, kept: Any = None) -> int:
    """Take the seat ``network`` names (hosting its room first), then show it on the same
    event loop. The seat is taken before the terminal, so a server not there is one line,
    never a screen that flashes up and goes; ``kept`` (a seat ``spit resume`` takes back)
    is forgotten then if its room is gone for good, so it is offered no more."""
    from spit.app.remote import take_seat, why_not  # lazy: Textual
    from spit.net.client import ROOM_GONE, ServerGone  # lazy: the network
    from spit.net.hosting import FriendGone, HostingError  # lazy: the network
    from spit.net.seats import forget_seat  # lazy: the network

    # One loop for both: the seat's connection (and a server hosted here) lives on the loop
    # it was made on. The runner cancels whatever is left and closes the loop at the end.
    with asyncio.Runner() as runner:
        try:
            seated = runner.run(take_seat(network, options))
        except HostingError as error:
            print(printable(hosting_problem(error, command)), file=sys.stderr)
            return CANNOT_LISTEN
        except FriendGone:
            print(printable(describe_result({"ended": "abandoned"})), file=sys.stderr)
            return LOST
        except (ServerGone, OSError) as error:
            print(printable(words.networked.no_seat(why_not(error))), file=sys.stderr)
            if kept is not None and getattr(error, "why", None) in ROOM_GONE:
                forget_seat(kept)
            return LOST
        except KeyboardInterrupt:
            print(words.networked.command_interrupted(command=command), file=sys.stderr)
            return INTERRUPTED
        try:
            return play.run_app(options, network=network, seated=seated, loop=runner.get_loop())
        finally:
            runner.run(seated.release())  # if the app never played it, or let it go early


def hosting_problem(error: HostingError, command: str) -> str:
    """The one line a hosting command says when a part of hosting cannot listen."""
    from spit.net.hosting import HostPart  # lazy: the network

    if error.part is HostPart.GAME_SERVER:
        return _("{command}: cannot listen there: {why}").format(command=command, why=error.why)
    return _("{command}: cannot serve the browser seat there: {why}").format(
        command=command, why=error.why
    )


async def _bot_seat(args: argparse.Namespace, command: str) -> int:
    from spit.net.botclient import BotSeat, play  # lazy: the network and the bot
    from spit.net.client import Client, Gone, ServerGone  # lazy: the network
    from spit.net.hosting import FriendGone, HostingError, HostPlan, host  # lazy: the network
    from spit.net.seats import KeptSeat, forget_seat, keep_seat, kept_seat  # lazy: the network
    from spit.net.wire import Watchers  # lazy: the network

    hosting = None
    joining = hasattr(args, "code")
    address = args.address if joining else args.server  # None: a server in this process
    # A seat this machine took before, whose process died: the same command takes it back.
    # (A room hosted on a server inside this process died with it: nothing to take back.)
    keeps = address is not None
    kept = kept_seat(address, args.code if joining else None) if keeps else None
    if not joining:
        try:
            plan = HostPlan(server=args.server, **_hosting(args))
            hosting = await host(plan, browser_seats if args.web else None)
        except HostingError as error:
            print(printable(hosting_problem(error, command)), file=sys.stderr)
            return CANNOT_LISTEN
        except FriendGone:
            print(printable(describe_result({"ended": "abandoned"})), file=sys.stderr)
            return LOST
        address = hosting.address
        kept = kept or hosting.taken_back  # the room this command hosted before its spit died
    seat = BotSeat(args.bot, random.Random())
    client = Client(address, seat)

    def welcomed(welcome: Any) -> None:
        nonlocal kept
        if keeps:
            kept = KeptSeat(
                address, welcome.room, welcome.seat, welcome.token, not joining, args.name
            )
            keep_seat(kept)
        if joining:
            return
        assert hosting is not None
        link = hosting.open_room(welcome.room)
        watch = hosting.web.watch_link(welcome.room) if hosting.web and link else None
        if args.json:
            said = {"code": welcome.room, "address": address}
            said |= {"link": link, "watch": watch} if link else {}
            print(json.dumps(said), flush=True)
        else:
            print(
                _("Room {code}. Your friend types: spit join {address} {code}").format(
                    code=welcome.room, address=address
                ),
                flush=True,
            )
            if link:
                print(_("Or opens in a browser: {link}").format(link=link), flush=True)
                print(_("Anyone may watch in a browser: {link}").format(link=watch), flush=True)

    try:
        with _interrupts() as interrupted:
            task = asyncio.ensure_future(
                play(
                    client,
                    seat,
                    code=args.code if joining else None,
                    variant=Variant(getattr(args, "variant", None) or "standard"),
                    seed=getattr(args, "seed", None),
                    name=args.name or "bot",
                    on_welcome=welcomed,
                    kept=kept,
                    watchers=Watchers(getattr(args, "spectators", "delayed")),
                )
            )
            done, _pending = await asyncio.wait(
                {task, interrupted}, return_when=asyncio.FIRST_COMPLETED
            )
            if task not in done:
                task.cancel()
                client.leave()
                await client.close()
                print(words.networked.command_interrupted(command=command), file=sys.stderr)
                return 128 + int(interrupted.result())  # the shell's: 130 for SIGINT, 143 SIGTERM
            ended = task.result()
    except ServerGone as gone:
        if gone.why is Gone.REPLACED:
            kept = None  # the same seat plays on in another process: its token stays kept
        # The server's own words (an error's detail, a close reason) are a stranger's text:
        # shown, never acted on by the terminal.
        print(printable(f"{command}: {words.networked.server_gone(gone)}"), file=sys.stderr)
        return LOST
    finally:
        if kept is not None:  # the match is over, or the seat cannot be had: its token goes
            forget_seat(kept)
        if hosting is not None:
            await hosting.stop()
    result = ended.result
    print(json.dumps(result) if args.json else printable(describe_result(result)), flush=True)
    return 0 if ended.why == "match over" else LOST


def describe_result(result: dict[str, Any]) -> str:
    """The result in one sentence."""
    held = result.get("held") or [0, 0]
    if result.get("ended") == "abandoned":
        return _("The match was abandoned: a player did not come back.")
    if result.get("ended") == "left":
        return _("The match ended: a player left.")
    winner = result.get("winner")
    rounds = int(result.get("rounds") or 0)
    if winner is None:
        return ngettext("A draw after {n} round.", "A draw after {n} rounds.", rounds).format(
            n=rounds
        )
    return ngettext(
        "Player {winner} wins after {n} round (cards held: {one}–{two}).",
        "Player {winner} wins after {n} rounds (cards held: {one}–{two}).",
        rounds,
    ).format(winner=winner, n=rounds, one=held[0], two=held[1])


@contextlib.contextmanager
def _interrupts() -> Iterator[asyncio.Future[Any]]:
    """A future that completes on SIGINT or SIGTERM, while the block runs: its number."""
    loop = asyncio.get_running_loop()
    stop: asyncio.Future[Any] = loop.create_future()
    signals = (signal.SIGINT, signal.SIGTERM)

    def interrupted(sig: int) -> None:
        if not stop.done():
            stop.set_result(sig)

    for sig in signals:
        loop.add_signal_handler(sig, interrupted, int(sig))
    try:
        yield stop
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)


# -- the server -------------------------------------------------------------------------------


def run_server_command(args: argparse.Namespace) -> int:
    """``spit server``: serve rooms until SIGINT or SIGTERM."""
    if args.workers > 1 and not args.redis:
        problem = _("--workers above 1 needs --redis URL: the processes find rooms through it")
        return _usage_error("spit server", problem)
    if args.redis and not args.advertise and (args.bind or LOOPBACK) in ("0.0.0.0", "::"):
        problem = _(
            "--redis with --bind 0.0.0.0 or :: needs --advertise ADDR: "
            "the address players are sent on to"
        )
        return _usage_error("spit server", problem)
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s spit server: %(message)s", stream=sys.stderr
    )
    # A failed handshake (a port scan, a browser) is not news; a handler's crash would be.
    logging.getLogger("websockets").setLevel(logging.ERROR)
    if args.redis:
        return asyncio.run(_serve_workers(args))
    from spit.net.server import run  # lazy: the network (the server's loop)

    return run(_serve(args))


def _cannot_listen(error: OSError) -> None:
    why = error.strerror or str(error)
    print(printable(_("spit server: cannot listen there: {why}").format(why=why)), file=sys.stderr)


async def _serve(args: argparse.Namespace) -> int:
    from spit.net.online import Online  # lazy: the network
    from spit.net.pool import LocalPool  # lazy: the network
    from spit.net.server import GameServer, Limits  # lazy: the network
    from spit.net.store import SqliteStore  # lazy: the network
    from spit.records.paths import data_dir  # lazy: with the server

    online = Online(SqliteStore(data_dir() / "online.sqlite3"), LocalPool(), bot_wait=args.bot_wait)
    server = GameServer(
        limits=Limits(grace=args.grace, watch_delay=args.watch_delay), pace=args.pace, online=online
    )
    # The signals are ours before the first log line, so a stop never finds them unset.
    with _interrupts() as stop:
        try:
            await server.start(
                args.bind or LOOPBACK, DEFAULT_PORT if args.port is None else args.port
            )
        except OSError as error:
            _cannot_listen(error)
            return CANNOT_LISTEN
        await stop
    await server.stop()
    return 0


async def _serve_workers(args: argparse.Namespace) -> int:
    """``spit server --redis URL [--workers N]``: N worker processes sharing one address and,
    through Redis, the directory of rooms (spit/net/workers.py)."""
    from spit.net.directory import shown_url  # lazy: the network
    from spit.net.server import Limits  # lazy: the network
    from spit.net.workers import Supervisor, WorkerPlan, reserve_port  # lazy: the network

    bind = args.bind or LOOPBACK
    port = DEFAULT_PORT if args.port is None else args.port
    with _interrupts() as stop:
        try:
            holder = reserve_port(bind, port)
        except OSError as error:
            _cannot_listen(error)
            return LOST
        port = holder.getsockname()[1]
        plans = [
            WorkerPlan(
                index=index,
                bind=bind,
                port=port,
                own_port=0 if args.port == 0 else port + index,
                advertise=args.advertise or bind,
                redis=args.redis,
                limits=Limits(grace=args.grace, watch_delay=args.watch_delay),
                pace=args.pace,
                bot_wait=args.bot_wait,
            )
            for index in range(1, args.workers + 1)
        ]
        logging.getLogger("spit.net.server").info(
            "listening on %s with %d workers; directory %s",
            join_address(bind, port),
            args.workers,
            shown_url(args.redis),
        )
        try:
            started = await Supervisor(plans).run(stop)
        finally:
            holder.close()
    return 0 if started else LOST
