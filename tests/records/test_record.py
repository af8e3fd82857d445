"""The match record: written as played, read back by replaying it, refused when tampered with."""

from __future__ import annotations

import json
import os
import re
import threading
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spit import words
from spit.engine import Match, Play, Reason, Spit
from spit.engine.notation import parse_action
from spit.records.paths import records_dir
from spit.records.record import (
    _SYNCER,
    FORMAT_VERSION,
    RecordBusy,
    RecordError,
    RecordWriter,
    action_json,
    find_record,
    is_busy,
    latest_unfinished,
    read_record,
)
from tests.records.played import header, no_regular_file, play_recorded


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Match]:
    """A whole match, bot against bot, recorded."""
    return play_recorded(tmp_path_factory.mktemp("finished"), seed=7)


def lines_of(path: Path) -> list[str]:
    return path.read_text().splitlines(keepends=True)


def copy_with(tmp_path: Path, source: Path, lines: list[str], name: str = "m.jsonl") -> Path:
    path = tmp_path / name
    path.write_text("".join(lines))
    return path


def test_a_record_replays_to_the_match_that_was_played(finished: tuple[Path, Match]) -> None:
    path, played = finished
    record = read_record(path)
    assert record.over and record.end == "over" and not record.unfinished
    assert record.outcome == played.outcome
    assert record.match.history == played.history
    assert record.match.view(0) == played.view(0)
    assert len(record.steps) == record.lines - 2  # header and end line aside


def test_every_action_line_says_whether_the_engine_accepted_it(
    finished: tuple[Path, Match],
) -> None:
    path, _ = finished
    entries = [json.loads(line) for line in lines_of(path)[1:-1]]
    assert {e["ok"] for e in entries} == {True, False}
    assert all(("why" in e) == (not e["ok"]) for e in entries)
    assert [e["n"] for e in entries] == list(range(2, len(entries) + 2))


def test_an_action_line_is_the_notation_s_keys_in_order_byte_for_byte(
    finished: tuple[Path, Match],
) -> None:
    # Action lines are written from a Struct, not a dict: the bytes must stay those of
    # {"n", "at", the action in the notation, "ok", "why" if refused}, compact, in that order.
    path, _ = finished
    lines = lines_of(path)[1:-1]
    kinds = set()
    for line in lines:
        entry = json.loads(line)
        if "do" not in entry:
            continue
        kinds.add((entry["do"], entry["ok"]))
        action = parse_action({k: v for k, v in entry.items() if k in ("do", "p", "stock", "pile")})
        again = {"n": entry["n"], "at": entry["at"], **action_json(action), "ok": entry["ok"]}
        if not entry["ok"]:
            again["why"] = entry["why"]
        assert line == msgspec.json.encode(again).decode() + "\n"
    assert {"play", "fill", "spit", "slap"} <= {kind for kind, _ in kinds}
    assert {True, False} == {ok for _, ok in kinds}


def test_the_header_holds_seed_variant_settings_and_players(finished: tuple[Path, Match]) -> None:
    head = json.loads(lines_of(finished[0])[0])
    assert head["record"] == "spit match" and head["version"] == FORMAT_VERSION
    assert head["seed"] == 7 and head["variant"] == "standard"
    assert head["settings"] == {"lockout": 0.5, "too_late": 0.3}
    assert head["players"] == [{"name": "Ann"}, {"bot": "hard"}]


def test_an_edited_verdict_is_refused_naming_the_file_and_line(
    finished: tuple[Path, Match], tmp_path: Path
) -> None:
    lines = lines_of(finished[0])
    edited = json.loads(lines[5])
    edited["ok"] = not edited["ok"]
    edited.pop("why", None) if edited["ok"] else edited.update(why="does_not_fit")
    lines[5] = json.dumps(edited) + "\n"
    path = copy_with(tmp_path, finished[0], lines)
    before = path.read_bytes()
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = words.records.record_error(caught.value)
    assert message.startswith(f"{path}:6: ") and "edited" in message and "\n" not in message
    assert path.read_bytes() == before  # nothing overwritten


def test_an_edited_time_is_refused(finished: tuple[Path, Match], tmp_path: Path) -> None:
    lines = lines_of(finished[0])
    edited = json.loads(lines[10])
    edited["at"] = 0.0
    lines[10] = json.dumps(edited) + "\n"
    with pytest.raises(RecordError) as caught:
        read_record(copy_with(tmp_path, finished[0], lines))
    assert re.search(r":11: time goes backwards", words.records.record_error(caught.value))


