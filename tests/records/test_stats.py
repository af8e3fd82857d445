"""``spit stats``: matches and wins by opponent, streaks, fastest round, reactions over time."""

from __future__ import annotations

import contextlib
import io
import json
import sqlite3
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest
from rich.console import Console

import spit.records.history as history_module
from spit.cli import main
from spit.commands.stats_table import render
from spit.records.advice import advise, joined
from spit.records.analysis import read_analysed
from spit.records.history import Row
from spit.records.stats import gather
from tests.records.played import play_recorded, unnamed


def row(
    file: str,
    result: str,
    winner: int | None,
    *,
    mode: str = "bot",
    players: tuple[str, str] = ("Ann", "Bot"),
    opponent: str = "bot:hard",
    reactions: tuple[float | None, float | None] = (0.8, 0.4),
) -> Row:
    return Row(
        file,
        f"2026-11-{file}T10:00:00Z",
        mode,
        "standard",
        players,
        opponent[4:] if opponent.startswith("bot:") else None,
        opponent,
        result,
        winner,
        3,
        (30, 20),
        reactions,
        90.0,
    )


def test_matches_and_wins_are_counted_by_opponent_from_each_persons_side() -> None:
    rows = [
        row("01", "won", 0),
        row("02", "lost", 1, opponent="bot:easy"),
        row("03", "won", 1, mode="two-player", players=("Ann", "Ben"), opponent="Ben"),
        row("04", "unfinished", None),
    ]
    figures = gather(rows, [])
    assert figures["matches"] == 3 and figures["unfinished"] == 1
    pairs = {(o["player"], o["opponent"]): (o["matches"], o["won"]) for o in figures["opponents"]}
    assert pairs == {
        ("Ann", "bot:hard"): (1, 1),
        ("Ann", "bot:easy"): (1, 0),
        ("Ann", "Ben"): (1, 0),
        ("Ben", "Ann"): (1, 1),
    }


def test_win_streaks_are_the_longest_and_the_current_run_of_wins() -> None:
    results = ["won", "won", "won", "lost", "won", "won"]
    rows = [row(f"{i:02d}", r, 0 if r == "won" else 1) for i, r in enumerate(results, 1)]
    [ann] = gather(rows, [])["players"]
    assert (ann["longest_streak"], ann["current_streak"]) == (3, 2)


def test_the_fastest_round_is_the_shortest_one_a_player_went_out_in() -> None:
    rows = [row("01", "won", 0)]
    rounds = [("01", "x", 1, 20.0, 0), ("01", "x", 2, 9.0, 1), ("01", "x", 3, 12.5, 0)]
    figures = gather(rows, rounds)
    assert figures["players"][0]["fastest_round"]["seconds"] == 12.5
    assert figures["fastest_round"]["seconds"] == 12.5  # the bot's 9 s is not a person's


def test_reactions_over_time_are_drawn_as_a_chart_of_each_player() -> None:
    rows = [row("01", "won", 0, reactions=(0.9, 0.4)), row("02", "won", 0, reactions=(0.7, 0.4))]
    figures = gather(rows, [])
    assert [r["median"] for r in figures["players"][0]["reactions"]] == [0.9, 0.7]
    console = Console(width=80, record=True)
    for part in render(figures, width=80):
        console.print(part)
    text = console.export_text()
    assert "bot (hard)" in text and "Median reaction per match" in text and "Ann" in text


