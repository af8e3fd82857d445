"""The config file: the player's language, keyboard layout, remapped keys, display and lockout.

It lives at ``platformdirs.user_config_dir("spit")/config.toml`` (the ``SPIT_CONFIG``
environment variable names another file) and looks like this::

    lang = "de"          # en, el, de, ka or lv (else the environment's language)

    [keys]
    preset = "qwertz"
    [keys.bindings]
    "p1.spit" = "b"      # action id = Textual key name

    [display]
    ascii = false
    four_colour = false
    hints = false        # mark the cards that fit right now

    [menu]               # what the start menu chose last; spit writes it
    mode = "bot"         # two-player or bot
    level = "casual"     # the bot's level (spit.bot.levels)
    variant = "standard" # or points
    practice_offered = true

    [rules]
    lockout = 0.5        # seconds a fumble locks the hand, 0..2

    [players]
    one = "Ann"          # player 1 (the left half; you, against the bot)
    two = "Ben"          # player 2 (the right half)

Every entry is optional and a missing file means the defaults. Anything the game would not
understand is an error rather than silently ignored, so a typo never goes unnoticed:
:class:`ConfigError` says in one line which file and which entry.

The start menu remembers its choices here (:func:`remember`), through ``tomlkit``, which
changes only the values it sets: a hand-edited file keeps its comments, order and layout.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Callable, Mapping, Sequence
from dataclasses import field
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from spit.bot.levels import BOT_CHOICES
from spit.engine import LOCKOUT_RANGE
from spit.engine.frozen import frozen_value
from spit.i18n import LANGUAGES, language
from spit.printable import printable
from spit.settings.keymap import PRESET_NAMES, PRESET_OF_LANGUAGE, KeyMap, KeyMapError

if TYPE_CHECKING:
    from tomlkit import TOMLDocument

ENVIRONMENT_VARIABLE: Final = "SPIT_CONFIG"
"""Names a config file to read instead of the usual one."""

NAME_LENGTH: Final = 20
"""The longest name a player may give: it must fit beside the stocks."""

MAX_SIZE: Final = 2**20
"""The largest config file read, in bytes: a real one is a few hundred."""


MENU_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "mode": ("two-player", "bot"),
    "level": ("normal", *(name for name in BOT_CHOICES if name != "normal")),
    "variant": ("standard", "points"),
}
"""What each ``[menu]`` entry may say, its default first (the names the command line uses)."""


class FileKind(Enum):
    """What a config path names when it is no regular file."""

    DIRECTORY = "directory"
    NAMED_PIPE = "named pipe"
    CHARACTER_DEVICE = "character device"
    BLOCK_DEVICE = "block device"
    SOCKET = "socket"
    NOT_A_FILE = "not a file"
    """Anything else that is not a file."""


class Expected(Enum):
    """What kind of value a config entry must hold."""

    STRING = "string"
    NUMBER = "number"
    TRUE_OR_FALSE = "true or false"
    NAME = "name"
    """A player's name: a string in quotes."""


@frozen_value
class NoSuchFile:
    """``SPIT_CONFIG`` names a file that is not there."""


@frozen_value
class CannotRead:
    """The file is there but cannot be read."""

    reason: str
    """The system's reason (``strerror``), as it gave it."""


@frozen_value
class NotARegularFile:
    """The path names a directory, a pipe, a device..."""

    kind: FileKind
    """What it names."""


@frozen_value
class TooLarge:
    """The file is larger than any config needs."""

    size: int
    """Its size in whole MiB."""
    limit: int
    """The largest config file read, in MiB."""


@frozen_value
class NotToml:
    """The file is no TOML."""

    error: str
    """The parser's own words (they come in English from tomllib and tomlkit)."""


@frozen_value
class NotUtf8:
    """The file is not UTF-8 text."""


@frozen_value
class TooDeep:
    """The TOML nests deeper than the parser's stack allows."""


@frozen_value
class UnknownLanguage:
    """``lang`` names a language spit does not speak."""

    name: str
    """The language the file asks for."""
    choices: tuple[str, ...]
    """The languages spit speaks."""


@frozen_value
class UnknownLayout:
    """``keys.preset`` names no keyboard preset."""

    name: str
    """The preset the file asks for."""
    choices: tuple[str, ...]
    """The presets there are."""


