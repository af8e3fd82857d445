"""Online play kept in Redis, shared by a cluster's workers (``spit server --redis``).

Keys (prefix ``spit:``): ``player:ID``, a hash of the player (its secret's hash, name, last
visit, flag, and per variant its rating, deviation, volatility and games); ``board:VARIANT``,
the leaderboard as a sorted set by rating; ``pool``, a hash of the seekers (JSON), with
``pool:seen`` (when each one's worker last vouched for it: a dead worker's seekers go after
:data:`~spit.net.pool.STALE` seconds) and ``pool:lock`` (one worker pairs at a time);
``paired:ID``, a ``paired`` frame left for a seeker another worker holds; ``playing``.
"""

from __future__ import annotations

import secrets
from collections.abc import Collection
from typing import TYPE_CHECKING, Any, Final

import msgspec

from spit.engine import Variant
from spit.net.pool import STALE, Seeker, botward, pairings
from spit.net.ratings import Rating
from spit.net.store import BOARD, Account, line
from spit.net.wire import PlayerLine

if TYPE_CHECKING:
    from redis.asyncio import Redis

LOCK: Final = 3.0  # seconds a pairing worker holds the pool at most
WORD: Final = 30.0  # seconds a paired frame waits for its seeker's worker

_seeker: Final = msgspec.json.Decoder(Seeker).decode

_REFRESH = """
for i = 2, #ARGV, 2 do
  if redis.call('HEXISTS', KEYS[1], ARGV[i]) == 1 then
    redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1])
    redis.call('ZADD', KEYS[2], ARGV[1], ARGV[i])
  end
end
"""
"""Seekers still in the pool are vouched for; one taken out by a pairing is not put back."""


def connect(url: str) -> Redis:
    # redis is loaded by a cluster's worker only (start-up: redis.asyncio takes 100 ms).
    from redis.asyncio import Redis  # lazy: start-up

    return Redis.from_url(
        url, socket_timeout=2.0, socket_connect_timeout=2.0, decode_responses=True
    )


class RedisStore:
    """The :class:`~spit.net.store.Store` in Redis."""

    def __init__(self, redis: Redis, prefix: str = "spit:") -> None:
        self._redis: Any = redis  # redis's asyncio types answer str or bytes: read as text
        self._prefix = prefix

    def _key(self, player: str) -> str:
        return f"{self._prefix}player:{player}"

    async def add(self, account: Account) -> None:
        await self._redis.hset(
            self._key(account.player),
            mapping={
                "secret": account.secret,
                "name": account.name,
                "seen": account.seen,
                "flagged": int(account.flagged),
            },
        )

    async def account(self, player: str) -> Account | None:
        held: dict[str, Any] = await self._redis.hgetall(self._key(player))
        if "secret" not in held:
            return None
        return Account(
            player, held["secret"], held["name"], float(held["seen"]), held["flagged"] == "1"
        )

    async def seen(self, player: str, name: str, now: float) -> None:
        await self._redis.hset(self._key(player), mapping={"name": name, "seen": now})

    async def flag(self, player: str) -> None:
        await self._redis.hset(self._key(player), "flagged", 1)

    async def rating(self, player: str, variant: Variant) -> Rating:
        v = variant.value
        fields = (f"{v}:rating", f"{v}:deviation", f"{v}:volatility", f"{v}:games")
        held = await self._redis.hmget(self._key(player), fields)
        if held[0] is None:
            return Rating()
        return Rating(float(held[0]), float(held[1]), float(held[2]), int(held[3]))

    async def rate(self, player: str, variant: Variant, rating: Rating) -> None:
        v = variant.value
        async with self._redis.pipeline(transaction=True) as pipe:
            pipe.hset(
                self._key(player),
                mapping={
                    f"{v}:rating": rating.rating,
                    f"{v}:deviation": rating.deviation,
                    f"{v}:volatility": rating.volatility,
                    f"{v}:games": rating.games,
                },
            )
            pipe.zadd(f"{self._prefix}board:{v}", {player: rating.rating})
            await pipe.execute()

    async def board(self, variant: Variant, player: str | None = None) -> list[PlayerLine]:
        if player is None:
            players = await self._redis.zrevrange(
                f"{self._prefix}board:{variant.value}", 0, BOARD - 1
            )
        else:
            players = [player]
        lines = []
        for each in players:
            account = await self.account(each)
            if account is not None:
                lines.append(line(account, await self.rating(each, variant)))
        return [line for line in lines if player is None or line.games]

    async def close(self) -> None:
        await self._redis.aclose()


