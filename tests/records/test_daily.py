"""The daily deal: one deal a UTC day for everyone, the first finished try counts, a share
line, the streak, and two records of one day compared (``docs/daily.md``)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from spit.cli import main
from spit.engine import Variant
from spit.records.daily import DAILY_LEVEL, Try, daily_seed, days
from spit.records.history import Row
from spit.records.record import Header, Player, RecordError, read_record
from spit.settings.options import GameOptions, Mode
from spit.words.daily import share_line, sparkline
from tests.records.played import header, play_recorded

DAY = "2026-12-03"


def daily(capsys: pytest.CaptureFixture[str], *flags: str, day: str = DAY) -> dict:
    """``spit daily --bot casual --json --date DAY``: its JSON object."""
    assert main(["daily", "--bot", "casual", "--json", "--date", day, *flags]) == 0
    return json.loads(capsys.readouterr().out)


def first_header(data_dir: Path) -> Header:
    (path,) = sorted((data_dir / "records").glob("*.jsonl"))
    return read_record(path).header


def test_two_players_on_one_day_are_dealt_the_same_first_table(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys
) -> None:
    tables = []
    for player in ("ann", "bob"):
        mine = tmp_path / player
        monkeypatch.setenv("SPIT_DATA_DIR", str(mine))
        daily(capsys)
        head = first_header(mine)
        assert head.daily == DAY and head.seed == daily_seed(date(2026, 12, 3))
        assert head.players[1] == Player(bot=DAILY_LEVEL)
        tables.append(head.new_match().view(0))
    assert tables[0] == tables[1]


def test_the_next_utc_day_deals_another_table(data_dir: Path, capsys) -> None:
    daily(capsys, day="2026-12-03")
    daily(capsys, day="2026-12-04")
    heads = [read_record(p).header for p in sorted((data_dir / "records").glob("*.jsonl"))]
    assert [h.daily for h in heads] == ["2026-12-03", "2026-12-04"]
    assert heads[0].seed != heads[1].seed
    assert heads[0].new_match().view(0) != heads[1].new_match().view(0)


def test_the_headless_daily_prints_the_share_line_and_a_second_try_is_practice(
    data_dir: Path, capsys
) -> None:
    first = daily(capsys)
    assert first["practice"] is False
    assert first["share"].startswith(f"Spit daily {DAY} · ")
    assert f"{first['fumbles']} fumble" in first["share"]
    second = daily(capsys)
    assert second["practice"] is True
    assert second["share"].startswith(f"Spit daily {DAY} (practice) · ")
    # The same bot on the same deal plays the same match: only the word practice differs.
    assert second["share"].replace(" (practice)", "") == first["share"]
    assert main(["daily", "--bot", "casual", "--date", DAY, "--ascii"]) == 0
    line = capsys.readouterr().out
    assert line.startswith(f"Spit daily {DAY} (practice)") and line.isascii()


def test_a_date_not_written_yyyy_mm_dd_is_one_line_exit_2(data_dir: Path, capsys) -> None:
    assert main(["daily", "--bot", "casual", "--date", "20261203"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a date: '20261203' (write it YYYY-MM-DD)" in err


def test_a_record_naming_no_real_day_is_refused(data_dir: Path) -> None:
    path, _ = play_recorded(data_dir / "records", head=header())
    lines = path.read_text().splitlines(keepends=True)
    lines[0] = lines[0].replace('"daily":null', '"daily":"2026-13-01"')
    path.write_text("".join(lines))
    with pytest.raises(RecordError):
        read_record(path)


def test_a_format_4_record_reads_as_no_daily(data_dir: Path) -> None:
    path, _ = play_recorded(data_dir / "records", head=header())
    lines = path.read_text().splitlines(keepends=True)
    lines[0] = lines[0].replace('"version":5', '"version":4').replace(',"daily":null', "")
    path.write_text("".join(lines))
    assert read_record(path).header.daily is None


def row(day: str, result: str = "won", started: str = "T10:00:00Z") -> Row:
    """A daily try as the history keeps it: the player against the daily bot."""
    winner = {"won": 0, "lost": 1}.get(result)
    return Row(
        *(f"{day}{started}.jsonl", day + started, "bot", Variant.STANDARD, (None, None)),
        *(DAILY_LEVEL, f"bot:{DAILY_LEVEL}", result, winner, 3, (20, 10), (0.5, 0.6), 60.0),
        daily=day,
    )


def test_the_streak_counts_days_in_a_row_up_to_today_or_yesterday() -> None:
    rows = [row("2026-11-29"), row("2026-12-01", "lost"), row("2026-12-02")]
    assert days(rows, date(2026, 12, 2))["streak"] == 2
    assert days(rows, date(2026, 12, 3))["streak"] == 2  # today's not played yet
    assert days(rows, date(2026, 12, 4))["streak"] == 0


def test_the_first_finished_try_of_a_day_is_the_one_stats_shows() -> None:
    rows = [
        row(DAY, "abandoned", "T09:00:00Z"),  # given up: no try that counts
        row(DAY, "lost", "T10:00:00Z"),
        row(DAY, "won", "T11:00:00Z"),  # practice
    ]
    (shown,) = days(rows, date(2026, 12, 3))["days"]
    assert shown == {
        "date": DAY,
        "result": "lost",
        "rounds": 3,
        "median_reaction": 0.5,
        "tries": 2,
    }


def test_the_share_line_names_its_figures_and_draws_a_bar_a_round() -> None:
    played = Try(DAY, "won", 3, 0.31, 2, (0.4, None, 0.2), False, "f.jsonl")
    assert share_line(played) == (
        "Spit daily 2026-12-03 · won in 3 rounds · median reaction 0.31 s · 2 fumbles · █·▁"
    )
    assert share_line(played, ascii=True).endswith(" | 2 fumbles | @._")
    assert sparkline([1.0, 1.0]) == "▄▄"


def test_replay_against_sets_two_records_of_one_deal_side_by_side(data_dir: Path, capsys) -> None:
    daily(capsys)
    assert main(["daily", "--bot", "fast", "--json", "--date", DAY]) == 0
    capsys.readouterr()
    first, second = sorted((data_dir / "records").glob("*.jsonl"))
    assert main(["replay", str(first), "--against", str(second)]) == 0
    out = capsys.readouterr().out
    assert "bot (casual)" in out and "bot (fast)" in out and "Round 1" in out


def test_replay_against_another_deal_is_refused_in_one_line(data_dir: Path, capsys) -> None:
    daily(capsys, day="2026-12-03")
    daily(capsys, day="2026-12-04")
    first, second = sorted((data_dir / "records").glob("*.jsonl"))
    assert main(["replay", str(first), "--against", str(second)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "are not the same deal" in err


def test_stats_shows_the_daily_streak_and_the_days_results(data_dir: Path, capsys) -> None:
    daily(capsys)
    daily(capsys)
    assert main(["stats", "--json"]) == 0
    (day,) = json.loads(capsys.readouterr().out)["daily"]["days"]
    assert day["date"] == DAY and day["tries"] == 2
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Daily deal" in out and "Daily streak" in out


def test_a_headless_daily_stopped_at_the_simulators_caps_has_no_share_line(
    data_dir: Path, capsys, monkeypatch: pytest.MonkeyPatch
) -> None:
    daily(capsys)  # a try played out already: its line is not the one to print now
    monkeypatch.setattr("spit.commands.daily.play_headless", lambda level, today: False)
    assert main(["daily", "--bot", "casual", "--date", DAY]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == "spit: The daily did not finish: no share line.\n"


def test_spit_daily_opens_the_days_deal_on_the_screen_by_the_standard_rules(
    data_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = tmp_path / "config.toml"
    config.write_text('[menu]\nlevel = "fast"\nvariant = "points"\n[rules]\nlockout = 1.5\n')
    monkeypatch.setenv("SPIT_CONFIG", str(config))
    started: list[GameOptions] = []
    monkeypatch.setattr("spit.commands.play.run_app", lambda options, **_: started.append(options))
    main(["daily", "--date", DAY])
    (options,) = started
    assert (options.mode, options.bot_level, options.daily) == (Mode.BOT, DAILY_LEVEL, DAY)
    assert options.seed == daily_seed(date(2026, 12, 3))
    assert (options.variant, options.lockout) == (Variant.STANDARD, 0.5)
