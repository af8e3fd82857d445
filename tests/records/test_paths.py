"""Where records live: the machine's own player's, and each browser's apart from them."""

from __future__ import annotations

from pathlib import Path

import pytest

from spit.records.paths import (
    browser_data_dir,
    browsers_dir,
    history_path,
    records_dir,
)


def test_a_browser_keeps_its_records_apart_from_the_machine_players(data_dir: Path) -> None:
    browser = browser_data_dir("0123456789abcdef0123456789abcdef")
    assert browser.parent == browsers_dir()
    assert browsers_dir().is_relative_to(data_dir)
    # Neither inside the records the machine's player resumes and counts, nor holding them.
    assert not browser.is_relative_to(records_dir())
    assert not records_dir().is_relative_to(browser)
    assert not history_path().is_relative_to(browser)


@pytest.mark.parametrize(
    "browser",
    [
        "",
        "..",
        "../records",
        "0123456789ABCDEF0123456789ABCDEF",  # the page draws lowercase hex only
        "0123456789abcdef0123456789abcde",  # 31 digits
        "0123456789abcdef0123456789abcdef0",
        "0123456789abcdef0123456789abcdef\n",
        "/tmp/0123456789abcdef0123456789ab",
    ],
)
def test_only_a_browser_id_names_a_browser_directory(browser: str) -> None:
    with pytest.raises(ValueError, match="not a browser id"):
        browser_data_dir(browser)