@frozen_value
class NotAKeyName:
    """A binding that is no key name in quotes."""

    value: object
    """The value the file gives (shown as the file would write it)."""


@frozen_value
class SecondsOutOfRange:
    """``rules.lockout`` outside the seconds allowed."""

    low: float
    """The least lockout, in seconds."""
    high: float
    """The longest lockout, in seconds."""
    value: object
    """The value the file gives."""


@frozen_value
class UnknownChoice:
    """A ``[menu]`` entry that is none of its choices."""

    name: str
    """The choice the file gives."""
    choices: tuple[str, ...]
    """What the entry may say."""


@frozen_value
class BadName:
    """A player's name that is empty, too long or unprintable."""

    longest: int
    """The most letters a name may have."""
    value: object
    """The name the file gives."""


@frozen_value
class UnknownEntry:
    """A table or setting the game does not know."""

    table: bool
    """Whether the unknown entry is a table (else a setting)."""
    allowed: tuple[str, ...]
    """The entries allowed there, sorted."""


@frozen_value
class NotATable:
    """An entry that must be a table."""

    value: object
    """The value the file gives."""


@frozen_value
class MustBe:
    """An entry of the wrong kind."""

    expected: Expected
    """What it must be."""
    value: object
    """The value the file gives."""


@frozen_value
class CannotSave:
    """The menu's choices cannot be written to the file."""

    reason: str | None
    """The system's reason; None when the file there is not UTF-8 text."""


@frozen_value
class BadBinding:
    """The remapped keys do not work on a keyboard preset."""

    error: KeyMapError
    """What the key map refused."""
    preset: str | None = None
    """The preset it was refused on, when that is not the config's own."""


ConfigProblem = (
    NoSuchFile
    | CannotRead
    | NotARegularFile
    | TooLarge
    | NotToml
    | NotUtf8
    | TooDeep
    | UnknownLanguage
    | UnknownLayout
    | NotAKeyName
    | SecondsOutOfRange
    | UnknownChoice
    | BadName
    | UnknownEntry
    | NotATable
    | MustBe
    | CannotSave
    | BadBinding
)
"""Everything that can be wrong with a config file, each with its facts as fields."""


class ConfigError(ValueError):
    """A config file the game cannot use: which file, which entry, and what is wrong.

    It carries the facts, not a sentence: ``spit.words.config.config_error`` says it in one
    line naming the file and the entry.
    """

    def __init__(self, path: Path | None, entry: str | None, problem: ConfigProblem) -> None:
        super().__init__(path, entry, problem)
        self.path = path
        """The config file; None when the problem has none (a preset unknown to the key map)."""
        self.entry = entry
        """The entry at fault, as a dotted TOML name (``keys.bindings."p1.spit"``), if one is."""
        self.problem = problem
        """What is wrong."""


@frozen_value
class Config:
    """The settings read from the config file; defaults where it says nothing."""

    keys: str | None = None
    """The keyboard layout preset (one of ``PRESET_NAMES``); None follows the language."""
    lang: str | None = None
    """The language to speak (one of ``spit.i18n.LANGUAGES``); None asks the environment."""
    bindings: dict[str, str] = field(default_factory=dict)
    """Remapped keys: action id -> Textual key name."""
    ascii: bool = False
    """Suits as S H D C for terminals without ♠♥♦♣."""
    four_colour: bool = False
    """A four-colour deck: each suit its own colour."""
    lockout: float = 0.5
    """Seconds a fumble locks the hand (RULES B12); 0 turns it off."""
    hints: bool = False
    """Mark the cards that fit right now."""
    menu_mode: str = "two-player"
    """The players the start menu chose last: two-player or bot."""
    menu_level: str = "normal"
    """The bot level the start menu chose last."""
    menu_variant: str = "standard"
    """The game the start menu chose last: standard or points."""
    practice_offered: bool = False
    """Whether the guided practice round was offered (at the very first start)."""
    names: tuple[str | None, str | None] = (None, None)
    """The names players 1 and 2 gave, kept in their match records; None for the default."""
    path: Path | None = None
    """The file these settings came from; None when there was none."""

    @property
    def layout(self) -> str:
        """The preset to play on: the config's, else the one the language's players use."""
        return self.keys or PRESET_OF_LANGUAGE.get(language(), "qwerty")

    def keymap(self, preset: str | None = None) -> KeyMap:
        """The key map these bindings give on ``preset`` (default: the config's own preset).

        Raises ConfigError, naming the binding, if the bindings do not fit that preset
        (a remapped key that the preset already uses elsewhere).
        """
        name = preset or self.layout
        try:
            return KeyMap.preset(name).with_bindings(self.bindings)
        except KeyMapError as error:
            if error.control_id is None:
                raise ConfigError(None, None, BadBinding(error)) from None
            other = name if preset is not None and preset != self.keys else None
            raise ConfigError(
                self.path, _entry("keys", "bindings", error.control_id), BadBinding(error, other)
            ) from None


