"""What the terminal can throw at the game: bad key sequences and bytes, a forged resize,
signals, a terminal that goes away, and crashes (one line on stderr naming the log file that
holds the traceback). Each guard says what it once broke.
"""

from __future__ import annotations

import asyncio
import codecs
import contextlib
import datetime as _datetime
import importlib
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from functools import wraps
from io import StringIO
from pathlib import Path
from typing import Any

from rich.console import Console, RenderableType
from textual import events, on
from textual._xterm_parser import XTermParser
from textual.app import App
from textual.drivers import _writer_thread
from textual.drivers.linux_driver import LinuxDriver
from textual.filter import LineFilter
from textual.keys import Keys

from spit import words
from spit.app.ascii import AsciiFilter
from spit.app.signals import SIGNALS, signal_status, take_pending
from spit.app.table import has_room
from spit.i18n import _
from spit.printable import printable

CRASH_STATUS = 1

EXIT_GRACE = 5.0
"""Seconds the orderly exit after a signal may take before the process is ended anyway
(with the signal's status): restoring the terminal takes milliseconds, so only an app
that is stuck ever meets it."""

LOG_DIR_VARIABLE = "SPIT_LOG_DIR"


def guard_input_parser() -> None:
    """Make Textual's xterm parser drop a key sequence naming a code point beyond Unicode: it
    called ``chr(code)`` on a Kitty ``CSI code u`` (``\\e[1114112u``), which raised in the
    input thread and ended the app. The sequence is dropped whole, as an ignored key.

    Idempotent. Raises ``RuntimeError`` if Textual no longer has the method guarded, so an
    upgrade that moves it fails the tests rather than silently unguarding the game.
    """
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
    XTermParser._parse_extended_key = parse_extended_key  # type: ignore[assignment]  # a patch


def guard_terminal_loss() -> None:
    """Keep a terminal that goes away from hanging Textual's Linux driver. Idempotent.

    It sends SIGHUP *and SIGCONT*; Textual's SIGCONT handler restarted the output as after a
    Ctrl+Z: a second writer thread died on its first write (EIO), its queue filled, and the
    app's thread blocked in ``queue.put`` for good. Now only what a SIGTSTP suspended is
    resumed, and the writer drops what it can no longer write."""
    resume = LinuxDriver.__dict__.get("_sigcont_application")
    writer = _writer_thread.WriterThread
    run = writer.__dict__.get("run")
    if resume is None or run is None:
        raise RuntimeError("textual's LinuxDriver or WriterThread no longer has what is guarded")
    if not getattr(resume, "_spit_guarded", False):

        @wraps(resume)
        def sigcont(self: Any, *args: Any) -> None:
            # Textual's SIGTSTP handler sets the flag when it suspends the app, and
            # start_application_mode clears it: a SIGCONT with the flag down (the one that
            # comes with a hang-up, or a stray `kill -CONT`) has nothing to resume.
            if getattr(self, "_must_signal_resume", False):
                resume(self, *args)

        sigcont._spit_guarded = True  # type: ignore[attr-defined]
        LinuxDriver._sigcont_application = sigcont  # type: ignore[method-assign]
    if not getattr(run, "_spit_guarded", False):
        writer.run = _writer_run  # type: ignore[method-assign]


def _writer_run(self: Any) -> None:
    """Textual's ``WriterThread.run``, but a file that can no longer be written (the terminal
    is gone: EIO) is let go of, and the queue is still emptied until the stop: whoever
    writes or stops the thread never waits on a queue nobody empties."""
    write = self._file.write
    flush = self._file.flush
    get = self._queue.get
    qsize = self._queue.qsize
    gone = False
    while True:
        text: str | None = get()
        if text is None:
            break
        if gone:
            continue
        try:
            write(text)
            if qsize() == 0:
                flush()
        except (OSError, ValueError):
            gone = True  # ValueError: the file was closed
    if not gone:
        with contextlib.suppress(OSError, ValueError):
            flush()


_writer_run._spit_guarded = True  # type: ignore[attr-defined]


