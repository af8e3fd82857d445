"""How the bot chooses a move from its view: the strategy, and the random baseline.

Legality is the engine's (the view's legal actions); adjacency is read only to look ahead.
In order of weight: uncover a face-down card; keep its own chains going (more own stock
cards fitting a pile after the play); don't feed the opponent (fewer of theirs fitting);
fill from the tallest stock when no play scores better; slap the smaller pile. Lower levels
overlook plays and sometimes make the first move they see rather than the best.
"""

from __future__ import annotations

import enum
import math
import random
from collections.abc import Sequence

from msgspec import Struct

from spit.engine import NEIGHBOURS, Action, Fill, Play, PlayerView, Rank, Slap, Spit


class Weights(Struct, frozen=True, gc=False):
    """How much the strategy values each thing a move does (a move's score is their sum)."""

    play: float = 10.0  # every play's base: a card on a pile is a card nearer going out
    uncover: float = 8.0  # A play that turns up a face-down card
    chain: float = 3.0  # each of its own stock cards that fits a pile top after the move
    feed: float = 2.0  # each opponent's stock card that fits a pile top after the move (subtracted)
    fill: float = 12.0  # A fill's base; a fill always turns up a face-down card
    tall: float = 0.5  # per face-down card under the stock filled from


WEIGHTS = Weights()  # levels differ in speed and care, not judgement


class Policy(enum.Enum):
    """How the bot chooses among the moves it sees."""

    STRATEGY = "strategy"  # the documented preferences, with the level's overlooks and first fits
    RANDOM = "random"  # any legal action, uniformly: the baseline strategy is measured against


class Choice(Struct, frozen=True, gc=False):
    """A move chosen, how many moves were weighed, and whether it took a second look."""

    action: Action  # what to do
    second_look: bool = False  # every move overlooked at first
    weighed: int = 1  # moves chosen among (Hick–Hyman)


_RANKS = max(Rank) + 1  # room for every rank as an index (2 to 14), and 0 for "no card"


def _either(a: int, b: int) -> tuple[int, ...]:
    """The ranks that fit on a card of rank ``a`` or of rank ``b`` (0: no card)."""
    none: frozenset[Rank] = frozenset()
    fit = (NEIGHBOURS[Rank(a)] if a else none) | (NEIGHBOURS[Rank(b)] if b else none)
    return tuple(sorted(int(r) for r in fit))


_CARDS = (0, *Rank)
_EITHER: list[list[tuple[int, ...]]] = [
    [_either(a, b) if a in _CARDS and b in _CARDS else () for b in range(_RANKS)]
    for a in range(_RANKS)
]
"""``_EITHER[a][b]``: the ranks that fit on rank ``a`` or rank ``b`` (0 for no card), read
from :data:`NEIGHBOURS`, the engine's one rule of adjacency."""

_SHIFT = 6
_MINE = 1 << _SHIFT
"""A card of the bot's own counts this much in a rank's count; the opponent's count 1 (a
side has five stocks, so their count stays below it)."""
_THEIRS = _MINE - 1  # the opponent's part of a count


