"""Every sentence a player reads, as pure functions of engine facts and names.

The engine says *why* (a :class:`~spit.engine.Reason` id, an event, a view); this module says
it in words, in the language that is on (:mod:`spit.i18n`). It imports nothing from Textual
or Rich, so it is tested on its own, and every message is a literal string that
``pybabel extract`` finds: never build a message at run time.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from spit.engine import Card, PlayerView, Rank, Reason, Refusal, Variant
from spit.game.seat import Lost
from spit.i18n import N_, _, ngettext, pgettext

Names = tuple[str, str]
"""The two players' names as the table shows them, player 1 first."""


# -- cards, players, piles, keys ---------------------------------------------------------


def rank_label(rank: Rank) -> str:
    """A rank as the card's corner shows it: ``7``, ``10``, and J Q K A in the players' letters."""
    match rank:
        case Rank.JACK:
            return pgettext("card rank: Jack", "J")
        case Rank.QUEEN:
            return pgettext("card rank: Queen", "Q")
        case Rank.KING:
            return pgettext("card rank: King", "K")
        case Rank.ACE:
            return pgettext("card rank: Ace", "A")
    return str(int(rank))


def card_label(card: Card, *, ascii: bool = False) -> str:
    """A card as text: ``10♥``, ``D♠`` in German; suit letters S H D C with ``ascii``."""
    suit = card.suit.letter if ascii else card.suit.symbol
    return f"{rank_label(card.rank)}{suit}"


def player_name(player: int, *, against_bot: bool = False) -> str:
    """How a player is called on screen: Player 1/2, or You/Bot against the bot."""
    if against_bot:
        return _("You") if player == 0 else _("Bot")
    return _("Player 1") if player == 0 else _("Player 2")


def short_name(player: int, *, against_bot: bool = False) -> str:
    """A player's name where room is short: P1/P2, or You/Bot against the bot."""
    if against_bot:
        return player_name(player, against_bot=True)
    return _("P1") if player == 0 else _("P2")


def pile_name(pile: int) -> str:
    """A spit pile by where it lies."""
    return _("the left pile") if pile == 0 else _("the right pile")


def level_name(level: str) -> str:
    """A bot level's name (the command line's ``first-game``, ``casual``… in the player's
    words); the four names from before the ladder keep theirs."""
    names = {
        "first-game": _("first game"),
        "beginner": _("beginner"),
        "casual": _("casual"),
        "regular": _("regular"),
        "seasoned": _("seasoned"),
        "fast": _("fast"),
        "very-fast": _("very fast"),
        "adaptive": _("adaptive"),
        "easy": _("easy"),
        "normal": _("normal"),
        "hard": _("hard"),
        "expert": _("expert"),
    }
    return names.get(level, level)


def level_label(level: str, seconds: float) -> str:
    """A bot level as the menu offers it: its name and how quick its hand is."""
    return _("{level} · {seconds:.1f} s").format(level=level_name(level), seconds=seconds)


def adaptive_label() -> str:
    """The adaptive bot as the menu offers it."""
    return _("adaptive · meets you")


def adaptive_bot_name(name: str, level: str) -> str:
    """The adaptive bot's line on the table: its name and the level it plays at now."""
    return _("{name} (adaptive: {level})").format(name=name, level=level_name(level))


def bot_name(name: str, level: str) -> str:
    """The bot's line on the table: its name and level."""
    return _("{name} ({level})").format(name=name, level=level_name(level))


def key_name(key: str, *, ascii: bool = False) -> str | None:
    """A named key (Textual's ``space``, ``pageup``…) as a legend prints it; None for others.

    With ``ascii`` the arrows are words, for terminals without the arrow symbols.
    """
    if ascii and key in ("up", "down", "left", "right"):
        arrows = {"up": _("Up"), "down": _("Down"), "left": _("Left"), "right": _("Right")}
        return arrows[key]
    names = {
        "space": _("Space"),
        "enter": _("Enter"),
        "backspace": _("Backspace"),
        "delete": _("Del"),
        "insert": _("Ins"),
        "home": _("Home"),
        "end": _("End"),
        "pageup": _("PgUp"),
        "pagedown": _("PgDn"),
        "up": "↑",
        "down": "↓",
        "left": "←",
        "right": "→",
    }
    return names.get(key)


KEY_ABBREVIATION_CELLS = 3
"""The widest a key's short name may be: three keys and two spaces under an 11-column stock."""


