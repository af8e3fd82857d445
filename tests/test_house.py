"""The house stays readable: rooms of a size a reader takes in (issue 27's limits)."""

from __future__ import annotations

import ast
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
