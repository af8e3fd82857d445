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


def your_hand(hand: int) -> str:
    """The person against the bot, by hand (0 the left), where the help lists both halves'
    keys."""
    return _("You, left hand") if hand == 0 else _("You, right hand")


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
        "practice": _("patient"),
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


def legend_slap(*, left: str, right: str) -> str:
    """Under the stocks while slapping: which key slaps which pile (``left`` and ``right`` are
    arrows)."""
    return _("slap {left} {right}").format(left=left, right=right)


def legend_fill(*, left: str, right: str) -> str:
    """Under the stocks: the rows of keys (arrows), and the row that fills."""
    return _("{left} {right} fill").format(left=left, right=right)


def table_label(what: str) -> str:
    """The table's fixed words (the top bar, the piles' captions, the round summary's heads),
    by a short id."""
    match what:
        case "or":
            return _("or")
        case "points":
            return _("Points:")
        case "press spit":
            return _("press SPIT")
        case "no spit cards":
            return _("no spit cards")
        case "not in play":
            return _("not in play")
        case "spit":
            return _("spit")
        case "nobody could move":
            return _("nobody could move.")
        case "took":
            return _("took")
        case "holds now":
            return _("holds now")
        case "points column":
            return _("points")
        case "nothing taken":
            return _("nothing from the centre")
    raise ValueError(what)


def top_hints(what: str) -> str:
    """The top bar's key hints, longest first (a browser keeps F1 and Ctrl+Q), by a short id."""
    match what:
        case "browser":
            return _("Esc: pause, then H help, Q quit")
        case "browser short":
            return _("Esc: pause")
        case "terminal":
            return _("F1 help · Esc pause · Ctrl+Q quit")
        case "terminal short":
            return _("F1 help")
    raise ValueError(what)


def spit_key(*, key: str) -> str:
    """A player's line: the key that spits."""
    return _("SPIT: {key}").format(key=key)


def round_over(*, n: int) -> str:
    """The round summary's heading: which round is over."""
    return _("Round {n} is over").format(n=n)


def fewer_stock_cards(*, name: str) -> str:
    """A stalemate's end: who held fewer stock cards."""
    return _("nobody could move; {name} had fewer stock cards.").format(name=name)


def went_out_first(*, name: str) -> str:
    """A round's end: who went out."""
    return _("{name} went out first.").format(name=name)


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


def gone_away(name: str, seconds: float | None = None) -> str:
    """Over the table while the other player is not connected (a line down, a browser tab
    closed): how long the server still keeps their seat, counting down, if it said."""
    if seconds is None:
        return _(
            "{name} lost the connection — waiting for them to come back (up to a minute)."
        ).format(name=name)
    n = math.ceil(seconds)
    return ngettext(
        "Waiting for {name} to come back ({n} s).\n\nThe match is paused until then.",
        "Waiting for {name} to come back ({n} s).\n\nThe match is paused until then.",
        n,
    ).format(name=name, n=n)


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


def not_a_port(*, text: str) -> str:
    """A port flag's complaint: ``text`` is no number."""
    return _("not a port number: {text!r}").format(text=text)


def port_out_of_range(*, text: str) -> str:
    """A port flag's complaint: ``text`` is outside 0 to 65535."""
    return _("a port is from 0 to 65535, not {text}").format(text=text)


def not_an_address_flag(*, text: str) -> str:
    """An address flag's complaint: ``text`` is no ADDR:PORT."""
    return _("not an address: {text!r} (write it as ADDR:PORT)").format(text=text)


def pace_out_of_range(*, text: str) -> str:
    """The pace flag's complaint: ``text`` is outside 1 to 100."""
    return _("the pace is from 1 to 100, not {text}").format(text=text)


def grace_out_of_range(*, text: str) -> str:
    """The grace flag's complaint: ``text`` is outside 0.1 to 3600 seconds."""
    return _("must be between 0.1 and 3600 seconds, not {text}").format(text=text)


def web_port_help(*, port: int) -> str:
    """The help for ``host --web-port``: its default ``port``."""
    return _("the port of the browser seat's page (default {port}; 0 picks a free one)").format(
        port=port
    )


def bind_help(*, loopback: str) -> str:
    """The help for ``--bind``: the default ``loopback`` address."""
    return _(
        "the address to listen on (default {loopback}: this machine only; give one the "
        "other machine can reach to play across a network)"
    ).format(loopback=loopback)


def port_help(*, port: int) -> str:
    """The help for ``--port``: its default ``port``."""
    return _("the port to listen on (default {port}; 0 picks a free one)").format(port=port)


def seat_bot_help(*, levels: str) -> str:
    """The help for ``host``/``join`` ``--bot``: the ``levels`` it takes."""
    return _("let the bot play this seat, without a screen: {levels}").format(levels=levels)


def network_name_too_long(*, n: int) -> str:
    """A name longer than the ``n`` characters the server takes."""
    return _("a name is up to {n} printable characters").format(n=n)


def not_a_room_code_flag(*, code: str) -> str:
    """A room code flag that cannot be one."""
    return _("not a room code: {code!r} (8 letters and digits, e.g. ABCD-EFGH)").format(code=code)


def command_interrupted(*, command: str) -> str:
    """A command stopped by Ctrl-C."""
    return _("{command}: interrupted").format(command=command)


def cannot_listen(*, command: str, why: str) -> str:
    """A network command cannot listen on the address given, and why."""
    return _("{command}: cannot listen there: {why}").format(command=command, why=why)


def cannot_serve_browser_seat(*, command: str, why: str) -> str:
    """``spit host --web`` cannot serve the browser seat's page, and why."""
    return _("{command}: cannot serve the browser seat there: {why}").format(
        command=command, why=why
    )


def room_and_command(*, code: str, address: str) -> str:
    """The host's line: the room and the command that joins it."""
    return _("Room {code}. Your friend types: spit join {address} {code}").format(
        code=code, address=address
    )


def room_link(*, link: str) -> str:
    """The host's line: the link that opens the room's second seat in a browser."""
    return _("Or opens in a browser: {link}").format(link=link)


def draw_after(n: int) -> str:
    """A headless seat's result: a draw after ``n`` rounds."""
    return ngettext("A draw after {n} round.", "A draw after {n} rounds.", n).format(n=n)


