"""The commands' number flags: one argparse type for a number within bounds, worded per flag."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

Number = TypeVar("Number", int, float)


def bounded(
    read: Callable[[str], Number],
    low: Number | None,
    high: Number | None,
    *,
    not_a_number: Callable[[str], str],
    out_of_range: Callable[[str, Number], str],
) -> Callable[[str], Number]:
    """An argparse type: ``read(text)`` within [low, high] (None: no bound), each problem
    worded by ``not_a_number(text)`` or ``out_of_range(text, value)``."""

    def parse(text: str) -> Number:
        try:
            value = read(text)
        except ValueError:
            raise argparse.ArgumentTypeError(not_a_number(text)) from None
        # Written as "not within", so that NaN (never within anything) is refused too.
        if (low is not None and not low <= value) or (high is not None and not value <= high):
            raise argparse.ArgumentTypeError(out_of_range(text, value))
        return value

    return parse
