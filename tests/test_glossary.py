"""The glossary (docs/translating.md, "The words we chose"): no translation uses a word the
glossary rules out for its language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

LOCALE = Path(__file__).parent.parent / "spit" / "locale"

RULED_OUT: dict[str, dict[str, str]] = {
    # Each pattern (a regular expression, case-insensitive) with the glossary's reason.
    "el": {
        r"σούβλ": "σούβλα is a rotisserie skewer: the spit is φτύσιμο, the call ΦΤΥΣΤΕ",
        r"χαστούκ": "a slap on the face; a pile is struck: χτύπημα, the call ΧΤΥΠΗΣΤΕ",
        r"\bφτύστε\b": "the call is written ΦΤΥΣΤΕ, as on the table; as a noun it is φτύσιμο",
        r"\bο/η\b": "an article cannot follow a name's gender: '{name}: …' instead",
        r"\(\{n\} δ\)": "δ is no abbreviation of seconds: δευτ.",
        r"Παίζω": "first person; Play on is Συνέχισε",
    },
    "de": {
        r"Ctrl[+-]": "German keycaps say Strg",
        r"\bzieh": "ziehen is to draw a card; a card is played or laid (spielen, legen)",
        r"Mischwert|gesetzt gemischt": "the seed is Startwert",
        r"Mittlere Reaktion": "the figure is a median: Reaktion (Median)",
        r"\(Standard\b": "Standard is the variant's name; a default is Vorgabe",
        r"^(Run|Hoc|Rüc|Lee)$": "a key name cut off mid-word",
        r"(?-i:\bSCHLAG\b)": "the call goes to both players: SCHLAGT",
        r"Aufheben": "also 'cancel', one letter from Aufgeben: Für später",
        r"\bRemis\b": "the game says Unentschieden",
        r"anpassend": "adaptive is adaptiv",
    },
    "ka": {
        r"ბარათ": "a bank or ID card; a playing card is კარტი",
        r"შამფურ": "a skewer; the spit is აფურთხება, the call აფურთხე",
        r"ღილაკ": "a button; a keyboard key is კლავიში",
        r"თესლ": "a plant's seed; the random seed is საწყისი რიცხვი",
        r"მე-\{n\}": "gives 'მე-1'; write 'მარაგი {n}' or '{n}-დან'",
        r"მოკლეს": "'they murdered'; a program is shut down: გაითიშა",
        r"დაარტყი(თ)? პატარა": "the smaller pile: უფრო პატარა",
    },
    "lv": {
        r"iestrēgts": "no real form: strupceļš",
        r"sēkl": "a plant's seed; the random seed is sākumvērtība",
        r"Spēlētājs \d": "a player is '1. spēlētājs'",
        r"Padomi": "advice; hints are mājieni",
        r"pēc kārtas": "reads 'in a row'; after each round is 'pēc katra raunda'",
        r"\b[Kk]ārt(a|as|u|ā|ai|ām|ās)\b": "the round is raunds; kārta is one letter from kārts",
        r"\bmač": "the match is spēle",
        r"pielāgojoš": "adaptive is adaptīvs",
        r"pastāvīg": "'permanent'; regular is regulārs",
        r"\bRīko": "'organise an event'; Host is Izveidot",
        r"apgriez": "both face down and turning up: aizklāta / atklāt",
        r"nogalināts": "'killed'; a program is stopped: apturēts",
    },
}
"""The words each language's glossary rules out, with why."""


def _strings(code: str):
    with (LOCALE / code / "LC_MESSAGES" / "spit.po").open("rb") as file:
        catalogue = read_po(file, locale=code)
    for message in catalogue:
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        forms = message.string if isinstance(message.string, tuple) else (message.string,)
        for form in forms:
            yield message.context, msgid, form


@pytest.mark.parametrize("code", sorted(RULED_OUT))
def test_no_translation_uses_a_word_the_glossary_rules_out(code: str) -> None:
    broken = [
        f"{code}: {msgid!r}{f' ({context})' if context else ''} says {form!r}: {why}"
        for context, msgid, form in _strings(code)
        for pattern, why in RULED_OUT[code].items()
        if re.search(pattern, form, re.IGNORECASE | re.MULTILINE)
    ]
    assert not broken, "\n".join(broken)
