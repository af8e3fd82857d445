"""Waiting for what a real terminal or browser shows: read it again until it holds."""

from __future__ import annotations

import time
from collections.abc import Callable


def wait_for_text(
    read: Callable[[], str], what: str | Callable[[str], bool], timeout: float, where: str
) -> str:
    """``read()``, once it holds ``what`` (or ``what(text)`` holds); fails after ``timeout``
    seconds, showing the text it last read (``where`` names it: "the screen was")."""
    check = what if callable(what) else (lambda text: what in text)
    deadline = time.monotonic() + timeout
    text = ""
    while time.monotonic() < deadline:
        text = read()
        if check(text):
            return text
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what!r}; {where}:\n{text}")
