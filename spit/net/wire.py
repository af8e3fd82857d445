"""The wire protocol: typed JSON text frames with a version, checked strictly both ways.

Every frame is a :mod:`msgspec` ``Struct`` here, decoded strictly into the same type (exact
fields and types, numbers in range); anything else is a :class:`ProtocolError`. Views,
events, actions and refusals are the engine's own Structs. The protocol is described in
docs/network.md. Why msgspec: it checks every field as it decodes, in C, so the strict check
costs less than ``json`` alone did without it.
"""

from __future__ import annotations

import enum
from typing import Annotated, Final, TypeVar

import msgspec
from msgspec import Meta, Struct

from spit.engine import Action, Event, Outcome, PlayerView, Refusal, Variant, notation
from spit.net.address import DEFAULT_PORT  # named here too, for the wire's users

VERSION: Final = 4
"""The protocol version every frame carries; a frame of any other version is refused."""

MAX_ID: Final = 2**31  # action and ping ids are below this
MAX_NAME: Final = 24
MAX_CLIENT_FRAME: Final = 2048  # bytes; the biggest honest frame is under 200
MAX_SERVER_FRAME: Final = 65536  # a table is about 1.5 KB

ROOM_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: digits and capitals without I, L, O and U, so a code read aloud or
typed from a screen cannot be mistaken (an O for a 0, an I or L for a 1)."""

ROOM_CODE_LENGTH: Final = 8  # 40 bits (see docs/network.md), written ABCD-EFGH

Address = Annotated[str, Meta(min_length=3, max_length=270)]  # ADDR:PORT or [ADDR]:PORT
Seat = Annotated[int, Meta(ge=0, le=1)]
Count = Annotated[int, Meta(ge=0, le=52)]
Ident = Annotated[int, Meta(ge=0, le=MAX_ID)]
Name = Annotated[str, Meta(max_length=MAX_NAME)]  # printable: checked where it is read
Seconds = Annotated[float, Meta(ge=0.0)]  # or milliseconds, as the field says
Shown = Annotated[str, Meta(max_length=8)] | None  # a rating as shown (1500?); None: unrated


class ProtocolError(ValueError):
    """A frame that is not a valid message; the text (the protocol's words) says what is wrong."""


class OtherVersion(ProtocolError):
    """A frame of another protocol version: the other end is an older or newer spit."""

    def __init__(self, version: object) -> None:
        super().__init__(f"protocol version must be {VERSION}, not {notation._short(version)}")
        self.version = version  # anything, as it came


class Stage(enum.Enum):
    """Where a room stands."""

    WAITING = "waiting"  # for the second player
    PLAYING = "playing"
    OVER = "over"  # ended, or abandoned


class RoomEnd(enum.StrEnum):
    """How a room ended (the same for both seats)."""

    MATCH_OVER = "match over"
    ABANDONED = "abandoned"  # a player's connection went and they did not come back in time
    LEFT = "left"  # a player left for good


class NoRematch(enum.Enum):
    """Why no rematch follows a room's match (the same for both seats)."""

    DECLINED = "declined"  # a player left the match-over box without accepting
    LEFT = "left"  # a player's connection went after the match (or before it ended)
    CLOSED = "closed"  # the server kept the finished room its while and let it go


class NotNow(enum.Enum):
    """Why the room applied no action at all, before asking the table."""

    PAUSED = "paused"  # a player paused, is away, or has not joined yet
    OVER = "over"


class Watchers(enum.Enum):
    """Who may watch a room's match, as its host chose (docs/spectators.md)."""

    DELAYED = "delayed"  # anyone, the server's delay late (against coaching)
    LIVE = "live"  # anyone, at once: a casual room
    CLOSED = "closed"  # nobody


class Problem(enum.Enum):
    """Why the server refused a frame: an ``error`` frame's stable id. The shells word it."""

    BAD_FRAME = "bad-frame"  # the detail says what is wrong
    OTHER_VERSION = "other-version"  # the client is an older or newer spit
    NOT_IN_ROOM = "not-in-room"  # the frame needs a seat, and this connection has none
    ALREADY_IN_ROOM = "already-in-room"
    SERVER_FULL = "server-full"  # the server holds as many rooms as it may
    NO_ROOM = "no-room"  # no room of that code waits for a player
    NO_SEAT = "no-seat"  # no seat of that room has that token
    NO_MATCH = "no-match"  # no match of that code may be watched (none, or closed to it)
    INTERNAL = "internal"  # a bug of the server's; the room carries on
    NO_PAUSE_LEFT = "no-pause-left"  # this seat has used its pauses up: the room plays on
    ROOM_LOST = "room-lost"  # the room's worker has stopped: the match is lost
    # The directory of rooms cannot be reached: no room opens (or is found on another
    # worker) until it is back; rooms already playing play on.
    ROOMS_UNAVAILABLE = "rooms-unavailable"
    # Playing online (docs/online.md): who a player is, and their place in the pool.
    UNKNOWN_PLAYER = "unknown-player"  # no player of that id on this server
    WRONG_SECRET = "wrong-secret"  # the secret is not that player's: nothing changes
    ALREADY_SEEKING = "already-seeking"  # that player is in the pool already
    TOO_MANY_SEEKS = "too-many-seeks"  # seeks too often: wait before the next
    BAD_NAME = "bad-name"  # a name with markup (<, >, [, ]) or control characters


class Frame(Struct, kw_only=True, tag_field="type", forbid_unknown_fields=True):
    """What every frame has: its type (the tag) and the protocol version."""

    v: int = VERSION


class _Versioned(Struct):
    """Only a frame's version: to tell another version's frame from a broken one."""

    v: object = None


# -- what a client sends ------------------------------------------------------------------


def _checked_name(name: str) -> str:
    if not name.isprintable():
        raise ValueError("a name must be printable")
    return name.strip()


class OpenRoom(Frame, tag="open"):
    """Open a new room and take seat 0 in it."""

    variant: Variant
    seed: Annotated[int, Meta(ge=0, le=2**63 - 1)] | None  # the shuffle's, if the host chose
    name: Name
    watchers: Watchers = Watchers.DELAYED

    def __post_init__(self) -> None:
        self.name = _checked_name(self.name)


class JoinRoom(Frame, tag="join"):
    """Take the free seat of a room, knowing its code."""

    room: Annotated[str, Meta(max_length=2 * ROOM_CODE_LENGTH)]  # however typed: see room_code
    name: Name

    def __post_init__(self) -> None:
        self.room = room_code(self.room)
        self.name = _checked_name(self.name)


class Rejoin(Frame, tag="rejoin"):
    """Take one's seat back after a dropped connection, with the seat's token."""

    room: Annotated[str, Meta(max_length=2 * ROOM_CODE_LENGTH)]
    token: Annotated[str, Meta(min_length=1, max_length=64)]  # from the seat's welcome

    def __post_init__(self) -> None:
        self.room = room_code(self.room)


class Act(Frame, tag="act", kw_only=False):
    """Do an action at one's seat. ``id`` comes back with the answer.

    The action is the engine's own, its player the seat that sends it (any other is a bad
    frame), so it is read once and nothing it echoes needs checking again."""

    action: Action
    id: Ident  # sent back with the table or the refusal it causes


class SetPause(Frame, tag="pause"):
    """Pause (or resume) the room; it plays on only when neither seat holds a pause."""

    paused: bool  # whether this seat holds a pause


class Pong(Frame, tag="pong"):
    """The answer to the server's ping ``id``."""

    id: Ident


class Leave(Frame, tag="leave"):
    """Leave the match for good (quitting): the room ends and the other seat is told."""


class OfferRematch(Frame, tag="rematch"):
    """After the match: offer a rematch, or accept the other seat's (a ``leave`` declines)."""


class Watch(Frame, tag="watch"):
    """Watch a room's match, never taking a seat; without a room, ask for the live matches."""

    room: Annotated[str, Meta(max_length=2 * ROOM_CODE_LENGTH)] | None = None

    def __post_init__(self) -> None:
        if self.room is not None:
            self.room = room_code(self.room)


PlayerId = Annotated[str, Meta(pattern="^[0-9a-z:-]{1,32}$")]  # a server's player, or bot:LEVEL
Secret = Annotated[str, Meta(pattern="^[A-Za-z0-9_-]{22,64}$")]  # 128 bits and more


class Seek(Frame, tag="seek"):
    """Join the pool of ``variant`` as ``player`` (with its ``secret``), or, with neither, as
    a new player, who is given both (docs/online.md)."""

    variant: Variant
    name: Name
    player: PlayerId | None = None
    secret: Secret | None = None
    bot: bool = True  # play the server's bot if nobody comes within the server's wait

    def __post_init__(self) -> None:
        self.name = _checked_name(self.name)


class Unseek(Frame, tag="unseek"):
    """Leave the pool."""


class AskPlayers(Frame, tag="ask-players"):
    """The leaderboard of ``variant``, or only ``player``'s line."""

    variant: Variant
    player: PlayerId | None = None


ClientMessage = (
    OpenRoom
    | JoinRoom
    | Rejoin
    | Act
    | SetPause
    | Pong
    | Leave
    | Seek
    | Unseek
    | AskPlayers
    | OfferRematch
    | Watch
)

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
    """A client's frame as a message, its action made by ``seat``, or :class:`ProtocolError`."""
    message = _decode(_client_decoder, frame, MAX_CLIENT_FRAME)
    if type(message) is Act and message.action.player != seat:
        raise ProtocolError(f"an action of player {message.action.player} from seat {seat}")
    return message


def client_frame(message: ClientMessage) -> str:
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
    seat: Seat
    token: Annotated[str, Meta(min_length=1, max_length=64)]  # whoever shows it gets the seat
    variant: Variant
    seeded: bool  # whether the host chose the shuffle's seed (and so may know the deal)
    pace: Annotated[float, Meta(gt=0.0)]  # game seconds per wall second
    lockout: Seconds  # the fumble lock, in game seconds
    # The server runs inside the host's own `spit host`: it goes when that process does, and
    # the room with it (a client then stops trying to get back at once).
    hosted: bool = False
    # The process holding the room, where it is not the one the client dialled (a worker of
    # a cluster, see docs/network.md): a dropped line comes back there.
    home: Address | None = None


class Table(Frame, tag="table"):
    """A seat's table: its view, the events it may know, and whose action caused them."""

    seq: Annotated[int, Meta(ge=1)]  # counting up in its room
    clock: float  # the room's game time when it was sent
    view: PlayerView  # face-up cards and counts only: see docs/network.md
    events: tuple[Event, ...]  # since the last table, as this seat may know them
    by: Seat | None  # whose accepted action made these events; None for a table sent afresh
    ack: Ident | None  # this seat's own action that made it, if one did


class Refused(Frame, tag="refused"):
    """One's own action ``id`` changed nothing: the table refused it, or the room plays not."""

    id: Ident
    refusal: Refusal | None  # None when the room did not ask the table (not_now)
    not_now: NotNow | None  # None when the table refused


class Status(Frame, tag="status"):
    """Who is at the table and how play stands."""

    clock: float
    running: bool  # the room's clock runs: both here, nobody paused, not over
    stage: Stage
    connected: tuple[bool, bool]
    paused_by: tuple[bool, bool]
    rtt: tuple[Seconds | None, Seconds | None]  # milliseconds
    names: tuple[Name, Name]
    # Seconds left, when this was sent, for a seat whose connection went to come back before
    # its match is abandoned, and for a seat holding a pause before play goes on.
    back_within: tuple[Seconds | None, Seconds | None]
    pause_left: tuple[Seconds | None, Seconds | None] = (None, None)
    # Seconds left, when this was sent, before play goes on after a standstill (counted down
    # on both tables); None while it plays or stands.
    goes_on_in: Seconds | None = None
    watchers: Annotated[int, Meta(ge=0)] = 0  # spectators watching the match


class Watching(Frame, tag="watching"):
    """What a spectator learns on watching: the room, and how late its frames come. Then it
    is sent the room's ``table`` (a spectator's view), ``status`` and ``ended`` frames."""

    room: Annotated[str, Meta(min_length=9, max_length=9)]
    variant: Variant
    delay: Seconds  # wall seconds its frames come after the players'
    ratings: tuple[Shown, Shown] = (None, None)  # a paired room's players', seat by seat


class LiveMatch(Struct, frozen=True, forbid_unknown_fields=True):
    """One match being played, as the list of live matches shows it."""

    room: Annotated[str, Meta(min_length=9, max_length=9)]
    names: tuple[Name, Name]
    round: Annotated[int, Meta(ge=1)]
    cards: tuple[Count, Count]  # each player's cards left
    watchers: Annotated[int, Meta(ge=0)]
    ratings: tuple[Shown, Shown] = (None, None)  # a paired room's players', seat by seat


class Matches(Frame, tag="matches"):
    """The live matches a spectator may watch, best first."""

    matches: Annotated[tuple[LiveMatch, ...], Meta(max_length=100)]


class Ping(Frame, tag="ping"):
    """Answer with a :class:`Pong` of the same id: the round trip is measured."""

    id: Ident


class Rated(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One seat's rating before and after a rated match (Glicko-2, docs/online.md)."""

    player: PlayerId
    name: Name
    before: float
    after: float
    deviation: Annotated[float, Meta(ge=0.0)]  # after; provisional above ratings.PROVISIONAL
    shown: Annotated[str, Meta(max_length=8)]  # after, as a player reads it: 1500? or 1642


class Ended(Frame, tag="ended"):
    """How the room ended: the same frame for both seats."""

    ended: RoomEnd
    winner: Annotated[int, Meta(ge=1, le=2)] | None  # player 1 or 2; None: a draw, or no end
    rounds: Annotated[int, Meta(ge=0)]  # settled
    held: tuple[Count, Count]  # cards each held at the last settled round
    actions: tuple[Annotated[int, Meta(ge=0)], Annotated[int, Meta(ge=0)]]  # accepted, per seat
    outcome: Outcome | None
    rated: tuple[Rated, Rated] | None = None  # a paired match's ratings, seat by seat

    @property
    def why(self) -> RoomEnd:
        return self.ended

    @property
    def result(self) -> dict[str, object]:
        """The result as plain JSON values (what ``spit host --json`` prints)."""
        built = msgspec.to_builtins(self)
        return {key: value for key, value in built.items() if key not in ("type", "v")}


class Rematch(Frame, tag="rematch"):
    """Who offers a rematch after the room's match, or why none follows (the same frame for
    both seats). When both offer, the room deals anew: a ``welcome`` of each one's new seat
    (the seats swapped), then tables."""

    offers: tuple[bool, bool]  # per seat
    no: NoRematch | None = None
    by: Seat | None = None  # the seat that declined or left


class Redirect(Frame, tag="redirect"):
    """The room is held by another process of this server (a worker of a cluster): send the
    same frame again at ``address``. Nothing of the room is sent here."""

    address: Address


class Error(Frame, tag="error"):
    """The server refused a frame of this client's."""

    problem: Problem
    detail: Annotated[str, Meta(max_length=200)] = ""  # the protocol's words, for logs


class Seeking(Frame, tag="seeking"):
    """In the pool: who the player is (its ``secret`` only when just made), how long it has
    waited, and how many seek and play on the server; sent again every second."""

    player: PlayerId
    rating: Annotated[str, Meta(max_length=8)]  # as shown: 1500?
    waited: Seconds
    seeking: Annotated[int, Meta(ge=0)]
    playing: Annotated[int, Meta(ge=0)]
    secret: Secret | None = None


class Paired(Frame, tag="paired"):
    """A match is found: take seat ``token`` of ``room`` with a ``rejoin`` (on this server;
    a cluster sends it on to the room's worker)."""

    room: Annotated[str, Meta(min_length=9, max_length=9)]
    seat: Seat
    token: Annotated[str, Meta(min_length=1, max_length=64)]
    opponent: Name
    rating: Annotated[str, Meta(max_length=8)]  # the opponent's, as shown
    bot: str | None = None  # the ladder level, when the opponent is the server's bot


class PlayerLine(Struct, frozen=True, kw_only=True, forbid_unknown_fields=True):
    """One player on the leaderboard."""

    player: PlayerId
    name: Name
    rating: float
    deviation: Annotated[float, Meta(ge=0.0)]
    shown: Annotated[str, Meta(max_length=8)]
    games: Annotated[int, Meta(ge=0)]
    seen: float  # Unix time of the last visit
    flagged: bool  # reactions not a person's: paired only with the flagged


class Players(Frame, tag="players"):
    """The leaderboard of ``variant``, best first (or the one player asked for)."""

    variant: Variant
    lines: tuple[PlayerLine, ...]


ServerMessage = (
    Welcome
    | Table
    | Refused
    | Status
    | Ping
    | Ended
    | Rematch
    | Redirect
    | Error
    | Seeking
    | Paired
    | Players
    | Watching
    | Matches
)

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
    "AskPlayers",
    "ClientMessage",
    "Ended",
    "Error",
    "JoinRoom",
    "Leave",
    "LiveMatch",
    "Matches",
    "NoRematch",
    "NotNow",
    "OfferRematch",
    "OpenRoom",
    "OtherVersion",
    "Paired",
    "Ping",
    "PlayerLine",
    "Players",
    "Pong",
    "Problem",
    "ProtocolError",
    "Rated",
    "Redirect",
    "Refused",
    "Rejoin",
    "Rematch",
    "RoomEnd",
    "Seek",
    "Seeking",
    "ServerMessage",
    "SetPause",
    "Stage",
    "Status",
    "Table",
    "Unseek",
    "Watch",
    "Watchers",
    "Watching",
    "Welcome",
]
