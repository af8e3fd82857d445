"""Networked seats kept on this machine, so that a seat outlives the process that took it.

If the ``spit host`` or ``spit join`` holding a token dies, the server would keep a seat nobody
can take back, so the token is also kept in a file (docs/network.md, "The player's own spit
dying"). One file per seat, named by what the command knows: ``join`` seats by the server's
address and the room code, ``host`` seats (on a running ``spit server``) by its address alone.
A seat on a server inside ``spit host`` is not kept: that server dies with the process.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Final

import msgspec
from msgspec import Meta

from spit.datafile import read_regular
from spit.net.wire import Name
from spit.records.paths import seats_dir

MAX_SEAT_FILE: Final = 4096  # bytes (spit writes a few hundred): a larger one is not spit's


@dataclass(frozen=True, slots=True)
class KeptSeat:
    """A seat taken on this machine: where, which, and the token that takes it back."""

    address: Annotated[str, Meta(max_length=300)]  # as the command was given it
    room: Annotated[str, Meta(pattern="^[A-Z0-9-]{0,16}$")]
    seat: Annotated[int, Meta(ge=0, le=1)]
    token: Annotated[str, Meta(pattern="^[A-Za-z0-9_-]{1,128}$")]
    hosting: bool  # this player opened the room (`spit host --server`): found by the address
    name: Name = ""
    kept: Annotated[str, Meta(max_length=64)] = ""  # when, ISO 8601 UTC (the newest is taken back)


def _path(address: str, room: str | None, directory: Path | None) -> Path:
    """The file of the seat hosted at ``address`` (``room`` None) or joined in ``room``."""
    key = f"{address} {room or ''}".encode()
    role = "host" if room is None else "join"
    return (directory or seats_dir()) / f"{role}-{hashlib.sha256(key).hexdigest()[:24]}.json"


def keep_seat(seat: KeptSeat, directory: Path | None = None) -> bool:
    """Keep ``seat``'s token on this machine; False if it could not be written (the game
    goes on: only a crash would then lose the seat)."""
    path = _path(seat.address, None if seat.hosting else seat.room, directory)
    kept = KeptSeat(**(asdict(seat) | {"kept": datetime.now(UTC).isoformat()}))
    data = json.dumps(asdict(kept), ensure_ascii=True).encode()
    temporary = path.with_name(f".{path.name}.{secrets.token_hex(4)}")
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            os.write(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            temporary.unlink()
        return False
    return True


def kept_seat(address: str, room: str | None, directory: Path | None = None) -> KeptSeat | None:
    """The seat kept for ``address`` and ``room`` (None: the seat this player hosted there),
    or None. A file that cannot be one is removed and counts as none."""
    return _read(_path(address, room, directory))


def kept_seats(directory: Path | None = None) -> list[KeptSeat]:
    """Every seat kept on this machine, the newest first."""
    try:
        paths = sorted((directory or seats_dir()).glob("*.json"))
    except OSError:
        return []
    seats = [seat for seat in map(_read, paths) if seat is not None]
    return sorted(seats, key=lambda seat: seat.kept, reverse=True)


def forget_seat(seat: KeptSeat, directory: Path | None = None) -> None:
    """The match is over, or the seat cannot be taken back: its token goes."""
    path = _path(seat.address, None if seat.hosting else seat.room, directory)
    there = _read(path)
    if there is not None and (there.room, there.token) == (seat.room, seat.token):
        # Only this seat's: another room since hosted on that server keeps its own.
        with contextlib.suppress(OSError):
            path.unlink()


_seat: Final = msgspec.json.Decoder(KeptSeat).decode


def _read(path: Path) -> KeptSeat | None:
    """The seat kept in ``path``, or None; a file that is not one spit wrote (a link, a named
    pipe, too large, a field of the wrong type or unprintable) is removed."""
    try:
        seat = _seat(read_regular(path, MAX_SEAT_FILE))
        if seat.address.isprintable() and seat.name.isprintable():
            return seat
    except FileNotFoundError:
        return None
    except (OSError, msgspec.ValidationError, msgspec.DecodeError):
        pass
    with contextlib.suppress(OSError):
        path.unlink()
    return None


__all__ = ["KeptSeat", "forget_seat", "keep_seat", "kept_seat", "kept_seats"]
