"""Apps for the app tests: a controllable clock, seeded matches, and a player that drives them.

The driver plays through the game screen's own key handler (``GameScreen.press_key``) with
the key the key map gives for each action, so a whole round costs no ``pilot.press`` waits.
"""

from __future__ import annotations

import io
from collections.abc import Callable

from rich.console import Console

from spit.app.app import SpitApp
from spit.app.game import GameScreen, Pace
from spit.engine import DECK, Action, Fill, Match, Phase, Play, Slap, Spit, Variant, resolve
from spit.game import DriverFactory, LocalGame
from spit.settings.keymap import PRESSES, KeyMap, control_id
from spit.settings.options import GameOptions, Mode

STILL = Pace(flash=0.0, message=3600.0, last_move=3600.0, grace=0.0)
"""Feedback that neither flashes nor fades: every picture is the same on every run."""

STEP = 0.5
"""Game seconds between two driven key presses: past any lockout and "too late" window."""


class FakeClock:
    """A clock that moves only when told: the game clock's source in tests."""

    def __init__(self, start: float = 1000.0) -> None:
        self.now = start

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        """Let ``seconds`` pass."""
        self.now += seconds


def make_app(
    seed: int = 3,
    *,
    variant: Variant = Variant.STANDARD,
    mode: Mode | None = Mode.TWO_PLAYER,
    match: Match | None = None,
    pace: Pace = STILL,
    clock: FakeClock | None = None,
    opponents: DriverFactory | None = None,
    **options: object,
) -> SpitApp:
    """A SpitApp on a fake clock, two players by default, with feedback that stands still."""
    return SpitApp(
        GameOptions(mode=mode, seed=seed, variant=variant, **options),  # type: ignore[arg-type]
        clock=clock or FakeClock(),
        match=match,
        pace=pace,
        opponents=opponents,
    )


def game(app: SpitApp) -> GameScreen:
    """The app's game screen (whatever is on top of it)."""
    for screen in app.screen_stack:
        if isinstance(screen, GameScreen):
            return screen
    raise AssertionError(f"no game screen in {app.screen_stack}")


def local(screen: GameScreen) -> LocalGame:
    """The game on the screen, which in these tests is always played on this machine."""
    assert isinstance(screen.game, LocalGame), screen.game
    return screen.game


def key_for(keymap: KeyMap, action: Action, phase: Phase) -> str:
    """The key that makes ``action`` in ``phase``."""
    for press in PRESSES:
        if press.player == action.player and resolve(press, phase) == action:
            return keymap.key(control_id(press))
    raise AssertionError(f"no key for {action} in {phase}")


def next_action(match: Match, *, slapper: int = 0) -> Action:
    """A plain, deterministic player for both seats: spit when waiting, play before filling,
    and ``slapper`` slaps the smaller pile."""
    view = match.view(0)
    phase = view.phase
    if phase in (Phase.DEALT, Phase.STUCK):
        waiting = [p for p in (0, 1) if not view.sides[p].ready]
        return Spit(waiting[0])
    if phase is Phase.SLAP:
        sizes = [p.size for p in view.piles]
        return Slap(slapper, 0 if sizes[0] <= sizes[1] else 1)
    for player in (0, 1):
        for action in match.legal_actions(player):
            if isinstance(action, Play):
                return action
    for player in (0, 1):
        for action in match.legal_actions(player):
            if isinstance(action, Fill):
                return action
    raise AssertionError(f"nothing to do in {phase}")


def drive(
    app: SpitApp,
    clock: FakeClock,
    until: Callable[[Match], bool],
    *,
    slapper: int = 0,
    limit: int = 5000,
) -> int:
    """Press the driver's keys through the game screen until ``until(match)``; returns presses."""
    screen = game(app)
    for presses in range(limit):
        match = local(screen).match
        if until(match):
            return presses
        action = next_action(match, slapper=slapper)
        clock.advance(STEP)
        result = screen.press_key(key_for(screen.keymap, action, match.round.phase))
        assert result is not None and result.ok, (action, result)
    raise AssertionError("the condition never came")


def played_until(seed: int, until: Callable[[Match], bool], **kwargs: object) -> Match:
    """A match from ``seed`` played by the driver (on the engine alone) until ``until``."""
    match = Match.new(seed, **kwargs)  # type: ignore[arg-type]
    at = 0.0
    while not until(match):
        at += STEP
        result = match.apply(next_action(match), at=at)
        assert result.ok, result
    return match


def screen_text(app: SpitApp) -> str:
    """What the terminal shows now, as plain text (for assertions and for looking at)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), record=True)
    console.print(
        app.screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    )
    return console.export_text()


def message_line(app: SpitApp, player: int) -> str:
    """The line where ``player``'s refusals appear, by their stocks."""
    lines = screen_text(app).splitlines()
    return lines[6] if player == 1 else lines[-6]


def cards_conserved(match: Match) -> bool:
    """All 52 cards are somewhere, each once."""
    cards = match.cards_in_play()
    return len(cards) == len(DECK) and set(cards) == set(DECK)
