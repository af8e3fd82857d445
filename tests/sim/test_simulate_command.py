"""``spit simulate``: its arguments, the table, and the one JSON object of ``--json``."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from contextlib import contextmanager

import pytest
from rich.console import Console

from spit.commands.sim import INTERRUPTED, add_simulate_parser
from spit.commands.sim_report import progress_bar, table
from spit.sim.simulator import Config, simulate, simulate_match


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="spit")
    add_simulate_parser(parser.add_subparsers())
    return parser.parse_args(["simulate", *argv])


def test_json_prints_exactly_one_object_with_the_figures(capsys) -> None:
    args = parse("--games", "3", "--bot1", "expert", "--bot2", "easy", "--seed", "4", "--json")
    assert args.func(args) == 0
    out, err = capsys.readouterr()
    assert out.count("\n") == 1
    figures = json.loads(out)
    required = {"games", "bot1", "bot2", "wins_bot1", "wins_bot2", "draws", "mean_rounds"}
    assert required | {"actions", "seconds"} <= figures.keys()
    assert figures["games"] == 3
    assert (figures["bot1"], figures["bot2"]) == ("expert", "easy")
    assert figures["wins_bot1"] + figures["wins_bot2"] + figures["draws"] == 3
    assert figures["variant"] == "standard" and figures["seed"] == 4
    assert figures["actions"] > 0 and figures["refusals"] >= 0
    assert err == ""  # no progress bar when stderr is not a terminal


def test_the_table_names_both_bots_and_the_figures(capsys) -> None:
    args = parse("--games", "2", "--bot1", "hard", "--bot2", "random", "--variant", "points")
    assert args.func(args) == 0
    out = capsys.readouterr().out
    for words in ("bot 1 (hard)", "bot 2 (random)", "draws", "mean rounds", "actions/s"):
        assert words in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--games", "0", "--bot1", "hard", "--bot2", "easy"], "must be at least 1, not 0"),
        (["--games", "lots", "--bot1", "hard", "--bot2", "easy"], "not a whole number"),
        (["--games", "2", "--bot1", "godlike", "--bot2", "easy"], "invalid choice: 'godlike'"),
        (["--games", "2", "--bot1", "hard", "--bot2", "easy", "--variant", "x"], "invalid choice"),
        (["--bot1", "hard", "--bot2", "easy"], "--games"),
    ],
)
def test_bad_arguments_exit_2_with_argparses_message(argv, message, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse(*argv)
    assert exit_.value.code == 2
    assert message in capsys.readouterr().err


def test_spit_simulate_runs_from_the_command_line() -> None:
    argv = ["simulate", "--games", "2", "--bot1", "expert", "--bot2", "hard", "--json"]
    done = subprocess.run(
        [sys.executable, "-m", "spit", *argv],
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games"] == 2


def test_ctrl_c_stops_with_a_line_not_a_traceback(monkeypatch, capsys) -> None:
    def interrupted(config, on_match=None):
        raise KeyboardInterrupt

    monkeypatch.setattr("spit.sim.simulator.simulate", interrupted)
    args = parse("--games", "2", "--bot1", "hard", "--bot2", "easy")
    assert args.func(args) == INTERRUPTED
    out, err = capsys.readouterr()
    assert out == "" and err == "spit simulate: interrupted\n"


def test_the_progress_bar_advances_once_per_match(monkeypatch) -> None:
    """On a terminal the run goes through the progress bar's callback, match by match."""
    seen: list[int] = []

    @contextmanager
    def counting_bar(label, total):
        yield lambda report: seen.append(report.index)

    monkeypatch.setattr("sys.stderr.isatty", lambda: True, raising=False)
    monkeypatch.setattr("spit.commands.sim_report.progress_bar", counting_bar)
    args = parse("--games", "3", "--bot1", "expert", "--bot2", "expert", "--json")
    assert args.func(args) == 0
    assert seen == [0, 1, 2]


def test_the_rich_progress_bar_runs_without_a_terminal(capsys) -> None:
    """Off a terminal (stderr a pipe or a log file) the bar takes every match and draws
    nothing: no bar, no escape codes left in the log."""
    config = Config(games=2, bot1="expert", bot2="easy")
    with progress_bar("expert vs easy", config.games) as advance:
        for index in range(config.games):
            advance(simulate_match(config, index))
    out, err = capsys.readouterr()
    assert out == "" and err.strip() == ""


def test_the_table_counts_unfinished_matches_with_their_number(capsys) -> None:
    Console(width=200).print(
        table(simulate(Config(games=1, bot1="easy", bot2="easy", max_rounds=1)))
    )
    assert "1 match unfinished (round or time cap)" in capsys.readouterr().out
