"""Admission: what one client address, and the process as a whole, may hold at once.

A connection is counted from its accept (a socket, a file) until it is gone; before its
websocket opens the transport asks :class:`Admission` whether to take it, and one over the
quotas is answered HTTP 503 and closed. The figures and why are in docs/network.md ("Limits").
"""

from __future__ import annotations

import ipaddress
import logging
import os
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass

from spit.net.bucket import Bucket

log = logging.getLogger("spit.net.server")

TALLY_EVERY = 10.0  # seconds between two log lines about refused connections
# Seconds after an address was refused with a reason during which its further connections
# over the quotas are dropped as they are accepted, without one.
SHED_FOR = 1.0
SWEEP_EVERY = 60.0  # seconds between two sweeps of the addresses that hold nothing
# Sockets past its connection quota an address may hold before each further one is dropped
# as it is accepted (up to then, each is answered 503 once it asks).
UNASKED = 16
# The soft limit on open files the server raises itself to, at most (the hard limit may be
# lower; an unlimited one is not taken at its word).
FILE_CEILING = 1 << 16


@dataclass(frozen=True, slots=True)
class Quotas:
    """What one client address may hold and open, and what the process keeps free."""

    # A club of 100 behind one NAT holds 100 connections, and briefly 200 while each stale
    # one is replaced by a reconnection.
    connections: int = 256
    connect_rate: float = 10.0  # new connections a second, on average
    connect_burst: float = 200.0  # new connections at once (that whole club coming back)
    waiting_rooms: int = 32  # rooms that never had a second player
    waiting_grace: float = 10.0  # seconds such a room is kept once its opener is gone
    file_reserve: int = 64  # files kept free for the log, records, the history
    # Clients on this machine (127.0.0.0/8, ::1) are spared the per-address quotas (never the
    # file limit): they could stop the server anyway, and a reverse proxy on this machine puts
    # every client behind one loopback address (it must limit per client itself).
    exempt_loopback: bool = True


def address_key(address: object) -> str | None:
    """Who a peer address is, for the quotas: its IPv4 address, or the /64 of an IPv6 one
    (one subscriber's whole network); None for no address (a Unix socket)."""
    if not isinstance(address, tuple) or not address:
        return None
    try:
        ip = ipaddress.ip_address(str(address[0]).split("%", 1)[0])
    except ValueError:
        return str(address[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def _loopback(key: str | None) -> bool:
    if key is None:
        return True
    try:
        return ipaddress.ip_network(key).is_loopback
    except ValueError:
        return False


def raise_file_limit() -> int:
    """Raise the soft limit on open files as far as the hard limit lets (at most
    :data:`FILE_CEILING`); the soft limit now."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    ceiling = FILE_CEILING if hard == resource.RLIM_INFINITY else min(hard, FILE_CEILING)
    if soft != resource.RLIM_INFINITY and soft < ceiling:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (ceiling, hard))
            soft = ceiling
        except (OSError, ValueError):
            pass
    return FILE_CEILING if soft == resource.RLIM_INFINITY else soft


def files_open() -> int:
    """Files this process has open now (an estimate where the system does not say)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder))
        except OSError:
            continue
    return 16


class _Address:
    """What one client address holds: connections, a bucket of new ones, rooms never joined."""

    __slots__ = ("bucket", "connections", "refused_at", "waiting")

    def __init__(self, bucket: Bucket) -> None:
        self.connections = 0
        self.bucket = bucket
        self.waiting: set[str] = set()
        self.refused_at = -SHED_FOR  # when a connection was last refused for its quotas


