"""The import statements of a Python file, for the tests that check who imports whom."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path


def import_statements(path: Path) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement of ``path`` at any depth (a lazy import inside a function
    too), in the order ``ast.walk`` meets them."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node


def from_module(node: ast.ImportFrom, package: list[str]) -> str:
    """The absolute module a ``from`` import reads, its leading dots resolved against
    ``package`` (the importing file's package, as its dotted parts)."""
    base = package[: len(package) - node.level + 1] if node.level else []
    return ".".join([*base, *([node.module] if node.module else [])])


def imported(path: Path, package: list[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
    """Each import of ``path`` as (the module, the names taken from it): ``import a.b`` is
    ("a.b", ()), ``from .c import d, e`` is (``c`` resolved in ``package``, ("d", "e"))."""
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            yield from ((alias.name, ()) for alias in node.names)
        else:
            yield from_module(node, package), tuple(alias.name for alias in node.names)
