"""While the table is up, the objects made before it are set aside from the garbage collector.

Python's full collections walk every object the app has made, which with the table up
takes long enough to drop frames in the middle of play. The game screen freezes what
exists when it opens (``gc.freeze``) and must give it all back when it closes, or those
objects could never be collected again.
"""

from __future__ import annotations

import gc

from spit.app.menu import MenuScreen
from spit.engine import Variant

from .factory import FakeClock, drive, make_app


async def test_the_table_sets_earlier_objects_aside_until_it_closes() -> None:
    assert gc.get_freeze_count() == 0
    app = make_app(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert gc.get_freeze_count() > 0
        await pilot.press("ctrl+q", "ctrl+q")
        await pilot.pause()
    assert gc.get_freeze_count() == 0


async def test_going_back_to_the_menu_gives_the_objects_back() -> None:
    clock = FakeClock()
    app = make_app(3, variant=Variant.POINTS, clock=clock)
    async with app.run_test(size=(80, 24)) as pilot:
        drive(app, clock, lambda m: m.is_over)
        await pilot.pause()
        await pilot.press("escape")  # Menu
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert gc.get_freeze_count() == 0
