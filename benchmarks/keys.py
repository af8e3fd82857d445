"""Key latency of the game against the floor app: key event to state change, and to next frame.

    python benchmarks/keys.py [--presses N] [--blocks B]

Each app runs headless in its own process (``probe.py keys``), both players' keys of a
two-player game (any legal action of either player) against the floor app's one Static.
The presses are split into blocks, and the blocks of the two apps alternate, so a noisy
stretch on a shared machine falls on both. See ``probe.py`` for where each time is taken.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from statistics import median
from typing import Any

HERE = Path(__file__).resolve().parent
PROBE = HERE / "probe.py"


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


@dataclass(frozen=True)
class Latency:
    """One app's key presses, in seconds."""

    presses: int
    missed: int
    """Keys that changed nothing within a second (none expected)."""
    change_median: float
    change_p99: float
    frame_median: float
    frame_p99: float
    peak_rss_kib: int
    """The largest peak resident memory of its processes."""


def _block(kind: str, presses: int, seed: int) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(PROBE), "keys", kind, "--presses", str(presses), "--seed", str(seed)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def measure(presses: int = 500, blocks: int = 2, seed: int = 1) -> dict[str, Latency]:
    """``presses`` keys for each app, in ``blocks`` alternating processes."""
    runs: dict[str, list[dict[str, Any]]] = {"floor": [], "game": []}
    for block in range(blocks):
        for kind, results in runs.items():
            results.append(_block(kind, presses // blocks, seed + block))
    figures = {}
    for kind, results in runs.items():
        samples = [s for r in results for s in r["samples"]]
        change = [s[0] for s in samples]
        frame = [s[1] for s in samples]
        figures[kind] = Latency(
            presses=len(samples),
            missed=sum(r["missed"] for r in results),
            change_median=median(change),
            change_p99=percentile(change, 0.99),
            frame_median=median(frame),
            frame_p99=percentile(frame, 0.99),
            peak_rss_kib=max(r["peak_rss_kib"] for r in results),
        )
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presses", type=int, default=500)
    parser.add_argument("--blocks", type=int, default=2)
    args = parser.parse_args()
    for kind, f in measure(args.presses, args.blocks).items():
        print(
            f"{kind}: {f.presses} keys ({f.missed} missed); key -> change median "
            f"{f.change_median * 1000:.2f} ms, p99 {f.change_p99 * 1000:.2f} ms; key -> frame "
            f"median {f.frame_median * 1000:.2f} ms, p99 {f.frame_p99 * 1000:.2f} ms; "
            f"peak {f.peak_rss_kib / 1024:.1f} MiB"
        )


if __name__ == "__main__":
    main()
