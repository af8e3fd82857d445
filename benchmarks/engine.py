"""Engine throughput: actions applied per second in random legal playouts, and legal-move queries.

    python benchmarks/engine.py [--matches N] [--repeats R] [--seed S]

First plays whole matches choosing uniformly among both players' legal actions, 10 ms apart
on a virtual clock, and records them. Then replays the records on fresh matches from the
same deals, ``R`` rounds of each kind in turn, and keeps the fastest run of each kind (on a
shared machine the fastest run is the one least disturbed):

- **apply:** ``Match.apply`` alone, action after action;
- **playout:** what a random playout does per action: ask both players' legal actions,
  then apply one (the figure that stays comparable however work is split between them);
- **make:** every recorded action made afresh from its fields, as a shell makes one from a
  key press or a network message (the constructors check their fields' types);
- **floor:** the same replays on ``engine_floor.FloorMatch``, the smallest code that plays
  the same matches with ints and lists (no events, views or kept answers): ``apply`` alone
  and the playout step, in the same rounds, so the engine's figures are read as ratios to it;
- **queries:** the two legal-action queries of each playout step, timed on their own. The
  engine keeps each player's moves until the table changes, and ``apply`` has already
  worked out one player's to tell whether the table is stuck, so this is the cost of a
  query on a table that has just changed, as every caller meets it.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

import engine_floor
from engine_floor import FloorAction, FloorMatch, floor_action

from spit.engine import Action, Match

Record = tuple[int, list[tuple[Action, float]]]
"""A match's deal seed and every action applied, with its time."""


def record(matches: int, seed: int) -> list[Record]:
    """Play ``matches`` random legal matches; return what was played."""
    rng = random.Random(seed)
    records: list[Record] = []
    for index in range(matches):
        deal = seed * 100_003 + index
        match = Match.new(deal)
        played: list[tuple[Action, float]] = []
        at = 0.0
        while not match.is_over:
            at += 0.01
            action = rng.choice(match.legal_actions(0) + match.legal_actions(1))
            match.apply(action, at)
            played.append((action, at))
        records.append((deal, played))
    return records


def _apply(records: list[Record]) -> float:
    matches = [(Match.new(deal), played) for deal, played in records]
    start = time.perf_counter()
    for match, played in matches:
        apply = match.apply
        for action, at in played:
            apply(action, at)
    return time.perf_counter() - start


def _playout(records: list[Record]) -> float:
    matches = [(Match.new(deal), played) for deal, played in records]
    start = time.perf_counter()
    for match, played in matches:
        apply, legal = match.apply, match.legal_actions
        for action, at in played:
            legal(0)
            legal(1)
            apply(action, at)
    return time.perf_counter() - start


def _floor_records(records: list[Record]) -> list[tuple[int, list[tuple[FloorAction, float]]]]:
    return [(deal, [(floor_action(a), at) for a, at in played]) for deal, played in records]


def _floor_apply(records: list[tuple[int, list[tuple[FloorAction, float]]]]) -> float:
    matches = [(FloorMatch(deal), played) for deal, played in records]
    start = time.perf_counter()
    for match, played in matches:
        apply = match.apply
        for action, at in played:
            apply(action, at)
    return time.perf_counter() - start


def _floor_playout(records: list[tuple[int, list[tuple[FloorAction, float]]]]) -> float:
    matches = [(FloorMatch(deal), played) for deal, played in records]
    start = time.perf_counter()
    for match, played in matches:
        apply, legal = match.apply, match.legal
        for action, at in played:
            legal(0)
            legal(1)
            apply(action, at)
    return time.perf_counter() - start


def _make(records: list[Record]) -> float:
    made = [
        (type(action), tuple(getattr(action, name) for name in action.__slots__))
        for _, played in records
        for action, _ in played
    ]
    start = time.perf_counter()
    for kind, fields in made:
        kind(*fields)
    return time.perf_counter() - start


def _queries(records: list[Record]) -> float:
    clock = time.perf_counter
    spent = 0.0
    for deal, played in records:
        match = Match.new(deal)
        apply, legal = match.apply, match.legal_actions
        for action, at in played:
            start = clock()
            legal(0)
            legal(1)
            spent += clock() - start
            apply(action, at)
    return spent


@dataclass(frozen=True)
class EngineFigures:
    """What :func:`measure` found."""

    matches: int
    actions: int
    apply_per_s: float
    """Actions applied per second, ``Match.apply`` alone."""
    playout_per_s: float
    """Playout steps (two legal-action queries and an apply) per second."""
    queries_per_s: float
    """Legal-action queries per second, right after each action."""
    made_per_s: float
    """Actions made from their fields per second."""
    floor_apply_per_s: float
    """The floor's actions applied per second (``engine_floor.FloorMatch.apply``)."""
    floor_playout_per_s: float
    """The floor's playout steps per second."""


def measure(matches: int = 60, repeats: int = 5, seed: int = 1) -> EngineFigures:
    """Record ``matches`` random playouts and time their replays, best of ``repeats``."""
    records = record(matches, seed)
    floor = _floor_records(records)
    _check_floor(floor)
    actions = sum(len(played) for _, played in records)
    # Round by round, so a noisy stretch of the machine hits every kind alike.
    apply_s = playout_s = queries_s = make_s = floor_apply_s = floor_playout_s = float("inf")
    for _ in range(repeats):
        apply_s = min(apply_s, _apply(records))
        floor_apply_s = min(floor_apply_s, _floor_apply(floor))
        playout_s = min(playout_s, _playout(records))
        floor_playout_s = min(floor_playout_s, _floor_playout(floor))
        queries_s = min(queries_s, _queries(records))
        make_s = min(make_s, _make(records))
    return EngineFigures(
        matches=matches,
        actions=actions,
        apply_per_s=actions / apply_s,
        playout_per_s=actions / playout_s,
        queries_per_s=2 * actions / queries_s,
        made_per_s=actions / make_s,
        floor_apply_per_s=actions / floor_apply_s,
        floor_playout_per_s=actions / floor_playout_s,
    )


def _check_floor(floor: list[tuple[int, list[tuple[FloorAction, float]]]]) -> None:
    """The floor accepts every recorded action and ends every match: it did the same work."""
    for deal, played in floor:
        match = FloorMatch(deal)
        if not all(match.apply(action, at) for action, at in played) or not match.over:
            raise RuntimeError(f"{engine_floor.__name__} played deal {deal} otherwise")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=60)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    f = measure(args.matches, args.repeats, args.seed)
    print(
        f"engine: {f.actions:,} actions in {f.matches} random matches, best of {args.repeats}: "
        f"{f.apply_per_s:,.0f} actions/s applied, {f.playout_per_s:,.0f} playout steps/s, "
        f"{f.queries_per_s:,.0f} legal-action queries/s, {f.made_per_s:,.0f} actions made/s; "
        f"floor: {f.floor_apply_per_s:,.0f} actions/s applied "
        f"({f.apply_per_s / f.floor_apply_per_s:.2f}x), {f.floor_playout_per_s:,.0f} playout "
        f"steps/s ({f.playout_per_s / f.floor_playout_per_s:.2f}x)"
    )


if __name__ == "__main__":
    main()
