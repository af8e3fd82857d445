"""Keyboard maps: which key plays which stock for which player, per keyboard layout.

Two people share one keyboard, so each player gets one half of it: player 1 the left half,
player 2 the right half. Each half has three rows of five keys (one key per stock, left to
right as the stocks are drawn on screen) and a spit key:

- the top row plays that stock onto the left spit pile (and slaps the left pile),
- the home row plays it onto the right spit pile (and slaps the right pile),
- the bottom row moves that stock's top card into an empty slot.

A key maps straight to the engine's :data:`~spit.engine.Press` for the key's own player; the
config file names each key by a stable control id (``p1.stock3.left``, ``p1.spit``).
Keys are Textual key names, as ``events.Key.key`` holds them: letters are themselves
(``"q"``, ``"ö"``), punctuation has a name (``"comma"``, ``"semicolon"``, ``"full_stop"``).
The module imports nothing from Textual, so the command line can check a key map quickly.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Mapping
from enum import Enum
from functools import cache
from typing import Final

from spit.engine import PLAYERS, STOCKS, FillPress, PilePress, Press, SpitPress
from spit.settings.layouts import ALTGR, BASE, SHIFT, TYPED

PILE_ROWS: Final = ("left", "right")
"""A pile key's row in a control id, by the pile it aims at: the top row the left pile."""


def _presses_of(player: int) -> tuple[Press, ...]:
    """One player's 16 keys: the left row, the right row, the fill row, then spit."""
    piles = (PilePress(player, stock, pile) for pile in (0, 1) for stock in range(STOCKS))
    return (*piles, *(FillPress(player, stock) for stock in range(STOCKS)), SpitPress(player))


PRESSES: Final[tuple[Press, ...]] = tuple(p for player in PLAYERS for p in _presses_of(player))
"""What each of the 32 keys presses: per player, the left, right and fill rows, then spit."""


def control_id(press: Press) -> str:
    """The stable id the config file names a key by: ``p1.stock3.left``, ``p1.spit``."""
    if isinstance(press, SpitPress):
        return f"p{press.player + 1}.spit"
    row = PILE_ROWS[press.pile] if isinstance(press, PilePress) else "fill"
    return f"p{press.player + 1}.stock{press.stock + 1}.{row}"


_PRESS_BY_ID: Final = {control_id(press): press for press in PRESSES}


def press_of(control_id: str) -> Press | None:
    """The press a control id names, for the key's own player; None for no such id."""
    return _PRESS_BY_ID.get(control_id)


_IDS: Final = tuple(_PRESS_BY_ID)
"""The 32 control ids, in the order of ``PRESSES``."""

RESERVED_KEYS: Final = frozenset({"f1", "escape", "ctrl+q", "ctrl+c", "tab", "shift+tab"})
"""Keys the app keeps for itself (help, pause, quit, focus); never bindable to a control."""

PRESET_OF_LANGUAGE: Final = {
    "en": "qwerty",
    "de": "qwertz",
    "el": "greek",
    "ka": "georgian",
    "lv": "latvian",
}
"""The preset a language's players type on, used when no preset is chosen."""


def _half(left: str, right: str, fill: str, spit: str) -> tuple[str, ...]:
    """One player's 16 keys, in the order of that player's presses in ``PRESSES``."""
    return (*left.split(), *right.split(), *fill.split(), spit)


_PRESETS: Final[dict[str, tuple[str, ...]]] = {
    "qwerty": (
        *_half("q w e r t", "a s d f g", "z x c v b", "space"),
        *_half("y u i o p", "h j k l semicolon", "n m comma full_stop slash", "enter"),
    ),
    # German: y and z swap places, and the key right of l types ö.
    "qwertz": (
        *_half("q w e r t", "a s d f g", "y x c v b", "space"),
        *_half("z u i o p", "h j k l ö", "n m comma full_stop minus", "enter"),
    ),
    # French: a/q and z/w swap, m sits right of l, and the bottom row ends in , ; : !
    "azerty": (
        *_half("a z e r t", "q s d f g", "w x c v b", "space"),
        *_half("y u i o p", "h j k l m", "n comma semicolon colon exclamation_mark", "enter"),
    ),
}
"""Each preset's keys, one per press, in the order of ``PRESSES``."""


