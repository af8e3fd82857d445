"""The records' written form of cards, actions and refusal reasons, and strict parsers for it.

Plain values in and out (strings, ints, dicts): the records write these forms and read them
back through the parsers here, which raise :class:`NotationError` for anything else (the
wire carries the engine's Structs as msgspec encodes them, see :mod:`spit.net.wire`).

- A card is its rank then its suit letter, ASCII: ``10H``, ``QS``, ``AD``.
- An action is a dict: ``{"do": "play", "p": 0, "stock": 2, "pile": 1}``, ``{"do": "fill",
  "p": 1, "stock": 0}``, ``{"do": "spit", "p": 0}``, ``{"do": "slap", "p": 1, "pile": 0}``.
- A reason is its :class:`~spit.engine.actions.Reason` value: ``does-not-fit``.

Why these forms: the records' action form (``"do"``, ``"p"``) is THE form because records
are on disk for good and a record written by any spit must read in every later one, while
the wire is versioned and both ends of a connection speak the same version, so the wire can
change at a version with nothing kept. The reason's one spelling is its enum value, the
engine's stable id; records written before spelt it ``does_not_fit``, and that is still read
(never written). Numbers are read as they are written: a stock, pile or player that does not
exist is the table's to refuse (``NO_SUCH_STOCK``…), as records keep whatever reached it.
"""

from __future__ import annotations

from typing import Final

from spit.engine.actions import Action, Fill, Play, Reason, Slap, Spit
from spit.engine.cards import DECK, Card


class NotationError(ValueError):
    """Something that is not a card, an action or a reason in the notation; says what."""


# -- cards -------------------------------------------------------------------------------

_CARD_TEXT: Final[dict[Card, str]] = {card: card.label(ascii=True) for card in DECK}
"""Every card's one written form, made once: a table frame names some 25 cards."""

_CARD_OF_TEXT: Final[dict[str, Card]] = {text: card for card, text in _CARD_TEXT.items()}


def card_text(card: Card) -> str:
    """A card as text, rank then suit letter: ``10H``, ``QS``."""
    return _CARD_TEXT[card]


def parse_card(text: object) -> Card:
    """The card ``text`` names, exactly as :func:`card_text` writes it (no other spelling)."""
    card = _CARD_OF_TEXT.get(text) if type(text) is str else None
    if card is None:
        raise NotationError(f"not a card: {_short(text)}")
    return card


# -- actions -----------------------------------------------------------------------------

KINDS: Final[dict[type, str]] = {Play: "play", Fill: "fill", Spit: "spit", Slap: "slap"}
"""Each action's name in the notation."""

_FIELDS: Final[dict[str, tuple[str, ...]]] = {
    "play": ("stock", "pile"),
    "fill": ("stock",),
    "spit": (),
    "slap": ("pile",),
}
"""Each kind's fields besides ``do`` and ``p``, in order."""


def action_dict(action: Action) -> dict[str, object]:
    """An action in the notation."""
    entry: dict[str, object] = {"do": KINDS[type(action)], "p": action.player}
    if type(action) is Play or type(action) is Fill:
        entry["stock"] = action.stock
    if type(action) is Play or type(action) is Slap:
        entry["pile"] = action.pile
    return entry


def parse_action(obj: object) -> Action:
    """The action ``obj`` writes."""
    if type(obj) is not dict:
        raise NotationError("an action is a dict")
    kind = obj.get("do")
    if type(kind) is not str or kind not in _FIELDS:
        raise NotationError(f"no such action: {_short(kind)}")
    fields = _FIELDS[kind]
    expected = {"do", "p", *fields}
    keys = set(obj)
    if keys != expected:
        extra, missing = sorted(map(str, keys - expected)), sorted(expected - keys)
        raise NotationError(
            f"{kind}: unexpected {', '.join(extra)}" if extra else f"{kind}: missing {missing[0]}"
        )
    who = _whole(obj, "p")
    if kind == "play":
        return Play(who, _whole(obj, "stock"), _whole(obj, "pile"))
    if kind == "fill":
        return Fill(who, _whole(obj, "stock"))
    if kind == "spit":
        return Spit(who)
    return Slap(who, _whole(obj, "pile"))


def _whole(obj: dict[object, object], key: str) -> int:
    value = obj[key]
    if type(value) is not int:  # a bool is no number here, nor is 1.0
        raise NotationError(f"{key} is a whole number, not {_short(value)}")
    return value


# -- reasons -----------------------------------------------------------------------------

_REASON_OF_TEXT: Final[dict[str, Reason]] = {
    **{reason.name.lower(): reason for reason in Reason},  # records written before
    **{reason.value: reason for reason in Reason},
}


def reason_text(reason: Reason) -> str:
    """A reason's one spelling: its value, ``does-not-fit``."""
    return reason.value


def parse_reason(text: object) -> Reason:
    """The reason ``text`` names: as :func:`reason_text` writes it, or as records written
    before spelt it (``does_not_fit``)."""
    reason = _REASON_OF_TEXT.get(text) if type(text) is str else None
    if reason is None:
        raise NotationError(f"no such reason: {_short(text)}")
    return reason


def _short(value: object) -> str:
    """A value for an error message, cut short: a hostile input may be long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