def test_a_line_cut_in_the_middle_of_the_record_is_refused(
    finished: tuple[Path, Match], tmp_path: Path
) -> None:
    lines = lines_of(finished[0])
    lines[8] = lines[8][:20] + "\n"
    with pytest.raises(RecordError) as caught:
        read_record(copy_with(tmp_path, finished[0], lines))
    assert re.search(r":9: not a whole entry", words.records.record_error(caught.value))


def test_a_missing_line_is_refused(finished: tuple[Path, Match], tmp_path: Path) -> None:
    lines = lines_of(finished[0])
    del lines[12]
    with pytest.raises(RecordError) as caught:
        read_record(copy_with(tmp_path, finished[0], lines))
    assert re.search(
        r":13: entry 14 where entry 13 belongs", words.records.record_error(caught.value)
    )


def test_an_edited_result_is_refused(finished: tuple[Path, Match], tmp_path: Path) -> None:
    lines = lines_of(finished[0])
    end = json.loads(lines[-1])
    end["winner"] = 1 - end["winner"]
    lines[-1] = json.dumps(end) + "\n"
    with pytest.raises(RecordError) as caught:
        read_record(copy_with(tmp_path, finished[0], lines))
    assert re.search(
        rf":{len(lines)}: the record's result", words.records.record_error(caught.value)
    )


def test_a_record_from_a_newer_format_is_refused_and_left_as_it_is(
    finished: tuple[Path, Match], tmp_path: Path
) -> None:
    lines = lines_of(finished[0])
    head = json.loads(lines[0])
    head["version"] = FORMAT_VERSION + 1
    lines[0] = json.dumps(head) + "\n"
    path = copy_with(tmp_path, finished[0], lines)
    before = path.read_bytes()
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert re.search(
        rf":1: written by a newer spit \(record format {FORMAT_VERSION + 1}",
        words.records.record_error(caught.value),
    )
    assert path.read_bytes() == before


@pytest.mark.parametrize("text", ["", "hello\n", '{"a": 1}\n', "[1, 2]\n"])
def test_a_file_that_is_not_a_record_is_refused_in_one_line(tmp_path: Path, text: str) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text(text)
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = words.records.record_error(caught.value)
    assert message.startswith(f"{path}:1: ") and "\n" not in message


