"""Helpers for the engine tests: tables in one line, matches at a chosen table, event checks."""

from __future__ import annotations

from collections.abc import Sequence

from msgspec.structs import replace

from spit.engine import (
    DECK,
    Action,
    Card,
    Event,
    Match,
    Observer,
    PlayerView,
    Result,
    Round,
    Settings,
    Variant,
    cards,
)


def table(
    p0: Sequence[str],
    p1: Sequence[str],
    spit_cards: Sequence[str] = ("", ""),
    piles: Sequence[str | None] = ("", ""),
    *,
    settings: Settings | None = None,
) -> Round:
    """A round in play: each player's five stocks and spit cards written bottom first."""
    return Round.from_layout((list(p0), list(p1)), spit_cards, piles, settings=settings)


def basic(settings: Settings | None = None) -> Round:
    """Both piles going, several fitting cards on each side.

    Player 0: 6H and 4D fit the left 5S, 8S the right 9D; KC fits nothing.
    Player 1: 6C fits the left pile; 10C and 10H fit the right.
    """
    return table(
        ["2C 6H", "KC", "3D 4D", "QS", "8S"],
        ["6C", "10C", "JD", "AS", "9H 10H"],
        spit_cards=("3S 4S", "5C 7C"),
        piles=("5S", "9D"),
        settings=settings,
    )


def match_at(
    round_: Round, *, variant: Variant = Variant.STANDARD, scores: tuple[int, int] = (0, 0)
) -> Match:
    """A match whose current round is ``round_`` (and totals ``scores``), to test how it ends.

    Matches are only ever dealt from a seed, so this reaches inside once, here, for tests.
    """
    match = Match.new(0, variant=variant)
    match._round = round_
    match._seen = Observer(round_)
    match._scores = list(scores)
    return match


def accepted(result: Result) -> tuple[Event, ...]:
    """The events of an accepted action (failing the test, with the reason, if refused)."""
    assert result.refusal is None, f"refused: {result.refusal}"
    return result.events


def of_type(events: Sequence[Event], kind: type) -> list:
    """The events of one kind, in order."""
    return [e for e in events if isinstance(e, kind)]


def apply_all(game: Round | Match, *actions: Action, at: float = 0.0) -> list[Event]:
    """Apply actions one after another (all must be accepted); the events they caused."""
    events: list[Event] = []
    for action in actions:
        events.extend(accepted(game.apply(action, at)))
    return events


def c(text: str) -> Card:
    """One card, e.g. ``c("10H")``."""
    return Card.parse(text)


def rest_of_deck(*used: str) -> str:
    """Every card of the deck not written in ``used``, as a run: a pile's buried cards.

    Crafted tables put it under a pile's top so a match can go on with all 52 cards.
    """
    taken = {card for text in used for card in cards(text)}
    return " ".join(card.label(ascii=True) for card in DECK if card not in taken)


def without_locks(view: PlayerView) -> PlayerView:
    """A view with the fumble locks blanked, to compare tables around a fumble."""
    sides = tuple(replace(side, locked_until=None) for side in view.sides)
    return replace(view, sides=sides)
