"""The pool of players seeking a match, and who is paired with whom.

Pairing follows lichess's ``MatchMaking.scala``: two seekers are paired if their ratings are
within a gap of 100 (at 1500 and below; a fifteenth of the rating above), the gap widening
by :data:`WIDEN` a second waited; their round-trip times must differ by less than
:data:`RTT_GAP`, which widens too. Among the pairs allowed, the closest go first. A flagged
player (docs/online.md, "Fair play") is paired only with the flagged. Whoever waited
``bot_wait`` seconds with nobody is offered the server's bot. :class:`Pool` holds the seekers:
:class:`LocalPool` in one process, ``online_redis.RedisPool`` shared by a cluster's workers.
"""

from __future__ import annotations

import itertools
from collections.abc import Collection, Iterable
from typing import Protocol

from msgspec import Struct

from spit.engine import Variant

WIDEN = 10.0  # rating points a second waited (lichess: some 12 points a missed wave)
RTT_GAP = 0.1  # seconds two round trips may differ by at once
RTT_WIDEN = 0.01  # and more, a second waited: 0.3 s after 20 s
STALE = 5.0  # seconds without its worker's word after which a seeker is dropped


class Seeker(Struct, frozen=True, kw_only=True):
    """One player in the pool."""

    player: str
    name: str
    variant: Variant
    rating: float
    deviation: float
    since: float  # Unix time it began to seek (the pool is shared across machines)
    rtt: float | None = None  # seconds, once measured
    flagged: bool = False
    bot: bool = True  # takes the bot after the wait
    worker: str = ""  # the cluster worker holding its connection


def allowed_gap(seeker: Seeker, now: float) -> float:
    """The rating gap ``seeker`` accepts after its wait."""
    base = 100.0 if seeker.rating <= 1500 else seeker.rating / 15
    return base + WIDEN * max(0.0, now - seeker.since)


def pairings(seekers: Iterable[Seeker], now: float) -> list[tuple[Seeker, Seeker]]:
    """The pairs to make now, closest first; each seeker in one at most."""
    allowed = []
    for one, other in itertools.combinations(seekers, 2):
        if one.variant is not other.variant or one.flagged != other.flagged:
            continue
        gap = abs(one.rating - other.rating)
        if gap > (allowed_gap(one, now) + allowed_gap(other, now)) / 2:
            continue
        lag = 0.0
        if one.rtt is not None and other.rtt is not None:
            lag = abs(one.rtt - other.rtt)
            waited = max(0.0, now - max(one.since, other.since))
            if lag > RTT_GAP + RTT_WIDEN * waited:
                continue
        allowed.append((gap + 1000 * lag, one, other))
    allowed.sort(key=lambda pair: pair[0])
    taken: set[str] = set()
    pairs = []
    for _score, one, other in allowed:
        if one.player not in taken and other.player not in taken:
            taken |= {one.player, other.player}
            pairs.append((one, other))
    return pairs


def botward(seekers: Iterable[Seeker], now: float, wait: float) -> list[Seeker]:
    """Those who waited ``wait`` seconds and take the bot."""
    return [seeker for seeker in seekers if seeker.bot and now - seeker.since >= wait]


class Pool(Protocol):
    """The seekers, as one server process sees them."""

    async def join(self, seeker: Seeker) -> bool:
        """Add ``seeker``; False if that player seeks already."""

    async def leave(self, player: str) -> None: ...

    async def settle(
        self, now: float, wait: float, here: Collection[str]
    ) -> tuple[list[tuple[Seeker, Seeker]], list[Seeker]]:
        """Take out of the pool the pairs this process opens a room for, and the seekers
        of ``here`` (players this process holds) who get the bot."""

    async def tell(self, player: str, paired: str) -> None:
        """Leave word (a ``paired`` frame's text) for ``player``, held by another process."""

    async def refresh(self, seekers: Collection[Seeker], now: float) -> dict[str, str]:
        """Keep ``seekers`` (this process's, their round trips measured anew) in the pool,
        as of ``now``; the words left for any of them (each given once)."""

    async def counts(self) -> tuple[int, int]:
        """How many seek, how many play a rated match."""

    async def playing(self, change: int) -> None: ...


class LocalPool:
    """The pool of one server process."""

    def __init__(self) -> None:
        self.seekers: dict[str, Seeker] = {}
        self._playing = 0

    async def join(self, seeker: Seeker) -> bool:
        return self.seekers.setdefault(seeker.player, seeker) is seeker

    async def leave(self, player: str) -> None:
        self.seekers.pop(player, None)

    async def settle(
        self, now: float, wait: float, here: Collection[str]
    ) -> tuple[list[tuple[Seeker, Seeker]], list[Seeker]]:
        pairs = pairings(self.seekers.values(), now)
        for one, other in pairs:
            del self.seekers[one.player], self.seekers[other.player]
        bots = botward(self.seekers.values(), now, wait)
        for seeker in bots:
            del self.seekers[seeker.player]
        return pairs, bots

    async def tell(self, player: str, paired: str) -> None:
        raise AssertionError("one process holds every seeker")

    async def refresh(self, seekers: Collection[Seeker], now: float) -> dict[str, str]:
        for seeker in seekers:
            if seeker.player in self.seekers:
                self.seekers[seeker.player] = seeker
        return {}

    async def counts(self) -> tuple[int, int]:
        return len(self.seekers), self._playing

    async def playing(self, change: int) -> None:
        self._playing = max(0, self._playing + change)


__all__ = ["LocalPool", "Pool", "Seeker", "allowed_gap", "botward", "pairings"]
