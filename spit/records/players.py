"""Who sat in a seat, as a record names them: apart from the record's format, so that a game
names its players (:func:`spit.records.recorder.players`) on its way to the first frame
without loading the format and the writer, which load when the record is made after it."""

from __future__ import annotations

from msgspec import Struct


class Player(Struct, frozen=True, gc=False):
    """Who sat in a seat."""

    name: str  # the name the player gave (or the default one)
    bot: str | None = None  # the bot's level if the bot played this seat; None for a person