class Admission:
    """The server's doorkeeper: counts connections and refuses past the quotas and files."""

    def __init__(
        self, quotas: Quotas, *, files: int, source: Callable[[], float] = time.monotonic
    ) -> None:
        self.quotas = quotas
        self.files = files  # the soft limit
        self.budget = max(1, files - files_open() - quotas.file_reserve)  # connections
        self.open = 0  # connections held now, before and after their handshake
        self._source = source
        self._addresses: dict[str, _Address] = {}
        self._rooms: dict[str, str] = {}  # opener's address, of rooms never joined
        self._refused: dict[str, int] = {}
        self._told = -TALLY_EVERY
        self._swept = self._source()

    # -- connections -----------------------------------------------------------------------

    def refusal(self, key: str | None) -> str | None:
        """Why a connection just accepted from ``key`` may not open, or None."""
        if self.open > self.budget:
            return "the server is full"
        if self._exempt(key):
            return None
        assert key is not None
        held = self._addresses[key]
        now = self._source()
        if held.connections > self.quotas.connections:
            held.refused_at = now
            return "too many connections from this address"
        if not held.bucket.take(now):
            held.refused_at = now
            return "too many new connections from this address"
        return None

    def shed(self, key: str | None) -> bool:
        """Whether a connection just accepted from ``key`` is dropped at once, unread and
        unanswered: its address was told why within :data:`SHED_FOR` and is still over its
        quotas (a flood costs the server an accept, not a handshake and an answer each), or
        it holds :data:`UNASKED` more sockets than its quota (sockets that never send a
        request are never told: they are held to the quota all the same)."""
        if self._exempt(key):
            return False
        held = self._addresses[key]  # type: ignore[index]
        if held.connections > self.quotas.connections + UNASKED:
            return True
        now = self._source()
        if now - held.refused_at >= SHED_FOR:
            return False
        return held.connections > self.quotas.connections or not held.bucket.ready(now)

    def _exempt(self, key: str | None) -> bool:
        return self.quotas.exempt_loopback and _loopback(key)

    def counted(self, address: object) -> str | None:
        """Who a peer ``address`` is for the quotas a cluster counts across its workers
        (spit/net/cluster.py): its :func:`address_key`, or None if it is spared them."""
        key = address_key(address)
        return None if self._exempt(key) else key

    def arrived(self, key: str | None) -> None:
        """A connection from ``key`` was accepted (before its handshake)."""
        self.open += 1
        if key is None:
            return
        now = self._source()
        if now - self._swept >= SWEEP_EVERY:
            self._sweep(now)
        held = self._addresses.get(key)
        if held is None:
            quotas = self.quotas
            bucket = Bucket(quotas.connect_rate, quotas.connect_burst, now)
            held = self._addresses[key] = _Address(bucket)
        held.connections += 1

    def _sweep(self, now: float) -> None:
        """Forget every address that holds nothing and whose bucket is full again: one that
        left before its bucket refilled is otherwise kept until it comes back (a scan of many
        addresses must not grow this for ever)."""
        self._swept = now
        idle = [
            key
            for key, held in self._addresses.items()
            if not held.connections and not held.waiting and held.bucket.full(now)
        ]
        for key in idle:
            del self._addresses[key]

    @property
    def addresses(self) -> int:
        """Addresses remembered now."""
        return len(self._addresses)

    def left(self, key: str | None) -> None:
        self.open -= 1
        held = self._addresses.get(key) if key is not None else None
        if held is None:
            return
        held.connections -= 1
        self._let_go(key, held)

    def _let_go(self, key: str | None, held: _Address) -> None:
        if not held.connections and not held.waiting and held.bucket.full(self._source()):
            del self._addresses[key]  # type: ignore[arg-type]

    def refuse(self, why: str, key: str) -> None:
        """Count a refusal; log the refusals at most once per :data:`TALLY_EVERY`."""
        self._refused[why] = self._refused.get(why, 0) + 1
        now = self._source()
        if now - self._told < TALLY_EVERY:
            return
        self._told = now
        counts = ", ".join(f"{n} ({what})" for what, n in sorted(self._refused.items()))
        self._refused.clear()
        log.warning(
            "refused connections: %s; %d open of %d, last from %s",
            counts,
            self.open,
            self.budget,
            key or "?",
        )

    # -- rooms -----------------------------------------------------------------------------

    def room_refusal(self, address: object) -> str | None:
        """Why a connection from ``address`` may not open a room now, or None."""
        key = address_key(address)
        if self._exempt(key):
            return None
        assert key is not None
        held = self._addresses.get(key)
        if held is not None and len(held.waiting) >= self.quotas.waiting_rooms:
            return f"{len(held.waiting)} rooms from this address wait for a player already"
        return None

    def room_opened(self, code: str, address: object) -> None:
        """A room waits for its second player: it counts against its opener's address."""
        key = address_key(address)
        self._rooms[code] = key or ""
        held = self._addresses.get(key) if key is not None else None
        if held is not None:  # else its connection is gone already
            held.waiting.add(code)

    def waiting(self, code: str) -> bool:
        """Whether room ``code`` never had a second player (and is counted)."""
        return code in self._rooms

    def room_joined(self, code: str) -> None:
        """A second player sat down: the room no longer counts against its opener."""
        self.room_gone(code)

    def room_gone(self, code: str) -> None:
        key = self._rooms.pop(code, None)
        held = self._addresses.get(key) if key else None
        if held is not None:
            held.waiting.discard(code)
            self._let_go(key, held)

    def rooms_waiting(self, address: object) -> int:
        """Rooms from ``address`` that never had a second player."""
        key = address_key(address)
        held = self._addresses.get(key) if key is not None else None
        return 0 if held is None else len(held.waiting)
