"""For every test: records and history go to a temporary data directory, never the player's."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SPIT_DATA_DIR points at a fresh temporary directory (subprocesses inherit it)."""
    directory = tmp_path / "spit-data"
    monkeypatch.setenv("SPIT_DATA_DIR", str(directory))
    return directory
