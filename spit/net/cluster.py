"""One server process's part in a cluster: its own address, its heartbeat to the directory of
rooms, the codes it claims, and the counts kept across the cluster.

A room is opened where its ``open`` arrives, under a code claimed in the directory; a ``join``
or ``rejoin`` for a room another worker holds is redirected there, so every frame of a room is
read and written by the one process holding it (docs/network.md, "Many processes and
machines"). While the directory is away no room opens, and rooms playing here play on.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from spit.net.directory import BEAT_EVERY, DirectoryDown, Holder
from spit.net.room import new_room_code

if TYPE_CHECKING:
    from collections.abc import Callable, Collection

    from spit.net.directory import Directory

log = logging.getLogger("spit.net.server")

# Codes drawn for one room before giving up (a draw is taken already with odds of the rooms
# held in 2⁴⁰: a second draw is already rare).
CLAIM_TRIES = 16


@dataclass(frozen=True, slots=True)
class Tallies:
    """What one client address may do across the whole cluster, in a window of time."""

    # Wrong room codes or tokens (each connection is also closed after its own three: this
    # stops an address that opens connection after connection).
    wrong_codes: int = 30
    rooms: int = 200  # opened
    window: float = 600.0  # seconds over which both are counted


class Cluster:
    """A worker's place in the cluster. :meth:`start` once it listens, :meth:`stop` at the end."""

    def __init__(
        self,
        directory: Directory,
        *,
        tallies: Tallies | None = None,
        beat_every: float = BEAT_EVERY,
    ) -> None:
        self.directory = directory
        self.tallies = tallies or Tallies()
        self.address = ""  # this worker's own, where a redirect sends a client
        self.up = True  # the directory answered the last time it was asked
        # Told of each room's record as it is made (its code, file and sealed seed) and of each
        # room forgotten (its code and None): the supervisor ends a dead worker's records.
        self.on_record: Callable[[str, tuple[str, int | None] | None], None] | None = None
        self.waiting: dict[str, str] = {}  # code -> opener's address, of rooms here never joined
        self._beat_every = beat_every
        self._beating: asyncio.Task[None] | None = None
        self._pending: set[asyncio.Task[object]] = set()

    # -- running -----------------------------------------------------------------------------

    def start(self, address: str, rooms: Callable[[], Collection[str]]) -> None:
        """Beat for the worker at ``address`` holding ``rooms()``, from now until :meth:`stop`."""
        self.address = address
        self._beating = asyncio.get_running_loop().create_task(self._beat(rooms))
        log.info("worker %s at %s: in the directory", self.directory.worker, address)

    async def stop(self, codes: Collection[str]) -> None:
        """Stop beating and give up ``codes`` (the rooms held, all over now)."""
        if self._beating is not None:
            self._beating.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._beating
        for task in list(self._pending):
            task.cancel()
        with contextlib.suppress(DirectoryDown):
            for code in codes:
                await self.directory.release(code)
        await self.directory.close()

    async def _beat(self, rooms: Callable[[], Collection[str]]) -> None:
        while True:
            try:
                waiting = [(who, code) for code, who in self.waiting.items()]
                taken = await self.directory.beat(self.address, list(rooms()), waiting)
            except DirectoryDown as error:
                self._down(error)
            else:
                if not self.up:
                    self.up = True
                    log.warning(
                        "directory back: %d rooms here registered again; rooms open again",
                        len(rooms()),
                    )
                for code in taken:
                    log.warning(
                        "room %s: another worker took its code while the directory was away; "
                        "this room is no longer found from other workers",
                        code,
                    )
            await asyncio.sleep(self._beat_every)

    def _down(self, error: DirectoryDown) -> None:
        if self.up:
            self.up = False
            log.warning(
                "directory unreachable (%s): no room opens until it is back; "
                "rooms playing here play on",
                error,
            )

    # -- what a worker asks ------------------------------------------------------------------

    async def claim_code(self, here: Collection[str]) -> str | None:
        """A room code claimed for this worker in the whole cluster (None if none could be in
        :data:`CLAIM_TRIES` draws); :class:`DirectoryDown` if the directory is away."""
        for _try in range(CLAIM_TRIES):
            code = new_room_code()
            if code in here:
                continue
            try:
                claimed = await self.directory.claim(code, self.address)
            except DirectoryDown as error:
                self._down(error)
                raise
            if claimed:
                return code
        return None

    async def find(self, code: str) -> Holder | None:
        """Who holds ``code``; :class:`DirectoryDown` if the directory is away."""
        try:
            return await self.directory.find(code)
        except DirectoryDown as error:
            self._down(error)
            raise

    def release(self, code: str) -> None:
        """Give up ``code`` (its room is forgotten here), in the background."""
        self._later(self.directory.release(code))
        self.joined(code)
        if self.on_record is not None:
            self.on_record(code, None)

    def recording(self, code: str, path: object, seed: int | None) -> None:
        """Room ``code``'s match is recorded in the file ``path`` (None: it is not), its deal
        from ``seed`` (kept off the disk until the record ends)."""
        if self.on_record is not None and path is not None:
            self.on_record(code, (str(path), seed))

    async def over_tally(self, what: str, who: str | None, most: int) -> bool:
        """Count one ``what`` for the client address ``who``; whether that passes ``most``
        in the window. Counts nothing for an exempt address; :class:`DirectoryDown`."""
        if self._exempt(who):
            return False
        assert who is not None
        try:
            count = await self.directory.tally(what, who, self.tallies.window)
        except DirectoryDown as error:
            self._down(error)
            raise
        return count > most

    def wrong_code(self, who: str | None) -> None:
        """One wrong room code or token from ``who``, counted in the background."""
        if not self._exempt(who):
            assert who is not None
            self._later(self.directory.tally("wrong", who, self.tallies.window))

    async def wrong_codes_spent(self, who: str | None) -> bool:
        """Whether ``who`` has tried as many wrong codes as the cluster allows in the window;
        :class:`DirectoryDown`."""
        if self._exempt(who):
            return False
        assert who is not None
        try:
            wrong = await self.directory.count("wrong", who)
        except DirectoryDown as error:
            self._down(error)
            raise
        return wrong >= self.tallies.wrong_codes

    async def waiting_rooms(self, who: str | None) -> int:
        """Rooms opened by ``who`` that wait for a second player, across the cluster (0 for
        an exempt address); :class:`DirectoryDown`."""
        if self._exempt(who):
            return 0
        assert who is not None
        try:
            return await self.directory.waiting(who)
        except DirectoryDown as error:
            self._down(error)
            raise

    def opened(self, code: str, who: str | None) -> None:
        """Room ``code`` was opened here by ``who`` and waits for a second player."""
        if not self._exempt(who):
            assert who is not None
            self.waiting[code] = who
            self._later(self.directory.wait(who, code))

    def joined(self, code: str) -> None:
        """Room ``code`` no longer waits: it no longer counts against its opener."""
        who = self.waiting.pop(code, None)
        if who is not None:
            self._later(self.directory.unwait(who, code))

    def _exempt(self, who: str | None) -> bool:
        """Nothing is counted for no address (the server passes None for one it spares)."""
        return who is None

    def _later(self, call: object) -> None:
        async def run() -> None:
            with contextlib.suppress(DirectoryDown):
                await call  # type: ignore[misc]

        task = asyncio.get_running_loop().create_task(run())
        self._pending.add(task)
        task.add_done_callback(self._pending.discard)


__all__ = ["Cluster", "DirectoryDown", "Holder", "Tallies"]
