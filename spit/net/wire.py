"""The wire protocol: JSON text frames with a version, checked strictly both ways.

Every frame is one JSON object ``{"v": 1, "type": ..., ...}``. What a client may send is
parsed by :func:`parse_client` into a small frozen value, or refused with a
:class:`ProtocolError` naming the problem: unknown or missing fields, wrong types, numbers
out of range, a wrong version. Nothing is ever unpickled or evaluated.

What the server sends a seat is built here too, from that seat's :class:`PlayerView` and the
events :func:`public_events` lets through — what the engine's ``observe`` lets that seat know.
A view holds face-up cards and counts only, so a face-down card cannot reach the wire.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from spit.engine import (
    DECK,
    STOCKS,
    Action,
    Card,
    CardPlayed,
    CardSpat,
    CardTurnedUp,
    Event,
    Fill,
    MatchEnded,
    Outcome,
    Phase,
    PileSlapped,
    PileTaken,
    PileView,
    Play,
    PlayerReady,
    PlayerView,
    Reason,
    Refusal,
    RoundDealt,
    RoundEnd,
    RoundEnded,
    RoundSettled,
    ScoresChanged,
    SideView,
    Slap,
    SlotFilled,
    Spit,
    StockView,
    TableStuck,
    Termination,
    Variant,
)
from spit.engine.observation import observe
from spit.engine.view import OnePile

VERSION: Final = 1
"""The protocol version every frame carries; a frame of any other version is refused."""

DEFAULT_PORT: Final = 7748
"""Where a server listens unless told otherwise: S-P-I-T on a phone's keypad."""

MAX_CLIENT_FRAME: Final = 2048
"""The largest frame a client may send, in bytes. The biggest honest one is under 200."""

MAX_SERVER_FRAME: Final = 65536
"""The largest frame a client accepts. A table is about 1.5 KB."""

MAX_NAME: Final = 24
"""The longest player name, in characters."""

ROOM_ALPHABET: Final = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
"""Crockford's base 32: digits and capitals without I, L, O and U, so a code read aloud or
typed from a screen cannot be mistaken (an O for a 0, an I or L for a 1)."""

ROOM_CODE_LENGTH: Final = 8
"""Characters in a room code: 40 bits (see ``docs/network.md``), written ``ABCD-EFGH``."""

MAX_ID: Final = 2**31
"""Action and ping ids are numbers below this."""


class ProtocolError(ValueError):
    """A frame that is not a valid message; the text says what is wrong with it."""


# -- cards, actions, views, events --------------------------------------------------------


_CARD_TEXT: Final[dict[Card | None, str | None]] = {
    None: None,
    **{card: card.label(ascii=True) for card in DECK},
}
"""Every card's one written form, made once: the server writes some 25 cards per frame."""

_CARD_OF_TEXT: Final[dict[str, Card]] = {text: card for card, text in _CARD_TEXT.items() if text}


def card_text(card: Card | None) -> str | None:
    """A card as ASCII text, rank then suit letter: ``10H``, ``QS``."""
    return _CARD_TEXT[card]


def parse_card(text: object) -> Card:
    """The card ``text`` names, exactly as :func:`card_text` writes it."""
    card = _CARD_OF_TEXT.get(text) if isinstance(text, str) else None
    if card is None:
        raise ProtocolError(f"not a card: {text!r}")
    return card


def _maybe_card(text: object) -> Card | None:
    return None if text is None else parse_card(text)


def action_json(action: Action) -> dict[str, Any]:
    """An action without its player: the seat sending it is the player."""
    if isinstance(action, Play):
        return {"kind": "play", "stock": action.stock, "pile": action.pile}
    if isinstance(action, Fill):
        return {"kind": "fill", "stock": action.stock}
    if isinstance(action, Spit):
        return {"kind": "spit"}
    return {"kind": "slap", "pile": action.pile}


_ACTION_FIELDS: Final = {
    "play": ("stock", "pile"),
    "fill": ("stock",),
    "spit": (),
    "slap": ("pile",),
}


def parse_action(obj: object, player: int) -> Action:
    """The action ``obj`` describes, made by ``player``."""
    if not isinstance(obj, dict):
        raise ProtocolError("an action is an object")
    kind = obj.get("kind")
    if kind not in _ACTION_FIELDS:
        raise ProtocolError(f"no such action: {kind!r}")
    fields = _ACTION_FIELDS[kind]
    _exact_keys(obj, {"kind", *fields}, "action")
    stock = _int(obj, "stock", 0, STOCKS - 1) if "stock" in fields else 0
    pile = _int(obj, "pile", 0, 1) if "pile" in fields else 0
    if kind == "play":
        return Play(player, stock, pile)
    if kind == "fill":
        return Fill(player, stock)
    if kind == "spit":
        return Spit(player)
    return Slap(player, pile)


