"""The directory of rooms a cluster of server processes shares: which worker holds which room,
which workers are alive, and the counts kept across them.

:class:`Directory` is what the server needs of it; :class:`RedisDirectory` keeps it in Redis
(one ``SET NX`` claims a room code in the whole cluster; keys expire by themselves, so a
worker that dies takes its entries with it). Its keys are described in docs/network.md ("The
directory"). A room's entry outlives a dead holder by up to :data:`ROOM_TTL` seconds, so a
player coming back in that while is told the room was lost, not that there is none.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlsplit

if TYPE_CHECKING:
    from collections.abc import Collection

    from redis.asyncio import Redis

WORKER_TTL = 3.0  # seconds after its last heartbeat: how soon a dead worker is known
ROOM_TTL = 30.0  # seconds a room's entry lives after its holder's last heartbeat
BEAT_EVERY = 1.0
# Seconds any one directory call may take before the directory counts as unreachable: a room
# waits for it only when it opens, or when a player arrives at a process not holding it.
TIMEOUT = 0.5


class DirectoryDown(Exception):
    """The directory cannot be reached (``str()``: the client library's own words)."""


@dataclass(frozen=True, slots=True)
class Holder:
    """Who holds a room, as the directory has it."""

    worker: str
    address: str
    alive: bool  # its heartbeat is still fresh


class Directory(Protocol):
    """The directory as one worker uses it. Every call may raise :class:`DirectoryDown`."""

    worker: str  # this worker's id, fresh each time it starts

    async def claim(self, code: str, address: str) -> bool:
        """Take the room code ``code`` for this worker at ``address``; False if any worker
        holds it (or held it a moment ago)."""

    async def find(self, code: str) -> Holder | None:
        """Who holds room ``code``, if anyone."""

    async def release(self, code: str) -> None:
        """This worker no longer holds ``code`` (only its own entry is removed)."""

    async def beat(
        self, address: str, codes: Collection[str], waiting: Collection[tuple[str, str]] = ()
    ) -> list[str]:
        """This worker is alive at ``address`` and holds ``codes``: refresh them all (entries
        lost while the directory was away are made again), and the ``waiting`` rooms (client
        address, code) it holds; the codes another worker took meanwhile, which this one
        must give up telling anyone about."""

    async def tally(self, what: str, who: str, window: float) -> int:
        """Count one more ``what`` for ``who`` (a client address) across the cluster; the
        count in the current window of ``window`` seconds."""

    async def count(self, what: str, who: str) -> int:
        """The count of ``what`` for ``who`` in its current window, adding none."""

    async def wait(self, who: str, code: str) -> None:
        """Room ``code``, opened by ``who``, waits for a second player."""

    async def unwait(self, who: str, code: str) -> None:
        """Room ``code`` no longer waits (joined, or forgotten)."""

    async def waiting(self, who: str) -> int:
        """Rooms opened by ``who`` that wait for a second player, in the whole cluster."""

    async def close(self) -> None:
        """Let go of the connection to the directory."""


_NOW = """
local clock = redis.call('TIME')
local now = clock[1] * 1000 + math.floor(clock[2] / 1000)
"""  # Redis's own clock in milliseconds: every machine's entries are timed by one clock

_BEAT = (
    _NOW
    + """
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
local rooms = tonumber(ARGV[5])
local taken = {}
for i = 2, rooms + 1 do
  local held = redis.call('GET', KEYS[i])
  if held == false or held == ARGV[3] then
    redis.call('SET', KEYS[i], ARGV[3], 'PX', ARGV[4])
  else
    table.insert(taken, KEYS[i])
  end
end
for i = rooms + 2, #KEYS do
  redis.call('ZADD', KEYS[i], now + ARGV[4], ARGV[i + 4 - rooms])
  redis.call('PEXPIRE', KEYS[i], ARGV[4])
end
return taken
"""
)
"""A heartbeat in one round trip: the worker's key, then each room it holds (made again if
it expired or the directory lost it; left alone if another worker holds the code now), then
each of its rooms waiting for a second player, against its opener."""

_WAIT = (
    _NOW
    + """
redis.call('ZADD', KEYS[1], now + ARGV[2], ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
"""
)

_WAITING = (
    _NOW
    + """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
return redis.call('ZCARD', KEYS[1])
"""
)

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""

_TALLY = """
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return n
"""


class RedisDirectory:
    """The directory in Redis, through the ``redis`` package's asyncio client."""

    def __init__(self, url: str, *, prefix: str = "spit:", timeout: float = TIMEOUT) -> None:
        # redis is loaded by a cluster's worker only, not by a lone server or `spit host`
        # (start-up: redis.asyncio takes over 100 ms to import).
        from redis.asyncio import Redis  # lazy: start-up
        from redis.asyncio.retry import Retry  # lazy: start-up
        from redis.backoff import NoBackoff  # lazy: start-up
        from redis.exceptions import RedisError  # lazy: start-up

        self._errors = (RedisError, OSError)

        self.url = url
        self.worker = secrets.token_hex(6)
        self._prefix = prefix
        # No retries: a call that fails says so at once, and the caller decides (a room is
        # refused; a heartbeat is tried again a second later).
        self._redis: Redis = Redis.from_url(
            url,
            socket_timeout=timeout,
            socket_connect_timeout=timeout,
            retry=Retry(NoBackoff(), 0),
            decode_responses=True,
        )
        self._beat = self._redis.register_script(_BEAT)
        self._release = self._redis.register_script(_RELEASE)
        self._tally = self._redis.register_script(_TALLY)
        self._wait = self._redis.register_script(_WAIT)
        self._waiting = self._redis.register_script(_WAITING)

    def _room(self, code: str) -> str:
        return f"{self._prefix}room:{code}"

    def _entry(self, address: str) -> str:
        return f"{self.worker} {address}"

    async def ping(self) -> None:
        """Check that Redis answers (:class:`DirectoryDown` if not)."""
        await self._call(self._redis.ping())

    async def claim(self, code: str, address: str) -> bool:
        done = await self._call(
            self._redis.set(self._room(code), self._entry(address), nx=True, px=_ms(ROOM_TTL))
        )
        return bool(done)

    async def find(self, code: str) -> Holder | None:
        held = await self._call(self._redis.get(self._room(code)))
        if not isinstance(held, str) or " " not in held:
            return None
        worker, address = held.split(" ", 1)
        alive = await self._call(self._redis.exists(f"{self._prefix}worker:{worker}"))
        return Holder(worker, address, bool(alive))

    async def release(self, code: str) -> None:
        # The entry's own value is compared: a code given up late never removes another's.
        held = await self._call(self._redis.get(self._room(code)))
        if isinstance(held, str) and held.startswith(f"{self.worker} "):
            await self._call(self._release(keys=[self._room(code)], args=[held]))

    async def beat(
        self, address: str, codes: Collection[str], waiting: Collection[tuple[str, str]] = ()
    ) -> list[str]:
        keys = [
            f"{self._prefix}worker:{self.worker}",
            *(self._room(c) for c in codes),
            *(f"{self._prefix}waiting:{who}" for who, _ in waiting),
        ]
        args: list[str | int] = [address, _ms(WORKER_TTL), self._entry(address), _ms(ROOM_TTL)]
        args += [len(codes), *(code for _, code in waiting)]
        taken = await self._call(self._beat(keys=keys, args=args))
        cut = len(self._room(""))
        assert taken is None or isinstance(taken, list)  # the script returns the keys taken
        return [key[cut:] for key in taken or ()]

    async def tally(self, what: str, who: str, window: float) -> int:
        key = f"{self._prefix}tally:{what}:{who}"
        return _int(await self._call(self._tally(keys=[key], args=[_ms(window)])))

    async def count(self, what: str, who: str) -> int:
        held = await self._call(self._redis.get(f"{self._prefix}tally:{what}:{who}"))
        return int(held) if isinstance(held, str) and held.isdigit() else 0

    async def wait(self, who: str, code: str) -> None:
        key = f"{self._prefix}waiting:{who}"
        await self._call(self._wait(keys=[key], args=[code, _ms(ROOM_TTL)]))

    async def unwait(self, who: str, code: str) -> None:
        await self._call(self._redis.zrem(f"{self._prefix}waiting:{who}", code))

    async def waiting(self, who: str) -> int:
        return _int(await self._call(self._waiting(keys=[f"{self._prefix}waiting:{who}"])))

    async def close(self) -> None:
        await self._redis.aclose()

    async def _call(self, call: object) -> object:
        try:
            return await call  # type: ignore[misc]
        except self._errors as error:
            raise DirectoryDown(str(error) or type(error).__name__) from None


def shown_url(url: str) -> str:
    """A Redis URL as a log may show it: without its user and password."""
    parts = urlsplit(url)
    if "@" not in parts.netloc:
        return url
    return parts._replace(netloc=parts.netloc.rpartition("@")[2]).geturl()


def _int(answer: object) -> int:
    """A script's integer reply (Redis answers a Lua number as an int, or text for a string)."""
    if not isinstance(answer, int | str | bytes):
        raise DirectoryDown(f"not a number: {answer!r}")
    return int(answer)


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000))


__all__ = [
    "BEAT_EVERY",
    "ROOM_TTL",
    "WORKER_TTL",
    "Directory",
    "DirectoryDown",
    "Holder",
    "RedisDirectory",
    "shown_url",
]
