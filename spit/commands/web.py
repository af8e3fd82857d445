"""The ``spit web`` command: serve the game to browsers, one table per tab."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from spit import words
from spit.commands.exits import CANNOT_LISTEN
from spit.commands.numbers import bounded

DEFAULT_BIND: Final = "127.0.0.1"
"""Only this machine's browsers by default; ``--bind`` opens it to others on purpose."""

DEFAULT_PORT: Final = 8000  # the port spit web listens on unless told otherwise

DEFAULT_TABLES: Final = 8
"""Tables played at once unless told otherwise; each is a ``spit`` process of some 40 MB."""


port_number = bounded(
    int,
    0,
    65535,
    not_a_number=lambda text: words.networked.not_a_port(text=text),
    out_of_range=lambda _, value: words.web.web_port_out_of_range(value=value),
)  # an argparse type: a TCP port, 0 (any free port) to 65535


table_count = bounded(
    int,
    1,
    100,
    not_a_number=lambda text: words.commands.not_a_whole_number(text=text),
    out_of_range=lambda _, value: words.web.tables_out_of_range(value=value),
)  # an argparse type: how many tables may be played at once, 1 to 100


def add_web_parser(subparsers: Any) -> None:
    """Register ``web`` on an ``add_subparsers()`` object; it runs :func:`run`."""
    parser = subparsers.add_parser(
        "web",
        help=words.commands.command_help("web"),
        description=words.commands.command_help("web/"),
    )
    parser.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar="ADDR",
        help=words.web.web_bind_help(default=DEFAULT_BIND),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="N",
        help=words.web.web_port_help_default(default=DEFAULT_PORT),
    )
    parser.add_argument(
        "--max-tables",
        type=table_count,
        default=DEFAULT_TABLES,
        metavar="N",
        help=words.web.web_tables_help(default=DEFAULT_TABLES),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; the exit status."""
    from spit.web.server import WebServer  # aiohttp loads when the command runs

    command = [sys.executable, "-m", "spit"]
    server = WebServer(command, bind=args.bind, port=args.port, max_sessions=args.max_tables)

    def ready(address: str) -> None:
        print(
            words.web.served_at(address=address),
            flush=True,
        )

    try:
        server.run(ready)
    except OSError as error:
        print(
            "spit: "
            + words.web.cannot_serve(
                bind=args.bind, port=args.port, reason=error.strerror or str(error)
            ),
            file=sys.stderr,
        )
        return CANNOT_LISTEN
    return 0