def key_abbreviation(key: str, *, ascii: bool = False) -> str | None:
    """A named key in at most three letters, for the hints under the stocks; None for others."""
    names = {
        "space": pgettext("key name, at most 3 letters", "Spc"),
        "enter": pgettext("key name, at most 3 letters", "Ent"),
        "backspace": pgettext("key name, at most 3 letters", "Bsp"),
        "delete": pgettext("key name, at most 3 letters", "Del"),
        "insert": pgettext("key name, at most 3 letters", "Ins"),
        "home": pgettext("key name, at most 3 letters", "Hom"),
        "end": pgettext("key name, at most 3 letters", "End"),
        "pageup": pgettext("key name, at most 3 letters", "PgU"),
        "pagedown": pgettext("key name, at most 3 letters", "PgD"),
    }
    if ascii:
        names |= {
            "up": pgettext("key name, at most 3 letters", "Up"),
            "down": pgettext("key name, at most 3 letters", "Dn"),
            "left": pgettext("key name, at most 3 letters", "Lt"),
            "right": pgettext("key name, at most 3 letters", "Rt"),
        }
    return names.get(key)


def preset_name(preset: str) -> str:
    """A keyboard preset as the menu offers it."""
    names = {
        "qwerty": "QWERTY",  # the letters on the keys: the same in every language
        "qwertz": "QWERTZ",
        "azerty": "AZERTY",
        "greek": _("Greek"),
        "georgian": _("Georgian"),
        "latvian": _("Latvian"),
    }
    return names.get(preset, preset)


def ready(tick: str) -> str:
    """The word "ready" with its mark (none in ASCII)."""
    return f"{_('ready')} {tick}".rstrip()


# -- refusals ----------------------------------------------------------------------------


def seconds_left(seconds: float) -> str:
    """Seconds to wait, rounded up to a tenth: never "0.0" while there is still a wait."""
    return f"{max(1, math.ceil(seconds * 10 - 1e-9)) / 10:.1f}"


def reason(why: Reason, card: str = "", top: str = "") -> str:
    """A refusal's reason on its own: ``card`` and ``top`` are the cards as labels."""
    match why:
        case Reason.DOES_NOT_FIT:
            return _("{card} does not go on {top}").format(card=card, top=top)
        case Reason.TOO_LATE:
            return _("too late — the pile changed")
        case Reason.LOCKED:
            return _("wait — fumbled")
        case Reason.EMPTY_STOCK:
            return _("that stock is empty")
        case Reason.NO_EMPTY_SLOT:
            return _("no empty slot to fill")
        case Reason.NOTHING_BENEATH:
            return _("{card} has nothing under it to turn up").format(card=card)
        case Reason.NOT_STUCK:
            return _("not stuck yet — there is still a play")
        case Reason.ALREADY_READY:
            return _("waiting for the other player to spit")
        case Reason.BEFORE_SPIT:
            return _("press spit to start")
        case Reason.STUCK:
            return _("stuck — press spit")
        case Reason.NOT_SLAP_TIME:
            return _("no slap now")
        case Reason.SLAPPED_ALREADY:
            return _("too late — the other player slapped first")
        case Reason.SLAP_TIME:
            return _("the round is over — slap a pile")
        case Reason.ROUND_OVER:
            return _("the round is over")
        case Reason.MATCH_OVER:
            return _("the match is over")
        case Reason.NO_SUCH_PILE:
            return _("there is no such pile")
        case Reason.NO_SUCH_STOCK:
            return _("there is no such stock")
        case Reason.NO_SUCH_PLAYER:
            return _("there is no such player")
        case Reason.BAD_TIME:
            return _("that came at a time that is not valid (the clock went wrong)")
    raise ValueError(why)


def refusal(
    refused: Refusal,
    at: float,
    *,
    view: PlayerView,
    names: Names,
    label: Callable[[Card], str] = card_label,
) -> str:
    """What a refused player reads by their row.

    ``view`` is the table as the screen shows it (who is ready); ``at`` is the game time of
    the refusal, for the lock's wait.
    """
    why = refused.reason
    if why is Reason.LOCKED and refused.locked_until is not None:
        return _("wait {seconds} s — your hand is locked after a fumble").format(
            seconds=seconds_left(refused.locked_until - at)
        )
    if why is Reason.NOT_STUCK:
        # Who still has a move is the engine's answer, on the refusal.
        if refused.mover == refused.player:
            return _("not stuck — you still have a move")
        if refused.mover is not None:
            return _("not stuck — {name} still has a move").format(name=names[refused.mover])
        return reason(why)
    if why in (Reason.BEFORE_SPIT, Reason.STUCK) and view.sides[refused.player].ready:
        # "Press spit" to someone who has: what they wait for is the other player.
        return reason(Reason.ALREADY_READY)
    text = reason(
        why,
        card=label(refused.card) if refused.card else "",
        top=label(refused.top) if refused.top else "",
    )
    if refused.is_fumble and refused.locked_until is not None:
        return _("{reason} · hand locked {seconds} s").format(
            reason=text, seconds=seconds_left(refused.locked_until - at)
        )
    return text


