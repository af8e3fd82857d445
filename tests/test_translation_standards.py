"""Each class of mistake issue 30 found in the catalogues, kept out: a case ending on a name in
Georgian, a count without ngettext, a level or variant shown by its flag, straight quotes in
German, Georgian and Latvian, a key name cut to three letters, the round called a card in
Latvian, and every wrong msgstr the issue quoted."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from spit import i18n, words
from spit.bot.levels import ADAPTIVE, LEVEL_NAMES
from spit.engine import Variant

ROOT = Path(__file__).parent.parent
LOCALE = ROOT / "spit" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]


def _messages(code: str):
    path = LOCALE / "spit.pot" if code == "en" else LOCALE / code / "LC_MESSAGES" / "spit.po"
    with path.open("rb") as file:
        return [m for m in read_po(file, locale=None if code == "en" else code) if m.id]


def _forms(code: str):
    """Every (context, msgid, msgstr form) of a catalogue."""
    for message in _messages(code):
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in strings:
            yield message.context, msgid, form


def _text(form: str) -> str:
    """A msgstr without its placeholders (``{text!r}`` prints quotes of its own)."""
    return re.sub(r"\{[^{}]*\}|%\(\w+\)[sr]", "", form)


def test_a_name_never_takes_a_case_ending_in_georgian() -> None:
    """``{name}-მა``, ``{name}-ის``, ``{name}ს`` are wrong for a name ending in a vowel
    (ნინომ, ნინოს): the sentence is turned so that the name takes no ending."""
    ending = re.compile(r"\{(name|opponent|winner)\}[-‑]?[\u10d0-\u10ff]")
    found = [f"{msgid!r}: {form!r}" for _, msgid, form in _forms("ka") if ending.search(form)]
    assert not found, "\n".join(found)


COUNTED = re.compile(
    r"\{(n|games|count|rounds|matches|cards|players)(:,)?\}\)? (\w+ )?[a-z]{2,}s\b(?!/)"
)
"""A number placeholder followed by a plural noun (``{games} matches``, ``{n} spit cards``);
not a rate (``matches/s``) nor a unit (``{n} s``)."""


def test_every_count_goes_through_ngettext() -> None:
    """Not "1 Partien", "1 spēles", "1 παιχνίδια": a sentence that counts is a plural entry."""
    found = [m.id for m in _messages("en") if isinstance(m.id, str) and COUNTED.search(m.id)]
    assert not found, "counts outside ngettext:\n" + "\n".join(found)


def test_every_level_and_variant_shown_is_a_message_of_the_catalogue() -> None:
    """A bot level or a variant is never shown by its flag name (``very-fast``, ``standard``):
    each is said by a message every catalogue translates."""
    template = {m.id for m in _messages("en")}
    for level in (*LEVEL_NAMES, ADAPTIVE, "random"):
        assert words.labels.level_name(level) in template, level
    for variant in Variant:
        assert words.labels.variant_name(variant.value) in template, variant


SINGULAR = {
    "en": "1 match, standard, seed 1",
    "de": "1 Partie, Standard, Startwert 1",
    "el": "1 παρτίδα, κανονικό, σπόρος 1",
    "ka": "1 თამაში, სტანდარტული, საწყისი რიცხვი 1",
    "lv": "1 spēle, standarta, sākumvērtība 1",
}


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_simulate_one_game_says_one_match_and_its_bots_in_words(
    code: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from spit.cli import main

    assert (
        main(["--lang", code, "simulate", "--games", "1", "--bot1", "easy", "--bot2", "very-fast"])
        == 0
    )
    out = " ".join(capsys.readouterr().out.split())
    assert SINGULAR[code] in out
    assert "very-fast" not in out and words.labels.level_name("very-fast") in out


@pytest.mark.parametrize("code", ["de", "ka", "lv"])
def test_no_straight_quotes_or_backticks_in_german_georgian_or_latvian(code: str) -> None:
    """All three quote „so“; ' " and ` are English habits carried over."""
    found = [
        f"{msgid!r}: {form!r}"
        for _, msgid, form in _forms(code)
        if re.search(r"['\"`]", _text(form))
    ]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("code", i18n.LANGUAGES)
def test_no_key_is_shown_by_a_word_cut_to_three_letters(code: str) -> None:
    """Up, Dn, Spc, Del, End, Home cut words in every language (Κάτ, ზემ, Aug, Po1): the
    table and the legends draw symbols; only --ascii spells keys out."""
    i18n.set_language(code)
    for key in words.labels.KEY_SYMBOLS:
        for short in (False, True):
            label = words.labels.key_label(key, short=short)
            assert not re.fullmatch(r"[^\W\d_]{1,3}\d?", label), (code, key, short, label)


def test_no_obsolete_entries_are_kept() -> None:
    for code in TRANSLATED:
        text = (LOCALE / code / "LC_MESSAGES" / "spit.po").read_text(encoding="utf-8")
        assert "\n#~" not in text, code


def test_latvian_calls_the_round_raunds_and_keeps_kārts_for_the_card() -> None:
    """*kārta* (round) and *kārts* (card) collided in 30 lines."""
    round_ = re.compile(r"\b[Kk]ārt(a|as|u|ā|ai|ām|ās)\b")
    found = [f"{msgid!r}: {form!r}" for _, msgid, form in _forms("lv") if round_.search(form)]
    assert not found, "\n".join(found)


WRONG: dict[str, list[tuple[str | None, str | None, str]]] = {
    # (context, msgid or None for any, a wrong form the issue quoted, as a regular expression)
    "ka": [
        (None, "Join", r"შეერთება"),
        (None, None, r"გავიდე"),
        (None, None, r"\{name\}-(მა|ის)"),
        (None, "cards played", r"გათამაშებული"),
        (None, None, r"აფურთხე[“\"]-ს"),
        (None, None, r"მატჩ"),
        (None, None, r"(?<![\u10d0-\u10ff])ფერს"),
    ],
    "el": [
        ("said of a player", "ready", r"^έτοιμο$"),
        (None, None, r"Κράτα το"),
        (None, "not in play", r"εκτός χρήσης"),
        (None, None, r"\(περιμένουμε: "),
        (None, None, r"αγών"),
    ],
    "lv": [
        (None, None, r"mačs ir zaudēts"),
        (None, None, r"pielāgojoš"),
        (None, "regular", r"pastāvīgs"),
        (None, None, r"\bRīko"),
        (None, None, r"\bbots [12]\b"),
    ],
    "de": [
        (None, None, r"\bSCHLAG\b"),
        (None, None, r"Aufheben"),
        (None, None, r"\bRemis\b"),
        (None, None, r"anpassend"),
    ],
}
"""The wrong msgstrs issue 30 quoted, and their kin."""


@pytest.mark.parametrize("code", sorted(WRONG))
def test_none_of_the_wrong_forms_the_review_quoted_remains(code: str) -> None:
    found = [
        f"{msgid!r}{f' ({context})' if context else ''}: {form!r} has {pattern!r}"
        for context, msgid, form in _forms(code)
        for want_context, want_id, pattern in WRONG[code]
        if (want_id is None or (want_id, want_context) == (msgid, context))
        and re.search(pattern, form)
    ]
    assert not found, "\n".join(found)


def test_a_player_and_the_bot_are_ready_in_their_own_gender_in_greek() -> None:
    i18n.set_language("el")
    assert words.labels.ready("✓") == "έτοιμος ✓"
    assert words.labels.ready("✓", bot=True) == "έτοιμο ✓"