def _scores(view: PlayerView, moves: Sequence[Play | Fill], weights: Weights) -> list[float]:
    """Each move's score: its base, plus what it uncovers and sets up for the bot, minus
    what it sets up for the opponent, one move ahead.

    All the view's moves at once, from the count of face-up stock cards per rank (this runs
    for nearly every move): after a play the ranks that fit are ``_EITHER`` of the card
    played and the other pile's top.
    """
    player = view.player
    sides = view.sides
    stocks = sides[player].stocks
    piles = view.piles
    # The pile tops' ranks (0 for a pile without a card).
    top = piles[0].top
    left = 0 if top is None else top.rank
    top = piles[1].top
    right = 0 if top is None else top.rank
    # How many face-up stock cards of each rank each player shows, in one int per rank:
    # its own count times _MINE plus the opponent's (at most five stocks: below _MINE), so
    # the cards a play sets up are summed for both players in one pass.
    counts = [0] * _RANKS
    for stock in stocks:
        if (card := stock.top) is not None:
            counts[card.rank] += _MINE
    for stock in sides[1 - player].stocks:
        if (card := stock.top) is not None:
            counts[card.rank] += 1
    w = weights
    chain, feed = w.chain, w.feed
    scores: list[float] = []
    for action in moves:
        source = stocks[action.stock]
        if isinstance(action, Fill):
            # The moved card stays face up in the empty slot; the one beneath is unknown:
            # the tops stay as they are.
            n = 0
            for r in _EITHER[left][right]:
                n += counts[r]
            value = w.fill + w.tall * source.face_down
            scores.append(value + chain * (n >> _SHIFT) - feed * (n & _THEIRS))
            continue
        card = source.top
        assert card is not None  # the engine lists plays only from stocks with a card
        rank = card.rank
        # The other pile's top, which the play leaves as it is. In a single-pile round a
        # play onto the unused pile lands on the one pile.
        if action.pile == 0:
            kept = right if piles[0].in_play else left
        else:
            kept = left if piles[1].in_play else right
        fit = _EITHER[kept][rank]
        n = 0
        for r in fit:
            n += counts[r]
        # The card played is not one of its stock cards after the play.
        n_mine = (n >> _SHIFT) - (rank in fit)
        value = w.play + w.uncover * (source.face_down > 0)
        scores.append(value + chain * n_mine - feed * (n & _THEIRS))
    return scores


def score(view: PlayerView, action: Play | Fill, weights: Weights = WEIGHTS) -> float:
    """How much the strategy likes a legal play or fill, looking one move ahead."""
    return _scores(view, [action], weights)[0]


def _slap(view: PlayerView) -> Slap:
    """Slap the smaller pile; of two equal piles, its own (the nearer hand)."""
    own, theirs = view.player, 1 - view.player
    pile = theirs if view.piles[theirs].size < view.piles[own].size else own
    return Slap(view.player, pile)


def choose(
    view: PlayerView,
    rng: random.Random,
    *,
    overlook: float = 0.0,
    first_fit: float = 0.0,
    weights: Weights = WEIGHTS,
) -> Choice | None:
    """The strategy's move from ``view``, or None.

    With n plays and fills in view each is missed with ``overlook * log2(n + 1)`` (at most
    95 %); if every one is, a second look finds the best. ``first_fit`` is the chance of the
    first move seen, from the left, instead of the best.
    """
    legal = view.legal_actions
    if not legal:
        return None
    for action in legal:
        kind = type(action)
        if kind is not Play and kind is not Fill:
            if isinstance(action, Spit):
                return Choice(action)
            if isinstance(action, Slap):
                return Choice(_slap(view), False, 2)
    # No spit and no slap: only plays and fills are left.
    moves: Sequence[Play | Fill] = legal  # type: ignore[assignment]
    if overlook > 0:
        miss = min(0.95, overlook * math.log2(len(moves) + 1))
        draw = rng.random
        seen: Sequence[Play | Fill] = [m for m in moves if draw() >= miss]
    else:
        seen = moves
    second_look = not seen
    if second_look:
        seen = moves
    if len(seen) == 1 or (first_fit > 0 and rng.random() < first_fit):
        return Choice(seen[0], second_look)  # the first that fits: no weighing of the rest
    # The first of equal scores: the engine's order (left stock first), as max() keeps it.
    scores = _scores(view, seen, weights)
    best = scores.index(max(scores))  # max keeps the first of equals, index finds it
    return Choice(seen[best], second_look, len(seen))


def choose_random(view: PlayerView, rng: random.Random) -> Choice | None:
    """Any legal action, uniformly: the baseline policy."""
    legal = view.legal_actions
    return Choice(rng.choice(legal), weighed=len(legal)) if legal else None