_QWERTY_POSITIONS: Final = (
    *_half(
        "AD01 AD02 AD03 AD04 AD05", "AC01 AC02 AC03 AC04 AC05", "AB01 AB02 AB03 AB04 AB05", "SPCE"
    ),
    *_half(
        "AD06 AD07 AD08 AD09 AD10", "AC06 AC07 AC08 AC09 AC10", "AB06 AB07 AB08 AB09 AB10", "RTRN"
    ),
)
"""The key positions (xkb names) of the qwerty preset, one per press."""

_POSITIONS: Final[dict[str, tuple[str, ...]]] = {
    # The Greek layout's key right of L (AC10) is a dead key (the accents ´ ¨): it types
    # nothing on its own, so player 2's fifth right-pile key moves one key right, to '.
    # The Greek layout types ; at Latin q's place (AD01): ; is player 1's key there.
    "greek": tuple("AC11" if p == "AC10" else p for p in _QWERTY_POSITIONS),
    "georgian": _QWERTY_POSITIONS,
    "latvian": _QWERTY_POSITIONS,
    # The ergonomic layout (ŪGJRMV) types other Latin letters than QWERTY at most places, so
    # its keys are named by what it types there (ū g j r m at q w e r t), not by the Latin
    # letter printed on the key; its 30 characters are distinct.
    "latvian-ergonomic": _QWERTY_POSITIONS,
}
"""The position-based presets: each press's key position on the keyboard."""

PRESET_NAMES: Final[tuple[str, ...]] = (*_PRESETS, *_POSITIONS)
"""The keyboard layouts with a ready-made key map; qwerty is the default."""

_NAMED_BY_LAYOUT: Final = frozenset({"latvian-ergonomic"})
"""Position presets whose keys are the layout's own characters, not the US letters there."""

_WITH_ALTGR: Final = frozenset({"latvian", "latvian-ergonomic"})
"""Position presets whose AltGr letters play too (Latvian types its letters with marks there)."""

_PLACED_LAYOUTS: Final = ("greek", "georgian", "latvian")
"""The layouts :func:`same_place` follows: their letters sit where the Latin ones do. The
ergonomic Latvian layout types Latin letters at other Latin letters' places, so there a
menu letter works by its name, not by place."""


def _position_preset(name: str) -> tuple[tuple[str, ...], dict[str, str], frozenset[str]]:
    """A position-based preset's keys (one per press), its layout's own characters (key ->
    control id), and which of those are Shift's.

    The key is what the US layout types at the position (the layout's own character for
    ``latvian-ergonomic``). The layout's characters there are other names for the same key:
    its level 1, its AltGr letters for Latvian (ā at a, š at s…), and the letters Shift types
    that are not a case of the key's own (Georgian ჭ on w). A character two keys would share
    is left out: it must do nothing rather than guess.
    """
    positions = _POSITIONS[name]
    named_by = BASE[name] if name in _NAMED_BY_LAYOUT else BASE["us"]
    keys = tuple(_position_key(named_by, position) for position in positions)
    taken = set(keys)
    aliases: dict[str, str] = {}

    def claim(chars_at: Callable[[str], Iterable[str | None]], *, shifted: bool) -> set[str]:
        claims: dict[str, set[str]] = {}
        for control, position in zip(_IDS, positions, strict=True):
            for char in chars_at(position):
                # Letters, and the Greek layout's ; at q's place; not a dead key.
                if char is None or not (char.isalpha() or (char == ";" and not shifted)):
                    continue
                if shifted and (character_key(char) in taken or char.lower() in taken):
                    continue  # another key's letter, or a case of one: folding decides
                key = character_key(char)
                if key not in taken:
                    claims.setdefault(key, set()).add(control)
        claimed = {key for key, ids in claims.items() if len(ids) == 1}
        aliases.update((key, next(iter(claims[key]))) for key in claimed)
        taken.update(claimed)
        return claimed

    claim(
        lambda p: (BASE[name].get(p), ALTGR[name].get(p) if name in _WITH_ALTGR else None),
        shifted=False,
    )
    shifted = claim(lambda p: (SHIFT[name].get(p),), shifted=True)
    return keys, aliases, frozenset(shifted)


