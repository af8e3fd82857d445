"""The translation runtime: which language is on, and ``_`` / ``ngettext`` / ``pgettext``.

Catalogues live in ``spit/locale/<lang>/LC_MESSAGES/spit.po`` and are compiled to ``spit.mo``
when the package is built (``hatch_build.py``), editable installs included. The sentences
themselves live in :mod:`spit.words`; this module only looks them up. Every lookup goes
through the language that is on *now*, so the start menu can switch language at once.
"""

from __future__ import annotations

import argparse
import contextlib
import gettext
import io
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Final

LOCALE_DIR: Final = Path(__file__).parent / "locale"
"""Where the catalogues are: ``<lang>/LC_MESSAGES/spit.po`` and its compiled ``spit.mo``."""

DOMAIN: Final = "spit"
"""The gettext domain: the catalogues' file name."""

SOURCE_LANGUAGE: Final = "en"
"""The language the sentences are written in; it needs no catalogue."""

LANGUAGES: Final[tuple[str, ...]] = ("en", "el", "de", "ka", "lv")
"""Every language spit speaks, by ISO 639-1 code."""

LANGUAGE_NAMES: Final[Mapping[str, str]] = {
    "en": "English",
    "el": "Ελληνικά",
    "de": "Deutsch",
    "ka": "ქართული",
    "lv": "Latviešu",
}
"""Each language by its own name, as the menu offers it (never translated)."""

ENVIRONMENT_VARIABLES: Final = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the environment says the language, in gettext's order."""

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language: str = SOURCE_LANGUAGE


def _(message: str) -> str:
    """Translate a message into the language that is on."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """Translate a message whose form depends on a count (Latvian has three forms)."""
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """Translate a short message that means different things in different places."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a message for extraction where it must stay untranslated until shown."""
    return message


def translated(message: str) -> str:
    """Translate a message marked with :func:`N_` where it was written (a table of ids)."""
    return _translation.gettext(message)


def language() -> str:
    """The language that is on, as a code from :data:`LANGUAGES`."""
    return _language


def set_language(code: str) -> None:
    """Switch every later lookup to ``code`` (one of :data:`LANGUAGES`)."""
    global _translation, _language
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}")
    _translation = _load(code)
    _language = code


def _load(code: str) -> gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    built = mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime)
    # A source checkout whose .po changed since it was built (or was never built): compile
    # it in memory with Babel (a runtime dependency; kept optional here all the same).
    if po.exists() and not built:
        with contextlib.suppress(ImportError):
            return _compile(po)
    if mo.exists():
        with mo.open("rb") as file:
            return gettext.GNUTranslations(file)
    return gettext.NullTranslations()


def _compile(po: Path) -> gettext.GNUTranslations:
    from babel.messages.mofile import write_mo  # Babel only where a .po is newer than its .mo
    from babel.messages.pofile import read_po  # (the same)

    with po.open("rb") as file:
        catalogue = read_po(file)
    buffer = io.BytesIO()
    write_mo(buffer, catalogue)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)


def translate_argparse() -> None:
    """Make argparse's own words (``usage:``, ``options``, its errors) use our catalogues.

    argparse looks each up through the module-level ``_`` and ``ngettext`` it imported from
    gettext, at the moment it writes them; pointing those at ours makes ``--help`` and the
    command-line errors speak the language that is on. The words are listed in
    ``spit.words.commands.ARGPARSE`` so that extraction puts them in the catalogues.
    """
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def language_code(text: str) -> str | None:
    """The supported language a code or locale names: ``de``, ``de_AT.UTF-8``, ``el-GR``."""
    base = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    return base if base in LANGUAGES else None


def environment_language(environ: Mapping[str, str] | None = None) -> str | None:
    """The language the environment asks for, as gettext reads it; None if none we speak.

    The first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides;
    ``LANGUAGE`` may list several (``fr:de``) and the first we speak wins. ``C`` and
    ``POSIX`` mean English.
    """
    environ = os.environ if environ is None else environ
    for variable in ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for part in value.split(":"):
            if part in ("C", "POSIX") or part.startswith(("C.", "POSIX.")):
                return SOURCE_LANGUAGE
            code = language_code(part)
            if code is not None:
                return code
        return None
    return None


def choose_language(
    flag: str | None, config: str | None, environ: Mapping[str, str] | None = None
) -> str:
    """The language to speak: ``--lang``, else the config file's, else the environment's."""
    return flag or config or environment_language(environ) or SOURCE_LANGUAGE