def config_path() -> Path:
    """Where the config file is read from: ``$SPIT_CONFIG`` or the user's config directory."""
    override = os.environ.get(ENVIRONMENT_VARIABLE)
    if override:
        return Path(override).expanduser()
    # platformdirs is only needed here; importing it lazily keeps `spit --help` quick.
    import platformdirs

    return Path(platformdirs.user_config_dir("spit")) / "config.toml"


def load_config(path: Path | None = None) -> Config:
    """Read the config file at ``path`` (default :func:`config_path`); defaults if it is missing.

    A missing file is an error only when ``SPIT_CONFIG`` names it: the usual file is optional.

    Raises ConfigError for a file that cannot be read or parsed, an unknown table or
    entry, a value of the wrong type, an unknown preset, a bad key binding, or a lockout
    outside 0..2 seconds.
    """
    named = path is None and bool(os.environ.get(ENVIRONMENT_VARIABLE))
    path = config_path() if path is None else path
    try:
        document = _parse(_read(path), path)
    except FileNotFoundError:
        if named:  # a file asked for by name: a typo in it must not pass unnoticed
            raise ConfigError(path, None, NoSuchFile()) from None
        return Config()
    except OSError as error:
        reason = error.strerror or str(error)
        raise ConfigError(path, None, CannotRead(reason)) from None
    return _Reader(path).config(document)


