"""What the terminal can throw at the game: bad key sequences, signals and crashes.

- **Bad key sequences.** Textual's xterm parser reads the Kitty keyboard protocol's
  ``CSI code ; modifiers u`` (and ``CSI number A``…) by calling ``chr(code)``. A code beyond
  Unicode, typed or pasted (``\\e[1114112u``, ``\\e[9999999999999A``), raised ``ValueError`` or
  ``OverflowError`` in the input thread, and Textual ended the app (with status 0).
  :func:`guard_input_parser` wraps that one method, ``XTermParser._parse_extended_key``, so
  such a sequence is dropped as an ignored key and play goes on. It is the narrowest
  place: the parser has read the whole sequence by then (nothing of it leaks out as
  keys), and every other sequence is parsed exactly as before. All Textual drivers
  (Linux, inline, web, Windows) make their parser from this class.
- **Bytes that are not UTF-8.** The Linux, inline and web drivers decode input with a
  strict UTF-8 decoder, so a stray ``\\xff`` ended the game (``UnicodeDecodeError`` in the
  input thread). :func:`guard_input_decoding` gives those drivers a decoder that turns such
  bytes into U+FFFD, which is no key of the game.
- **A resize nobody made.** ``ESC[48;H;W;…t`` is the in-band resize report; Textual takes
  it from the input whenever it comes, so a pasted ``ESC[48;99999;99999;1;1t`` made the app
  lay out a 99999×99999 screen and stop answering. :func:`forged_resize` tells the app to
  drop a resize to a size the terminal does not have.
- **Signals.** SIGTERM, SIGHUP and SIGINT end the app the way Ctrl+Q does (``App.exit``),
  so the terminal is restored and whatever quitting saves is saved; the exit status is
  the shell's convention for a signal, 128 + its number (143, 129, 130).
- **Crashes.** A crash exits with status 1 and one line on stderr; the traceback goes to
  a file in the user's log directory (:func:`crash_log_dir`), which that line names.
"""

from __future__ import annotations

import datetime as _datetime
import os
import signal
from codecs import getincrementaldecoder as codecs_getincrementaldecoder
from functools import wraps
from pathlib import Path
from typing import Any

CRASH_STATUS = 1
"""Exit status after a crash."""

SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
"""Signals that end the game as Ctrl+Q does."""

LOG_DIR_VARIABLE = "SPIT_LOG_DIR"
"""Names the directory for crash logs instead of the user's log directory."""


def signal_status(signum: int) -> int:
    """The exit status after ending on signal ``signum``: 128 + its number, as shells report."""
    return 128 + signum


def guard_input_parser() -> None:
    """Make Textual's xterm parser drop a key sequence naming a code point beyond Unicode.

    Idempotent. Raises ``RuntimeError`` if Textual no longer has the method guarded, so an
    upgrade that moves it fails the tests rather than silently unguarding the game.
    """
    from textual import events
    from textual._xterm_parser import XTermParser
    from textual.keys import Keys

    method = XTermParser.__dict__.get("_parse_extended_key")
    if method is None:
        raise RuntimeError("textual's XTermParser has no _parse_extended_key to guard")
    if getattr(method, "_spit_guarded", False):
        return

    @wraps(method)
    def parse_extended_key(self: Any, sequence: str) -> list[events.Key] | None:
        try:
            return method(self, sequence)
        except (ValueError, OverflowError):
            # A code point past U+10FFFF: no key has it. An "ignore" key ends the sequence
            # here (the parser logs and drops it) instead of re-issuing its characters.
            return [events.Key(Keys.Ignore, sequence)]

    parse_extended_key._spit_guarded = True  # type: ignore[attr-defined]
    XTermParser._parse_extended_key = parse_extended_key  # type: ignore[method-assign]


def guard_input_decoding() -> None:
    """Make Textual's drivers decode their input leniently: bad UTF-8 becomes U+FFFD. Idempotent."""
    import codecs
    import importlib

    for name in ("linux_driver", "linux_inline_driver", "web_driver"):
        try:
            module = importlib.import_module(f"textual.drivers.{name}")
        except ImportError:  # a driver for another platform
            continue
        if getattr(module.getincrementaldecoder, "_spit_guarded", False):
            continue
        if module.getincrementaldecoder is not codecs.getincrementaldecoder:
            raise RuntimeError(f"textual.drivers.{name} no longer decodes with codecs")
        module.getincrementaldecoder = _lenient_decoder


def _lenient_decoder(encoding: str) -> Any:
    factory = codecs_getincrementaldecoder(encoding)
    return lambda errors="replace": factory(errors)


_lenient_decoder._spit_guarded = True  # type: ignore[attr-defined]


def forged_resize(size: tuple[int, int], fd: int | None) -> bool:
    """Whether a resize to ``size`` (width, height) is one the terminal on ``fd`` did not make.

    The terminal's own size is asked of the kernel (as Textual does on SIGWINCH); a genuine
    in-band report agrees with it. Without a terminal to ask, nothing counts as forged.
    """
    if fd is None:
        return False
    try:
        real = os.get_terminal_size(fd)
    except OSError:
        return False
    return (size[0], size[1]) != (real.columns, real.lines)


def crash_log_dir() -> Path:
    """Where crash logs go: ``$SPIT_LOG_DIR``, else platformdirs' user log directory."""
    override = os.environ.get(LOG_DIR_VARIABLE)
    if override:
        return Path(override).expanduser()
    import platformdirs

    return Path(platformdirs.user_log_dir("spit"))


def write_crash_log(text: str) -> Path | None:
    """Write ``text`` to a new crash log; its path, or None if it could not be written."""
    stamp = _datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    try:
        directory = crash_log_dir()
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"crash-{stamp}-{os.getpid()}.log"
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    return path