@cache
def same_place(key: str) -> tuple[str, ...]:
    """The key names the Greek, Georgian and Latvian layouts type where US QWERTY types the
    Latin letter ``key`` (``"s"`` -> σ, ს, š), so a letter of the menu or a dialog plays by
    key position as the table's keys do; () for any other key. Only letters: a dead key
    types nothing, and a character two places share would have to guess."""
    position = next((p for p, c in BASE["us"].items() if c == key and key.isalpha()), None)
    if position is None:
        return ()
    names: list[str] = []
    for layout in _PLACED_LAYOUTS:
        typed = [BASE[layout].get(position)]
        if layout == "latvian":  # its letters with a mark are on AltGr: š at s
            typed.append(ALTGR[layout].get(position))
        for char in typed:
            if char and char.isalpha() and character_key(char) not in (key, *names):
                names.append(character_key(char))
    return tuple(names)


_TYPED_LETTERS: Final = {preset: frozenset(letters) for preset, letters in TYPED.items()}
"""Every letter each preset's layout types on a key of its own."""


def _position_key(layout: dict[str, str], position: str) -> str:
    return {"SPCE": "space", "RTRN": "enter"}.get(position) or character_key(layout[position])


_NAMED_KEYS: Final[frozenset[str]] = frozenset(
    {"space", "enter", "backspace", "delete", "insert", "home", "end", "pageup", "pagedown"}
    | {"up", "down", "left", "right"}
    | {f"f{n}" for n in range(1, 25)}
)
"""Keys without a character that Textual reports by name (plus the reserved ones)."""

# Textual shortens a few Unicode character names; the same table as textual.keys.
_NAME_REPLACEMENTS: Final = {
    "solidus": "slash",
    "reverse_solidus": "backslash",
    "commercial_at": "at",
    "hyphen_minus": "minus",
    "plus_sign": "plus",
    "low_line": "underscore",
}


def character_key(character: str) -> str:
    """The Textual key name of a key that types ``character``: ``","`` -> ``"comma"``.

    Letters and digits are their own name (``"ö"``); other characters are named after their
    Unicode name, as Textual's input parser names them.
    """
    if character == " ":
        return "space"
    if character.isalnum():
        return character
    name = unicodedata.name(character, character).lower().replace("-", "_").replace(" ", "_")
    return _NAME_REPLACEMENTS.get(name, name)


@cache
def _named_characters(start: int, end: int) -> dict[str, str]:
    """Key name -> character for the printable punctuation and symbols in [start, end)."""
    table: dict[str, str] = {}
    for c in map(chr, range(start, end)):
        if c.isprintable() and not c.isalnum() and unicodedata.name(c, "") != "":
            table.setdefault(character_key(c), c)
    return table


def named_character(key: str) -> str | None:
    """The character a key name types (``"comma"`` -> ``","``), or None if none does.

    Every preset key, and most remapped ones, are Latin-1, a table of some 50 names; the
    table of all 4,000 symbols below U+2C00 costs 7 ms, so it is built only for a key not
    found there. Latin-1 code points come first, so the answer is the same either way.
    """
    latin = _named_characters(0x21, 0x100)
    if key in latin:
        return latin[key]
    return _named_characters(0x100, 0x2C00).get(key)


def normalize_key(key: str) -> str | None:
    """The Textual key name for ``key``, or None if no single key press is called that.

    Accepts Textual names (``"comma"``, ``"space"``, ``"ö"``) and single characters
    (``","``, ``"Q"``); letters fold to lower case, as they come with Caps Lock off.
    Modifier combinations are refused: in a real-time game a key must be one press.
    """
    if key in RESERVED_KEYS:
        return key
    if len(key) == 1:
        if not key.isprintable():
            return None
        lower = key.lower()
        # A few capitals lower-case to two characters (İ); such a key is only ever sent as typed.
        return character_key(lower if len(lower) == 1 else key)
    name = key.lower()
    if name in _NAMED_KEYS or name in RESERVED_KEYS or named_character(name) is not None:
        return name
    return None


