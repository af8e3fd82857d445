"""``spit stats``' figures from the history database, as plain data (what ``--json`` prints;
:mod:`spit.commands.stats_table` draws them)."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any, NamedTuple

from spit.records.advice import advise, joined, standing
from spit.records.analysis import PlayerFigures
from spit.records.history import Row

RECENT = 10  # the person's last matches against the bot that the coach and the standing read

DECIDED = ("won", "lost", "drawn")  # results that count as a match played to its end


class Unnamed(NamedTuple):
    """A player who gave no name, known as the table called them: by the seat, and whether
    the bot sat opposite (You against the bot, else Player 1 or Player 2)."""

    seat: int
    against_bot: bool


Who = str | Unnamed  # a person: the name they gave, or Unnamed


def _who(row: Row, seat: int) -> Who:
    name = row.players[seat]
    return Unnamed(seat, row.mode == "bot") if name is None else name


def _order(who: Who) -> tuple[bool, str, int, bool]:
    """Names first, alphabetically, then the unnamed seats."""
    return (False, who, 0, False) if isinstance(who, str) else (True, "", *who)


def who_json(who: Who) -> str | dict[str, Any]:
    """A person in ``--json``: the name, or ``{"seat": 0, "against_bot": true}``."""
    return who if isinstance(who, str) else who._asdict()


def _given_up_by(row: Row) -> int | None:
    """The seat that gave ``row``'s match up, when the record can tell: against the bot,
    seat 0 (the bot never does); other records do not say who, so they stay out of tallies."""
    if row.result == "abandoned" and row.mode == "bot":
        return 0
    return None


def _counts(row: Row) -> bool:
    """Whether ``row`` counts as a match played: decided, or given up by a known seat (who
    lost it)."""
    return row.result in DECIDED or _given_up_by(row) is not None


@dataclass(slots=True)
class _Tally:
    matches: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0

    def add(self, result: str) -> None:
        self.matches += 1
        setattr(self, result, getattr(self, result) + 1)


@dataclass(slots=True)
class _Person:
    tally: _Tally = field(default_factory=_Tally)
    given_up: int = 0
    results: list[str] = field(default_factory=list)
    reactions: list[tuple[str, float]] = field(default_factory=list)
    fastest: dict[str, Any] | None = None  # the shortest round they went out in


def _seat_result(row: Row, seat: int) -> str:
    given_up_by = _given_up_by(row)
    if given_up_by is not None:
        # A match given up is lost by the one who gave it up (and won by the other).
        return "lost" if given_up_by == seat else "won"
    if row.winner is None:
        return "drawn"
    return "won" if row.winner == seat else "lost"


def _streaks(results: Sequence[str]) -> tuple[int, int]:
    longest = current = 0
    for result in results:
        current = current + 1 if result == "won" else 0
        longest = max(longest, current)
    return longest, current


def gather(
    rows: Sequence[Row],
    rounds: Sequence[tuple[str, str, int, float, int | None]],
    unreadable: Sequence[tuple[str, str]] = (),
) -> dict[str, Any]:
    """The figures ``spit stats`` shows, per person (a seat no bot played) by name: matches
    and wins against each opponent, streaks, fastest round and median reaction over time."""
    people: dict[Who, _Person] = {}
    pairs: dict[tuple[Who, Who], _Tally] = {}
    seats: dict[str, list[tuple[Who, int]]] = {}
    for row in rows:
        decided = _counts(row)
        for seat in (0, 1):
            if row.mode == "bot" and seat == 1:
                continue  # the bot's seat: not a person
            name = _who(row, seat)
            person = people.setdefault(name, _Person())
            seats.setdefault(row.file, []).append((name, seat))
            if not decided:
                continue
            opponent = (row.opponent or "") if row.mode == "bot" else _who(row, 1 - seat)
            result = _seat_result(row, seat)
            person.tally.add(result)
            person.results.append(result)
            pairs.setdefault((name, opponent), _Tally()).add(result)
            if _given_up_by(row) == seat:
                person.given_up += 1
            reaction = row.reactions[seat]
            if reaction is not None:
                person.reactions.append((row.started, reaction))
    fastest_overall: dict[str, Any] | None = None
    for file, started, number, seconds, went_out in rounds:
        for name, seat in seats.get(file, []):
            if went_out != seat:
                continue
            person = people[name]
            fastest = {"seconds": seconds, "started": started, "round": number}
            if person.fastest is None or seconds < person.fastest["seconds"]:
                person.fastest = fastest
            if fastest_overall is None or seconds < fastest_overall["seconds"]:
                fastest_overall = {"player": who_json(name), **fastest}
    return {
        "matches": sum(1 for r in rows if _counts(r)),
        "unfinished": sum(1 for r in rows if r.result == "unfinished"),
        "abandoned": sum(1 for r in rows if r.result == "abandoned"),
        "unreadable": [{"file": f, "error": e} for f, e in unreadable],
        "opponents": [
            {"player": who_json(name), "opponent": who_json(opponent), **asdict(t)}
            for (name, opponent), t in sorted(
                pairs.items(), key=lambda pair: (_order(pair[0][0]), _order(pair[0][1]))
            )
        ],
        "players": [
            {
                "name": who_json(name),
                "matches": p.tally.matches,
                "won": p.tally.won,
                "lost": p.tally.lost,
                "given_up": p.given_up,
                "longest_streak": _streaks(p.results)[0],
                "current_streak": _streaks(p.results)[1],
                "median_reaction": (
                    statistics.median(r for _, r in p.reactions) if p.reactions else None
                ),
                "fastest_round": p.fastest,
                "reactions": [{"started": s, "median": r} for s, r in p.reactions],
            }
            for name, p in sorted(people.items(), key=lambda person: _order(person[0]))
            if p.tally.matches
        ],
        "fastest_round": fastest_overall,
    }


def recent(rows: Sequence[Row]) -> list[Row]:
    """The person's last :data:`RECENT` decided matches against the bot (they sit in seat 0)."""
    return [row for row in rows if row.mode == "bot" and _counts(row)][-RECENT:]


def coached(rows: Sequence[Row], figures: Sequence[PlayerFigures]) -> dict[str, Any]:
    """The coach over ``rows`` (:func:`recent`), with the person's figures read from their
    records: the lines that cost most time, every reaction (the histogram), and where their
    median reactions put them on the bot's ladder."""
    medians = [r for row in rows if (r := row.reactions[0]) is not None]
    place = standing(medians)
    return {
        "matches": len(figures),
        "lines": [asdict(advice) for advice in advise(joined(figures))],
        "reactions": [r.seconds for f in figures for r in f.reactions],
        "standing": None
        if place is None
        else {"level": place[0], "within": place[1], "matches": len(medians)},
    }
