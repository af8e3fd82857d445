"""The wire protocol: typed JSON text frames with a version, checked strictly both ways.

Every frame is one JSON object ``{"type": ..., "v": 2, ...}``, and every frame either side
sends is a :mod:`msgspec` ``Struct`` here, encoded once and decoded strictly by the other
side into the same type: exact fields, exact types (a bool is no number), numbers in range,
names printable and short. Anything else is a :class:`ProtocolError` naming the problem; a
frame of another protocol version is an :class:`OtherVersion`. Nothing is ever unpickled or
evaluated.

Views, events, actions and refusals are the engine's own values (msgspec Structs), encoded
as they are: a card ``[10, "H"]``, an action ``{"do": "play", "player": 0, "stock": 2,
"pile": 1}``, a reason ``"does-not-fit"``. What the server sends a seat is that seat's
:class:`PlayerView` and the events the engine's ``observe`` lets that seat know. A view
holds face-up cards and counts only, so a face-down card cannot reach the wire.

Why msgspec: it decodes straight into typed structs and checks every field as it reads, in
C, so the strict check costs less than ``json`` alone did without it.
"""

from __future__ import annotations

import enum
from typing import Annotated, Final, TypeVar

import msgspec
from msgspec import Meta, Struct

from spit.engine import Action, Event, Outcome, PlayerView, Refusal, Variant, notation
from spit.net.address import DEFAULT_PORT  # named here too, for the wire's users

VERSION: Final = 3
"""The protocol version every frame carries; a frame of any other version is refused.
Version 3 carries the engine's own values: views, events, actions and refusals as the
engine's msgspec Structs encode them (a card ``[10, "H"]``, an action with its player)."""

MAX_ID: Final = 2**31
"""Action and ping ids are numbers below this."""

MAX_NAME: Final = 24
"""The longest name a player may give (printable characters)."""

MAX_CLIENT_FRAME: Final = 2048
"""The largest frame a client may send, in bytes. The biggest honest one is under 200."""

MAX_SERVER_FRAME: Final = 65536
"""The largest frame a client accepts. A table is about 1.5 KB."""

ROOM_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: digits and capitals without I, L, O and U, so a code read aloud or
typed from a screen cannot be mistaken (an O for a 0, an I or L for a 1)."""

ROOM_CODE_LENGTH: Final = 8
"""Characters in a room code: 40 bits (see ``docs/network.md``), written ``ABCD-EFGH``."""

Address = Annotated[str, Meta(min_length=3, max_length=270)]
"""A server's ``ADDR:PORT`` (``[ADDR]:PORT`` for IPv6), as a redirect names it."""
Seat = Annotated[int, Meta(ge=0, le=1)]
"""A seat, or a player: 0 or 1."""
Count = Annotated[int, Meta(ge=0, le=52)]
"""A number of cards."""
Ident = Annotated[int, Meta(ge=0, le=MAX_ID)]
"""An action's or a ping's id."""
Name = Annotated[str, Meta(max_length=MAX_NAME)]
"""What a player calls themselves (printable: checked where it is read)."""
Seconds = Annotated[float, Meta(ge=0.0)]
"""A time or a span, in seconds or milliseconds as the field says."""


class ProtocolError(ValueError):
    """A frame that is not a valid message; the text says what is wrong with it (for logs and
    error frames: it is the protocol's, not a player's, sentence)."""


class OtherVersion(ProtocolError):
    """A frame of another protocol version: the other end is an older or newer spit."""

    def __init__(self, version: object) -> None:
        super().__init__(f"protocol version must be {VERSION}, not {notation._short(version)}")
        self.version = version
        """The version the frame carried (anything, as it came)."""


class Stage(enum.Enum):
    """Where a room stands."""

    WAITING = "waiting"
    """Seat 0 is taken; the room waits for the second player."""
    PLAYING = "playing"
    """Both seats are taken and the match goes on."""
    OVER = "over"
    """The match ended, or was abandoned."""


class RoomEnd(enum.StrEnum):
    """How a room ended (the same for both seats)."""

    MATCH_OVER = "match over"
    """The match was played to its end."""
    ABANDONED = "abandoned"
    """A player's connection went and they did not come back in time."""
    LEFT = "left"
    """A player left for good."""