def _read(path: Path) -> bytes:
    """The bytes of the regular file at ``path``: ConfigError for anything else or too large.

    A named pipe would wait for a writer forever, ``/dev/zero`` would be read until memory
    ran out and a 50 MB file stalls the start for seconds, so the file is opened without
    waiting (``O_NONBLOCK``), checked on the open descriptor (no race with a swap of the
    path), and read no further than the limit.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        raise ConfigError(path, None, NotARegularFile(_file_kind(mode)))
    with os.fdopen(fd, "rb") as file:
        data = file.read(MAX_SIZE + 1)
        if len(data) > MAX_SIZE:
            size = max(os.fstat(fd).st_size, len(data))
            raise ConfigError(path, None, TooLarge(size // 2**20, MAX_SIZE // 2**20))
        return data


def _file_kind(mode: int) -> FileKind:
    if stat.S_ISDIR(mode):
        return FileKind.DIRECTORY
    if stat.S_ISFIFO(mode):
        return FileKind.NAMED_PIPE
    if stat.S_ISCHR(mode):
        return FileKind.CHARACTER_DEVICE
    if stat.S_ISBLK(mode):
        return FileKind.BLOCK_DEVICE
    if stat.S_ISSOCK(mode):
        return FileKind.SOCKET
    return FileKind.NOT_A_FILE


def _parse(data: bytes, path: Path) -> dict[str, Any]:
    """The TOML document in ``data``; ConfigError if it is not TOML or not UTF-8."""
    # The TOML parser loads only when there is a file to parse (most players have none):
    # importing it (its regular expressions compiled) cost some 8 ms of every start.
    import tomllib

    try:
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(path, None, NotToml(str(error))) from None
    except UnicodeDecodeError:
        raise ConfigError(path, None, NotUtf8()) from None
    except RecursionError:
        # tomllib parses nested arrays and inline tables by recursion: some 500 levels
        # exhaust Python's stack. No config needs more than three.
        raise ConfigError(path, None, TooDeep()) from None


class _Reader:
    """Checks a parsed TOML document entry by entry, so each error can name its entry."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def config(self, document: dict[str, Any]) -> Config:
        self.known(document, (), {"lang", "keys", "display", "rules", "players", "menu"})
        lang = self.value(document, ("lang",), None, _is_optional_string, Expected.STRING)
        if lang is not None and lang not in LANGUAGES:
            raise self.error(("lang",), UnknownLanguage(lang, LANGUAGES))
        keys = self.table(document, "keys")
        display = self.table(document, "display")
        rules = self.table(document, "rules")
        menu = self.table(document, "menu")
        self.known(keys, ("keys",), {"preset", "bindings"})
        self.known(display, ("display",), {"ascii", "four_colour", "hints"})
        self.known(menu, ("menu",), {"mode", "level", "variant", "practice_offered"})
        self.known(rules, ("rules",), {"lockout"})
        players = self.table(document, "players")
        self.known(players, ("players",), {"one", "two"})
        names = (self.name(players, "one"), self.name(players, "two"))

        preset = self.value(keys, ("keys", "preset"), None, _is_optional_string, Expected.STRING)
        if preset is not None and preset not in PRESET_NAMES:
            raise self.error(("keys", "preset"), UnknownLayout(preset, PRESET_NAMES))
        bindings = self.table(keys, "bindings", ("keys",))
        for control_id, key in bindings.items():
            if not isinstance(key, str):
                raise self.error(("keys", "bindings", control_id), NotAKeyName(key))
        lockout = self.value(rules, ("rules", "lockout"), 0.5, _is_number, Expected.NUMBER)
        low, high = LOCKOUT_RANGE
        if not low <= lockout <= high:
            raise self.error(("rules", "lockout"), SecondsOutOfRange(low, high, lockout))
        config = Config(
            keys=preset,
            lang=lang,
            bindings=dict(bindings),
            ascii=self.value(
                display,
                ("display", "ascii"),
                False,
                _is_bool,
                Expected.TRUE_OR_FALSE,
            ),
            four_colour=self.value(
                display,
                ("display", "four_colour"),
                False,
                _is_bool,
                Expected.TRUE_OR_FALSE,
            ),
            lockout=float(lockout),
            hints=self.value(
                display,
                ("display", "hints"),
                False,
                _is_bool,
                Expected.TRUE_OR_FALSE,
            ),
            menu_mode=self.choice(menu, ("menu", "mode"), MENU_CHOICES["mode"]),
            menu_level=self.choice(menu, ("menu", "level"), MENU_CHOICES["level"]),
            menu_variant=self.choice(menu, ("menu", "variant"), MENU_CHOICES["variant"]),
            practice_offered=self.value(
                menu,
                ("menu", "practice_offered"),
                False,
                _is_bool,
                Expected.TRUE_OR_FALSE,
            ),
            names=names,
            path=self.path,
        )
        config.keymap()  # a bad binding is an error now, not when the game starts
        return config

    def choice(
        self, table: Mapping[str, Any], where: tuple[str, ...], choices: Sequence[str]
    ) -> str:
        value = self.value(table, where, choices[0], _is_string, Expected.STRING)
        if value not in choices:
            raise self.error(where, UnknownChoice(value, tuple(choices)))
        return value

    def name(self, players: Mapping[str, Any], seat: str) -> str | None:
        where = ("players", seat)
        name = self.value(players, where, None, _is_name, Expected.NAME)
        if name is None:
            return None
        name = name.strip()
        if not name or len(name) > NAME_LENGTH or not name.isprintable():
            raise self.error(where, BadName(NAME_LENGTH, name))
        return name

    def known(self, table: Mapping[str, Any], where: tuple[str, ...], names: set[str]) -> None:
        for name, value in table.items():
            if name not in names:
                unknown = UnknownEntry(isinstance(value, dict), tuple(sorted(names)))
                raise self.error((*where, name), unknown)

    def table(
        self, table: Mapping[str, Any], name: str, where: tuple[str, ...] = ()
    ) -> dict[str, Any]:
        value = table.get(name, {})
        if not isinstance(value, dict):
            raise self.error((*where, name), NotATable(value))
        return value

    def value(
        self,
        table: Mapping[str, Any],
        where: tuple[str, ...],
        default: Any,
        accepts: Callable[[Any], bool],
        expected: Expected,
    ) -> Any:
        value = table.get(where[-1], default)
        if not accepts(value):
            raise self.error(where, MustBe(expected, value))
        return value

    def error(self, where: tuple[str, ...], problem: ConfigProblem) -> ConfigError:
        return ConfigError(self.path, _entry(*where), problem)


def _is_string(value: Any) -> bool:
    return isinstance(value, str)


