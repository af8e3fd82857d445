"""End to end in Georgian: the installed ``spit --lang ka`` in tmux, played by typing the
Georgian layout's own letters (``send-keys -l``), as a player in Tbilisi would."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from spit import i18n, words
from spit.engine import Match, Play, Reason, Spit
from spit.settings.keymap import KeyMap

from .tmux import Terminal, misfit, pile_line, playing

pytestmark = pytest.mark.long  # end to end: the installed spit in a real terminal (tmux)

SEED = 3
GEORGIAN = KeyMap.preset("georgian")


@pytest.fixture
def georgian(tmp_path: Path, data_dir: Path) -> Iterator[Terminal]:
    args = f"--lang ka play --two-player --seed {SEED}"
    with playing("ka", args, tmp_path, data_dir, env="LANG=C.UTF-8") as term:
        yield term


def type_georgian(term: Terminal, play: Play) -> None:
    """Type the Georgian letter at the key of ``play`` (the layout's own character)."""
    row = "left" if play.pile == 0 else "right"
    latin, *native = GEORGIAN.keys_of(f"p{play.player + 1}.stock{play.stock + 1}.{row}")
    if native:
        term.type_text(native[0])
    else:  # the few punctuation keys Georgian shares with Latin
        term.press(latin)


def test_spit_speaks_georgian_and_plays_on_georgian_letters(georgian: Terminal) -> None:
    i18n.set_language("ka")
    match = Match.new(SEED)
    georgian.wait_for(words.table.round_start(1))

    georgian.press("space")
    georgian.wait_for(words.labels.ready("✓"))
    georgian.press("enter")
    match.apply(Spit(0))
    match.apply(Spit(1))
    view = match.view(0)
    left = view.piles[0].top
    assert left is not None
    georgian.wait_for(
        lambda s: words.table.round_start(1) not in s and left.label() in pile_line(s)
    )

    # A legal play typed as a Georgian letter lands on its pile.
    play = next(
        a
        for p in (0, 1)
        for a in match.legal_actions(p)
        if isinstance(a, Play) and len(GEORGIAN.keys_of(_id(a))) > 1
    )
    card = view.sides[play.player].stocks[play.stock].top
    assert card is not None and match.apply(play, at=1.0).ok
    type_georgian(georgian, play)
    georgian.wait_for(lambda s: card.label() in pile_line(s))

    # A card that does not fit, typed in Georgian: the reason, in Georgian.
    wrong, refusal = misfit(match, at=3.0)
    type_georgian(georgian, wrong)
    georgian.wait_for(
        words.refusals.reason(Reason.DOES_NOT_FIT, refusal.card.label(), refusal.top.label())
    )

    georgian.press("C-q")
    georgian.wait_for("გახვალ თამაშიდან?")
    georgian.press("C-q")
    georgian.wait_for("spit-exited-0")


def _id(play: Play) -> str:
    row = "left" if play.pile == 0 else "right"
    return f"p{play.player + 1}.stock{play.stock + 1}.{row}"
