"""Text from outside shown in a message: one line, nothing a terminal would act on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from spit.printable import printable


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("p1.spit", "p1.spit"),
        ("Ελένη ქეთი Ģirts", "Ελένη ქეთი Ģirts"),
        ("a\nb", "a\\nb"),
        ("\x1b[2J", "\\x1b[2J"),
        ("\x9b2J", "\\x9b2J"),
        ("\u202eevil", "\\u202eevil"),
        ("a\u2028b", "a\\u2028b"),
        ("\U000e0001", "\\U000e0001"),
    ],
)
def test_control_characters_become_escapes_and_letters_stay(text, shown):
    assert printable(text) == shown


@given(st.text())
def test_anything_becomes_one_printable_line_and_stays_so(text):
    shown = printable(text)
    assert shown.isprintable()
    assert printable(shown) == shown