def won_after(winner: int, n: int, one: int, two: int) -> str:
    """A headless seat's result: who won after ``n`` rounds, and the cards each held."""
    return ngettext(
        "Player {winner} wins after {n} round (cards held: {one}–{two}).",
        "Player {winner} wins after {n} rounds (cards held: {one}–{two}).",
        n,
    ).format(winner=winner, n=n, one=one, two=two)


def server_cannot_listen(*, why: str) -> str:
    """``spit server`` cannot listen on the address given, and why."""
    return _("spit server: cannot listen there: {why}").format(why=why)


def network_problem(what: str) -> str:
    """What is wrong with a network command's flags or its line to the server, by a short id."""
    match what:
        case "server port zero":
            return _("a server's port is from 1 to 65535")
        case "json needs bot":
            return _("--json needs --bot: a game on the screen prints no JSON")
        case "web port needs web":
            return _("--web-port needs --web")
        case "server or bind":
            return _("--bind, --port and --pace start a server here; --server uses a running one")
        case "abandoned":
            return _("The match was abandoned: a player did not come back.")
        case "left":
            return _("The match ended: a player left.")
        case "already over":
            return _("the match is already over")
        case "dropped":
            return _("the connection dropped")
        case "refused":
            return _("connection refused")
        case "no answer":
            return _("no answer")
        case "replaced":
            return _("this seat was taken back by another connection")
    raise ValueError(what)


def not_an_address_at(*, address: str) -> str:
    """A server address that cannot be one."""
    return _("{address} is not an address").format(address=address)


def cannot_reach(*, address: str, why: str) -> str:
    """No spit server answers at ``address``, and why."""
    return _("cannot reach a spit server at {address} ({why})").format(address=address, why=why)


def unreadable_from_server(*, why: str) -> str:
    """The server sent a frame this client cannot read."""
    return _("the server sent something this client cannot read: {why}").format(why=why)


def lost_the_seat(*, why: str) -> str:
    """The server took this seat away, and why."""
    return _("lost the seat: {why}").format(why=why)


def lost_the_server_because(*, address: str, why: str) -> str:
    """The line to the server is gone, and why."""
    return _("lost the server at {address}: {why}").format(address=address, why=why)


def server_stopped(*, address: str) -> str:
    """The server at ``address`` stopped."""
    return _("the server at {address} stopped").format(address=address)


def server_closed(*, why: str) -> str:
    """The server closed the connection, and why."""
    return _("the server closed the connection: {why}").format(why=why)


def lost_the_server(*, address: str) -> str:
    """The line to the server at ``address`` is gone."""
    return _("lost the server at {address}").format(address=address)


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


def key_now(*, key: str) -> str:
    """The key an action has now, on the "press your keys" screen."""
    return _("Its key now: {key}").format(key=key)


def key_kept(*, key: str) -> str:
    """On the "press your keys" screen: a key kept for help, pause and quit."""
    return _("{key} is kept for help, pause and quit").format(key=key)


def key_taken(*, key: str, action: str) -> str:
    """On the "press your keys" screen: a key another action has."""
    return _("{key} is already the key for {action}").format(key=key, action=action)


def press_keys(what: str) -> str:
    """The "press your keys" screen's fixed lines, by a short id."""
    match what:
        case "title":
            return _("Press your keys")
        case "hint":
            return _("Tab: keep the key it has · Esc: cancel, keys as they were")
        case "indistinct":
            return _("that key cannot be told apart; choose another")
    raise ValueError(what)


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


# -- the command line ----------------------------------------------------------------------


def not_a_number(*, text: str) -> str:
    """A number flag's complaint: ``text`` is no number."""
    return _("not a number: {text!r}").format(text=text)


def out_of_range(*, low: float, high: float, text: str) -> str:
    """A seconds flag's complaint: ``text`` lies outside ``low`` to ``high``."""
    return _("must be between {low:g} and {high:g} seconds, not {text}").format(
        low=low, high=high, text=text
    )


def usage_error(*, command: str, problem: str) -> str:
    """A command-line mistake in one line: the command, the problem, where to read more."""
    return _("{command}: {problem} (see '{command} --help')").format(
        command=command, problem=problem
    )


def unrecognized_arguments(*, words: str) -> str:
    """Words a command does not take."""
    return _("unrecognized arguments: {words}").format(words=words)


def config_epilog(*, path: object) -> str:
    """The end of ``spit --help``: what the config file at ``path`` can set."""
    return _(
        "Language, keyboard layout, remapped keys, display and lockout can be set in the "
        "config file "
        "{path} (or the file SPIT_CONFIG names); flags on the command line win over it."
    ).format(path=path)


def lang_option_help(*, codes: str) -> str:
    """The help for ``--lang``: the language ``codes`` it takes."""
    return _(
        "the language to speak: {codes} (default: the config file's, else the environment's)"
    ).format(codes=codes)


def bot_option_help(*, levels: str, adaptive: str) -> str:
    """The help for ``play --bot``: the ladder's ``levels`` and the ``adaptive`` bot."""
    return _(
        "play against the bot at LEVEL: {levels} (weakest first; easy, normal, hard and "
        "expert still work), or {adaptive}, which moves along the ladder to meet you"
    ).format(levels=levels, adaptive=adaptive)


def keys_option_help(*, layouts: str) -> str:
    """The help for ``--keys``: the keyboard ``layouts`` it takes."""
    return _("keyboard layout: {layouts} (default: the config file's, else the language's)").format(
        layouts=layouts
    )


