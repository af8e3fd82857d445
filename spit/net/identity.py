"""Who this machine's player is on each server: the id and secret it gave them, kept in the
data directory (``players/``, one file per server, 0600), sent on every seek.

Losing the file loses the identity; copying it to another machine's data directory takes
the identity along (docs/online.md). A second ``spit seek`` running at once on this machine
plays as a second player of its own (``-2``, ``-3``...): one file is held by one process
at a time (an advisory lock), so two seekers here are not one player seeking twice.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import secrets
from pathlib import Path
from typing import Final

import msgspec

from spit.datafile import read_regular
from spit.net.wire import Name, PlayerId, Secret
from spit.records.paths import data_dir

MAX_FILE: Final = 4096
SLOTS: Final = 16  # players of one machine seeking at once on one server


class Identity(msgspec.Struct, frozen=True):
    player: PlayerId
    secret: Secret
    name: Name = ""


_decode: Final = msgspec.json.Decoder(Identity).decode


class Held:
    """The identity file of one server this process holds (:meth:`release` at the end)."""

    def __init__(self, path: Path, lock: int) -> None:
        self.path = path
        self._lock = lock
        self.identity = _read(path)

    def keep(self, identity: Identity) -> bool:
        """Write ``identity`` (0600, replaced whole); False if it cannot be written."""
        temporary = self.path.with_name(f".{self.path.name}.{secrets.token_hex(4)}")
        try:
            fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            try:
                os.write(fd, msgspec.json.encode(identity))
                os.fsync(fd)
            finally:
                os.close(fd)
            os.replace(temporary, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                temporary.unlink()
            return False
        self.identity = identity
        return True

    def release(self) -> None:
        with contextlib.suppress(OSError):
            os.close(self._lock)


def take(address: str, directory: Path | None = None) -> Held:
    """The first identity file for ``address`` no other process holds; OSError if none."""
    folder = directory or data_dir() / "players"
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = hashlib.sha256(address.encode()).hexdigest()[:24]
    for slot in range(1, SLOTS + 1):
        path = folder / (f"{key}.json" if slot == 1 else f"{key}-{slot}.json")
        lock = os.open(path.with_suffix(".lock"), os.O_WRONLY | os.O_CREAT, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(lock)
            continue
        return Held(path, lock)
    raise OSError(f"{SLOTS} players of this machine seek on {address} already")


def _read(path: Path) -> Identity | None:
    """The identity in ``path``, or None (none, or a file spit did not write)."""
    try:
        return _decode(read_regular(path, MAX_FILE))
    except (OSError, msgspec.ValidationError, msgspec.DecodeError):
        return None


__all__ = ["Held", "Identity", "take"]