class NotNow(enum.Enum):
    """Why the room applied no action at all, before asking the table."""

    PAUSED = "paused"
    """The room stands: a player paused, is away, or has not joined yet."""
    OVER = "over"
    """The match is over."""


class Problem(enum.Enum):
    """Why the server refused a frame: an ``error`` frame's stable id. The shells word it."""

    BAD_FRAME = "bad-frame"
    """Not a valid frame (the detail says what is wrong)."""
    OTHER_VERSION = "other-version"
    """A frame of another protocol version: the client is an older or newer spit."""
    NOT_IN_ROOM = "not-in-room"
    """The frame needs a seat, and this connection has none: open or join a room first."""
    ALREADY_IN_ROOM = "already-in-room"
    """This connection has a seat already."""
    SERVER_FULL = "server-full"
    """The server holds as many rooms as it may; try again later."""
    NO_ROOM = "no-room"
    """No room of that code waits for a player."""
    NO_SEAT = "no-seat"
    """No seat of that room has that token."""
    INTERNAL = "internal"
    """A bug of the server's; the room carries on."""
    NO_PAUSE_LEFT = "no-pause-left"
    """This seat has held pauses for as long as a match allows: the room plays on."""
    ROOM_LOST = "room-lost"
    """The room was held by a worker of the server that has stopped: the match is lost."""
    ROOMS_UNAVAILABLE = "rooms-unavailable"
    """The server's directory of rooms cannot be reached: no room opens (or is found on
    another worker) until it is back; rooms already playing play on."""


class Frame(Struct, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """What every frame has: its type (the tag) and the protocol version."""

    v: int = VERSION
    """The protocol version."""


class _Versioned(Struct):
    """Only a frame's version, whatever else it holds: to tell another version's frame
    from a broken one."""

    v: object = None


# -- what a client sends ------------------------------------------------------------------


def _checked_name(name: str) -> str:
    if not name.isprintable():
        raise ValueError("a name must be printable")
    return name.strip()


class OpenRoom(Frame, tag="open"):
    """Open a new room and take seat 0 in it."""

    variant: Variant
    """How the match is won."""
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)] | None
    """The shuffle's seed, if the host chose one."""
    name: Name
    """The host's name."""

    def __post_init__(self) -> None:
        self.name = _checked_name(self.name)


class JoinRoom(Frame, tag="join"):
    """Take the free seat of a room, knowing its code."""

    room: Annotated[str, Meta(max_length=2 * ROOM_CODE_LENGTH)]
    """The room's code, however typed; read in its one form ``ABCD-EFGH``."""
    name: Name
    """The second player's name."""

    def __post_init__(self) -> None:
        self.room = room_code(self.room)
        self.name = _checked_name(self.name)


class Rejoin(Frame, tag="rejoin"):
    """Take one's seat back after a dropped connection, with the seat's token."""

    room: Annotated[str, Meta(max_length=2 * ROOM_CODE_LENGTH)]
    """The room's code."""
    token: Annotated[str, Meta(min_length=1, max_length=64)]
    """The seat's token, from its welcome."""

    def __post_init__(self) -> None:
        self.room = room_code(self.room)


class Act(Frame, tag="act", kw_only=False):
    """Do an action at one's seat. ``id`` comes back with the answer.

    The action is the engine's own, its player the seat that sends it (any other is a bad
    frame), so it is read once and nothing it echoes needs checking again."""

    action: Action
    """The action: ``{"do": "play", "player": 0, "stock": 2, "pile": 1}``."""
    id: Ident
    """The action's id, sent back with the table or the refusal it causes."""


class SetPause(Frame, tag="pause"):
    """Pause (or resume) the room; it plays on only when neither seat holds a pause."""

    paused: bool
    """Whether this seat holds a pause."""


class Pong(Frame, tag="pong"):
    """The answer to the server's ping ``id``."""

    id: Ident
    """The ping's id."""


class Leave(Frame, tag="leave"):
    """Leave the match for good (quitting): the room ends and the other seat is told."""


ClientMessage = OpenRoom | JoinRoom | Rejoin | Act | SetPause | Pong | Leave
"""Anything a client may send."""

_client_decoder: Final[msgspec.json.Decoder[ClientMessage]] = msgspec.json.Decoder(ClientMessage)
_versioned: Final = msgspec.json.Decoder(_Versioned)
_encoder: Final = msgspec.json.Encoder()


