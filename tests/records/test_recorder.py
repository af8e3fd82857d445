"""The recorder a game plays through: a record per match, the end, the history, one notice."""

from __future__ import annotations

import json
import random
from pathlib import Path

from spit import words
from spit.bot import Bot
from spit.engine import Match, Spit
from spit.records.history import open_history
from spit.records.record import read_record
from spit.records.recorder import MatchRecorder, players
from spit.sim.simulator import play_match


class _Played(Match):
    recorder: MatchRecorder

    def apply(self, action, at=0.0):
        result = super().apply(action, at)
        self.recorder.applied(action, at, result)
        return result


def test_a_decided_match_gets_its_end_and_goes_into_the_history(data_dir: Path) -> None:
    recorder = MatchRecorder("bot", players("bot", ("Ann", None), "hard"))
    match = _Played(random.Random(4))
    match.seed = 4
    match.recorder = recorder
    recorder.begin(match)
    path = recorder.path
    play_match(match, (Bot(0, "expert", random.Random(1)), Bot(1, "hard", random.Random(2))))
    assert recorder.path is None
    recorder.wait(30)
    record = read_record(path)
    assert record.end == "over" and record.outcome == match.outcome
    assert record.header.players[0].name == "Ann" and record.header.players[1].bot == "hard"
    with open_history() as history:
        [row] = history.rows()
    assert row.file == path.name and row.result in ("won", "lost")


def test_a_match_kept_is_unfinished_and_one_given_up_is_abandoned(data_dir: Path) -> None:
    recorder = MatchRecorder("two-player", players("two-player", (None, None), None))
    recorder.begin(Match.new(1))
    kept = recorder.path
    recorder.keep()
    recorder.begin(Match.new(2))
    given_up = recorder.path
    recorder.abandon()
    assert read_record(kept).unfinished
    assert read_record(kept).header.players[1].name is None  # no name given: no English word
    assert json.loads(kept.read_text().splitlines()[0])["players"] == [{}, {}]
    assert read_record(given_up).end == "abandoned"


def test_a_rematch_begins_a_new_record(data_dir: Path) -> None:
    recorder = MatchRecorder("two-player", players("two-player", (None, None), None))
    recorder.begin(Match.new(1))
    first = recorder.path
    recorder.begin(Match.new(2))
    assert recorder.path != first and read_record(first).unfinished
    recorder.keep()


def test_an_unwritable_data_directory_is_one_notice_and_no_record(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    notices: list[str] = []
    recorder = MatchRecorder(
        "bot",
        players("bot", (None, None), "easy"),
        notice=lambda n: notices.append(words.records.record_notice(n)),
        directory=blocker,
    )
    match = Match.new(3)
    recorder.begin(match)
    recorder.applied(Spit(0), 0.1, match.apply(Spit(0), 0.1))
    recorder.begin(Match.new(4))
    assert not recorder.recording
    assert len(notices) == 1 and notices[0].startswith("This match is not recorded: ")


def test_a_networked_record_keeps_its_seed_sealed_until_the_end(data_dir: Path) -> None:
    """The server may run on one player's machine: the deal is not on its disk during play."""
    import json
    import re

    import pytest

    from spit.records.record import RecordError

    recorder = MatchRecorder("network", players("network", ("Ann", "Ben"), None))
    match = Match.new(12345)
    recorder.begin(match)
    path = recorder.path
    for at, action in ((0.5, Spit(0)), (0.6, Spit(1))):
        recorder.applied(action, at, match.apply(action, at))
    text = path.read_text()
    assert json.loads(text.splitlines()[0])["seed"] is None and "12345" not in text
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert re.search(
        r":3: a networked match whose server stopped", words.records.record_error(caught.value)
    )
    recorder.index = False
    recorder.abandon()
    record = read_record(path)
    assert record.header.seed == 12345 and record.end == "abandoned"
    assert len(record.steps) == 2 and record.match.round.phase.value == "playing"


def test_a_deferred_record_is_made_by_the_first_action_if_it_comes_first(data_dir: Path) -> None:
    recorder = MatchRecorder("two-player", players("two-player", (None, None), None))
    match = Match.new(2)
    recorder.begin(match, defer=True)
    assert recorder.path is None and recorder.recording
    recorder.applied(Spit(0), 0.1, match.apply(Spit(0), 0.1))
    assert recorder.path is not None
    assert len(read_record(recorder.path).steps) == 1
    recorder.keep()


def test_a_deferred_match_quit_before_any_action_leaves_no_record(data_dir: Path) -> None:
    recorder = MatchRecorder("two-player", players("two-player", (None, None), None))
    recorder.begin(Match.new(2), defer=True)
    recorder.keep()
    recorder.ensure()
    assert recorder.path is None and not (data_dir / "records").exists()
