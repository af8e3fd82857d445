"""The network commands: ``spit server``, ``spit host`` and ``spit join``.

``spit server`` runs rooms headless until SIGINT or SIGTERM. ``spit host`` opens a room (on
a server it starts in this process, or on a running one with ``--server``) and ``spit join``
takes the second seat. With ``--bot LEVEL`` the seat is played headless by the bot through
the same client a screen uses; with ``--json`` the host prints ``{"code": ...}`` first and
both print one JSON line with the result when the match ends.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import ipaddress
import json
import logging
import random
import signal
import socket
import sys
from collections.abc import Callable
from typing import Any

from spit.bot.levels import LEVEL_NAMES
from spit.engine import Variant
from spit.i18n import _
from spit.net.wire import DEFAULT_PORT

WEB_PORT = 8000
"""The browser seat's page, unless ``--web-port`` says otherwise (as ``spit web``'s)."""

LOOPBACK = "127.0.0.1"
"""Where a server listens unless told otherwise: this machine only, until the player chooses
to open it to others with ``--bind``."""

INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a SIGINT."""

LOST = 1
"""Exit status when the match could not be played to its end (server gone, abandoned)."""


# -- argument types ---------------------------------------------------------------------------


def port_number(text: str) -> int:
    """An argparse type: a TCP port, 0 (any free one) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("not a port number: {text!r}").format(text=text)
        ) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(
            _("a port is from 0 to 65535, not {text}").format(text=text)
        )
    return port


def server_address(text: str) -> str:
    """An argparse type: ``ADDR:PORT`` (``[ADDR]:PORT`` for IPv6), written back the same way."""
    host, sep, port_text = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or any(c.isspace() for c in host) or "/" in host:
        raise argparse.ArgumentTypeError(
            _("not an address: {text!r} (write it as ADDR:PORT)").format(text=text)
        )
    port = port_number(port_text)
    if port == 0:
        raise argparse.ArgumentTypeError(_("a server's port is from 1 to 65535"))
    return join_address(host, port)


def pace_factor(text: str) -> float:
    """An argparse type: how many times faster the game clock runs, 1 to 100."""
    try:
        pace = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number: {text!r}").format(text=text)) from None
    if not 1 <= pace <= 100:
        raise argparse.ArgumentTypeError(
            _("the pace is from 1 to 100, not {text}").format(text=text)
        )
    return pace


def grace_seconds(text: str) -> float:
    """An argparse type: seconds a dropped seat is kept, 0.1 to 3600."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("not a number: {text!r}").format(text=text)) from None
    if not 0.1 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(
            _("must be between 0.1 and 3600 seconds, not {text}").format(text=text)
        )
    return seconds


