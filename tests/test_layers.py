"""The four-systems layout holds: shared code never imports a ruleset package.

The engine's core knows no ruleset (the registry loads them by name); the shared views,
models and printing read the presentation contract only, and what is particular to one
system lives under ``views/rulesets/<name>/``. Checked statically, on every import
statement of every file, so a lazy import inside a function is caught too.
"""

from __future__ import annotations

import ast
from pathlib import Path

import battlewheel
from tests.import_statements import import_statements

PACKAGE = Path(battlewheel.__file__).parent
RULESET_ENGINES = "battlewheel.engine.rulesets."
RULESET_VIEWS = "battlewheel.views.rulesets."


def _imports(path: Path) -> list[str]:
    found: list[str] = []
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            found.extend(alias.name for alias in node.names)
        elif node.module and node.level == 0:
            found.append(node.module)
            # "from battlewheel.engine.rulesets import rewrite" imports a package too.
            found.extend(
                f"{node.module}.{alias.name}"
                for alias in node.names
                if _is_module(f"{node.module}.{alias.name}")
            )
    return found


def _is_module(name: str) -> bool:
    parts = name.split(".")
    if parts[0] != "battlewheel":
        return False
    place = PACKAGE.joinpath(*parts[1:])
    return place.is_dir() or place.with_suffix(".py").is_file()


def _offenders(folder: str, *forbidden: str) -> list[str]:
    files = sorted((PACKAGE / folder).rglob("*.py"))
    assert files, f"nothing under {folder}"
    return [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in files
        for name in _imports(path)
        if any(name.startswith(prefix) for prefix in forbidden)
    ]


def test_shared_views_import_no_ruleset_package() -> None:
    """Window, wheel, sheets, tables, log, odds: none names a ruleset's engine or views."""
    found = [
        problem
        for problem in _offenders("views", RULESET_ENGINES, RULESET_VIEWS)
        if not problem.startswith("views/rulesets/")
    ]
    assert found == []


def test_models_and_printing_import_no_ruleset_package() -> None:
    """The model-view wrapper and the printed cards read the contract only."""
    assert _offenders("models", RULESET_ENGINES, RULESET_VIEWS) == []
    assert _offenders("printing", RULESET_ENGINES, RULESET_VIEWS) == []


def test_the_engine_core_names_no_ruleset() -> None:
    """The core's registry loads the rulesets package by name; no core file imports one."""
    assert _offenders("engine/core", RULESET_ENGINES, "battlewheel.engine.rulesets") == []


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    """A file that imports a ruleset package is reported (the check can fail)."""
    bad = tmp_path / "bad.py"
    bad.write_text(
        "def f():\n    from battlewheel.engine.rulesets import rewrite\n"
        "from battlewheel.views.rulesets import build_dialog\n"
    )
    found = _imports(bad)
    assert "battlewheel.engine.rulesets.rewrite" in found
    assert not any(name.startswith(RULESET_VIEWS) for name in found)
