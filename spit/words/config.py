"""The config file's and key map's problems (settings' typed errors), each in one line."""

from __future__ import annotations

from typing import Any

from spit.i18n import _
from spit.printable import printable
from spit.settings.config import (
    BadBinding,
    BadName,
    CannotRead,
    CannotSave,
    ConfigError,
    ConfigProblem,
    Expected,
    FileKind,
    MustBe,
    NoSuchFile,
    NotAKeyName,
    NotARegularFile,
    NotATable,
    NotToml,
    NotUtf8,
    SecondsOutOfRange,
    TooDeep,
    TooLarge,
    UnknownChoice,
    UnknownEntry,
    UnknownLanguage,
    UnknownLayout,
)
from spit.settings.keymap import PRESET_NAMES, KeyMapError, KeyProblem
from spit.words.numbers import Number


def config_error(error: ConfigError) -> str:
    """A config file's problem in one line, naming the file and the entry."""
    problem = error.problem
    if isinstance(problem, BadBinding) and problem.error.control_id is None:
        return key_map_error(problem.error)  # a preset unknown to the key map: no file
    # TOML parse errors and OS messages are one line already; this keeps it that way.
    said = printable(" ".join(config_problem(problem).split()))
    where = printable(error.path) if error.path is not None else _("the config file")
    if error.entry:
        return config_entry_error(path=where, entry=error.entry, problem=said)
    return config_file_error(path=where, problem=said)


def key_map_error(error: KeyMapError) -> str:
    """A key map's problem in one line, naming the action id if one is at fault."""
    problem = binding_problem(error)
    shown = f"{printable(error.control_id)}: {problem}" if error.control_id else problem
    return printable(shown)


def config_problem(problem: ConfigProblem) -> str:
    """What is wrong with the config file, without the file and the entry."""
    match problem:
        case NoSuchFile():
            return _(
                "no such file (SPIT_CONFIG names it; unset SPIT_CONFIG to use the usual "
                "config file)"
            )
        case CannotRead(reason=reason):
            return cannot_read(reason=reason)
        case NotARegularFile(kind=kind):
            return not_a_regular_file(what=file_kind(kind))
        case TooLarge(size=size, limit=limit):
            return config_too_large(size=size, limit=limit)
        case NotToml(error=parser):
            return not_toml(error=parser)
        case NotUtf8():
            return _("not UTF-8 text")
        case TooDeep():
            return _("not valid TOML: nested too deeply")
        case UnknownLanguage(name=name, choices=choices):
            return unknown_language(name=name, choices=", ".join(choices))
        case UnknownLayout(name=name, choices=choices):
            return unknown_layout(name=name, choices=", ".join(choices))
        case NotAKeyName(value=value):
            return not_a_key_name(value=_show(value))
        case SecondsOutOfRange(low=low, high=high, value=value):
            return seconds_out_of_range(low=low, high=high, value=_show(value))
        case UnknownChoice(name=name, choices=choices):
            return unknown_choice(name=name, choices=", ".join(choices))
        case BadName(longest=longest, value=value):
            return bad_name(n=longest, value=_show(value))
        case UnknownEntry(table=table, allowed=allowed):
            what = _("unknown table") if table else _("unknown setting")
            return expected_one_of(what=what, allowed=", ".join(allowed))
        case NotATable(value=value):
            return not_a_table(value=_show(value))
        case MustBe(expected=kind, value=value):
            return must_be(expected=expected(kind), value=_show(value))
        case CannotSave(reason=reason):
            return cannot_save(reason=_("not UTF-8 text") if reason is None else reason)
        case BadBinding(error=refused, preset=preset):
            said = binding_problem(refused)
            return said if preset is None else in_layout(problem=said, preset=preset)


def _show(value: Any) -> str:
    """A value as a player would recognise it from the file, on one line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, dict):
        return _("a table")
    if isinstance(value, list):
        return _("a list")
    return " ".join(str(value).split())


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
        low=Number(low), high=Number(high), value=value
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


def config_file_error(*, path: object, problem: str) -> str:
    """A config file's problem."""
    return _("config error in {path}: {problem}").format(path=path, problem=problem)


def cannot_save(*, reason: object) -> str:
    """The menu's choices cannot be written to the config file."""
    return _("cannot save the menu's choices: {reason}").format(reason=reason)


def file_kind(kind: FileKind) -> str:
    """What a path names, when it is no regular file."""
    match kind:
        case FileKind.DIRECTORY:
            return _("a directory")
        case FileKind.NAMED_PIPE:
            return _("a named pipe")
        case FileKind.CHARACTER_DEVICE:
            return _("a character device")
        case FileKind.BLOCK_DEVICE:
            return _("a block device")
        case FileKind.SOCKET:
            return _("a socket")
        case FileKind.NOT_A_FILE:
            return _("not a file")


def expected(kind: Expected) -> str:
    """What a config entry must be: "must be {expected}"."""
    match kind:
        case Expected.STRING:
            return _("a string")
        case Expected.NUMBER:
            return _("a number")
        case Expected.TRUE_OR_FALSE:
            return _("true or false")
        case Expected.NAME:
            return _("a name in quotes")


def key_combination(*, key: object) -> str:
    """A binding to a key combination, which no action can take."""
    return _("{key!r} is a key combination; bind a single key").format(key=key)


def unknown_key(*, key: object) -> str:
    """A binding to a key name Textual never reports."""
    return _("unknown key name {key!r}").format(key=key)


def reserved_key(*, key: object) -> str:
    """A binding to a key that help, pause, quit or focus keep."""
    return _("{key!r} is reserved for help, pause, quit and focus").format(key=key)


def key_taken_by_id(*, key: object, other: str) -> str:
    """A binding to a key another action (``other``, its id) has."""
    return _("{key!r} is already the key for {other}").format(key=key, other=other)


def binding_problem(error: KeyMapError) -> str:
    """What is wrong with a key map or a binding, without the action id."""
    key = error.key
    match error.problem:
        case KeyProblem.UNKNOWN_LAYOUT:
            return unknown_layout(name=error.layout or "", choices=", ".join(PRESET_NAMES))
        case KeyProblem.NO_SUCH_ACTION:
            return _(
                "no such action (action ids look like p1.stock3.left, p2.stock1.fill, p1.spit)"
            )
        case KeyProblem.KEY_COMBINATION:
            return key_combination(key=key)
        case KeyProblem.UNKNOWN_KEY:
            return unknown_key(key=key)
        case KeyProblem.RESERVED_KEY:
            return reserved_key(key=key)
        case KeyProblem.KEY_TAKEN:
            return key_taken_by_id(key=key, other=error.other or "")
