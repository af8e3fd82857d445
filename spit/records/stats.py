"""``spit stats``: a player's history in figures, from the history database.

:func:`gather` turns the indexed matches into plain figures (what ``--json`` prints);
:func:`render` draws them as Rich tables and a plotext chart of reaction over time.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from spit import words
from spit.records.history import Row

DECIDED = ("won", "lost", "drawn")
"""Results that count as a match played (unfinished and abandoned ones do not)."""


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
    results: list[str] = field(default_factory=list)
    reactions: list[tuple[str, float]] = field(default_factory=list)
    fastest: tuple[float, str, int] | None = None


def opponent_label(opponent: str) -> str:
    """``bot:hard`` as "bot (hard)"; a person's name as it is."""
    if opponent.startswith("bot:"):
        return words.records.bot_opponent(opponent[4:])
    return opponent


def _seat_result(row: Row, seat: int) -> str:
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
    """The figures ``spit stats`` shows, as plain data (what ``--json`` prints).

    Every person (a seat no bot played) is counted under their name: matches and wins against
    each opponent, win streaks, their fastest round (the shortest round they went out in) and
    the median of their reaction times in each match, over time.
    """
    people: dict[str, _Person] = {}
    pairs: dict[tuple[str, str], _Tally] = {}
    seats: dict[str, list[tuple[str, int]]] = {}
    for row in rows:
        decided = row.result in DECIDED
        for seat in (0, 1):
            if row.mode == "bot" and seat == 1:
                continue  # the bot's seat: not a person
            name = row.players[seat]
            person = people.setdefault(name, _Person())
            seats.setdefault(row.file, []).append((name, seat))
            if not decided:
                continue
            opponent = row.opponent if seat == 0 else row.players[0]
            result = _seat_result(row, seat)
            person.tally.add(result)
            person.results.append(result)
            pairs.setdefault((name, opponent), _Tally()).add(result)
            reaction = row.reactions[seat]
            if reaction is not None:
                person.reactions.append((row.started, reaction))
    fastest_overall: dict[str, Any] | None = None
    for file, started, number, seconds, went_out in rounds:
        for name, seat in seats.get(file, []):
            if went_out != seat:
                continue
            person = people[name]
            if person.fastest is None or seconds < person.fastest[0]:
                person.fastest = (seconds, started, number)
            if fastest_overall is None or seconds < fastest_overall["seconds"]:
                fastest_overall = {
                    "player": name,
                    "seconds": seconds,
                    "started": started,
                    "round": number,
                }
    return {
        "matches": sum(1 for r in rows if r.result in DECIDED),
        "unfinished": sum(1 for r in rows if r.result == "unfinished"),
        "abandoned": sum(1 for r in rows if r.result == "abandoned"),
        "unreadable": [{"file": f, "error": e} for f, e in unreadable],
        "opponents": [
            {
                "player": name,
                "opponent": opponent,
                "matches": t.matches,
                "won": t.won,
                "lost": t.lost,
                "drawn": t.drawn,
            }
            for (name, opponent), t in sorted(pairs.items())
        ],
        "players": [
            {
                "name": name,
                "matches": p.tally.matches,
                "won": p.tally.won,
                "longest_streak": _streaks(p.results)[0],
                "current_streak": _streaks(p.results)[1],
                "median_reaction": (
                    statistics.median(r for _, r in p.reactions) if p.reactions else None
                ),
                "fastest_round": (
                    None
                    if p.fastest is None
                    else {"seconds": p.fastest[0], "started": p.fastest[1], "round": p.fastest[2]}
                ),
                "reactions": [{"started": s, "median": r} for s, r in p.reactions],
            }
            for name, p in sorted(people.items())
            if p.tally.matches
        ],
        "fastest_round": fastest_overall,
    }


def render(figures: dict[str, Any], *, width: int = 80, plot: bool = True) -> list[Any]:
    """The figures as Rich renderables, the reaction chart last (if ``plot`` and any data)."""
    from rich.table import Table
    from rich.text import Text

    out: list[Any] = []
    if not figures["matches"]:
        out.append(Text(words.records.stats_label("no matches")))
    else:
        opponents = Table(title=words.records.stats_label("by opponent"), title_justify="left")
        for heading in (
            words.records.stats_label("player"),
            words.records.stats_label("opponent"),
            words.records.stats_label("matches"),
            words.records.stats_label("won"),
            words.records.stats_label("lost"),
            words.records.stats_label("drawn"),
        ):
            opponents.add_column(heading, justify="left" if len(opponents.columns) < 2 else "right")
        for line in figures["opponents"]:
            opponents.add_row(
                line["player"],
                opponent_label(line["opponent"]),
                *(str(line[k]) for k in ("matches", "won", "lost", "drawn")),
            )
        out.append(opponents)
        players = Table(title=words.records.stats_label("players"), title_justify="left")
        for heading in (
            words.records.stats_label("player"),
            words.records.stats_label("matches"),
            words.records.stats_label("won"),
            words.records.stats_label("best streak"),
            words.records.stats_label("streak now"),
            words.records.stats_label("median reaction"),
            words.records.stats_label("fastest round"),
        ):
            players.add_column(heading, justify="left" if not players.columns else "right")
        for p in figures["players"]:
            fastest = p["fastest_round"]
            players.add_row(
                p["name"],
                str(p["matches"]),
                str(p["won"]),
                str(p["longest_streak"]),
                str(p["current_streak"]),
                "—"
                if p["median_reaction"] is None
                else words.records.seconds_2(s=p["median_reaction"]),
                "—" if fastest is None else words.records.seconds_1(s=fastest["seconds"]),
            )
        out.append(players)
    extra = []
    if figures["unfinished"]:
        extra.append(words.records.unfinished_matches(figures["unfinished"]))
    if figures["abandoned"]:
        extra.append(words.records.given_up(figures["abandoned"]))
    if figures["unreadable"]:
        extra.append(words.records.unreadable_records(len(figures["unreadable"])))
    if extra:
        out.append(Text(" · ".join(extra), style="dim"))
    chart = reaction_chart(figures, width=width) if plot else None
    if chart is not None:
        out.append(chart)
    return out


def reaction_chart(figures: dict[str, Any], *, width: int = 80, height: int = 14) -> Any:
    """Each player's median reaction per match over time, as a plotext line chart (Rich Text).

    None when no player has two matches with reactions (one point is not a trend).
    """
    series = [(p["name"], p["reactions"]) for p in figures["players"] if len(p["reactions"]) > 1]
    if not series:
        return None
    import plotext as plt  # only here: it is needed for this chart alone
    from rich.text import Text

    plt.clear_figure()
    plt.plotsize(max(40, min(width, 100)), height)
    plt.theme("pro")
    plt.date_form("Y-m-d H:M:S", "m-d H:M")  # many matches a day: the time tells them apart
    for name, points in series:
        plt.plot(
            [p["started"].replace("T", " ").rstrip("Z") for p in points],
            [p["median"] for p in points],
            label=name,
            marker="braille",
        )
    plt.title(words.records.stats_label("reaction chart"))
    chart = Text.from_ansi(plt.build())
    plt.clear_figure()
    return chart
