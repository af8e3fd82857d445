"""``spit seek`` (find a player on a server and play one rated match) and ``spit players``
(the server's leaderboard). docs/online.md describes both. The network loads when a command
runs: ``spit --help`` builds these parsers too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from spit import words
from spit.commands.exits import CANNOT_RUN, INTERRUPTED, LOST
from spit.commands.rooms import add_bot_argument, describe_result, server_address
from spit.engine import Variant
from spit.i18n import _
from spit.printable import printable

if TYPE_CHECKING:
    from spit.net.client import ServerGone


def add_online_parsers(commands: Any) -> None:
    """Register ``seek`` and ``players``."""
    seek = commands.add_parser(
        "seek",
        help=_("find a player near your strength on a server and play a rated match"),
        description=_(
            "Join the server's pool: it pairs you with a player whose rating is close, or "
            "offers its bot after a wait. Headless with --bot LEVEL."
        ),
    )
    seek.add_argument("address", type=server_address, metavar="ADDR:PORT", help=_("the server"))
    _variant(seek)
    add_bot_argument(seek)
    seek.add_argument(
        "--json", action="store_true", help=_("print the result as one JSON line, for scripts")
    )
    seek.add_argument("--name", default="", metavar="NAME", help=_("your name at the table"))
    seek.add_argument(
        "--no-server-bot",
        action="store_true",
        help=_("wait for a person: do not take the server's bot after its wait"),
    )
    seek.set_defaults(func=run_seek_command)

    players = commands.add_parser(
        "players",
        help=_("show a server's leaderboard"),
        description=_("Rank, name, rating (? while provisional), games and last visit."),
    )
    players.add_argument("address", type=server_address, metavar="ADDR:PORT", help=_("the server"))
    _variant(players)
    players.add_argument("--player", metavar="ID", help=_("only this player's line"))
    players.add_argument(
        "--json", action="store_true", help=_("print one JSON object on stdout instead of a table")
    )
    players.set_defaults(func=run_players_command)


def _variant(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--variant",
        choices=[variant.value for variant in Variant],
        default=Variant.STANDARD.value,
        help=_(
            "standard (the first with no cards left wins; the default) or points (to 100, or "
            "until a player has no cards left; lowest wins)"
        ),
    )


def _fail(command: str, gone: ServerGone) -> int:
    print(printable(f"{command}: {words.networked.server_gone(gone)}"), file=sys.stderr)
    return LOST


def run_seek_command(args: argparse.Namespace) -> int:
    """``spit seek``: the bot headless (the screen's seat is the app's Play online)."""
    if not args.bot:
        said = words.commands.usage_error(
            command="spit seek", problem=_("--bot LEVEL is needed: spit seek plays headless")
        )
        print(printable(said), file=sys.stderr)
        return CANNOT_RUN
    try:
        return asyncio.run(_seek(args))
    except KeyboardInterrupt:
        print(words.networked.command_interrupted(command="spit seek"), file=sys.stderr)
        return INTERRUPTED


async def _seek(args: argparse.Namespace) -> int:
    from spit.net.botclient import BotSeat, play  # lazy: the network and the bot
    from spit.net.client import Client, ServerGone  # lazy: the network
    from spit.net.identity import take  # lazy: the network
    from spit.net.seats import KeptSeat  # lazy: the network
    from spit.net.seeking import seek  # lazy: the network

    try:
        held = take(args.address)
    except OSError as error:
        print(printable(f"spit seek: {error}"), file=sys.stderr)
        return LOST
    try:
        paired = await seek(
            args.address,
            held,
            Variant(args.variant),
            args.name or f"bot {args.bot}",
            bot=not args.no_server_bot,
        )
        seat = BotSeat(args.bot, random.Random())
        client = Client(args.address, seat)
        kept = KeptSeat(args.address, paired.room, paired.seat, paired.token, False)
        try:
            ended = await play(client, seat, kept=kept)
        finally:
            await client.close()
    except ServerGone as gone:
        return _fail("spit seek", gone)
    finally:
        held.release()
    result = ended.result
    if args.json:
        print(json.dumps(result), flush=True)
    else:
        print(printable(describe_result(result)), flush=True)
        for rated in ended.rated or ():
            print(printable(f"{rated.name}: {round(rated.before)} → {rated.shown}"))
    return 0 if ended.why == "match over" else LOST


def run_players_command(args: argparse.Namespace) -> int:
    """``spit players``: the leaderboard, as a table or JSON."""
    from spit.net.client import ServerGone  # lazy: the network
    from spit.net.seeking import players  # lazy: the network

    try:
        board = asyncio.run(players(args.address, Variant(args.variant), args.player))
    except ServerGone as gone:
        return _fail("spit players", gone)
    if args.json:
        import msgspec  # lazy: only the JSON form needs it

        print(json.dumps(msgspec.to_builtins(board.lines)), flush=True)
        return 0
    from rich.console import Console  # lazy: only the table needs it
    from rich.table import Table  # lazy: only the table needs it
    from rich.text import Text  # a name is shown as it is, never read as markup

    table = Table(_("rank"), _("name"), _("rating"), _("games"), _("last seen"))
    for rank, line in enumerate(board.lines, 1):
        flag = " ⚑" if line.flagged else ""
        seen = datetime.fromtimestamp(line.seen, UTC).strftime("%Y-%m-%d %H:%M")
        table.add_row(
            str(rank),
            Text(printable(line.name or line.player) + flag),
            f"{line.shown} ± {round(line.deviation)}",
            str(line.games),
            seen,
        )
    Console().print(table)
    return 0


__all__ = ["add_online_parsers"]
