"""Write spit/settings/layouts.py: what each key position types on the Greek, Georgian, Latvian
(standard and ergonomic ŪGJRMV) and US layouts, read from the system's xkb symbol files
(xkeyboard-config).

    python tools/xkb_layouts.py [--symbols /usr/share/X11/xkb/symbols] [--keysyms keysymdef.h]

Only the positions the game uses matter: the three letter rows (AD01-AD10, AC01-AC11,
AB01-AB10). For each we take level 1 (no Shift), level 2 (Shift) and level 3 (AltGr),
follow ``include`` lines, and turn keysym names into characters with X11's keysymdef.h; a
dead key (an accent that types nothing on its own) is recorded as such. For every preset's
layout, the German and French ones too, we also list every letter any of its keys types
at any level, so the key map knows which letters with marks come only from dead keys. The
output is committed, so the game and CI need no xkb.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from pathlib import Path

POSITIONS = (
    *(f"AD{n:02}" for n in range(1, 11)),
    *(f"AC{n:02}" for n in range(1, 12)),
    *(f"AB{n:02}" for n in range(1, 11)),
)
"""The key positions of the letter rows, xkb's names: row D (top letters), C (home), B."""

LAYOUTS = {
    "us": "us(basic)",
    "greek": "gr(basic)",
    "georgian": "ge(basic)",
    "latvian": "lv(basic)",
    "latvian-ergonomic": "lv(ergonomic)",
}
"""Our name for each layout whose letter rows are tabled, and the xkb symbols it is read from."""

TYPED_LAYOUTS = {
    "qwerty": "us(basic)",
    "qwertz": "de(basic)",
    "azerty": "fr(basic)",
    **{name: spec for name, spec in LAYOUTS.items() if name != "us"},
}
"""Each preset's name and the xkb symbols whose every typed character is listed."""

_SECTION = re.compile(r'xkb_symbols\s+"([^"]+)"\s*\{(.*?)\n\};', re.S)
_KEY = re.compile(r"key\s+<(\w+)>\s*\{\s*(?:type[^,]*,\s*)?(?:symbols\[\w+\]\s*=\s*)?\[([^\]]*)\]")
_INCLUDE = re.compile(r'include\s+"([^"]+)"')


def read_keysyms(header: Path) -> dict[str, str]:
    """keysym name -> the character it types, from keysymdef.h's ``/* U+XXXX`` comments."""
    names: dict[str, str] = {}
    pattern = re.compile(r"#define XK_(\w+)\s+0x([0-9a-f]+)\s*/\*[ (]*U\+([0-9A-F]{4,6})")
    for line in header.read_text(encoding="latin-1").splitlines():
        match = pattern.match(line)
        if match:
            names.setdefault(match[1], chr(int(match[3], 16)))
    return names


def character(keysym: str, keysyms: dict[str, str]) -> str | None:
    """The character a keysym types; "dead" for a dead key; None for NoSymbol and the like."""
    keysym = keysym.strip()
    if keysym.startswith("dead_"):
        return "dead"
    if re.fullmatch(r"U[0-9A-Fa-f]{4,6}", keysym):
        return chr(int(keysym[1:], 16))
    if re.fullmatch(r"0x0100[0-9a-fA-F]{4}", keysym):  # a Unicode keysym written in hex
        return chr(int(keysym, 16) - 0x01000000)
    if len(keysym) == 1:
        return keysym
    return keysyms.get(keysym)


def resolve(spec: str, folder: Path, keysyms: dict[str, str]) -> dict[str, list[str | None]]:
    """Position -> [level 1, level 2, level 3] characters of ``file(section)``, includes first."""
    name, _, section = spec.partition("(")
    section = section.rstrip(")")
    text = (folder / name).read_text(encoding="utf-8")
    sections = {m[1]: m[2] for m in _SECTION.finditer(text)}
    if not section:  # the file's default section
        default = re.search(r'default[^"]*xkb_symbols\s+"([^"]+)"', text)
        section = default[1] if default else next(iter(sections))
    body = re.sub(r"//[^\n]*", "", sections[section])
    keys: dict[str, list[str | None]] = {}
    for line in body.splitlines():
        include = _INCLUDE.search(line)
        if include:
            for part in include[1].split("+"):
                if "(" in part and part.split("(")[0] in ("level3", "eurosign", "kpdl"):
                    continue  # modifier and keypad tweaks: no letter-row characters
                for position, levels in resolve(part, folder, keysyms).items():
                    keys[position] = levels
            continue
        match = _KEY.search(line)
        if match:
            new = [character(s, keysyms) for s in match[2].split(",")]
            old = keys.get(match[1], [])
            # NoSymbol keeps what an included section put at that level.
            merged = [
                n if n is not None else (old[i] if i < len(old) else None)
                for i, n in enumerate(new)
            ]
            keys[match[1]] = merged + old[len(merged) :]
    return keys


