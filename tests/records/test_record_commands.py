"""spit resume and spit replay on the command line: a record they cannot use is one line, exit 2."""

from __future__ import annotations

import json
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
    # The file and the problem, no ":0" (the problem is the whole file's; issue 19).
    assert one_line(capsys) == "spit: no-such.jsonl: no such record file\n"


@pytest.fixture
def no_app(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, object]]:
    """The app never starts: what it would have been given is kept instead."""
    from spit.commands import play

    started: list[dict[str, object]] = []
    monkeypatch.setattr(play, "run_app", lambda options, **kwargs: started.append(kwargs) or 0)
    return started


def _tamper(path: Path, header: dict[str, object] | None = None, tail: str = "") -> None:
    lines = path.read_text().splitlines(keepends=True)
    head = json.loads(lines[0])
    for key, value in (header or {}).items():
        if key in head["settings"]:
            head["settings"][key] = value
        else:
            head[key] = value
    path.write_text(json.dumps(head) + "\n" + "".join(lines[1:]) + tail)


@pytest.mark.parametrize(
    "change",
    [{"lockout": 1e308}, {"lockout": -1}, {"too_late": float("inf")}, {"lockout": float("nan")}],
    ids=str,
)
def test_resume_of_a_record_with_impossible_rules_is_one_line_naming_the_header(
    data_dir: Path, capsys, no_app, change
) -> None:
    path, _ = play_recorded(data_dir / "records", seed=3, stop_after=8)
    _tamper(path, change)
    assert main(["resume", str(path)]) == 2
    assert f"{path}:1: " in one_line(capsys)
    assert no_app == []


def test_resume_of_a_record_whose_bot_has_no_such_level_is_one_line(
    data_dir: Path, capsys, no_app
) -> None:
    path, _ = play_recorded(data_dir / "records", seed=3, stop_after=8)
    lines = path.read_text().splitlines(keepends=True)
    lines[0] = (
        lines[0]
        .replace('"bot":"hard"', '"bot":"godmode"')
        .replace('"bot": "hard"', '"bot": "godmode"')
    )
    path.write_text("".join(lines))
    assert main(["resume", str(path)]) == 2
    assert f"{path}:1: " in one_line(capsys)
    assert no_app == []


def test_resume_of_a_record_with_an_entry_at_infinity_is_one_line_naming_its_line(
    data_dir: Path, capsys, no_app
) -> None:
    path, _ = play_recorded(data_dir / "records", seed=3, stop_after=8)
    n = len(path.read_text().splitlines()) + 1
    entry = f'{{"n":{n},"at":Infinity,"do":"spit","p":0,"ok":false,"why":"bad-time"}}\n'
    _tamper(path, tail=entry)
    assert main(["resume", str(path)]) == 2
    assert f"{path}:{n}: " in one_line(capsys)
    assert no_app == []


def test_replay_of_a_record_with_an_escape_in_a_name_is_one_line_without_it(
    data_dir: Path, capsys, no_app
) -> None:
    path, _ = play_recorded(data_dir / "records", seed=3)
    lines = path.read_text().splitlines(keepends=True)
    head = json.loads(lines[0])
    head["players"][0]["name"] = "\x1b]2;PWNED\x07Ann"
    path.write_text(json.dumps(head) + "\n" + "".join(lines[1:]))
    assert main(["replay", str(path)]) == 2
    err = one_line(capsys)
    assert f"{path}:1: " in err and "\x1b" not in err
    assert no_app == []
