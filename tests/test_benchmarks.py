"""The benchmark suite runs from end to end and prints every figure; no figure is judged here.

``python benchmarks/run.py --quick`` measures everything briefly (about ten seconds): the
figures of such a run are rough, and timings are never asserted in tests, but every
measurement must work, including the apps started on pseudo-terminals.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.long  # a measurement: the benchmark suite, end to end

ROOT = Path(__file__).resolve().parent.parent

FIGURES = (
    "engine: actions applied",
    "engine: playout steps",
    "engine: legal-action queries",
    "engine: actions made",
    "simulator: expert vs expert, matches",
    "simulator: expert vs expert, actions",
    "key -> state change, median",
    "key -> state change, p99",
    "key -> next frame, median",
    "key -> next frame, p99",
    "key -> next frame, large cards",
    "startup to first frame",
    "startup: CPU time to first frame",
    "idle CPU over 1 s, two players",
    "idle CPU over 1 s, bot, no move",
    "idle CPU over 1 s, bot, paused",
    "peak memory after",
    "peak memory on a terminal, idle",
)
"""The first words of every row of the table."""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc and starts apps on ptys")
def test_quick_run_prints_every_figure_with_its_floor() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "run.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    rows = run.stdout.splitlines()
    for figure in FIGURES:
        assert any(row.startswith(figure) for row in rows), figure
    assert "keys that changed nothing" not in run.stdout


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
def test_key_latency_per_card_size_prints_each_size_against_the_small() -> None:
    run = subprocess.run(
        [
            sys.executable,
            str(ROOT / "benchmarks" / "keys.py"),
            "--sizes",
            "--presses",
            "6",
            "--blocks",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    for name in ("small", "medium", "large", "small at 140x42"):
        assert f"\n{name}: 6 keys (0 missed)" in f"\n{run.stdout}", run.stdout
        assert f"\n{name} / small: key -> change median" in f"\n{run.stdout}", run.stdout
