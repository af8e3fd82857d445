"""The history database: indexes every record, migrates, survives damage and other spits."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import spit.records.history as history_module
from spit import words
from spit.records.history import (
    APPLICATION_ID,
    MIGRATIONS,
    SCHEMA_VERSION,
    HistoryUnavailable,
    open_history,
)
from spit.records.record import RecordWriter
from tests.records.played import header, no_regular_file, play_recorded


@pytest.fixture
def records(tmp_path: Path) -> Path:
    directory = tmp_path / "records"
    play_recorded(directory, seed=1)
    play_recorded(directory, seed=2, stop_after=30)
    RecordWriter.create(header(), directory).abandon()
    return directory


def test_every_record_is_indexed_with_its_result_rounds_and_reactions(
    tmp_path: Path, records: Path
) -> None:
    with open_history(tmp_path / "h.db") as history:
        assert history.sync(records) == 3
        rows = history.rows()
        results = sorted(row.result for row in rows)
        assert {"abandoned", "unfinished"} < set(results) and len(results) == 3
        done = next(r for r in rows if r.result in ("won", "lost"))
        assert done.opponent == "bot:hard" and done.players == ("Ann", None)
        assert done.rounds >= 1 and done.cards[0] + done.cards[1] > 20
        assert done.reactions[0] is not None and done.seconds > 0
        assert len([r for r in history.rounds() if r[0] == done.file]) == done.rounds


def test_a_second_sync_reads_only_what_changed(tmp_path: Path, records: Path) -> None:
    with open_history(tmp_path / "h.db") as history:
        history.sync(records)
        assert history.sync(records) == 0
        play_recorded(records, seed=9, stop_after=5)
        assert history.sync(records) == 1


def test_an_unreadable_record_is_remembered_not_read_again(tmp_path: Path, records: Path) -> None:
    (records / "bad.jsonl").write_text("nonsense\n")
    with open_history(tmp_path / "h.db") as history:
        assert history.sync(records) == 4
        assert history.sync(records) == 0
        [(name, error)] = history.unreadable()
        said = words.records.record_error(error)
        assert name == "bad.jsonl" and said.endswith("bad.jsonl:1: not a spit match record")


def test_the_database_is_spits_in_wal_mode_at_the_current_schema(tmp_path: Path) -> None:
    open_history(tmp_path / "h.db").close()
    db = sqlite3.connect(tmp_path / "h.db")
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID


def test_an_older_schema_is_migrated_keeping_its_rows(tmp_path: Path, records: Path) -> None:
    path = tmp_path / "h.db"
    db = sqlite3.connect(path)
    db.executescript(MIGRATIONS[0])
    db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
    db.execute("PRAGMA user_version = 1")
    db.execute(
        "INSERT INTO matches (file, size, started, mode, variant, player0, player1, opponent,"
        " result, rounds, cards0, cards1, seconds) VALUES ('old.jsonl', 10, '2020-01-01T00:00:00Z',"
        " 'bot', 'standard', 'Ann', 'Bot', 'bot:easy', 'won', 2, 30, 20, 60.0)"
    )
    db.commit()
    db.close()
    with open_history(path) as history:
        assert [r.file for r in history.rows()] == ["old.jsonl"]
        history.sync(records)  # the old row's record is gone: forgotten; the others indexed
        assert len(history.rows()) == 3 and history.rounds()
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION


def test_a_damaged_database_is_moved_aside_with_one_notice(tmp_path: Path, records: Path) -> None:
    path = tmp_path / "h.db"
    path.write_bytes(b"this is not a database at all" * 100)
    notices: list[str] = []
    with open_history(
        path, notice=lambda n: notices.append(words.records.record_notice(n))
    ) as history:
        assert history.sync(records) == 3
    [notice] = notices
    assert "damaged" in notice and "\n" not in notice
    [aside] = tmp_path.glob("h.db.damaged-*")
    assert aside.read_bytes().startswith(b"this is not a database")


def test_a_damaged_database_another_spit_moved_aside_first_is_left_to_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "h.db"
    path.write_bytes(b"this is not a database at all" * 100)
    move_aside = history_module._move_aside

    def other_spit_moves_it_first(path: Path, why: str) -> Path:
        path.rename(path.with_name("h.db.damaged-by-the-other"))
        return move_aside(path, why)

    monkeypatch.setattr(history_module, "_move_aside", other_spit_moves_it_first)
    notices: list[str] = []
    with open_history(
        path, notice=lambda n: notices.append(words.records.record_notice(n))
    ) as history:
        assert history.rows() == []
    assert notices == []
    assert (tmp_path / "h.db.damaged-by-the-other").read_bytes().startswith(b"this is not")


def test_a_foreign_database_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "h.db"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE songs (title TEXT)")
    db.commit()
    db.close()
    notices: list[str] = []
    open_history(path, notice=lambda n: notices.append(words.records.record_notice(n))).close()
    assert len(notices) == 1 and "was not spit's history" in notices[0]
    [aside] = tmp_path.glob("h.db.foreign-*")
    assert sqlite3.connect(aside).execute("SELECT count(*) FROM songs").fetchone() == (0,)


@pytest.mark.parametrize("kind", ["a named pipe", "a link to /dev/zero", "a link to a history"])
@pytest.mark.timeout(20)
def test_a_history_that_is_no_regular_file_is_moved_aside_unread(tmp_path: Path, kind: str) -> None:
    """SQLite would wait for a writer on a named pipe and follow a link anywhere."""
    path = tmp_path / "h.db"
    open_history(tmp_path / "elsewhere.db").close()
    no_regular_file(path, kind, link_to=tmp_path / "elsewhere.db")
    notices: list[str] = []
    open_history(path, notice=lambda n: notices.append(words.records.record_notice(n))).close()
    assert len(notices) == 1 and "was not spit's history" in notices[0]
    [aside] = tmp_path.glob("h.db.foreign-*")
    assert aside.is_symlink() or aside.is_fifo()  # the link itself moved, never what it names
    assert path.is_file() and not path.is_symlink()  # made anew


def test_a_database_from_a_newer_spit_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "h.db"
    open_history(path).close()
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    with pytest.raises(HistoryUnavailable) as caught:
        open_history(path)
    assert "newer spit" in words.records.history_unavailable(caught.value)
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_an_unwritable_data_directory_is_a_one_line_notice(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(HistoryUnavailable) as caught:
        open_history(blocker / "data" / "h.db")
    said = words.records.history_unavailable(caught.value)
    assert "plays on without it" in said and "\n" not in said


class _SwitchRefusedOnce(sqlite3.Connection):
    """A connection whose first switch to WAL meets another spit switching at that moment."""

    refused = 0

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        if sql.startswith("PRAGMA journal_mode") and not _SwitchRefusedOnce.refused:
            _SwitchRefusedOnce.refused += 1
            raise sqlite3.OperationalError("database is locked")
        return super().execute(sql, *args)


def test_a_switch_to_wal_refused_by_a_spit_opening_at_once_is_tried_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Two spits making a new history at once can deadlock on the switch to WAL; SQLite
    # refuses one of them at once (no busy wait), and that spit must not lose its history.
    connect = sqlite3.connect
    monkeypatch.setattr(
        sqlite3, "connect", lambda *a, **k: connect(*a, **k, factory=_SwitchRefusedOnce)
    )
    with open_history(tmp_path / "h.db") as history:
        assert history.rows() == []
    assert _SwitchRefusedOnce.refused == 1
    db = connect(tmp_path / "h.db")
    assert db.execute("PRAGMA journal_mode").fetchone() == ("wal",)


class _AnotherSpitMigratesMeanwhile(sqlite3.Connection):
    """A connection during whose first look another spit finishes making the history."""

    fired = False

    def execute(self, sql: str, *args: object) -> sqlite3.Cursor:
        cursor = super().execute(sql, *args)
        if sql == "PRAGMA application_id" and not _AnotherSpitMigratesMeanwhile.fired:
            _AnotherSpitMigratesMeanwhile.fired = True
            open_history(Path(self.execute("PRAGMA database_list").fetchone()[2])).close()
        return cursor


def test_a_history_another_spit_is_making_is_not_taken_for_a_foreign_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The other spit has switched the new file to WAL and commits its tables and its mark
    # between this spit's reads of the mark and of the tables.
    path = tmp_path / "h.db"
    sqlite3.connect(path).execute("PRAGMA journal_mode = WAL").fetchone()
    connect = sqlite3.connect
    monkeypatch.setattr(
        sqlite3,
        "connect",
        lambda *a, **k: connect(*a, **k, factory=_AnotherSpitMigratesMeanwhile),
    )
    notices: list[str] = []
    open_history(path, notice=lambda n: notices.append(words.records.record_notice(n))).close()
    assert _AnotherSpitMigratesMeanwhile.fired
    assert notices == [] and list(tmp_path.glob("h.db.*-*")) == []


INDEX_MANY = """
import sys
from pathlib import Path
from spit.records.history import open_history
from spit.records.record import read_record
with open_history(Path(sys.argv[1])) as history:
    for name in sys.argv[2:]:
        history.index(read_record(Path(name)))
