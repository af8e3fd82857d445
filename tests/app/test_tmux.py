"""End to end: the installed ``spit`` in a real terminal (tmux), played with real key presses.

The test reads the screen as a person would (``capture-pane``) and checks it against what
the engine says the same seeded deal must do. It runs wherever tmux exists; CI installs it,
and there (``CI`` set) a missing tmux is a failure, not a skip.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from spit.engine import Match, Play, Spit
from spit.settings.keymap import KeyMap

from .tmux import SPIT, Terminal, misfit, pile_line, playing, terminal_available

pytestmark = pytest.mark.long  # end to end: the installed spit in a real terminal (tmux)

__all__ = ["SPIT", "terminal_available"]  # tests elsewhere (the web's) import them from here

SEED = 3
KEYMAP = KeyMap.preset("qwerty")


@pytest.fixture
def terminal(tmp_path: Path, data_dir: Path) -> Iterator[Terminal]:
    with playing("test", f"play --two-player --seed {SEED}", tmp_path, data_dir) as term:
        yield term


def test_a_seeded_game_in_a_real_terminal_follows_the_rules(terminal: Terminal) -> None:
    match = Match.new(SEED)
    terminal.wait_for("Round 1: both press SPIT")

    # Both spit: the engine's two spit cards appear as the pile tops, left and right.
    terminal.press("space")
    terminal.wait_for("ready ✓")
    terminal.press("enter")
    match.apply(Spit(0))
    match.apply(Spit(1))
    view = match.view(0)
    left, right = (pile.top.label() for pile in view.piles)  # type: ignore[union-attr]
    screen = terminal.wait_for(lambda s: "both press SPIT" not in s and left in s)
    line = pile_line(screen)
    assert line.index(left) < line.index(right)

    # A legal play: that card lands on its pile and the card under it turns up.
    play = next(a for p in (0, 1) for a in match.legal_actions(p) if isinstance(a, Play))
    card = view.sides[play.player].stocks[play.stock].top
    assert card is not None and match.apply(play, at=1.0).ok
    turned = match.view(0).sides[play.player].stocks[play.stock].top
    terminal.press(key_of(play))
    screen = terminal.wait_for(lambda s: card.label() in pile_line(s))
    assert "2 cards" in screen
    assert turned is not None and turned.label() in screen
    assert "✗" not in screen

    # The lone semicolon (player 2's fifth stock onto the right pile) reaches the game too.
    semicolon = Play(1, 4, 1)
    assert key_of(semicolon) == "semicolon"
    if match.check(semicolon, at=2.0) is None:
        moved = match.view(0).sides[1].stocks[4].top
        assert moved is not None
        terminal.press("semicolon")
        terminal.wait_for(lambda s: moved.label() in pile_line(s))
    else:
        terminal.press("semicolon")
        terminal.wait_for("✗")
    match.apply(semicolon, at=2.0)

    # Player 1 plays a card that does not fit: nothing moves, and the reason shows.
    wrong, refusal = misfit(match, at=3.0)
    before = pile_line(terminal.screen())
    terminal.press(key_of(wrong))
    screen = terminal.wait_for(f"{refusal.card.label()} does not go on {refusal.top.label()}")
    assert pile_line(screen) == before

    # Ctrl+Q asks first; Ctrl+Q again quits, and the terminal is back to the shell's screen.
    terminal.press("C-q")
    terminal.wait_for("Quit this match?")
    terminal.press("C-q")
    screen = terminal.wait_for("spit-exited-0")
    assert "Round 1" not in screen


def key_of(play: Play) -> str:
    """The Textual key name that makes ``play``."""
    row = "left" if play.pile == 0 else "right"
    return KEYMAP.key(f"p{play.player + 1}.stock{play.stock + 1}.{row}")
