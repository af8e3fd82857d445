"""Who sat in a seat, as a record names them: apart from the record's format, so that a game
names its players on its way to the first frame without loading the format and the writer."""

from __future__ import annotations

from typing import Annotated, Final

from msgspec import Meta, Struct

NAME_LENGTH: Final = 64
"""The longest name a record may give: more than any spit takes (20 in a config, 24 over the
network)."""


class Player(Struct, frozen=True, gc=False, omit_defaults=True):
    """Who sat in a seat: the name they gave, or none (the shells word it: You, Player 1)."""

    name: Annotated[str, Meta(min_length=1, max_length=NAME_LENGTH)] | None = None
    bot: str | None = None  # the bot's level if the bot played this seat; None for a person