@settings(max_examples=40, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(cut=st.integers(min_value=0, max_value=10**6))
def test_a_record_cut_anywhere_after_its_header_reads_as_unfinished(
    finished: tuple[Path, Match], tmp_path: Path, cut: int
) -> None:
    """kill -9 mid-write leaves a torn last line: the normal unfinished case, not corruption."""
    data = finished[0].read_bytes()
    header_end = data.index(b"\n") + 1
    cut = header_end + cut % (len(data) - header_end)
    path = tmp_path / "cut.jsonl"
    path.write_bytes(data[:cut])
    record = read_record(path)
    whole = data[:cut].count(b"\n")
    assert record.lines == whole
    assert record.torn == (not data[:cut].endswith(b"\n"))
    assert len(record.steps) == whole - 1
    assert record.end is None
    # Unfinished, unless the cut fell after the match's last action but before its end line:
    # then the engine says the match is over all the same.
    assert record.unfinished == (not record.over)
    assert record.over == (len(record.steps) == len(read_record(finished[0]).steps))


def test_zero_bytes_after_the_last_line_are_a_torn_line(
    finished: tuple[Path, Match], tmp_path: Path
) -> None:
    """A power cut can leave the last block of a file as zeros."""
    data = finished[0].read_bytes()
    cut = data.index(b"\n", 500) + 1
    path = tmp_path / "zeros.jsonl"
    path.write_bytes(data[:cut] + b"\0" * 300)
    record = read_record(path)
    assert record.torn and record.lines == data[:cut].count(b"\n")


def test_a_new_record_never_replaces_a_file(tmp_path: Path) -> None:
    first = RecordWriter.create(header(), tmp_path)
    second = RecordWriter.create(header(), tmp_path)
    assert first.path != second.path
    first.close()
    second.close()
    assert len(list(tmp_path.iterdir())) == 2


def test_records_go_to_the_data_directory_that_SPIT_DATA_DIR_names(data_dir: Path) -> None:
    writer = RecordWriter.create(header())
    writer.close()
    assert writer.path.parent == data_dir / "records" == records_dir()


def test_resuming_cuts_only_the_torn_line_and_goes_on_in_the_same_record(tmp_path: Path) -> None:
    path, stopped = play_recorded(tmp_path, seed=5, stop_after=40)
    whole = path.read_bytes()
    with path.open("ab") as file:
        file.write(b'{"n":42,"at":1')  # the entry being written when the process died
    record = read_record(path)
    assert record.torn and record.unfinished
    assert record.match.view(0) == stopped.view(0)
    writer = RecordWriter.resume(record)
    match = record.match
    assert path.read_bytes().startswith(whole)
    at = record.last_at + 0.5
    # Whoever may act (where the bots left the table, it may be either player's turn to spit).
    action = next(a for p in (0, 1) for a in match.legal_actions(p))
    writer.action(action, at, match.apply(action, at))
    writer.close()
    again = read_record(path)
    assert not again.torn
    assert [r.at for r in again.resumptions] == [record.last_at]
    assert len(again.steps) == len(record.steps) + 1
    assert again.match.view(0) == match.view(0)


def test_a_record_being_played_in_another_window_is_not_resumed(tmp_path: Path) -> None:
    writer = RecordWriter.create(header(), tmp_path)
    record = read_record(writer.path)
    with pytest.raises(RecordBusy) as caught:
        RecordWriter.resume(record)
    assert re.search("another window", words.records.record_error(caught.value))
    assert latest_unfinished(tmp_path) is None
    writer.close()
    assert latest_unfinished(tmp_path) is not None


def test_the_match_to_resume_is_the_newest_unfinished_one(tmp_path: Path) -> None:
    old, _ = play_recorded(tmp_path, seed=1, stop_after=10)
    play_recorded(tmp_path, seed=2)  # finished
    given_up = RecordWriter.create(header(), tmp_path)
    given_up.abandon()
    found = latest_unfinished(tmp_path)
    assert found is not None and found.path == old
    newer, _ = play_recorded(tmp_path, seed=3, stop_after=10)
    found = latest_unfinished(tmp_path)
    assert found is not None and found.path == newer


@pytest.mark.parametrize("kind", ["a named pipe", "a link to /dev/zero", "a link to a record"])
@pytest.mark.timeout(20)
def test_a_record_that_is_no_regular_file_is_never_offered_nor_read(
    tmp_path: Path, kind: str
) -> None:
    """Anyone able to write the records directory may leave anything there, named as the
    newest record: resuming passes it by at once, and reading it names what it is."""
    old, _ = play_recorded(tmp_path, seed=1, stop_after=10)
    path = tmp_path / "99999999-999999-newest.jsonl"
    no_regular_file(path, kind, link_to=old)
    found = latest_unfinished(tmp_path)
    assert found is not None and found.path == old
    assert not is_busy(path)
    with pytest.raises(RecordError) as caught:
        read_record(path)
    said = words.records.record_error(caught.value)
    assert said.endswith("not a regular file: named pipe" if "pipe" in kind else ": link"), said


def test_a_finished_match_cannot_be_resumed(finished: tuple[Path, Match]) -> None:
    with pytest.raises(RecordError) as caught:
        RecordWriter.resume(read_record(finished[0]))
    assert re.search("over", words.records.record_error(caught.value))


def test_a_full_disk_stops_recording_with_one_notice_and_the_game_goes_on() -> None:
    notices: list[str] = []
    fd = os.open("/dev/full", os.O_WRONLY)
    writer = RecordWriter(
        Path("/dev/full"), fd, 2, lambda n: notices.append(words.records.record_notice(n))
    )
    match = Match.new(1)
    for at, action in ((0.0, Spit(0)), (0.1, Spit(1)), (0.2, Play(0, 1, 0))):
        writer.action(action, at, match.apply(action, at))
    assert not writer.recording
    assert notices == ["The match is no longer recorded: No space left on device"]
    writer.close()


def test_a_data_directory_that_cannot_be_made_is_an_os_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(OSError):
        RecordWriter.create(header(), blocker / "records")


def test_last_names_the_newest_record(tmp_path: Path) -> None:
    with pytest.raises(RecordError) as caught:
        find_record("last", tmp_path)
    assert re.search("no match has been recorded yet", words.records.record_error(caught.value))
    play_recorded(tmp_path, seed=1, stop_after=3)
    newest, _ = play_recorded(tmp_path, seed=2, stop_after=3)
    assert find_record("last", tmp_path) == newest
    assert find_record(newest.name, tmp_path) == newest
    with pytest.raises(RecordError) as caught:
        find_record("nothing.jsonl", tmp_path)
    assert re.search("no such record file", words.records.record_error(caught.value))


def test_a_record_from_before_the_table_said_already_ready_still_reads(tmp_path: Path) -> None:
    """Records once wrote "before_spit" (or "stuck") for a card moved by a player who had
    pressed spit; the engine now says "already_ready" itself, and the old line still reads."""
    match = Match.new(7)
    writer = RecordWriter.create(header(7), tmp_path)
    for action in (Spit(0), Play(0, 0, 0)):
        writer.action(action, 1.0, match.apply(action, 1.0))
    writer.close()
    lines = lines_of(writer.path)
    assert '"why":"already-ready"' in lines[-1].replace(" ", "")
    lines[-1] = lines[-1].replace("already-ready", "before_spit")
    record = read_record(copy_with(tmp_path, writer.path, lines))
    assert [step.reason for step in record.steps][-1] is Reason.ALREADY_READY


def test_every_record_problem_is_said_in_one_line_in_every_language() -> None:
    from spit.i18n import set_language
    from spit.records.record import (
        CannotRead,
        OutOfOrder,
        Problem,
        TableDisagrees,
        TooNew,
    )

    problems = [
        *Problem,
        TooNew(version=2, known=1),
        OutOfOrder(found="x", expected=3),
        TableDisagrees(got=None, said=Reason.DOES_NOT_FIT),
        CannotRead("Permission denied"),
    ]
    try:
        for language in ("en", "el", "de", "ka", "lv"):
            set_language(language)
            for problem in problems:
                said = words.records.record_error(RecordError(Path("r.jsonl"), 4, problem))
                assert said.startswith("r.jsonl:4: ") and "\n" not in said, (language, problem)
                assert len(said) > len("r.jsonl:4: ") + 5, (language, problem)
    finally:
        set_language("en")


def test_a_format_1_record_with_the_old_spelling_of_reasons_still_reads(tmp_path: Path) -> None:
    """Format 2 writes a refusal's reason as the notation spells it (``already-ready``);
    a format 1 record, which spelled it ``already_ready``, reads as before."""
    match = Match.new(7)
    writer = RecordWriter.create(header(7), tmp_path)
    for action in (Spit(0), Play(0, 0, 0)):
        writer.action(action, 1.0, match.apply(action, 1.0))
    writer.close()
    lines = lines_of(writer.path)
    head = json.loads(lines[0])
    assert head["version"] == FORMAT_VERSION >= 2
    head["version"] = 1
    lines[0] = json.dumps(head) + "\n"
    lines[-1] = lines[-1].replace("already-ready", "already_ready")
    record = read_record(copy_with(tmp_path, writer.path, lines))
    assert [step.reason for step in record.steps][-1] is Reason.ALREADY_READY


def _header_with(path: Path, tmp_path: Path, change: dict[str, object]) -> Path:
    """A copy of the record at ``path`` whose header says otherwise (``settings.lockout``,
    ``players.1.bot`` name nested fields)."""
    lines = lines_of(path)
    head = json.loads(lines[0])
    for where, value in change.items():
        *outer, last = where.split(".")
        place: Any = head
        for key in outer:
            place = place[int(key) if key.isdigit() else key]
        place[int(last) if last.isdigit() else last] = value
    lines[0] = json.dumps(head) + "\n"
    return copy_with(tmp_path, path, lines)


@pytest.mark.parametrize(
    "change",
    [
        {"settings.lockout": 1e308},  # an OverflowError at the first fumble
        {"settings.lockout": float("nan")},
        {"settings.lockout": -0.5},
        {"settings.lockout": 2.5},  # past what a config may set
        {"settings.too_late": float("inf")},
        {"settings.too_late": -1},
        {"players.1.bot": "godmode"},  # a ValueError when the bot sits down
        {"players.0.name": "\x1b]2;PWNED\x07"},
        {"players.0.name": ""},
        {"players.0.name": "x" * 1000},
        {"started": "\x1b[2J"},
        {"started": "yesterday"},
        {"spit": "\x1b[2J"},
        {"target": 0},
    ],
    ids=lambda change: ",".join(f"{k}={v!r:.16}" for k, v in change.items()),
)
def test_a_header_is_checked_as_strictly_as_a_config(
    finished: tuple[Path, Match], tmp_path: Path, change: dict[str, object]
) -> None:
    path = _header_with(finished[0], tmp_path, change)
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = words.records.record_error(caught.value)
    assert message.startswith(f"{path}:1: ") and "\n" not in message


@pytest.mark.parametrize("at", [float("inf"), float("-inf"), float("nan"), -1.0, 1e308 * 10])
def test_an_entry_at_a_time_that_is_no_game_time_is_refused(tmp_path: Path, at: float) -> None:
    # Refused by the table too, such an entry read as valid, and resuming then failed to
    # write its "resumed" entry (JSON has no Infinity).
    path, _ = play_recorded(tmp_path, seed=3, stop_after=6)
    lines = lines_of(path)
    refused = {"n": len(lines) + 1, "at": at, "do": "spit", "p": 0, "ok": False, "why": "bad-time"}
    path.write_text("".join(lines) + json.dumps(refused) + "\n")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    message = words.records.record_error(caught.value)
    assert message.startswith(f"{path}:{len(lines) + 1}: ") and "\n" not in message


def test_a_resumption_whose_time_is_not_text_is_refused(tmp_path: Path) -> None:
    path, _ = play_recorded(tmp_path, seed=3, stop_after=6)
    lines = lines_of(path)
    resumed = {"n": len(lines) + 1, "resumed": "\x1b[2J", "at": 99.0}
    path.write_text("".join(lines) + json.dumps(resumed) + "\n")
    with pytest.raises(RecordError) as caught:
        read_record(path)
    assert caught.value.line == len(lines) + 1


def test_refusals_a_server_left_out_are_counted_in_the_record(tmp_path: Path) -> None:
    """A ``left_out`` entry (format 3) says how many refusals were counted, not written."""
    match = Match.new(7)
    writer = RecordWriter.create(header(7), tmp_path)
    writer.action(Spit(0), 1.0, match.apply(Spit(0), 1.0))
    writer.left_out(0, 480, 2.0)
    writer.left_out(1, 3, 2.5)
    writer.left_out(0, 20, 3.0)
    writer.action(Spit(1), 3.5, match.apply(Spit(1), 3.5))
    writer.close()
    record = read_record(writer.path)
    assert record.left_out == [500, 3]
    assert [step.at for step in record.steps] == [1.0, 3.5]
    lines = lines_of(writer.path)
    for bad in ({"p": 2}, {"left_out": 0}, {"at": 0.5}, {"left_out": True}):
        entry = json.loads(lines[2]) | bad
        edited = copy_with(tmp_path, writer.path, [*lines[:2], json.dumps(entry) + "\n"])
        with pytest.raises(RecordError, match=":3:"):
            read_record(edited)


def test_a_writer_that_holds_writes_its_entries_in_one_go_when_flushed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A server's writer: its lines wait for the end of the loop's turn, then go in one write.
    writer = RecordWriter.create(header(), tmp_path)
    writer.holds = True
    for at in (1.0, 2.0, 3.0):
        writer.left_out(0, 1, at)
    assert len(lines_of(writer.path)) == 1  # the header only
    writes: list[bytes] = []
    real_write = os.write
    monkeypatch.setattr(
        os, "write", lambda fd, data: writes.append(bytes(data)) or real_write(fd, data)
    )
    writer.flush()
    assert len(writes) == 1 and bytes(writes[0]).count(b"\n") == 3
    assert [json.loads(line)["n"] for line in lines_of(writer.path)[1:]] == [2, 3, 4]
    writer.left_out(1, 2, 4.0)
    writer.abandon()  # an entry that syncs writes what is held before it
    assert [json.loads(line)["n"] for line in lines_of(writer.path)[1:]] == [2, 3, 4, 5, 6]


def test_a_writer_that_holds_syncs_on_a_thread_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A server serves every room on one thread: none of them waits while a record syncs.
    synced_on: list[str] = []
    real_fsync = os.fsync

    def fsync(fd: int) -> None:
        synced_on.append(threading.current_thread().name)
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    writer = RecordWriter.create(header(), tmp_path)
    writer.holds = True
    writer.left_out(0, 1, 1.0)
    writer.abandon()
    assert _SYNCER.wait(30)
    assert synced_on and set(synced_on) == {"spit-sync"}
    assert read_record(writer.path).end == "abandoned"
    assert not is_busy(writer.path)  # the sync's copy of the file is shut: the lock is let go


def test_a_record_left_without_its_end_by_a_dead_process_is_ended_as_abandoned(
    tmp_path: Path,
) -> None:
    # What a cluster's supervisor does for a worker that died (spit/net/workers.py): the
    # torn line is cut, the end written, and the record reads as abandoned.
    path, stopped = play_recorded(tmp_path, seed=5, stop_after=40)
    with path.open("ab") as file:
        file.write(b'{"n":42,"at":1')  # the entry being written when the process died
    assert RecordWriter.abandon_left(path)
    record = read_record(path)
    assert record.end == "abandoned" and not record.torn and not record.unfinished
    assert record.match.view(0) == stopped.view(0)
    # Once is enough; a record another process still writes is left alone.
    assert not RecordWriter.abandon_left(path)
    writer = RecordWriter.create(header(), tmp_path)
    assert not RecordWriter.abandon_left(writer.path)
    writer.close()
    assert read_record(writer.path).end is None