class RedisPool:
    """The :class:`~spit.net.pool.Pool` in Redis: one pool for every worker."""

    def __init__(self, redis: Redis, prefix: str = "spit:") -> None:
        self._redis: Any = redis  # as the store's
        self._pool = f"{prefix}pool"
        self._seen = f"{prefix}pool:seen"
        self._lock = f"{prefix}pool:lock"
        self._prefix = prefix
        self._refresh = redis.register_script(_REFRESH)

    async def join(self, seeker: Seeker) -> bool:
        text = msgspec.json.encode(seeker).decode()
        if not await self._redis.hsetnx(self._pool, seeker.player, text):
            seen = await self._redis.zscore(self._seen, seeker.player)
            if seen is not None and seeker.since - seen < STALE:
                return False  # seeking on another connection, alive
            await self._redis.hset(self._pool, seeker.player, text)
        await self._redis.zadd(self._seen, {seeker.player: seeker.since})
        return True

    async def leave(self, player: str) -> None:
        await self._redis.hdel(self._pool, player)
        await self._redis.zrem(self._seen, player)

    async def settle(
        self, now: float, wait: float, here: Collection[str]
    ) -> tuple[list[tuple[Seeker, Seeker]], list[Seeker]]:
        token = secrets.token_hex(8)
        if not await self._redis.set(self._lock, token, nx=True, px=round(LOCK * 1000)):
            return [], []  # another worker pairs now
        try:
            stale = await self._redis.zrangebyscore(self._seen, "-inf", now - STALE)
            if stale:
                await self._redis.hdel(self._pool, *stale)
                await self._redis.zrem(self._seen, *stale)
            held: dict[str, str] = await self._redis.hgetall(self._pool)
            seekers = [_seeker(text) for text in held.values()]
            pairs = pairings(seekers, now)
            paired = {s.player for pair in pairs for s in pair}
            bots = botward(
                (s for s in seekers if s.player in here and s.player not in paired), now, wait
            )
            taken = [*paired, *(s.player for s in bots)]
            if taken:
                await self._redis.hdel(self._pool, *taken)
                await self._redis.zrem(self._seen, *taken)
            return pairs, bots
        finally:
            if await self._redis.get(self._lock) == token:
                await self._redis.delete(self._lock)

    async def tell(self, player: str, paired: str) -> None:
        await self._redis.set(f"{self._prefix}paired:{player}", paired, ex=round(WORD))

    async def refresh(self, seekers: Collection[Seeker], now: float) -> dict[str, str]:
        if not seekers:
            return {}
        args: list[str | float] = [now]
        for seeker in seekers:
            args += [seeker.player, msgspec.json.encode(seeker).decode()]
        await self._refresh(keys=[self._pool, self._seen], args=args)
        keys = [f"{self._prefix}paired:{seeker.player}" for seeker in seekers]
        words = await self._redis.mget(keys)
        told = {s.player: w for s, w in zip(seekers, words, strict=True) if w is not None}
        if told:
            await self._redis.delete(*(f"{self._prefix}paired:{player}" for player in told))
        return told

    async def counts(self) -> tuple[int, int]:
        seeking = await self._redis.hlen(self._pool)
        playing = await self._redis.get(f"{self._prefix}playing")
        return int(seeking), max(0, int(playing or 0))

    async def playing(self, change: int) -> None:
        await self._redis.incrby(f"{self._prefix}playing", change)


__all__ = ["RedisPool", "RedisStore", "connect"]