def join_address(host: str, port: int) -> str:
    """``host:port``, with an IPv6 host in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


# -- the parsers ------------------------------------------------------------------------------


def add_network_parsers(commands: Any, play_on_screen: Callable[[argparse.Namespace], int]) -> None:
    """Register ``server``, ``host`` and ``join``; a seat without ``--bot`` is played on the
    screen by ``play_on_screen(args)``."""
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
            "standard (first to hold no cards wins; the default) or points (to 100, lowest wins)"
        ),
    )
    host.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=_("shuffle seed, to replay the same deals (the friend is told the deal is seeded)"),
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
    _add_seat_arguments(host, play_on_screen)

    join = commands.add_parser(
        "join",
        help=_("join a friend's room over the network"),
        description=_("Take seat 2 in the room CODE on the server at ADDR:PORT."),
    )
    join.add_argument("address", type=server_address, metavar="ADDR:PORT", help=_("the server"))
    join.add_argument("code", metavar="CODE", help=_("the room code, e.g. ABCD-EFGH"))
    _add_seat_arguments(join, play_on_screen)


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


def _add_seat_arguments(
    parser: argparse.ArgumentParser, play_on_screen: Callable[[argparse.Namespace], int]
) -> None:
    parser.add_argument(
        "--bot",
        choices=LEVEL_NAMES,
        metavar="LEVEL",
        help=_("let the bot play this seat, without a screen: {levels}").format(
            levels=", ".join(LEVEL_NAMES)
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=_("with --bot: print JSON lines (the room code, then the result) for scripts"),
    )
    parser.add_argument("--name", default="", metavar="NAME", help=_("your name at the table"))
    parser.set_defaults(func=lambda args: run_seat_command(args, play_on_screen))


# -- running them -----------------------------------------------------------------------------


def check_seat_arguments(args: argparse.Namespace) -> str | None:
    """The one-line problem with a host or join command's flags, or None."""
    from spit.net.wire import MAX_NAME, ProtocolError, room_code

    if args.json and not args.bot:
        return _("--json needs --bot: a game on the screen prints no JSON")
    if getattr(args, "web_port", None) is not None and not args.web:
        return _("--web-port needs --web")
    if getattr(args, "server", None) and (args.bind or args.port is not None or args.pace != 1):
        return _("--bind, --port and --pace start a server here; --server uses a running one")
    if len(args.name) > MAX_NAME or not args.name.isprintable():
        return _("a name is up to {n} printable characters").format(n=MAX_NAME)
    if getattr(args, "code", None) is not None:
        try:
            args.code = room_code(args.code)
        except ProtocolError:
            return _("not a room code: {code!r} (8 letters and digits, e.g. ABCD-EFGH)").format(
                code=args.code
            )
    return None


def run_seat_command(
    args: argparse.Namespace, play_on_screen: Callable[[argparse.Namespace], int]
) -> int:
    """``spit host`` or ``spit join``: the bot headless, or the screen."""
    command = f"spit {'join' if hasattr(args, 'code') else 'host'}"
    problem = check_seat_arguments(args)
    if problem is not None:
        print(
            _("{command}: {problem} (see '{command} --help')").format(
                command=command, problem=problem
            ),
            file=sys.stderr,
        )
        return 2
    if not args.bot:
        return play_on_screen(args)
    try:
        return asyncio.run(_bot_seat(args, command))
    except KeyboardInterrupt:
        print(_("{command}: interrupted").format(command=command), file=sys.stderr)
        return INTERRUPTED


async def _bot_seat(args: argparse.Namespace, command: str) -> int:
    from spit.net.botclient import BotSeat, play
    from spit.net.client import Client, ServerGone

    server = None
    address = getattr(args, "server", None) or getattr(args, "address", None)
    joining = hasattr(args, "code")
    if not joining and address is None:
        try:
            server, address = await start_local_server(args)
        except OSError as error:
            print(
                _("{command}: cannot listen there: {why}").format(
                    command=command, why=error.strerror or error
                ),
                file=sys.stderr,
            )
            return LOST
    web = None
    if getattr(args, "web", False):
        try:
            web = await start_browser_seats(args, local_address(args, address))
        except OSError as error:
            if server is not None:
                await server.stop()
            print(
                _("{command}: cannot serve the browser seat there: {why}").format(
                    command=command, why=error.strerror or error
                ),
                file=sys.stderr,
            )
            return LOST
    seat = BotSeat(args.bot, random.Random())
    client = Client(address, seat)

    def welcomed(welcome: Any) -> None:
        if joining:
            return
        link = web.open_room(welcome.room) if web is not None else None
        if args.json:
            said = {"code": welcome.room, "address": address}
            print(json.dumps(said | ({"link": link} if link else {})), flush=True)
        else:
            print(
                _("Room {code}. Your friend types: spit join {address} {code}").format(
                    code=welcome.room, address=address
                ),
                flush=True,
            )
            if link:
                print(_("Or opens in a browser: {link}").format(link=link), flush=True)

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
                )
            )
            done, _pending = await asyncio.wait(
                {task, interrupted}, return_when=asyncio.FIRST_COMPLETED
            )
            if task not in done:
                task.cancel()
                client.leave()
                await client.close()
                print(_("{command}: interrupted").format(command=command), file=sys.stderr)
                return INTERRUPTED
            ended = task.result()
    except ServerGone as gone:
        print(f"{command}: {gone}", file=sys.stderr)
        return LOST
    finally:
        if web is not None:
            await web.stop()
        if server is not None:
            await server.stop()
    result = ended.result
    if args.json:
        print(json.dumps(result), flush=True)
    else:
        print(describe_result(result), flush=True)
    return 0 if ended.why == "match over" else LOST