def cell_width(text: str) -> int:
    """Terminal columns ``text`` takes: East Asian wide and full-width characters take two."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


class KeyProblem(Enum):
    """Why a key map cannot work; :mod:`spit.words.config` says it in words."""

    UNKNOWN_LAYOUT = "unknown layout"  # no preset has the name (KeyMapError.layout)
    NO_SUCH_ACTION = "no such action"  # a binding names no control id
    KEY_COMBINATION = "key combination"  # such as ctrl+q: an action takes one press
    UNKNOWN_KEY = "unknown key"  # a key name Textual never reports
    RESERVED_KEY = "reserved key"  # a key that help, pause, quit or focus keep
    KEY_TAKEN = "key taken"  # a key another control (KeyMapError.other) has


class KeyMapError(ValueError):
    """A key map that cannot work, as facts ``spit.words.config.key_map_error`` words: the
    ``problem``, the ``control_id`` whose binding is wrong, the ``key`` as the binding wrote
    it, the ``other`` control id that has the key already, the ``layout`` asked for."""

    def __init__(
        self,
        problem: KeyProblem,
        control_id: str | None = None,
        *,
        key: object = None,
        other: str | None = None,
        layout: str | None = None,
    ) -> None:
        super().__init__(problem, control_id, key, other, layout)
        self.problem = problem
        self.control_id = control_id
        self.key = key
        self.other = other
        self.layout = layout


class KeyMap:
    """Which key does what: a preset, possibly with some keys remapped. Immutable."""

    __slots__ = ("_aliases", "_folded", "_key_by_id", "_press_by_key", "_shifted", "name")

    def __init__(
        self,
        name: str,
        keys: Iterable[str],
        aliases: Mapping[str, str] | None = None,
        shifted: Iterable[str] = (),
    ) -> None:
        """``name`` the preset it starts from; ``keys`` one per press in the order of
        ``PRESSES``; ``aliases`` (key -> control id) the characters a national layout types at
        the Latin key's place; ``shifted`` those of them that Shift types (Georgian ჭ at w):
        they play, but :meth:`keys_of` leaves them out, so a key's label stays its own letters."""
        self.name = name
        self._key_by_id: dict[str, str] = dict(zip(_IDS, keys, strict=True))
        self._aliases: dict[str, str] = dict(aliases or {})
        self._shifted: frozenset[str] = frozenset(shifted) & self._aliases.keys()
        self._press_by_key: dict[str, Press] = {
            key: _PRESS_BY_ID[control]
            for key, control in (
                *self._aliases.items(),
                *((key, control) for control, key in self._key_by_id.items()),
            )
        }
        # The upper case of every bound letter, and the presses it could mean: Caps Lock or
        # Shift on the Greek layout types Σ for both ς (w) and σ (s), so Σ means nothing.
        self._folded: dict[str, set[Press]] = {}
        for key, press in self._press_by_key.items():
            upper = key.upper() if len(key) == 1 else key
            if len(upper) == 1 and upper != key:
                self._folded.setdefault(upper, set()).add(press)

    @classmethod
    def preset(cls, name: str = "qwerty") -> KeyMap:
        """The ready-made map for a keyboard layout, one of ``PRESET_NAMES``."""
        if name in _POSITIONS:
            return cls(name, *_position_preset(name))
        if name not in _PRESETS:
            raise KeyMapError(KeyProblem.UNKNOWN_LAYOUT, layout=name)
        return cls(name, _PRESETS[name])

    @classmethod
    def remapped(
        cls, preset: str, bindings: Mapping[str, str]
    ) -> tuple[KeyMap, KeyMapError | None]:
        """The ``preset`` layout with ``bindings`` moved, or, where they clash with it, the
        preset as it is and why (a layout chosen in the menu may not fit the config's keys:
        better the preset than no game). KeyMapError only for an unknown preset."""
        keymap = cls.preset(preset)
        try:
            return keymap.with_bindings(bindings), None
        except KeyMapError as error:
            return keymap, error

    def with_bindings(self, bindings: Mapping[str, str]) -> KeyMap:
        """This map with some presses moved to other keys: control id -> Textual key name.
        KeyMapError for an unknown id or key name, a reserved key, or a key doing two things."""
        key_by_id = dict(self._key_by_id)
        for control, key in bindings.items():
            if control not in _PRESS_BY_ID:
                raise KeyMapError(KeyProblem.NO_SUCH_ACTION, control)
            name = normalize_key(key) if isinstance(key, str) else None
            if name is None and isinstance(key, str) and "+" in key:
                raise KeyMapError(KeyProblem.KEY_COMBINATION, control, key=key)
            if name is None:
                raise KeyMapError(KeyProblem.UNKNOWN_KEY, control, key=key)
            if name in RESERVED_KEYS:
                raise KeyMapError(KeyProblem.RESERVED_KEY, control, key=key)
            key_by_id[control] = name
        # A remapped press's layout characters go with its old key; the rest stay, and
        # count as taken like any key.
        aliases = {k: i for k, i in self._aliases.items() if i not in bindings}
        owner: dict[str, str] = dict(aliases)
        # Blame the remapped press, not the preset's, so the message points at the user's line.
        for control in [*(i for i in key_by_id if i not in bindings), *bindings]:
            key = key_by_id[control]
            if key in owner:
                raise KeyMapError(
                    KeyProblem.KEY_TAKEN, control, key=bindings.get(control, key), other=owner[key]
                )
            owner[key] = control
        return KeyMap(self.name, key_by_id.values(), aliases, self._shifted)

    def press(self, key: str) -> Press | None:
        """The press a Textual ``event.key`` makes, for the key's own player; None if none.

        An upper-case letter counts as its lower-case key, so Caps Lock does not stop a game,
        unless it is the upper case of two keys' letters (Greek Σ, of ς and σ): then it does
        nothing rather than guess. A letter with marks that the layout has no key of its own
        for (Greek ά, from the dead accent key and α) plays as its base letter's key.
        """
        press = self._folded_press(key)
        if press is None and self._composed(key):
            press = self._folded_press(unicodedata.normalize("NFD", key)[0])
        return press

    def _folded_press(self, key: str) -> Press | None:
        """The press of ``key`` itself, or the one press its lower case can mean."""
        press = self._press_by_key.get(key)
        if press is not None or len(key) != 1:
            return press
        meant = set(self._folded.get(key, ()))
        lower = self._press_by_key.get(key.lower()) if key.isupper() else None
        if lower is not None:
            meant.add(lower)
        return next(iter(meant)) if len(meant) == 1 else None

    def _composed(self, key: str) -> bool:
        """Whether ``key`` is a letter with marks that only a dead key makes on this layout."""
        if len(key) != 1 or not key.isalpha():
            return False
        base = unicodedata.normalize("NFD", key)[0]
        typed = _TYPED_LETTERS.get(self.name)
        return (
            base != key and base.isalpha() and typed is not None and not {key, key.lower()} & typed
        )

    def key(self, control_id: str) -> str:
        """The Textual key name bound to a control id. KeyError for an unknown id."""
        return self._key_by_id[control_id]

    def keys_of(self, control_id: str) -> tuple[str, ...]:
        """Every key that presses a control: its key, then the layout's own characters for it
        (without Shift; the letters Shift types there play too, but are not listed)."""
        natives = tuple(
            k for k, i in self._aliases.items() if i == control_id and k not in self._shifted
        )
        return (self._key_by_id[control_id], *natives)

    @property
    def bindings(self) -> dict[str, str]:
        """Every control id and its key, in the order of ``PRESSES``."""
        return dict(self._key_by_id)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KeyMap):
            return NotImplemented
        return self._key_by_id == other._key_by_id and self._aliases == other._aliases

    def __hash__(self) -> int:
        return hash((tuple(self._key_by_id.items()), tuple(self._aliases.items())))

    def __repr__(self) -> str:
        preset = KeyMap.preset(self.name)._key_by_id
        remapped = {i: k for i, k in self._key_by_id.items() if preset[i] != k}
        return f"<KeyMap {self.name} remapped={remapped}>" if remapped else f"<KeyMap {self.name}>"