def command_help(what: str) -> str:
    """The command line's help for each command and option, by name: ``play --seed``;
    ``play/`` heads the command's own ``--help``."""
    match what:
        case "spit":
            return _(
                "Spit (Speed, Slam), the real-time card game: two players on one keyboard, "
                "or one against the bot. Without a command, the start menu opens."
            )
        case "--version":
            return _("show the version")
        case "--no-config":
            return _(
                "read no config file: the language's keys and the usual look and names (a "
                "browser seat of spit host --web plays so, not with the host's settings)"
            )
        case "commands":
            return _("commands")
        case "play":
            return _("start a match at once, without the menu")
        case "play/":
            return _("Start a match at once: two players on one keyboard, or one against the bot.")
        case "play --two-player":
            return _("two people, one keyboard: player 1 the left half, player 2 the right half")
        case "play --variant":
            return _(
                "standard (first to hold no cards wins; the default) "
                "or points (to 100, lowest wins)"
            )
        case "play --seed":
            return _("shuffle seed, to replay the same deals")
        case "play --ascii":
            return _("suits as S H D C, for terminals without ♠♥♦♣")
        case "play --four-colour":
            return _("a four-colour deck: each suit its own colour")
        case "play --lockout":
            return _(
                "how long a fumble locks the hand, 0 to 2 seconds (default 0.5; 0 turns it off)"
            )
        case "practice":
            return _("a guided practice round against a bot that waits for you")
        case "practice/":
            return _(
                "A guided practice round: a real deal against a bot that moves only when you "
                "cannot, with each step explained under the table. It is not kept in your history."
            )
        case "simulate":
            return _("play matches bot against bot, headless, and report who wins")
        case "simulate/":
            return _(
                "Play whole matches bot against bot on a virtual clock (no waiting), with the "
                "same engine and bot as the game, and report wins, rounds and speed. The same "
                "arguments always give the same results. Seats alternate every match."
            )
        case "simulate --games":
            return _("matches to play")
        case "simulate --variant":
            return _("standard (first to hold no cards) or points (to 100, lowest wins)")
        case "simulate --seed":
            return _("seed for the deals and the bots' hands (default 1)")
        case "simulate --json":
            return _("print one JSON object on stdout instead of a table")
        case "ladder":
            return _("play every bot level against every other and rate them")
        case "ladder/":
            return _(
                "A round robin of the bot's ladder on the simulator: every level plays every "
                "other, seats alternating; then Elo ratings fitted to all results (Bradley-Terry, "
                "maximum likelihood, 95% intervals), the win rates and each level's figures. "
                "The same arguments always give the same results."
            )
        case "ladder --games":
            return _("matches per pair of levels (default 200)")
        case "ladder --variant":
            return _("standard (first to hold no cards) or points (to 100, lowest wins)")
        case "ladder --seed":
            return _("seed for the deals and the bots' hands (default 1)")
        case "ladder --json":
            return _("print one JSON object on stdout instead of tables")
        case "stats":
            return _("your history: wins by opponent, streaks, fastest round, reactions")
        case "stats/":
            return _(
                "Figures from every match recorded on this machine: matches and wins by opponent "
                "(each bot level, and named people), win streaks, the fastest round and each "
                "player's median reaction over time."
            )
        case "stats --json":
            return _("print one JSON object on stdout instead of tables")
        case "resume":
            return _("go on with a match that did not finish (the newest one, or FILE)")
        case "resume/":
            return _(
                "Go on with a match that did not finish — spit was killed, the terminal closed, "
                "or the match was kept on quitting — exactly where it stopped, paused."
            )
        case "resume FILE":
            return _("a record file (default: the newest unfinished)")
        case "replay":
            return _("play a recorded match back (FILE, or last)")
        case "replay/":
            return _(
                "Play a recorded match back on the table: real speed, faster or slower, pause, "
                "one action forward or back, a jump to a round; with each player's reaction "
                "times, missed plays and lost races."
            )
        case "replay FILE":
            return _("a record file, or last for the newest match (the default)")
        case "server":
            return _("run a game server for any number of rooms, headless")
        case "server/":
            return _(
                "Run a game server: players open rooms on it with 'spit host --server' and join "
                "them with 'spit join'. One log line per room event; Ctrl-C or SIGTERM stops it."
            )
        case "server --grace":
            return _("how long a dropped player's seat is kept before the match is abandoned (60)")
        case "host":
            return _("open a room for a friend to join over the network")
        case "host/":
            return _(
                "Open a room and play seat 1. Without --server a server starts in this process; "
                "the friend joins with the command shown: spit join ADDR:PORT CODE."
            )
        case "host --server":
            return _("open the room on a server already running there")
        case "host --variant":
            return _(
                "standard (first to hold no cards wins; the default) "
                "or points (to 100, lowest wins)"
            )
        case "host --seed":
            return _(
                "shuffle seed, to replay the same deals (the friend is told the deal is seeded)"
            )
        case "host --web":
            return _(
                "also serve the second seat to a web browser: the friend opens the link shown, "
                "with nothing installed"
            )
        case "join":
            return _("join a friend's room over the network")
        case "join/":
            return _("Take seat 2 in the room CODE on the server at ADDR:PORT.")
        case "join ADDR":
            return _("the server")
        case "join CODE":
            return _("the room code, e.g. ABCD-EFGH")
        case "--pace":
            return _("run every room's game clock N times faster (for bot matches and tests)")
        case "--json":
            return _("with --bot: print JSON lines (the room code, then the result) for scripts")
        case "--name":
            return _("your name at the table")
        case "web":
            return _("serve spit to a web browser")
        case "web/":
            return _(
                "Serve spit to web browsers: open the address it prints and the start menu "
                "appears in the page; two players on one keyboard or against the bot, as in the "
                "terminal. Every browser tab gets a table of its own."
            )
    raise ValueError(what)


# -- the simulator and the ladder ----------------------------------------------------------


def not_a_whole_number(*, text: str) -> str:
    """A whole-number flag's complaint: ``text`` is no whole number."""
    return _("not a whole number: {text!r}").format(text=text)


def not_positive(*, value: int) -> str:
    """A count flag's complaint: ``value`` is below 1."""
    return _("must be at least 1, not {value}").format(value=value)


def first_bot_help(*, choices: str) -> str:
    """The help for ``simulate --bot1``: the levels it takes."""
    return _("first bot: {choices}").format(choices=choices)


def second_bot_help(*, choices: str) -> str:
    """The help for ``simulate --bot2``: the levels it takes."""
    return _("second bot: {choices}").format(choices=choices)


def interrupted(what: str) -> str:
    """A headless command stopped by Ctrl-C: ``simulate`` or ``ladder``."""
    match what:
        case "simulate":
            return _("spit simulate: interrupted")
        case "ladder":
            return _("spit ladder: interrupted")
    raise ValueError(what)


def bots_against(*, bot1: str, bot2: str) -> str:
    """The simulator's progress line: which bot plays which."""
    return _("{bot1} vs {bot2}").format(bot1=bot1, bot2=bot2)


def first_bot(*, name: str) -> str:
    """The simulator's first bot and its level ``name``."""
    return _("bot 1 ({name})").format(name=name)


def second_bot(*, name: str) -> str:
    """The simulator's second bot and its level ``name``."""
    return _("bot 2 ({name})").format(name=name)


def simulation_title(*, games: int, variant: str, seed: int) -> str:
    """The simulator's table: how many matches of which variant from which seed."""
    return _("{games} matches, {variant}, seed {seed} (seats alternate)").format(
        games=games, variant=variant, seed=seed
    )


