"""Text from outside the game (a file, a flag, a key map, a path) made safe to show in a message.

A config entry named ``"p1.spit\\nspit: all fine, starting"`` must not forge a second line,
nor ``"\\x1b[2J"`` clear the player's screen. Every message that quotes such text passes it
through :func:`printable`; ``repr()`` is safe too, and is used where quotes are wanted.
"""

from __future__ import annotations

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text: object) -> str:
    """``text`` with every character a terminal would act on or not show written as an escape.

    Printable characters, any script's letters included, stay as they are; control characters,
    line and paragraph separators, bidirectional overrides and the like become ``\\n``,
    ``\\x1b``, ``\\u202e``. The result is one line, and passing it through again changes nothing.
    """
    text = str(text)
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else _escape(ch) for ch in text)


def _escape(ch: str) -> str:
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    if code < 0x100:
        return f"\\x{code:02x}"
    if code < 0x10000:
        return f"\\u{code:04x}"
    return f"\\U{code:08x}"