def guard_input_decoding() -> None:
    """Make Textual's drivers decode their input leniently: bad UTF-8 (a stray ``\\xff`` ended
    the game) becomes U+FFFD, no key of the game. Idempotent.

    The web driver is guarded when this process runs on it: Textual takes the driver that
    ``TEXTUAL_DRIVER`` names (textual-serve's pages and the browser seats name the web
    driver or spit's own on it), or when it is loaded already. Otherwise it is not loaded
    (2 ms at every start) and needs no guard.
    """
    names = ["linux_driver", "linux_inline_driver"]
    if os.environ.get("TEXTUAL_DRIVER") or "textual.drivers.web_driver" in sys.modules:
        names.append("web_driver")
    for name in names:
        try:
            module: Any = importlib.import_module(f"textual.drivers.{name}")  # patched below
        except ImportError:  # a driver for another platform
            continue
        if getattr(module.getincrementaldecoder, "_spit_guarded", False):
            continue
        if module.getincrementaldecoder is not codecs.getincrementaldecoder:
            raise RuntimeError(f"textual.drivers.{name} no longer decodes with codecs")
        module.getincrementaldecoder = _lenient_decoder


def _lenient_decoder(encoding: str) -> Any:
    factory = codecs.getincrementaldecoder(encoding)
    return lambda errors="replace": factory(errors)


_lenient_decoder._spit_guarded = True  # type: ignore[attr-defined]


def forged_resize(size: tuple[int, int], fd: int | None) -> bool:
    """Whether the terminal on ``fd`` (asked as Textual does on SIGWINCH) is not ``size``:
    Textual takes the in-band resize report ``ESC[48;H;W;…t`` from the input, and a pasted
    one made the app lay out 99999×99999 and stop answering."""
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
    import platformdirs  # deferred: only a crash needs it

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


class TerminalApp(App[None]):
    """An app that ends on a signal as on Ctrl+Q, drops a forged resize, reports a crash in
    one line, and draws ASCII only with ``--ascii`` (:mod:`spit.app.ascii`)."""

    _crash: str | None = None
    """``Type: message`` of the error the app ended on, once it has."""

    _noticed_small: bool = False

    def check_size(self) -> None:
        """Cover everything with a notice while the terminal is too small for the table."""
        width, height = self.size
        small = not has_room(width, height)
        if not small and not self._noticed_small:
            return  # no notice was ever shown, so none is there to take away
        from spit.app.dialogs.too_small import TooSmallScreen  # deferred: start-up

        covered = any(isinstance(s, TooSmallScreen) for s in self.screen_stack)
        if small and not covered:
            self._noticed_small = True
            self.push_screen(TooSmallScreen())
        elif not small and isinstance(self.screen, TooSmallScreen):
            self.pop_screen()

    _ascii = False
    _ascii_filter = AsciiFilter()

    def get_line_filters(self) -> Sequence[LineFilter]:
        """Textual's filters, and with ``--ascii`` one that makes every character ASCII."""
        filters = super().get_line_filters()
        if not self.ascii:
            return filters
        return [*filters, self._ascii_filter]

    @property
    def ascii(self) -> bool:
        """Whether the screen shows ASCII only (``--ascii``, or chosen in the menu)."""
        return self._ascii

    @ascii.setter
    def ascii(self, on: bool) -> None:
        if on == self._ascii:
            return
        self._ascii = on
        for screen in self.screen_stack:  # every line is drawn again, through the filter
            for widget in screen.walk_children(with_self=True):
                widget.refresh()

    @property
    def crashed(self) -> bool:
        """Whether the app ended on an error (the exit status is then CRASH_STATUS)."""
        return self._crash is not None

    def catch_signals(self) -> None:
        """End on SIGTERM, SIGHUP or SIGINT as on Ctrl+Q, with the shell's status (128 + the
        signal's number); headless, left to the host. The handler is Python's, not the loop's,
        so it runs even while the app is stuck, and arms a last resort (:data:`EXIT_GRACE`)."""
        if self.is_headless:
            return
        loop = asyncio.get_running_loop()

        def handler(signum: int, frame: object) -> None:
            # A Python handler runs on the main thread between two bytecodes, even while
            # it waits on a lock: the exit is asked of the loop, and the last resort armed.
            end_after(EXIT_GRACE, signal_status(signum), self._restore_terminal)
            with contextlib.suppress(RuntimeError):  # the loop has closed: nearly gone
                loop.call_soon_threadsafe(self._signalled, signum)

        for signum in SIGNALS:
            try:
                signal.signal(signum, handler)
            except (ValueError, OSError):
                return  # not the main thread, or a platform without the signal
        pending = take_pending()  # one that came after the record was read, before now
        if pending is not None:
            handler(pending, None)

    def _restore_terminal(self) -> None:
        """What the last resort gives back of the terminal: its modes, the normal screen and
        the cursor (the driver's own restore did not come in time)."""
        driver = self._driver
        fd = _terminal_fd()
        if fd is None:
            return
        attrs = getattr(driver, "attrs_before", None)
        if attrs is not None:
            with contextlib.suppress(Exception):
                import termios  # deferred: only the last resort needs it

                termios.tcsetattr(fd, termios.TCSANOW, attrs)
        with contextlib.suppress(OSError):
            os.write(fd, _RESTORE)

    @on(events.Resize)
    def _drop_forged_resize(self, event: events.Resize) -> None:
        # Runs before Textual's own resize handler, which prevent_default skips.
        if not self.is_headless and forged_resize(event.size, _terminal_fd()):
            event.prevent_default()
            event.stop()

    def _signalled(self, signum: int) -> None:
        self.exit(return_code=signal_status(signum))

    def _handle_exception(self, error: Exception) -> None:
        # Textual's hook for an exception in a handler: note it for the one-line report.
        if self._crash is None:
            self._crash = f"{type(error).__name__}: {error}"
        super()._handle_exception(error)

    def panic(self, *renderables: RenderableType) -> None:
        """End at once showing ``renderables`` — Textual's answer to an error outside a
        handler, such as one in the input thread. Counts as a crash."""
        if self._crash is None:
            self._crash = _summary(renderables)
        super().panic(*renderables)

    def _print_error_renderables(self) -> None:
        # Textual prints a crash's traceback on the terminal after restoring it: a player
        # gets one line instead, naming the log file that holds the traceback.
        if self._crash is None or not self._exit_renderables:
            super()._print_error_renderables()
            return
        text = StringIO()
        console = Console(file=text, width=120, color_system=None, force_terminal=False)
        for renderable in self._exit_renderables:
            console.print(renderable)
        self._exit_renderables.clear()
        path = write_crash_log(text.getvalue())
        where = (
            _("the details are in {path}").format(path=printable(path))
            if path is not None
            else words.dialogs.app_notice("no crash log")
        )
        print(
            words.dialogs.crashed(error=printable(self._crash), where=where),
            file=sys.__stderr__,
        )


