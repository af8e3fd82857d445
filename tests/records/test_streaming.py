"""Records are read entry by entry: memory does not grow with a record, and a torn tail is
passed over without being held (issue 20, item 12: a 200 MB torn tail took 428 MB for
``spit stats``; 300,000 entries 162 MB).

Memory is compared with a floor measured in the same test (``tracemalloc``'s peak while the
file's bytes are merely held, which reading the file whole costs at the least), never with a
fixed figure or a time.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from spit.records.analysis import analyse_steps, read_analysed
from spit.records.history import open_history
from spit.records.record import (
    MAX_LINE,
    Problem,
    RecordError,
    RecordWriter,
    read_record,
)
from tests.records.played import long_record, play_recorded

ENTRIES = 40_000
"""Entries in the long record: 3.8 MB, written in about a second."""


@pytest.fixture(scope="module")
def long(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return long_record(tmp_path_factory.mktemp("long"), ENTRIES)


def peak(work: Callable[[], Any]) -> int:
    """The most memory ``work`` held at once (bytes, as tracemalloc counts Python's)."""
    tracemalloc.start()
    try:
        tracemalloc.reset_peak()
        work()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def floor(path: Path) -> int:
    """What holding the file's bytes costs: what reading it whole costs at the least."""
    return peak(path.read_bytes)


@pytest.mark.long  # a measurement: the memory held while reading a record of 150,000 entries
def test_reading_a_long_record_to_resume_it_does_not_hold_its_entries(long: Path) -> None:
    record = None

    def read() -> None:
        nonlocal record
        record = read_record(long, steps=False)

    used = peak(read)
    assert record is not None and record.actions == ENTRIES and record.unfinished
    assert used < floor(long) / 10


@pytest.mark.long  # a measurement: the memory held while reading a record of 150,000 entries
def test_counting_a_long_record_does_not_hold_its_entries(long: Path, tmp_path: Path) -> None:
    """``spit stats`` indexes a record in one pass, its figures gathered on the way."""

    def index() -> None:
        with open_history(tmp_path / "history.sqlite3") as history:
            assert history.sync(long.parent) == 1

    used = peak(index)
    assert used < floor(long) / 10
    with open_history(tmp_path / "history.sqlite3") as history:
        [row] = history.rows()
    assert row.result == "unfinished"


@pytest.mark.long  # a measurement: the memory held while reading a record of 150,000 entries
def test_a_torn_tail_is_passed_over_without_being_held(long: Path, tmp_path: Path) -> None:
    """A line being written when the process died, however long: the record reads as
    unfinished from the line before it, and resuming cuts it off."""
    path = tmp_path / long.name
    data = long.read_bytes()
    tail = b"7" * (2 * len(data))
    path.write_bytes(data + b'{"n":' + tail)
    record = None

    def read() -> None:
        nonlocal record
        record = read_record(path, steps=False)

    used = peak(read)
    assert record is not None and record.torn and record.actions == ENTRIES
    assert record.whole == len(data)
    assert used < floor(long) / 10
    RecordWriter.resume(record).close()
    assert path.read_bytes().startswith(data) and path.stat().st_size < len(data) + 200


def test_a_line_too_long_for_an_entry_before_the_last_is_a_cut(tmp_path: Path) -> None:
    path, _ = play_recorded(tmp_path, seed=5, stop_after=20)
    lines = path.read_bytes().splitlines(keepends=True)
    lines[5] = b" " * (MAX_LINE + 10) + lines[5]  # valid JSON, but no line spit writes
    path.write_bytes(b"".join(lines))
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert (caught.value.line, caught.value.problem) == (6, Problem.CUT)


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_the_figures_gathered_while_reading_are_those_of_a_second_replay(
    tmp_path: Path, seed: int
) -> None:
    path, _ = play_recorded(tmp_path, seed=seed)
    record = read_analysed(path, steps=True)
    assert record.steps is not None
    assert record.analysis == analyse_steps(record.header.new_match(), record.steps)
    assert read_analysed(path).analysis == record.analysis  # kept steps or not
