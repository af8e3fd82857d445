"""The simulator's report writes numbers as the language does: decimal comma, its grouping."""

from __future__ import annotations

import re

import pytest

from spit.cli import main
from spit.i18n import set_language

GROUPING = {"de": ".", "el": ".", "ka": "\u00a0", "lv": "\u00a0"}
"""How each language groups thousands (CLDR): a full stop, or a no-break space."""

PERCENT = {"de": "\u00a0%", "el": "%", "ka": "%", "lv": "%"}
"""How each language writes a share after its number (CLDR): German after a no-break space."""


def report(capsys: pytest.CaptureFixture[str], lang: str) -> str:
    try:
        status = main(["--no-config", "--lang", lang, "simulate", "--games", "20",
                       "--bot1", "regular", "--bot2", "fast"])  # fmt: skip
    finally:
        set_language("en")
    assert status == 0
    return capsys.readouterr().out


@pytest.mark.parametrize("lang", sorted(GROUPING))
def test_the_simulation_report_writes_decimals_and_thousands_as_the_language_does(
    capsys: pytest.CaptureFixture[str], lang: str
) -> None:
    out = report(capsys, lang)
    assert re.search(r"\b\d+,\d{2}\b", out), out  # the mean rounds, with a decimal comma
    assert re.search(r"\d,\d" + PERCENT[lang], out), out  # the shares, with their own sign
    assert not re.search(r"\b\d+\.\d{1,2}\b(?!\.)", out), out  # no English decimal point
    assert re.search(r"\d" + re.escape(GROUPING[lang]) + r"\d{3}\b", out), out  # thousands


def test_the_simulation_report_in_english_keeps_its_english_numbers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = report(capsys, "en")
    assert re.search(r"\b\d\.\d{2}\b", out) and re.search(r"\d,\d{3} actions/s", out), out


@pytest.mark.parametrize("lang", sorted(PERCENT))
def test_a_share_is_written_by_the_language_s_own_percent_pattern(lang: str) -> None:
    from spit.words.numbers import number

    set_language(lang)
    try:
        assert number(0.4234, ".1%") == "42,3" + PERCENT[lang]
        assert number(0.5, ".0%") == "50" + PERCENT[lang]
    finally:
        set_language("en")
    assert (number(0.4234, ".1%"), number(0.5, ".0%")) == ("42.3%", "50%")
