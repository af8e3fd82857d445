"""The translations: complete, with the same placeholders, the right plural forms, and
nothing player-facing that extraction cannot see."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from spit import i18n

ROOT = Path(__file__).parent.parent
LOCALE = ROOT / "spit" / "locale"
TRANSLATED = [code for code in i18n.LANGUAGES if code != i18n.SOURCE_LANGUAGE]

PLURALS = {"el": 2, "de": 2, "ka": 2, "lv": 3}
"""How many plural forms each language has (Latvian: 0/10-20…, 1/21/31…, the rest)."""


def catalogue(code: str):
    with (LOCALE / code / "LC_MESSAGES" / "spit.po").open("rb") as file:
        return read_po(file, locale=code)


def _key(message) -> tuple[object, object]:
    return (message.context, message.id)


def test_every_language_has_the_same_messages_as_the_template() -> None:
    with (LOCALE / "spit.pot").open("rb") as file:
        template = {_key(m) for m in read_po(file) if m.id}
    for code in TRANSLATED:
        assert {_key(m) for m in catalogue(code) if m.id} == template, code


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_is_translated(code: str) -> None:
    for message in catalogue(code):
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert all(strings), f"{code}: {message.id!r} is not translated"
        assert not message.fuzzy, f"{code}: {message.id!r} is marked fuzzy"


def _fields(text: str) -> set[str]:
    """The placeholders of a message: ``{name}``, ``{n:,}`` -> name, n."""
    braces = {match.split(":")[0].split("!")[0] for match in re.findall(r"\{([^{}]*)\}", text)}
    return braces | set(re.findall(r"%\(\w+\)[sr]|%[sr]", text))  # argparse's own words


@pytest.mark.parametrize("code", TRANSLATED)
def test_translations_keep_the_placeholders(code: str) -> None:
    for message in catalogue(code):
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            source = _fields(message.id[1])
            for form in message.string:
                # A form for exactly one may leave the count out; no form may add one.
                assert _fields(form) <= source and source - _fields(form) <= {"n"}, message.id
                assert "{pile}" not in message.id[0] or "{pile}" in form
        else:
            assert _fields(message.string) == _fields(message.id), (code, message.id)
        # Line breaks are part of the layout (the size notice, the quit question).
        assert (
            message.string.count("\n") == message.id.count("\n")
            if isinstance(message.id, str)
            else True
        )


@pytest.mark.parametrize("code", TRANSLATED)
def test_plural_forms_are_declared_and_every_plural_message_has_them_all(code: str) -> None:
    cat = catalogue(code)
    assert cat.num_plurals == PLURALS[code]
    plurals = [m for m in cat if m.id and isinstance(m.id, tuple)]
    assert plurals
    for message in plurals:
        assert len(message.string) == PLURALS[code] and all(message.string), message.id


def test_latvian_counts_take_three_forms() -> None:
    try:
        i18n.set_language("lv")
        assert i18n.ngettext("{n} card", "{n} cards", 1).format(n=1) == "1 kārts"
        assert i18n.ngettext("{n} card", "{n} cards", 21).format(n=21) == "21 kārts"
        assert i18n.ngettext("{n} card", "{n} cards", 3).format(n=3) == "3 kārtis"
        assert i18n.ngettext("{n} card", "{n} cards", 0).format(n=0) == "0 kāršu"
        assert i18n.ngettext("{n} card", "{n} cards", 11).format(n=11) == "11 kāršu"
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("code", TRANSLATED)
def test_the_compiled_catalogue_is_used(code: str) -> None:
    try:
        i18n.set_language(code)
        assert i18n._("Start") != "Start" or code == "de"
        assert i18n._("Quit") != "Quit"
    finally:
        i18n.set_language("en")


# -- no player-facing text outside the wording ---------------------------------------------

SHOWN: frozenset[str] = frozenset(
    {"Static", "Label", "Button", "RadioButton", "notify", "Text", "append", "add_row"}
    | {"add_column", "ArgumentTypeError", "print", "Binding", "exit", "error", "ink"}
)
"""Calls whose string arguments a player reads."""

NOT_WORDS: frozenset[str] = frozenset({"S  P  I  T"})
"""Literals a player reads that are no language (the title is the game's name)."""


def _letters(text: str) -> bool:
    return (bool(re.search(r"[^\W\d_]{2,}", text)) and " " in text.strip()) or text.istitle()


def _literal_arguments(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name not in SHOWN:
            continue
        arguments = list(node.args)
        if name == "Binding":
            arguments = arguments[2:3]  # the description; key and action are ids
        for argument in arguments:
            if (
                isinstance(argument, ast.Constant)
                and isinstance(argument.value, str)
                and argument.value not in NOT_WORDS
                and _letters(argument.value)
            ):
                found.append(f"{path.relative_to(ROOT)}:{argument.lineno}: {argument.value!r}")
    return found


def test_no_player_facing_literal_escapes_translation() -> None:
    """Text handed to a widget, a notification or the terminal goes through the wording."""
    found = [
        line
        for path in sorted((ROOT / "spit").rglob("*.py"))
        if path.parent.name != "words"
        for line in _literal_arguments(path)
    ]
    assert not found, "\n".join(found)


TRANSLATING: frozenset[str] = frozenset(
    {"_", "ngettext", "pgettext", "gettext", "N_", "translated"}
)
"""The calls that look a message up in the catalogues."""


LANGUAGE_FREE: tuple[str, ...] = (
    *(f"spit/{floor}/" for floor in ("engine", "bot", "records", "settings", "net", "sim", "game")),
    "spit/clock.py",
    "spit/printable.py",
)
"""The floors below the words: they say why with ids and typed facts, never with words."""


def test_no_message_is_looked_up_below_the_shells() -> None:
    """Only the shells (the app, spit web, the commands) and spit/words/ put words on facts:
    a message looked up in a lower floor is named here by file and line (say it in the shell
    that shows it, or in spit/words/ if several shells say it)."""
    found = []
    for path in sorted((ROOT / "spit").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        if not where.startswith(LANGUAGE_FREE):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in TRANSLATING:
                found.append(f"{where}:{node.lineno}: {ast.unparse(node)[:70]}")
    assert not found, "messages below the shells:\n" + "\n".join(found)


# -- the catalogues against the source ----------------------------------------------------

HOW = (
    "run `python tools/catalogues.py`, then translate the new empty msgstr entries in "
    "spit/locale/*/LC_MESSAGES/spit.po (docs/translating.md)"
)


@pytest.fixture(scope="module")
def extracted():
    """What ``pybabel extract`` finds in the source now (tools/catalogues.py's settings)."""
    import subprocess
    import sys
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "spit.pot"
        extract = ["-F", "babel.cfg", "--no-location", "-o", str(out), "."]
        subprocess.run(
            [sys.executable, "-m", "babel.messages.frontend", "extract", *extract],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        with out.open("rb") as file:
            return {_key(m) for m in read_po(file) if m.id}


def test_the_template_holds_every_message_the_source_has(extracted) -> None:
    with (LOCALE / "spit.pot").open("rb") as file:
        template = {_key(m) for m in read_po(file) if m.id}
    assert extracted - template == set(), f"messages not in spit.pot: {HOW}"
    assert template - extracted == set(), f"spit.pot has messages the source lost: {HOW}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_message_of_the_source_is_translated(code: str, extracted) -> None:
    translated = {
        _key(m)
        for m in catalogue(code)
        if m.id and all(m.string if isinstance(m.string, tuple) else (m.string,))
    }
    missing = sorted(str(key[1]) for key in extracted - translated)
    assert not missing, f"{code}: {len(missing)} messages not translated: {missing}; {HOW}"
