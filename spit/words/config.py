"""The config file's problems, each in one line naming the entry."""

from __future__ import annotations

from spit.i18n import _


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
