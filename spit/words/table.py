"""The table's words: the banner over the piles and each player's lines."""

from __future__ import annotations

from typing import Final

from msgspec import Struct

from spit.engine import PlayerView
from spit.i18n import N_, _, ngettext, translated
from spit.words.labels import Names


class Banner(Struct, frozen=True, gc=False):
    """What the banner says: a line, whether it calls for action, and a note under it."""

    text: str = ""
    urgent: bool = False
    note: str = ""


def waiting_for(player: int, names: Names, *, against_bot: bool, you: int | None = None) -> str:
    """The banner's note on whose spit the table still waits for."""
    if player == (0 if against_bot else you):
        return _("(waiting for you)")
    return _("(waiting for {name})").format(name=names[player])


def one_pile_note(
    view: PlayerView, names: Names, *, against_bot: bool, you: int | None = None
) -> str:
    """In a single-pile round: why there is one pile, and what playing out one's stocks first
    means (both the engine's facts, on ``view.one_pile``). "Played out their stocks" ends a
    round; "has no cards left" (stocks and spit cards alike) ends the match."""
    one_pile = view.one_pile
    if one_pile is None:
        return ""
    alone = one_pile.without_spit_cards
    # "You" is the person at this keyboard: against the bot player 1, on a network their seat.
    yours = alone == (0 if against_bot else you)
    name = names[alone]
    if yours:
        why = _("One spit pile: you have no spit cards. Both pile keys play on it.")
    else:
        why = _("One spit pile: {name} has no spit cards. Both pile keys play on it.")
    if one_pile.out_first_wins_match:
        if yours:
            stake = _("Play out your stocks first and you win the match!")
        else:
            stake = _("If {name} plays out their stocks first, {name} wins the match.")
    elif yours:
        stake = _("If you play out your stocks first, the match ends.")
    else:
        stake = _("If {name} plays out their stocks first, the match ends.")
    return why.format(name=name) + "\n" + stake.format(name=name)


def round_start(number: int) -> str:
    """The call before a round: both players press spit."""
    return _("Round {n}: both press SPIT").format(n=number)


def stuck() -> str:
    """The call when nobody can play: both press spit again."""
    return _("Stuck — press SPIT")


def slap(went_out: int | None, names: Names, *, you: int | None = None) -> str:
    """The call at the end of a two-pile round; ``you`` is the seat called "you" on screen
    (a sentence of its own, as a verb takes the second person in other languages)."""
    if went_out is None:
        return _("Nobody can move — SLAP the smaller pile!")
    if went_out == you:
        return _("You played out your stocks — SLAP the smaller pile!")
    return _("{name} played out their stocks — SLAP the smaller pile!").format(name=names[went_out])


def round_ended(went_out: int, names: Names, *, stalemate: bool, you: int | None = None) -> str:
    """How a round ended, after "Round N is over — ": who played out their stocks first, or
    who had fewer stock cards when nobody could move."""
    if stalemate:
        if went_out == you:
            return _("nobody could move; you had fewer stock cards.")
        return _("nobody could move; {name} had fewer stock cards.").format(name=names[went_out])
    if went_out == you:
        return _("You played out your stocks first.")
    return _("{name} played out their stocks first.").format(name=names[went_out])


def match_over() -> str:
    return _("The match is over")


def cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def spit_cards(n: int) -> str:
    """How many spit cards lie face down by a pile."""
    return ngettext("{n} spit card", "{n} spit cards", n).format(n=n)


def rounds(n: int) -> str:
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


TABLE_LABEL: Final = {
    "or": N_("or"),
    "points": N_("Points:"),
    "press spit": N_("press SPIT"),
    "no spit cards": N_("no spit cards"),
    "not in play": N_("not in play"),
    "spit": N_("spit"),
    "nobody could move": N_("nobody could move."),
    "took": N_("took"),
    "holds now": N_("holds now"),
    "points column": N_("points"),
    "nothing taken": N_("nothing from the centre"),
}


def table_label(what: str) -> str:
    """The table's fixed words (the top bar, the piles' captions, the round summary's heads),
    by a short id."""
    return translated(TABLE_LABEL[what])


def spit_key(*, key: str) -> str:
    """A player's line: the key that spits."""
    return _("SPIT: {key}").format(key=key)