def won_by(*, name: str) -> str:
    """The simulator's row of one bot's wins."""
    return _("won by {name}").format(name=name)


def unfinished(n: int) -> str:
    """Matches the simulator stopped at its caps."""
    return ngettext(
        "{n} match unfinished (round or time cap)", "{n} matches unfinished (round or time cap)", n
    ).format(n=n)


def refusal_share(*, share: str, n: int) -> str:
    """The share of actions refused, and how many were fumbles."""
    return _("{share} ({n:,} fumbles)").format(share=share, n=n)


def matches_per_second(*, n: float) -> str:
    """The simulator's speed in matches."""
    return _("{n:,.1f} matches/s").format(n=n)


def actions_per_second(*, n: float) -> str:
    """The simulator's speed in actions."""
    return _("{n:,.0f} actions/s").format(n=n)


def run_seconds(*, s: float) -> str:
    """How long the run took, in seconds."""
    return _("in {s:.2f} s").format(s=s)


def ladder_title(*, games: int, variant: str, seed: int) -> str:
    """The ladder's table: how many matches a pair, of which variant, from which seed."""
    return _("The ladder: {games} matches a pair, {variant}, seed {seed}").format(
        games=games, variant=variant, seed=seed
    )


def ladder_caption(*, n: int, s: float) -> str:
    """Under the ladder's table: how many matches in how long."""
    return _("{n:,} matches in {s:.1f} s").format(n=n, s=s)


def simulation_label(what: str) -> str:
    """The simulator's and the ladder's fixed labels and column heads."""
    match what:
        case "draws":
            return _("draws")
        case "mean rounds":
            return _("mean rounds per match")
        case "mean match length":
            return _("mean match length (simulated)")
        case "actions":
            return _("actions applied")
        case "refusals":
            return _("refusals")
        case "throughput":
            return _("throughput")
        case "ladder":
            return _("ladder")
        case "level":
            return _("level")
        case "Elo":
            return _("Elo")
        case "interval":
            return _("95% interval")
        case "beats below":
            return _("beats the one below")
        case "median reaction":
            return _("median reaction")
        case "plays/min":
            return _("plays/min")
        case "matrix":
            return _("Matches won by the row's level against the column's")
    raise ValueError(what)


# -- match records and the history ---------------------------------------------------------


def record_problem(what: str) -> str:
    """Why a match record cannot be read, resumed or found, by a short id."""
    match what:
        case "busy":
            return _("this match is being played in another window")
        case "over":
            return _("this match is over — nothing to resume")
        case "nothing to resume":
            return _("no unfinished match to resume")
        case "not made anew":
            return _("it could not be made anew")
        case "not a record":
            return _("not a spit match record")
        case "bad version":
            return _("the record format version is missing or wrong")
        case "bad header":
            return _("the header is incomplete or has a wrong value")
        case "empty":
            return _("empty or cut off before its first line — not a record")
        case "sealed":
            return _("a networked match whose server stopped before its end: its deal stays sealed")
        case "bad value":
            return _("an entry with a missing or wrong value")
        case "cut":
            return _("not a whole entry — the record was cut or edited here")
        case "after the end":
            return _("an entry after the end of the match")
        case "time backwards":
            return _("time goes backwards — the record was edited")
        case "accepted":
            return _("accepted")
        case "wrong result":
            return _("the record's result is not what its actions give — the record was edited")
        case "abandoned after decided":
            return _("a decided match cannot be abandoned")
        case "changed":
            return _("the record changed while reading")
        case "none yet":
            return _("no match has been recorded yet")
        case "no such file":
            return _("no such record file")
        case "no seed":
            return _("This match is not recorded: its deal has no seed.")
    raise ValueError(what)


def history_not_updated(*, error: object) -> str:
    """The history database refused a write."""
    return _("The history could not be updated: {error}").format(error=error)


def history_not_kept(*, path: object, error: object) -> str:
    """The history cannot be opened; the game goes on without it."""
    return _("History is not kept ({path}: {error}); the game plays on without it.").format(
        path=path, error=error
    )


def history_moved_aside(why: str, *, path: object, aside: object) -> str:
    """The history at ``path`` was ``damaged`` or ``foreign`` (not spit's): it was moved to
    ``aside`` and a new one made."""
    if why == "damaged":
        text = _(
            "The history database {path} was damaged; it is kept as {aside} and a new "
            "one was made (spit stats rebuilds it from the records)."
        )
    else:
        text = _("{path} was not spit's history; it is kept as {aside} and a new one was made.")
    return text.format(path=path, aside=aside)


def history_too_new(*, path: object, version: int) -> str:
    """The history was written by a newer spit."""
    return _(
        "History is not kept: {path} is from a newer spit (schema {version}); it is left as it is."
    ).format(path=path, version=version)


def record_too_new(*, version: int, known: int) -> str:
    """A record written by a newer spit than this one."""
    return _(
        "written by a newer spit (record format {version}; this spit reads "
        "format {known} and older) — update spit to read it"
    ).format(version=version, known=known)


def entry_out_of_order(*, found: int, expected: int) -> str:
    """A record's entry in the wrong place."""
    return _(
        "entry {found} where entry {expected} belongs — a line is missing or was moved"
    ).format(found=found, expected=expected)


def table_disagrees(*, got: str, said: str) -> str:
    """Replaying a record, the table answered an action otherwise than the record says."""
    return _("the table says {got} where the record says {said} — the record was edited").format(
        got=got, said=said
    )


def refused_because(*, why: str) -> str:
    """In a record problem: the table refused the action, and the reason's id."""
    return _("refused ({why})").format(why=why)


def not_recorded_any_more(*, error: object) -> str:
    """The record of a match in play cannot be written any more."""
    return _("The match is no longer recorded: {error}").format(error=error)


def not_recorded(*, error: object) -> str:
    """A match that cannot be recorded, and why."""
    return _("This match is not recorded: {error}").format(error=error)


def bot_opponent(level: str) -> str:
    """A bot as an opponent in the history, by its level's id (``hard``)."""
    return _("bot ({level})").format(level=level_name(level))


def seconds_2(*, s: float) -> str:
    """A time in seconds, to a hundredth."""
    return _("{s:.2f} s").format(s=s)


def seconds_1(*, s: float) -> str:
    """A time in seconds, to a tenth."""
    return _("{s:.1f} s").format(s=s)


