"""Numbers as the language writes them: ``0,42 s`` and ``1.234`` in German, through Babel."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Final

from spit.i18n import SOURCE_LANGUAGE, language

_SPEC: Final = re.compile(r"(?P<group>,)?(?:\.(?P<places>\d+))?(?P<kind>[dfg%])?")
"""The part of Python's format mini-language spit's messages use: ``,``, ``.2f``, ``g``, ``.1%``."""


class Number:
    """A number that formats itself for the language that is on, by Python's format spec.

    A message keeps Python's format spec (``{seconds:.2f}``, ``{n:,}``), so its msgid and every
    translation stay as they are; :class:`Number` reads that spec and asks Babel (the field's
    CLDR data, the same Babel the catalogues are built with) for the language's decimal mark and
    grouping. English is written by Python's own ``format``, so it stays byte for byte.
    """

    __slots__ = ("value",)

    def __init__(self, value: float) -> None:
        self.value = value
        """The number."""

    def __format__(self, spec: str) -> str:
        if language() == SOURCE_LANGUAGE:
            return format(self.value, spec)
        match = _SPEC.fullmatch(spec)
        if match is None:  # a spec we do not speak (width, fill): Python's, unlocalised
            return format(self.value, spec)
        return _babel(self.value, match["group"] is not None, match["places"], match["kind"])

    def __str__(self) -> str:
        return format(self, "")


def number(value: float, spec: str = "") -> str:
    """``value`` written by ``spec`` (``",.1f"``, ``".2f"``, ``".1%"``) in the language."""
    return format(Number(value), spec)


def _babel(value: float, group: bool, places: str | None, kind: str | None) -> str:
    from babel.numbers import format_decimal, format_percent  # not at start: English needs none

    # Decimal(float) is exact, so Babel rounds as Python's format does (half to even on the
    # true binary value), not on the float's shortest repr.
    exact = Decimal(value) if isinstance(value, float) else Decimal(int(value))
    integer = "#,##0" if group else "0"
    if kind in ("f", "%"):
        digits = int(places) if places is not None else 6
        pattern = integer + ("." + "0" * digits if digits else "")
    elif kind == "g" or (kind is None and isinstance(value, float)):
        pattern = integer + ".######"
    else:
        pattern = integer
    if kind == "%":
        return format_percent(exact, _percent_pattern(pattern), locale=language())
    return format_decimal(exact, pattern, locale=language())


_NUMBER_PART: Final = re.compile(r"[#0,.]+")
"""The digits of a CLDR pattern (``#,##0``), between its prefix and suffix (`` %``)."""


def _percent_pattern(number: str) -> str:
    """The language's own percent pattern (German ``#,##0 %``, with a no-break space) with
    its digits written by ``number``, so the places the message asks for stay."""
    from babel import Locale  # not at start: English needs none

    own = Locale.parse(language()).percent_formats[None].pattern.split(";")[0]
    return _NUMBER_PART.sub(number, own, count=1)
