"""What the frozen build ships, decided without running PyInstaller."""

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.import_statements import import_statements
from tests.packaging.scripts import ROOT, linux_only, load

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
    names = set()
    for node in import_statements(path):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif node.module and node.level == 0:
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
    """pyqtgraph subclasses QOpenGLWidget when imported; the charts print through Qt."""
    for needed in ("PySide6.QtCore", "PySide6.QtGui", "PySide6.QtWidgets",
                   "PySide6.QtOpenGLWidgets", "PySide6.QtPrintSupport", "PySide6.QtSvg"):
        assert needed not in freeze.EXCLUDED_MODULES


# Blocks the QtOpenGL binding as the frozen build lacks it, runs the runtime hook, then
# builds a bar chart the way the odds dock does and tries to use the stand-in.
_WITHOUT_QTOPENGL = """
import importlib.abc, sys
class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name == "PySide6.QtOpenGL":
            raise ImportError("left out of the bundle")
sys.meta_path.insert(0, Absent())
exec(open(sys.argv[1]).read())
import pyqtgraph as pg
from PySide6.QtWidgets import QApplication
app = QApplication([])
plot = pg.PlotWidget()
plot.addItem(pg.BarGraphItem(x=[1, 2, 3], height=[0.2, 0.5, 0.3], width=0.8))
plot.resize(200, 100)
plot.grab()
try:
    sys.modules["PySide6.QtOpenGL"].QOpenGLBuffer
except AttributeError as error:
    print(error)
"""


def test_pyqtgraph_charts_work_with_the_qtopengl_stand_in() -> None:
    """Without the QtOpenGL binding, the runtime hook lets pyqtgraph import and draw bars."""
    hook = ROOT / "packaging" / "rthooks" / "pyi_rth_no_qtopengl.py"
    assert "PySide6.QtOpenGL" in freeze.EXCLUDED_MODULES
    assert hook.name in (ROOT / "packaging" / "battlewheel.spec").read_text(encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", _WITHOUT_QTOPENGL, str(hook)], capture_output=True, text=True,
        check=False, env=dict(os.environ, QT_QPA_PLATFORM="offscreen"), timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    assert "leaves out Qt's OpenGL bindings" in result.stdout


# Prints the demo campaign through QPrinter, as the GUI's print preview does, with the
# plugin list of Qt's debug output on stderr.
_PRINT_WITH_QPRINTER = """
import sys
from PySide6.QtPrintSupport import QPrinter
from PySide6.QtWidgets import QApplication
from battlewheel.printing.dialog import HealthTrackPreview, make_printer, paint_on_printer
from battlewheel.printing.sources import campaign_cards
from battlewheel.storage.campaign import load_campaign
app = QApplication([])
cards = campaign_cards(load_campaign(sys.argv[1]), blank=False)
preview = HealthTrackPreview(None, cards, page="A4")
preview.show()
app.processEvents()
printer = make_printer("A4")
printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
printer.setOutputFileName(sys.argv[2])
print("pages", paint_on_printer(printer, cards))
"""


@linux_only
def test_without_the_systems_libcups_printing_still_makes_pdfs(tmp_path: Path) -> None:
    """An unloadable libcups (as on a system without CUPS) stops Qt's cups plugin only."""
    (tmp_path / "libcups.so.2").write_bytes(b"")  # found first: "file too short"
    output = tmp_path / "sheets.pdf"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_DEBUG_PLUGINS="1",
               LD_LIBRARY_PATH=str(tmp_path))
    result = subprocess.run(
        [sys.executable, "-c", _PRINT_WITH_QPRINTER, str(ROOT / "resources/campaigns/demo.json"),
         str(output)], capture_output=True, text=True, check=False, env=env, timeout=120,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    failed = [line for line in result.stderr.splitlines()
              if "libcupsprintersupport.so" in line and "cannot load" in line]
    assert failed and "libcups.so.2" in failed[0]
    assert "Traceback" not in result.stderr
    label, pages = result.stdout.split()
    assert label == "pages" and int(pages) >= 1
    assert output.read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize(
    ("bundle_path", "kept"),
    [
        ("libcups.so.2", False),
        ("libgnutls.so.30", False),
        ("libstdc++.so.6", False),
        ("libfontconfig.so.1", False),
        ("libglib-2.0.so.0", False),
        ("libdbus-1.so.3", False),
        ("libX11.so.6", False),
        ("libxcb-cursor.so.0", True),
        ("libxcb-icccm.so.4", True),
        ("libxkbcommon-x11.so.0", True),
        ("libzstd.so.1", True),
        ("libffi.so.8", True),
        ("PySide6/Qt/lib/libQt6Core.so.6", True),
    ],
)
def test_libraries_every_linux_desktop_has_are_left_to_the_system(
    bundle_path: str, kept: bool
) -> None:
    """CUPS, C++ runtime, fonts, GLib, D-Bus and X11 core go; the xcb-util family stays."""
    assert freeze.keeps_binary(bundle_path) is kept


def test_each_system_ships_only_its_own_icon_format() -> None:
    """Linux needs neither .icns nor .ico; macOS keeps .icns, Windows .ico; PNGs stay."""
    for system, kept in (("linux", set()), ("darwin", {".icns"}), ("win32", {".ico"})):
        for suffix in (".icns", ".ico"):
            path = f"battlewheel/icons/battlewheel{suffix}"
            assert freeze.keeps_binary(path, system) is (suffix in kept)
        assert freeze.keeps_binary("battlewheel/icons/battlewheel-16.png", system)
    assert not freeze.keeps_binary("pyqtgraph/icons/peegee/peegee_512px.png")
    assert not freeze.keeps_binary("pyqtgraph/colors/maps/CET-L1.csv")
    assert freeze.keeps_binary("pyqtgraph/icons/auto.png")


@linux_only
def test_static_symbols_are_stripped_only_where_strip_keeps_the_file_loadable() -> None:
    """ICU's own link layout allows it; OpenBLAS, grown by patchelf, does not."""
    import numpy
    import PySide6

    openblas = next((Path(numpy.__file__).parent.parent / "numpy.libs").glob("libscipy_openblas*"))
    icu_i18n = Path(PySide6.__file__).parent / "Qt" / "lib" / "libicui18n.so.73"
    assert freeze.has_movable_symbol_table(icu_i18n)
    assert not freeze.has_movable_symbol_table(openblas)


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
