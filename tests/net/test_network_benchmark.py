"""The network benchmark runs from end to end and prints its figures; no figure is judged."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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
