"""The house stays readable: rooms of a size a reader takes in (issue 27's limits)."""

from __future__ import annotations

import ast
import io
import tokenize
from pathlib import Path

import pytest

SPIT = Path(__file__).resolve().parent.parent / "spit"
MODULES = sorted(SPIT.rglob("*.py"))


def lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def classes(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (node.name, (node.end_lineno or node.lineno) - node.lineno + 1)
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    ]


def test_the_house_is_where_the_limits_look() -> None:
    assert len(MODULES) > 100 and SPIT / "engine" / "round.py" in MODULES


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SPIT)))
def test_no_module_is_over_800_lines(path: Path) -> None:
    assert lines(path) <= 800


@pytest.mark.parametrize(
    "path", [p for p in MODULES if "app" in p.relative_to(SPIT).parts[:1]], ids=str
)
def test_no_module_of_the_app_is_over_500_lines(path: Path) -> None:
    assert lines(path) <= 500


@pytest.mark.parametrize(
    "path",
    [p for p in MODULES if "engine" not in p.relative_to(SPIT).parts[:1]],
    ids=lambda path: str(path.relative_to(SPIT)),
)
def test_no_class_outside_the_engine_is_over_350_lines(path: Path) -> None:
    assert [(name, size) for name, size in classes(path) if size > 350] == []


def imports_without_a_reason(path: Path) -> list[str]:
    """The imports inside functions of ``path`` whose line carries no comment saying why."""
    source = path.read_text(encoding="utf-8")
    commented = {
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    }
    functions = [
        node
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]
    return sorted(
        f"{path.relative_to(SPIT)}:{node.lineno}"
        for function in functions
        for node in ast.walk(function)
        if isinstance(node, ast.Import | ast.ImportFrom)
        and not commented & set(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    )


@pytest.mark.parametrize("path", MODULES, ids=lambda path: str(path.relative_to(SPIT)))
def test_an_import_inside_a_function_says_why_on_its_line(path: Path) -> None:
    """Imports sit at the top of a module unless start-up time demands otherwise, and then
    the import's line says so (``# lazy: ...``)."""
    assert imports_without_a_reason(path) == []
