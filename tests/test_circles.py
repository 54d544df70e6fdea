"""The window sits above its parts and the model above its undo commands: no circles.

The window's parts (menus, docks, the player screen, the rulesets' turn dialogs) are
handed the window as a ``WindowParts`` (``views/window_parts.py``); none imports
``main_window`` back, not even for type checking. The undo commands see the model they
serve through their own ``CommandTarget`` protocol, so ``models/commands.py`` does not
import ``models/combat_model.py``. Checked statically on every import statement (a lazy
import inside a function, or one under ``TYPE_CHECKING``, is caught too).
"""

from __future__ import annotations

import ast
from pathlib import Path

import battlewheel

PACKAGE = Path(battlewheel.__file__).parent
MAIN_WINDOW = "battlewheel.views.main_window"
COMBAT_MODEL = "battlewheel.models.combat_model"


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, module_name: str | None = None) -> set[str]:
    """Every module (and ``module.name``) a file imports, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = (module_name or _module_of(path)).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _importers(folder: str, target: str, *, allowed: tuple[str, ...] = ()) -> list[str]:
    files = sorted((PACKAGE / folder).rglob("*.py"))
    assert files, f"nothing under {folder}"
    return [
        str(path.relative_to(PACKAGE))
        for path in files
        if str(path.relative_to(PACKAGE)) not in allowed and target in _imported(path)
    ]


def test_no_view_imports_the_main_window() -> None:
    """The window's parts get the window as a WindowParts; none imports main_window."""
    assert _importers("views", MAIN_WINDOW, allowed=("views/main_window.py",)) == []


def test_the_undo_commands_do_not_import_the_combat_model() -> None:
    """models/commands.py sits below models/combat_model.py (the model imports it)."""
    assert COMBAT_MODEL not in _imported(PACKAGE / "models" / "commands.py")


def test_the_check_sees_each_way_of_importing(tmp_path: Path) -> None:
    """Plain, from-, relative and type-checking-only imports are all reported."""
    bad = tmp_path / "probe.py"
    for text in (
        "import battlewheel.views.main_window\n",
        "from battlewheel.views.main_window import MainWindow\n",
        "from battlewheel.views import main_window\n",
        "from .main_window import MainWindow\n",
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from battlewheel.views.main_window import MainWindow\n",
        "def f():\n    from . import main_window\n",
    ):
        bad.write_text(text, encoding="utf-8")
        assert MAIN_WINDOW in _imported(bad, "battlewheel.views.probe"), text
    bad.write_text("from battlewheel.views.window_parts import WindowParts\n", encoding="utf-8")
    assert MAIN_WINDOW not in _imported(bad, "battlewheel.views.probe")