_F = TypeVar("_F", bound=Frame)


def _decode(decoder: msgspec.json.Decoder[_F], frame: str | bytes, limit: int) -> _F:
    """``frame`` decoded as ``decoder``'s type, its version checked; ProtocolError if not."""
    if not isinstance(frame, str):
        raise ProtocolError("frames are JSON text, not binary")
    if len(frame) > limit:
        raise ProtocolError("frame too large")
    try:
        message = decoder.decode(frame)
    except (msgspec.DecodeError, RecursionError) as error:
        # Another version's frame may not fit this version's types: say which it is.
        version = _version_of(frame)
        if version is not None and version != VERSION:
            raise OtherVersion(version) from None
        if isinstance(error, msgspec.ValidationError):
            raise ProtocolError(str(error)) from None
        raise ProtocolError(f"not JSON: {error}") from None
    if message.v != VERSION:
        raise OtherVersion(message.v)
    return message


def _version_of(frame: str) -> object:
    try:
        version = _versioned.decode(frame).v
    except (msgspec.DecodeError, RecursionError):
        return None
    return version


def parse_client(frame: str | bytes, seat: int = 0) -> ClientMessage:
    """A client's frame as a message, its action made by ``seat`` (the connection's seat),
    or :class:`ProtocolError` saying what is wrong."""
    message = _decode(_client_decoder, frame, MAX_CLIENT_FRAME)
    if type(message) is Act and message.action.player != seat:
        raise ProtocolError(f"an action of player {message.action.player} from seat {seat}")
    return message


def client_frame(message: ClientMessage) -> str:
    """The frame a client sends for ``message``."""
    return encode(message)


def encode(frame: Frame) -> str:
    """A frame as its compact JSON text (text frames, as the protocol sends)."""
    return _encoder.encode(frame).decode()


def room_code(text: object) -> str:
    """A room code in its one written form ``ABCD-EFGH``, from any case, with or without the
    dash; :class:`ProtocolError` if it cannot be a code."""
    if not isinstance(text, str) or len(text) > 2 * ROOM_CODE_LENGTH:
        raise ProtocolError("a room code is 8 letters and digits")
    bare = text.replace("-", "").replace(" ", "").upper()
    if len(bare) != ROOM_CODE_LENGTH or any(c not in ROOM_ALPHABET for c in bare):
        raise ProtocolError("a room code is 8 letters and digits")
    half = ROOM_CODE_LENGTH // 2
    return f"{bare[:half]}-{bare[half:]}"


# -- what the server sends ----------------------------------------------------------------
class Welcome(Frame, tag="welcome"):
    """What a seat learns on taking it: the room, its seat and token, the rules of play."""

    room: Annotated[str, Meta(min_length=9, max_length=9)]
    """The room's code, ``ABCD-EFGH``."""
    seat: Seat
    """This connection's seat."""
    token: Annotated[str, Meta(min_length=1, max_length=64)]
    """The seat's token: whoever shows it gets the seat back."""
    variant: Variant
    """How the match is won."""
    seeded: bool
    """Whether the host chose the shuffle's seed (and so may know the deal)."""
    pace: Annotated[float, Meta(gt=0.0)]
    """Game seconds per wall second."""
    lockout: Seconds
    """The fumble lock, in game seconds."""
    hosted: bool = False
    """Whether the server runs inside the host's own ``spit host``: it goes when that
    process does, and the room with it (a client then stops trying to get back at once)."""
    home: Address | None = None
    """The address of the server process holding the room, where it is not the one the client
    dialled (a worker of a cluster, see docs/network.md): a dropped line comes back there."""


class Table(Frame, tag="table"):
    """A seat's table: its view, the events it may know, and whose action caused them."""

    seq: Annotated[int, Meta(ge=1)]
    """The table's number in its room, counting up."""
    clock: float
    """The room's game time when it was sent."""
    view: PlayerView
    """This seat's view (face-up cards and counts only: see docs/network.md)."""
    events: tuple[Event, ...]
    """What happened since the last table, as this seat may know it."""
    by: Seat | None
    """Whose accepted action made these events; None for a table sent afresh."""
    ack: Ident | None
    """The id of this seat's own action that made it, if one did."""


