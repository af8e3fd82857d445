"""The network benchmark runs from end to end and prints its figures; no figure is judged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from .rediskit import redis_available

pytestmark = pytest.mark.long  # a measurement: the network benchmarks, end to end

ROOT = Path(__file__).resolve().parent.parent.parent


def test_the_network_benchmark_prints_every_figure():
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "network.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    for figure in ("local key -> state change", "key on A -> table on B", "rooms  actions/s"):
        assert figure in run.stdout
    assert "Traceback" not in run.stderr


def test_the_flood_benchmark_prints_every_flood():
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "floods.py"), "--quick"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    for flood in (
        "none",
        "guesses",
        "connections from one address",
        "connections from 8 addresses",
    ):
        assert f"\n{flood} " in run.stdout
    assert "rooms" in run.stdout and "honest p99" in run.stdout
    assert "Traceback" not in run.stderr


def test_the_network_benchmark_measures_workers_and_what_a_redirect_adds():
    redis_available()
    run = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "network.py"), "--quick", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    for figure in ("sent on (redirect)", "a redirect adds", "2 workers", "rooms  actions/s"):
        assert figure in run.stdout
    assert "Traceback" not in run.stderr
