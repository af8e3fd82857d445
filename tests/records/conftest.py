"""Every records test keeps its files in a temporary data directory, never the player's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """SPIT_DATA_DIR points at a fresh temporary directory for the test."""
    directory = tmp_path / "data"
    monkeypatch.setenv("SPIT_DATA_DIR", str(directory))
    return directory
