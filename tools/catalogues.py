"""Bring the translation catalogues up to date with the source: extract, then update.

    python tools/catalogues.py          # spit/locale/spit.pot and every spit.po
    python tools/catalogues.py --check  # exit 1 if either is out of date (changes nothing)

It runs ``pybabel extract`` (babel.cfg) into ``spit/locale/spit.pot`` and ``pybabel update``
into each ``spit/locale/<lang>/LC_MESSAGES/spit.po``: new messages arrive untranslated, gone
ones are dropped. Then translate the empty ``msgstr`` lines (docs/translating.md says how).
Compiling to ``.mo`` happens when the package is built, or in memory when a catalogue is newer.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "spit" / "locale"
EXTRACT = [
    *("-F", "babel.cfg", "--no-location", "--sort-output"),
    *("--add-comments=Translators:", "--project", "spit"),
    *("--copyright-holder", "the spit authors"),
]


def pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", *args]
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)


def messages(path: Path) -> set[tuple[object, object]]:
    from babel.messages.pofile import read_po

    with path.open("rb") as file:
        return {(m.context, m.id) for m in read_po(file) if m.id}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only say whether it is up to date")
    args = parser.parse_args()
    template = LOCALE / "spit.pot"
    if args.check:
        with tempfile.TemporaryDirectory() as folder:
            fresh = Path(folder) / "spit.pot"
            pybabel("extract", *EXTRACT, "-o", str(fresh), ".")
            if messages(fresh) != messages(template):
                print("spit/locale/spit.pot is out of date: run python tools/catalogues.py")
                return 1
        return 0
    pybabel("extract", *EXTRACT, "-o", str(template), ".")
    update = ("update", "-D", "spit", "-i", str(template), "-d", str(LOCALE))
    pybabel(*update, "--no-fuzzy-matching", "--ignore-obsolete", "--width", "100")
    print(f"updated {template.relative_to(ROOT)} and the catalogues beside it")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
