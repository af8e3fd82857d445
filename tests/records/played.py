"""Whole matches played by two bots on a virtual clock, written to a record as they go."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

from spit.bot import Bot
from spit.engine import Action, Match, Result, Variant
from spit.records.record import FORMAT_VERSION, Header, Player, RecordWriter
from spit.sim.simulator import play_match


def header(seed: int = 7, variant: Variant = Variant.STANDARD) -> Header:
    """A bot game's header: "Ann" against the hard bot."""
    return Header(
        seed=seed,
        mode="bot",
        players=(Player("Ann"), Player(bot="hard")),
        variant=variant,
    )


def unnamed(mode: str, seed: int, *, version: int = FORMAT_VERSION) -> Header:
    """A header whose players gave no name (format 3 stored "Player 1", "Player 2", "Bot")."""
    bot = mode == "bot"
    if version < 4:
        seated = (Player("Player 1"), Player("Bot", "hard") if bot else Player("Player 2"))
    else:
        seated = (Player(), Player(bot="hard") if bot else Player())
    return Header(seed=seed, mode=mode, players=seated, version=version)


class _Recorded(Match):
    writer: RecordWriter
    stop_after: int | None = None
    applied = 0

    def apply(self, action: Action, at: float = 0.0) -> Result:
        if self.stop_after is not None and self.applied >= self.stop_after:
            raise _Stop
        result = super().apply(action, at)
        self.writer.action(action, at, result)
        self.applied += 1
        return result


class _Stop(Exception):
    pass


def play_recorded(
    directory: Path,
    seed: int = 7,
    *,
    stop_after: int | None = None,
    levels=("hard", "expert"),
    head: Header | None = None,
) -> tuple[Path, Match]:
    """Play a match bot against bot, recording it in ``directory`` (under ``head``, else
    :func:`header`); stop after some actions.

    Returns the record's path and the match as played (stopped or over).
    """
    head = head or header(seed)
    writer = RecordWriter.create(head, directory)
    match = _Recorded(
        random.Random(seed), variant=head.variant, settings=head.settings, target=head.target
    )
    match.writer = writer
    match.stop_after = stop_after
    bots = (
        Bot(0, levels[0], random.Random(seed + 1)),
        Bot(1, levels[1], random.Random(seed + 2)),
    )
    try:
        play_match(match, bots)
    except _Stop:
        writer.close()
        return writer.path, match
    assert match.outcome is not None
    writer.over(match.outcome)
    return writer.path, match


UPTIME = 1980.74
"""The first action's time in a record written on the machine's monotonic clock (as every
record was before the game clock started at the deal): seconds since the machine started."""


def on_uptime_clock(path: Path, first: float = UPTIME) -> Path:
    """Rewrite the record at ``path`` with every time moved on, so that its first action is
    at ``first``, as a record written on the uptime clock reads. Returns ``path``."""
    lines = path.read_text().splitlines()
    entries = [json.loads(line) for line in lines[1:]]
    start = next(e["at"] for e in entries if "at" in e)
    for entry in entries:
        if "at" in entry:
            entry["at"] = round(entry["at"] - start + first, 6)
    path.write_text("\n".join([lines[0], *(json.dumps(e) for e in entries)]) + "\n")
    return path


def long_record(directory: Path, entries: int, seed: int = 1) -> Path:
    """An unfinished record of ``entries`` entries in ``directory``, written by the records
    benchmark's generator (``benchmarks/records.py``: a random match under a flood of
    refused actions, each judged by the engine): about 1.5 s per 100,000 entries."""
    import importlib.util

    source = Path(__file__).resolve().parents[2] / "benchmarks" / "records.py"
    spec = importlib.util.spec_from_file_location("spit_benchmark_records", source)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.long_record(directory, entries, seed)


def no_regular_file(path: Path, kind: str, link_to: Path) -> None:
    """Leave at ``path`` what someone able to write the data directory might: "a named pipe",
    "a link to /dev/zero", or else a link to ``link_to``."""
    if kind == "a named pipe":
        os.mkfifo(path)
    elif kind == "a link to /dev/zero":
        path.symlink_to("/dev/zero")
    else:
        path.symlink_to(link_to)
