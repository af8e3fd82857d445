"""The commands' number flags: one argparse type for a number within bounds, worded per flag."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from spit import words
from spit.printable import printable
from spit.words.numbers import Number

N = TypeVar("N", int, float)


def bounded(
    read: Callable[[str], N],
    low: N | None,
    high: N | None,
    out_of_range: Callable[[], str],
    not_a_number: Callable[..., str] | None = None,
) -> Callable[[str], N]:
    """An argparse type: ``read(text)`` within [low, high] (None: no bound). A number out of
    them is the message ``out_of_range()`` gives (in the language on when the flag is read),
    with its ``{text}``, ``{value}``, ``{low}`` and ``{high}``; no number at all is
    ``not_a_number(text=text)`` (by default, :func:`spit.words.commands.not_a_number`)."""

    def parse(text: str) -> N:
        try:
            value = read(text)
        except ValueError:
            said = (not_a_number or words.commands.not_a_number)(text=text)
            raise argparse.ArgumentTypeError(said) from None
        # Written as "not within", so that NaN (never within anything) is refused too.
        if (low is not None and not low <= value) or (high is not None and not value <= high):
            bounds = {"low": Number(low or 0), "high": Number(high or 0)}
            said = out_of_range().format(text=printable(text), value=value, **bounds)
            raise argparse.ArgumentTypeError(said)
        return value

    return parse
