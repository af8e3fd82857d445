"""The boxes the table sits in are drawn from one line: every line of them is the same.

Textual repaints every widget under a changed region, the boxes around the rows and the
screen itself included, line by line; the table's boxes and the game screen draw their
first line and repeat it (``spit.app.table.uniform_lines``). That holds only while a box
shows nothing but its background: no content, border or padding of its own. Each box's
lines must be those Textual draws line by line, at every card size and in every screen
that shows the table.
"""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget

from spit.app.look import CARD_SIZES
from spit.app.table import CentredFelt, Felt

from .factory import game, make_app


def line_by_line(widget: Widget) -> list[list]:
    """The widget's lines as Textual draws them, each line on its own."""
    width, height = widget.region.size
    return [
        list(line)
        for y in range(height)
        for line in Widget.render_lines(widget, Region(0, y, width, 1))
    ]


@pytest.mark.parametrize("size", CARD_SIZES, ids=lambda s: s.name)
async def test_the_table_s_boxes_and_screen_draw_what_textual_draws_line_by_line(size) -> None:
    app = make_app(3)
    async with app.run_test(size=size.terminal) as pilot:
        await pilot.pause()
        screen = game(app)
        boxes: list[Widget] = [screen, *screen.query(Felt), *screen.query(CentredFelt)]
        assert len(boxes) == 7  # the screen, the table, the middle, two sides centred
        for box in boxes:
            width, height = box.region.size
            lines = [list(line) for line in box.render_lines(Region(0, 0, width, height))]
            assert lines == line_by_line(box), box