def unfinished_matches(n: int) -> str:
    """How many matches in the history can be resumed."""
    return ngettext(
        "{n} match unfinished (spit resume)", "{n} matches unfinished (spit resume)", n
    ).format(n=n)


def given_up(n: int) -> str:
    """How many matches in the history were given up."""
    return ngettext("{n} match given up", "{n} matches given up", n).format(n=n)


def unreadable_records(n: int) -> str:
    """How many records could not be read (``spit stats`` lists them in its JSON)."""
    return ngettext("{n} record could not be read", "{n} records could not be read", n).format(n=n)


def stats_label(what: str) -> str:
    """The history's (``spit stats``) titles, column heads and notes, by a short id."""
    match what:
        case "no matches":
            return _("No match played to the end yet: play one with `spit`.")
        case "by opponent":
            return _("Matches by opponent")
        case "player":
            return _("Player")
        case "opponent":
            return _("Opponent")
        case "matches":
            return _("Matches")
        case "won":
            return _("Won")
        case "lost":
            return _("Lost")
        case "drawn":
            return _("Drawn")
        case "players":
            return _("Players")
        case "best streak":
            return _("Best streak")
        case "streak now":
            return _("Streak now")
        case "median reaction":
            return _("Median reaction")
        case "fastest round":
            return _("Fastest round")
        case "reaction chart":
            return _("Median reaction per match (seconds)")
    raise ValueError(what)


# -- the game's dialogs --------------------------------------------------------------------


def terminal_too_small(*, w: int, h: int, now_w: int, now_h: int) -> str:
    """The notice over a terminal smaller than the game needs."""
    return _("Enlarge the terminal to at least {w}×{h}\n(it is {now_w}×{now_h} now)").format(
        w=w, h=h, now_w=now_w, now_h=now_h
    )


def binding(what: str) -> str:
    """A key's name in the footer, by a short id (the keys themselves are the screens')."""
    match what:
        case "resume":
            return _("Resume")
        case "help":
            return _("Help")
        case "quit":
            return _("Quit")
        case "keep playing":
            return _("Keep playing")
        case "give up":
            return _("Give it up")
        case "close help":
            return _("Close help")
        case "rematch":
            return _("Rematch")
        case "menu":
            return _("Menu")
        case "not now":
            return _("Not now")
        case "cancel":
            return _("Cancel")
        case "play pause":
            return _("Play/pause")
        case "step":
            return _("Step")
        case "step back":
            return _("Step back")
        case "faster":
            return _("Faster")
        case "slower":
            return _("Slower")
        case "next round":
            return _("Next round")
        case "previous round":
            return _("Previous round")
        case "pause":
            return _("Pause")
        case "go on":
            return _("Go on")
        case "leave the practice":
            return _("Leave the practice")
        case "practise":
            return _("Practise")
        case "practice":
            return _("Practice")
    raise ValueError(what)


def dialog_text(what: str) -> str:
    """A dialog's own lines, by a short id; ``… in a browser`` where the browser takes F1 and
    Ctrl+Q."""
    match what:
        case "paused":
            return _("Paused")
        case "pause keys in a browser":
            return _("Esc: resume  ·  H: help  ·  Q: quit")
        case "pause keys":
            return _("Esc: resume  ·  F1: help  ·  Ctrl+Q: quit")
        case "quit or keep in a browser":
            return _(
                "Quit this match?\nQ: quit and keep it for later (spit resume)\n"
                "Ctrl+D: quit and give it up · Esc: keep playing"
            )
        case "quit or keep":
            return _(
                "Quit this match?\nCtrl+Q: quit and keep it for later (spit resume)\n"
                "Ctrl+D: quit and give it up · Esc: keep playing"
            )
        case "quit in a browser":
            return _("Quit this match?\nQ: quit · Esc: keep playing")
        case "quit":
            return _("Quit this match?\nCtrl+Q: quit · Esc: keep playing")
        case "help title":
            return _("Spit — help (Esc or F1 to close)")
        case "help against the bot":
            return _("Against the bot both halves of the keyboard are yours.")
        case "help in a browser":
            return _(
                "In a browser, F1 and Ctrl+Q may belong to the browser (Ctrl+Q closes "
                "Firefox on Linux): press Esc, then H for this help or Q to quit."
            )
        case "resume keys":
            return _("Enter: resume · Ctrl+D: give it up · Esc: not now")
    raise ValueError(what)


def button(what: str) -> str:
    """A dialog's button with its key, by a short id; ``… in a browser`` where the browser
    takes Ctrl+Q."""
    match what:
        case "keep in a browser":
            return _("Keep it (Q)")
        case "keep":
            return _("Keep it (Ctrl+Q)")
        case "give up":
            return _("Give up (Ctrl+D)")
        case "play on":
            return _("Play on (Esc)")
        case "quit in a browser":
            return _("Quit (Q)")
        case "quit":
            return _("Quit (Ctrl+Q)")
        case "keep playing":
            return _("Keep playing (Esc)")
        case "rematch":
            return _("Rematch (Ctrl+R)")
        case "menu":
            return _("Menu (Esc)")
        case "resume":
            return _("Resume (Enter)")
        case "not now":
            return _("Not now (Esc)")
        case "keep names":
            return _("Keep (Enter)")
        case "cancel":
            return _("Cancel (Esc)")
        case "host":
            return _("Host (Enter)")
        case "join":
            return _("Join (Enter)")
    raise ValueError(what)


def keys_row(what: str) -> str:
    """The help's table of keys: what a row of keys does, by row."""
    match what:
        case "left":
            return _("onto the left pile (slap left)")
        case "right":
            return _("onto the right pile (slap right)")
        case "fill":
            return _("into an empty slot")
        case "stock":
            return _("stock")
        case "spit":
            return _("spit / ready")
    raise ValueError(what)


def match_figure(what: str) -> str:
    """The match-over screen's rows and its line on how the match ended, by a short id."""
    match what:
        case "points":
            return _("points (lowest wins)")
        case "held":
            return _("cards held at the end")
        case "played":
            return _("cards played")
        case "median reaction":
            return _("median reaction")
        case "plays a minute":
            return _("plays a minute")
        case "total reached 100":
            return _("a total reached 100")
        case "lower total wins":
            return _("a player held no cards, the lower total wins")
        case "no cards":
            return _("won by holding no cards")
    raise ValueError(what)


def player_cards(name: str, n: int) -> str:
    """A player and how many cards they hold, in the resume offer."""
    return ngettext("{name} {n} card", "{name} {n} cards", n).format(name=name, n=n)


