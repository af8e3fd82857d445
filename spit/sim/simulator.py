"""Whole matches bot against bot on a virtual clock: a discrete-event loop, no waiting.

The loop is the bot's driver protocol with the earliest pending move landing next, so the
same engine and bot code run as in the app, a match in milliseconds. Everything derives from
the seed and the match's index; matches come in pairs on one deal with seats swapped, so
neither deal nor seat favours a bot (wins are counted by bot).
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from spit.bot import Bot, Planned
from spit.bot.adaptive import Adaptive
from spit.bot.levels import ADAPTIVE, LEVEL_NAMES
from spit.bot.strategy import Policy
from spit.engine import FUMBLES, PLAYERS, Action, Match, PlayerView, Variant
from spit.records.figures import Chances

RANDOM = "random"  # the policy name of the baseline: any legal action

MAX_ROUNDS = 200
"""A match still going after this many rounds is stopped and counted as unfinished (a draw)."""
MAX_SECONDS = 3 * 60 * 60.0  # then it is stopped likewise


@dataclass(frozen=True, slots=True)
class Config:
    """What to simulate."""

    games: int  # how many matches
    bot1: str  # the first bot: a level name or random
    bot2: str  # the second bot
    variant: Variant = Variant.STANDARD  # how each match is won
    seed: int = 1  # where every deal and every bot's randomness comes from
    max_rounds: int = MAX_ROUNDS  # stop a match after this many rounds (counted unfinished)
    max_seconds: float = MAX_SECONDS  # counted unfinished

    def __post_init__(self) -> None:
        if self.games < 1:
            raise ValueError("simulate at least one match")
        choices = (*LEVEL_NAMES, ADAPTIVE, RANDOM)
        for name in (self.bot1, self.bot2):
            if name not in choices:
                raise ValueError(f"no bot {name!r}; choose one of {', '.join(choices)}")

    def timing(self, name: str, other: str) -> str:
        """The level whose timing a bot uses: its own, or for ``random`` the other bot's
        (the middle of the ladder if that is adaptive or random too)."""
        if name != RANDOM:
            return name
        return other if other not in (RANDOM, ADAPTIVE) else "normal"


@dataclass(frozen=True, slots=True)
class MatchReport:
    """How one match went."""

    index: int  # the match's number in the run, from 0
    seats: tuple[int, int]  # which bot sat in seat 0 and seat 1 (0 for bot 1, 1 for bot 2)
    winner: int | None
    """The winning bot (0 for bot 1, 1 for bot 2), or None for a draw or an unfinished match."""
    unfinished: bool  # stopped at the round or time cap (or stalled) rather than won
    rounds: int  # rounds dealt
    seconds: float  # simulated time from the first deal to the last action
    actions: int  # actions applied, accepted or refused
    refusals: int  # actions the table refused
    fumbles: int  # refusals that locked the hand (a card that did not fit)
    cards: int  # cards on the table when the match ended (always 52)
    reactions: tuple[list[float], list[float]] = ([], [])
    """Per bot (bot 1 first), for every card it played: seconds since the table last changed."""


def match_seeds(seed: int, index: int) -> tuple[int, int, int]:
    """The engine's seed and the two bots' seeds for match ``index`` (2k and 2k+1 share the
    deal)."""
    rng = random.Random(f"spit-simulate:{seed}:{index // 2}")
    deal = rng.getrandbits(64)
    rng = random.Random(f"spit-simulate:{seed}:{index}:bots")
    return deal, rng.getrandbits(64), rng.getrandbits(64)


def make_bot(
    config: Config, which: int, seat: int, seed: int, memory: dict[str, float] | None = None
) -> Bot:
    """Bot ``which`` in ``seat``, with its own RNG; an adaptive one starts from ``memory``."""
    names = (config.bot1, config.bot2)
    name, other = names[which], names[1 - which]
    if name == ADAPTIVE:
        return Adaptive(seat, random.Random(seed), memory)
    policy = Policy.RANDOM if name == RANDOM else Policy.STRATEGY
    return Bot(seat, config.timing(name, other), random.Random(seed), policy=policy)


def play_match(
    match: Match,
    bots: tuple[Bot, Bot],
    *,
    max_rounds: int = MAX_ROUNDS,
    max_seconds: float = MAX_SECONDS,
    after_action: Callable[[Match], None] | None = None,
) -> MatchReport:
    """Play ``match`` to its end with ``bots[p]`` in seat ``p``, on a virtual clock from 0
    (reported as match 0, bot 1 in seat 0); reactions are measured as a person's are
    (:class:`spit.records.figures.Chances`)."""
    # Each bot has at most one move in hand, so the timers are two slots: the earlier move
    # lands first, and of two at the same time the one scheduled first (``stamps``: the
    # order of scheduling), as a heap of timers keyed by (time, order) would pop them.
    scheduled: list[Planned | None] = [None, None]
    stamps = [0, 0]
    seq = 0
    now = 0.0

    def look(p: int, view: PlayerView) -> None:
        """Bot ``p`` looks at ``view``: a plan that ``is`` the one scheduled keeps its place."""
        nonlocal seq
        planned = bots[p].plan(view, now)
        if planned is not scheduled[p]:
            scheduled[p] = planned
            if planned is not None:
                seq += 1
                stamps[p] = seq

    chances = Chances((match.legal_actions(0), match.legal_actions(1)))
    reactions: tuple[list[float], list[float]] = ([], [])
    actions = refusals = fumbles = 0
    view = match.view
    apply = match.apply
    # After an accepted action: both seats' views, and their legal actions as the reaction
    # bookkeeping takes them (filled in place: no pair made per action).
    seen: list[PlayerView] = [view(0), view(1)]
    legal: list[tuple[Action, ...]] = [seen[0].legal_actions, seen[1].legal_actions]
    reaction = chances.reaction

    for p in PLAYERS:
        look(p, view(p))
    while True:
        first, second = scheduled
        if first is None:
            if second is None:
                break  # nobody has anything to do
            p = 1
        elif second is None:
            p = 0
        else:
            a, b = first.at, second.at
            p = 0 if a < b or (a == b and stamps[0] < stamps[1]) else 1
        planned = scheduled[p]
        assert planned is not None and planned is bots[p].pending
        at = now = planned.at
        result = apply(planned.action, at)
        bots[p].landed(result)
        scheduled[p] = None
        actions += 1
        if after_action is not None:
            after_action(match)
        refusal = result.refusal
        if refusal is not None:
            refusals += 1
            fumbles += refusal.reason in FUMBLES
            # Only the one who acted looks again: nothing else changed (a fumble's lock
            # aside, which only binds them).
            look(p, view(p))
            continue
        # Both seats' views, made once: their legal actions are the engine's (those
        # Match.legal_actions gives, the same tuples) for the reaction bookkeeping, and the
        # bots look at them next.
        seen[0] = view(0)
        seen[1] = view(1)
        legal[0] = seen[0].legal_actions
        legal[1] = seen[1].legal_actions
        took = reaction(result.events, at, legal)
        if took is not None:
            reactions[p].append(took)
        if match.is_over or match.round.number > max_rounds or now > max_seconds:
            break
        # The driver protocol's step 1: both look again, the one who acted first.
        look(p, seen[p])
        look(1 - p, seen[1 - p])
    outcome = match.outcome  # None: stopped at a cap, or stalled (nobody to move: never seen)
    return MatchReport(
        index=0,
        seats=(0, 1),
        winner=None if outcome is None else outcome.winner,
        unfinished=outcome is None,
        rounds=match.round.number,
        seconds=now,
        actions=actions,
        refusals=refusals,
        fumbles=fumbles,
        cards=len(match.cards_in_play()),
        reactions=reactions,
    )


def simulate_match(
    config: Config, index: int, memory: dict[int, dict[str, float]] | None = None
) -> MatchReport:
    """Play match ``index`` of the run; ``memory`` carries adaptive bots' learning on."""
    deal, seed1, seed2 = match_seeds(config.seed, index)
    # Even matches: bot 1 in seat 0; odd matches: bot 1 in seat 1.
    seats = (0, 1) if index % 2 == 0 else (1, 0)
    bot_seeds = (seed1, seed2)
    memory = {} if memory is None else memory
    bots = tuple(
        make_bot(config, seats[seat], seat, bot_seeds[seats[seat]], memory.get(seats[seat]))
        for seat in PLAYERS
    )
    match = Match.new(deal, variant=config.variant)
    played = play_match(
        match, (bots[0], bots[1]), max_rounds=config.max_rounds, max_seconds=config.max_seconds
    )
    for seat, bot in enumerate(bots):
        if isinstance(bot, Adaptive):
            memory[seats[seat]] = bot.memory
    return replace(
        played,
        index=index,
        seats=seats,
        winner=None if played.winner is None else seats[played.winner],
        reactions=(played.reactions[seats.index(0)], played.reactions[seats.index(1)]),
    )