class Refused(Frame, tag="refused"):
    """One's own action ``id`` changed nothing: the table refused it, or the room plays not."""

    id: Ident
    refusal: Refusal | None
    """The table's refusal, or None when the room did not ask the table (``not_now``)."""
    not_now: NotNow | None
    """Why the room applied nothing (paused, over), or None when the table refused."""


class Status(Frame, tag="status"):
    """Who is at the table and how play stands."""

    clock: float
    """The room's game time."""
    running: bool
    """Whether the room's clock runs (both here, nobody paused, not over)."""
    stage: Stage
    """Waiting for the second player, playing or over."""
    connected: tuple[bool, bool]
    """Which seats have a live connection."""
    paused_by: tuple[bool, bool]
    """Which seats hold a pause."""
    rtt: tuple[Seconds | None, Seconds | None]
    """Each seat's round-trip time to the server, in milliseconds."""
    names: tuple[Name, Name]
    """What each player calls themselves."""
    back_within: tuple[Seconds | None, Seconds | None]
    """For a seat whose connection went: the seconds it had left to come back, when the
    server sent this, before its match is abandoned."""
    pause_left: tuple[Seconds | None, Seconds | None] = (None, None)
    """For a seat holding a pause: the seconds it had left, when the server sent this,
    before its pause runs out and play goes on."""


class Ping(Frame, tag="ping"):
    """Answer with a :class:`Pong` of the same id: the round trip is measured."""

    id: Ident


class Ended(Frame, tag="ended"):
    """How the room ended: the same frame for both seats."""

    ended: RoomEnd
    """How: played to its end, abandoned, or left."""
    winner: Annotated[int, Meta(ge=1, le=2)] | None
    """Player 1 or 2, or None (a draw, or no end)."""
    rounds: Annotated[int, Meta(ge=0)]
    """Rounds settled."""
    held: tuple[Count, Count]
    """Cards each player held at the last settled round."""
    actions: tuple[Annotated[int, Meta(ge=0)], Annotated[int, Meta(ge=0)]]
    """Accepted actions per seat."""
    outcome: Outcome | None
    """How the match ended, if it did."""

    @property
    def why(self) -> RoomEnd:
        """How the room ended (:attr:`ended`)."""
        return self.ended

    @property
    def result(self) -> dict[str, object]:
        """The result as plain JSON values (what ``spit host --json`` prints)."""
        built = msgspec.to_builtins(self)
        return {key: value for key, value in built.items() if key not in ("type", "v")}


class Redirect(Frame, tag="redirect"):
    """The room is held by another process of this server (a worker of a cluster): send the
    same frame again at ``address``. Nothing of the room is sent here."""

    address: Address
    """That process's own ``ADDR:PORT``."""


class Error(Frame, tag="error"):
    """The server refused a frame of this client's."""

    problem: Problem
    """Why, as a stable id."""
    detail: Annotated[str, Meta(max_length=200)] = ""
    """The protocol's own words on a bad frame, for logs (never a player's sentence)."""


ServerMessage = Welcome | Table | Refused | Status | Ping | Ended | Redirect | Error
"""Anything a server may send."""

_server_decoder: Final[msgspec.json.Decoder[ServerMessage]] = msgspec.json.Decoder(ServerMessage)


def parse_server(frame: str | bytes) -> ServerMessage:
    """A server's frame as a message, or :class:`ProtocolError` saying what is wrong."""
    return _decode(_server_decoder, frame, MAX_SERVER_FRAME)


def error_frame(problem: Problem, detail: str = "") -> Error:
    """An ``error`` frame (the detail cut to what the frame carries)."""
    return Error(problem=problem, detail=detail[:200])


__all__ = [
    "DEFAULT_PORT",
    "MAX_CLIENT_FRAME",
    "MAX_ID",
    "MAX_NAME",
    "MAX_SERVER_FRAME",
    "ROOM_ALPHABET",
    "ROOM_CODE_LENGTH",
    "VERSION",
    "Act",
    "ClientMessage",
    "Ended",
    "Error",
    "JoinRoom",
    "Leave",
    "NotNow",
    "OpenRoom",
    "OtherVersion",
    "Ping",
    "Pong",
    "Problem",
    "ProtocolError",
    "Redirect",
    "Refused",
    "Rejoin",
    "RoomEnd",
    "ServerMessage",
    "SetPause",
    "Stage",
    "Status",
    "Table",
    "Welcome",
]
