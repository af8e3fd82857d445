"""Names for the things on the table: cards, players, piles, keys, bot levels."""

from __future__ import annotations

from spit.engine import Card, Rank
from spit.i18n import _, pgettext
from spit.settings.keymap import KeyMap, cell_width, named_character
from spit.words.numbers import Number

Names = tuple[str, str]
"""The two players' names as the table shows them, player 1 first."""


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
        "practice": _("patient"),
        "easy": _("easy"),
        "normal": _("normal"),
        "hard": _("hard"),
        "expert": _("expert"),
        "random": pgettext("bot level: plays any legal move", "random"),
    }
    return names.get(level, level)


def level_label(level: str, seconds: float) -> str:
    """A bot level as the menu offers it: its name and how quick its hand is."""
    return _("{level} · {seconds:.1f} s").format(level=level_name(level), seconds=Number(seconds))


def adaptive_label() -> str:
    """The adaptive bot as the menu offers it."""
    return _("adaptive · meets you")


KEY_SYMBOLS = {
    "space": "␣",
    "enter": "↵",
    "backspace": "⌫",
    "delete": "⌦",
    "insert": "⎀",
    "home": "⇱",
    "end": "⇲",
    "pageup": "⇞",
    "pagedown": "⇟",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
}
"""The named keys as symbols: no language cuts a symbol to fit three columns."""


def key_name(key: str, *, ascii: bool = False) -> str | None:
    """A named key (Textual's ``space``, ``pageup``…) as a legend prints it; None for others.

    Keys with a word of their own on every keycap (Space, Enter, Backspace, PgUp, PgDn) are
    that word; the others are their symbol, or with ``ascii`` a word.
    """
    names = {
        "space": _("Space"),
        "enter": _("Enter"),
        "backspace": _("Backspace"),
        "pageup": _("PgUp"),
        "pagedown": _("PgDn"),
    }
    if ascii:
        names |= {
            "up": _("Up"),
            "down": _("Down"),
            "left": _("Left"),
            "right": _("Right"),
            "delete": _("Del"),
            "insert": _("Ins"),
            "home": _("Home"),
            "end": _("End"),
        }
    return names.get(key) or KEY_SYMBOLS.get(key)


KEY_ABBREVIATION_CELLS = 3
"""The widest a key's short name may be: three keys and two spaces under an 11-column stock."""


def key_abbreviation(key: str, *, ascii: bool = False) -> str | None:
    """A named key in at most three cells, for the hints under the stocks: its symbol, or with
    ``ascii`` a word of at most three letters; None for others."""
    if not ascii:
        return KEY_SYMBOLS.get(key)
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
        # ASCII's own arrows: no word to cut.
        "up": "^",
        "down": "v",
        "left": "<",
        "right": ">",
    }
    return names.get(key)


def key_label(key: str, *, short: bool = False, ascii: bool = False) -> str:
    """How to print a Textual key name: ``"q"``, ``","``, ``"Space"``, ``"F5"``.

    ``short`` keeps it to three columns (``"␣"``), for the hints under the stocks, where
    three keys share a stock's width; ``ascii`` spells the symbols out.
    """
    name = key_abbreviation(key, ascii=ascii) if short else None
    if name is None:
        name = key_name(key, ascii=ascii)
    if name is not None:
        if short:  # a translation longer than asked for must not break the columns
            return _cells(name, KEY_ABBREVIATION_CELLS)
        return name
    if key.startswith("f") and key[1:].isdigit():
        return key.upper()
    if len(key) == 1:
        return key
    return named_character(key) or key


def control_label(
    keymap: KeyMap, control_id: str, *, short: bool = False, ascii: bool = False
) -> str:
    """How to print an action's key: ``"q"``, ``","``, ``"Space"`` (``"␣"`` if short)."""
    return key_label(keymap.key(control_id), short=short, ascii=ascii)


def _cells(text: str, width: int) -> str:
    """``text`` cut to at most ``width`` terminal columns (a wide character counts two)."""
    out = ""
    for character in text:
        if cell_width(out + character) > width:
            break
        out += character
    return out


def preset_name(preset: str) -> str:
    """A keyboard preset as the menu offers it."""
    names = {
        "qwerty": "QWERTY",  # the letters on the keys: the same in every language
        "qwertz": "QWERTZ",
        "azerty": "AZERTY",
        "greek": _("Greek"),
        "georgian": _("Georgian"),
        "latvian": _("Latvian"),
        # The older Latvian standard layout, named by its top row as Latvian typists call it.
        "latvian-ergonomic": _("Latvian (ŪGJRMV)"),
    }
    return names.get(preset, preset)


def ready(tick: str, *, bot: bool = False) -> str:
    """The word "ready" with its mark (none in ASCII), said of a player or of the bot (Greek
    says έτοιμος of a player, έτοιμο of the bot)."""
    word = pgettext("said of the bot", "ready") if bot else pgettext("said of a player", "ready")
    return f"{word} {tick}".rstrip()


def variant_name(variant: str) -> str:
    """A variant (the command line's ``standard`` or ``points``) in the player's words."""
    names = {"standard": pgettext("variant", "standard"), "points": pgettext("variant", "points")}
    return names.get(variant, variant)
