"""The adaptive bot at a table: it says which level it plays, and remembers the player
between matches in the data directory (issue 13)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from spit.engine import Match, RoundDealt
from spit.game import bot_driver
from spit.game.driver import AdaptiveDriver, adaptive_path
from tests.game.test_bot_driver import FakeSeat


def seated() -> tuple[FakeSeat, AdaptiveDriver]:
    seat = FakeSeat(Match.new(3))
    driver = bot_driver("adaptive", 7)
    assert isinstance(driver, AdaptiveDriver)
    seat.opponent = driver  # type: ignore[assignment]
    driver.start(seat)  # type: ignore[arg-type]
    return seat, driver


def test_a_first_match_starts_in_the_middle_of_the_ladder(data_dir: Path) -> None:
    _, driver = seated()
    assert driver.playing == "regular"


def test_what_it_learned_is_kept_after_every_round_and_at_the_end(data_dir: Path) -> None:
    _, driver = seated()
    driver.table_changed((RoundDealt(2, 2),))
    assert json.loads(adaptive_path().read_text())["estimate"] == 3.0
    adaptive_path().unlink()
    driver.stop()
    assert set(json.loads(adaptive_path().read_text())) == {"estimate", "weight"}


def test_the_next_match_starts_where_the_last_one_left_off(data_dir: Path) -> None:
    adaptive_path().parent.mkdir(parents=True)
    adaptive_path().write_text(json.dumps({"estimate": 5.2, "weight": 6.0}))
    _, driver = seated()
    assert driver.playing == "fast"


def test_a_damaged_memory_is_a_fresh_start(data_dir: Path) -> None:
    adaptive_path().parent.mkdir(parents=True)
    for junk in ("{not json", "[1, 2]", '{"estimate": "high", "weight": NaN}'):
        adaptive_path().write_text(junk)
        _, driver = seated()
        assert driver.playing == "regular"


@pytest.mark.timeout(20)
def test_a_memory_that_is_no_regular_file_is_a_fresh_start_and_replaced(data_dir: Path) -> None:
    """A named pipe would wait for a writer for ever; a link is not followed."""
    adaptive_path().parent.mkdir(parents=True)
    os.mkfifo(adaptive_path())
    _, driver = seated()
    assert driver.playing == "regular"
    driver.stop()
    assert adaptive_path().is_file()  # the next save puts a file of its own in its place
