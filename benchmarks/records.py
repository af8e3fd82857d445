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
"""

from __future__ import annotations

import argparse
import json
import random
import tempfile
import time
from pathlib import Path

from spit.engine import Match, Play, Slap
from spit.records.record import Header, Player, RecordWriter, action_json, read_record


def long_record(directory: Path, entries: int, seed: int = 1) -> Path:
    """Write an unfinished record of ``entries`` actions in ``directory``; its path.

    A long record is what a table under a flood of refused keys leaves (a networked seat
    sending hundreds of actions a second, a held key): a random legal match whose moves
    come 0.3 s apart, about 150 of them, and between them a stream of actions 2 ms apart,
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
    every = max(1, entries // 150)
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
            if match.is_over:  # pragma: no cover - 150 random moves never end a match
                raise RuntimeError(f"the match ended after {n - 1} entries")
    return writer.path


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
    args = parser.parse_args()
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
