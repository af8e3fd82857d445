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

from spit import words
from spit.bot.levels import BOT_CHOICES
from spit.engine import Variant
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
        raise argparse.ArgumentTypeError(words.network.not_a_port(text=text)) from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(words.network.port_out_of_range(text=text))
    return port


def server_address(text: str) -> str:
    """An argparse type: ``ADDR:PORT`` (``[ADDR]:PORT`` for IPv6), written back the same way."""
    host, sep, port_text = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
    if not sep or not host or any(c.isspace() for c in host) or "/" in host:
        raise argparse.ArgumentTypeError(words.network.not_an_address_flag(text=text))
    port = port_number(port_text)
    if port == 0:
        raise argparse.ArgumentTypeError(words.network.network_problem("server port zero"))
    return join_address(host, port)


def pace_factor(text: str) -> float:
    """An argparse type: how many times faster the game clock runs, 1 to 100."""
    try:
        pace = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(words.commands.not_a_number(text=text)) from None
    if not 1 <= pace <= 100:
        raise argparse.ArgumentTypeError(words.network.pace_out_of_range(text=text))
    return pace


def grace_seconds(text: str) -> float:
    """An argparse type: seconds a dropped seat is kept, 0.1 to 3600."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(words.commands.not_a_number(text=text)) from None
    if not 0.1 <= seconds <= 3600:
        raise argparse.ArgumentTypeError(words.network.grace_out_of_range(text=text))
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
        help=words.commands.command_help("server"),
        description=words.commands.command_help("server/"),
    )
    _add_listen_arguments(server)
    server.add_argument(
        "--grace",
        type=grace_seconds,
        default=60.0,
        metavar="SECONDS",
        help=words.commands.command_help("server --grace"),
    )
    server.set_defaults(func=run_server_command)

    host = commands.add_parser(
        "host",
        help=words.commands.command_help("host"),
        description=words.commands.command_help("host/"),
    )
    _add_listen_arguments(host)
    host.add_argument(
        "--server",
        type=server_address,
        metavar="ADDR:PORT",
        help=words.commands.command_help("host --server"),
    )
    host.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        default=Variant.STANDARD.value,
        help=words.commands.command_help("host --variant"),
    )
    host.add_argument(
        "--seed",
        type=int,
        metavar="N",
        help=words.commands.command_help("host --seed"),
    )
    host.add_argument(
        "--web",
        action="store_true",
        help=words.commands.command_help("host --web"),
    )
    host.add_argument(
        "--web-port",
        type=port_number,
        metavar="N",
        help=words.network.web_port_help(port=WEB_PORT),
    )
    _add_seat_arguments(host, play_on_screen)

    join = commands.add_parser(
        "join",
        help=words.commands.command_help("join"),
        description=words.commands.command_help("join/"),
    )
    join.add_argument(
        "address",
        type=server_address,
        metavar="ADDR:PORT",
        help=words.commands.command_help("join ADDR"),
    )
    join.add_argument("code", metavar="CODE", help=words.commands.command_help("join CODE"))
    _add_seat_arguments(join, play_on_screen)


def _add_listen_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--bind",
        metavar="ADDR",
        help=words.network.bind_help(loopback=LOOPBACK),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        metavar="N",
        help=words.network.port_help(port=DEFAULT_PORT),
    )
    parser.add_argument(
        "--pace",
        type=pace_factor,
        default=1.0,
        metavar="N",
        help=words.commands.command_help("--pace"),
    )


def _add_seat_arguments(
    parser: argparse.ArgumentParser, play_on_screen: Callable[[argparse.Namespace], int]
) -> None:
    parser.add_argument(
        "--bot",
        choices=BOT_CHOICES,
        metavar="LEVEL",
        help=words.network.seat_bot_help(levels=", ".join(BOT_CHOICES)),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=words.commands.command_help("--json"),
    )
    parser.add_argument(
        "--name", default="", metavar="NAME", help=words.commands.command_help("--name")
    )
    parser.set_defaults(func=lambda args: run_seat_command(args, play_on_screen))


# -- running them -----------------------------------------------------------------------------


def check_seat_arguments(args: argparse.Namespace) -> str | None:
    """The one-line problem with a host or join command's flags, or None."""
    from spit.net.wire import MAX_NAME, ProtocolError, room_code

    if args.json and not args.bot:
        return words.network.network_problem("json needs bot")
    if getattr(args, "web_port", None) is not None and not args.web:
        return words.network.network_problem("web port needs web")
    if getattr(args, "server", None) and (args.bind or args.port is not None or args.pace != 1):
        return words.network.network_problem("server or bind")
    if len(args.name) > MAX_NAME or not args.name.isprintable():
        return words.network.network_name_too_long(n=MAX_NAME)
    if getattr(args, "code", None) is not None:
        try:
            args.code = room_code(args.code)
        except ProtocolError:
            return words.network.not_a_room_code_flag(code=args.code)
    return None


def run_seat_command(
    args: argparse.Namespace, play_on_screen: Callable[[argparse.Namespace], int]
) -> int:
    """``spit host`` or ``spit join``: the bot headless, or the screen."""
    command = f"spit {'join' if hasattr(args, 'code') else 'host'}"
    problem = check_seat_arguments(args)
    if problem is not None:
        print(
            words.commands.usage_error(command=command, problem=problem),
            file=sys.stderr,
        )
        return 2
    if not args.bot:
        return play_on_screen(args)
    try:
        return asyncio.run(_bot_seat(args, command))
    except KeyboardInterrupt:
        print(words.network.command_interrupted(command=command), file=sys.stderr)
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
                words.network.cannot_listen(command=command, why=error.strerror or error),
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
                words.network.cannot_serve_browser_seat(
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
                words.network.room_and_command(code=welcome.room, address=address),
                flush=True,
            )
            if link:
                print(words.network.room_link(link=link), flush=True)

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
                print(words.network.command_interrupted(command=command), file=sys.stderr)
                return INTERRUPTED
            ended = task.result()
    except ServerGone as gone:
        print(f"{command}: {words.network.server_gone(gone)}", file=sys.stderr)
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
        return words.network.network_problem("abandoned")
    if result.get("ended") == "left":
        return words.network.network_problem("left")
    winner = result.get("winner")
    rounds = int(result.get("rounds") or 0)
    if winner is None:
        return words.network.draw_after(rounds)
    return words.network.won_after(winner, rounds, held[0], held[1])


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
                words.network.server_cannot_listen(why=error.strerror or error),
                file=sys.stderr,
            )
            return LOST
        await stop
    await server.stop()
    return 0
