"""The table's widgets are styled once on the way to its first frame.

Textual styles a widget as it is mounted, and restyles a screen's every widget whenever the
screen is resumed. A table shown for the first time was just mounted: styling it again was a
fifth of Textual's work for the first frame. Later resumes restyle (or not) as Textual
decides.
"""

from __future__ import annotations

from collections import Counter

import pytest
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode

from spit.app.game import GameScreen

from .factory import make_app


@pytest.fixture
def styled(monkeypatch) -> Counter[DOMNode]:
    """How many times each node has been styled."""
    counts: Counter[DOMNode] = Counter()
    apply = Stylesheet.apply

    def counting(self: Stylesheet, node: DOMNode, *args: object, **kwargs: object) -> None:
        counts[node] += 1
        apply(self, node, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Stylesheet, "apply", counting)
    return counts


def _table(counts: Counter[DOMNode], screen: GameScreen) -> list[int]:
    return [counts[node] for node in screen.walk_children(with_self=True)]


async def test_the_table_is_styled_once_before_its_first_frame(styled) -> None:
    app = make_app(3)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        times = _table(styled, screen)
        assert len(times) > 10
        assert set(times) == {1}