# -- the banner over the piles -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Banner:
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
    view: PlayerView, variant: Variant, names: Names, *, against_bot: bool, you: int | None = None
) -> str:
    """In a single-pile round: why there is one pile, and what going out first means."""
    if view.spit_piles != 1:
        return ""
    # The unused pile is the one its owner would have spat on.
    alone = next(p for p in (0, 1) if not view.piles[p].in_play)
    # "You" is the person at this keyboard: against the bot player 1, on a network their seat.
    yours = alone == (0 if against_bot else you)
    name = names[alone]
    if yours:
        why = _("One spit pile: you have no spit cards. Both pile keys play on it.")
    else:
        why = _("One spit pile: {name} has no spit cards. Both pile keys play on it.")
    if variant is Variant.STANDARD:
        if yours:
            stake = _("Go out first and you win the match!")
        else:
            stake = _("If {name} goes out first, {name} wins the match.")
    elif yours:
        stake = _("If you go out first, the match ends.")
    else:
        stake = _("If {name} goes out first, the match ends.")
    return why.format(name=name) + "\n" + stake.format(name=name)


def round_start(number: int) -> str:
    """The call before a round: both players press spit."""
    return _("Round {n}: both press SPIT").format(n=number)


def stuck() -> str:
    """The call when nobody can play: both press spit again."""
    return _("Stuck — press SPIT")


def slap(went_out: int | None, names: Names) -> str:
    """The call at the end of a two-pile round."""
    if went_out is not None:
        return _("{name} went out — SLAP the smaller pile!").format(name=names[went_out])
    return _("Nobody can move — SLAP the smaller pile!")


def match_over() -> str:
    """The banner once the match is decided."""
    return _("The match is over")


# -- the table's lines -------------------------------------------------------------------


def cards(n: int) -> str:
    """How many cards a player holds in all."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def spit_cards(n: int) -> str:
    """How many spit cards lie face down by a pile."""
    return ngettext("{n} spit card", "{n} spit cards", n).format(n=n)


def pile_size(pile: str, n: int) -> str:
    """A pile and how many cards it held: ``the left pile (7 cards)``."""
    return ngettext("{pile} ({n} card)", "{pile} ({n} cards)", n).format(pile=pile, n=n)


def rounds(n: int) -> str:
    """How many rounds a match took."""
    return ngettext("{n} round", "{n} rounds", n).format(n=n)


# -- a game across the network -----------------------------------------------------------


def lost(why: Lost) -> str:
    """Why a game ended before its match did."""
    match why:
        case Lost.SERVER_GONE:
            return _("The server went away; the match cannot go on.")
        case Lost.ABANDONED:
            return _("The match was abandoned: the other player did not come back.")
        case Lost.REFUSED:
            return _("The server would not seat you in that room.")


def reconnecting() -> str:
    """Over the table while this player's line to the server is down."""
    return _("The connection to the server dropped — getting it back…")


def waiting_for_friend(address: str, room: str) -> str:
    """Over the table while a hosted room waits for the second player: the very command."""
    return _(
        "Waiting for your friend. Give them this command:\n\nspit join {address} {room}"
    ).format(address=address, room=room)


def waiting_for_friend_or_browser(address: str, room: str, link: str) -> str:
    """Over the table while a room hosted with ``--web`` waits: the command, or the link."""
    return _(
        "Waiting for your friend. Give them this command:\n\nspit join {address} {room}\n\n"
        "or this link, to play in a web browser:\n\n{link}"
    ).format(address=address, room=room, link=link)


def gone_away(name: str) -> str:
    """Over the table while the other player's line is down."""
    return _("{name} lost the connection — waiting for them to come back (up to a minute).").format(
        name=name
    )


def paused_by(name: str) -> str:
    """Over the table while the other player holds a pause."""
    return _("{name} paused the game.").format(name=name)


def round_trips(names: Names, rtt: tuple[float | None, float | None]) -> str:
    """Both players' round-trip times to the server, for the top bar."""
    return " · ".join(
        _("{name} {ms} ms").format(name=name, ms="?" if t is None else round(t * 1000))
        for name, t in zip(names, rtt, strict=True)
    )


def connecting(address: str | None, code: str | None) -> str:
    """While the seat is being taken."""
    if code is None and address is None:
        return _("Opening a room…")
    if code is None:
        return _("Opening a room on {address}…").format(address=address)
    return _("Joining room {code} on {address}…").format(code=code, address=address)