def view_json(view: PlayerView) -> dict[str, Any]:
    """One seat's view of the table: face-up cards and counts, its own legal actions."""
    return {
        "player": view.player,
        "round": view.round_number,
        "phase": view.phase.value,
        "sides": [_side_json(side) for side in view.sides],
        "piles": [[card_text(p.top), p.size, p.in_play] for p in view.piles],
        "legal": [action_json(a) for a in view.legal_actions],
        "scores": list(view.scores),
        "went_out": view.went_out,
        "last_round": None if view.last_round is None else _event_json(view.last_round),
        "slap_winner": view.slap_winner,
        "outcome": None if view.outcome is None else outcome_json(view.outcome),
        "one_pile": _one_pile_json(view.one_pile),
    }


def _one_pile_json(one_pile: OnePile | None) -> list[Any] | None:
    if one_pile is None:
        return None
    return [one_pile.without_spit_cards, one_pile.out_first_wins_match]


def _parse_one_pile(obj: object) -> OnePile | None:
    if obj is None:
        return None
    if not isinstance(obj, list) or len(obj) != 2 or not isinstance(obj[1], bool):
        raise ProtocolError("a single pile is [without_spit_cards, out_first_wins_match]")
    return OnePile(_int({"player": obj[0]}, "player", 0, 1), obj[1])


def _side_json(side: SideView) -> dict[str, Any]:
    return {
        "stocks": [[card_text(s.top), s.face_down] for s in side.stocks],
        "spit": side.spit_cards,
        "ready": side.ready,
        "locked": side.locked_until,
    }


def parse_view(obj: object) -> PlayerView:
    """The :class:`PlayerView` a ``table`` frame carries."""
    o = _object(obj, "view")
    keys = {"player", "round", "phase", "sides", "piles", "legal", "scores"}
    optional = {"went_out", "last_round", "slap_winner", "outcome", "one_pile"}
    _exact_keys(o, keys | optional, "view")
    player = _int(o, "player", 0, 1)
    sides = _list(o, "sides", 2)
    piles = _list(o, "piles", 2)
    last_round = None if o.get("last_round") is None else parse_event(o.get("last_round"))
    if last_round is not None and not isinstance(last_round, RoundSettled):
        raise ProtocolError("the last round is a settled round")
    return PlayerView(
        player=player,
        round_number=_int(o, "round", 1, 10_000),
        phase=_enum(Phase, o.get("phase")),
        sides=(_parse_side(sides[0]), _parse_side(sides[1])),
        piles=(_parse_pile(piles[0]), _parse_pile(piles[1])),
        legal_actions=tuple(parse_action(a, player) for a in _list(o, "legal")),
        scores=_pair(o.get("scores")),
        went_out=_maybe_player(o.get("went_out")),
        last_round=last_round,
        slap_winner=_maybe_player(o.get("slap_winner")),
        outcome=None if o.get("outcome") is None else parse_outcome(o.get("outcome")),
        one_pile=_parse_one_pile(o.get("one_pile")),
    )


def _parse_side(obj: object) -> SideView:
    o = _object(obj, "side")
    _exact_keys(o, {"stocks", "spit", "ready", "locked"}, "side")
    stocks = []
    for s in _list(o, "stocks", STOCKS):
        if not isinstance(s, list) or len(s) != 2:
            raise ProtocolError("a stock is [top, face_down]")
        stocks.append(StockView(_maybe_card(s[0]), _count(s[1])))
    locked = o.get("locked")
    return SideView(
        stocks=tuple(stocks),
        spit_cards=_count(o.get("spit")),
        ready=_bool(o, "ready"),
        locked_until=None if locked is None else _number(locked),
    )


def _parse_pile(obj: object) -> PileView:
    if not isinstance(obj, list) or len(obj) != 3 or not isinstance(obj[2], bool):
        raise ProtocolError("a pile is [top, size, in_play]")
    return PileView(_maybe_card(obj[0]), _count(obj[1]), obj[2])


def outcome_json(outcome: Outcome) -> dict[str, Any]:
    """How a match ended."""
    return {
        "termination": outcome.termination.value,
        "winner": outcome.winner,
        "scores": list(outcome.scores),
    }


