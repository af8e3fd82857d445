"""The end of a match: the winner and the figures of the match-over dialog."""

from __future__ import annotations

from spit.i18n import _
from spit.words.labels import Names, level_name


def winner(
    player: int | None, names: Names, *, against_bot: bool = False, you: int | None = None
) -> str:
    """Who won the match, as the match-over screen heads it; ``you`` is the seat of the person
    at this keyboard on a network (against the bot, player 1)."""
    if player is None:
        return _("A draw!")
    if player == (0 if against_bot else you):
        return _("You win the match!")
    return _("{name} wins the match!").format(name=names[player])


def plays_like(level: str) -> str:
    """After a match against the bot: the ladder level whose hand is most like the person's."""
    return _("You play most like the bot's “{level}” level.").format(level=level_name(level))
