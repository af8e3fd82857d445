"""Where a spit server is: ``ADDR:PORT`` written and read one way for the commands, the app's
dialogs and the browser seat (an IPv6 host in brackets, ``[::1]:7748``).

No words here: a text that is no address raises :class:`AddressError` with its
:class:`AddressProblem`, and the shell that asked says it in the player's language.
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from enum import Enum
from typing import Final

# S-P-I-T on a phone's keypad. Here, beside the address syntax, so that the command line's
# help can say it without loading the wire.
DEFAULT_PORT: Final = 7748
# This machine only, until the player chooses to open it to others (--bind, the Host dialog).
LOOPBACK: Final = "127.0.0.1"


class AddressProblem(Enum):
    """Why a text is not ``ADDR:PORT``."""

    NOT_AN_ADDRESS = "not-an-address"  # no port where one is needed, or a bad host
    NOT_A_PORT = "not-a-port"  # the part after the last colon is no whole number
    PORT_OUT_OF_RANGE = "port-out-of-range"
    PORT_ZERO = "port-zero"  # where a server is reached (0 is "any free one" to listen on)


class AddressError(ValueError):
    """A text that is not ``ADDR:PORT``: the text, the problem, and the port as written."""

    def __init__(self, text: str, problem: AddressProblem, port: str = "") -> None:
        super().__init__(text)
        self.text = text
        self.problem = problem
        self.port = port  # as written ("" when there is none)


def join_address(host: str, port: int) -> str:
    """``host:port``, with an IPv6 host in brackets."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_address(
    text: str, *, default_port: int | None = None, any_port: bool = False
) -> tuple[str, int]:
    """``ADDR:PORT`` (``[ADDR]:PORT`` for IPv6) as a host and a port; AddressError if it is
    not one. Without a port, ``default_port`` (if given) is meant; an IPv6 host with a port
    must be in brackets, since ``::1:7748`` is itself an address. ``any_port`` lets port 0
    stand for any free one (where a server listens, as ``spit host --port 0``)."""
    text = text.strip()
    host, sep, port_text = text.rpartition(":")
    if not sep or (host.count(":") and not host.startswith("[")):
        if default_port is None:
            raise AddressError(text, AddressProblem.NOT_AN_ADDRESS)
        host, port_text = text, str(default_port)
    host = host.removeprefix("[").removesuffix("]")
    if not host or not host.isprintable() or any(c.isspace() or c == "/" for c in host):
        raise AddressError(text, AddressProblem.NOT_AN_ADDRESS, port_text)
    if not (port_text.isascii() and port_text.isdigit()):
        raise AddressError(text, AddressProblem.NOT_A_PORT, port_text)
    port = int(port_text)
    if port > 65535:
        raise AddressError(text, AddressProblem.PORT_OUT_OF_RANGE, port_text)
    if port == 0 and not any_port:
        raise AddressError(text, AddressProblem.PORT_ZERO, port_text)
    return host, port


def shown_host(bind: str, host: str) -> str:
    """The host part a friend should type to reach a server listening on ``bind`` (which
    answered as ``host``): the machine's name when it listens everywhere, a name as given."""
    try:
        if ipaddress.ip_address(bind).is_unspecified:
            return socket.gethostname()
    except ValueError:
        return bind  # a name: the friend can use it too
    return host


def shown_address(bind: str, host: str, port: int) -> str:
    """The ``ADDR:PORT`` a friend types to reach a server listening on ``bind``."""
    return join_address(shown_host(bind, host), port)


def this_machine_only(address: str) -> bool:
    """Whether ``ADDR:PORT`` can be reached from this machine only (loopback, localhost)."""
    host = address.rpartition(":")[0].removeprefix("[").removesuffix("]")
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def local_address(bind: str, address: str, *, hosting: bool) -> str:
    """Where a ``spit join`` on this machine reaches the game server at ``address``: by
    loopback when this process hosts it on every interface (``address`` then names the
    machine for the friend, which it may not resolve itself)."""
    if hosting:
        with contextlib.suppress(ValueError):
            if ipaddress.ip_address(bind).is_unspecified:
                return join_address(LOOPBACK, int(address.rpartition(":")[2]))
    return address