def no_seat(why: str) -> str:
    """The seat could not be taken (or kept): the line's own words on why."""
    return _("No networked game: {why}").format(why=why)


# -- the end of a match ------------------------------------------------------------------


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


def fastest_play(name: str, card: str, pile: int, seconds: float) -> str:
    """The match's quickest play: who, which card, where, how soon after the pile changed."""
    if pile == 0:
        text = _("Fastest play: {name} {card} on the left pile {seconds:.2f} s after it changed")
    else:
        text = _("Fastest play: {name} {card} on the right pile {seconds:.2f} s after it changed")
    return text.format(name=name, card=card, seconds=seconds)


def plays_like(level: str) -> str:
    """After a match against the bot: the ladder level whose hand is most like the person's."""
    return _("You play most like the bot's “{level}” level.").format(level=level_name(level))


def no_fastest_play() -> str:
    """The line for a match without a single play."""
    return _("Fastest play: none")


# -- the "press your keys" screen ----------------------------------------------------------


def press_key_for(row: str, stock: int | None) -> str:
    """What to press a key for: ``row`` is left, right, fill or spit; ``stock`` counts from 0."""
    n = (stock or 0) + 1
    match row:
        case "left":
            return _("Press the key for stock {n} onto the left pile (slap left)").format(n=n)
        case "right":
            return _("Press the key for stock {n} onto the right pile (slap right)").format(n=n)
        case "fill":
            return _("Press the key for stock {n} into an empty slot").format(n=n)
    return _("Press the key for spit / ready")


def keys_progress(name: str, n: int, total: int) -> str:
    """Whose key is asked for, and how far along the list."""
    return _("{name} · key {n} of {total}").format(name=name, n=n, total=total)


def action_name(action_id: str, names: Names) -> str:
    """An action id (``p2.stock3.fill``) in words: whose, which stock, which row."""
    player, *rest = action_id.split(".")
    name = names[1 if player == "p2" else 0]
    if rest == ["spit"]:
        return _("{name}: spit").format(name=name)
    stock, row = rest
    n = int(stock.removeprefix("stock"))
    match row:
        case "left":
            return _("{name}: stock {n}, left pile").format(name=name, n=n)
        case "right":
            return _("{name}: stock {n}, right pile").format(name=name, n=n)
    return _("{name}: stock {n}, fill").format(name=name, n=n)


# -- the command line's own words (argparse's) --------------------------------------------

ARGPARSE: tuple[str, ...] = (
    N_("usage: "),
    N_("options"),
    N_("positional arguments"),
    N_("show this help message and exit"),
    N_("the following arguments are required: %s"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("one of the arguments %s is required"),
    N_("not allowed with argument %s"),
    N_("expected one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unrecognized arguments: %s"),
)
"""The words argparse itself writes into ``--help`` and its errors, so that they are in the
catalogues; :func:`spit.i18n.translate_argparse` makes argparse look them up there."""


# -- dates ---------------------------------------------------------------------------------


def date_and_time(weekday: int, day: int, month: int, time: str) -> str:
    """A moment as a player reads it: ``Tue 1 Dec 14:05``. ``weekday`` 0 is Monday,
    ``month`` 1 is January (the language's own names, not the C locale's)."""
    weekdays = (
        pgettext("weekday", "Mon"),
        pgettext("weekday", "Tue"),
        pgettext("weekday", "Wed"),
        pgettext("weekday", "Thu"),
        pgettext("weekday", "Fri"),
        pgettext("weekday", "Sat"),
        pgettext("weekday", "Sun"),
    )
    months = (
        pgettext("month", "Jan"),
        pgettext("month", "Feb"),
        pgettext("month", "Mar"),
        pgettext("month", "Apr"),
        pgettext("month", "May"),
        pgettext("month", "Jun"),
        pgettext("month", "Jul"),
        pgettext("month", "Aug"),
        pgettext("month", "Sep"),
        pgettext("month", "Oct"),
        pgettext("month", "Nov"),
        pgettext("month", "Dec"),
    )
    return _("{weekday} {day} {month} {time}").format(
        weekday=weekdays[weekday], day=day, month=months[month - 1], time=time
    )


def last_move(name: str, card: str, pile: int) -> str:
    """The last play on a pile, under it for a moment: ``P2: 8♣ → right``.

    ``pile`` is where the pile lies on this screen: 0 the left one, 1 the right one.
    """
    if pile == 0:
        return _("{name}: {card} → left").format(name=name, card=card)
    return _("{name}: {card} → right").format(name=name, card=card)
