"""Where a server keeps its players and their ratings: one interface, :class:`Store`.

:class:`SqliteStore` is a file in the server's data directory (the default: nothing to set
up); ``online_redis.RedisStore`` is shared by a cluster's workers. A player's secret is kept
only as its SHA-256: the file or the Redis of a server gives no one a player's identity.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Protocol

from msgspec import Struct

from spit.engine import Variant
from spit.net.ratings import Rating
from spit.net.wire import PlayerLine

BOARD = 100  # players on a leaderboard


class Account(Struct, frozen=True):
    """A player as the server knows them."""

    player: str
    secret: str  # SHA-256 of the secret, in hex
    name: str
    seen: float  # Unix time
    flagged: bool = False


def line(account: Account, rating: Rating) -> PlayerLine:
    return PlayerLine(
        player=account.player,
        name=account.name,
        rating=round(rating.rating, 1),
        deviation=round(rating.deviation, 1),
        shown=rating.shown,
        games=rating.games,
        seen=account.seen,
        flagged=account.flagged,
    )


class Store(Protocol):
    """Players and ratings. Every write is done when its call returns."""

    async def add(self, account: Account) -> None: ...

    async def account(self, player: str) -> Account | None: ...

    async def seen(self, player: str, name: str, now: float) -> None: ...

    async def flag(self, player: str) -> None: ...

    async def rating(self, player: str, variant: Variant) -> Rating: ...

    async def rate(self, player: str, variant: Variant, rating: Rating) -> None: ...

    async def board(self, variant: Variant, player: str | None = None) -> list[PlayerLine]:
        """The best :data:`BOARD` players of ``variant`` (only ``player``, if given)."""

    async def close(self) -> None: ...


class SqliteStore:
    """The store in an SQLite file (calls are quick and local: done in the event loop)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        self._db = sqlite3.connect(path, isolation_level=None)
        self._db.executescript(
            """
            PRAGMA journal_mode = WAL;
            CREATE TABLE IF NOT EXISTS players (
                player TEXT PRIMARY KEY, secret TEXT NOT NULL, name TEXT NOT NULL,
                seen REAL NOT NULL, flagged INTEGER NOT NULL DEFAULT 0);
            CREATE TABLE IF NOT EXISTS ratings (
                player TEXT NOT NULL, variant TEXT NOT NULL, rating REAL NOT NULL,
                deviation REAL NOT NULL, volatility REAL NOT NULL, games INTEGER NOT NULL,
                PRIMARY KEY (player, variant));
            """
        )

    async def add(self, account: Account) -> None:
        self._db.execute(
            "INSERT INTO players VALUES (?, ?, ?, ?, ?)",
            (account.player, account.secret, account.name, account.seen, account.flagged),
        )

    async def account(self, player: str) -> Account | None:
        row = self._db.execute(
            "SELECT player, secret, name, seen, flagged FROM players WHERE player = ?", (player,)
        ).fetchone()
        return None if row is None else Account(row[0], row[1], row[2], row[3], bool(row[4]))

    async def seen(self, player: str, name: str, now: float) -> None:
        self._db.execute(
            "UPDATE players SET name = ?, seen = ? WHERE player = ?", (name, now, player)
        )

    async def flag(self, player: str) -> None:
        self._db.execute("UPDATE players SET flagged = 1 WHERE player = ?", (player,))

    async def rating(self, player: str, variant: Variant) -> Rating:
        row = self._db.execute(
            "SELECT rating, deviation, volatility, games FROM ratings"
            " WHERE player = ? AND variant = ?",
            (player, variant.value),
        ).fetchone()
        return Rating() if row is None else Rating(*row)

    async def rate(self, player: str, variant: Variant, rating: Rating) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO ratings VALUES (?, ?, ?, ?, ?, ?)",
            (
                player,
                variant.value,
                rating.rating,
                rating.deviation,
                rating.volatility,
                rating.games,
            ),
        )

    async def board(self, variant: Variant, player: str | None = None) -> list[PlayerLine]:
        rows = self._db.execute(
            "SELECT p.player, p.secret, p.name, p.seen, p.flagged,"
            " r.rating, r.deviation, r.volatility, r.games"
            " FROM players p JOIN ratings r ON r.player = p.player AND r.variant = ?"
            " WHERE ? IS NULL OR p.player = ? ORDER BY r.rating DESC LIMIT ?",
            (variant.value, player, player, BOARD),
        ).fetchall()
        return [
            line(Account(row[0], row[1], row[2], row[3], bool(row[4])), Rating(*row[5:]))
            for row in rows
        ]

    async def close(self) -> None:
        self._db.close()


__all__ = ["BOARD", "Account", "SqliteStore", "Store", "line"]
