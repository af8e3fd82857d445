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
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeAlias

import msgspec
from msgspec import Meta, Struct

from spit.bot.levels import BOT_CHOICES
from spit.datafile import TOO_LARGE, BadFile, read_regular
from spit.engine import LOCKOUT_RANGE
from spit.i18n import LANGUAGES, language
from spit.printable import printable
from spit.settings.keymap import PRESET_NAMES, PRESET_OF_LANGUAGE, KeyMap, KeyMapError
from spit.settings.options import THEME_NAMES

if TYPE_CHECKING:
    from tomlkit import TOMLDocument

ENVIRONMENT_VARIABLE: Final = "SPIT_CONFIG"  # names a config file to read instead
NAME_LENGTH: Final = 20  # the longest name a player may give: it must fit beside the stocks
MAX_SIZE: Final = 2**20  # the largest config file read, in bytes: a real one is a few hundred

MENU_CHOICES: Final[dict[str, tuple[str, ...]]] = {
    "mode": ("two-player", "bot"),
    "level": ("normal", *(name for name in BOT_CHOICES if name != "normal")),
    "variant": ("standard", "points"),
}
"""What each ``[menu]`` entry may say, its default first (the names the command line uses)."""

Problem = Literal[
    "no such file",  # SPIT_CONFIG names a file that is not there
    "cannot read",  # detail: the system's reason (strerror)
    "not a regular file",  # detail: what the path names (a directory, a named pipe...)
    "too large",  # value: the file's size in whole MiB (over MAX_SIZE)
    "not TOML",  # detail: the parser's own words (in English, from tomllib and tomlkit)
    "not UTF-8",
    "too deep",  # the TOML nests deeper than the parser's stack allows
    "unknown language",  # value: what lang says; choices: the languages spit speaks
    "unknown layout",  # value: what keys.preset says; choices: the presets
    "unknown choice",  # value: what a [menu] entry says; choices: what it may say
    "unknown table",  # choices: the entries allowed where it is
    "unknown setting",  # choices: the entries allowed where it is
    "not a table",
    "must be",  # detail: the type it must hold, as msgspec names it (str...), or "name"
    "not a key name",  # a binding that is no key name in quotes
    "out of range",  # rules.lockout outside LOCKOUT_RANGE
    "bad name",  # a player's name: empty, longer than NAME_LENGTH or unprintable
    "cannot save",  # the menu's choices: detail the system's reason, None if not UTF-8 text
    "bad binding",  # binding: the key map's refusal; detail: the preset, if not the config's
]
"""Everything that can be wrong with a config file (``value`` is what the entry holds)."""


class ConfigProblem(Struct, frozen=True):
    """What is wrong with a config file: its kind, and the facts that kind names."""

    kind: Problem
    value: object = None  # what the entry holds
    detail: str | None = None  # words or a name, as the kind says
    choices: tuple[str, ...] = ()  # what the entry may hold
    binding: KeyMapError | None = None


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
    theme: str = THEME_NAMES[0]  # the menu's and dialogs' colours
    cue: bool = False  # the terminal's bell on a fumble and when it is slap time
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
                raise ConfigError(None, None, ConfigProblem("bad binding", binding=error)) from None
            other = name if preset is not None and preset != self.keys else None
            where = _entry("keys", "bindings", error.control_id)
            problem = ConfigProblem("bad binding", detail=other, binding=error)
            raise ConfigError(self.path, where, problem) from None


# -- the file's tables, as msgspec reads them ------------------------------------------------

if TYPE_CHECKING:  # the choices are the game's own tuples, which a type checker cannot read
    Language: TypeAlias = str
    Preset: TypeAlias = str
    Mode: TypeAlias = str
    Level: TypeAlias = str
    Variant: TypeAlias = str
    ThemeName: TypeAlias = str