def round_number(n: int) -> str:
    """Which round a match is in."""
    return _("Round {n}").format(n=n)


def resume_question(*, when: str) -> str:
    """The resume offer's question: the match from ``when``."""
    return _("Resume the match from {when}?").format(when=when)


def rules_in_brief() -> tuple[str, ...]:
    """The rules in brief, translated, for the help screen; docs/rules.md has them in full."""
    return (
        _("Get rid of all your cards: five stocks, top card up, and your spit cards."),
        _(
            "Both press SPIT: each turns a spit card onto their own pile (player 1 left, "
            "player 2 right)."
        ),
        _(
            "Then play at once, no turns: a top card goes on a spit pile one rank up or down, any "
            "suit; an Ace sits between King and 2."
        ),
        _(
            "An empty slot? Fill it from a stock to turn up the card beneath. Nobody can "
            "move: both press SPIT."
        ),
        _(
            "Someone played all their stocks: SLAP the smaller pile! The first slap takes it, the "
            "other player gets the other one."
        ),
        _(
            "15 cards or fewer: no spit cards for you, so one spit pile, which both pile keys "
            "play on. Go out first and you hold nothing."
        ),
        _("A wrong card locks your hand for a moment; a lost race does not."),
        _(
            "Standard: the first to end a round holding no cards wins. Points: a point per card "
            "held after each round; at 100 the lowest total wins."
        ),
    )


def name_too_long(*, n: int) -> str:
    """A name longer than the ``n`` characters a name may have."""
    return _("A name is up to {n} letters, digits or spaces.").format(n=n)


def names_dialog(what: str) -> str:
    """The names dialog's lines, by a short id."""
    match what:
        case "title":
            return _("Your names, kept with every match you play (blank: the default)")
        case "player 1":
            return _("Player 1 (the left half; you, against the bot)")
        case "player 2":
            return _("Player 2 (the right half)")
    raise ValueError(what)


def keys_do_not_fit(*, layout: str, error: str) -> str:
    """The config's remapped keys clash with a keyboard layout."""
    return _("Your remapped keys do not fit {layout}: {error}").format(layout=layout, error=error)


def crash_log_at(*, path: str) -> str:
    """Where the crash's details were written."""
    return _("the details are in {path}").format(path=path)


def crashed(*, error: str, where: str) -> str:
    """The line left in the terminal after a crash."""
    return _("spit: the game crashed ({error}); {where}").format(error=error, where=where)


def app_notice(what: str) -> str:
    """The app's own notices, by a short id."""
    match what:
        case "no bot, choose":
            return _("The bot is not installed; choose two players.")
        case "no bot, cannot go on":
            return _("The bot is not installed; this match cannot go on.")
        case "no crash log":
            return _("no log could be written")
        case "unexpected error":
            return _("an unexpected error")
    raise ValueError(what)


# -- the config file -----------------------------------------------------------------------


def in_layout(*, problem: str, preset: str) -> str:
    """A key binding's problem that shows only with another keyboard ``preset``."""
    return _("{problem} in the {preset} layout").format(problem=problem, preset=preset)


def cannot_read(*, reason: object) -> str:
    """The config file cannot be read, and the system's reason."""
    return _("cannot read it: {reason}").format(reason=reason)


def not_a_regular_file(*, what: str) -> str:
    """The config path names something else: ``what`` (see :func:`file_kind`)."""
    return _("not a regular file but {what}").format(what=what)


def config_too_large(*, size: int, limit: int) -> str:
    """The config file is larger than any config needs."""
    return _("too large ({size} MiB; a config file is at most {limit} MiB)").format(
        size=size, limit=limit
    )


def not_toml(*, error: object) -> str:
    """The config file is no TOML: the parser's words."""
    return _("not valid TOML: {error}").format(error=error)


def unknown_language(*, name: str, choices: str) -> str:
    """A config's language that spit does not speak."""
    return _("unknown language {name!r} (choose from {choices})").format(name=name, choices=choices)


def unknown_layout(*, name: str, choices: str) -> str:
    """A keyboard layout that spit has no preset for."""
    return _("unknown keyboard layout {name!r} (choose from {choices})").format(
        name=name, choices=choices
    )


def not_a_key_name(*, value: str) -> str:
    """A key binding that is no key name in quotes."""
    return _("must be a key name in quotes, not {value}").format(value=value)


def seconds_out_of_range(*, low: float, high: float, value: str) -> str:
    """The config's lockout outside ``low`` to ``high`` seconds."""
    return _("must be between {low:g} and {high:g} seconds, not {value}").format(
        low=low, high=high, value=value
    )


def unknown_choice(*, name: str, choices: str) -> str:
    """A config choice that is none of ``choices``."""
    return _("unknown choice {name!r} (choose from {choices})").format(name=name, choices=choices)


def bad_name(*, n: int, value: str) -> str:
    """A player's name that is empty, too long or unprintable."""
    return _("a name is 1 to {n} letters, digits or spaces, not {value}").format(n=n, value=value)


def expected_one_of(*, what: str, allowed: str) -> str:
    """An unknown table or setting, and the ones allowed there."""
    return _("{what} (expected {allowed})").format(what=what, allowed=allowed)


def not_a_table(*, value: str) -> str:
    """A config entry that must be a table."""
    return _("must be a table, not {value}").format(value=value)


def must_be(*, expected: str, value: str) -> str:
    """A config entry of the wrong kind: what it must be, what it is."""
    return _("must be {expected}, not {value}").format(expected=expected, value=value)


def config_entry_error(*, path: object, entry: str, problem: str) -> str:
    """A config file's problem at one entry."""
    return _("config error in {path}: {entry}: {problem}").format(
        path=path, entry=entry, problem=problem
    )


def config_error(*, path: object, problem: str) -> str:
    """A config file's problem."""
    return _("config error in {path}: {problem}").format(path=path, problem=problem)


def cannot_save(*, reason: object) -> str:
    """The menu's choices cannot be written to the config file."""
    return _("cannot save the menu's choices: {reason}").format(reason=reason)


def config_problem(what: str) -> str:
    """What is wrong with the config file, by a short id."""
    match what:
        case "no such file":
            return _(
                "no such file (SPIT_CONFIG names it; unset SPIT_CONFIG to use the usual "
                "config file)"
            )
        case "not utf-8":
            return _("not UTF-8 text")
        case "too deep":
            return _("not valid TOML: nested too deeply")
        case "unknown table":
            return _("unknown table")
        case "unknown setting":
            return _("unknown setting")
        case "the file":
            return _("the config file")
    raise ValueError(what)


