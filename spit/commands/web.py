"""The ``spit web`` command: serve the game to browsers, one table per tab."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Final

from spit import words
from spit.commands.exits import CANNOT_LISTEN
from spit.commands.numbers import bounded
from spit.i18n import _

DEFAULT_BIND: Final = "127.0.0.1"
"""Only this machine's browsers by default; ``--bind`` opens it to others on purpose."""

DEFAULT_PORT: Final = 8000  # the port spit web listens on unless told otherwise

DEFAULT_TABLES: Final = 8
"""Tables played at once unless told otherwise; each is a ``spit`` process of some 40 MB."""


port_number = bounded(
    int, 0, 65535, lambda: _("must be between 0 and 65535, not {value}"), words.networked.not_a_port
)
table_count = bounded(
    int,
    1,
    100,
    lambda: _("must be between 1 and 100, not {value}"),
    words.commands.not_a_whole_number,
)  # how many tables may be played at once


def add_web_parser(subparsers: Any) -> None:
    """Register ``web`` on an ``add_subparsers()`` object; it runs :func:`run`."""
    parser = subparsers.add_parser(
        "web",
        help=_("serve spit to a web browser"),
        description=_(
            "Serve spit to web browsers: open the address it prints and the start menu "
            "appears in the page; two players on one keyboard or against the bot, as in the "
            "terminal. Every browser tab gets a table of its own."
        ),
    )
    parser.add_argument(
        "--bind",
        default=DEFAULT_BIND,
        metavar="ADDR",
        help=_(
            "the address to listen on (default {default}: this machine only; give this "
            "machine's network address to let others in)"
        ).format(default=DEFAULT_BIND),
    )
    parser.add_argument(
        "--port",
        type=port_number,
        default=DEFAULT_PORT,
        metavar="N",
        help=_("the port to listen on (default {default}; 0 picks a free one)").format(
            default=DEFAULT_PORT
        ),
    )
    parser.add_argument(
        "--max-tables",
        type=table_count,
        default=DEFAULT_TABLES,
        metavar="N",
        help=_("how many browser tabs may play at once (default {default})").format(
            default=DEFAULT_TABLES
        ),
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Serve until Ctrl+C; the exit status."""
    from spit.web.server import WebServer  # aiohttp loads when the command runs

    command = [sys.executable, "-m", "spit"]
    server = WebServer(command, bind=args.bind, port=args.port, max_sessions=args.max_tables)

    def ready(address: str) -> None:
        said = _("Spit is served at {address} — open it in a browser. Ctrl+C stops.")
        print(said.format(address=address), flush=True)

    try:
        server.run(ready)
    except OSError as error:
        said = _("cannot serve on {bind} port {port}: {reason}").format(
            bind=args.bind, port=args.port, reason=error.strerror or str(error)
        )
        print(f"spit: {said}", file=sys.stderr)
        return CANNOT_LISTEN
    return 0
