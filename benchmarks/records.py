"""What recording costs on the key path: ``Match.apply`` alone against apply plus the record.

    python benchmarks/records.py [--matches N] [--repeats R]

Plays random legal matches (as ``engine.py`` does), then replays them two ways, best of
``R`` rounds each, in a temporary directory:

- **floor:** ``Match.apply`` alone, action after action;
- **recorded:** ``Match.apply`` and then ``RecordWriter.action`` — one JSON line written
  straight to the file, and ``fsync`` after each action that ends a round — which is what
  every key press costs in play once the match is recorded.

It prints microseconds per action for both, the ratio, and what the recording adds; then the
time to read a record back (replaying it through the engine), per action.

    python benchmarks/records.py --long 300000 [--repeats R]

writes one long record (:func:`long_record`) and measures, each in a fresh process (best of
``R``), its wall time, its CPU time (user and system: on a shared machine the steadier
figure) and its peak memory (the child's maximum resident set):

- **stats:** ``spit stats --json`` indexing the record into a new history;
- **resume:** reading the record and bringing ``spit resume``'s table up (the app headless,
  on a copy of the record, as resuming appends to it);
- **replay:** reading the record and bringing ``spit replay``'s screen up (headless).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from spit.engine import Match, Play, Slap
from spit.records.record import Header, Player, RecordWriter, action_json, read_record


def long_record(directory: Path, entries: int, seed: int = 1) -> Path:
    """Write an unfinished record of ``entries`` actions in ``directory``; its path.

    A long record is what a table under a flood of refused keys leaves (a networked seat
    sending hundreds of actions a second, a held key): a random legal match whose moves
    come 0.3 s apart, 100 of them, and between them a stream of actions 2 ms apart,
    random slaps and plays by either player, each with the engine's own verdict (most are
    refused: locked, not slap time, stuck). Every entry is judged by the engine as it is
    written, so the record reads back as valid; the match is left unfinished, so it can be
    resumed as well as replayed and counted. 300,000 entries take about 2.5 s and 29 MB.
    """
    rng = random.Random(seed)
    header = Header(seed=seed, mode="two-player", players=(Player("Ann"), Player("Ben")))
    writer = RecordWriter.create(header, directory)
    writer.close()  # the header is written; the entries go through one buffered file
    match = header.new_match()
    every = max(1, entries // 100)
    at = 0.0
    dumps = json.dumps
    with writer.path.open("a", encoding="ascii") as out:
        for n in range(2, entries + 2):
            if n % every == 0:
                at += 0.3
                action = rng.choice(match.legal_actions(0) + match.legal_actions(1))
            else:
                at += 0.002
                p = rng.randrange(2)
                if rng.random() < 0.5:
                    action = Slap(p, rng.randrange(2))
                else:
                    action = Play(p, rng.randrange(5), rng.randrange(2))
            result = match.apply(action, at)
            entry = {"n": n, "at": at, **action_json(action), "ok": result.ok}
            if result.refusal is not None:
                entry["why"] = result.refusal.reason.value
            out.write(dumps(entry, separators=(",", ":")) + "\n")
            if match.is_over:  # pragma: no cover - 100 random moves do not end one
                raise RuntimeError(f"the match ended after {n - 1} entries")
    return writer.path


_CHILD = """
import asyncio, shutil, sys
from pathlib import Path
kind, record = sys.argv[1], Path(sys.argv[2])
if kind == "stats":
    from spit.cli import main
    main(["--no-config", "stats", "--json"])
    raise SystemExit
from spit.app.app import SpitApp
from spit.app.game import GameScreen
from spit.records.record import read_record
from spit.settings.options import GameOptions
try:  # as the commands read: streaming, the replay's figures gathered on the way
    from spit.records.analysis import read_analysed
except ImportError:  # a spit from before the records were streamed
    read_analysed = None
if kind == "resume":
    copy = record.with_name("copy-" + record.name)
    shutil.copyfile(record, copy)
    try:
        resumed = read_record(copy, steps=False)
    except TypeError:
        resumed = read_record(copy)
    app = SpitApp(GameOptions(), record=True, resume=resumed)
else:
    replayed = read_record(record) if read_analysed is None else read_analysed(record, steps=True)
    app = SpitApp(GameOptions(), record=False, replay=replayed)
async def show():
    async with app.run_test(size=(100, 34)) as pilot:
        while not isinstance(app.screen, GameScreen) and not any(
            isinstance(s, GameScreen) for s in app.screen_stack
        ):
            await pilot.pause(0.01)