def parse_outcome(obj: object) -> Outcome:
    """The :class:`Outcome` written by :func:`outcome_json`."""
    o = _object(obj, "outcome")
    _exact_keys(o, {"termination", "winner", "scores"}, "outcome")
    winner = o.get("winner")
    return Outcome(
        _enum(Termination, o.get("termination")),
        None if winner is None else _int(o, "winner", 0, 1),
        _pair(o.get("scores")),
    )


def _event_json(event: Event) -> dict[str, Any]:
    if isinstance(event, CardPlayed):
        return {
            "kind": "played",
            "player": event.player,
            "stock": event.stock,
            "pile": event.pile,
            "card": card_text(event.card),
        }
    if isinstance(event, CardTurnedUp):
        return {
            "kind": "turned_up",
            "player": event.player,
            "stock": event.stock,
            "card": card_text(event.card),
        }
    if isinstance(event, SlotFilled):
        return {
            "kind": "filled",
            "player": event.player,
            "from_stock": event.from_stock,
            "to_stock": event.to_stock,
            "card": card_text(event.card),
        }
    if isinstance(event, PlayerReady):
        return {"kind": "ready", "player": event.player}
    if isinstance(event, CardSpat):
        return {
            "kind": "spat",
            "player": event.player,
            "pile": event.pile,
            "card": card_text(event.card),
        }
    if isinstance(event, TableStuck):
        return {"kind": "stuck"}
    if isinstance(event, RoundEnded):
        return {"kind": "round_ended", "how": event.how.value, "went_out": event.went_out}
    if isinstance(event, PileSlapped):
        return {"kind": "slapped", "player": event.player, "pile": event.pile}
    if isinstance(event, PileTaken):
        return {"kind": "taken", "player": event.player, "pile": event.pile, "cards": event.cards}
    if isinstance(event, RoundSettled):
        return {
            "kind": "settled",
            "number": event.number,
            "held": list(event.held),
            "took": list(event.took),
            "how": event.how.value,
            "went_out": event.went_out,
            "taken": list(event.taken),
        }
    if isinstance(event, RoundDealt):
        return {"kind": "dealt", "number": event.number, "spit_piles": event.spit_piles}
    if isinstance(event, ScoresChanged):
        return {"kind": "scores", "scores": list(event.scores)}
    if isinstance(event, MatchEnded):
        return {"kind": "match_ended", "outcome": outcome_json(event.outcome)}
    raise TypeError(f"no wire form for {event!r}")


def public_events(events: Iterable[Event], seat: int) -> list[dict[str, Any]]:
    """The wire form of the ``events`` that ``seat`` may know: what the engine's
    :func:`~spit.engine.observation.observe` lets through (TypeError for any other)."""
    return [_event_json(event) for event in observe(events, seat)]


def parse_event(obj: object) -> Event:
    """The engine event a ``table`` frame lists."""
    o = _object(obj, "event")
    kind = o.get("kind")
    if kind == "played":
        return CardPlayed(
            _player(o), _int(o, "stock", 0, 4), _int(o, "pile", 0, 1), parse_card(o.get("card"))
        )
    if kind == "turned_up":
        return CardTurnedUp(_player(o), _int(o, "stock", 0, 4), parse_card(o.get("card")))
    if kind == "filled":
        return SlotFilled(
            _player(o),
            _int(o, "from_stock", 0, 4),
            _int(o, "to_stock", 0, 4),
            parse_card(o.get("card")),
        )
    if kind == "ready":
        return PlayerReady(_player(o))
    if kind == "spat":
        return CardSpat(_player(o), _int(o, "pile", 0, 1), parse_card(o.get("card")))
    if kind == "stuck":
        return TableStuck()
    if kind == "round_ended":
        return RoundEnded(_enum(RoundEnd, o.get("how")), _maybe_player(o.get("went_out")))
    if kind == "slapped":
        return PileSlapped(_player(o), _int(o, "pile", 0, 1))
    if kind == "taken":
        return PileTaken(_player(o), _int(o, "pile", 0, 1), _int(o, "cards", 0, 52))
    if kind == "settled":
        took = _list(o, "took", 2)
        taken = _list(o, "taken", 2)
        return RoundSettled(
            number=_int(o, "number", 1, 10_000),
            held=_pair(o.get("held")),
            took=(_maybe_pile(took[0]), _maybe_pile(took[1])),
            how=_enum(RoundEnd, o.get("how")),
            went_out=_maybe_player(o.get("went_out")),
            taken=(_maybe_count(taken[0]), _maybe_count(taken[1])),
        )
    if kind == "dealt":
        return RoundDealt(_int(o, "number", 1, 10_000), _int(o, "spit_piles", 1, 2))
    if kind == "scores":
        return ScoresChanged(_pair(o.get("scores")))
    if kind == "match_ended":
        return MatchEnded(parse_outcome(o.get("outcome")))
    raise ProtocolError(f"no such event: {kind!r}")


