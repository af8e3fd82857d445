"""For every test: records, history, config and caches go to temporary directories of the
test's own, never the player's nor another test's (tests run in parallel), and the game speaks
English, whatever language the machine running the tests speaks. Hypothesis sets no deadline:
an example's wall-clock time on a shared, loaded machine says nothing about the rule under test
(and tests never assert wall-clock times).

Plain ``pytest`` leaves out the tests marked ``long`` (measurements, long end-to-end runs;
pyproject.toml's addopts); ``pytest -m ''`` runs everything, and so does naming a test
file or a test (``pytest tests/app/test_tmux.py``). A screen test repeated per language runs
in :data:`QUICK_LANGUAGES` in the quick default, in every language with ``-m ''``. A test left
in that runs longer than :data:`QUICK` seconds is named at the end of the run, to be marked
``long`` or made quicker.
"""

from __future__ import annotations

import inspect
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from spit import i18n

settings.register_profile("spit", deadline=None)
settings.load_profile("spit")


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a CPU. The suite waits on real servers, terminals, browsers and
    clocks more than it computes (a whole run used 5 of its 6 minutes' CPU on two workers
    of two cores, 3 min 49 s on four), so a second worker a core fills the waits."""
    return 2 * (os.cpu_count() or 1)


QUICK = 10.0
"""Seconds (setup and call) a test of the quick default may take before it is named."""

QUICK_LANGUAGES = ("en", "el")
"""The languages a screen test repeated per language (a ``lang`` parameter) runs in under plain
``pytest``: English, and Greek, whose words run longest."""

XDG = ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME")
"""Where platformdirs puts the player's files (the config, the history without
``SPIT_DATA_DIR``): under the test's own directory, for it and the programs it starts."""


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SPIT_DATA_DIR points at a fresh temporary directory (subprocesses inherit it), and so
    does each XDG directory."""
    directory = tmp_path / "spit-data"
    monkeypatch.setenv("SPIT_DATA_DIR", str(directory))
    for variable in XDG:
        monkeypatch.setenv(variable, str(tmp_path / "home" / variable.lower()))
    return directory


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No LANGUAGE, LC_ALL, LC_MESSAGES or LANG, and English on; English again afterwards."""
    for variable in i18n.ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def pytest_configure(config: pytest.Config) -> None:
    """Files or tests named on the command line run whole: the quick default's ``-m 'not
    long'`` holds for the suite or a directory only (an ``-m`` of one's own always holds)."""
    typed = config.invocation_params.args
    named = config.args_source is pytest.Config.ArgsSource.ARGS and all(
        "::" in arg or arg.endswith(".py") for arg in config.args
    )
    if named and not any(arg.startswith(("-m", "--markexpr")) for arg in typed):
        config.option.markexpr = ""


@pytest.hookimpl(tryfirst=True)  # before -m deselects
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark ``long`` a screen test (one that runs the app: a coroutine or a snapshot) of
    tests/app in a language outside :data:`QUICK_LANGUAGES`."""
    app = Path(__file__).parent / "app"
    for item in items:
        if not (isinstance(item, pytest.Function) and item.path.is_relative_to(app)):
            continue
        language = item.callspec.params.get("lang") if hasattr(item, "callspec") else None
        screen = inspect.iscoroutinefunction(item.obj) or "snap_compare" in item.fixturenames
        if screen and language not in (None, *QUICK_LANGUAGES):
            item.add_marker(pytest.mark.long)


_slow: dict[str, float] = {}


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Add up each test's setup and call (on the controller too, under pytest-xdist)."""
    if report.when in ("setup", "call") and "long" not in report.keywords:
        _slow[report.nodeid] = _slow.get(report.nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    slow = sorted((took, test) for test, took in _slow.items() if took > QUICK)
    if slow:
        terminalreporter.section(f"tests not marked long that took over {QUICK:.0f} s")
        for took, test in reversed(slow):
            terminalreporter.write_line(f"{took:6.1f} s  {test}")
        terminalreporter.write_line(
            "Mark a measurement or a long end-to-end run `@pytest.mark.long` (or its module"
            " `pytestmark = pytest.mark.long`); a slow rule test wants a quicker setup."
        )