def _printable(char: str | None) -> bool:
    return char is not None and (char == "dead" or unicodedata.category(char)[0] != "C")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--symbols", type=Path, default=Path("/usr/share/X11/xkb/symbols"))
    parser.add_argument("--keysyms", type=Path, default=Path("/usr/include/X11/keysymdef.h"))
    parser.add_argument("--out", type=Path, default=Path("spit/settings/layouts.py"))
    args = parser.parse_args()
    keysyms = read_keysyms(args.keysyms)
    lines = [
        '"""What each key position types on the layouts the presets are built from. GENERATED.',
        "",
        "Written by tools/xkb_layouts.py from the xkb symbol files of xkeyboard-config",
        f"({args.symbols}) and X11's keysymdef.h; do not edit by hand. The letter rows of",
        ", ".join(LAYOUTS.values()) + ":",
        "``BASE`` is level 1 (no Shift), ``SHIFT`` level 2, ``ALTGR`` level 3, each a row of",
        "characters in the order of ``POSITIONS`` (``-`` where the level types nothing); a",
        'dead key (an accent that types nothing on its own) is ``"dead"``. ``TYPED`` is every',
        "letter a preset's layout types on any key at any level, dead keys aside (for QWERTZ",
        "and AZERTY "
        + ", ".join(v for v in TYPED_LAYOUTS.values() if v not in LAYOUTS.values())
        + ").",
        '"""',
        "",
        "from typing import Final",
        "",
        "POSITIONS: Final = (",
        '    *(f"AD{n:02}" for n in range(1, 11)),',
        '    *(f"AC{n:02}" for n in range(1, 12)),',
        '    *(f"AB{n:02}" for n in range(1, 11)),',
        ")",
        '"""The letter rows\' key positions, by xkb name: AD top, AC home, AB bottom row."""',
        "",
        "",
        "def _table(rows: dict[str, str]) -> dict[str, dict[str, str]]:",
        "    return {",
        '        layout: {p: c for p, c in zip(POSITIONS, row.split(), strict=True) if c != "-"}',
        "        for layout, row in rows.items()",
        "    }",
        "",
        "",
    ]
    tables = {ours: resolve(spec, args.symbols, keysyms) for ours, spec in LAYOUTS.items()}
    for table, level in (("BASE", 0), ("SHIFT", 1), ("ALTGR", 2)):
        lines.append(f"{table}: Final = _table(")
        lines.append("    {")
        for ours, keys in tables.items():
            chars = []
            for position in POSITIONS:
                levels = keys.get(position, [])
                char = levels[level] if len(levels) > level else None
                assert char != "-" and (char is None or char == "dead" or len(char) == 1)
                chars.append(char if _printable(char) else "-")
            # Two spaces between the keyboard's rows: top (10 keys), home (11), bottom (10).
            row = " ".join(chars[:10]) + "  " + " ".join(chars[10:21]) + "  " + " ".join(chars[21:])
            lines.append(f"        {ours!r}: {row!r},")
        lines.append("    }")
        lines.append(")")
        lines.append("")
    lines.append("TYPED: Final[dict[str, str]] = {")
    for ours, spec in TYPED_LAYOUTS.items():
        keys = resolve(spec, args.symbols, keysyms)
        typed = "".join(
            sorted(
                {c for levels in keys.values() for c in levels if c and len(c) == 1 and c.isalpha()}
            )
        )
        chunks = [typed[i : i + 60] for i in range(0, len(typed), 60)]  # short enough lines
        lines.append(f"    {ours!r}: (")
        lines.extend(f"        {chunk!r}" for chunk in chunks)
        lines.append("    ),")
    lines.append("}")
    lines.append("")
    args.out.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