@dataclass(slots=True)
class Figures:
    """How a bot (or a level, over the ladder) played, measured as a person's play is."""

    reactions: list[float] = field(default_factory=list)
    """Seconds from the table's last change to each card it played."""
    seconds: float = 0.0  # simulated time of its matches

    @property
    def median_reaction(self) -> float:
        """Median seconds from a change on the table to its card landing."""
        return statistics.median(self.reactions) if self.reactions else 0.0

    @property
    def plays_per_minute(self) -> float:
        """Cards played per minute of match."""
        return 60.0 * len(self.reactions) / self.seconds if self.seconds > 0 else 0.0


@dataclass(slots=True)
class Summary:
    """The figures of a whole run."""

    config: Config  # what was simulated
    wins: list[int] = field(default_factory=lambda: [0, 0])  # matches won by bot 1 and by bot 2
    draws: int = 0  # matches nobody won: drawn on points, or unfinished
    unfinished: int = 0  # of the draws, matches stopped at the round or time cap
    rounds: int = 0  # rounds over all matches
    match_seconds: float = 0.0  # simulated time over all matches
    actions: int = 0  # actions applied over all matches, accepted or refused
    refusals: int = 0  # actions refused
    fumbles: int = 0  # refusals that locked the hand
    seconds: float = 0.0  # wall-clock time the run took
    reactions: tuple[list[float], list[float]] = field(default_factory=lambda: ([], []))
    """Per bot, for every card it played: seconds since the table last changed."""

    def add(self, report: MatchReport) -> None:
        """Count one match in."""
        if report.winner is None:
            self.draws += 1
        else:
            self.wins[report.winner] += 1
        self.unfinished += report.unfinished
        self.rounds += report.rounds
        self.match_seconds += report.seconds
        self.actions += report.actions
        self.refusals += report.refusals
        self.fumbles += report.fumbles
        for mine, theirs in zip(self.reactions, report.reactions, strict=True):
            mine.extend(theirs)

    def figures(self, bot: int) -> Figures:
        """How bot ``bot`` played."""
        return Figures(self.reactions[bot], self.match_seconds)

    @property
    def games(self) -> int:
        """Matches played."""
        return sum(self.wins) + self.draws

    @property
    def mean_rounds(self) -> float:
        """Rounds per match."""
        return self.rounds / self.games if self.games else 0.0

    @property
    def mean_match_seconds(self) -> float:
        """Simulated seconds per match."""
        return self.match_seconds / self.games if self.games else 0.0

    @property
    def matches_per_s(self) -> float:
        """Throughput in matches per wall-clock second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def actions_per_s(self) -> float:
        """Throughput in actions per wall-clock second."""
        return self.actions / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, object]:
        """The figures as plain JSON values."""
        c = self.config
        bot1, bot2 = self.figures(0), self.figures(1)
        return {
            "games": self.games,
            "bot1": c.bot1,
            "bot2": c.bot2,
            "variant": c.variant.value,
            "seed": c.seed,
            "wins_bot1": self.wins[0],
            "wins_bot2": self.wins[1],
            "draws": self.draws,
            "unfinished": self.unfinished,
            "mean_rounds": round(self.mean_rounds, 3),
            "mean_match_seconds": round(self.mean_match_seconds, 3),
            "actions": self.actions,
            "refusals": self.refusals,
            "fumbles": self.fumbles,
            "median_reaction_bot1": round(bot1.median_reaction, 3),
            "median_reaction_bot2": round(bot2.median_reaction, 3),
            "plays_per_minute_bot1": round(bot1.plays_per_minute, 1),
            "plays_per_minute_bot2": round(bot2.plays_per_minute, 1),
            "seconds": round(self.seconds, 3),
            "matches_per_s": round(self.matches_per_s, 1),
            "actions_per_s": round(self.actions_per_s, 1),
        }


def simulate(config: Config, on_match: Callable[[MatchReport], None] | None = None) -> Summary:
    """Play every match ``config`` asks for; ``on_match`` hears about each as it ends."""
    summary = Summary(config)
    memory: dict[int, dict[str, float]] = {}  # an adaptive bot learns across the run
    start = time.perf_counter()
    for index in range(config.games):
        report = simulate_match(config, index, memory)
        summary.add(report)
        if on_match is not None:
            on_match(report)
    summary.seconds = time.perf_counter() - start
    return summary
