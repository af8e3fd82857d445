"""Every performance figure of the game, each with its floor, ratio and target, in one table.

    python benchmarks/run.py [--quick] [--json FILE]

Measures, in this order: engine throughput against the engine's floor (``engine.py``,
``engine_floor.py``: the same matches played with ints and lists), simulator throughput
(``sim.py``), key latency against the floor app (``keys.py``), the large cards' key latency
against the small cards', then startup, idle CPU and peak memory against the floor app on
real pseudo-terminals (``terminal.py``). The floor app (``floor.py``) is the smallest Textual
app that updates one Static per key press; every figure of the app is measured against it
in the same run. ``--quick`` runs every
measurement briefly, to check that they all work (the figures are then rough).
``docs/performance.md`` explains each figure and records the latest ones.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import sysconfig
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from statistics import median
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import engine
import keys
import sim
import terminal


@dataclass(frozen=True)
class Plan:
    """How much of each measurement to do."""

    matches: int = 60
    repeats: int = 5
    games: int = 40
    sim_repeats: int = 3
    presses: int = 500
    blocks: int = 2
    startups: int = 5
    idle: float = 10.0
    settle: float = terminal.SETTLE


QUICK = Plan(
    matches=6,
    repeats=1,
    games=4,
    sim_repeats=1,
    presses=30,
    blocks=1,
    startups=1,
    idle=1.0,
    settle=1.0,
)
"""Every measurement, briefly: for the smoke test."""


def machine() -> str:
    """The machine the figures come from, in one line."""
    model = "unknown CPU"
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    from textual import __version__ as textual_version

    optimized = "--enable-optimizations" in (sysconfig.get_config_var("CONFIG_ARGS") or "")
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (
        f"{model}, {os.cpu_count()} cores; {platform.system()} {platform.release()}; "
        f"CPython {platform.python_version()} ({'PGO' if optimized else 'no PGO'}); "
        f"Textual {textual_version}; load average at start {load}"
    )


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def per_s(value: float) -> str:
    return f"{value:,.0f}/s"


class Table:
    """The figures as rows: what, spit, floor, ratio, target, met."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str, str, str]] = []
        self.data: dict[str, Any] = {}

    def add(
        self,
        what: str,
        spit: str,
        floor: str = "",
        ratio: str = "",
        target: str = "",
        met: bool | None = None,
    ) -> None:
        mark = "" if met is None else ("yes" if met else "NO")
        self.rows.append((what, spit, floor, ratio, target, mark))

    def print(self) -> None:
        header = ("figure", "spit", "floor", "ratio", "target", "met")
        widths = [max(len(r[i]) for r in [header, *self.rows]) for i in range(6)]
        for row in [header, tuple("-" * w for w in widths), *self.rows]:
            rest = zip(row[1:], widths[1:], strict=True)
            cells = [row[0].ljust(widths[0]), *(c.rjust(w) for c, w in rest)]
            print("  ".join(cells).rstrip())


