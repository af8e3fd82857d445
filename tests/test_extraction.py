"""Every message in the source reaches the catalogues: each lookup is a literal that
``pybabel extract`` can read, standing alone, and each one is in the template.

A ``_()`` inside an f-string, or glued to other text with ``%`` or ``+``, is either never
extracted or extracted as a piece of a sentence that a translator cannot order; a lookup of a
variable is never extracted. Both leave English on a translated screen.
"""

from __future__ import annotations

import ast
from pathlib import Path

from babel.messages.pofile import read_po

ROOT = Path(__file__).parent.parent
SOURCE = ROOT / "spit"

LITERALS: dict[str, int] = {"_": 1, "gettext": 1, "N_": 1, "ngettext": 2, "pgettext": 2}
"""Each lookup, and how many of its first arguments must be string literals (the message;
ngettext's two forms; pgettext's context and message)."""

RUNTIME = SOURCE / "i18n.py"
"""The runtime itself, which passes its callers' messages on to gettext."""


def _sources() -> list[Path]:
    return [path for path in sorted(SOURCE.rglob("*.py")) if path != RUNTIME]


def _name(call: ast.Call) -> str:
    func = call.func
    return func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")


def _lookups(tree: ast.AST):
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and _name(node) in LITERALS:
            yield node


def _is_text(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT).as_posix()
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            for call in _lookups(node):
                found.append(f"{where}:{call.lineno}: {ast.unparse(call)} inside an f-string")
        elif isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Mod, ast.Add)):
            sign = "%" if isinstance(node.op, ast.Mod) else "+"
            for side in (node.left, node.right):
                if isinstance(side, ast.Call) and _name(side) in LITERALS:
                    found.append(f"{where}:{side.lineno}: {ast.unparse(side)} glued with {sign}")
    for call in _lookups(tree):
        needed = LITERALS[_name(call)]
        arguments = call.args[:needed]
        if len(arguments) < needed or not all(_is_text(a) for a in arguments):
            found.append(f"{where}:{call.lineno}: {ast.unparse(call)} looks up no literal")
    return found


def test_every_lookup_is_a_literal_standing_alone() -> None:
    """No ``_()``, ``ngettext`` or ``pgettext`` in spit/ sits in an f-string, is glued with
    ``%`` or ``+``, or looks up anything but string literals (named by file and line)."""
    found = [line for path in _sources() for line in _problems(path)]
    assert not found, "messages that extraction misses or cuts up:\n" + "\n".join(found)


def test_every_literal_lookup_is_in_the_template() -> None:
    """Every message the source looks up is in spit/locale/spit.pot, so every language
    translates it (run python tools/catalogues.py after adding one)."""
    with (SOURCE / "locale" / "spit.pot").open("rb") as file:
        template = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in read_po(file)}
    missing = []
    for path in _sources():
        for call in _lookups(ast.parse(path.read_text(encoding="utf-8"))):
            arguments = call.args
            if not all(_is_text(a) for a in arguments[: LITERALS[_name(call)]]):
                continue  # the test above names it
            if _name(call) == "pgettext":
                key = (arguments[0].value, arguments[1].value)  # type: ignore[attr-defined]
            else:
                key = (None, arguments[0].value)  # type: ignore[attr-defined]
            if key not in template:
                where = path.relative_to(ROOT).as_posix()
                missing.append(f"{where}:{call.lineno}: {key[1]!r}")
    assert not missing, "not in spit/locale/spit.pot:\n" + "\n".join(missing)


def _tables(tree: ast.Module) -> dict[str, ast.Dict]:
    """A module's top-level tables: ``NAME: Final = {…}``."""
    return {
        node.target.id: node.value
        for node in tree.body
        if isinstance(node, ast.AnnAssign)
        and isinstance(node.target, ast.Name)
        and isinstance(node.value, ast.Dict)
    }


def _table_problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    where = path.relative_to(ROOT).as_posix()
    tables = _tables(tree)
    found = []
    for call in ast.walk(tree):
        if not (isinstance(call, ast.Call) and _name(call) == "translated"):
            continue
        looked_up = call.args[0] if call.args else None
        if not (
            isinstance(looked_up, ast.Subscript)
            and isinstance(looked_up.value, ast.Name)
            and looked_up.value.id in tables
        ):
            found.append(f"{where}:{call.lineno}: {ast.unparse(call)} looks up no table")
            continue
        for value in tables[looked_up.value.id].values:
            if not (isinstance(value, ast.Call) and _name(value) == "N_"):
                found.append(f"{where}:{value.lineno}: {ast.unparse(value)} is not marked N_")
    return found


def test_every_message_asked_for_by_id_is_marked_for_extraction() -> None:
    """``translated()`` looks a message up in a table of the module, by id, and every message
    in such a table is an ``N_("…")`` literal (the test above checks it is one), so that
    extraction finds it."""
    found = [line for path in _sources() for line in _table_problems(path)]
    assert not found, "messages looked up that extraction may miss:\n" + "\n".join(found)
