"""spit resume and spit replay on the command line: a record they cannot use is one line, exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.cli import main
from spit.records.record import RecordWriter
from tests.records.played import header, play_recorded


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("spit: ")
    return err


def test_resume_without_an_unfinished_match_says_so(data_dir: Path, capsys) -> None:
    play_recorded(data_dir / "records", seed=3)  # finished
    assert main(["resume"]) == 2
    assert "no unfinished match to resume" in one_line(capsys)


def test_resume_of_a_finished_match_names_the_file(data_dir: Path, capsys) -> None:
    path, _ = play_recorded(data_dir / "records", seed=3)
    assert main(["resume", str(path)]) == 2
    assert str(path) in one_line(capsys)


def test_resume_of_a_match_another_window_plays_is_refused(data_dir: Path, capsys) -> None:
    writer = RecordWriter.create(header())
    assert main(["resume", str(writer.path)]) == 2
    assert "another window" in one_line(capsys)
    writer.close()


def test_replay_of_an_edited_record_names_the_file_and_line(data_dir: Path, capsys) -> None:
    path, _ = play_recorded(data_dir / "records", seed=3)
    lines = path.read_text().splitlines(keepends=True)
    lines[3] = (
        lines[3]
        .replace('"ok":true', '"ok":false,"why":"too_late"')
        .replace('"ok":false,"why":"too_late","why"', '"ok":false,"why"')
    )
    path.write_text("".join(lines))
    assert main(["replay", "last"]) == 2
    assert f"{path}:4: " in one_line(capsys)


def test_replay_of_nothing_says_so(data_dir: Path, capsys) -> None:
    assert main(["replay"]) == 2
    assert "no match has been recorded yet" in one_line(capsys)
    assert main(["replay", "no-such.jsonl"]) == 2
    assert "no such record file" in one_line(capsys)