def describe_result(result: dict[str, Any]) -> str:
    """The result in one sentence."""
    held = result.get("held") or [0, 0]
    if result.get("ended") == "abandoned":
        return _("The match was abandoned: a player did not come back.")
    if result.get("ended") == "left":
        return _("The match ended: a player left.")
    winner = result.get("winner")
    if winner is None:
        return _("A draw after {rounds} rounds.").format(rounds=result.get("rounds"))
    return _("Player {winner} wins after {rounds} rounds (cards held: {one}–{two}).").format(
        winner=winner, rounds=result.get("rounds"), one=held[0], two=held[1]
    )


async def start_local_server(args: argparse.Namespace) -> tuple[Any, str]:
    """A server in this process, as ``--bind``/``--port``/``--pace`` say; it and its address
    to give the friend."""
    from spit.net.server import GameServer

    server = GameServer(pace=args.pace)
    bind = args.bind or LOOPBACK
    host, port = await server.start(bind, DEFAULT_PORT if args.port is None else args.port)
    return server, join_address(shown_host(bind, host), port)


async def start_browser_seats(args: argparse.Namespace, game_address: str) -> Any:
    """The page of the room's second seat (``--web``), listening on ``--bind``; OSError if it
    cannot. A :class:`spit.web.room.RoomWebServer`, whose ``open_room(code)`` gives the link."""
    from spit.web.room import RoomWebServer

    port = WEB_PORT if args.web_port is None else args.web_port
    web = RoomWebServer(game_address, bind=args.bind or LOOPBACK, port=port)
    await web.start()
    return web


def local_address(args: argparse.Namespace, address: str) -> str:
    """Where a ``spit join`` started on this machine reaches the game server at ``address``."""
    from spit.web.room import local_game_address

    hosting = not getattr(args, "server", None)
    return local_game_address(args.bind or LOOPBACK, address, hosting=hosting)


def shown_host(bind: str, host: str) -> str:
    """The host part a friend should type: the machine's name when listening everywhere."""
    try:
        if ipaddress.ip_address(bind).is_unspecified:
            return socket.gethostname()
    except ValueError:
        return bind  # a name: the friend can use it too
    return host


@contextlib.contextmanager
def _interrupts() -> Any:
    """A future that completes on SIGINT or SIGTERM, while the block runs."""
    loop = asyncio.get_running_loop()
    stop = loop.create_future()
    signals = (signal.SIGINT, signal.SIGTERM)
    for sig in signals:
        loop.add_signal_handler(sig, lambda: stop.done() or stop.set_result(None))
    try:
        yield stop
    finally:
        for sig in signals:
            loop.remove_signal_handler(sig)


def run_server_command(args: argparse.Namespace) -> int:
    """``spit server``: serve rooms until SIGINT or SIGTERM."""
    logging.basicConfig(
        level=logging.INFO, format="%(asctime)s spit server: %(message)s", stream=sys.stderr
    )
    # A failed handshake (a port scan, a browser) is not news; a handler's crash would be.
    logging.getLogger("websockets").setLevel(logging.ERROR)
    return asyncio.run(_serve(args))


async def _serve(args: argparse.Namespace) -> int:
    from spit.net.server import GameServer, Limits

    server = GameServer(limits=Limits(grace=args.grace), pace=args.pace)
    # The signals are ours before the first log line, so a stop never finds them unset.
    with _interrupts() as stop:
        try:
            await server.start(
                args.bind or LOOPBACK, DEFAULT_PORT if args.port is None else args.port
            )
        except OSError as error:
            print(
                _("spit server: cannot listen there: {why}").format(why=error.strerror or error),
                file=sys.stderr,
            )
            return LOST
        await stop
    await server.stop()
    return 0