else:
    Language = Literal[LANGUAGES]
    Preset = Literal[PRESET_NAMES]
    Mode, Level, Variant = (Literal[MENU_CHOICES[name]] for name in ("mode", "level", "variant"))
    ThemeName = Literal[THEME_NAMES]

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
    theme: ThemeName = THEME_NAMES[0]
    cue: bool = False


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
            raise ConfigError(path, None, ConfigProblem("no such file")) from None
        return Config()
    except OSError as error:
        reason = error.strerror or str(error)
        raise ConfigError(path, None, ConfigProblem("cannot read", detail=reason)) from None
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
        theme=file.display.theme,
        cue=file.display.cue,
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
        raise ConfigError(path, _entry("players", seat), ConfigProblem("bad name", name))
    return name


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
        return where, ConfigProblem("not a key name", _at(document, where))
    unknown = re.fullmatch(r"Object contains unknown field `(.*)`", message, re.S)
    if unknown:
        allowed = tuple(sorted(type(_default(where)).__struct_fields__))
        where.append(unknown[1])
        table = isinstance(_at(document, where), dict)
        problem: Problem = "unknown table" if table else "unknown setting"
        return where, ConfigProblem(problem, choices=allowed)
    value = _at(document, where)
    if message.startswith("Invalid enum value"):
        if where == ["lang"]:
            return where, ConfigProblem("unknown language", value, choices=LANGUAGES)
        if where == ["keys", "preset"]:
            return where, ConfigProblem("unknown layout", value, choices=PRESET_NAMES)
        if where == ["display", "theme"]:
            return where, ConfigProblem("unknown choice", value, choices=THEME_NAMES)
        return where, ConfigProblem("unknown choice", value, choices=MENU_CHOICES[where[-1]])
    if message.startswith(("Expected `float` >=", "Expected `float` <=")):
        return where, ConfigProblem("out of range", value)
    kind = re.match(r"Expected `(\w+)", message)
    if kind is None or kind[1] == "object":
        return where, ConfigProblem("not a table", value)
    return where, ConfigProblem("must be", value, "name" if where[0] == "players" else kind[1])


def _at(document: dict[str, Any], where: list[str]) -> Any:
    value: Any = document
    for name in where:
        value = value[name]
    return value


def _read(path: Path) -> bytes:
    """The bytes of the regular file at ``path``: ConfigError for anything else or too large.
    A link is followed: the player's own file may be one (a dotfiles checkout)."""
    try:
        return read_regular(path, MAX_SIZE, links=True)
    except BadFile as bad:
        if bad.why == TOO_LARGE:
            raise ConfigError(path, None, ConfigProblem("too large", bad.size // 2**20)) from None
        raise ConfigError(path, None, ConfigProblem("not a regular file", detail=bad.why)) from None


def _parse(data: bytes, path: Path) -> dict[str, Any]:
    """The TOML document in ``data``; ConfigError if it is not TOML or not UTF-8."""
    import tomllib  # deferred: start-up (5 ms; most players have no file to parse)

    try:
        return tomllib.loads(data.decode("utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(path, None, ConfigProblem("not TOML", detail=str(error))) from None
    except UnicodeDecodeError:
        raise ConfigError(path, None, ConfigProblem("not UTF-8")) from None
    except RecursionError:
        # tomllib parses nested arrays and inline tables by recursion: some 500 levels
        # exhaust Python's stack. No config needs more than three.
        raise ConfigError(path, None, ConfigProblem("too deep")) from None


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
        document = tomlkit.parse(_read(path).decode("utf-8"))
    except FileNotFoundError:
        document = tomlkit.document()
    except (OSError, UnicodeDecodeError) as error:
        raise ConfigError(path, None, _cannot_save(error)) from None
    except TOMLKitError as error:
        raise ConfigError(path, None, ConfigProblem("not TOML", detail=str(error))) from None
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


def _cannot_save(error: BaseException) -> ConfigProblem:
    reason = (error.strerror or str(error)) if isinstance(error, OSError) else None
    return ConfigProblem("cannot save", detail=reason)
