"""While the table is up, the objects made before it are set aside from the garbage collector;
and ``spit`` starts the app with the collector off, until its first screen is drawn.

Python's full collections walk every object the app has made, which with the table up
takes long enough to drop frames in the middle of play. The game screen freezes what
exists when it opens (``gc.freeze``) and must give it all back when it closes, or those
objects could never be collected again.
"""

from __future__ import annotations

import gc
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

from spit.app.app import SpitApp
from spit.app.game import GameScreen
from spit.app.menu import MenuScreen
from spit.cli import main
from spit.commands.play import run_app
from spit.engine import Variant
from spit.settings.options import GameOptions, Mode

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


# -- the start ------------------------------------------------------------------------------


@pytest.fixture
def collector_on_after():
    """Whatever a test does to the collector, it is on again afterwards."""
    yield
    gc.enable()


def test_spit_starts_the_app_with_the_collector_off(monkeypatch, collector_on_after) -> None:
    seen: list[bool] = []

    def run(app: SpitApp, *, loop: object = None) -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(SpitApp, "run", run)
    assert run_app(GameOptions(mode=Mode.TWO_PLAYER, seed=3)) == 0
    assert seen == [False]  # while the app started (it turns it on once it has drawn)
    assert gc.isenabled()  # and on again once the app has ended


def test_the_collector_is_on_again_if_the_app_fails(monkeypatch, collector_on_after) -> None:
    def run(app: SpitApp, *, loop: object = None) -> int:
        raise RuntimeError("the app failed to start")

    monkeypatch.setattr(SpitApp, "run", run)
    with pytest.raises(RuntimeError):
        run_app(GameOptions(mode=Mode.TWO_PLAYER, seed=3))
    assert gc.isenabled()


@pytest.mark.parametrize("mode", [Mode.TWO_PLAYER, None], ids=["table", "menu"])
async def test_the_app_turns_the_collector_on_once_its_first_screen_is_drawn(
    mode, collector_on_after
) -> None:
    gc.disable()  # as spit starts it
    app = make_app(3, mode=mode)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen if mode else MenuScreen)
        assert gc.isenabled()


# -- before the app: the `spit` command itself ----------------------------------------------

_COLLECTIONS_IN_SPIT = """
import gc, sys
from importlib.metadata import entry_points

passes = []
gc.callbacks.append(lambda phase, info: phase == "start" and passes.append(info["generation"]))
on = gc.enable
gc.enable = lambda: print(len(passes), file=sys.stderr) or on()  # passes before it is on
sys.argv = ["spit", "--version"]
(script,) = entry_points(group="console_scripts", name="spit")
launch = script.load()
passes.clear()  # those of loading the entry point itself (importlib.metadata)
status = launch()
print(status, gc.isenabled(), file=sys.stderr)
"""


def test_the_spit_command_loads_its_modules_with_the_collector_off() -> None:
    # The console script, as installed: importing the command line's modules (the engine,
    # the settings) made two dozen collector passes that found nothing.
    done = subprocess.run(
        [sys.executable, "-c", _COLLECTIONS_IN_SPIT], capture_output=True, text=True, timeout=60
    )
    assert done.stdout.startswith("spit ")  # the version, said as before
    assert done.stderr.split() == ["0", "0", "True"]  # no pass, then on; exit status 0


def test_python_dash_m_spit_is_the_spit_command() -> None:
    import spit

    (script,) = entry_points(group="console_scripts", name="spit")
    source = (Path(spit.__file__).parent / "__main__.py").read_text()
    assert f"from {script.module} import {script.attr}" in source


def test_a_command_that_runs_no_app_runs_with_the_collector_on(
    monkeypatch, collector_on_after
) -> None:
    from spit.commands import records

    seen: list[bool] = []
    monkeypatch.setattr(records, "run_stats", lambda args: seen.append(gc.isenabled()) or 0)
    gc.disable()  # as the `spit` command starts (spit.launch)
    assert main(["stats"]) == 0
    assert seen == [True]