asyncio.run(show())
"""
"""A fresh process doing one of the measured things (``stats``, ``resume``, ``replay``)."""


def _measure(kind: str, record: Path, data: Path) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak MB of one child doing ``kind`` on ``record``."""
    env = {**os.environ, "SPIT_DATA_DIR": str(data), "SPIT_CONFIG": str(data / "none.toml")}
    for leftover in data.glob("history.sqlite3*"):  # the record is indexed afresh each time
        leftover.unlink()
    start = time.perf_counter()
    command = [sys.executable, "-c", _CHILD, kind, str(record)]
    child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(child.pid, 0)
    spent = time.perf_counter() - start
    if status != 0:
        raise SystemExit(f"records: {kind} failed (status {status})")
    cpu = usage.ru_utime + usage.ru_stime  # what a loaded machine's noise moves least
    return spent, cpu, usage.ru_maxrss / 1024  # Linux reports kilobytes


def long_figures(entries: int, repeats: int) -> None:
    """Print what a record of ``entries`` entries costs to count, resume and replay."""
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        (data / "records").mkdir()
        start = time.perf_counter()
        path = long_record(data / "records", entries)
        made = time.perf_counter() - start
        size = path.stat().st_size / 1e6
        print(f"records: a record of {entries:,} entries, {size:.1f} MB, written in {made:.1f} s")
        for kind in ("stats", "resume", "replay"):
            runs = [_measure(kind, path, data) for _ in range(repeats)]
            for copy in data.glob("records/copy-*"):
                copy.unlink()
            spent, cpu, peak = (min(r[i] for r in runs) for i in range(3))
            print(
                f"records: {kind:6} {spent:5.2f} s ({cpu:5.2f} s of CPU), peak {peak:4.0f} MB"
                f" (best of {repeats})"
            )


def _floor(records) -> float:
    matches = [(Match.new(deal), played) for deal, played in records]
    start = time.perf_counter()
    for match, played in matches:
        for action, at in played:
            match.apply(action, at)
    return time.perf_counter() - start


def _recorded(records, directory: Path) -> tuple[float, list[float], list[Path]]:
    runs = []
    for deal, played in records:
        header = Header(seed=deal, mode="two-player", players=(Player("A"), Player("B")))
        runs.append((Match.new(deal), played, RecordWriter.create(header, directory)))
    clock = time.perf_counter
    each: list[float] = []
    start = clock()
    for match, played, writer in runs:
        apply, write = match.apply, writer.action
        for action, at in played:
            began = clock()
            write(action, at, apply(action, at))
            each.append(clock() - began)
    spent = clock() - start
    paths = []
    for _, _, writer in runs:
        writer.close()
        paths.append(writer.path)
    return spent, each, paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=30)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--long", type=int, metavar="ENTRIES", help="measure a long record")
    args = parser.parse_args()
    if args.long:
        long_figures(args.long, args.repeats)
        return
    from engine import record  # a sibling script: benchmarks/ is on the path when run

    records = record(args.matches, 1)
    actions = sum(len(played) for _, played in records)
    floor = recorded = reading = float("inf")
    slowest: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        for repeat in range(args.repeats):
            floor = min(floor, _floor(records))
            spent, each, paths = _recorded(records, Path(folder) / str(repeat))
            if spent < recorded:
                recorded, slowest = spent, sorted(each)
            start = time.perf_counter()
            for path in paths:
                read_record(path)
            reading = min(reading, time.perf_counter() - start)
    per = 1e6 / actions
    print(
        f"records: {actions:,} actions in {args.matches} random matches, best of {args.repeats}: "
        f"apply {floor * per:.1f} µs/action (floor), apply + record {recorded * per:.1f} µs "
        f"({recorded / floor:.2f}x the floor; the record adds {(recorded - floor) * per:.1f} µs), "
        f"reading back {reading * per:.1f} µs/action"
    )
    median = slowest[len(slowest) // 2]
    p99 = slowest[int(len(slowest) * 0.99)]
    print(
        f"records: one action applied and recorded: median {median * 1e6:.0f} µs, "
        f"p99 {p99 * 1e6:.0f} µs, slowest {slowest[-1] * 1e3:.1f} ms "
        "(the slow ones end a round: the fsync)"
    )


if __name__ == "__main__":
    main()
