"""The config file: the player's language, keyboard layout, remapped keys, display and lockout.

It lives at ``platformdirs.user_config_dir("spit")/config.toml`` (the ``SPIT_CONFIG``
environment variable names another file); docs/keys.md shows one. Every entry is optional
and a missing file means the defaults. The file is read into typed tables (``_File``) in one
call, and anything the game would not understand is an error rather than silently ignored,
so a typo never goes unnoticed: :class:`ConfigError` names the file and the entry.

The start menu remembers its choices here (:func:`remember`), through ``tomlkit``, which
changes only the values it sets: a hand-edited file keeps its comments, order and layout.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeAlias

import msgspec
from msgspec import Meta, Struct

from spit.bot.levels import BOT_CHOICES
from spit.engine import LOCKOUT_RANGE
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

FileKind = Literal[
    "directory", "named pipe", "character device", "block device", "socket", "not a file"
]
"""What a config path names when it is no regular file."""

Expected = Literal["string", "number", "true or false", "name"]
"""What kind of value a config entry must hold (a name: a player's, a string in quotes)."""


class NoSuchFile(Struct, frozen=True):
    """``SPIT_CONFIG`` names a file that is not there."""


class CannotRead(Struct, frozen=True):
    """The file is there but cannot be read, for the system's ``reason`` (``strerror``)."""

    reason: str


class NotARegularFile(Struct, frozen=True):
    """The path names a directory, a pipe, a device..."""

    kind: FileKind


class TooLarge(Struct, frozen=True):
    """The file is larger than any config needs (both sizes in whole MiB)."""

    size: int
    limit: int


class NotToml(Struct, frozen=True):
    """The file is no TOML: the parser's own words (in English, from tomllib and tomlkit)."""

    error: str


class NotUtf8(Struct, frozen=True):
    """The file is not UTF-8 text."""


class TooDeep(Struct, frozen=True):
    """The TOML nests deeper than the parser's stack allows."""


class UnknownLanguage(Struct, frozen=True):
    """``lang`` names a language spit does not speak."""

    name: str
    choices: tuple[str, ...]


class UnknownLayout(Struct, frozen=True):
    """``keys.preset`` names no keyboard preset."""

    name: str
    choices: tuple[str, ...]


class NotAKeyName(Struct, frozen=True):
    """A binding that is no key name in quotes."""

    value: object


class SecondsOutOfRange(Struct, frozen=True):
    """``rules.lockout`` outside the seconds allowed."""

    low: float
    high: float
    value: object


class UnknownChoice(Struct, frozen=True):
    """A ``[menu]`` entry that is none of its choices."""

    name: str
    choices: tuple[str, ...]


class BadName(Struct, frozen=True):
    """A player's name that is empty, longer than ``longest`` or unprintable."""

    longest: int
    value: object


class UnknownEntry(Struct, frozen=True):
    """A table (else a setting) the game does not know, and the entries allowed there."""

    table: bool
    allowed: tuple[str, ...]


class NotATable(Struct, frozen=True):
    """An entry that must be a table."""

    value: object


class MustBe(Struct, frozen=True):
    """An entry of the wrong kind."""

    expected: Expected
    value: object


class CannotSave(Struct, frozen=True):
    """The menu's choices cannot be written: the system's reason; None for a file there that
    is not UTF-8 text."""

    reason: str | None


class BadBinding(Struct, frozen=True):
    """The remapped keys do not work on a keyboard preset (``preset`` when that is not the
    config's own)."""

    error: KeyMapError
    preset: str | None = None


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
    """A config file the game cannot use, as facts ``spit.words.config.config_error`` words:
    the file (None for a preset unknown to the key map), the entry at fault if one is (a dotted
    TOML name, ``keys.bindings."p1.spit"``), and what is wrong."""

    def __init__(self, path: Path | None, entry: str | None, problem: ConfigProblem) -> None:
        super().__init__(path, entry, problem)
        self.path = path
        self.entry = entry
        self.problem = problem


class Config(Struct, frozen=True, kw_only=True):
    """The settings read from the config file; defaults where it says nothing."""

    keys: str | None = None  # the keyboard preset; None follows the language
    lang: str | None = None  # one of spit.i18n.LANGUAGES; None asks the environment
    bindings: dict[str, str] = {}  # remapped keys: control id -> Textual key name
    ascii: bool = False  # suits as S H D C for terminals without ♠♥♦♣
    four_colour: bool = False  # each suit its own colour
    lockout: float = 0.5  # seconds a fumble locks the hand (RULES B12); 0 turns it off
    hints: bool = False  # mark the cards that fit right now
    menu_mode: str = "two-player"  # the start menu's last choices
    menu_level: str = "normal"
    menu_variant: str = "standard"
    practice_offered: bool = False  # the guided practice was offered (at the first start)
    names: tuple[str | None, str | None] = (None, None)  # players 1 and 2; None: the default
    path: Path | None = None  # the file these settings came from; None when there was none

    @property
    def layout(self) -> str:
        """The preset to play on: the config's, else the one the language's players use."""
        return self.keys or PRESET_OF_LANGUAGE.get(language(), "qwerty")

    def keymap(self, preset: str | None = None) -> KeyMap:
        """The key map these bindings give on ``preset`` (default: the config's own).
        ConfigError, naming the binding, if they do not fit that preset."""
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


# -- the file's tables, as msgspec reads them ------------------------------------------------

if TYPE_CHECKING:  # the choices are the game's own tuples, which a type checker cannot read
    Language: TypeAlias = str
    Preset: TypeAlias = str
    Mode: TypeAlias = str
    Level: TypeAlias = str
    Variant: TypeAlias = str
else:
    Language = Literal[LANGUAGES]
    Preset = Literal[PRESET_NAMES]
    Mode, Level, Variant = (Literal[MENU_CHOICES[name]] for name in ("mode", "level", "variant"))

Lockout = Annotated[float, Meta(ge=LOCKOUT_RANGE[0], le=LOCKOUT_RANGE[1])]


class _Table(Struct, frozen=True, forbid_unknown_fields=True):
    """A table of the file: an entry it does not declare is an error."""


class _Keys(_Table, frozen=True):
    preset: Preset | None = None
    bindings: dict[str, str] = {}


class _Display(_Table, frozen=True):
    ascii: bool = False
    four_colour: bool = False
    hints: bool = False


class _Menu(_Table, frozen=True):
    mode: Mode = "two-player"
    level: Level = "normal"
    variant: Variant = "standard"
    practice_offered: bool = False


class _Rules(_Table, frozen=True):
    lockout: Lockout = 0.5


class _Players(_Table, frozen=True):
    one: str | None = None
    two: str | None = None


class _File(_Table, frozen=True):
    lang: Language | None = None
    keys: _Keys = _Keys()
    display: _Display = _Display()
    menu: _Menu = _Menu()
    rules: _Rules = _Rules()
    players: _Players = _Players()


def config_path() -> Path:
    """Where the config file is read from: ``$SPIT_CONFIG`` or the user's config directory."""
    override = os.environ.get(ENVIRONMENT_VARIABLE)
    if override:
        return Path(override).expanduser()
    import platformdirs  # deferred: start-up (15 ms; `spit --help` needs no config)

    return Path(platformdirs.user_config_dir("spit")) / "config.toml"


def load_config(path: Path | None = None) -> Config:
    """Read the config file at ``path`` (default :func:`config_path`); defaults if it is missing.

    A missing file is an error only when ``SPIT_CONFIG`` names it: the usual file is optional.
    Raises ConfigError, naming the file and the entry, for anything the game cannot use.
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
        raise ConfigError(path, None, CannotRead(error.strerror or str(error))) from None
    try:
        file = msgspec.convert(document, _File)
    except msgspec.ValidationError as error:
        where, problem = _problem(str(error), document)
        raise ConfigError(path, _entry(*where), problem) from None
    config = Config(
        keys=file.keys.preset,
        lang=file.lang,
        bindings=file.keys.bindings,
        ascii=file.display.ascii,
        four_colour=file.display.four_colour,
        lockout=file.rules.lockout,
        hints=file.display.hints,
        menu_mode=file.menu.mode,
        menu_level=file.menu.level,
        menu_variant=file.menu.variant,
        practice_offered=file.menu.practice_offered,
        names=(_name(path, "one", file.players.one), _name(path, "two", file.players.two)),
        path=path,
    )
    config.keymap()  # a bad binding is an error now, not when the game starts
    return config


def _name(path: Path, seat: str, name: str | None) -> str | None:
    if name is None:
        return None
    name = name.strip()
    if not name or len(name) > NAME_LENGTH or not name.isprintable():
        raise ConfigError(path, _entry("players", seat), BadName(NAME_LENGTH, name))
    return name


_EXPECTED: Final[dict[str, Expected]] = {
    "str": "string",
    "float": "number",
    "bool": "true or false",
}
"""What msgspec's type names are to a player."""


def _problem(error: str, document: dict[str, Any]) -> tuple[list[str], ConfigProblem]:
    """Where the entry msgspec refused sits, and what is wrong with it.

    msgspec says ``Expected `bool`, got `str` - at `$.display.ascii```: the path names the
    entry (but for a dict's values, ``[...]``), the start what was wrong.
    """
    message, at, path = error.rpartition(" - at `$")
    if not at:
        message, path = error, ""
    path = path.rstrip("`")
    where = path.removesuffix("[...]").split(".")[1:]
    if path.endswith("[...]"):  # a binding: msgspec does not say which
        bindings = _at(document, where)
        where.append(next(k for k, v in bindings.items() if not isinstance(v, str)))
        return where, NotAKeyName(_at(document, where))
    unknown = re.fullmatch(r"Object contains unknown field `(.*)`", message, re.S)
    if unknown:
        allowed = tuple(sorted(type(_default(where)).__struct_fields__))
        where.append(unknown[1])
        return where, UnknownEntry(isinstance(_at(document, where), dict), allowed)
    value = _at(document, where)
    if message.startswith("Invalid enum value"):
        if where == ["lang"]:
            return where, UnknownLanguage(value, LANGUAGES)
        if where == ["keys", "preset"]:
            return where, UnknownLayout(value, PRESET_NAMES)
        return where, UnknownChoice(value, MENU_CHOICES[where[-1]])
    if message.startswith(("Expected `float` >=", "Expected `float` <=")):
        return where, SecondsOutOfRange(*LOCKOUT_RANGE, value)
    kind = re.match(r"Expected `(\w+)", message)
    if kind is None or kind[1] == "object":
        return where, NotATable(value)
    return where, MustBe("name" if where[0] == "players" else _EXPECTED[kind[1]], value)


def _at(document: dict[str, Any], where: list[str]) -> Any:
    value: Any = document
    for name in where:
        value = value[name]
    return value


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
        kind = _FILE_KINDS.get(stat.S_IFMT(mode), "not a file")
        raise ConfigError(path, None, NotARegularFile(kind))
    with os.fdopen(fd, "rb") as file:
        data = file.read(MAX_SIZE + 1)
        if len(data) > MAX_SIZE:
            size = max(os.fstat(fd).st_size, len(data))
            raise ConfigError(path, None, TooLarge(size // 2**20, MAX_SIZE // 2**20))
        return data


_FILE_KINDS: Final[dict[int, FileKind]] = {
    stat.S_IFDIR: "directory",
    stat.S_IFIFO: "named pipe",
    stat.S_IFCHR: "character device",
    stat.S_IFBLK: "block device",
    stat.S_IFSOCK: "socket",
}


def _parse(data: bytes, path: Path) -> dict[str, Any]:
    """The TOML document in ``data``; ConfigError if it is not TOML or not UTF-8."""
    import tomllib  # deferred: start-up (5 ms; most players have no file to parse)

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


_BARE_KEY: Final = re.compile(r"[A-Za-z0-9_-]+")


def _entry(*names: str) -> str:
    """An entry's dotted TOML name, quoting parts that need it: ``keys.bindings."p1.spit"``."""
    return ".".join(
        name if _BARE_KEY.fullmatch(name) else '"' + printable(name).replace('"', '\\"') + '"'
        for name in names
    )


def remember(path: Path, entries: Mapping[tuple[str, ...], object]) -> bool:
    """Write ``entries`` into the config file at ``path``; whether it wrote. ConfigError if
    the file cannot be read or written.

    An entry is named by where it sits: ``("lang",)``, ``("menu", "mode")``, and
    ``("keys", "bindings")`` a whole table (a dict). Only values that differ from what the
    file says (a missing entry says the default) are written; the rest of the file stays as
    the player wrote it, comments included. The new file replaces the old one at once, so a
    crash cannot leave half a file.
    """
    import tomlkit  # deferred: start-up (15 ms; only the menu saves)
    from tomlkit.exceptions import TOMLKitError  # with tomlkit

    try:
        document = tomlkit.parse(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        document = tomlkit.document()
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(path, None, _cannot_save(error)) from None
    except TOMLKitError as error:
        raise ConfigError(path, None, NotToml(str(error))) from None
    changed = False
    for where, value in entries.items():
        current = _said(document, where)
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
        # A dict is written as a table of its own ([keys.bindings]), not an inline one.
        container[name] = tomlkit.item(dict(value)) if isinstance(value, Mapping) else value
        changed = True
    if not changed:
        return False
    new = path.with_name(f".{path.name}.{os.getpid()}.new")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        new.write_text(tomlkit.dumps(document), encoding="utf-8")
        os.replace(new, path)
    except OSError as error:
        new.unlink(missing_ok=True)
        raise ConfigError(path, None, _cannot_save(error)) from None
    return True


def _said(document: TOMLDocument, where: tuple[str, ...]) -> object:
    """What the file says at ``where`` as plain values; where it says nothing, the default
    (the preset's is the language's while the file names none)."""
    value: Any = document
    for name in where:
        if not isinstance(value, Mapping) or name not in value:
            return Config().layout if where == ("keys", "preset") else _default(where)
        value = value[name]
    return value.unwrap() if hasattr(value, "unwrap") else value


def _default(where: Sequence[str]) -> Any:
    """What the file means where it says nothing: a table's or an entry's default."""
    value: Any = _File()
    for name in where:
        value = getattr(value, name)
    return value


def _cannot_save(error: BaseException) -> CannotSave:
    return CannotSave((error.strerror or str(error)) if isinstance(error, OSError) else None)
