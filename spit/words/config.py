"""The config file's and key map's problems (settings' typed errors), each in one line."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from spit.engine import LOCKOUT_RANGE
from spit.i18n import _, ngettext
from spit.printable import printable
from spit.settings.config import MAX_SIZE, NAME_LENGTH, ConfigError, ConfigProblem
from spit.settings.keymap import PRESET_NAMES, KeyMapError, KeyProblem
from spit.words.numbers import Number


def config_error(error: ConfigError) -> str:
    """A config file's problem in one line, naming the file and the entry."""
    problem = error.problem
    if problem.binding is not None and problem.binding.control_id is None:
        return key_map_error(problem.binding)  # a preset unknown to the key map: no file
    # TOML parse errors and OS messages are one line already; this keeps it that way.
    said = printable(" ".join(config_problem(problem).split()))
    where = printable(error.path) if error.path is not None else _("the config file")
    if error.entry:
        return _("config error in {path}: {entry}: {problem}").format(
            path=where, entry=error.entry, problem=said
        )
    return _("config error in {path}: {problem}").format(path=where, problem=said)


def key_map_error(error: KeyMapError) -> str:
    """A key map's problem in one line, naming the action id if one is at fault."""
    problem = binding_problem(error)
    shown = f"{printable(error.control_id)}: {problem}" if error.control_id else problem
    return printable(shown)


def config_problem(problem: ConfigProblem) -> str:
    """What is wrong with the config file, without the file and the entry."""
    value, detail, choices = problem.value, problem.detail or "", ", ".join(problem.choices)
    match problem.kind:
        case "no such file":
            return _(
                "no such file (SPIT_CONFIG names it; unset SPIT_CONFIG to use the usual "
                "config file)"
            )
        case "cannot read":
            return _("cannot read it: {reason}").format(reason=detail)
        case "not a regular file":
            return _("not a regular file but {what}").format(what=_FILE_KINDS[detail]())
        case "too large":
            return _("too large ({size} MiB; a config file is at most {limit} MiB)").format(
                size=value, limit=MAX_SIZE // 2**20
            )
        case "not TOML":
            return _("not valid TOML: {error}").format(error=detail)
        case "not UTF-8":
            return _("not UTF-8 text")
        case "too deep":
            return _("not valid TOML: nested too deeply")
        case "unknown language":
            return _("unknown language {name!r} (choose from {choices})").format(
                name=value, choices=choices
            )
        case "unknown layout":
            return _unknown_layout(value, problem.choices)
        case "unknown choice":
            return _("unknown choice {name!r} (choose from {choices})").format(
                name=value, choices=choices
            )
        case "unknown table" | "unknown setting":
            what = _("unknown table") if problem.kind == "unknown table" else _("unknown setting")
            return _("{what} (expected {allowed})").format(what=what, allowed=choices)
        case "not a table":
            return _("must be a table, not {value}").format(value=_show(value))
        case "must be":
            return _("must be {expected}, not {value}").format(
                expected=_EXPECTED[detail](), value=_show(value)
            )
        case "not a key name":
            return _("must be a key name in quotes, not {value}").format(value=_show(value))
        case "out of range":
            low, high = LOCKOUT_RANGE
            return _("must be between {low:g} and {high:g} seconds, not {value}").format(
                low=Number(low), high=Number(high), value=_show(value)
            )
        case "bad name":
            return ngettext(
                "a name is 1 to {n} letter, digit or space, not {value}",
                "a name is 1 to {n} letters, digits or spaces, not {value}",
                NAME_LENGTH,
            ).format(n=NAME_LENGTH, value=_show(value))
        case "cannot save":
            return _("cannot save the menu's choices: {reason}").format(
                reason=_("not UTF-8 text") if problem.detail is None else detail
            )
        case "bad binding":
            assert problem.binding is not None
            said = binding_problem(problem.binding)
            if problem.detail is None:
                return said
            return _("{problem} in the {preset} layout").format(problem=said, preset=detail)


def _unknown_layout(name: object, choices: tuple[str, ...]) -> str:
    return _("unknown keyboard layout {name!r} (choose from {choices})").format(
        name=name, choices=", ".join(choices)
    )


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


_FILE_KINDS: Final[dict[str, Callable[[], str]]] = {
    "directory": lambda: _("a directory"),
    "named pipe": lambda: _("a named pipe"),
    "character device": lambda: _("a character device"),
    "block device": lambda: _("a block device"),
    "socket": lambda: _("a socket"),
    "not a file": lambda: _("not a file"),
}
"""What a path names, when it is no regular file (looked up when said: the language may change)."""

_EXPECTED: Final[dict[str, Callable[[], str]]] = {
    "str": lambda: _("a string"),
    "float": lambda: _("a number"),
    "bool": lambda: _("true or false"),
    "name": lambda: _("a name in quotes"),
}
"""What a config entry must be: "must be {expected}"."""


def binding_problem(error: KeyMapError) -> str:
    """What is wrong with a key map or a binding, without the action id."""
    key = error.key
    match error.problem:
        case KeyProblem.UNKNOWN_LAYOUT:
            return _unknown_layout(error.layout or "", PRESET_NAMES)
        case KeyProblem.NO_SUCH_ACTION:
            return _(
                "no such action (action ids look like p1.stock3.left, p2.stock1.fill, p1.spit)"
            )
        case KeyProblem.KEY_COMBINATION:
            return _("{key!r} is a key combination; bind a single key").format(key=key)
        case KeyProblem.UNKNOWN_KEY:
            return _("unknown key name {key!r}").format(key=key)
        case KeyProblem.RESERVED_KEY:
            return _("{key!r} is reserved for help, pause, quit and focus").format(key=key)
        case KeyProblem.KEY_TAKEN:
            return _("{key!r} is already the key for {other}").format(
                key=key, other=error.other or ""
            )