def file_kind(what: str) -> str:
    """What a path names, when it is no regular file, by a short id."""
    match what:
        case "directory":
            return _("a directory")
        case "named pipe":
            return _("a named pipe")
        case "character device":
            return _("a character device")
        case "block device":
            return _("a block device")
        case "socket":
            return _("a socket")
        case "not a file":
            return _("not a file")
    raise ValueError(what)


def expected(what: str) -> str:
    """What a config entry must be, by a short id: "must be {expected}"."""
    match what:
        case "string":
            return _("a string")
        case "number":
            return _("a number")
        case "true or false":
            return _("true or false")
        case "name":
            return _("a name in quotes")
        case "table":
            return _("a table")
        case "list":
            return _("a list")
    raise ValueError(what)


def key_combination(*, key: str) -> str:
    """A binding to a key combination, which no action can take."""
    return _("{key!r} is a key combination; bind a single key").format(key=key)


def unknown_key(*, key: str) -> str:
    """A binding to a key name Textual never reports."""
    return _("unknown key name {key!r}").format(key=key)


def reserved_key(*, key: str) -> str:
    """A binding to a key that help, pause, quit or focus keep."""
    return _("{key!r} is reserved for help, pause, quit and focus").format(key=key)


def key_taken_by_id(*, key: str, other: str) -> str:
    """A binding to a key another action (``other``, its id) has."""
    return _("{key!r} is already the key for {other}").format(key=key, other=other)


def binding_problem(what: str) -> str:
    """What is wrong with a key binding in the config file, by a short id."""
    match what:
        case "no such action":
            return _(
                "no such action (action ids look like p1.stock3.left, p2.stock1.fill, p1.spit)"
            )
    raise ValueError(what)


# -- a replay ------------------------------------------------------------------------------


def reaction_figures(*, median: float, last: float) -> str:
    """A player's reactions in a replay so far: the median and the last."""
    return _("reaction {median:.2f} s median, {last:.2f} s last").format(median=median, last=last)


def races_lost(*, n: int) -> str:
    """How many races a player lost so far in a replay."""
    return _("races lost {n}").format(n=n)


def races_lost_by(*, races: str, seconds: float) -> str:
    """The races lost and by how much the last one was."""
    return _("{races} (by {seconds:.2f} s)").format(races=races, seconds=seconds)


def missed(*, n: int) -> str:
    """How many plays a player missed so far in a replay."""
    return _("missed {n}").format(n=n)


def replay_status(
    *, n: int, total: int, time: str, round: int, rounds: int, speed: float, state: str
) -> str:
    """The replay's status line: where in the record, at what speed, playing or not."""
    return _(
        "Replay · action {n}/{total} · {time} · round {round}/{rounds} · ×{speed:g} · {state}"
    ).format(n=n, total=total, time=time, round=round, rounds=rounds, speed=speed, state=state)


def replay_text(what: str) -> str:
    """The replay's fixed words, by a short id."""
    match what:
        case "no card yet":
            return _("no card played yet")
        case "the end":
            return _("the end — Space: from the start")
        case "playing":
            return _("playing")
        case "stopped":
            return _("stopped")
        case "keys":
            return _("Space play/stop · ← → step · ↑ ↓ speed · PgUp PgDn 1–9 round · Ctrl+Q quit")
    raise ValueError(what)


# -- the start menu ------------------------------------------------------------------------


def menu_label(what: str) -> str:
    """The start menu's words (its boxes, choices, buttons and keys), by a short id."""
    match what:
        case "start":
            return _("Start")
        case "names":
            return _("Names")
        case "keys":
            return _("Keys")
        case "host a game":
            return _("Host a game")
        case "join a game":
            return _("Join a game")
        case "tagline":
            return _("the card game of speed — two players on one keyboard, or you against the bot")
        case "players":
            return _("Players")
        case "two players":
            return _("Two players")
        case "against the bot":
            return _("Against the bot")
        case "against the bot (not available)":
            return _("Against the bot (not available)")
        case "bot level":
            return _("Bot level")
        case "game":
            return _("Game")
        case "standard":
            return _("Standard")
        case "points":
            return _("Points (to 100)")
        case "keyboard":
            return _("Keyboard")
        case "language":
            return _("Language")
        case "display":
            return _("Display")
        case "ascii":
            return _("ASCII")
        case "4 colours":
            return _("4 colours")
        case "hints":
            return _("Hints")
        case "host":
            return _("Host")
        case "join":
            return _("Join")
        case "quit":
            return _("Quit")
        case "hint in a browser":
            return _(
                "Tab: next · arrows and Enter: choose · ?: help\n"
                "S: start · H: host · J: join · N: names · K: keys"
            )
        case "hint":
            return _(
                "Tab: next · arrows and Enter: choose · F1: help\n"
                "S: start · H: host · J: join · N: names · K: keys"
            )
    raise ValueError(what)


def network_dialog(what: str) -> str:
    """The Host and Join dialogs' lines, by a short id."""
    match what:
        case "host title":
            return _("Host a game: you play player 1, your friend joins with a code.")
        case "listen on":
            return _("Listen on (ADDR:PORT)")
        case "listen hint":
            return _("127.0.0.1: this machine only; 0.0.0.0: another machine may join too.")
        case "server":
            return _("Or open the room on a server already running (ADDR:PORT):")
        case "server placeholder":
            return _("blank: run a server here")
        case "join title":
            return _("Join a game: type what your friend's screen shows.")
        case "join server":
            return _("Server (ADDR:PORT)")
        case "room code":
            return _("Room code")
    raise ValueError(what)


def not_an_address(text: str) -> str:
    """A server address that cannot be read."""
    return _("Not an address: {text!r} — write it as ADDR:PORT.").format(text=text.strip())


def not_a_room_code(text: str) -> str:
    """A room code that cannot be one."""
    return _("Not a room code: {text!r} — 8 letters and digits, like ABCD-EFGH.").format(
        text=text.strip()
    )


# -- spit in a browser ---------------------------------------------------------------------


def web_port_out_of_range(*, value: int) -> str:
    """The web port flag's complaint: ``value`` is outside 0 to 65535."""
    return _("must be between 0 and 65535, not {value}").format(value=value)


