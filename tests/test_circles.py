"""No module of the program imports itself back, through any path: no circles.

The window sits above its parts: each part is handed what it uses (the combat, the
files, a parent, a way to say a line; ``views/window_parts.py`` declares them below
every part), and none imports ``main_window`` back, not even for type checking. The
undo commands see the model they serve through their own ``CommandTarget`` protocol, so
``models/commands.py`` does not import ``models/combat_model.py``. Checked statically on
every import statement (a lazy import inside a function, or one under ``TYPE_CHECKING``,
is caught too), over every module of the package.
"""

from __future__ import annotations

from pathlib import Path

import battlewheel
from tests.import_statements import imported

PACKAGE = Path(battlewheel.__file__).parent
MAIN_WINDOW = "battlewheel.views.main_window"
COMBAT_MODEL = "battlewheel.models.combat_model"


def _module_of(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, module_name: str | None = None) -> set[str]:
    """Every module (and ``module.name``) a file imports, relative imports resolved."""
    package = (module_name or _module_of(path)).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for module, names in imported(path, package):
        found.add(module)
        found.update(f"{module}.{name}" for name in names)
    return found


def _imports_between(paths: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of ``paths`` it imports. ``from pkg import sub`` names the
    submodule ``sub``; the package itself only for a name it defines."""
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        found: set[str] = set()
        for module, names in imported(path, package):
            taken = {f"{module}.{name}" for name in names}
            found.update(taken & paths.keys())
            if not names or taken - paths.keys():
                found.add(module)
        graph[name] = {other for other in found if other in paths and other != name}
    return graph


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each set of two or more modules that reach one another (Tarjan's components)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(here: str) -> None:
        order[here] = low[here] = len(order)
        stack.append(here)
        for there in sorted(graph[here]):
            if there not in order:
                visit(there)
                low[here] = min(low[here], low[there])
            elif there in stack:
                low[here] = min(low[here], order[there])
        if low[here] == order[here]:
            part = stack[stack.index(here):]
            del stack[stack.index(here):]
            if len(part) > 1:
                found.append(sorted(part))

    for name in sorted(graph):
        if name not in order:
            visit(name)
    return found


def _modules(root: Path) -> dict[str, Path]:
    return {_module_of(path): path for path in sorted(root.rglob("*.py"))}


def test_no_module_imports_itself_back() -> None:
    """Across the whole package, type-checking and lazy imports included."""
    assert _circles(_imports_between(_modules(PACKAGE))) == []


def test_the_circle_check_finds_a_circle(tmp_path: Path) -> None:
    """Two modules tied only through a TYPE_CHECKING import are a circle; a package whose
    submodule is taken by name from it is not."""
    root = tmp_path / "battlewheel"
    (root / "views" / "menus").mkdir(parents=True)
    for folder in (root, root / "views", root / "views" / "menus"):
        (folder / "__init__.py").write_text("", encoding="utf-8")
    (root / "views" / "menus" / "__init__.py").write_text(
        "from battlewheel.views.menus.file import FileMenu\n", encoding="utf-8")
    (root / "views" / "menus" / "file.py").write_text(
        "from battlewheel.views.menus import edit\n", encoding="utf-8")
    (root / "views" / "menus" / "edit.py").write_text("", encoding="utf-8")
    (root / "views" / "parts.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from .window import Window\n", encoding="utf-8")
    (root / "views" / "window.py").write_text(
        "from battlewheel.views.parts import Parts\n", encoding="utf-8")
    paths = {".".join(("battlewheel", *p.relative_to(root).with_suffix("").parts))
             .removesuffix(".__init__"): p for p in sorted(root.rglob("*.py"))}
    assert _circles(_imports_between(paths)) == [
        ["battlewheel.views.parts", "battlewheel.views.window"]]


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
