"""A room served inside ``spit host`` that outlives that process: what its host keeps on disk
once the friend sits down, and the room opened again from it after a ``kill -9`` or a crash.

The match comes back from its record (the server writes each action before telling anyone of
it): the deal's seed and the timestamped actions replay the engine to the very table both
players last saw. The record on the host's disk is sealed (docs/records.md), so the seed is
kept sealed too, by the friend's token, which only the friend's client holds: the host's disk
keeps ``seed XOR shake256(token)`` and ``sha256(token)``. Opened again, the room waits for the
friend's client, which comes back by itself within its give-up time; its ``rejoin`` shows the
token, which unseals the seed. Until then the room holds no match, and the host's own seat
waits: nothing of the deal reaches this machine before the friend is back.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import secrets
import time
from collections.abc import Callable
from pathlib import Path

from spit.clock import GameClock
from spit.net.room import Room
from spit.net.seats import KeptRoom
from spit.records.problems import RecordError
from spit.records.reading import read_record
from spit.records.recorder import MatchRecorder

log = logging.getLogger("spit.net.server")


def fingerprint(token: str) -> str:
    """What the host's disk keeps of the friend's token: enough to know it again, no more."""
    return hashlib.sha256(token.encode()).hexdigest()


def _pad(token: str, size: int) -> bytes:
    return hashlib.shake_256(b"spit seed\0" + token.encode()).digest(size)


def seal(seed: int, token: str) -> str:
    """``seed`` sealed by ``token``: hex, as long as the seed's digits."""
    digits = str(seed).encode()
    return bytes(a ^ b for a, b in zip(digits, _pad(token, len(digits)), strict=True)).hex()


def unseal(sealed: str, token: str) -> int:
    """The seed :func:`seal` sealed by ``token`` (ValueError if it is not one)."""
    data = bytes.fromhex(sealed)
    return int(bytes(a ^ b for a, b in zip(data, _pad(token, len(data)), strict=True)))


def kept_room(room: Room, address: str, bind: str, port: int) -> KeptRoom | None:
    """What opens ``room`` (both seats taken, being recorded) again at ``address``; None if
    nothing could (no record to play it back from)."""
    recorder, seed = room.recorder, room.match.seed
    if recorder is None or recorder.path is None or seed is None:
        return None
    return KeptRoom(
        address=address,
        bind=bind,
        port=port,
        pace=room.clock.pace,
        room=room.code,
        token=room.tokens[0],
        friend=fingerprint(room.tokens[1]),
        sealed=seal(seed, room.tokens[1]),
        record=str(recorder.path),
        seeded=room.seeded,
        name=room.names[0],
    )


class ReopenedRoom(Room):
    """A room opened again from what its host kept: it takes the friend back by their token,
    plays the record back to the table where it stopped, and only then seats its host."""

    def __init__(self, kept: KeptRoom, *, source: Callable[[], float] = time.monotonic) -> None:
        # A stand-in match until the friend's token unseals the real one: nobody is seated
        # at it (the friend's seat is given once it is replaced, the host's after that).
        super().__init__(kept.room, seed=0, host=kept.name, pace=kept.pace, source=source)
        self.hosted = True
        self.seeded = kept.seeded
        self.kept = kept
        self.taken = [True, True]
        self.connected = [False, False]
        self.back = asyncio.Event()  # the match is played back: the host's seat may come

    def token_fits(self, seat: int, token: str) -> bool:
        if self.back.is_set():
            return super().token_fits(seat, token)
        if seat != 1 or not secrets.compare_digest(fingerprint(token), self.kept.friend):
            return False
        return self._play_back(token)

    def _play_back(self, token: str) -> bool:
        """Unseal the seed with the friend's ``token`` and replay the record; False if it
        cannot be (the room then never comes back)."""
        path = Path(self.kept.record)
        try:
            record = read_record(path, steps=True, seed=unseal(self.kept.sealed, token))
            recorder = MatchRecorder("network", record.header.players, holds=True)
            recorder.resume(record)
        except (RecordError, ValueError, OSError) as error:
            log.warning("room %s: cannot be played back from %s: %s", self.code, path, error)
            return False
        if not record.unfinished:
            recorder.keep()
            return False
        self.match = record.match
        self.variant = record.match.variant
        self.clock = GameClock(
            self._source, pace=self.clock.pace, paused=True, start=record.last_at
        )
        steps = record.steps or []
        self.actions = [sum(s.ok and s.action.player == p for s in steps) for p in (0, 1)]
        self.recorder = recorder
        self.names = [player.name or "" for player in record.header.players]
        self.tokens = (self.kept.token, token)
        self.back.set()
        log.info("room %s: played back to %d actions; player 2 back", self.code, record.actions)
        return True


__all__ = ["ReopenedRoom", "fingerprint", "kept_room", "seal", "unseal"]