def test_spit_stats_json_reads_the_records_in_the_data_directory(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_recorded(data_dir / "records", seed=3)
    play_recorded(data_dir / "records", seed=4, stop_after=9)
    (data_dir / "records" / "broken.jsonl").write_text("{}\n")
    assert main(["stats", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["matches"] == 1 and figures["unfinished"] == 1
    assert figures["unreadable"][0]["file"] == "broken.jsonl"
    assert (data_dir / "history.sqlite3").exists()


def test_spit_stats_with_no_history_says_so(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["stats"]) == 0
    assert "No match played to the end yet" in capsys.readouterr().out


def test_spit_stats_without_a_usable_database_still_shows_the_figures(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    play_recorded(data_dir / "records", seed=3)
    (data_dir / "history.sqlite3").mkdir()  # a directory where the database should be
    assert main(["stats", "--json"]) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["matches"] == 1
    assert captured.err.startswith("spit: ") and captured.err.count("\n") == 1


def test_a_match_given_up_against_the_bot_is_lost_by_the_person_who_gave_it_up() -> None:
    rows = [
        row("01", "won", 0),
        row("02", "abandoned", None),
        row("03", "abandoned", None),
        row("04", "won", 0),
    ]
    figures = gather(rows, [])
    assert figures["matches"] == 4 and figures["abandoned"] == 2
    [ann] = figures["players"]
    assert (ann["matches"], ann["won"], ann["lost"], ann["given_up"]) == (4, 2, 2, 2)
    assert (ann["longest_streak"], ann["current_streak"]) == (1, 1)
    [line] = figures["opponents"]
    assert (line["matches"], line["won"], line["lost"]) == (4, 2, 2)


def test_a_two_player_match_given_up_by_nobody_known_stays_out_of_the_tallies() -> None:
    two = {"mode": "two-player", "players": ("Ann", "Ben"), "opponent": "Ben"}
    rows = [row("01", "won", 0, **two), row("02", "abandoned", None, **two)]
    figures = gather(rows, [])
    assert figures["matches"] == 1 and figures["abandoned"] == 1
    assert {p["name"]: p["matches"] for p in figures["players"]} == {"Ann": 1, "Ben": 1}


TITLE = "\x1b]2;PWNED\x07"
"""An escape sequence that sets the terminal window's title."""


def _with_name(path: Path, name: str) -> None:
    """Rename the record's first player (as a tampered file would)."""
    lines = path.read_text().splitlines(keepends=True)
    header = json.loads(lines[0])
    header["players"][0]["name"] = name
    path.write_text(json.dumps(header) + "\n" + "".join(lines[1:]))


def test_spit_stats_shows_a_record_with_an_escape_in_a_name_without_the_escape(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for seed in (3, 4):
        path, _ = play_recorded(data_dir / "records", seed=seed)
        _with_name(path, TITLE + "Ann")
    assert main(["stats"]) == 0
    out, err = capsys.readouterr()
    assert "\x1b" not in out + err and "\x07" not in out + err


def test_names_the_history_already_holds_are_shown_as_text_not_as_escapes_or_markup() -> None:
    # A history indexed before its records were checked as strictly may hold such a name.
    rows = [
        row(f"0{i}", "won", 0, players=(TITLE + "[/x]", "Bot"), opponent=f"\x1b[2J[/{i}]")
        for i in (1, 2)
    ]
    console = Console(width=100, record=True, force_terminal=True)
    for part in render(gather(rows, []), width=100):
        console.print(part)
    text = console.export_text(styles=False)
    assert "\x1b" not in text and "\x07" not in text
    assert "\\x1b]2;PWNED\\x07[/x]" in text and "\\x1b[2J[/1]" in text


def _history(data_dir: Path) -> Path:
    """A history indexing two records (made by spit stats itself)."""
    for seed in (3, 4):
        play_recorded(data_dir / "records", seed=seed)
    assert main(["stats", "--json"]) == 0
    return data_dir / "history.sqlite3"


def _one_notice_and_the_figures(capsys: pytest.CaptureFixture[str]) -> dict:
    out, err = capsys.readouterr()
    assert err.startswith("spit: ") and err.count("\n") == 1, err
    figures = json.loads(out)
    assert figures["matches"] == 2
    return figures


@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE matches SET player0 = CAST(X'FFFE41' AS TEXT)",  # not UTF-8; quick_check: ok
        "UPDATE matches SET file = CAST(X'C3' AS TEXT) WHERE id = (SELECT min(id) FROM matches)",
        "UPDATE matches SET result = 'exploded'",
        "UPDATE matches SET winner = 7",
        "UPDATE matches SET seconds = 'soon'",
        "UPDATE matches SET started = 'yesterday'",
        "UPDATE rounds SET went_out = 5",
    ],
)
def test_a_history_damaged_where_only_reading_it_shows_is_moved_aside_and_made_anew(
    data_dir: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    path = _history(data_dir)
    capsys.readouterr()
    with contextlib.closing(sqlite3.connect(path)) as db, db:
        db.execute(damage)
    assert main(["stats", "--json"]) == 0
    _one_notice_and_the_figures(capsys)
    assert list(data_dir.glob("history.sqlite3.damaged-*"))
    assert main(["stats", "--json"]) == 0  # made anew from the records: no notice again
    assert capsys.readouterr().err == ""


def test_spit_stats_while_another_process_holds_the_history_is_one_line_and_the_figures(
    data_dir: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _history(data_dir)
    play_recorded(data_dir / "records", seed=5, stop_after=4)  # a new record to index
    capsys.readouterr()
    monkeypatch.setattr(history_module, "BUSY_TIMEOUT", 0.2)
    hold = (
        "import sqlite3, sys, time\n"
        "db = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
        "db.execute('BEGIN IMMEDIATE')\n"
        "print('held', flush=True)\n"
        "time.sleep(60)\n"
    )
    holder = subprocess.Popen(
        [sys.executable, "-c", hold, str(path)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        assert main(["stats", "--json"]) == 0
    finally:
        holder.kill()
        holder.wait(10)
    figures = _one_notice_and_the_figures(capsys)
    assert figures["unfinished"] == 1  # the new record, indexed in memory for this once


def test_spit_stats_into_a_pipe_closed_early_exits_cleanly(data_dir: Path) -> None:
    play_recorded(data_dir / "records", seed=3)
    stats = subprocess.Popen(
        [sys.executable, "-m", "spit", "stats", "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert stats.stdout is not None and stats.stderr is not None
    stats.stdout.close()  # as `| head` does once it has its lines
    err = stats.stderr.read().decode()
    assert stats.wait(60) == 0
    assert err == ""


def test_players_who_gave_no_name_are_counted_as_the_table_called_them(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Three against the bot and one at one keyboard, old records and new: the person against
    # the bot is "You", never lumped with Player 1 of a two-player match, and no English
    # default name is shown in German.
    for seed, version in ((1, 3), (2, 4), (3, 4)):
        play_recorded(data_dir / "records", seed, head=unnamed("bot", seed, version=version))
    play_recorded(data_dir / "records", 4, head=unnamed("two-player", 4, version=3))
    assert main(["stats", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    matches = {json.dumps(p["name"]): p["matches"] for p in figures["players"]}
    assert matches == {
        '{"seat": 0, "against_bot": true}': 3,
        '{"seat": 0, "against_bot": false}': 1,
        '{"seat": 1, "against_bot": false}': 1,
    }
    assert main(["--lang", "de", "stats"]) == 0
    shown = capsys.readouterr().out
    assert "Du" in shown and "Spieler 1" in shown and "Spieler 2" in shown
    assert "Player" not in shown and "Bot " not in shown.replace("Bot (", "")


def test_spit_stats_coaches_over_the_last_matches_against_the_bot(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The coach's lines over the person's recent matches against the bot (seat 0), each
    figure the records' own; where their median reactions stand on the ladder; and in a
    terminal the histogram of every reaction."""
    paths = [play_recorded(data_dir / "records", seed=s)[0] for s in (3, 4, 5)]
    assert main(["stats", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    coach = figures["coach"]
    seat0 = [read_analysed(p).analysis.players[0] for p in paths]
    assert coach["matches"] == 3
    assert coach["lines"] == [asdict(a) for a in advise(joined(seat0))]
    assert len(coach["reactions"]) == sum(len(f.reactions) for f in seat0)
    standing = coach["standing"]
    assert 1 <= standing["level"] <= 7 and standing["within"] > 0 and standing["matches"] == 3
    console = Console(width=80, record=True, force_terminal=True, file=io.StringIO())
    for part in render(figures, width=80, plot=True):
        console.print(part)
    text = console.export_text()
    assert "Where the time went: your last matches against the bot (3)" in text
    assert "You play like the bot's level" in text and "(of 1–7, over 3 matches)" in text
    assert "Your reactions in those matches" in text