def refusal_json(refusal: Refusal) -> dict[str, Any]:
    """Why the table refused one's own action (sent to that seat only)."""
    return {
        "reason": refusal.reason.name,
        "card": card_text(refusal.card),
        "top": card_text(refusal.top),
        "locked_until": refusal.locked_until,
        "mover": refusal.mover,
    }


def parse_refusal(obj: Mapping[str, Any], player: int) -> Refusal:
    """The :class:`Refusal` a ``refused`` frame carries."""
    reason = obj.get("reason")
    if not isinstance(reason, str) or reason not in Reason.__members__:
        raise ProtocolError(f"no such reason: {reason!r}")
    locked = obj.get("locked_until")
    return Refusal(
        player,
        Reason[reason],
        _maybe_card(obj.get("card")),
        _maybe_card(obj.get("top")),
        None if locked is None else _number(locked),
        _maybe_player(obj.get("mover")),
    )


# -- what a client sends ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OpenRoom:
    """Open a new room and take seat 0 in it."""

    variant: Variant
    seed: int | None
    name: str


@dataclass(frozen=True, slots=True)
class JoinRoom:
    """Take the free seat of a room, knowing its code."""

    room: str
    name: str


@dataclass(frozen=True, slots=True)
class Rejoin:
    """Take one's seat back after a dropped connection, with the seat's token."""

    room: str
    token: str


@dataclass(frozen=True, slots=True)
class Act:
    """Do an action at one's seat. ``id`` comes back with the answer."""

    room: str
    seat: int
    action: dict[str, Any]
    """The action's wire form, turned into an engine action once the seat is known."""
    id: int


@dataclass(frozen=True, slots=True)
class SetPause:
    """Pause (or resume) the room; it plays on only when neither seat holds a pause."""

    paused: bool


@dataclass(frozen=True, slots=True)
class Pong:
    """The answer to the server's ping ``id``."""

    id: int


@dataclass(frozen=True, slots=True)
class Leave:
    """Leave the match for good (quitting): the room ends and the other seat is told."""


ClientMessage = OpenRoom | JoinRoom | Rejoin | Act | SetPause | Pong | Leave
"""Anything a client may send."""


def _reject_constant(name: str) -> None:
    raise ProtocolError(f"{name} is not a number JSON allows")


def load_frame(frame: str | bytes, limit: int) -> dict[str, Any]:
    """One frame's JSON object, its version checked."""
    if not isinstance(frame, str):
        raise ProtocolError("frames are JSON text, not binary")
    if len(frame) > limit:
        raise ProtocolError("frame too large")
    try:
        obj = json.loads(frame, parse_constant=_reject_constant)
    except (json.JSONDecodeError, RecursionError):
        raise ProtocolError("not JSON") from None
    if not isinstance(obj, dict):
        raise ProtocolError("a frame is a JSON object")
    if obj.get("v") != VERSION or isinstance(obj.get("v"), bool):
        raise ProtocolError(f"protocol version must be {VERSION}")
    if not isinstance(obj.get("type"), str):
        raise ProtocolError("a frame needs a type")
    return obj


def parse_client(frame: str | bytes) -> ClientMessage:
    """A client's frame as a message, or :class:`ProtocolError` saying what is wrong."""
    o = load_frame(frame, MAX_CLIENT_FRAME)
    kind = o["type"]
    fields = _CLIENT_FIELDS.get(kind)
    if fields is None:
        raise ProtocolError(f"unknown message type {kind!r}")
    _exact_keys(o, {"v", "type", *fields}, kind)
    if kind == "open":
        seed = o.get("seed")
        if seed is not None:
            seed = _int(o, "seed", 0, 2**63 - 1)
        return OpenRoom(_enum(Variant, o.get("variant")), seed, _name(o.get("name")))
    if kind == "join":
        return JoinRoom(room_code(o.get("room")), _name(o.get("name")))
    if kind == "rejoin":
        token = o.get("token")
        if not isinstance(token, str) or not 1 <= len(token) <= 64:
            raise ProtocolError("token must be a short string")
        return Rejoin(room_code(o.get("room")), token)
    if kind == "act":
        action = o.get("action")
        parse_action(action, 0)  # the shape is checked now, the player once the seat is known
        assert isinstance(action, dict)
        return Act(
            room_code(o.get("room")), _int(o, "seat", 0, 1), action, _int(o, "id", 0, MAX_ID)
        )
    if kind == "pause":
        return SetPause(_bool(o, "paused"))
    if kind == "pong":
        return Pong(_int(o, "id", 0, MAX_ID))
    return Leave()


