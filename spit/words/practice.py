"""The guided practice round, one step at a time."""

from __future__ import annotations

from spit.i18n import _, ngettext
from spit.words.table import cards


def practice_step(step: int | None, steps: int) -> str:
    """The practice panel's heading: which step of how many (None once all are done)."""
    if step is None:
        return _("Practice")
    return _("Practice {n}/{total}").format(n=step, total=steps)


def practice_stocks(spit_cards: int, go_on: str) -> str:
    """Step 1: the player's stocks, their face-up cards and the spit cards."""
    return ngettext(
        "Down here are your five stocks, of 1 to 5 cards. The top card of each lies face up, "
        "the rest face down (+3: three cards under it). Your {n} spit card lies face down by "
        "the left pile. {key}: go on.",
        "Down here are your five stocks, of 1 to 5 cards. The top card of each lies face up, "
        "the rest face down (+3: three cards under it). Your {n} spit cards lie face down by "
        "the left pile. {key}: go on.",
        spit_cards,
    ).format(n=spit_cards, key=go_on)


def practice_keys(left: str, right: str, fill: str, spit: str) -> str:
    """Step 2: the keys under each stock, side by side as the legend shows them, and the
    first SPIT."""
    return _(
        "Under each stock stand its keys, three side by side: the first ({left} for stock 1) "
        "plays it onto the left pile, the second ({right}) onto the right pile, the third "
        "({fill}) into an empty slot. Now press SPIT ({spit}) to turn up your first spit card."
    ).format(left=left, right=right, fill=fill, spit=spit)


def practice_play(card: str, top: str, pile: int, key: str) -> str:
    """Step 3: a card goes one rank up or down; one of the player's that fits now."""
    if pile == 0:
        where = _("Your {card} fits on the {top} of the left pile: press {key}.")
    else:
        where = _("Your {card} fits on the {top} of the right pile: press {key}.")
    rule = _(
        "A card goes onto a pile one rank up or down, whatever its suit; an Ace sits "
        "between King and 2."
    )
    return rule + " " + where.format(card=card, top=top, key=key)


def practice_no_play() -> str:
    """Steps 3 and 4 while none of the player's cards fits: the bot moves, slowly."""
    return _(
        "None of your cards fits a pile now. The bot plays only when you cannot: watch its "
        "card land, then look again."
    )


def practice_fill(card: str, stock: int, key: str) -> str:
    """Step 4, with a fill to make: the empty slot, and the key that fills it."""
    return _(
        "The card under a played card turns up by itself. One of your slots is empty: "
        "{key} moves your {card} from stock {n} into it and turns up the card beneath."
    ).format(key=key, card=card, n=stock)


def practice_fill_later() -> str:
    """Step 4, before any slot is empty: play on until one is."""
    return _(
        "The card under a played card turns up by itself. Play on: when one of your stocks "
        "is empty, the third key under a taller stock moves its top card there."
    )


def practice_stuck(spit: str, without: int | None = None) -> str:
    """Step 5: nobody can play, so both spit again; in a single-pile round ``without`` is
    the player with no spit cards (0 the one practising, 1 the bot), who counts as ready
    while the other spits alone onto the one pile."""
    if without == 0:
        return _(
            "Nobody can play a card or fill a slot: the table is stuck. You have no spit cards "
            "left, so you count as ready: the bot turns a new spit card onto the one pile, and "
            "play goes on."
        )
    if without == 1:
        return _(
            "Nobody can play a card or fill a slot: the table is stuck. Press SPIT ({spit}): you "
            "turn a new spit card onto the one pile (the bot has none left), and play goes on."
        ).format(spit=spit)
    return _(
        "Nobody can play a card or fill a slot: the table is stuck. Press SPIT ({spit}): you "
        "and the bot each turn a new spit card onto your own pile, and play goes on."
    ).format(spit=spit)


def practice_slap(went_out: int | None, sizes: tuple[int, int], left: str, right: str) -> str:
    """Step 6: the round is over; slap the smaller pile, and with which keys (each stock's
    first and second, as the legend shows them)."""
    if went_out == 0:
        why = _("You played out your stocks: the round is over.")
    elif went_out == 1:
        why = _("The bot played out its stocks: the round is over.")
    else:
        why = _("Nobody can move and no spit cards are left: the round is over.")
    what = _(
        "Slap the smaller pile, as you take the pile you slap: the first key under any stock "
        "({left}) slaps the left pile ({left_cards}), the second ({right}) the right "
        "({right_cards})."
    ).format(left=left, right=right, left_cards=cards(sizes[0]), right_cards=cards(sizes[1]))
    return why + " " + what


def practice_next(
    took: int | None, held: tuple[int, int], spit: str, go_on: str, *, ready: bool = False
) -> str:
    """Step 7: what the round left each player with, and what comes next; ``ready`` when the
    next round is a single-pile one in which the player has no spit cards, so counts as ready
    and the bot spits alone (their SPIT would do nothing)."""
    if took == 0:
        mine = _("You took the left pile: you hold {you} now, the bot {bot}.")
    elif took == 1:
        mine = _("You took the right pile: you hold {you} now, the bot {bot}.")
    else:
        mine = _("You took nothing from the centre: you hold {you} now, the bot {bot}.")
    if ready:
        then = _(
            "They are laid out again for the next round. The first to end a round holding no "
            "cards wins. You are ready: the bot spits · {key}: end the practice."
        ).format(key=go_on)
    else:
        then = _(
            "They are laid out again for the next round. The first to end a round holding no "
            "cards wins. SPIT ({spit}): play on · {key}: end the practice."
        ).format(spit=spit, key=go_on)
    return mine.format(you=cards(held[0]), bot=cards(held[1])) + " " + then


def practice_free() -> str:
    """After the steps: the practice match goes on as long as the player likes."""
    return _("Play on as long as you like: Esc pauses, and the pause can end the practice.")


def practice_leave(*, web: bool) -> str:
    """The practice's pause: the key that leaves the practice, under the pause's keys. In a
    browser, which keeps Ctrl+L for its address bar, L leaves."""
    if web:
        return _("L: leave the practice")
    return _("Ctrl+L: leave the practice")