def run(plan: Plan) -> Table:
    table = Table()
    started = time.monotonic()
    print(f"machine: {machine()}", flush=True)
    table.data["machine"] = machine()
    table.data["plan"] = asdict(plan)

    print("engine ...", flush=True)
    e = engine.measure(plan.matches, plan.repeats)
    table.data["engine"] = asdict(e)
    ratio = e.apply_per_s / e.floor_apply_per_s
    table.add(
        "engine: actions applied",
        per_s(e.apply_per_s),
        per_s(e.floor_apply_per_s),
        f"{ratio:.2f}x",
        target=">= 0.35x floor",
        met=ratio >= 0.35,
    )
    table.add(
        "engine: playout steps (2 queries + apply)",
        per_s(e.playout_per_s),
        per_s(e.floor_playout_per_s),
        f"{e.playout_per_s / e.floor_playout_per_s:.2f}x",
    )
    table.add("engine: legal-action queries", per_s(e.queries_per_s))
    table.add("engine: actions made from their fields", per_s(e.made_per_s))

    print("simulator ...", flush=True)
    s = sim.measure(plan.games, plan.sim_repeats)
    table.data["simulator"] = asdict(s)
    table.add("simulator: expert vs expert, matches", f"{s.matches_per_s:,.1f}/s")
    table.add(
        "simulator: expert vs expert, actions",
        per_s(s.actions_per_s),
        target=">= 60,000/s",
        met=s.actions_per_s >= 60_000,
    )

    print("key latency ...", flush=True)
    k = keys.measure(plan.presses, plan.blocks)
    game, floor = k["game"], k["floor"]
    table.data["keys"] = {kind: asdict(f) for kind, f in k.items()}
    ratio = game.change_p99 / floor.change_p99
    table.add(
        f"key -> state change, median ({game.presses} keys)",
        ms(game.change_median),
        ms(floor.change_median),
        f"{game.change_median / floor.change_median:.2f}x",
    )
    table.add(
        "key -> state change, p99",
        ms(game.change_p99),
        ms(floor.change_p99),
        f"{ratio:.2f}x",
        "<= 2 ms, <= 1.5x",
        game.change_p99 <= 0.002 and ratio <= 1.5,
    )
    ratio = game.frame_median / floor.frame_median
    table.add(
        "key -> next frame, median",
        ms(game.frame_median),
        ms(floor.frame_median),
        f"{ratio:.2f}x",
        "<= 17 ms, <= 1.5x",
        game.frame_median <= 0.017 and ratio <= 1.5,
    )
    table.add(
        "key -> next frame, p99",
        ms(game.frame_p99),
        ms(floor.frame_p99),
        f"{game.frame_p99 / floor.frame_p99:.2f}x",
    )
    sizes = keys.measure_sizes(plan.presses, plan.blocks, ("small", "large"))
    table.data["card sizes"] = {kind: asdict(f) for kind, f in sizes.items()}
    small, large = sizes["small"], sizes["large"]
    ratio = large.frame_median / small.frame_median
    table.add(
        "key -> next frame, large cards (140x42), median",
        ms(large.frame_median),
        ms(small.frame_median) + " small",
        f"{ratio:.2f}x",
        "<= 1.2x",
        ratio <= 1.2,
    )
    if game.missed or floor.missed:
        table.add("keys that changed nothing", str(game.missed), str(floor.missed))

    print("startup ...", flush=True)
    starts = terminal.startups(plan.startups)
    table.data["startup"] = starts
    game_start = median(w for w, _ in starts["game"])
    floor_start = median(w for w, _ in starts["floor"])
    ratio = game_start / floor_start
    table.add(
        f"startup to first frame, median of {plan.startups}",
        ms(game_start),
        ms(floor_start),
        f"{ratio:.2f}x",
        "<= 1.3x",
        ratio <= 1.3,
    )
    game_cpu = median(c for _, c in starts["game"])
    floor_cpu = median(c for _, c in starts["floor"])
    table.add(
        "startup: CPU time to first frame",
        ms(game_cpu),
        ms(floor_cpu),
        f"{game_cpu / floor_cpu:.2f}x",
    )

    print("idle ...", flush=True)
    idle = terminal.idle(plan.idle, plan.settle)
    table.data["idle"] = idle
    floor_cpu = idle["floor"]["cpu_percent"]
    for name in ("two players", "bot, no move", "bot, paused"):
        cpu = idle[name]["cpu_percent"]
        table.add(
            f"idle CPU over {plan.idle:g} s, {name}",
            f"{cpu:.2f} %",
            f"{floor_cpu:.2f} %",
            f"{cpu - floor_cpu:+.2f} pt",
            "<= 1 %, <= floor + 0.5",
            cpu <= 1.0 and cpu <= floor_cpu + 0.5,
        )
    ratio = game.peak_rss_kib / floor.peak_rss_kib
    table.add(
        f"peak memory after {game.presses} keys",
        f"{game.peak_rss_kib / 1024:.1f} MiB",
        f"{floor.peak_rss_kib / 1024:.1f} MiB",
        f"{ratio:.2f}x",
        "<= 1.25x",
        ratio <= 1.25,
    )
    two, floor_idle = idle["two players"]["peak_rss_kib"], idle["floor"]["peak_rss_kib"]
    table.add(
        "peak memory on a terminal, idle",
        f"{two / 1024:.1f} MiB",
        f"{floor_idle / 1024:.1f} MiB",
        f"{two / floor_idle:.2f}x",
        "<= 1.3x",
        two <= 1.3 * floor_idle,
    )
    table.data["seconds"] = time.monotonic() - started
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="every measurement, briefly")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    # The games started here keep their match records as a player's would (that is part of
    # what is measured), but in a directory of their own, not in the player's history.
    if not os.environ.get("SPIT_DATA_DIR"):
        os.environ["SPIT_DATA_DIR"] = tempfile.mkdtemp(prefix="spit-benchmarks-")
    table = run(QUICK if args.quick else Plan())
    print()
    table.print()
    print(f"\n{table.data['seconds']:.0f} s")
    if args.json:
        args.json.write_text(json.dumps(table.data, indent=2))


if __name__ == "__main__":
    main()