_CLIENT_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "open": ("variant", "seed", "name"),
    "join": ("room", "name"),
    "rejoin": ("room", "token"),
    "act": ("room", "seat", "action", "id"),
    "pause": ("paused",),
    "pong": ("id",),
    "leave": (),
}


def client_frame(message: ClientMessage) -> str:
    """The frame a client sends for ``message``."""
    if isinstance(message, OpenRoom):
        body: dict[str, Any] = {
            "type": "open",
            "variant": message.variant.value,
            "seed": message.seed,
            "name": message.name,
        }
    elif isinstance(message, JoinRoom):
        body = {"type": "join", "room": message.room, "name": message.name}
    elif isinstance(message, Rejoin):
        body = {"type": "rejoin", "room": message.room, "token": message.token}
    elif isinstance(message, Act):
        body = {
            "type": "act",
            "room": message.room,
            "seat": message.seat,
            "action": message.action,
            "id": message.id,
        }
    elif isinstance(message, SetPause):
        body = {"type": "pause", "paused": message.paused}
    elif isinstance(message, Pong):
        body = {"type": "pong", "id": message.id}
    else:
        body = {"type": "leave"}
    return encode(body)


def encode(body: Mapping[str, Any]) -> str:
    """A frame: ``body`` with the version first, compact JSON."""
    return json.dumps({"v": VERSION, **body}, separators=(",", ":"), allow_nan=False)


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


# -- strict field checks ------------------------------------------------------------------


def _object(obj: object, what: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise ProtocolError(f"{what} must be an object")
    return obj


def _exact_keys(obj: Mapping[str, Any], keys: set[str], what: str) -> None:
    if set(obj) != keys:
        extra = sorted(set(obj) - keys)
        missing = sorted(keys - set(obj))
        raise ProtocolError(
            f"{what}: unexpected {extra}" if extra else f"{what}: missing {missing}"
        )


def _int(obj: Mapping[str, Any], key: str, low: int, high: int) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError(f"{key} must be a whole number from {low} to {high}")
    return value


def _count(value: object) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 52:
        raise ProtocolError("a count is a whole number from 0 to 52")
    return value


def _maybe_count(value: object) -> int | None:
    return None if value is None else _count(value)


def _number(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ProtocolError("expected a number")
    return float(value)


def _bool(obj: Mapping[str, Any], key: str) -> bool:
    value = obj.get(key)
    if not isinstance(value, bool):
        raise ProtocolError(f"{key} must be true or false")
    return value


def _list(obj: Mapping[str, Any], key: str, length: int | None = None) -> list[Any]:
    value = obj.get(key)
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise ProtocolError(f"{key} must be a list" + (f" of {length}" if length else ""))
    return value


def _pair(value: object) -> tuple[int, int]:
    if (
        not isinstance(value, list)
        or len(value) != 2
        or any(not isinstance(v, int) or isinstance(v, bool) for v in value)
    ):
        raise ProtocolError("expected a pair of whole numbers")
    return value[0], value[1]


def _player(obj: Mapping[str, Any]) -> int:
    return _int(obj, "player", 0, 1)


def _maybe_player(value: object) -> int | None:
    return None if value is None else _int({"player": value}, "player", 0, 1)


def _maybe_pile(value: object) -> int | None:
    return None if value is None else _int({"pile": value}, "pile", 0, 1)


def _enum(kind: Any, value: object) -> Any:
    try:
        return kind(value)
    except (ValueError, TypeError):
        raise ProtocolError(f"not a {kind.__name__.lower()}: {value!r}") from None


def _name(value: object) -> str:
    if not isinstance(value, str) or len(value) > MAX_NAME:
        raise ProtocolError(f"a name is text of at most {MAX_NAME} characters")
    if not value.isprintable():
        raise ProtocolError("a name must be printable")
    return value.strip()
