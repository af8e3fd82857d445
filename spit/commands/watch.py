"""``spit watch ADDR [CODE]``: a match watched from a spectator's seat, on the screen or as
JSON lines (``--json``: one line per table received); without a code, the server's live
matches to pick from; ``--tv``: the best live match, then the next. docs/spectators.md.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from typing import Any

import msgspec
from msgspec.structs import replace

from spit import words
from spit.commands import play
from spit.commands.exits import LOST
from spit.commands.records import _options
from spit.commands.rooms import _interrupts, _usage_error, server_address
from spit.i18n import _
from spit.printable import printable
from spit.settings.config import ConfigError
from spit.settings.options import Watching


def add_watch_parser(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "watch",
        help=_("watch a match on a server, as a spectator"),
        description=_(
            "Watch a match on a server from a spectator's seat: both rows face up, nothing "
            "to press. Without a code, pick from the matches being played."
        ),
    )
    parser.add_argument("address", type=server_address, metavar="ADDR:PORT", help=_("the server"))
    parser.add_argument("code", nargs="?", metavar="CODE", help=_("the room code, e.g. ABCD-EFGH"))
    parser.add_argument(
        "--tv", action="store_true", help=_("follow the best match being played, then the next")
    )
    parser.add_argument(
        "--json", action="store_true", help=_("no screen: print one JSON line per table received")
    )
    parser.add_argument(
        "--ascii", action="store_true", help=_("suits as S H D C, for terminals without ♠♥♦♣")
    )
    parser.set_defaults(func=run_watch_command)


def run_watch_command(args: argparse.Namespace) -> int:
    """``spit watch``: the screen, or JSON lines."""
    from spit.net.wire import ProtocolError, room_code  # lazy: msgspec's codec

    if args.code is not None:
        try:
            args.code = room_code(args.code)
        except ProtocolError:
            problem = _("not a room code: {code!r} (8 letters and digits, e.g. ABCD-EFGH)")
            return _usage_error("spit watch", problem.format(code=args.code))
    if args.tv and args.code is not None:
        return _usage_error("spit watch", _("--tv follows the best match: give no code with it"))
    if args.json:
        return asyncio.run(_headless(args))
    try:
        options = _options(args)
    except ConfigError as error:
        return play.config_problem(error)
    options = replace(options, ascii=options.ascii or args.ascii or play.needs_ascii())
    return play.run_app(options, network=Watching(args.address, args.code, args.tv))


async def _headless(args: argparse.Namespace) -> int:
    from spit.net.client import ServerGone  # lazy: the network
    from spit.net.spectator import Spectator  # lazy: the network
    from spit.net.wire import Ended, Table, encode  # lazy: msgspec's codec

    spectator = Spectator(args.address)

    async def watch() -> None:
        if args.code is None and not args.tv:
            for live in await spectator.matches():
                print(msgspec.json.encode(live).decode(), flush=True)
            return
        frames = spectator.tv() if args.tv else spectator.one(args.code)
        async for frame in frames:
            if isinstance(frame, Table | Ended):
                print(encode(frame), flush=True)

    try:
        with _interrupts() as interrupted:
            task = asyncio.ensure_future(watch())
            await asyncio.wait({task, interrupted}, return_when=asyncio.FIRST_COMPLETED)
            if not task.done():
                task.cancel()
                return 128 + int(interrupted.result())
            task.result()
    except ServerGone as gone:
        said = f"spit watch: {words.networked.server_gone(gone)}"
        print(printable(said), file=sys.stderr)
        return LOST
    finally:
        await spectator.close()
    return 0