def tables_out_of_range(*, value: int) -> str:
    """The tables flag's complaint: ``value`` is outside 1 to 100."""
    return _("must be between 1 and 100, not {value}").format(value=value)


def web_bind_help(*, default: str) -> str:
    """The help for ``web --bind``: the ``default`` address."""
    return _(
        "the address to listen on (default {default}: this machine only; give this "
        "machine's network address to let others in)"
    ).format(default=default)


def web_port_help_default(*, default: int) -> str:
    """The help for ``web --port``: its ``default``."""
    return _("the port to listen on (default {default}; 0 picks a free one)").format(
        default=default
    )


def web_tables_help(*, default: int) -> str:
    """The help for ``web --tables``: its ``default``."""
    return _("how many browser tabs may play at once (default {default})").format(default=default)


def served_at(*, address: str) -> str:
    """``spit web``'s line: where the game is served."""
    return _("Spit is served at {address} — open it in a browser. Ctrl+C stops.").format(
        address=address
    )


def cannot_serve(*, bind: str, port: int, reason: str) -> str:
    """``spit web`` cannot serve on that address, and why."""
    return _("cannot serve on {bind} port {port}: {reason}").format(
        bind=bind, port=port, reason=reason
    )


def room_title(*, code: str) -> str:
    """The browser seat's page title: the room."""
    return _("Spit — room {code}").format(code=code)


def web_page(what: str) -> str:
    """The browser pages' words, by a short id."""
    match what:
        case "no such room":
            return _("No such room.")
        case "room link hint":
            return _("Open the link with the room code that the host gave you.")
        case "seat ended":
            return _("This game has ended, or another tab took the seat over.")
        case "open again":
            return _("Open the seat again")
        case "dealing":
            return _("Dealing the cards…")
        case "ended":
            return _("This game has ended.")
        case "play again":
            return _("Play again")
        case "needs javascript":
            return _("Spit in the browser needs JavaScript.")
    raise ValueError(what)


def tables_taken(n: int) -> str:
    """``spit web`` turns a tab away: all ``n`` tables are in use."""
    return ngettext(
        "The only table is taken; try again in a moment.",
        "All {n} tables are taken; try again in a moment.",
        n,
    ).format(n=n)


# -- the practice round ------------------------------------------------------------------


def practice_step(step: int | None, steps: int) -> str:
    """The practice panel's heading: which step of how many (None once all are done)."""
    if step is None:
        return _("Practice")
    return _("Practice {n}/{total}").format(n=step, total=steps)


def practice_stocks(spit_cards: int, go_on: str) -> str:
    """Step 1: the player's stocks, their face-up cards and the spit cards."""
    return _(
        "Down here are your five stocks, of 1 to 5 cards. The top card of each lies face up, "
        "the rest face down (+3: three cards under it). Your {n} spit cards lie face down by "
        "the left pile. {key}: go on."
    ).format(n=spit_cards, key=go_on)


def practice_keys(left: str, right: str, fill: str, spit: str) -> str:
    """Step 2: the keys under each stock, and the first SPIT."""
    return _(
        "Each stock's keys stand under it: the top one ({left} for stock 1) plays it onto the "
        "left pile, the middle one ({right}) onto the right pile, the bottom one ({fill}) into "
        "an empty slot. Now press SPIT ({spit}) to turn up your first spit card."
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
        "is empty, a bottom-row key moves a card there from a taller stock."
    )


def practice_stuck(spit: str) -> str:
    """Step 5: nobody can play, so both spit again."""
    return _(
        "Nobody can play a card or fill a slot: the table is stuck. Press SPIT ({spit}): you "
        "and the bot each turn a new spit card onto your own pile, and play goes on."
    ).format(spit=spit)


def practice_slap(went_out: int | None, sizes: tuple[int, int], left: str, right: str) -> str:
    """Step 6: the round is over; slap the smaller pile, and with which keys."""
    if went_out == 0:
        why = _("You went out: the round is over.")
    elif went_out == 1:
        why = _("The bot went out: the round is over.")
    else:
        why = _("Nobody can move and no spit cards are left: the round is over.")
    what = _(
        "Slap the smaller pile, as you take the pile you slap: a top-row key ({left}) slaps "
        "the left pile ({left_cards}), a middle-row key ({right}) the right ({right_cards})."
    ).format(left=left, right=right, left_cards=cards(sizes[0]), right_cards=cards(sizes[1]))
    return why + " " + what


def practice_next(took: int | None, held: tuple[int, int], spit: str, go_on: str) -> str:
    """Step 7: what the round left each player with, and what comes next."""
    if took == 0:
        mine = _("You took the left pile: you hold {you} now, the bot {bot}.")
    elif took == 1:
        mine = _("You took the right pile: you hold {you} now, the bot {bot}.")
    else:
        mine = _("You took nothing from the centre: you hold {you} now, the bot {bot}.")
    then = _(
        "They are laid out again for the next round. The first to end a round holding no "
        "cards wins. SPIT ({spit}): play on · {key}: end the practice."
    ).format(spit=spit, key=go_on)
    return mine.format(you=cards(held[0]), bot=cards(held[1])) + " " + then


def practice_free() -> str:
    """After the steps: the practice match goes on as long as the player likes."""
    return _("Play on as long as you like: Esc pauses, and the pause can end the practice.")


def practice_leave(*, web: bool) -> tuple[str, str]:
    """The practice's pause: the line that says how to leave, and the button's label. In a
    browser, which keeps Ctrl+L for its address bar, L leaves."""
    if web:
        return _("L: leave the practice"), _("Leave (L)")
    return _("Ctrl+L: leave the practice"), _("Leave (Ctrl+L)")


def practice_offer() -> tuple[str, str, str, str]:
    """The offer at the very first start: the question, its keys, and the two buttons."""
    return (
        _(
            "New to Spit? A practice round against a patient bot shows you the table "
            "and the keys, step by step."
        ),
        _("Enter: practise · Esc: not now (P in the menu practises later)"),
        _("Practise (Enter)"),
        _("Not now (Esc)"),
    )


def practice_choice() -> str:
    """The practice among the menu's players, with its key."""
    return _("Guided practice (P)")


def practice_wait(go_on: str) -> str:
    """A game key pressed while a step is still to be read."""
    return _("Read, then {key}: go on").format(key=go_on)


def either_key(first: str, second: str) -> str:
    """Two keys that do the same: ``W or U``."""
    return _("{first} or {second}").format(first=first, second=second)
