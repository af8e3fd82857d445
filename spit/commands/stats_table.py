"""How ``spit stats`` shows its figures: Rich tables in the player's words, and a plotext
chart of reaction over time. Names from records are shown as text, never read as markup."""

from __future__ import annotations

from typing import Any

from rich.console import JustifyMethod
from rich.table import Table
from rich.text import Text

from spit import words
from spit.printable import printable
from spit.records.advice import Advice


def who_label(who: str | dict[str, Any]) -> str:
    """A person as the table called them: the name they gave (made printable), or You,
    Player 1, Player 2 for one who gave none (``spit.records.stats.who_json``)."""
    if isinstance(who, dict):
        return words.labels.player_name(who["seat"], against_bot=who["against_bot"])
    return printable(who)


def opponent_label(opponent: str | dict[str, Any]) -> str:
    """``bot:hard`` as "bot (hard)"; a person as :func:`who_label` says them."""
    if isinstance(opponent, str) and opponent.startswith("bot:"):
        return printable(words.records.bot_opponent(opponent[4:]))
    return who_label(opponent)


def _name(text: str) -> Any:
    """A cell holding ``text`` as it is: Rich reads a plain string's brackets as markup."""
    return Text(printable(text))


def render(figures: dict[str, Any], *, width: int = 80, plot: bool = True) -> list[Any]:
    """The figures as Rich renderables, the reaction chart last (if ``plot`` and any data)."""
    out: list[Any] = []
    if not figures["matches"]:
        out.append(Text(words.records.stats_label("no matches")))
    else:
        opponents = Table(title=words.records.stats_label("by opponent"), title_justify="left")
        for heading in ("player", "opponent", "matches", "won", "lost", "drawn"):
            justify: JustifyMethod = "left" if len(opponents.columns) < 2 else "right"
            opponents.add_column(words.records.stats_label(heading), justify=justify)
        for line in figures["opponents"]:
            opponents.add_row(
                _name(who_label(line["player"])),
                _name(opponent_label(line["opponent"])),
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
                _name(who_label(p["name"])),
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
    out += coach(figures.get("coach"), width=width, plot=plot)
    return out


def coach(figures: dict[str, Any] | None, *, width: int = 80, plot: bool = True) -> list[Any]:
    """Where the time went over the person's last matches against the bot, where they stand
    on the ladder, and (if ``plot``) the histogram of their reactions; nothing without them."""
    if not figures or not figures["matches"]:
        return []
    out: list[Any] = [Text(words.advice.recent(figures["matches"]), style="bold")]
    out += [Text("• " + words.advice.line(Advice(**line))) for line in figures["lines"]]
    if not figures["lines"]:
        out.append(Text("• " + words.advice.nothing()))
    place = figures["standing"]
    if place is not None:
        out.append(Text(words.advice.standing(place["level"], place["within"], place["matches"])))
    if plot and len(figures["reactions"]) > 1:
        import plotext as plt  # only here: it is needed for the charts alone

        plt.clear_figure()
        plt.plotsize(max(40, min(width, 100)), 12)
        plt.theme("pro")
        plt.hist(figures["reactions"], bins=24, marker="braille")
        plt.title(words.advice.histogram())
        out.append(Text.from_ansi(plt.build()))
        plt.clear_figure()
    return out


def reaction_chart(figures: dict[str, Any], *, width: int = 80, height: int = 14) -> Any:
    """Each player's median reaction per match over time, as a plotext line chart; None
    when no player has two matches with reactions (one point is not a trend)."""
    series = [
        (who_label(p["name"]), p["reactions"])
        for p in figures["players"]
        if len(p["reactions"]) > 1
    ]
    if not series:
        return None
    import plotext as plt  # only here: it is needed for this chart alone

    plt.clear_figure()
    plt.plotsize(max(40, min(width, 100)), height)
    plt.theme("pro")
    plt.date_form("Y-m-d H:M:S", "m-d H:M")  # many matches a day: the time tells them apart
    for name, points in series:
        plt.plot(
            [p["started"].replace("T", " ").rstrip("Z") for p in points],
            [p["median"] for p in points],
            label=printable(name),
            marker="braille",
        )
    plt.title(words.records.stats_label("reaction chart"))
    chart = Text.from_ansi(plt.build())
    plt.clear_figure()
    return chart