_RESTORE = b"\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l\x1b[?1000l\x1b[?1003l\x1b[?1006l"
"""Keyboard protocol, alternate screen, cursor, focus and mouse reports as the shell had them."""

_ending = threading.Lock()


def end_after(seconds: float, status: int, restore: Callable[[], None] | None = None) -> None:
    """Arm the last resort once: unless the process has ended within ``seconds``, ``restore``
    (what of the terminal can be given back, bounded to a second) runs on a thread of its
    own and the process ends with ``status``, whatever its other threads are stuck in."""
    if not _ending.acquire(blocking=False):
        return  # armed already: the first signal's status stands

    def last_resort() -> None:
        if restore is not None:
            helper = threading.Thread(target=restore, daemon=True, name="spit-restore")
            helper.start()
            helper.join(1.0)
        os._exit(status)

    timer = threading.Timer(seconds, last_resort)
    timer.daemon = True
    timer.name = "spit-last-resort"
    timer.start()


def _summary(renderables: Sequence[object]) -> str:
    """The exception a panic shows, as ``Type: message``, for the one-line report."""
    from rich.traceback import Traceback  # deferred: only a crash needs it

    for renderable in renderables:
        if isinstance(renderable, Traceback) and renderable.trace.stacks:
            last = renderable.trace.stacks[-1]
            return f"{last.exc_type}: {last.exc_value}"
    return words.dialogs.app_notice("unexpected error")


def _terminal_fd() -> int | None:
    """The terminal the game draws on (Textual's driver writes to the original stderr)."""
    stream = sys.__stderr__
    try:
        return stream.fileno() if stream is not None and stream.isatty() else None
    except (OSError, ValueError):
        return None
