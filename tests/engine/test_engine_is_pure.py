"""The engine stays pure Python: no Qt, no platform paths, nothing from outside engine/."""

import ast
import subprocess
import sys
from pathlib import Path

import battlewheel.engine
from tests.import_statements import import_statements

ENGINE_DIR = Path(battlewheel.engine.__file__).parent
FORBIDDEN_ROOTS = {"PySide6", "shiboken6", "pyqtgraph", "platformdirs", "PyQt5", "PyQt6"}


def _imported_modules(path: Path) -> list[str]:
    """Every module name an engine file imports, absolute or relative."""
    names: list[str] = []
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        else:
            names.append("." * node.level + (node.module or ""))
    return names


def _violations(path: Path) -> list[str]:
    found = []
    for name in _imported_modules(path):
        root = name.split(".")[0]
        if root in FORBIDDEN_ROOTS:
            found.append(f"{path.name} imports {name}")
        elif _reaches_outside_engine(path, name):
            found.append(f"{path.name} imports {name} from outside the engine")
    return found


def _reaches_outside_engine(path: Path, name: str) -> bool:
    if name.startswith("battlewheel."):
        return not name.startswith("battlewheel.engine")
    return name.startswith("..") and _relative_escapes_engine(path, name)


def _relative_escapes_engine(path: Path, name: str) -> bool:
    level = len(name) - len(name.lstrip("."))
    package_dir = path.parent
    for _ in range(level - 1):
        package_dir = package_dir.parent
    return not package_dir.is_relative_to(ENGINE_DIR)


def test_no_engine_module_imports_qt_platformdirs_or_the_rest_of_the_app() -> None:
    """Statically, no file under engine/ names a forbidden import."""
    files = sorted(ENGINE_DIR.rglob("*.py"))
    assert files, "the engine package has no modules"
    problems = [problem for path in files for problem in _violations(path)]
    assert problems == []


def test_the_engine_imports_with_qt_and_platformdirs_unavailable() -> None:
    """At run time, every engine module imports in a Python where Qt cannot be imported."""
    blocker = (
        "import sys, importlib, pkgutil\n"
        "class Block:\n"
        "    def find_spec(self, name, path=None, target=None):\n"
        f"        if name.split('.')[0] in {sorted(FORBIDDEN_ROOTS)!r}:\n"
        "            raise ImportError('engine must not import ' + name)\n"
        "        return None\n"
        "sys.meta_path.insert(0, Block())\n"
        "import battlewheel.engine as e\n"
        "for m in pkgutil.walk_packages(e.__path__, 'battlewheel.engine.'):\n"
        "    importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.startswith('battlewheel.')\n"
        "       and not m.startswith('battlewheel.engine') and m != 'battlewheel.engine']\n"
        "assert not bad, bad\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", blocker], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