def _is_optional_string(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _is_name(value: Any) -> bool:
    return value is None or isinstance(value, str)


def _is_bool(value: Any) -> bool:
    return isinstance(value, bool)


def _is_number(value: Any) -> bool:
    # TOML booleans arrive as Python bools, which are ints; `lockout = true` is still wrong.
    return isinstance(value, int | float) and not isinstance(value, bool)


_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")


def _entry(*names: str) -> str:
    """An entry's dotted TOML name, quoting parts that need it: ``keys.bindings."p1.spit"``."""
    return ".".join(
        name if _BARE_KEY.fullmatch(name) else '"' + printable(name).replace('"', '\\"') + '"'
        for name in names
    )


def remember(path: Path, entries: Mapping[tuple[str, ...], object]) -> bool:
    """Write ``entries`` into the config file at ``path``: the menu's choices, the language
    it speaks and the keys the players pressed.

    Each entry is named by where it sits: ``("lang",)`` at the top of the file,
    ``("menu", "mode")`` in its table, and ``("keys", "bindings")`` a whole table (a dict).
    Only values that differ from what the file says (a missing entry says the default) are
    written, so choices left as they were leave the file, or its absence, alone. Everything
    else in the file stays as the player wrote it, comments included. The new file replaces
    the old one at once, so a crash cannot leave half a file. Returns whether it wrote.

    Raises ConfigError, in one line naming the file, if it cannot be read or written.
    """
    import tomlkit  # only when the menu saves: `spit play` never needs it

    document = _load_document(path)
    defaults = Config()
    changed = False
    for where, value in entries.items():
        current = _current(document, where)
        if current is None:
            current = _DEFAULTS[where](defaults)
        # tomlkit's strings are str subclasses; a bool must stay a bool (1 == True).
        if current == value and isinstance(current, bool) == isinstance(value, bool):
            continue
        *tables, name = where
        container: Any = document
        for table_name in tables:
            table = container.get(table_name)
            if not isinstance(table, Mapping):
                table = tomlkit.table()
                container[table_name] = table
            container = table
        if isinstance(value, Mapping):
            table = tomlkit.table()
            for key, item in value.items():
                table[key] = item
            value = table
        container[name] = value
        changed = True
    if not changed:
        return False
    _save_document(path, document)
    return True


def _current(document: TOMLDocument, where: tuple[str, ...]) -> object:
    """What the file says at ``where`` as plain values; None where it says nothing."""
    value: Any = document
    for name in where:
        if not isinstance(value, Mapping) or name not in value:
            return None
        value = value[name]
    return value.unwrap() if hasattr(value, "unwrap") else value


_DEFAULTS: Final[dict[tuple[str, ...], Callable[[Config], object]]] = {
    ("lang",): lambda c: c.lang,  # none: the environment's, which the menu's choice replaces
    ("keys", "preset"): lambda c: c.layout,  # the language's, while the file names none
    ("keys", "bindings"): lambda c: c.bindings,
    ("display", "ascii"): lambda c: c.ascii,
    ("display", "four_colour"): lambda c: c.four_colour,
    ("display", "hints"): lambda c: c.hints,
    ("menu", "mode"): lambda c: c.menu_mode,
    ("menu", "level"): lambda c: c.menu_level,
    ("menu", "variant"): lambda c: c.menu_variant,
    ("menu", "practice_offered"): lambda c: c.practice_offered,
}
"""The entries :func:`remember` may write, each with its default."""


def _load_document(path: Path) -> TOMLDocument:
    """The config file at ``path`` as tomlkit reads it (empty if there is none), for
    :func:`remember`; ConfigError, in one line naming the file, if it cannot be read."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        text = ""
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(path, None, _write_problem(error)) from None
    try:
        return tomlkit.parse(text)
    except TOMLKitError as error:
        raise ConfigError(path, None, NotToml(str(error))) from None


def _save_document(path: Path, document: TOMLDocument) -> None:
    """Write ``document`` to ``path``: the new file replaces the old at once, so a crash
    cannot leave half a file; ConfigError, in one line naming the file, if it cannot."""
    import tomlkit

    new = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        new.write_text(tomlkit.dumps(document), encoding="utf-8")
        os.replace(new, path)
    except OSError as error:
        new.unlink(missing_ok=True)
        raise ConfigError(path, None, _write_problem(error)) from None


def _write_problem(error: BaseException) -> CannotSave:
    return CannotSave((error.strerror or str(error)) if isinstance(error, OSError) else None)
