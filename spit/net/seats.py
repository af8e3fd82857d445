"""Networked seats kept on this machine, so that a seat outlives the process that took it.

If the ``spit host`` or ``spit join`` holding a token dies, the server would keep a seat nobody
can take back, so the token is also kept in a file (docs/network.md, "The player's own spit
dying"). One file per seat, named by what the command knows: ``join`` seats by the server's
address and the room code, ``host`` seats (on a running ``spit server``) by its address alone.
A room served inside ``spit host`` is kept too (:class:`KeptRoom`, ``room-*.json``): what opens
it again at the same address after that process died (:mod:`spit.net.comeback`). Each file
names the process that holds it: ``spit resume`` takes back only a seat whose process is gone.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Final, TypeVar

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
    pid: Annotated[int, Meta(ge=0)] = 0  # the process playing it (0: unknown)


Token = Annotated[str, Meta(pattern="^[A-Za-z0-9_-]{1,128}$")]


@dataclass(frozen=True, slots=True)
class KeptRoom:
    """A room served inside ``spit host``, as its host keeps it to open it again: where, the
    host's token, and of the friend's only a hash (their client shows the token itself when
    it comes back). The deal's seed is kept sealed by the friend's token: this disk never
    holds the deal while the match is played (docs/network.md, "The host's spit dying")."""

    address: Annotated[str, Meta(max_length=300)]  # as the friend was told it
    bind: Annotated[str, Meta(max_length=300)]
    port: Annotated[int, Meta(ge=1, le=65535)]
    pace: Annotated[float, Meta(ge=1.0, le=100.0)]
    room: Annotated[str, Meta(pattern="^[A-Z0-9-]{0,16}$")]
    token: Token  # the host's seat's
    friend: Annotated[str, Meta(pattern="^[0-9a-f]{64}$")]  # sha256 of the friend's token
    sealed: Annotated[str, Meta(pattern="^[0-9a-f]{2,128}$")]  # the seed, sealed
    record: Annotated[str, Meta(max_length=4096)]  # the match's record file
    seeded: bool = False
    name: Name = ""
    kept: Annotated[str, Meta(max_length=64)] = ""
    pid: Annotated[int, Meta(ge=0)] = 0


def _path(address: str, room: str | None, directory: Path | None) -> Path:
    """The file of the seat hosted at ``address`` (``room`` None) or joined in ``room``."""
    key = f"{address} {room or ''}".encode()
    role = "host" if room is None else "join"
    return (directory or seats_dir()) / f"{role}-{hashlib.sha256(key).hexdigest()[:24]}.json"


def keep_seat(seat: KeptSeat, directory: Path | None = None) -> bool:
    """Keep ``seat``'s token on this machine; False if it could not be written (the game
    goes on: only a crash would then lose the seat)."""
    return _write(_path(seat.address, None if seat.hosting else seat.room, directory), seat)


def keep_room(room: KeptRoom, directory: Path | None = None) -> bool:
    """Keep what opens ``room`` again; False if it could not be written."""
    return _write(_room_path(room.bind, room.port, directory), room)


def kept_room(bind: str, port: int, directory: Path | None = None) -> KeptRoom | None:
    """The room kept for a server inside ``spit host`` listening on ``bind``:``port`` that
    died (None if there is none, or its ``spit host`` still runs)."""
    kept = _read(_room_path(bind, port, directory), _room)
    return None if kept is None or _running(kept.pid) else kept


def forget_room(room: KeptRoom, directory: Path | None = None) -> None:
    """The room is over, or cannot be opened again: what opened it goes."""
    path = _room_path(room.bind, room.port, directory)
    there = _read(path, _room)
    if there is not None and (there.room, there.token) == (room.room, room.token):
        with contextlib.suppress(OSError):
            path.unlink()


def kept_rooms(directory: Path | None = None) -> list[KeptRoom]:
    """Every room kept on this machine whose ``spit host`` is gone, the newest first."""
    return _newest(directory, "room-*.json", _room)


def _room_path(bind: str, port: int, directory: Path | None) -> Path:
    name = hashlib.sha256(f"{bind} {port}".encode()).hexdigest()[:24]
    return (directory or seats_dir()) / f"room-{name}.json"


Kept = TypeVar("Kept", KeptSeat, KeptRoom)


def _write(path: Path, kept: KeptSeat | KeptRoom) -> bool:
    """Write ``kept`` (stamped now, with this process) to ``path`` whole or not at all."""
    stamped = asdict(kept) | {"kept": datetime.now(UTC).isoformat(), "pid": os.getpid()}
    data = json.dumps(stamped, ensure_ascii=True).encode()
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
    return _read(_path(address, room, directory), _seat)


def kept_seats(directory: Path | None = None) -> list[KeptSeat]:
    """Every seat kept on this machine whose process is gone (one still playing is that
    player's, not this one's), the newest first."""
    return _newest(directory, "[hj]*.json", _seat)


def _newest(directory: Path | None, pattern: str, read: Callable[[bytes], Kept]) -> list[Kept]:
    try:
        paths = sorted((directory or seats_dir()).glob(pattern))
    except OSError:
        return []
    found = [kept for path in paths if (kept := _read(path, read)) is not None]
    return sorted((k for k in found if not _running(k.pid)), key=lambda k: k.kept, reverse=True)


def _running(pid: int) -> bool:
    """Whether the process ``pid`` (another than this one) still runs."""
    if pid in (0, os.getpid()):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's: running
        return True
    with contextlib.suppress(OSError, IndexError):  # Linux: a zombie (killed, not yet reaped)
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    return True


def forget_seat(seat: KeptSeat, directory: Path | None = None) -> None:
    """The match is over, or the seat cannot be taken back: its token goes."""
    path = _path(seat.address, None if seat.hosting else seat.room, directory)
    there = _read(path, _seat)
    if there is not None and (there.room, there.token) == (seat.room, seat.token):
        # Only this seat's: another room since hosted on that server keeps its own.
        with contextlib.suppress(OSError):
            path.unlink()


_seat: Final = msgspec.json.Decoder(KeptSeat).decode
_room: Final = msgspec.json.Decoder(KeptRoom).decode


def _read(path: Path, read: Callable[[bytes], Kept]) -> Kept | None:
    """What ``path`` keeps, or None; a file that is not one spit wrote (a link, a named pipe,
    too large, a field of the wrong type or unprintable) is removed."""
    try:
        kept = read(read_regular(path, MAX_SEAT_FILE))
        if kept.address.isprintable() and kept.name.isprintable():
            return kept
    except FileNotFoundError:
        return None
    except (OSError, msgspec.ValidationError, msgspec.DecodeError):
        pass
    with contextlib.suppress(OSError):
        path.unlink()
    return None


__all__ = [
    "KeptRoom",
    "KeptSeat",
    "forget_room",
    "forget_seat",
    "keep_room",
    "keep_seat",
    "kept_room",
    "kept_rooms",
    "kept_seat",
    "kept_seats",
]
