"""Key latency of the game against the floor app: key event to state change, and to next frame.

    python benchmarks/keys.py [--presses N] [--blocks B] [--sizes]

Each app runs headless in its own process (``probe.py keys``), both players' keys of a
two-player game (any legal action of either player) against the floor app's one Static.
The presses are split into blocks, and the blocks of the two apps alternate, so a noisy
stretch on a shared machine falls on both. See ``probe.py`` for where each time is taken.

``--sizes`` measures the game instead at each card size, on the smallest terminal that size
is drawn on (80x24, 100x32, 140x42), and small cards on the large size's 140x42 (what the
large cards themselves cost, the terminal's size aside); the blocks alternate in the same
way, and each run's figures are given as ratios to the small cards' at 80x24.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from collections.abc import Sequence
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


CARD_SIZES = {
    "small": ((80, 24), None),
    "medium": ((100, 32), None),
    "large": ((140, 42), None),
    "small at 140x42": ((140, 42), "small"),
}
"""Each card size on the smallest terminal it is drawn on (``spit.app.look.CARD_SIZES``), and
small cards forced on the large size's terminal."""


def _block(
    kind: str,
    presses: int,
    seed: int,
    size: tuple[int, int] | None = None,
    cards: str | None = None,
) -> dict[str, Any]:
    command = [sys.executable, str(PROBE), "keys", kind, "--presses", str(presses)]
    command += ["--seed", str(seed)]
    if size is not None:
        command += ["--size", f"{size[0]}x{size[1]}"]
    if cards is not None:
        command += ["--cards", cards]
    out = subprocess.run(command, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def measure(presses: int = 500, blocks: int = 2, seed: int = 1) -> dict[str, Latency]:
    """``presses`` keys for each app, in ``blocks`` alternating processes."""
    runs: dict[str, list[dict[str, Any]]] = {"floor": [], "game": []}
    for block in range(blocks):
        for kind, results in runs.items():
            results.append(_block(kind, presses // blocks, seed + block))
    return _figures(runs)


def measure_sizes(
    presses: int = 500, blocks: int = 2, names: Sequence[str] = tuple(CARD_SIZES), seed: int = 1
) -> dict[str, Latency]:
    """``presses`` keys of the game at each card size of ``names`` (of :data:`CARD_SIZES`),
    in ``blocks`` alternating processes."""
    runs: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for block in range(blocks):
        for name, results in runs.items():
            size, cards = CARD_SIZES[name]
            results.append(_block("game", presses // blocks, seed + block, size, cards))
    return _figures(runs)


def _figures(runs: dict[str, list[dict[str, Any]]]) -> dict[str, Latency]:
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
    parser.add_argument(
        "--sizes", action="store_true", help="the game at each card size, against the small"
    )
    args = parser.parse_args()
    measured = (measure_sizes if args.sizes else measure)(args.presses, args.blocks)
    for kind, f in measured.items():
        print(
            f"{kind}: {f.presses} keys ({f.missed} missed); key -> change median "
            f"{f.change_median * 1000:.2f} ms, p99 {f.change_p99 * 1000:.2f} ms; key -> frame "
            f"median {f.frame_median * 1000:.2f} ms, p99 {f.frame_p99 * 1000:.2f} ms; "
            f"peak {f.peak_rss_kib / 1024:.1f} MiB"
        )
    if args.sizes:
        small = measured["small"]
        for name, f in measured.items():
            print(
                f"{name} / small: key -> change median "
                f"{f.change_median / small.change_median:.2f}x, p99 "
                f"{f.change_p99 / small.change_p99:.2f}x; key -> frame median "
                f"{f.frame_median / small.frame_median:.2f}x, p99 "
                f"{f.frame_p99 / small.frame_p99:.2f}x; peak "
                f"{f.peak_rss_kib / small.peak_rss_kib:.2f}x"
            )


if __name__ == "__main__":
    main()
