"""What the frozen build ships, decided without running PyInstaller."""

import ast
from pathlib import Path

import pytest

from tests.packaging.scripts import ROOT, load

freeze = load("freeze_config")
build_script = load("build_executable")


def test_mapped_folders_become_their_packages() -> None:
    """resources/ and icons/ are battlewheel.resources and battlewheel.icons, as in the wheel."""
    folders = freeze.package_folders()
    assert folders["battlewheel"] == ROOT / "desktop" / "battlewheel"
    assert folders["battlewheel.resources"] == ROOT / "resources"
    assert folders["battlewheel.icons"] == ROOT / "icons"
    assert folders["battlewheel.views.sheets"] == ROOT / "desktop/battlewheel/views/sheets"


def test_staged_copy_is_laid_out_like_an_installed_package(tmp_path: Path) -> None:
    """The staging folder holds battlewheel/resources/rules/*.json and battlewheel/icons/."""
    staged = freeze.stage_package(tmp_path / "staged")
    rules = sorted(p.name for p in (ROOT / "resources" / "rules").glob("*.json"))
    assert rules
    assert sorted(p.name for p in (staged / "battlewheel/resources/rules").glob("*.json")) == rules
    assert (staged / "battlewheel/icons/battlewheel.svg").is_file()
    assert (staged / "battlewheel/engine/__init__.py").is_file()
    assert not list(staged.rglob("__pycache__"))


def test_package_data_lists_every_file_the_wheel_ships(tmp_path: Path) -> None:
    """Each rules table, campaign, style and icon goes to its package's folder."""
    staged = freeze.stage_package(tmp_path / "staged")
    shipped = {Path(dest, Path(src).name) for src, dest in freeze.package_data(staged)}
    expected = {
        Path("battlewheel/resources", path.relative_to(ROOT / "resources"))
        for pattern in ("**/*.json", "**/*.qss")
        for path in (ROOT / "resources").glob(pattern)
    } | {Path("battlewheel/icons", path.name) for path in (ROOT / "icons").glob("*.png")}
    assert expected <= shipped
    assert Path("battlewheel/icons/battlewheel.ico") in shipped


def test_every_module_of_the_package_is_frozen_even_if_loaded_by_name(tmp_path: Path) -> None:
    """Modules imported with importlib (storage's campaign files, rulesets) still ship."""
    staged = freeze.stage_package(tmp_path / "staged")
    modules = set(freeze.package_modules(staged))
    for module in ("battlewheel", "battlewheel.cli", "battlewheel.resources",
                   "battlewheel.icons", "battlewheel.views.app_icon"):
        assert module in modules


@pytest.mark.parametrize(
    ("bundle_path", "kept"),
    [
        ("PySide6/Qt/plugins/platforms/libqoffscreen.so", True),
        ("PySide6/Qt/plugins/platforms/libqxcb.so", True),
        ("PySide6/Qt/plugins/platforms/libqwayland.so", True),
        ("PySide6/Qt/plugins/platforms/libqeglfs.so", False),
        ("PySide6/Qt/plugins/platforms/libqvnc.so", False),
        ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", False),
        ("PySide6/Qt/plugins/imageformats/libqsvg.so", True),
        ("PySide6/Qt/plugins/imageformats/libqtiff.so", False),
        ("PySide6/Qt/plugins/tls/libqopensslbackend.so", False),
        ("PySide6/Qt/plugins/printsupport/libcupsprintersupport.so", True),
        ("PySide6/Qt/translations/qtbase_de.qm", False),
        ("PySide6/Qt/lib/libQt6Gui.so.6", True),
        ("PySide6/plugins/platforms/qwindows.dll", True),
        ("PySide6/Qt/plugins/platforms/libqcocoa.dylib", True),
        ("PySide6/plugins/imageformats/qtiff.dll", False),
    ],
)
def test_only_the_qt_plugins_a_gm_laptop_uses_are_kept(bundle_path: str, kept: bool) -> None:
    """X11, Wayland, offscreen and printing stay; embedded back ends and TLS go."""
    assert freeze.keeps_binary(bundle_path) is kept


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def test_no_battlewheel_module_imports_an_excluded_module() -> None:
    """A new import of, say, QtNetwork must come with a change to the exclusions."""
    excluded = set(freeze.EXCLUDED_MODULES)
    offenders = {
        f"{path.relative_to(ROOT)}: {name}"
        for path in (ROOT / "desktop" / "battlewheel").rglob("*.py")
        for name in _imported_modules(path)
        if name in excluded or any(name.startswith(f"{module}.") for module in excluded)
    }
    assert offenders == set()


def test_qt_modules_pyqtgraph_needs_are_not_excluded() -> None:
    """pyqtgraph's plots import QtOpenGL and QtOpenGLWidgets unconditionally."""
    for needed in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets", "PySide6.QtOpenGL",
                   "PySide6.QtOpenGLWidgets", "PySide6.QtPrintSupport", "PySide6.QtSvg"):
        assert needed not in freeze.EXCLUDED_MODULES


def test_missing_pyinstaller_is_reported_with_the_command_that_installs_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without PyInstaller the build stops with a message naming the dev extra."""
    monkeypatch.setattr(build_script.importlib.util, "find_spec", lambda name: None)
    message = build_script.pyinstaller_missing_message()
    assert message is not None and "bootstrap.sh dev" in message
    assert build_script.main(["--dist", "/nonexistent"]) == 2


def test_one_file_builds_pass_the_option_to_the_spec() -> None:
    """--onefile reaches the spec after PyInstaller's own options, behind ``--``."""
    command = build_script.pyinstaller_command(
        onefile=True, dist=Path("d"), work=Path("w"), quiet=True
    )
    assert command[-2:] == ["--", "--onefile"]
    assert "--" not in build_script.pyinstaller_command(
        onefile=False, dist=Path("d"), work=Path("w"), quiet=True
    )
