"""The guards around Textual's terminal input, in-process (the tmux tests play them for real)."""

from __future__ import annotations

import codecs

import pytest
from textual import events
from textual._xterm_parser import XTermParser

import spit.app.app  # noqa: F401  (installs the guards)
from spit.app.terminal import forged_resize, signal_status


def keys(data: str) -> list[str]:
    parser = XTermParser()
    return [e.key for e in [*parser.feed(data), *parser.feed("")] if isinstance(e, events.Key)]


@pytest.mark.parametrize("sequence", ["\x1b[1114112u", "\x1b[9999999999999A", "\x1b[97;1;1114112u"])
def test_a_key_sequence_beyond_unicode_is_dropped_whole(sequence: str) -> None:
    assert keys(sequence + "a") == ["a"]


@pytest.mark.parametrize(
    ("sequence", "key"), [("\x1b[97u", "a"), ("\x1b[A", "up"), ("\x1b[1;5A", "ctrl+up")]
)
def test_every_other_sequence_is_read_as_before(sequence: str, key: str) -> None:
    assert keys(sequence) == [key]


def test_the_drivers_decode_bad_utf8_as_a_replacement_character() -> None:
    from textual.drivers import linux_driver

    decode = linux_driver.getincrementaldecoder("utf-8")().decode
    assert decode(b"\xff\xfe\xc3") + decode(b"a", final=True) == "\ufffd\ufffd\ufffda"
    assert codecs.getincrementaldecoder("utf-8")().errors == "strict"  # only the drivers'


def test_a_resize_is_forged_only_if_the_terminal_disagrees() -> None:
    assert forged_resize((99999, 99999), None) is False  # nothing to ask: taken as it is


def test_a_signal_exits_with_128_plus_its_number() -> None:
    assert [signal_status(n) for n in (15, 1, 2)] == [143, 129, 130]
