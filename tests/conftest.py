"""For every test: records and history go to a temporary data directory, never the player's,
and the game speaks English, whatever language the machine running the tests speaks.
Hypothesis sets no deadline: an example's wall-clock time on a shared, loaded machine says
nothing about the rule under test (and tests never assert wall-clock times)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from spit import i18n

settings.register_profile("spit", deadline=None)
settings.load_profile("spit")


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SPIT_DATA_DIR points at a fresh temporary directory (subprocesses inherit it)."""
    directory = tmp_path / "spit-data"
    monkeypatch.setenv("SPIT_DATA_DIR", str(directory))
    return directory


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No LANGUAGE, LC_ALL, LC_MESSAGES or LANG, and English on; English again afterwards."""
    for variable in i18n.ENVIRONMENT_VARIABLES:
        monkeypatch.delenv(variable, raising=False)
    i18n.set_language("en")
    yield
    i18n.set_language("en")