"""


def test_two_spits_index_at_once_and_both_are_kept(tmp_path: Path) -> None:
    directory = tmp_path / "records"
    paths = [play_recorded(directory, seed=s, stop_after=20)[0] for s in range(8)]
    db = tmp_path / "h.db"
    runs = [
        subprocess.Popen([sys.executable, "-c", INDEX_MANY, str(db), *map(str, half)])
        for half in (paths[::2], paths[1::2])
    ]
    assert [run.wait(timeout=60) for run in runs] == [0, 0]
    with open_history(db) as history:
        assert sorted(r.file for r in history.rows()) == sorted(p.name for p in paths)


def test_an_unreadable_record_s_error_is_kept_as_its_facts(tmp_path: Path, records: Path) -> None:
    """Not a sentence: ``spit stats`` says it in the language it runs in."""
    from spit.records.record import RecordError, read_record

    whole = max(records.glob("*.jsonl"), key=lambda p: p.stat().st_size)  # the finished one
    lines = whole.read_text().splitlines(keepends=True)
    (records / "missing.jsonl").write_text("".join(lines[:3] + lines[4:]))
    (records / "newer.jsonl").write_text('{"record": "spit match", "version": 99}\n')
    expected = {}
    for name in ("missing.jsonl", "newer.jsonl"):
        with pytest.raises(RecordError) as caught:
            read_record(records / name)
        expected[name] = caught.value
    with open_history(tmp_path / "h.db") as history:
        history.sync(records)
        kept = dict(history.unreadable())
    assert kept.keys() == expected.keys()
    for name, error in kept.items():
        assert (error.path, error.line, error.problem) == (
            expected[name].path,
            expected[name].line,
            expected[name].problem,
        )


def test_an_unreadable_record_kept_as_a_sentence_by_an_older_spit_is_read_again(
    tmp_path: Path, records: Path
) -> None:
    (records / "bad.jsonl").write_text("nonsense\n")
    with open_history(tmp_path / "h.db") as history:
        history.sync(records)
    db = sqlite3.connect(tmp_path / "h.db")
    with db:
        db.execute(
            "UPDATE unreadable SET error = ? WHERE file = 'bad.jsonl'",
            (f"{records / 'bad.jsonl'}:1: not a spit match record",),
        )
    db.close()
    with open_history(tmp_path / "h.db") as history:
        assert history.unreadable() == []  # a sentence is no facts to say
        assert history.sync(records) == 1
        [(name, error)] = history.unreadable()
    assert name == "bad.jsonl" and words.records.record_error(error).endswith(
        "bad.jsonl:1: not a spit match record"
    )
