"""The signals that end spit, before its app is up: while a record is read (which can take
seconds for a long one) and until the app answers them itself.

A signal stops :func:`interrupting` work at once; one that comes after it and before the
app is up is kept (:func:`take_pending`) for the app to end with. No Textual: ``spit stats``
uses it too.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Final

SIGNALS: Final = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT)
"""Signals that end the game as Ctrl+Q does."""


def signal_status(signum: int) -> int:
    """The exit status after ending on signal ``signum``: 128 + its number, as shells report."""
    return 128 + signum


class Signalled(BaseException):
    """A signal came while :func:`interrupting` work ran. A BaseException, like
    KeyboardInterrupt, so that no ``except Exception`` on the way takes it for a failure."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def status(self) -> int:
        return signal_status(self.signum)


_pending: int | None = None


def _raise(signum: int, frame: object) -> None:
    raise Signalled(signum)


def _keep(signum: int, frame: object) -> None:
    global _pending
    if _pending is None:
        _pending = signum


@contextmanager
def interrupting(*, then_keep: bool = False) -> Iterator[None]:
    """While the body runs, each of :data:`SIGNALS` raises :class:`Signalled` in it; then the
    handlers before come back, or with ``then_keep`` a signal is kept (:func:`take_pending`)."""
    try:
        previous = {signum: signal.signal(signum, _raise) for signum in SIGNALS}
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, _keep if then_keep else handler)


def take_pending() -> int | None:
    """The signal kept since :func:`interrupting` ended (None if none came), forgotten here."""
    global _pending
    signum, _pending = _pending, None
    return signum
